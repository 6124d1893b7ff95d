"""One page's drawing in CMYK (cmykpdf.py), rewritten operator by operator while the
graphics state is followed: every colour becomes a CMYK `k`/`K` written just before
what paints with it (cmyk.py's rules; small near-black text on the black plate alone).

PDF/X-1a allows no transparency. A transparent paint (reportlab's #RRGGBBAA colours)
over one flat colour (a faint id on a card's ground, a tinted zone on a mat) looks the
same as an opaque paint in the colour the two make together: that colour is written,
and the paint stays vector. What else must be flattened (a transparent paint over
several colours, an image with a soft mask, a soft mask or blend mode, a shading, a
form, an inline image) becomes a `Raster`: a picture of only its own box, of the page
as drawn up to it, placed where it was (cmykpdf.py renders it); whatever is drawn after
stays vector on top, and text under a raster is kept as invisible text."""

from __future__ import annotations

from copy import copy
from dataclasses import dataclass

from pikepdf import Name, Operator

from pnp.export import cmyk, pdftext
from pnp.export.cmyktext import TextWalk
from pnp.export.cmykunder import Item, blend, name_of, out_cmyk, replay, under
from pnp.export.pdfgeom import (
    IDENTITY,
    Path,
    grow,
    inverse,
    meet,
    multiply,
    rect_box,
    scale,
    union,
)

FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}
STROKES = {"S", "s", "B", "B*", "b", "b*"}
PAINTS = FILLS | STROKES | {"n"}
BUILDS = {"m", "l", "c", "v", "y", "h", "re"}
SHOWS = {"Tj", "TJ", "'", '"'}
SPACES = {"/DeviceRGB": "rgb", "/DeviceGray": "gray", "/DeviceCMYK": "cmyk"}
WHITE = (1.0, 1.0, 1.0)


@dataclass
class State:
    """The graphics state as far as colour and coverage need it."""
    ctm: tuple = IDENTITY
    fill: tuple | None = (0.0, 0.0, 0.0)  # RGB or CMYK as drawn; None: a pattern, a space
    stroke: tuple | None = (0.0, 0.0, 0.0)  # not converted (painting with it: a raster)
    fill_space: str | None = "gray"
    stroke_space: str | None = "gray"
    fill_out: tuple | None = None  # the CMYK written for the fill in this state
    stroke_out: tuple | None = None
    ca: float = 1.0
    CA: float = 1.0
    masked: bool = False  # a soft mask or a blend mode
    width: float = 1.0
    cap: int = 0
    join: int = 0
    miter_limit: float = 10.0
    dash: tuple = ((), 0)
    clips: tuple = ()  # (path, even-odd) of every clip in force
    clip_box: tuple | None = None
    font: pdftext.Font | None = None
    font_ref: object = None  # its name in the resources
    size: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    hscale: float = 1.0
    leading: float = 0.0
    rise: float = 0.0
    render: int = 0


@dataclass
class Raster:
    """A place in the output for the picture of the page drawn up to operator `index`
    (`depth` states saved then), over device box `box`, under matrix `ctm`."""
    index: int
    depth: int
    box: tuple
    ctm: tuple
    name: str = ""


