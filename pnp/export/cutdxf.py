"""A print-and-cut sheet's cut lines as DXF (`<component>-cut-N.dxf`, issue 34): Silhouette
Studio's free Basic edition opens DXF but not SVG, so each sheet's outlines are written in
both, the same pieces at the same places.

What the file holds, and why (nothing here was tried in Silhouette Studio itself):
- Millimetres: `$INSUNITS` 4 and `$MEASUREMENT` 1 (metric). Proxy PDF Maker's guide to
  print-and-cut in Silhouette Studio says its mm DXF opens at its size once the Studio's
  DXF import preference opens files "as is"; our docs say to set it.
- The page's coordinates with DXF's own origin: x right and y up from the sheet's bottom
  left corner (the SVG's y runs down from the top), the sheet as the drawing's limits
  (`$LIMMIN`, `$LIMMAX`). Assumed, not confirmed: that the Studio keeps a DXF's
  coordinates rather than moving the drawing to the page's corner. Should it move it,
  the manifest's `cuts_at_mm` (the outlines' top left from the page's top left) is the
  position to give the selected outlines.
- One closed 2D POLYLINE a piece, arcs flattened to vertices at most SAGITTA from the
  true curve: the oldest and most widely read entity, the one Proxy PDF Maker writes for
  the Studio (polyline bulges, DXF's arcs, are misread by some cutter software).
- DXF R2000 (R12 cannot say its units), written by ezdxf with fixed metadata, so the same
  sheet gives the same bytes."""

from __future__ import annotations

import io
import math

from pnp.export.printcut import corner

SAGITTA = 0.01  # mm: the farthest a flattened arc strays from its curve


def cut_points(shape: str, x: float, y: float, w: float, h: float) -> list[tuple]:
    """A piece's cut at its trim as a closed outline's vertices (mm, x right and y up from
    the sheet's bottom left; `x`, `y` the trim's bottom left), the shapes of
    printcut.outline: a round token's circle, a flat-topped hexagon `w` across its
    corners, a card's rounded rectangle, a square."""
    from ezdxf.math import ConstructionArc, arc_segment_count

    if shape in ("round", "hex"):  # a circle has a vertex at each quarter: the SVG's box
        r = w / 2
        n = 6 if shape == "hex" else 4 * math.ceil(arc_segment_count(r, math.tau, SAGITTA) / 4)
        cx, cy = x + r, y + h / 2
        return [(cx + r * math.cos(a), cy + r * math.sin(a))
                for a in (math.tau * i / n for i in range(n))]
    r = corner(shape, w, h)
    if not r:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    points = []
    for cx, cy, start in ((x + w - r, y + r, 270), (x + w - r, y + h - r, 0),
                          (x + r, y + h - r, 90), (x + r, y + r, 180)):
        points += [tuple(p) for p in ConstructionArc((cx, cy), r, start, start + 90)
                   .flattening(SAGITTA)]
    return points


def cut_dxf(outlines: list[list[tuple]], sheet: tuple) -> str:
    """The DXF text of a sheet `sheet` (mm) with a closed polyline an outline (cut_points)."""
    import ezdxf

    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no dates or random ids
    try:
        doc = ezdxf.new("R2000", units=4)
        doc.header["$MEASUREMENT"] = 1
        msp = doc.modelspace()
        msp.dxf.limmin, msp.dxf.limmax = (0, 0), sheet
        for points in outlines:
            msp.add_polyline2d(points, close=True)
        if outlines:
            xs = [x for points in outlines for x, _ in points]
            ys = [y for points in outlines for _, y in points]
            msp.dxf.extmin, msp.dxf.extmax = (min(xs), min(ys)), (max(xs), max(ys))
        text = io.StringIO()
        doc.write(text)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed
    return text.getvalue()


def cuts_at(outlines: list[list[tuple]], sheet: tuple) -> list[float]:
    """Where the outlines' top left lies, from the page's top left (mm): a program that
    moves a drawing it opens can be told to put it back there."""
    left = min(x for points in outlines for x, _ in points)
    top = sheet[1] - max(y for points in outlines for _, y in points)
    return [round(left, 2), round(top, 2)]
