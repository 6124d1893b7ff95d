"""Where a component's items and an icon's art may come from besides YAML: a
spreadsheet (CSV, XLSX), a layout named by each item's fields, an SVG file.
Part of game.Loader; the readers are imported only for a game that uses them."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import InvalidInput, Mark
from pnp.layouts import unknown_ref


def rel(path):
    from pnp.game import rel as game_rel

    return game_rel(path)


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
        from pnp.template import TemplateError, substitute

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
        """A CSV or XLSX data file's rows as items (pnp/tables.py)."""
        from pnp.tables import read_csv, read_xlsx

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
        return entries, entries.mark
