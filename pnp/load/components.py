"""A game's components and their items: read from game.yaml, inline items or data
files (one or several, in order), each item checked against its component's fields.
Part of game.Loader."""

from __future__ import annotations

from collections import Counter

from pnp.load.errors import Mark, file_mark, rel, unknown_ref
from pnp.load.fields import check_field_options, check_rules, field_spec
from pnp.load.model import Component, Game, Item
from pnp.load.schema import Record
from pnp.load.sources import ItemSources
from pnp.load.specs import CARD_SIZES, COMPONENT, PAGE, RESERVED
from pnp.load.yamlload import YMap


class Entries(list):
    """Raw items gathered from several data files, each keeping its own place."""

    def __init__(self):
        super().__init__()
        self.marks: list[Mark] = []

    def extend(self, found, mark: Mark) -> None:
        marks = getattr(found, "marks", None)
        for i, entry in enumerate(found):
            self.append(entry)
            self.marks.append(marks[i] if marks else mark)


class ComponentLoader(ItemSources):
    """Loader methods for components (need self.problems, self.checked, self.inside,
    self.yaml)."""

    # -- components and their items -----------------------------------------
    def load_components(self, raws, game: Game):
        for i, raw in enumerate(raws):
            misplaced_keys(raw, self.problems)
            spec = self.checked(COMPONENT, raw, raws.marks[i])
            if spec is not None:
                yield self.load_component(spec, raw, game)

    def load_component(self, spec, raw, game: Game) -> Component | None:
        kind = spec["kind"]
        size = None
        if spec["size"] is not None:
            size = named_size(spec["size"])
            if size == PAGE and kind != "sheet":
                self.problems.add(raw.mark_of("size"), f"size '{PAGE}' is for sheets only")
        elif kind == "deck":
            self.problems.add(raw.mark, f"{kind} '{spec['id']}' needs a 'size'")
        for key in ("front", "back", "face"):
            name = spec[key]
            if name and "{" not in name and name not in game.layouts:  # {field}: per item
                self.problems.add(raw.mark_of(key), unknown_ref("layout", name, game.layouts))
        if kind == "deck" and not spec["back"]:
            self.problems.add(raw.mark, f"deck '{spec['id']}' needs a 'back' layout")
        if kind == "dice" and not spec["face"]:
            self.problems.add(raw.mark, f"dice '{spec['id']}' need a 'face' layout")
        if kind != "dice" and not spec["front"]:
            self.problems.add(raw.mark, f"component '{spec['id']}' needs a 'front' layout")
        before = self.problems.raised
        entries, entries_mark = self.component_entries(spec, raw)
        if self.translator:  # `map` fields are data for programs: passed on as written
            plain = {name for name, f in spec["fields"].items()
                     if (f if isinstance(f, str) else f["type"]) == "map"}
            for entry in entries:
                self.translator.item(entry, plain)
        check_field_options(spec["fields"], raw.get("fields") or {}, self.problems)
        fields = {name: field_spec(f) for name, f in spec["fields"].items()}
        record = Record({**RESERVED[kind], **fields}, what=f"{spec['id']} item")
        items = []
        complete = not self.problems.since(before)  # its data file read
        for j, entry in enumerate(entries):
            imark = entries.marks[j] if hasattr(entries, "marks") else entries_mark
            checked = self.checked(record, entry, imark)
            if checked is None:
                complete = False  # counting rules would only add confusion
                continue
            items.append(self.make_item(kind, checked, entry, imark, game, spec))
        comp = Component(id=spec["id"], kind=kind, name=spec["name"] or spec["id"], size=size,
                         items=items, front=spec["front"], back=spec["back"],
                         shape=spec["shape"], face=spec["face"], vars=spec["vars"], mark=raw.mark,
                         size_mark=raw.mark_of("size") if "size" in raw else None,
                         fields=tuple(map(str, spec["fields"])), per_player=spec["per_player"],
                         standee=spec["standee"], safe_margin=spec["safe_margin"],
                         two_sided=spec["two_sided"], pack=spec["pack"],
                         pack_mark=raw.mark_of("pack") if "pack" in raw else None,
                         shop=spec["shop"], shop_mark=raw.mark_of("shop") if "shop" in raw
                         else None)
        self.check_standee(comp, raw)
        self.check_two_sided(comp, raw)
        self.layouts_by_field(spec, raw, items, game)
        if kind == "sheet" and size is None and (not items or any(i.size is None
                                                                 for i in items)):
            sized = "" if not items else " (or every item one of its own)"
            self.problems.add(raw.mark, f"sheet '{spec['id']}' needs a 'size'{sized}")
        ids = Counter(item.id for item in items)
        for item in items:
            if ids[item.id] > 1:
                self.problems.add(item.mark, f"duplicate id '{item.id}' in '{comp.id}'")
                ids[item.id] = 0
        if spec["rules"] and complete:
            check_rules(comp, spec["rules"], raw.mark_of("rules"), self.problems)
        return comp

    def check_standee(self, comp: Component, raw) -> None:
        """A standee's bands: a sheet's, each from above to below, within its height."""
        if comp.standee is None:
            return
        mark = raw.mark_of("standee")
        if comp.kind != "sheet":
            self.problems.add(mark, f"standee is for sheets only, not a {comp.kind}")
            return
        heights = [i.size[1] for i in comp.items if isinstance(i.size, tuple)]
        height = min(heights + ([comp.size[1]] if isinstance(comp.size, tuple) else []),
                     default=None)
        for side in ("front", "back"):
            top, bottom = comp.standee[side]
            if top >= bottom or (height is not None and bottom > height):
                within = f" within its {height:g} mm" if height is not None else ""
                self.problems.add(mark, f"standee {side} [{top:g}, {bottom:g}] must run down "
                                        f"the sheet{within}")

    def check_two_sided(self, comp: Component, raw) -> None:
        """Two-sided sheets: items 1 and 2, 3 and 4... print back to back, so each pair
        must match in size, copies and whether it prints per player."""
        if not comp.two_sided:
            return
        if comp.kind != "sheet":
            self.problems.add(raw.mark_of("two_sided"), f"two_sided is for sheets only; a "
                              f"{comp.kind} has a back layout")
            return
        for front, back in zip(comp.items[::2], comp.items[1::2], strict=False):
            for what, a, b in (("size", front.size or comp.size, back.size or comp.size),
                               ("copies", front.copies, back.copies),
                               ("per_player", front.per_player, back.per_player)):
                if a != b:
                    self.problems.add(back.size_mark if what == "size" and back.size_mark
                                      else back.mark, f"two-sided sheet '{back.id}' is the "
                                      f"back of '{front.id}': its {what} must be the same")

    def component_entries(self, spec, raw):
        """The component's raw items: inline, or read from its data file(s) in order."""
        if spec["data"] and spec["items"] is not None:
            self.problems.add(raw.mark, "give either 'data' or 'items', not both")
        if spec["items"] is not None:
            return raw["items"], raw.mark_of("items")
        if not spec["data"]:
            self.problems.add(raw.mark, f"component '{spec['id']}' needs 'data' or 'items'")
            return [], raw.mark
        if isinstance(spec["data"], str):
            return self.data_file(spec["data"], raw.mark_of("data"), spec, raw)
        entries = Entries()
        for i, name in enumerate(spec["data"]):
            found, mark = self.data_file(name, raw["data"].marks[i], spec, raw)
            entries.extend(found, mark)
        return entries, raw.mark_of("data")

    def data_file(self, name: str, mark: Mark, spec, raw):
        """One data file's raw items and where they are."""
        path = self.inside(name, mark, "data file")
        if path is not None and path.suffix.lower() in (".csv", ".xlsx"):
            return self.spreadsheet(path, spec, raw)
        data = self.yaml(path) if path else None
        if data is None:
            return [], mark
        if isinstance(data, dict):
            lists = [k for k, v in data.items() if isinstance(v, list)]
            if len(data) != 1 or not lists:
                self.problems.add(data.mark, "a data file holds a list, or a mapping with "
                                  "exactly one key whose value is the list (e.g. 'cards:')")
                return [], data.mark
            return data[lists[0]], data.mark_of(lists[0])
        if not isinstance(data, list):
            self.problems.add(data.mark if hasattr(data, "mark") else file_mark(rel(path)),
                              "a data file holds a list of items")
            return [], mark
        return data, data.mark

    def make_item(self, kind, checked, entry, mark, game, spec) -> Item:
        reserved = set(RESERVED[kind])
        item = Item(id=str(checked["id"]), copies=checked.get("copies", 1),
                    fields={k: v for k, v in checked.items() if k not in reserved},
                    mark=mark, front=checked.get("front"), back=checked.get("back"),
                    per_player=checked.get("per_player"),
                    shape=checked.get("shape") or spec["shape"],
                    faces=checked.get("faces") or [])
        item.fields["id"] = item.id
        for key in ("front", "back", "face"):
            name = checked.get(key)
            if name and name not in game.layouts:
                self.problems.add(entry.mark_of(key), unknown_ref("layout", name, game.layouts))
        if kind == "tokens":
            item.size = checked.get("size")
            if item.size is None:
                self.problems.add(mark, "a token needs a 'size' (mm)")
            if item.shape is None:
                self.problems.add(mark, "a token needs a 'shape' (round, square or hex)")
        elif kind == "dice":
            item.size = checked.get("size") or 20.0
            item.front = checked.get("face") or spec["face"]
        elif kind == "sheet" and checked.get("size"):
            item.size = named_size(checked["size"])
            item.size_mark = entry.mark_of("size")
        return item