class PageWalk(TextWalk):
    """Walks one content stream (`ops`, as pikepdf parses it) into `out`: operators and
    Raster places; `rasters` lists the places; `converted` the images to convert."""

    def __init__(self, ops, resources, page_box, fonts: dict):
        self.ops, self.resources, self.fonts = ops, resources, fonts
        self.page_box = page_box
        self.out: list = []
        self.rasters: list[Raster] = []
        self.images: list = []  # image XObjects drawn as they are: to be made CMYK
        self.items: list[Item] = []
        self.stack: list[State] = []
        self.state = State(clip_box=page_box)
        self.path, self.path_ops, self.clip = Path(), [], None
        self.block = None  # inside BT: [first output index, box, needs raster]
        self.text_matrix = self.line_matrix = IDENTITY
        self.cover = transparent(resources)  # else nothing is looked under: no geometry

    def walk(self) -> None:
        for index, operator in enumerate(self.ops):  # (the instruction: `operator`)
            op, operands = str(operator.operator), operator.operands
            handler = HANDLERS.get(op)
            if handler is not None:
                handler(self, index, op, operands, operator)
            elif op in BUILDS:
                self.build(op, operands, operator)
            elif op in PAINTS:
                self.paint(index, op, operator)
            elif op in SHOWS:
                self.show(index, op, operands, operator)
            else:
                self.out.append(operator)

    # -- graphics state --------------------------------------------------------------
    def save(self, index, op, operands, operator) -> None:
        self.stack.append(copy(self.state))
        self.out.append(operator)

    def restore(self, index, op, operands, operator) -> None:
        if self.stack:
            self.state = self.stack.pop()
        self.out.append(operator)

    def concat(self, index, op, operands, operator) -> None:
        self.state.ctm = multiply(tuple(float(v) for v in operands), self.state.ctm)
        self.out.append(operator)

    def line_style(self, index, op, operands, operator) -> None:
        value = float(operands[0]) if op != "d" else 0.0
        if op == "d":
            self.state.dash = (operands[0], operands[1])
        elif op == "w":
            self.state.width = value
        elif op == "J":
            self.state.cap = int(value)
        elif op == "j":
            self.state.join = int(value)
        else:
            self.state.miter_limit = value
        self.out.append(operator)

    def ext_state(self, index, op, operands, operator) -> None:
        states = self.resources.get("/ExtGState") if self.resources is not None else None
        found = states.get(operands[0]) if states is not None else None
        s = self.state
        if found is not None:
            s.ca = float(found.get("/ca", s.ca))
            s.CA = float(found.get("/CA", s.CA))
            s.width = float(found.get("/LW", s.width))
            s.cap, s.join = int(found.get("/LC", s.cap)), int(found.get("/LJ", s.join))
            s.miter_limit = float(found.get("/ML", s.miter_limit))
            if "/SMask" in found:
                s.masked = found.SMask != Name.None_
            if "/BM" in found:
                s.masked = s.masked or found.BM not in (Name.Normal, Name.Compatible)
        self.out.append(operator)

    def colour(self, index, op, operands, operator) -> None:
        """The colour as drawn, kept: written (as CMYK) only before what paints."""
        s, kind = self.state, op.lower()
        side = "stroke" if op.isupper() else "fill"
        if kind == "cs":
            space = SPACES.get(str(operands[0]))
            values = {"rgb": (0.0,) * 3, "gray": (0.0,), "cmyk": (0.0, 0.0, 0.0, 1.0)
                      }.get(space)
            setattr(s, side + "_space", space)
        elif kind in ("rg", "k", "g"):
            space = {"rg": "rgb", "k": "cmyk", "g": "gray"}[kind]
            setattr(s, side + "_space", space)
            values = tuple(float(v) for v in operands)
        else:  # sc, scn: in the space set before; a pattern's name is not converted
            space = getattr(s, side + "_space")
            values = None if any(isinstance(v, Name) for v in operands) else tuple(
                float(v) for v in operands)
        if values is not None and space == "gray" and len(values) == 1:
            values = values * 3
        if values is not None and len(values) != {"rgb": 3, "gray": 3, "cmyk": 4}.get(space):
            values = None
        setattr(s, side, values)

    # -- paths -----------------------------------------------------------------------
    def build(self, op, operands, operator) -> None:
        if self.cover:  # a path's geometry is looked at only on a page with transparency
            self.path.add(op, operands, self.state.ctm)
        self.path_ops.append(operator)

    def clip_op(self, index, op, operands, operator) -> None:
        self.clip = op == "W*"
        self.path_ops.append(operator)

    def paint(self, index, op, operator) -> None:
        s, path = self.state, self.path
        if op in ("s", "b", "b*"):
            path.add("h", (), s.ctm)
        fills, strokes, even_odd = op in FILLS, op in STROKES, op.endswith("*")
        plain = not self.cover and not (fills and s.fill is None) and not (
            strokes and s.stroke is None)
        if plain or not path.raw or not (fills or strokes):  # nothing to look under
            if fills and s.fill is not None:
                self.set_fill(out_cmyk(s.fill))
            if strokes and s.stroke is not None:
                self.set_stroke(out_cmyk(s.stroke))
            self.end_path(None, [*self.path_ops, operator])
            return
        fill_box = path.box()
        if fill_box is None:
            self.end_path(fill_box, [*self.path_ops, operator])
            return
        reach = s.width / 2 * scale(s.ctm) * max(path.miter(s.join, s.miter_limit),
                                                 1.5 if s.cap == 2 else 1.0)
        stroke_box = grow(fill_box, reach)
        fill = self.over(s.fill, s.ca, fill_box, layered=True) if fills else None
        stroke = (None if fills and s.CA < 1 else self.over(s.stroke, s.CA, stroke_box)) \
            if strokes else None
        if s.masked or (fills and fill is None) or (strokes and stroke is None):
            self.add_raster(index, union(fill_box, stroke_box) if strokes else fill_box)
            self.end_path(fill_box, [*self.path_ops, ([], Operator("n"))]
                          if self.clip is not None else [])
            return
        shape = [entry for entry in self.path_ops if name_of(entry) not in ("W", "W*")]
        stroke_op = "s" if op in ("s", "b", "b*") else "S"
        line = (s.width, s.cap, s.join, s.miter_limit, s.dash)
        if fills and fill[1]:  # overlays under a transparent fill: drawn again in it
            self.set_fill(out_cmyk(fill[0]))
            self.out += [*shape, ([], Operator("f*" if even_odd else "f"))]
            self.out += [([], Operator("q")), *shape,
                         ([], Operator("W*" if even_odd else "W")), ([], Operator("n"))]
            for item, colour in fill[1]:
                self.out += replay(item, colour, s.ctm)
            self.out.append(([], Operator("Q")))
            self.items.append(Item(fill_box, None, path, even_odd, s.clips))
            operator = ([], Operator(stroke_op if strokes else "n"))
            fills = False
        elif fills:
            self.set_fill(out_cmyk(fill[0]))
            self.items.append(Item(fill_box, fill[0], path, even_odd, s.clips, ops=shape,
                                   ctm=s.ctm, paint="f*" if even_odd else "f"))
        if strokes:
            self.set_stroke(out_cmyk(stroke[0]))
            self.items.append(Item(stroke_box, None if fills else stroke[0], path,
                                   clips=s.clips, reach=reach, ops=shape, ctm=s.ctm,
                                   paint=stroke_op, line=line))
        self.end_path(fill_box, [*self.path_ops, operator])

    def end_path(self, box, ops: list) -> None:
        """The path's operators written, its clip (if any) in force."""
        s = self.state
        self.out += ops
        if self.clip is not None:
            s.clips = (*s.clips, (self.path, self.clip))
            box = box or (self.path.box() if self.cover else None)
            if box is not None:
                s.clip_box = (meet(s.clip_box, box) if s.clip_box else box) or (0.0,) * 4
        self.path, self.path_ops, self.clip = Path(), [], None

    def over(self, colour, alpha: float, box, layered: bool = False):
        """The opaque colour a paint makes over what lies under `box`, and the overlays
        to draw again in its shape (cmykunder.py; only for a fill, `layered`), or None
        when it must be a raster."""
        if colour is None or alpha >= 1:
            return None if colour is None else (colour, [])
        found = under(self.items, box, self.state.clips, self.state.clip_box) \
            if len(colour) == 3 else None
        if found is None or (found[1] and not layered):
            return None
        base, overlays = found
        return blend(colour, base, alpha), [
            (item, cmyk.text_cmyk(*blend(colour, item.colour, alpha), item.size)
             if item.paint is None else out_cmyk(blend(colour, item.colour, alpha)))
            for item in overlays]

    def set_fill(self, values: tuple) -> None:
        if self.state.fill_out != values:
            self.out.append((list(values), Operator("k")))
            self.state.fill_out = values

    def set_stroke(self, values: tuple) -> None:
        if self.state.stroke_out != values:
            self.out.append((list(values), Operator("K")))
            self.state.stroke_out = values

    def add_raster(self, index: int, box) -> None:
        box = meet(box, self.state.clip_box or box)
        box = box and meet(box, self.page_box)
        if box is None:
            return
        place = Raster(index, len(self.stack), box, self.state.ctm)
        self.rasters.append(place)
        self.out.append(place)
        self.items.append(Item(box))

    # -- pictures --------------------------------------------------------------------
    def draw_object(self, index, op, operands, operator) -> None:
        s = self.state
        xobjects = self.resources.get("/XObject") if self.resources is not None else None
        found = xobjects.get(operands[0]) if xobjects is not None else None
        if found is None:
            self.out.append(operator)
            return
        if found.get("/Subtype") == Name.Form:
            x0, y0, x1, y1 = (float(v) for v in found.get("/BBox", self.page_box))
            matrix = tuple(float(v) for v in found.get("/Matrix", IDENTITY))
            self.add_raster(index, rect_box(multiply(matrix, s.ctm), x0, y0, x1, y1))
            return
        box = rect_box(s.ctm, 0, 0, 1, 1)
        if s.ca < 1 or s.masked or not plain_image(found):
            self.add_raster(index, box)
            return
        self.images.append(found)
        self.items.append(Item(box))
        self.out.append(operator)

    def flatten_op(self, index, op, operands, operator) -> None:
        """A shading or an inline image: always a raster."""
        box = self.state.clip_box if op == "sh" else rect_box(self.state.ctm, 0, 0, 1, 1)
        self.add_raster(index, box or self.page_box)


