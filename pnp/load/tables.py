"""Items from spreadsheets: CSV (and XLSX through openpyxl, imported only when a
game uses one). The first row names the fields; each later row is an item.

Cells are text: each is typed by the component's `fields` as YAML would have
typed the same value (int, number, bool; a list written `a; b; c`; a map or
`any` value in YAML flow syntax), then checked by the same schema as YAML
data. A value that does not convert stays text, so the schema's message says
what was expected. Every value is located where spreadsheet users look: a CSV
row and column ("cards.csv:14: column 'power'"), an XLSX cell
("cards.xlsx:Sheet1!C14").
"""

from __future__ import annotations

import csv
import io
import math
import re

import yaml

from pnp.load.bignum import TooLong, whole
from pnp.load.errors import InvalidInput, Mark
from pnp.load.yamlload import MAX_TEXT, Numeral, YList, YMap

MAX_ROWS = 20_000  # the most pieces a component may have (specs.MAX_PIECES)
WHOLE = re.compile(r"[+-]?\d+")
RESERVED_TYPES = {"copies": "int", "size": "any", "faces": "any", "per_player": "bool"}


def typed(text: str, kind: str):
    """A cell's text as the value YAML would give it for a field of `kind`."""
    text = text.strip()
    if kind in ("int", "number") and WHOLE.fullmatch(text):
        return whole(text)  # TooLong beyond 4,000 digits: said at the cell
    if kind == "number":
        try:
            value = float(text.replace(",", "."))
        except ValueError:
            return text
        return value if math.isfinite(value) else text
    if kind == "bool" and text.lower() in ("true", "false", "yes", "no"):
        return text.lower() in ("true", "yes")
    if kind == "list":
        if text.startswith("["):  # a list of more than plain words: YAML flow style
            value = flow(text)
            return value if isinstance(value, list) else text
        return [part.strip() for part in text.split(";") if part.strip()]
    if kind in ("map", "any"):
        return flow(text)
    return text


def flow(text: str):
    """A cell written as YAML (`[a, b]`, `{x: 1}`), read as a YAML file is read (its
    tags, numbers and limits), or its text where it cannot be."""
    from pnp.load.yamlload import load_text

    if not text:
        return None
    try:
        return plain(load_text(text, "cell"))
    except InvalidInput:
        return text


def native(value, kind: str):
    """A spreadsheet program's own cell value (number, bool, date) for a field."""
    if isinstance(value, float) and value.is_integer() and kind in ("int", "text", "list"):
        value = int(value)
    if kind in ("text", "list") and not isinstance(value, bool):
        text = value.isoformat() if hasattr(value, "isoformat") else str(value)
        return typed(text, kind)
    return value


def field_kinds(fields: dict) -> tuple[dict, set]:
    """(field name -> its declared type, reserved keys included; the required fields)."""
    kinds, required = dict(RESERVED_TYPES), set()
    for name, spec in fields.items():
        kinds[name] = spec if isinstance(spec, str) else spec.get("type", "text")
        if isinstance(spec, str) or spec.get("required", True):
            required.add(name)
    return kinds, required


EMPTY = {"text": "", "list": []}  # what an empty cell of a required field holds


def items_from_rows(rows, rel: str, fields: dict, where) -> YList:
    """rows: [(row number, [cells])], the header first; `where(row, col, name)` is
    how a cell is named in a message."""
    kinds, required = field_kinds(fields)
    rows = iter(rows)
    try:
        head_row, header = next(rows)
    except StopIteration:
        raise InvalidInput([Mark(rel, 1, 1).problem("the spreadsheet is empty: the first "
                                                    "row names the fields")]) from None
    names = [str(h).strip() if h is not None else "" for h in header]
    problems = [Mark(rel, head_row, col, where(head_row, col, "")).problem(
        "a column without a name in the header row") for col, name in enumerate(names, 1)
        if not name and col < len(names)]
    items = YList()
    items.mark, items.marks = Mark(rel, head_row, 1), []
    for number, cells in rows:
        if all(c is None or str(c).strip() == "" for c in cells):
            continue  # blank rows between groups of cards
        if len(items) >= MAX_ROWS:
            problems.append(Mark(rel, number, 1).problem(
                f"more than {MAX_ROWS} rows: the limit of pieces in a component"))
            break
        item = YMap()
        item.mark = Mark(rel, number, 1, f"{where(number, 0, '')}")
        item.key_marks, item.value_marks = {}, {}
        for col, (name, cell) in enumerate(zip(names, cells, strict=False), start=1):
            text = "" if cell is None else str(cell)
            if not name:
                continue
            if text.strip() == "":
                if name in required and kinds.get(name) in EMPTY:
                    item[name] = type(EMPTY[kinds[name]])()
                    item.key_marks[name] = item.value_marks[name] = Mark(
                        rel, number, col, where(number, col, name))
                continue
            if len(text) > MAX_TEXT:
                problems.append(Mark(rel, number, col, where(number, col, name)).problem(
                    f"a value of {len(text)} characters; the limit is {MAX_TEXT}"))
                continue
            mark = Mark(rel, number, col, where(number, col, name))
            kind = kinds.get(name, "text")
            try:
                item[name] = typed(cell, kind) if isinstance(cell, str) else native(cell, kind)
            except TooLong as exc:
                problems.append(mark.problem(str(exc)))
                continue
            item.key_marks[name] = item.value_marks[name] = mark
        items.append(item)
        items.marks.append(item.mark)
    if problems:
        raise InvalidInput(problems)
    return items


