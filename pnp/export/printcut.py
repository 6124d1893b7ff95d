"""Print-and-cut (`pnp export GAME --format cut --cutter silhouette|cricut`, issue 34):
a component's cards, tokens and standees laid out for a cutting machine that finds the
printed sheet by its registration marks, and the cut lines it follows.

- Silhouette (CAMEO, Portrait): a vector PDF on the paper chosen, with Silhouette
  Studio's "Type 1" registration marks at their defaults (a 5 mm square at the top left,
  20 mm corner marks 0.5 mm thick at the top right and bottom left, all 10 mm in from the
  edges); backs, where the pieces have them, on the next page for long-edge duplex; and a
  cut file a sheet (`<component>-cut-N.svg`, mm) with each piece's outline at its trim,
  in the page's coordinates, to open in Silhouette Studio (Designer Edition opens SVG)
  and line up with the marks it draws at the same settings; and the same outlines as
  `<component>-cut-N.dxf` (cutdxf.py) for the free Basic edition, which opens DXF only.
- Cricut (Design Space, Print Then Cut): Design Space prints its own marks and cuts
  round an uploaded picture, at most 6.75 x 9.25 in; so each sheet is a PNG of that
  size, the pieces cut to their shape on a transparent ground (Design Space adds its
  bleed), backs as mirrored PNGs, and the same SVG and DXF cut lines.
Each piece carries CUT_BLEED of its bleed: a cutter that has read its marks lands
within about half a millimetre."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from pnp.plan.impose import pack

MM_PER_INCH = 25.4
PT = 72 / MM_PER_INCH
CUT_BLEED = 1.0
CORNER = 3.0  # a card's cut corners (mm), as the png export's --corners default
KINDS = ("deck", "tokens")  # and sheets with `standee:`


@dataclass(frozen=True)
class Cutter:
    id: str
    name: str
    area: tuple | None  # a fixed sheet (mm) instead of the paper: Print Then Cut's


SILHOUETTE = Cutter("silhouette", "Silhouette Studio", None)
CRICUT = Cutter("cricut", "Cricut Design Space", (6.75 * MM_PER_INCH, 9.25 * MM_PER_INCH))
CUTTERS = {c.id: c for c in (SILHOUETTE, CRICUT)}
MARK_INSET, MARK_LEN, MARK_LINE, MARK_SQUARE = 10.0, 20.0, 0.5, 5.0
CLEAR = 1.5  # between a mark and the nearest piece


def cuttable(comp) -> bool:
    return comp.kind in KINDS or (comp.kind == "sheet" and bool(comp.standee))


def marks(width: float, height: float) -> list[tuple]:
    """Silhouette's Type 1 marks as filled rectangles (x, y, w, h), mm from the bottom
    left of a page `width` x `height`."""
    i, n, t, s = MARK_INSET, MARK_LEN, MARK_LINE, MARK_SQUARE
    return [(i, height - i - s, s, s),  # the square, top left
            (width - i - n, height - i - t, n, t), (width - i - t, height - i - n, t, n),
            (i, i, n, t), (i, i, t, n)]  # the corners, top right and bottom left


def region(width: float, height: float) -> tuple:
    """Where pieces may lie (x0, y0, x1, y1, from the bottom left): clear of the marks'
    lines along every edge and of the square in the top left corner."""
    edge = MARK_INSET + MARK_LINE + CLEAR
    square = MARK_INSET + MARK_SQUARE + CLEAR
    return (square, edge, width - edge, height - square)


def layout(sizes: list, paper: tuple, cutter: Cutter) -> tuple[tuple, list]:
    """The sheet (mm) and the pieces on each: pages of [(index, x, y)], trying the
    paper both ways up and keeping the way that takes fewer sheets."""
    if cutter.area:
        w, h = cutter.area
        return (w, h), pack(sizes, (0, 0, w, h), 3.0)
    best = None
    for w, h in (paper, paper[::-1]):
        try:
            pages = pack(sizes, region(w, h), 0.0)
        except ValueError:
            continue
        if best is None or len(pages) < len(best[1]):
            best = ((w, h), pages)
    if best is None:
        raise ValueError("a piece does not fit inside the cutter's registration marks")
    return best


def outline(shape: str, x: float, y: float, w: float, h: float, page_h: float) -> str:
    """An SVG path of a piece's cut at its trim (x, y: bottom left, mm; SVG runs down)."""
    top = page_h - y - h
    if shape == "round":
        r = w / 2
        cx, cy = x + r, top + h / 2
        return (f"M {cx - r:.3f} {cy:.3f} A {r:.3f} {r:.3f} 0 1 0 {cx + r:.3f} {cy:.3f} "
                f"A {r:.3f} {r:.3f} 0 1 0 {cx - r:.3f} {cy:.3f} Z")
    if shape == "hex":  # flat-topped, `w` across its corners (pnp.plan.pieces)
        cx, cy, r = x + w / 2, top + h / 2, w / 2
        points = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                  for a in range(0, 360, 60)]
        return "M " + " L ".join(f"{px:.3f} {py:.3f}" for px, py in points) + " Z"
    r = corner(shape, w, h)
    if not r:
        return f"M {x:.3f} {top:.3f} h {w:.3f} v {h:.3f} h {-w:.3f} Z"
    return (f"M {x + r:.3f} {top:.3f} h {w - 2 * r:.3f} a {r} {r} 0 0 1 {r} {r} "
            f"v {h - 2 * r:.3f} a {r} {r} 0 0 1 {-r} {r} h {-(w - 2 * r):.3f} "
            f"a {r} {r} 0 0 1 {-r} {-r} v {-(h - 2 * r):.3f} a {r} {r} 0 0 1 {r} {-r} Z")


