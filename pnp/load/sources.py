"""Where a component's items and an icon's art may come from besides YAML: a
spreadsheet (CSV, XLSX), a layout named by each item's fields, an SVG file.
Part of game.Loader; the readers are imported only for a game that uses them."""

from __future__ import annotations

import csv
import difflib
from pathlib import Path

from pnp.load.errors import InvalidInput, Mark, rel, unknown_ref
from pnp.load.specs import RESERVED


class ItemSources:
    """Loader methods (need self.problems, self.inside)."""

    def svg_icon(self, text: str, mark: Mark):
        """An SVG icon shape's drawing (svglib: imported only for a game that has one)."""
        path = self.inside(text, mark, "icon SVG")
        if path is None:
            return None
        import logging

        from svglib.svglib import svg2rlg

        logging.getLogger("svglib").setLevel(logging.ERROR)
        try:
            drawing = svg2rlg(str(path))
        except Exception as exc:  # noqa: BLE001 - a damaged file fails in many ways
            drawing, reason = None, f"{type(exc).__name__}: {str(exc)[:120]}"
        else:
            reason = "no size"
        if drawing is None or not drawing.width or not drawing.height:
            self.problems.add(mark, f"icon SVG '{text}' is not an SVG that can be read "
                                    f"({reason})")
            return None
        return drawing

    def layouts_by_field(self, spec, raw, items, game) -> None:
        """`front: "location-{kind}"`: each item's own layout, named by its fields."""
        from pnp.load.template import TemplateError, substitute

        for key in ("front", "back"):
            template = spec[key]
            if not template or "{" not in template:
                continue
            for item in items:
                if getattr(item, key):
                    continue  # the item names its own
                try:
                    name = substitute(template, {**game.vars, **spec["vars"], **item.fields})
                except TemplateError as exc:
                    self.problems.add(raw.mark_of(key), f"{exc} (item '{item.id}')")
                    continue
                if str(name) in game.layouts:
                    setattr(item, key, str(name))
                else:
                    self.problems.add(item.mark, unknown_ref("layout", name, game.layouts)
                                      + f" ({key}: '{template}' for item '{item.id}')")

    def spreadsheet(self, path: Path, spec, raw):
        """A CSV or XLSX data file's rows as items (pnp/load/tables.py)."""
        from pnp.load.tables import read_csv, read_xlsx

        if path.suffix.lower() == ".xlsx" and not self.has_sheet(path, spec, raw):
            return [], raw.mark
        try:
            if path.suffix.lower() == ".csv":
                entries = read_csv(path, rel(path), spec["fields"] or {})
            else:
                entries = read_xlsx(path, rel(path), spec["fields"] or {}, spec["sheet"])
        except InvalidInput as exc:
            self.problems.items.extend(exc.problems)
            return [], raw.mark
        except OSError as exc:
            self.problems.add(raw.mark_of("data"), f"data file cannot be read: "
                              f"{exc.strerror or exc}")
            return [], raw.mark
        return self.columns(entries, spec, path), entries.mark

    def has_sheet(self, path: Path, spec, raw) -> bool:
        """A `sheet:` the workbook lacks is a mistake in game.yaml: reported there."""
        name = spec["sheet"]
        if name is None:
            return True
        try:
            from openpyxl import load_workbook

            book = load_workbook(path, read_only=True)
            sheets = list(book.sheetnames)
            book.close()
        except Exception:  # noqa: BLE001 - a damaged file: read_xlsx says what is wrong
            return True
        if name in sheets:
            return True
        close = difflib.get_close_matches(name, sheets, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        self.problems.add(raw.mark_of("sheet"), f"no sheet '{name}' (sheets: "
                          f"{', '.join(sheets)}) in '{path.name}'{hint}")
        return False

    def columns(self, entries, spec, path: Path):
        """A required field without a column, and a column that is no field (`cots` for
        `cost`), are each one problem at the header row, with the rows they touch, not
        one a row: the field is then optional, and the column left out, for the rest of
        this component's check (the load fails on this problem anyway). Without an
        `id` column the rows are dropped."""
        if not entries:
            return entries
        present = {key for entry in entries for key in entry}
        fields = dict(spec["fields"] or {})
        required = ["id"] + [name for name, f in fields.items()
                             if isinstance(f, str) or f.get("required", True)]
        missing = [name for name in required if name not in present]
        known = {*RESERVED[spec["kind"]], *fields}
        unknown = [name for name in dict.fromkeys(k for e in entries for k in e)
                   if name not in known]
        if not missing and not unknown:
            return entries
        row = entries.mark.line
        sheet = entries[0].mark.cell.rpartition("!")[0] if entries[0].mark.cell else ""
        head = Mark(rel(path), row, 1, f"{sheet}!A{row}" if sheet else str(row))
        rows = f"{len(entries)} row{'' if len(entries) == 1 else 's'}"
        names = header(path, sheet)
        meant = self.unknown_columns(entries, unknown, known, missing, spec, head)
        for name in missing:
            wrong = f"column '{name}' is empty" if name in names else \
                f"no column '{name}' in the header row"
            if name not in meant:  # else said with the column that was meant for it
                self.problems.add(head, f"{wrong}: a required field, so all {rows} lack it")
            if name != "id":  # reported once here: optional for the rest of the check
                declared = fields[name]
                fields[name] = {**({"type": declared} if isinstance(declared, str)
                                   else declared), "required": False}
        spec["fields"] = fields
        return [] if "id" in missing else entries


    def unknown_columns(self, entries, unknown: list, known: set, missing: list, spec,
                        head: Mark) -> set:
        """Each column that is no field said once, at its header cell, with the rows
        that fill it and the field it probably means; the cells are then dropped. The
        required fields that a misspelt column was meant for (they are said with it)."""
        meant = set()
        for name in unknown:
            filled = [entry for entry in entries if name in entry]
            close = difflib.get_close_matches(str(name), sorted(map(str, known)), n=1)
            where = filled[0].key_mark(name)
            sheet, _, ref = where.cell.rpartition("!")
            cell = f"{sheet}!{ref.rstrip('0123456789')}{head.line}" if sheet else \
                f"{head.line}: column '{name}'"
            mark = Mark(head.file, head.line, where.col, cell)
            count = f"{len(filled)} row{'' if len(filled) == 1 else 's'}"
            named = f"column '{name}' is " if sheet else ""  # a CSV's place names it
            said = f"{named}not a field of '{spec['id']}' ({count} fill it)"
            if close and close[0] in missing:
                meant.add(close[0])
                said += (f"; did you mean '{close[0]}'? (a required field, so all "
                         f"{len(entries)} rows lack it)")
            elif close:
                said += f"; did you mean '{close[0]}'?"
            else:
                said += f" (fields: {', '.join(sorted(map(str, known)))})"
            self.problems.add(mark, said)
            for entry in filled:
                del entry[name]
        return meant


def header(path: Path, sheet: str) -> list:
    """The names in a spreadsheet's header row ([] when it cannot be read again)."""
    try:
        if path.suffix.lower() == ".csv":
            first = path.read_bytes().decode("utf-8-sig").split("\n", 1)[0]
            delimiter = ";" if first.count(";") > first.count(",") else ","
            return [name.strip() for name in next(csv.reader([first], delimiter=delimiter))]
        from openpyxl import load_workbook

        book = load_workbook(path, read_only=True, data_only=True)
        try:
            row = next(book[sheet].iter_rows(max_row=1, values_only=True), ())
        finally:
            book.close()
        return [str(name).strip() for name in row if name is not None]
    except Exception:  # noqa: BLE001 - read once already: this only picks the wording
        return []
