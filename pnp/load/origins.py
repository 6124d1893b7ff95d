"""Where a value a piece uses was written: a colour in game.yaml's `vars`, a card's
field in crew.yaml. A bad value is reported there, once, rather than at every layout
line that uses it (often a bundled layout, inside site-packages), and a text that does
not fit is reported at the card that holds it.

Consulted only when something is wrong: the game's own files are read again, as they
were loaded (translations resolved), because a loaded Game keeps values, not marks.
"""

from __future__ import annotations

from pathlib import Path

from pnp import BUNDLED_LAYOUTS
from pnp.load.errors import InvalidInput, Mark, Problems
from pnp.load.langs import GAME_SHAPE, Translator
from pnp.load.template import whole_path
from pnp.load.yamlload import YList, YMap, load_yaml


def bundled(mark: Mark) -> bool:
    """Whether a mark is in a layout file that comes with pnp, not the designer's."""
    try:
        return Path(mark.file).resolve().is_relative_to(BUNDLED_LAYOUTS.resolve())
    except (OSError, ValueError):
        return False


def raw_game(game) -> YMap | None:
    """The game's game.yaml as written, marks kept; None when it cannot be read again."""
    from pnp.load.errors import rel

    path = game.root / "game.yaml"
    try:
        raw = load_yaml(path, rel(path))
    except InvalidInput:
        return None
    if game.translated and isinstance(raw, YMap):
        Translator(game.languages, game.language, Problems()).resolve(raw, GAME_SHAPE)
    return raw if isinstance(raw, YMap) else None


class Origins:
    """The marks of one game's values, found on demand (each file read once)."""

    def __init__(self, game):
        self.game = game
        self._raw: YMap | None = None
        self._read = False
        self._owners: dict | None = None  # item mark -> (component, item)
        self._entries: dict = {}  # data file -> its raw items by mark

    def raw(self) -> YMap | None:
        if not self._read:
            self._raw, self._read = raw_game(self.game), True
        return self._raw

    def of(self, template, context: dict, item_mark: Mark | None) -> Mark | None:
        """Where the value of `template` came from, if it is exactly one template
        that reads a card's field, a component's or the game's variable."""
        path = whole_path(template, context)
        if path is None:
            return None
        first, *rest = path.strip().split(".")
        value, mark = self._top(first, context, item_mark)
        for part in rest:
            if mark is None:
                break
            value, found = self._step(value, part)
            if found is None:
                break
            mark = found
        return mark

    # -- the first name: a field, a component variable or a game variable -----------
    def _top(self, name: str, context: dict, item_mark):
        value = context.get(name)
        owner = self._owner(item_mark)
        if owner is not None:
            comp, item = owner
            if name in item.fields and item.fields[name] is value:
                entry = self._entry(item)
                if isinstance(entry, YMap) and name in entry:
                    return self._pick(entry[name], entry.mark_of(name))
                return None, None
            if name in comp.vars and comp.vars[name] is value:
                found = self._component(comp.id)
                variables = found.get("vars") if isinstance(found, YMap) else None
                if isinstance(variables, YMap) and name in variables:
                    return self._pick(variables[name], variables.mark_of(name))
                return None, None
        if name not in self.game.vars or self.game.vars[name] is not value:
            return None, None
        raw = self.raw()
        if raw is None:
            return None, None
        for key in ("include", "vars"):  # an include replaces a same-named variable
            found = raw.get(key)
            if isinstance(found, YMap) and name in found:
                inner = value if key == "include" else found[name]
                return self._pick(inner, found.mark_of(name))
        return None, None

    def _step(self, value, part: str):
        if isinstance(value, YMap):
            key = part if part in value else _index(part)
            if key is None or key not in value:
                return None, None
            return self._pick(value[key], value.mark_of(key))
        index = _index(part)
        if isinstance(value, YList) and index is not None and -len(value) <= index < len(value):
            return self._pick(value[index], value.marks[index])
        return None, None

    def _pick(self, value, mark: Mark):
        """A translation as written stands for its value in the game's language."""
        game = self.game
        if game.translated and isinstance(value, YMap) and game.language in value and all(
                isinstance(k, str) for k in value) and set(value) <= set(game.languages):
            return value[game.language], value.mark_of(game.language)
        return value, mark

    # -- the raw item a piece was made from ------------------------------------------
    def _owner(self, item_mark):
        if item_mark is None:
            return None
        if self._owners is None:
            self._owners = {}
            for comp in self.game.components:
                for item in comp.items:
                    self._owners.setdefault(item.mark, (comp, item))
        return self._owners.get(item_mark)

    def _component(self, comp_id: str):
        raw = self.raw()
        comps = raw.get("components") if raw is not None else None
        for comp in comps if isinstance(comps, YList) else ():
            if isinstance(comp, YMap) and comp.get("id") == comp_id:
                return comp
        return None

    def _entry(self, item):
        file = item.mark.file
        if file not in self._entries:
            self._entries[file] = _items_by_mark(self._read_items(item.mark))
        return self._entries[file].get(item.mark)

    def _read_items(self, mark: Mark):
        """The file an item is written in, read again: YAML, or a spreadsheet's rows."""
        path = Path(mark.file)
        if mark.file == self.raw_file():
            return self.raw()
        try:
            if mark.cell:
                from pnp.load.tables import read_csv, read_xlsx

                if path.suffix.lower() == ".csv":
                    return read_csv(path, mark.file, {})
                return read_xlsx(path, mark.file, {}, mark.cell.rsplit("!", 1)[0])
            return load_yaml(path, mark.file)
        except (InvalidInput, OSError):
            return None

    def raw_file(self) -> str | None:
        raw = self.raw()
        return raw.mark.file if raw is not None else None


def _index(part: str):
    try:
        return int(part)
    except ValueError:
        return None


def _items_by_mark(tree) -> dict:
    """Every mapping in a loaded file by its mark (an item's mark is its mapping's)."""
    found, todo = {}, [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, YMap):
            found.setdefault(node.mark, node)
            todo.extend(node.values())
        elif isinstance(node, YList):
            todo.extend(node)
    return found