def transparent(resources) -> bool:
    """Whether a page's graphics states hold any transparency."""
    states = resources.get("/ExtGState") if resources is not None else None
    return any(float(state.get("/ca", 1)) < 1 or float(state.get("/CA", 1)) < 1
               or state.get("/SMask", Name.None_) != Name.None_
               or state.get("/BM", Name.Normal) not in (Name.Normal, Name.Compatible)
               for state in (states or {}).values())


def plain_image(image) -> bool:
    """An opaque 8-bit RGB, grey or CMYK image: converted as it is."""
    return not (image.get("/SMask") is not None or "/Mask" in image
                or image.get("/ImageMask", False)) and image.get("/BitsPerComponent") == 8 \
        and image.get("/ColorSpace") in (Name.DeviceRGB, Name.DeviceGray, Name.DeviceCMYK)


def placement(raster: Raster, width: float, height: float) -> list:
    """The operators that draw a raster's picture (`raster.name`) over its box."""
    x0, y0 = raster.box[0], raster.box[1]
    matrix = multiply((width, 0, 0, height, x0, y0), inverse(raster.ctm))
    return [([], Operator("q")), ([round(v, 6) for v in matrix], Operator("cm")),
            ([Name(raster.name)], Operator("Do")), ([], Operator("Q"))]


HANDLERS = {
    "q": PageWalk.save, "Q": PageWalk.restore, "cm": PageWalk.concat,
    "w": PageWalk.line_style, "J": PageWalk.line_style, "j": PageWalk.line_style,
    "M": PageWalk.line_style, "d": PageWalk.line_style, "gs": PageWalk.ext_state,
    **{op: PageWalk.colour for op in ("rg", "RG", "g", "G", "k", "K", "cs", "CS", "sc",
                                      "SC", "scn", "SCN")},
    **{op: PageWalk.font_op for op in ("Tf", "Tc", "Tw", "Tz", "TL", "Ts", "Tr")},
    "W": PageWalk.clip_op, "W*": PageWalk.clip_op,
    "BT": PageWalk.begin_text, "ET": PageWalk.end_text,
    **{op: PageWalk.move_text for op in ("Td", "TD", "Tm", "T*")},
    "Do": PageWalk.draw_object, "sh": PageWalk.flatten_op,
    "INLINE IMAGE": PageWalk.flatten_op,
}
