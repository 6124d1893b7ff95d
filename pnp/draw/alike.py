"""Sides drawn alike, drawn once: `pnp check` draws every player set, where most sides
(a player's fronts, a deck's backs, a board's tiles, a card's copies) read the very
values a side drawn before read. Such a side is not drawn again: what drawing it
reported is said again for it, as drawing it would have said it (its card, its name).

A side's drawing depends on the names it reads from the piece's context (its fields,
the game's variables, `{player}`, `{copy}`...), its layout, size, bleed and safe margin
and nothing else, except what it reports, which names the piece: every such report is
a `per_piece` call, recorded with the side and made again for a side alike. Reports said
once a run whatever the piece (an image that cannot be read, a glyph a font lacks) are
made on first sight and are not repeated, as a second drawing would not repeat them.
"""

from __future__ import annotations

import functools

from pnp.draw.spacing import PieceSpacing


def per_piece(method):
    """A report that names the piece being drawn or reads its card: recorded with the
    side being drawn (when one is), to be made again for a side alike."""

    @functools.wraps(method)
    def said(self, *args):
        tape = self.tape
        if tape is None:
            return method(self, *args)
        tape.append((self.element, method, args))
        self.tape = None  # what it says in turn belongs to this call
        try:
            return method(self, *args)
        finally:
            self.tape = tape

    return said


class Memo:
    """The sides drawn so far: (layout, size, bleed, safe margin) -> {the names a side
    read: {their values: its reports}}. Values are compared exactly: text, numbers and
    the like by type and value, anything else by identity (kept alive here, so that no
    other object takes its id)."""

    def __init__(self):
        self.sides: dict = {}
        self.kept: dict = {}

    def values(self, ctx: dict, names) -> tuple:
        return tuple(self.exact(dict.get(ctx, name, _ABSENT)) for name in names)

    def exact(self, value) -> tuple:
        kind = type(value)
        if kind in _PLAIN:
            return (kind, value)
        if kind is float:
            return (float, value.hex())  # -0.0 apart from 0.0, nan equal to itself
        self.kept.setdefault(id(value), value)
        return (object, id(value))


_ABSENT = object()
_PLAIN = (str, int, bool, type(None))


class Reads(dict):
    """A piece's context noting the names drawing reads (`names`); anything that could
    see more than a name at a time, or change it, sets `whole` (no side is alike)."""

    def __init__(self, ctx: dict):
        super().__init__(ctx)
        self.names: set = set()
        self.whole = False

    def get(self, key, default=None):
        self.names.add(key)
        return dict.get(self, key, default)

    def __getitem__(self, key):
        self.names.add(key)
        return dict.__getitem__(self, key)

    def __contains__(self, key):
        self.names.add(key)
        return dict.__contains__(self, key)

    def _whole(method):  # noqa: N805 - a decorator of this class's own methods
        @functools.wraps(method)
        def seen(self, *args, **kwargs):
            self.whole = True
            return method(self, *args, **kwargs)

        return seen

    keys = _whole(dict.keys)
    values = _whole(dict.values)
    items = _whole(dict.items)
    copy = _whole(dict.copy)
    __iter__ = _whole(dict.__iter__)
    __len__ = _whole(dict.__len__)
    __eq__ = _whole(dict.__eq__)
    __ne__ = _whole(dict.__ne__)
    __setitem__ = _whole(dict.__setitem__)
    __delitem__ = _whole(dict.__delitem__)
    setdefault = _whole(dict.setdefault)
    pop = _whole(dict.pop)
    popitem = _whole(dict.popitem)
    update = _whole(dict.update)
    clear = _whole(dict.clear)
    del _whole


class AlikeSides:
    """The Renderer's element loop (needs self.take, self.shows, self.layout_name,
    self.safe, the draw_* methods, and reuse.py's self.reuse and reuse_element); `memo`
    is a Memo when sides alike are drawn once (pnp check), None when every side is
    drawn (a build, where elements alike may be written again: reuse.py)."""

    memo: Memo | None = None
    tape: list | None = None  # the per_piece calls of the side being drawn

    def draw_elements(self, layout, ctx: dict, w: float, h: float, bleed: float) -> None:
        memo = self.memo
        if memo is None:
            self.paint_side(layout, ctx, w, h, bleed)
            return
        sides = memo.sides.setdefault(
            (self.layout_name, *map(memo.exact, (w, h, bleed, self.safe))), {})
        for names, known in sides.items():
            tape = known.get(memo.values(ctx, names))
            if tape is not None:
                for element, method, args in tape:
                    self.element = element
                    method(self, *args)
                return
        reads = self.ctx = Reads(ctx)
        self.tape = tape = []
        try:
            self.paint_side(layout, reads, w, h, bleed)
        finally:
            self.tape = None
        if not reads.whole:
            names = tuple(sorted(reads.names, key=lambda n: (type(n).__name__, str(n))))
            sides.setdefault(names, {})[memo.values(reads, names)] = tape

    def paint_side(self, layout, ctx: dict, w: float, h: float, bleed: float) -> None:
        """Draw each element the piece shows, as its values resolve; then, where the
        drawing is checked, the room its text keeps (spacing.py)."""
        self.spacing = PieceSpacing() if self.safe > 0 else None
        reuse = self.reuse and self.memo is None  # a build: kept drawings (reuse.py)
        for element in layout.elements:
            if reuse:
                if self.shows(element, ctx):
                    self.reuse_element(element, ctx, w, h, bleed)
                continue
            resolved = self.take(element, ctx)
            if resolved is not None:
                getattr(self, "draw_" + resolved["type"])(resolved, w, h, bleed)
        if self.spacing is not None:
            self.note_crowding(self.spacing)
