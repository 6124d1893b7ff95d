"""Safe YAML loading that remembers where every value came from.

Mappings and sequences come back as `YMap` / `YList`, plain containers that
also carry the file:line:col of each key and item, so validation errors can
point at the exact spot. Aliases are allowed but their expansion is capped,
which defuses "billion laughs" documents.

PyYAML reads YAML 1.1, where `010` is 8, `0x1F` 31, `1_000` 1000 and `1:20`
80. A designer who writes `id: 010` means the text 010, and a CSV cell keeps
it so; such plain scalars come back as `Numeral`, the text as written, and the
schema reads them as numbers only where a number is expected (schema.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from pnp.load.bignum import beyond
from pnp.load.errors import InvalidInput, Mark, Problem
from pnp.load.yamlhints import COLOUR, block_colour, syntax_problem

MAX_NODES = 200_000  # values in one document, aliases expanded
MAX_DEPTH = 40  # collections nested in one another (a real file needs fewer than 10)
MAX_FILE_BYTES = 10_000_000  # a 10,000-card deck is about 2 MB
MAX_TEXT = 20_000  # characters in one text value (a dense rules page is about 5,000)
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present
STR = "tag:yaml.org,2002:str"
NO_DOCUMENT = object()  # a stream without a document (an empty file)
NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
CORE = "tag:yaml.org,2002:"
# the tags a value may carry: YAML's own types that the safe loader builds and that
# come back as written (None and "!": no tag); any other is refused where it is written
TAGS = {yaml.ScalarEvent: {None, "!", *(CORE + name for name in (
            "str", "int", "float", "bool", "null", "binary", "timestamp"))},
        yaml.SequenceStartEvent: {None, "!", CORE + "seq"},
        yaml.MappingStartEvent: {None, "!", CORE + "map"}}
# numbers as YAML 1.2 and every reader agree on them; other YAML 1.1 number forms
# (leading zeros, 0x, 0b, underscores, 1:20) stay as the text written
PLAIN_NUMBER = re.compile(r"[-+]?(?:0|[1-9][0-9]*)|[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)"
                          r"(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")
# plain scalars YAML 1.1 leaves as text that a reader takes for numbers
STR_NUMBER = re.compile(r"[-+]?0[0-9]+|[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eE][-+]?[0-9]+")


class Numeral(str):
    """A plain scalar that YAML 1.1 reads otherwise than a reader would (`010` is 8
    there, `09` text): kept as written; `yaml_value` is what YAML 1.1 makes of it."""

    yaml_value: int | float


class YMap(dict):
    """A mapping with the marks of its keys and values. A key written as a number
    (`12:`) is also found by its text ('12'), the name the schema reads it as."""

    mark: Mark
    key_marks: dict
    value_marks: dict

    def __missing__(self, key):
        written = self.written(key)
        if written is None:
            raise KeyError(key)
        return self[written]

    def written(self, key):
        """The key as written for a name read from it, if they differ (else None)."""
        if isinstance(key, str):
            for own in self:
                if isinstance(own, (int, float)) and not isinstance(own, bool) and \
                        str(own) == key:
                    return own
        return None

    def mark_of(self, key) -> Mark:
        key = key if key in self.value_marks else self.written(key)
        return self.value_marks.get(key, self.key_marks.get(key, self.mark))

    def key_mark(self, key) -> Mark:
        key = key if key in self.key_marks else self.written(key)
        return self.key_marks.get(key, self.mark)


class YList(list):
    mark: Mark
    marks: list


def new_key(mapping: dict, key, mark):
    """A mapping's next key, refused where it is written if it is a list or mapping or
    the mapping has it already (both builders share this)."""
    if isinstance(key, (YMap, YList)):
        raise InvalidInput([mark.problem("a mapping key must be a plain value")])
    if key in mapping:
        raise InvalidInput([mark.problem(f"duplicate key '{key}'")])
    return key


def _mark(file: str, node: yaml.Node) -> Mark:
    return Mark(file, node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    def __init__(self, file: str, loader, text: str = ""):
        self.file = file
        self.loader = loader
        self.text = text
        self.lines: list | None = None  # the text's lines, split when first needed
        self.count = 0
        self.active: set[int] = set()

    def empty(self, key, value, node) -> None:
        """`fill: #e9c46a` reads as an empty value and a comment: refused at the '#',
        with the quotes that make it a colour (an empty value is rare, and cheap to
        look at)."""
        if value is not None or node.style or getattr(node, "value", None) != "":
            return
        if self.lines is None:
            self.lines = self.text.splitlines()
        line = node.start_mark.line
        if line >= len(self.lines):
            return
        for found in COLOUR.finditer(self.lines[line]):
            if found.group(1) == str(key) and not self.lines[line][found.end():].strip():
                raise InvalidInput([Problem(self.file, line + 1, found.start(2) + 1,
                                            block_colour(found.group(1), found.group(2)))])

    def build(self, node: yaml.Node, depth: int = 0):
        self.count += 1
        if self.count > MAX_NODES:
            raise InvalidInput(
                [_mark(self.file, node).problem(
                    f"document expands to more than {MAX_NODES} values "
                    "(alias expansion refused)")]
            )
        if isinstance(node, yaml.ScalarNode):
            if len(node.value) > MAX_TEXT:
                raise InvalidInput([_mark(self.file, node).problem(
                    f"a value of {len(node.value)} characters; the limit is {MAX_TEXT}")])
            if node.tag == STR:  # most values: skip the constructor's bookkeeping
                if node.style or not STR_NUMBER.fullmatch(node.value):
                    return node.value
                value = node.value  # `09`, `1e5`: text to YAML 1.1, numbers to a reader
            else:
                value = self.construct(node)
            if node.tag in (STR, *NUMBER_TAGS) and not node.style and \
                    not PLAIN_NUMBER.fullmatch(node.value):
                numeral = Numeral(node.value)
                numeral.yaml_value = value
                return numeral
            return value
        if id(node) in self.active:
            raise InvalidInput([_mark(self.file, node).problem("recursive alias refused")])
        if depth >= 2 * MAX_DEPTH:  # reached only through aliases: each file is scanned first
            raise InvalidInput([_mark(self.file, node).problem(
                f"values nested more than {2 * MAX_DEPTH} deep (through aliases)")])
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                out = YList(self.build(item, depth + 1) for item in node.value)
                out.mark = _mark(self.file, node)
                out.marks = [_mark(self.file, item) for item in node.value]
                return out
            self.loader.flatten_mapping(node)
            out = YMap()
            out.mark = _mark(self.file, node)
            out.key_marks, out.value_marks = {}, {}
            for key_node, value_node in node.value:
                key = new_key(out, self.build(key_node, depth + 1),
                              _mark(self.file, key_node))
                out[key] = self.build(value_node, depth + 1)
                self.empty(key, out[key], value_node)
                out.key_marks[key] = _mark(self.file, key_node)
                out.value_marks[key] = _mark(self.file, value_node)
            return out
        finally:
            self.active.discard(id(node))


    def construct(self, node: yaml.ScalarNode):
        """A scalar of one of YAML's types; a value the type cannot hold (5,000 digits,
        the 31st of February) is refused where it is written."""
        try:
            return self.loader.construct_object(node, deep=True)
        except (ValueError, OverflowError) as exc:
            text = node.value if len(node.value) <= 40 else f"{node.value[:40]}..."
            if node.tag == NUMBER_TAGS[0]:
                count = sum(ch.isdigit() for ch in node.value.lstrip("+-0"))
                reason = beyond(f"a number of {count} digits")
            elif node.tag == CORE + "timestamp":
                reason = f"'{text}' is not a date ({exc}); quote it if it is text"
            else:
                reason = f"'{text}' cannot be read: {exc}"
            raise InvalidInput([_mark(self.file, node).problem(reason)]) from None


class _EventBuilder(_Builder):
    """Values built straight from the parser's events, for a document in which no alias
    reads a value again and no merge key copies one: no node tree is held (a 10,000-card
    file's is 40 MB beside its 30 MB of values). Scalars are made nodes one at a time
    and built as _Builder builds them, so values and marks come out the same."""

    def document(self):
        """The document's value; NO_DOCUMENT for an empty stream."""
        loader = self.loader
        loader.get_event()  # stream start
        if loader.check_event(yaml.StreamEndEvent):
            return NO_DOCUMENT
        start = loader.get_event()  # document start
        value = self.value(loader.get_event(), 0)
        loader.get_event()  # document end
        if not loader.check_event(yaml.StreamEndEvent):
            raise yaml.composer.ComposerError(
                "expected a single document in the stream", start.start_mark,
                "but found another document", loader.get_event().start_mark)
        return value

    def value(self, event, depth: int):
        if isinstance(event, yaml.ScalarEvent):
            tag = event.tag
            if tag is None or tag == "!":
                tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            return self.build(yaml.ScalarNode(tag, event.value, event.start_mark,
                                              event.end_mark, style=event.style), depth)
        self.count += 1
        mark = _mark(self.file, event)
        if self.count > MAX_NODES:
            raise InvalidInput([mark.problem(f"document expands to more than {MAX_NODES} "
                                             "values (alias expansion refused)")])
        loader = self.loader
        if isinstance(event, yaml.SequenceStartEvent):
            out = YList()
            out.mark, out.marks = mark, []
            while not loader.check_event(yaml.SequenceEndEvent):
                item = loader.get_event()
                out.marks.append(_mark(self.file, item))
                out.append(self.value(item, depth + 1))
            loader.get_event()
            return out
        out = YMap()
        out.mark, out.key_marks, out.value_marks = mark, {}, {}
        while not loader.check_event(yaml.MappingEndEvent):
            key_event = loader.get_event()
            key = new_key(out, self.value(key_event, depth + 1), _mark(self.file, key_event))
            value_event = loader.get_event()
            out[key] = self.value(value_event, depth + 1)
            self.empty(key, out[key], value_event)
            out.key_marks[key] = _mark(self.file, key_event)
            out.value_marks[key] = _mark(self.file, value_event)
        loader.get_event()
        return out


def _scan(text: str, file: str) -> tuple[Problem | None, bool]:
    """Scan the events (libyaml's parser keeps its own stack) before composing a
    tree, which recurses per level and would overflow on deep input: (the first value
    nested too deep or with a tag refused, whether the values need a node tree: an
    alias or a merge key)."""
    loader = _Loader(text)
    depth, aliased = 0, False
    try:
        while _next_event(loader, file):
            event = loader.get_event()
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark
                    return Problem(file, mark.line + 1, mark.column + 1,
                                   f"values nested more than {MAX_DEPTH} deep"), aliased
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent) or (
                    isinstance(event, yaml.ScalarEvent) and event.value in ("<<", "=")):
                aliased = True
            if getattr(event, "tag", None) not in TAGS.get(type(event), (None,)):
                return _refused_tag(event, file), aliased
    finally:
        loader.dispose()
    return None, aliased


