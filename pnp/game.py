"""Load a game folder into one validated `Game`, shared by pnp and the companion.

Every problem in every file is collected and raised together as InvalidInput
(file:line:col: message); nothing downstream ever sees half-valid data.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from pnp import ASSETS, BUNDLED_LAYOUTS
from pnp.errors import InvalidInput, Mark, Problems, file_mark
from pnp.fields import check_rules, field_spec
from pnp.langs import (
    GAME_SHAPE,
    LAYOUT_SHAPE,
    Translator,
    chosen_language,
    declared,
    output_folder,
)
from pnp.layouts import check_names, resolve_layouts, unknown_ref
from pnp.players import PlayerSets, player_sets
from pnp.schema import Record, Spec
from pnp.sources import ItemSources
from pnp.specs import (
    CARD_SIZES,
    COMPONENT,
    GAME,
    ICON_FILE,
    LAYOUT_FILE,
    MAX_PIECES,
    PAGE,
    RESERVED,
)
from pnp.yamlload import YMap, load_yaml

BUNDLED_ICONS = ASSETS / "icons.yaml"


@dataclass
class Item:
    id: str
    copies: int
    fields: dict
    mark: Mark
    front: str | None = None
    back: str | None = None
    shape: str | None = None
    size: tuple | float | None = None
    faces: list = field(default_factory=list)
    size_mark: Mark | None = None  # where a sheet's own size is written
    index: int | None = None  # position in its component, when copied per player set
    per_player: bool | None = None  # false: printed once in a per_player component

    @property
    def printed_id(self) -> str:
        """The id the piece shows (a player's copy keeps it; its own id names the set)."""
        return str(self.fields.get("id", self.id))


@dataclass
class Component:
    id: str
    kind: str
    name: str
    size: tuple | None
    items: list[Item]
    front: str | None
    back: str | None
    shape: str | None
    face: str | None
    vars: dict
    mark: Mark
    size_mark: Mark | None = None
    fields: tuple = ()  # the declared field names
    per_player: bool = False  # printed once per player set (players.py)


@dataclass
class Game:
    id: str
    name: str
    root: Path
    language: str
    players: object
    fonts: dict  # family -> {variant: Path}
    styles: dict
    layouts: dict
    icons: dict
    vars: dict
    components: list[Component]
    languages: tuple = ()  # every language of the game, the default first
    translated: bool = False  # declares `languages` (its texts may be translations)
    player_sets: PlayerSets | None = None

    @property
    def folder(self) -> str:
        """Its build folder under --out: <id>/ for the default language, else <id>/<lang>/."""
        return output_folder(self.id, self.languages or (self.language,), self.language)

    @property
    def label(self) -> str:
        """How progress lines name it: the id, with the language when it has several."""
        return f"{self.id} ({self.language})" if self.translated else self.id

    def component(self, component_id: str) -> Component:
        for comp in self.components:
            if comp.id == component_id:
                return comp
        raise KeyError(component_id)


def rel(path: Path) -> str:
    """A path as the user will recognise it: relative to the working folder if inside."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class Loader(ItemSources):
    def __init__(self, root: Path, check_fonts: bool = True, lang: str | None = None):
        self.root = root.resolve()
        self.problems = Problems()
        self.check_fonts = check_fonts
        self.lang = lang
        self.translator: Translator | None = None

    # -- helpers -----------------------------------------------------------
    def yaml(self, path: Path):
        try:
            return load_yaml(path, rel(path))
        except InvalidInput as exc:
            self.problems.items.extend(exc.problems)
            return None

    def inside(self, text: str, mark: Mark, what: str) -> Path | None:
        """A path from the game folder that must stay inside it or the bundled assets."""
        try:
            path = (self.root / text).resolve()
            found = path.is_file()
        except (OSError, RuntimeError, ValueError) as exc:  # a loop of links, a NUL byte
            self.problems.add(mark, f"{what} '{text}' cannot be opened: "
                              f"{getattr(exc, 'strerror', None) or exc}")
            return None
        if not (path.is_relative_to(self.root) or path.is_relative_to(ASSETS.resolve())):
            self.problems.add(mark, f"{what} '{text}' points outside the game folder")
            return None
        if not found:
            self.problems.add(mark, f"{what} '{text}' not found (looked for {path})")
            return None
        return path

    def checked(self, spec: Spec, value, mark: Mark):
        """Validate against `spec`; None when anything in it is wrong, so that no
        later step ever sees a half-valid value."""
        before = len(self.problems.items)
        out = spec.check(value, mark, self.problems)
        return out if len(self.problems.items) == before else None

    def mapping_file(self, path: Path, spec: Spec, shape=None):
        """A YAML file whose top level is a mapping, validated: (raw, checked) or None.
        With a `shape`, its translations are resolved first."""
        data = self.yaml(path)
        if data is None:
            return None
        if shape is not None and self.translator:
            data = self.translator.resolve(data, shape)[0]
        if not isinstance(data, YMap):
            self.problems.add(getattr(data, "mark", None) or file_mark(rel(path)),
                              f"expected {spec.expected} at the top of the file")
            return None
        checked = self.checked(spec, data, data.mark)
        return None if checked is None else (data, checked)

    # -- the whole game ----------------------------------------------------
    def load(self) -> Game:
        game_file = self.root / "game.yaml"
        if not game_file.is_file():
            raise InvalidInput([file_mark(rel(game_file)).problem(
                "no game.yaml here: a game folder needs a game.yaml "
                "(the format: `pnp docs format`)")])
        raw = self.yaml(game_file)
        self.problems.raise_if_any()
        languages, translated = declared(raw, self.problems)
        self.problems.raise_if_any()
        game_id = raw.get("id") if isinstance(raw, YMap) else None
        self.lang = chosen_language(languages, self.lang,
                                    game_id if isinstance(game_id, str) else self.root.name)
        if translated:
            self.translator = Translator(languages, self.lang, self.problems)
            raw = self.translator.resolve(raw, GAME_SHAPE)[0]
        spec = GAME.check(raw, raw.mark if isinstance(raw, YMap) else file_mark(rel(game_file)),
                          self.problems)
        self.problems.raise_if_any()
        variables = dict(spec["vars"])
        for name, path_text in spec["include"].items():
            path = self.inside(path_text, raw["include"].mark_of(name), "include file")
            if path:
                variables[name] = self.yaml(path)
                if self.translator:
                    variables[name] = self.translator.resolve(variables[name])[0]
        fonts = self.load_fonts(spec["fonts"], raw)
        styles, layouts = self.load_layout_files(spec, raw)
        styles = self.resolve_styles(styles)
        icons = self.load_icons(spec, raw)
        game = Game(id=spec["id"], name=spec["name"], root=self.root,
                    language=self.lang, players=spec["players"], fonts=fonts,
                    styles=styles, layouts={}, icons=icons, vars=variables, components=[],
                    languages=languages, translated=translated)
        game.layouts = resolve_layouts(self, layouts, game)
        game.components = [c for c in self.load_components(raw["components"], game) if c]
        game.player_sets = player_sets(spec, raw, game, self.problems)
        check_names(game, self.problems)
        seen = Counter(c.id for c in game.components)
        for comp in game.components:
            if seen[comp.id] > 1:
                self.problems.add(comp.mark, f"duplicate component id '{comp.id}'")
        pieces = sum(item.copies for comp in game.components for item in comp.items)
        if pieces > MAX_PIECES:
            self.problems.add(raw.mark_of("components"), f"{pieces} pieces in the game "
                              f"(copies counted); the limit is {MAX_PIECES}")
        self.problems.raise_if_any()
        return game

    def load_fonts(self, fonts_spec: dict, raw) -> dict:
        from pnp.fontfiles import BUNDLED_FONTS

        fonts = {name: dict(variants) for name, variants in BUNDLED_FONTS.items()}
        for family, variants in fonts_spec.items():
            mark_map = raw["fonts"][family]
            fonts[family] = {}
            for variant, text in variants.items():
                if text is None:
                    continue
                mark = mark_map.mark_of(variant)
                path = self.inside(text, mark, "font")
                if path and self.check_fonts:
                    from pnp.fonts import check_font  # reportlab: only when printing

                    error = check_font(path)
                    if error:
                        self.problems.add(mark, f"font '{text}' cannot be embedded: {error}")
                    fonts[family][variant] = path
        return fonts

    def load_layout_files(self, spec, raw):
        files = sorted(BUNDLED_LAYOUTS.glob("*.yaml")) if BUNDLED_LAYOUTS.is_dir() else []
        sources = [(p, True) for p in files]
        for i, text in enumerate(spec["layouts"]):
            path = self.inside(text, raw["layouts"].marks[i], "layout file")
            if path:
                sources.append((path, False))
        styles, layouts = {}, {}
        owner_s, owner_l = {}, {}
        for path, bundled in sources:
            loaded = self.mapping_file(path, LAYOUT_FILE, LAYOUT_SHAPE)
            if loaded is None:
                continue
            data, checked = loaded
            for kind, found, target, owner in (("style", "styles", styles, owner_s),
                                               ("layout", "layouts", layouts, owner_l)):
                for name, value in (checked[found] or {}).items():
                    mark = data[found].key_mark(name)
                    if name in owner and not owner[name][1] and not bundled:
                        self.problems.add(mark, f"{kind} '{name}' is defined twice "
                                          f"(first at {owner[name][0].file}:{owner[name][0].line})")
                    raw_value = data[found][name]
                    target[name] = (value, raw_value, mark)
                    owner[name] = (mark, bundled)
        for name, value in spec["styles"].items():
            target_mark = raw["styles"].key_mark(name)
            styles[name] = (value, raw["styles"][name], target_mark)
        return styles, layouts

    def resolve_styles(self, styles: dict) -> dict:
        resolved: dict = {}

        def resolve(name: str, chain: tuple) -> dict:
            if name in resolved:
                return resolved[name]
            value, _, mark = styles[name]
            base = {}
            parent = value.get("extends")
            if parent:
                if parent in chain:
                    self.problems.add(mark, "style 'extends' cycle: "
                                      + " -> ".join((*chain, name, parent)))
                elif parent not in styles:
                    self.problems.add(mark, unknown_ref("style", parent, styles))
                else:
                    base = resolve(parent, (*chain, name))
            out = {**base, **{k: v for k, v in value.items() if v is not None}}
            out.pop("extends", None)
            resolved[name] = out
            return out

        for name in styles:
            resolve(name, ())
        return resolved

    def load_icons(self, spec, raw) -> dict:
        icons = {}
        sources = [BUNDLED_ICONS] if BUNDLED_ICONS.is_file() else []
        for i, text in enumerate(spec["icons"]):
            path = self.inside(text, raw["icons"].marks[i], "icon file")
            if path:
                sources.append(path)
        for path in sources:
            loaded = self.mapping_file(path, ICON_FILE)
            if loaded is None:
                continue
            raw_icons, checked = loaded[0].get("icons"), loaded[1]
            if checked["icons"]:
                for name, shapes in checked["icons"].items():
                    icons[name] = [{k: v for k, v in s.items() if v is not None}
                                   for s in shapes if s]
                    for j, shape in enumerate(icons[name]):
                        if "svg" in shape:
                            marks = raw_icons[name].marks if hasattr(raw_icons[name],
                                                                     "marks") else None
                            shape["svg"] = self.svg_icon(shape["svg"], marks[j] if marks
                                                         else loaded[0].mark)
        return icons


    # -- components and their items -----------------------------------------
    def load_components(self, raws, game: Game):
        for i, raw in enumerate(raws):
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
        before = len(self.problems.items)
        entries, entries_mark = self.component_entries(spec, raw)
        if self.translator:  # `map` fields are data for programs: passed on as written
            plain = {name for name, f in spec["fields"].items()
                     if (f if isinstance(f, str) else f["type"]) == "map"}
            for entry in entries:
                self.translator.item(entry, plain)
        fields = {name: field_spec(f) for name, f in spec["fields"].items()}
        record = Record({**RESERVED[kind], **fields}, what=f"{spec['id']} item")
        items = []
        complete = len(self.problems.items) == before  # its data file read
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
                         fields=tuple(map(str, spec["fields"])), per_player=spec["per_player"])
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

    def component_entries(self, spec, raw):
        if spec["data"] and spec["items"] is not None:
            self.problems.add(raw.mark, "give either 'data' or 'items', not both")
        if spec["items"] is not None:
            return raw["items"], raw.mark_of("items")
        if not spec["data"]:
            self.problems.add(raw.mark, f"component '{spec['id']}' needs 'data' or 'items'")
            return [], raw.mark
        path = self.inside(spec["data"], raw.mark_of("data"), "data file")
        if path is not None and path.suffix.lower() in (".csv", ".xlsx"):
            return self.spreadsheet(path, spec, raw)
        data = self.yaml(path) if path else None
        if data is None:
            return [], raw.mark
        if isinstance(data, dict):
            lists = [k for k, v in data.items() if isinstance(v, list)]
            if len(data) != 1 or not lists:
                self.problems.add(data.mark, "a data file holds a list, or a mapping with "
                                  "exactly one key whose value is the list (e.g. 'cards:')")
                return [], data.mark
            return data[lists[0]], data.mark_of(lists[0])
        if not isinstance(data, list):
            self.problems.add(data.mark if hasattr(data, "mark") else file_mark(path),
                              "a data file holds a list of items")
            return [], raw.mark
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

def named_size(size):
    """(width, height) in mm from a size name or pair; 'page' stays as it is
    (it depends on the paper, chosen when printing)."""
    if isinstance(size, str):
        return PAGE if size == PAGE else CARD_SIZES[size]
    return tuple(size)


def load_game(root: Path | str, check_fonts: bool = True, lang: str | None = None) -> Game:
    """Load and validate a game folder in one of its languages (default: its first).
    The companion passes check_fonts=False: checking that fonts embed needs
    reportlab, which the app does not ship. A language the game lacks raises
    pnp.langs.UnknownLanguage."""
    return Loader(Path(root), check_fonts, lang).load()


