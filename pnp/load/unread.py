"""Names that a layout or icon file would have defined, when it could not be read or
checked. One mistake in such a file (a YAML syntax error, a bad colour in a style) is
one problem: it is not followed by "unknown layout 'crew-front'" for every name the
file holds, since the load stops on the file's own problem anyway.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from pnp.load.errors import InvalidInput
from pnp.load.yamlload import YMap, load_yaml

ANY = None  # a file that does not parse: any name may be one of its


@dataclass
class Unread:
    """Per kind ('layout', 'style', 'icon'): the names unread files hold, or ANY."""

    names: dict = field(default_factory=dict)

    def may_define(self, kind: str, name) -> bool:
        if kind not in self.names:
            return False
        held = self.names[kind]
        return held is ANY or name in held

    def add(self, kind: str, names) -> None:
        if names is ANY or self.names.get(kind, set()) is ANY:
            self.names[kind] = ANY
        else:
            self.names.setdefault(kind, set()).update(names)


def unread_files(root, raw, problems) -> Unread:
    """The layout and icon files listed in game.yaml (`raw`) that have problems of their
    own or are missing, and the names in them."""
    from pnp.load.errors import rel

    unread = Unread()
    troubled = {problem.file for problem in problems.items}
    if raw is None:
        return unread
    for listing, kinds in (("layouts", {"layouts": "layout", "styles": "style"}),
                           ("icons", {"icons": "icon"})):
        files = raw.get(listing)
        for text in files if isinstance(files, list) else ():
            try:
                path = (root / str(text)).resolve()
                found = path.is_file()
            except (OSError, RuntimeError, ValueError):
                found = False
            if found and rel(path) not in troubled:
                continue
            data = None
            with contextlib.suppress(InvalidInput):
                data = load_yaml(path, rel(path)) if found else None
            for key, kind in kinds.items():
                held = data.get(key) if isinstance(data, YMap) else ANY
                unread.add(kind, set(held) if isinstance(held, dict) else
                           ANY if data is None else set())
    return unread


class Layouts(dict):
    """A game's resolved layouts by name. A name an unread layout file may hold counts
    as present, so that it is not reported unknown as well (nothing is drawn: the load
    fails on that file's problem)."""

    unread = Unread()

    def __contains__(self, name) -> bool:
        return dict.__contains__(self, name) or self.unread.may_define("layout", name)