def corner(shape: str, w: float, h: float) -> float:
    """The radius of a piece's cut corners (mm): a card's, never over a quarter of a side."""
    return min(CORNER, w / 4, h / 4) if shape == "card" else 0.0


def cut_svg(paths: list[str], sheet: tuple) -> str:
    w, h = sheet
    body = "\n".join(f'  <path d="{d}"/>' for d in paths)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.3f}mm" height="{h:.3f}mm" '
            f'viewBox="0 0 {w:.3f} {h:.3f}">\n <g fill="none" stroke="#ff0000" '
            f'stroke-width="0.1">\n{body}\n </g>\n</svg>\n')


def piece_shape(comp, page) -> str:
    if comp.kind == "deck":
        return "card"
    return page.item.shape or comp.shape or "square" if comp.kind == "tokens" else "square"


def sheets_pdf(source: bytes, pages, placed: list, sheet: tuple, digests: list,
               backs: dict, title: str) -> bytes:
    """The sheets as a vector PDF: each page's pieces from `source` (the one-piece-a-
    page drawing) with the marks, and where pieces have backs a page of them after it,
    mirrored for long-edge duplex."""
    import pikepdf

    width, height = (v * PT for v in sheet)
    mark_ops = "".join(f"{x * PT:.3f} {y * PT:.3f} {w * PT:.3f} {h * PT:.3f} re "
                       for x, y, w, h in marks(*sheet))
    forms: dict = {}
    with pikepdf.open(io.BytesIO(source)) as src, pikepdf.new() as out:
        def place(target, index, x, y):
            if digests[index] not in forms:  # a form's box is its page's TrimBox: the
                piece = src.pages[index]  # bleed would be clipped and the trim stretched
                piece.trimbox = piece.bleedbox  # over the rectangle below (2 % on a card)
                forms[digests[index]] = out.copy_foreign(piece.as_form_xobject())
            page = pages[index]
            w, h = ((v + 2 * page.bleed) * PT for v in page.size)
            target.add_overlay(forms[digests[index]],
                               pikepdf.Rectangle(x * PT, y * PT, x * PT + w, y * PT + h))

        for spots in placed:
            front = out.add_blank_page(page_size=(width, height))
            for index, x, y in spots:
                place(front, index, x, y)
            front.contents_add(out.make_stream(f"q 0 0 0 rg {mark_ops}f Q\n".encode()))
            turned = [(backs[i], sheet[0] - x - _outer(pages[i])[0], y)
                      for i, x, y in spots if i in backs]
            if turned:
                back = out.add_blank_page(page_size=(width, height))
                for index, x, y in turned:
                    place(back, index, x, y)
        out.docinfo["/Title"] = title
        data = io.BytesIO()
        out.save(data, deterministic_id=True)
    return data.getvalue()


def _outer(page) -> tuple:
    return tuple(v + 2 * page.bleed for v in page.size)
