"""Elements drawn alike on many pieces: drawn once, their PDF operators written again.

A deck's back, and on its fronts the background, the panel and each badge value,
come out the same card after card; drawing them anew took a third of a 10,000-card
deck's build. An element reads a few of the piece's values (`{name}`, `w - 6`);
when it is met a second time with the same values (and the same piece size, bleed
and safe margin), the operators its drawing writes are kept, and from then on
written again as they are, without even filling in its values: each piece's own
origin and clip come before them, so that is exactly what drawing the element
there would write, and the PDF stays the same byte for byte. What the drawing said
besides painting is kept with them and said again for each piece: its reports that
name the piece (pnp.draw.alike's `per_piece` calls: text that does not fit, each line's
ink measured against the piece's cut shape, bad values) are made again for it, and
the rules, bands and lines of text it added to the spacing check (pnp.draw.spacing) are
added to the piece's again.

Operators are kept only when they stand on their own: no transparency (named page
by page), no images or forms (listed page by page), nothing reportlab would merge
with the operator before them. Images and hex grids, which report per piece, and
elements whose values cannot be told beforehand (`lines`, a field named by another
field) are always drawn.
"""

from __future__ import annotations

from collections import OrderedDict

from pnp.load.expr import Arith
from pnp.load.template import INNER, MAX_NESTING

REUSABLE = frozenset({"background", "rect", "line", "circle", "polygon", "text", "richtext",
                      "icon", "badge", "track", "grid"})
KEPT = 4096  # elements remembered per document, the most recently drawn
ONCE, NEVER = "once", "never"  # drawn once so far; writes what cannot be written again
ABSENT = object()  # a value the piece does not have
PLAIN = (str, int, bool, type(None))  # values compared as they are (with their type)


class Reuse:
    """The Renderer's kept drawings (needs self.c, self.element, self.safe,
    self.spacing, self.tape and resolve: pnp.draw.alike records per_piece calls on a tape)."""

    reuse = False  # this piece's elements may be written again (a build's cards)
    kept: OrderedDict  # element key -> ONCE, NEVER or (operators, calls, spacing), in `kept_doc`
    kept_doc = None

    def reuse_key(self, element: dict, ctx: dict, w: float, h: float, b: float):
        """What makes two drawings of a layout element alike: the values it reads, the
        piece's size, bleed and safe margin. None if it is always drawn (it reports per
        piece, or its reads are not known, or the page is in a state it depends on)."""
        reads = element.get("_reads")
        if reads is None:
            reads = element["_reads"] = _reads(element)
        if reads is False or not _plain_state(self.c):
            return None
        return (id(element), w, h, b, self.safe,
                tuple(_same(ctx.get(name, ABSENT)) for name in reads))

    def reuse_element(self, element: dict, ctx: dict, w: float, h: float, b: float) -> None:
        """Draw layout element `element` for the piece whose values are `ctx`, or write
        again what drawing it alike wrote before; keep what it writes the second time."""
        c = self.c
        if self.kept_doc is not c._doc:
            self.kept_doc, self.kept = c._doc, OrderedDict()
        key = self.reuse_key(element, ctx, w, h, b)
        entry = self.kept.get(key) if key is not None else None
        if isinstance(entry, tuple):
            ops, calls, added = entry
            c._code.extend(ops)
            for method, args in calls:
                self.element = element
                method(self, *args)
            if added is not None:
                self.spacing.add(added)
        elif entry is ONCE:
            entry = self.kept_drawing(element, ctx, w, h, b)
            if entry is None:
                return
        else:
            resolved = self.resolve(element, ctx)
            if resolved is None:
                return
            getattr(self, "draw_" + resolved["type"])(resolved, w, h, b)
            entry = entry or ONCE
            if key is None:
                return
        self.kept[key] = entry
        self.kept.move_to_end(key)  # the most recently used last
        if len(self.kept) > KEPT:
            self.kept.popitem(last=False)

    def kept_drawing(self, element: dict, ctx: dict, w: float, h: float, b: float):
        """Draw `element` a second time; return (its operators, the per_piece calls it
        made, what it added to the spacing check), or NEVER if the operators would not
        mean the same written elsewhere (or it read what its key does not hold); None
        if it drew nothing (a value the piece lacks)."""
        c = self.c
        code = c._code
        start = len(code)
        before = code[-1] if code else None
        listed = _listed(c)
        spacing = self.spacing
        counts = spacing.counts() if spacing is not None else None
        reading = Reading(ctx)
        self.tape = tape = []
        try:
            resolved = self.resolve(element, reading)
            if resolved is not None:
                getattr(self, "draw_" + resolved["type"])(resolved, w, h, b)
        finally:
            self.tape = None
        if resolved is None:
            return None
        ops = code[start:]
        if not reading.read <= set(element["_reads"]) or c._code is not code \
                or (code[start - 1] if start else None) is not before \
                or _listed(c) != listed or (ops and ops[0].endswith(" cm")) \
                or any(op.endswith((" gs", " Do")) for op in ops):
            return NEVER
        added = spacing.since(counts) if spacing is not None else None
        return ops, [(method, args) for _, method, args in tape], added


class Reading(dict):
    """A piece's values, noting which are read (pnp.load.expr reads them with `get`): a
    template may fill in a value that holds a template itself, and so read a name the
    element does not show."""

    def __init__(self, values: dict):
        super().__init__(values)
        self.read: set = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key) -> bool:
        self.read.add(key)
        return super().__contains__(key)


def _reads(element: dict):
    """The names of the piece's values a layout element reads, sorted; False if it is
    always drawn, or what it reads is not known beforehand."""
    if element["type"] not in REUSABLE or "_lines" in element \
            or (element["type"] == "background" and "image" in element):
        return False
    names: set = set()
    for key, value in element.items():
        if key.startswith("_") or key in ("type", "when"):
            continue
        found = _value_reads(value)
        if found is None:
            return False
        names |= found
    return tuple(sorted(names))


def _value_reads(value) -> set | None:
    if isinstance(value, Arith):
        return {path.split(".")[0].strip() for path in value.names}
    if isinstance(value, str):
        return _template_reads(value)
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        names: set = set()
        for entry in value:
            found = _value_reads(entry)
            if found is None:
                return None
            names |= found
        return names
    return set()


def _template_reads(text: str) -> set | None:
    """The first names of a text's `{path}` templates, innermost first (as
    pnp.load.template fills them in); None when a name is itself a template's value."""
    names: set = set()
    for _ in range(MAX_NESTING + 1):
        found = INNER.findall(text)
        if not found:
            return names
        for path in found:
            head = path.strip().split(".")[0].strip()
            if "\0" in head:
                return None
            names.add(head)
        text = INNER.sub("\0", text)
    return None


def _same(value):
    """A piece's value as a key part: equal only for values drawn alike (1, 1.0 and
    True are not); a mapping or list by identity (a game's values stay as loaded)."""
    if type(value) in PLAIN:
        return type(value), value
    if isinstance(value, float):
        return float, repr(value)
    return id(value)


def _plain_state(c) -> bool:
    """No transparency or overprint set at this point: reportlab writes a colour's
    opacity only when it changes, so operators kept here hold none."""
    state = c._extgstate
    return all(value == state.defaults[name] for name, value in state._d.items())


def _listed(c) -> tuple:
    """How much the page lists beside its operators (forms and images, spot colours,
    shadings, links): drawing that adds to it cannot be written again as it is."""
    return (len(c._formsinuse), len(c._colorsUsed), len(c._shadingUsed),
            len(c._annotationrefs))
