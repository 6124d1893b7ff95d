"""YAML syntax errors in a designer's words: at the line where the mistake is, with
what to do. The parser says where it gave up ("did not find expected node content",
"expected '-' indicator"), often a line after the mistake and in its own terms; the
common mistakes are recognised from the text round that place: a colour left unquoted
(`fill: #e9c46a`, whose '#' starts a comment), a line indented off its neighbours, a
second ': ' in a value, a quote or bracket never closed, a tab."""

from __future__ import annotations

import re

import yaml

from pnp.load.errors import Problem

# `key: #e9c46a`: a colour whose '#' starts a comment (3, 4, 6 or 8 hex digits)
HEX = r"(#(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3,4}))(?![0-9A-Za-z])"
COLOUR = re.compile(r"([\w-]+)[ \t]*:[ \t]+" + HEX)
LISTED = re.compile(r"()[\[,][ \t]*" + HEX)  # `[red, #e9c46a]`: an item, no key
BEFORE = 3  # lines above the parser's place where the mistake may be


def syntax_problem(exc: yaml.MarkedYAMLError, file: str, text: str) -> Problem | None:
    """The designer's version of a parser's error, or None to say it as the parser
    does (at its place)."""
    mark = exc.problem_mark or exc.context_mark
    if mark is None:
        return None
    lines = text.splitlines()
    line = mark.line  # 0-based
    colour = flow_colour(lines, line)
    if colour:
        return colour_problem(file, *colour)
    problem = exc.problem or ""
    context = exc.context or ""
    start = exc.context_mark
    if "tab" in problem or ("cannot start any token" in problem and line < len(lines)
                            and "\t" in lines[line][:mark.column + 1]):
        return Problem(file, line + 1, mark.column + 1, "a tab in the indentation: YAML "
                       "indents with spaces only; replace the tab with spaces")
    if "quoted scalar" in context and start is not None:
        quote = lines[start.line][start.column] if start.column < len(lines[start.line]) else '"'
        return Problem(file, start.line + 1, start.column + 1,
                       f"the text that starts with {quote} here is never closed: end it with "
                       f"{quote} on the same line (a {quote} inside it: use the other quote "
                       "mark round the text)")
    if context.startswith("while parsing a flow") and start is not None:
        for number in range(start.line, min(line + 1, len(lines))):
            open_at = unclosed_quote(lines[number])
            if open_at is not None:  # the quote ran on and took the closing bracket
                quote = lines[number][open_at]
                return Problem(file, number + 1, open_at + 1,
                               f"the text that starts with {quote} here is never closed: end "
                               f"it with {quote} on the same line")
        rest = lines[start.line][start.column:]
        opened = next((ch for ch in rest if ch in "[{"), "[")
        start_col = start.column + rest.find(opened) if opened in rest else start.column
        closing = "]" if opened == "[" else "}"
        return Problem(file, start.line + 1, start_col + 1,
                       f"the '{opened}' here is not closed: end it with '{closing}' on this "
                       f"line (a value with ',' or ': ' in it goes in quotes)")
    if line >= len(lines):
        return None
    if "mapping values are not allowed" in problem:
        return second_colon(file, lines, line, mark.column)
    if "expected '-' indicator" in problem and start is not None:
        return off_list(file, lines, line, start)
    if "expected key" in problem and start is not None:
        return off_mapping(file, lines, line, start)
    return None


def unclosed_quote(text: str) -> int | None:
    """The column of a quote on this line that is not closed on it (None: all are)."""
    opened, at = None, None
    for col, ch in enumerate(text):
        if opened is None and ch == "#" and (col == 0 or text[col - 1] in " \t"):
            break  # a comment
        if ch in "\"'" and (opened is None or ch == opened):
            if opened is None:
                opened, at = ch, col
            elif ch == "'" and text[col + 1:col + 2] == "'":
                continue  # '' inside single quotes
            elif ch == '"' and text[col - 1] == "\\":
                continue
            else:
                opened = None
    return at if opened else None


def flow_colour(lines: list, line: int):
    """(line, column, key, colour) of an unquoted colour inside `{...}` or `[...]` on
    the parser's line or just above it: there its comment swallows the closing bracket."""
    for number in range(min(line, len(lines) - 1), max(-1, line - BEFORE - 1), -1):
        for found in [*COLOUR.finditer(lines[number]), *LISTED.finditer(lines[number])]:
            head = lines[number][:found.start(2)]
            if head.count("{") + head.count("[") > head.count("}") + head.count("]"):
                return number, found.start(2), found.group(1), found.group(2)
    return None


