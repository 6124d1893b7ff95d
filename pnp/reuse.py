"""Elements drawn alike on many pieces: drawn once, their PDF operators written again.

A deck's back, and on its fronts the background, the panel and each badge value,
come out the same card after card; drawing them anew took a third of a 10,000-card
deck's build. When an element is met a second time with the same values (the same
layout line, piece size, bleed and safe margin, the same resolved values), the
operators its drawing writes are kept, and from then on written again as they are:
each piece's own origin and clip come before them, so that is exactly what drawing
the element there would write, and the PDF stays the same byte for byte. What the
drawing said besides painting (text that does not fit, ink in the safe zone, the
smallest text size) is kept with them and said again for each piece.

Operators are kept only when they stand on their own: no transparency (named page
by page), no images or forms (listed page by page), nothing reportlab would merge
with the operator before them. Images and hex grids, which report per piece, are
always drawn.
"""

from __future__ import annotations

from collections import OrderedDict

REUSABLE = frozenset({"background", "rect", "line", "circle", "polygon", "text", "richtext",
                      "icon", "badge", "track", "grid"})
VARYING = ("text", "value", "label", "_source")  # besides the templated keys
KEPT = 4096  # elements remembered per document, the most recently drawn
ONCE, NEVER = "once", "never"  # drawn once so far; writes what cannot be written again


class Reuse:
    """The Renderer's kept drawings (needs self.c, self.element, self.safe,
    self.min_drawn, warn_once, unfit and safe_zone)."""

    kept: OrderedDict  # element key -> ONCE, NEVER or (operators, notes), in document `kept_doc`
    kept_doc = None
    noting: list | None = None  # an element's drawing being kept: what its texts said

    def draw_element(self, e: dict, w: float, h: float, b: float, reuse: bool) -> None:
        """Draw resolved element `e`, or write again what drawing it wrote before."""
        draw = getattr(self, "draw_" + e["type"])
        key = self.reuse_key(e, w, h, b) if reuse else None
        if key is None:
            draw(e, w, h, b)
            return
        c = self.c
        if self.kept_doc is not c._doc:
            self.kept_doc, self.kept = c._doc, OrderedDict()
        entry = self.kept.get(key)
        if isinstance(entry, tuple):
            c._code.extend(entry[0])
            for note in entry[1]:
                self.text_said(*note)
        elif entry is None or entry is NEVER:
            draw(e, w, h, b)
            entry = entry or ONCE
        else:  # met a second time: drawn, and what it writes kept
            entry = self.kept_drawing(draw, e, w, h, b)
        self.kept[key] = entry
        self.kept.move_to_end(key)  # the most recently used last
        if len(self.kept) > KEPT:
            self.kept.popitem(last=False)

    def kept_drawing(self, draw, e: dict, w: float, h: float, b: float):
        """Draw `e`; return (its operators, what its texts said), or NEVER if the
        operators would not mean the same written elsewhere."""
        c = self.c
        code = c._code
        start = len(code)
        before = code[-1] if code else None
        listed = _listed(c)
        self.noting = notes = []
        try:
            draw(e, w, h, b)
        finally:
            self.noting = None
        ops = code[start:]
        if c._code is not code or (code[start - 1] if start else None) is not before \
                or _listed(c) != listed or (ops and ops[0].endswith(" cm")) \
                or any(op.endswith((" gs", " Do")) for op in ops):
            return NEVER
        return ops, notes

    def reuse_key(self, e: dict, w: float, h: float, b: float):
        """What makes two drawings of an element alike, or None if it is always drawn:
        an element that reports per piece, or a page state its operators depend on."""
        if e["type"] not in REUSABLE or (e["type"] == "background" and e.get("image")) \
                or not _plain_state(self.c):
            return None
        element = self.element  # the layout's own, which `e` resolves
        varying = tuple(e.get(k) for k in (*element.get("_templated", ()), *VARYING))
        try:
            hash(varying)
        except TypeError:  # a templated list (points): its text stands for it
            varying = repr(varying)
        return (id(element), w, h, b, self.safe, varying)

    def text_said(self, fits: bool, source, min_size: float, text: str, size: float,
                  ink: tuple | None) -> None:
        """What drawing a text box says besides painting it, for the piece being drawn
        (again for each piece its kept drawing is written on)."""
        if self.noting is not None:
            self.noting.append((fits, source, min_size, text, size, ink))
        if not fits:
            self.warn_once(self.unfit(source, min_size, text))
        self.min_drawn = size if self.min_drawn is None else min(self.min_drawn, size)
        if ink is not None:
            self.safe_zone(*ink, source)


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