def misplaced_keys(raw, problems) -> None:
    """A component's key indented under `fields:` (`rules:` a step too far right) reads
    as a field without a type: said once, as the indentation it is, and taken out."""
    fields = raw.get("fields") if isinstance(raw, YMap) else None
    if not isinstance(fields, YMap):
        return
    for name in list(fields):
        value = fields[name]
        if name not in COMPONENT.fields or not isinstance(value, (dict, list)) or \
                (isinstance(value, dict) and "type" in value):
            continue  # a field's type (text, or a mapping with 'type'), or a wrong value
        mark, there = fields.key_mark(name), raw.key_mark("fields")
        problems.add(mark, f"'{name}' is a key of the component, not a field: it is indented "
                     f"under 'fields:' (column {mark.col}); move it left to column "
                     f"{there.col}, in line with 'fields:'")
        del fields[name]


def named_size(size):
    """(width, height) in mm from a size name or pair; 'page' stays as it is
    (it depends on the paper, chosen when printing)."""
    if isinstance(size, str):
        return PAGE if size == PAGE else CARD_SIZES[size]
    return tuple(size)


UNITS = {"deck": ("card", "cards"), "sheet": ("sheet", "sheets"),
         "tokens": ("token", "tokens"), "dice": ("die", "dice")}


def count_label(comp: Component) -> str:
    """'54 cards', '1 sheet', '57 tokens': what a progress line says of a component."""
    count = sum(item.copies for item in comp.items)
    one, many = UNITS[comp.kind]
    return f"{count} {one if count == 1 else many}"