def _refused_tag(event, file: str) -> Problem:
    """A tag that is not one of YAML's own types (`!!python/object/apply:...`, `!mine`,
    `!!set`): refused where it is written, on any value, never read past."""
    tag = event.tag
    shown = "!!" + tag[len(CORE):] if tag.startswith(CORE) else tag
    mark = event.start_mark
    return Problem(file, mark.line + 1, mark.column + 1,
                   f"the YAML tag '{shown}' is not allowed: a game folder holds plain values "
                   "(text, numbers, true/false, dates, lists and mappings; object tags are "
                   "refused)")


def _next_event(loader, file: str) -> bool:
    """loader.check_event(), with a parser's own nesting limit (libyaml's scanner
    reads a run of '[' ahead, so it may refuse before we count) said as ours."""
    try:
        return loader.check_event()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        if mark is None or "nest" not in str(exc.problem):
            raise
        raise InvalidInput([Problem(file, mark.line + 1, mark.column + 1,
                                    f"values nested more than {MAX_DEPTH} deep")]) from None


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character index."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def load_yaml(path: Path, display: str | None = None):
    """Load one YAML file; raise InvalidInput with file:line:col on any error."""
    file = display or str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise InvalidInput([Problem(file, 1, 1, f"file larger than {MAX_FILE_BYTES} bytes")])
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InvalidInput([Problem(file, 1, 1, "file not found")]) from None
    except (OSError, ValueError) as exc:  # a folder, a loop of links, no permission
        reason = getattr(exc, "strerror", None) or str(exc)
        raise InvalidInput([Problem(file, 1, 1, f"cannot read the file: {reason}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _position(raw.decode("utf-8", "replace"), exc.start)
        raise InvalidInput([Problem(file, line, col, f"not UTF-8 text ({exc.reason})")]) from None
    return load_text(text, file)


def load_text(text: str, file: str):
    """The value of a YAML document's text (a file's, or a spreadsheet cell's), checked
    as load_yaml checks a file; InvalidInput at file:line:col on any error."""
    try:
        refused, aliased = _scan(text, file)
        if refused:
            raise InvalidInput([refused])
        loader = _Loader(text)
    except yaml.YAMLError as exc:
        raise InvalidInput([_yaml_problem(exc, file, text)]) from None
    try:
        if aliased:
            node = loader.get_single_node()
            value = NO_DOCUMENT if node is None else _Builder(file, loader, text).build(node)
        else:
            value = _EventBuilder(file, loader, text).document()
        if value is NO_DOCUMENT:
            empty = YMap()
            empty.mark, empty.key_marks, empty.value_marks = Mark(file, 1, 1), {}, {}
            return empty
        return value
    except yaml.YAMLError as exc:
        raise InvalidInput([_yaml_problem(exc, file, text)]) from None
    finally:
        loader.dispose()


def _yaml_problem(exc: yaml.YAMLError, file: str, text: str) -> Problem:
    if isinstance(exc, yaml.MarkedYAMLError):
        said = syntax_problem(exc, file, text)  # the common mistakes, in a designer's words
        if said is not None:
            return Problem(file, said.line, said.col, f"YAML syntax error: {said.message}")
        mark = exc.problem_mark or exc.context_mark
        where = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return Problem(file, *where, f"YAML syntax error: {exc.problem or exc.context}")
    if isinstance(exc, yaml.reader.ReaderError):
        char = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
        return Problem(file, *_position(text, exc.position),
                       f"character {char} is not allowed in YAML ({exc.reason})")
    return Problem(file, 1, 1, f"YAML error: {exc}")