def read_csv(path, rel: str, fields: dict) -> YList:
    """A CSV file's items (UTF-8 with or without a BOM; comma or semicolon)."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidInput([Mark(rel, 1, 1).problem(
            f"not UTF-8 text (byte {exc.start + 1}): save the sheet as 'CSV UTF-8'")]) from None
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows, line = [], 0
    try:
        for row in reader:
            rows.append((line + 1, row))  # the line the row starts on
            line = reader.line_num
    except csv.Error as exc:
        raise InvalidInput([Mark(rel, reader.line_num, 1).problem(str(exc))]) from None
    return items_from_rows(rows, rel, fields,
                           lambda row, col, name: f"{row}" + (f": column '{name}'" if name
                                                              else ""))


def cell(value) -> str:
    """A value as `typed` reads it back: lists as `a; b; c`, maps in YAML flow style."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list) and all(isinstance(v, str) and ";" not in v and v.strip() == v
                                       and v for v in value) and not (
            value and value[0].startswith("[")):
        return "; ".join(value)
    if isinstance(value, (dict, list, tuple)):
        return yaml.safe_dump(plain(value), default_flow_style=True, allow_unicode=True,
                              width=10**9, sort_keys=False).strip()
    return "" if value is None else str(value)


def plain(value):
    """Loaded YAML (YMap, YList, tuples) as the plain types yaml.safe_dump writes."""
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, Numeral):  # `010` as written, a str to yaml.safe_dump
        return str(value)
    return value


def write_csv(comp) -> str:
    """A component's items as CSV (comma, UTF-8): id, the declared fields, then the
    reserved keys any item sets. Reading it back as `data:` gives the same items."""
    extra = [key for key in ITEM_KEYS[comp.kind]
             if any(item_value(item, key) not in (None, [], 1) for item in comp.items)]
    columns = ["id", *comp.fields, *extra]
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for item in comp.items:
        writer.writerow([cell(item.id if c == "id" else item.fields.get(c) if c in comp.fields
                              else item_value(item, c)) for c in columns])
    return out.getvalue()


ITEM_KEYS = {"deck": ("copies", "front", "back", "per_player"),
             "sheet": ("copies", "front", "size", "per_player"),
             "tokens": ("copies", "front", "back", "shape", "size", "per_player"),
             "dice": ("copies", "size", "faces", "face", "per_player")}  # reserved keys


def item_value(item, key: str):
    value = item.front if key == "face" else getattr(item, key)
    return list(value) if isinstance(value, tuple) else value


def read_xlsx(path, rel: str, fields: dict, sheet: str | None) -> YList:
    """An Excel workbook's items, from `sheet` (default: the first worksheet)."""
    try:
        from openpyxl import load_workbook
        from openpyxl.utils import get_column_letter
    except ImportError:  # pragma: no cover - a dependency of the package
        raise InvalidInput([Mark(rel, 1, 1).problem(
            "reading .xlsx needs openpyxl: pip install openpyxl")]) from None
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - a damaged file fails in many ways
        raise InvalidInput([Mark(rel, 1, 1).problem(
            f"not an Excel workbook that can be read ({type(exc).__name__}: "
            f"{str(exc)[:120]})")]) from None
    try:
        if sheet is not None and sheet not in book.sheetnames:
            raise InvalidInput([Mark(rel, 1, 1).problem(
                f"no sheet '{sheet}' (sheets: {', '.join(book.sheetnames)})")])
        table = book[sheet] if sheet is not None else book.worksheets[0]
        rows = [(number, list(row)) for number, row in
                enumerate(table.iter_rows(values_only=True), start=1)]
        title = table.title
    finally:
        book.close()
    return items_from_rows(rows, rel, fields,
                           lambda row, col, name: f"{title}!{get_column_letter(max(col, 1))}"
                                                  f"{row}")
