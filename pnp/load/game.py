"""Load a game folder into one validated `Game`, shared by pnp and the companion.

Every problem in every file is collected and raised together as InvalidInput
(file:line:col: message); nothing downstream ever sees half-valid data.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pnp import ASSETS, BUNDLED_LAYOUTS
from pnp.load import credits as picture_credits
from pnp.load.components import ComponentLoader
from pnp.load.errors import InvalidInput, Mark, Problems, file_mark, rel, unknown_ref
from pnp.load.groups import assign_files
from pnp.load.langs import (
    GAME_SHAPE,
    LAYOUT_SHAPE,
    Translator,
    chosen_language,
    declared,
)
from pnp.load.layouts import check_names, resolve_layouts
from pnp.load.model import Game
from pnp.load.players import player_sets
from pnp.load.printdefaults import print_defaults
from pnp.load.schema import Spec
from pnp.load.showpick import check_showcase
from pnp.load.specs import (
    GAME,
    ICON_FILE,
    LAYOUT_FILE,
    MAX_PIECES,
)
from pnp.load.table import read_table, written_ids
from pnp.load.yamlload import YMap, load_yaml

BUNDLED_ICONS = ASSETS / "icons.yaml"


class Loader(ComponentLoader):
    def __init__(self, root: Path, check_fonts: bool = True, lang: str | None = None):
        self.root = root.resolve()
        self.problems = Problems()
        self.check_fonts = check_fonts
        self.lang = lang
        self.translator: Translator | None = None
        self.pictures_missing: list = []  # (mark, message): said when drawn (Game's)

    # -- helpers -----------------------------------------------------------
    def yaml(self, path: Path):
        try:
            return load_yaml(path, rel(path))
        except InvalidInput as exc:
            self.problems.extend(exc.problems)
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
            from pnp.load.layouts import close_files

            hint = close_files(self.root, text) or f" (looked for {path})"
            self.problems.add(mark, f"{what} '{text}' not found{hint}")
            return None
        return path

    def checked(self, spec: Spec, value, mark: Mark):
        """Validate against `spec`; None when anything in it is wrong, so that no
        later step ever sees a half-valid value."""
        before = self.problems.raised
        out = spec.check(value, mark, self.problems)
        return None if self.problems.since(before) else out

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
            there = game_file.is_symlink() or game_file.exists()
            raise InvalidInput([file_mark(rel(game_file)).problem(
                "game.yaml cannot be read: it is a folder, or a link that leads to no file"
                if there else "no game.yaml here: a game folder needs a game.yaml "
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
        self.check_style_fonts(styles, fonts)
        styles = self.resolve_styles(styles, raw)
        icons = self.load_icons(spec, raw)
        game = Game(id=spec["id"], name=spec["name"], root=self.root,
                    language=self.lang, players=spec["players"], fonts=fonts,
                    styles=styles, layouts={}, icons=icons, vars=variables, components=[],
                    languages=languages, translated=translated)
        game.layouts = resolve_layouts(self, layouts, game)
        game.components = [c for c in self.load_components(raw["components"], game) if c]
        game.player_sets = player_sets(spec, raw, game, self.problems)
        game.showcase = check_showcase(spec, raw, game, self.problems)
        game.print = print_defaults(spec, raw, game, self.problems)
        game.credits = picture_credits.read(self.root, self.problems,
                                            rel(self.root / picture_credits.FILE))
        assign_files(game.components, self.problems)
        game.pictures_missing = tuple(self.pictures_missing)
        game.table = read_table(self, spec["table"], raw.get("table"), raw.mark_of("table"),
                                game, written_ids(raw["components"]))
        check_names(game, self.problems)
        seen = Counter(c.id for c in game.components)
        for comp in game.components:
            if seen[comp.id] > 1:
                self.problems.add(comp.mark, f"duplicate component id '{comp.id}'")
        pieces = sum(item.copies for comp in game.components for item in comp.items)
        if pieces > MAX_PIECES:
            self.problems.add(raw.mark_of("components"), f"{pieces} pieces in the game "
                              f"(copies counted); the limit is {MAX_PIECES}")
        if self.problems.items:  # nothing will be drawn: said now, with the others
            for mark, message in self.pictures_missing:
                self.problems.add(mark, message)
        self.problems.raise_if_any()
        return game

    def load_fonts(self, fonts_spec: dict, raw) -> dict:
        from pnp.load.fontfiles import BUNDLED_FONTS

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
                    from pnp.load.fonts import check_font  # reportlab: only when printing

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

    def check_style_fonts(self, styles: dict, fonts: dict) -> None:
        """A style's font is a bundled family or one the game declares: a typo would
        otherwise print in the fallback font without a word."""
        for value, raw_value, mark in styles.values():
            family = value.get("font")
            if family is not None and family not in fonts:
                where = raw_value.mark_of("font") if isinstance(raw_value, YMap) else mark
                self.problems.add(where, unknown_ref("font", family, fonts) +
                                  f" (fonts: {', '.join(sorted(fonts))}; a game adds its own "
                                  "under `fonts`)")

    def resolve_styles(self, styles: dict, raw) -> dict:
        """Each style with what it extends merged in. A parent that a layout file which
        could not be read may hold is not reported unknown as well (pnp.load.unread)."""
        from pnp.load.unread import Unread, unread_files

        unread = unread_files(self.root, raw, self.problems) if self.problems.items \
            else Unread()
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
                    if not unread.may_define("style", parent):
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


def load_game(root: Path | str, check_fonts: bool = True, lang: str | None = None) -> Game:
    """Load and validate a game folder in one of its languages (default: its first).
    The companion passes check_fonts=False: checking that fonts embed needs
    reportlab, which the app does not ship. A language the game lacks raises
    pnp.load.langs.UnknownLanguage."""
    return Loader(Path(root), check_fonts, lang).load()