def colour_problem(file: str, line: int, col: int, key: str, colour: str) -> Problem:
    return Problem(file, line + 1, col + 1, block_colour(key, colour))


def block_colour(key: str, colour: str) -> str:
    """The message for `key: #abcdef`, in a flow or a block mapping (`[#abc]`: no key)."""
    if not key:
        return (f"'{colour}' is read as a comment, since '#' starts one in YAML: put the "
                f"colour in quotes: \"{colour}\"")
    return (f"'{colour}' is read as a comment, since '#' starts one in YAML, so '{key}' "
            f"has no value: put the colour in quotes: {key}: \"{colour}\"")


def indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def above(lines: list, line: int) -> int | None:
    """The nearest line above `line` that holds something (not blank, not a comment)."""
    for number in range(line - 1, -1, -1):
        if lines[number].strip() and not lines[number].lstrip().startswith("#"):
            return number
    return None


def second_colon(file: str, lines: list, line: int, col: int) -> Problem:
    """`mapping values are not allowed here`: a value holding ': ', or a line indented
    past the key above it (YAML reads it as more of that key's value)."""
    text = lines[line]
    first = text.find(": ")
    if 0 <= first < col and text[:first].strip():
        key = text[:first].strip().lstrip("- ").strip()
        value = text[first + 2:].strip()
        return Problem(file, line + 1, col + 1,
                       f"a second ': ' in the value of '{key}': if it is text, put it in "
                       f"quotes: {key}: \"{value}\"")
    prev = above(lines, line)
    if prev is not None and indent(text) > indent(lines[prev]):
        key = lines[prev].strip().lstrip("- ").split(":", 1)[0]
        key_col = len(lines[prev]) - len(lines[prev].lstrip(" -"))
        return Problem(file, line + 1, indent(text) + 1,
                       f"this line is indented more than '{key}' on line {prev + 1} (column "
                       f"{indent(text) + 1}, not {key_col + 1}), so YAML reads it as more of "
                       f"the value of '{key}': line it up with '{key}'")
    return Problem(file, line + 1, col + 1, "a ':' YAML cannot place here: if the value "
                   "holds ': ', put it in quotes")


def off_list(file: str, lines: list, line: int, start) -> Problem:
    """`expected '-' indicator`: a line inside a list that is neither a new item nor
    lined up with the keys of the item above."""
    text = lines[line]
    here = indent(text)
    dash = start.column
    item = next((n for n in range(line - 1, start.line - 1, -1)
                 if lines[n][dash:dash + 2] == "- " and indent(lines[n]) == dash), None)
    keys = dash + 2 if item is None else \
        len(lines[item]) - len(lines[item][dash + 1:].lstrip(" "))
    what = text.strip().split(":", 1)[0] if ":" in text else text.strip()
    if text.strip().startswith("- "):
        return Problem(file, line + 1, here + 1,
                       f"this item '- ' is at column {here + 1}; the items of the list at "
                       f"line {start.line + 1} start at column {dash + 1}: line it up with "
                       f"them")
    return Problem(file, line + 1, here + 1,
                   f"'{what}' is indented to column {here + 1}, off the list that starts at "
                   f"line {start.line + 1}: line it up with the keys of the item above "
                   f"(column {keys + 1}), or start a new item with '- ' at column {dash + 1}")


def off_mapping(file: str, lines: list, line: int, start) -> Problem:
    """`did not find expected key`: a line indented differently from the keys of the
    mapping it stands in."""
    text = lines[line]
    here = indent(text)
    keys = start.column
    what = text.strip().split(":", 1)[0] if ":" in text else text.strip()
    if text.strip().startswith("- "):
        return Problem(file, line + 1, here + 1,
                       f"a list item '- ' among the keys of the mapping at line "
                       f"{start.line + 1} (column {keys + 1}): indent it under the key whose "
                       f"list it is, or write it as 'key: value'")
    prev = above(lines, line)
    if prev is not None and keys < here < indent(lines[prev]):
        return Problem(file, line + 1, here + 1,
                       f"'{what}' is indented to column {here + 1}, between the keys at column "
                       f"{keys + 1} (line {start.line + 1}) and those at column "
                       f"{indent(lines[prev]) + 1} (line {prev + 1}): line it up with the "
                       f"ones it belongs with")
    side = "less" if here < keys else "more"
    return Problem(file, line + 1, here + 1,
                   f"'{what}' is indented {side} than the keys beside it (column {here + 1}, "
                   f"not {keys + 1}, as on line {start.line + 1}): line it up with them, or "
                   f"move it under the key it belongs to")
