"""Text objects for the CMYK converter's page walk (cmykpage.PageWalk, which this is a
part of): the text state and matrices followed, each run's colour written just before
it (small near-black text on the black plate alone, cmyk.text_cmyk), and on a page with
transparency where each run lies (pdftext.py), so that what is painted over it can be
written opaque, and a transparent run over anything but one flat colour made a raster
of its text object, the text kept as invisible text under the picture."""

from __future__ import annotations

from pikepdf import Operator

from pnp.export import cmyk, pdftext
from pnp.export.cmykunder import Item, name_of, out_cmyk
from pnp.export.pdfgeom import IDENTITY, multiply, rect_box, scale, union


class TextWalk:
    """The text operators of PageWalk (which holds the state, the output and items)."""

    text_matrix = line_matrix = IDENTITY
    block = None  # inside BT: [first output index, box, needs a raster]

    def font_op(self, index, op, operands, operator) -> None:
        s = self.state
        if op == "Tf":
            fonts = self.resources.get("/Font") if self.resources is not None else None
            found = fonts.get(operands[0]) if fonts is not None else None
            if found is None or not found.is_indirect:
                s.font = pdftext.font(found)
            else:
                if found.objgen not in self.fonts:
                    self.fonts[found.objgen] = pdftext.font(found)
                s.font = self.fonts[found.objgen]
            s.size, s.font_ref = float(operands[1]), operands[0]
        else:
            value = float(operands[0])
            name = {"Tc": "char_space", "Tw": "word_space", "TL": "leading", "Ts": "rise",
                    "Tr": "render"}.get(op)
            if op == "Tz":
                s.hscale = value / 100
            elif name == "render":
                s.render = int(value)
            else:
                setattr(s, name, value)
        self.out.append(operator)

    def begin_text(self, index, op, operands, operator) -> None:
        self.text_matrix = self.line_matrix = IDENTITY
        self.block = [len(self.out), None, False]
        self.out.append(operator)

    def end_text(self, index, op, operands, operator) -> None:
        first, box, needs_raster = self.block or (len(self.out), None, False)
        self.block = None
        if needs_raster:  # the block's text invisible, a picture of it on top
            self.out[first + 1:] = [([3], Operator("Tr"))] + [
                entry for entry in self.out[first + 1:] if name_of(entry) != "Tr"]
            self.out.append(([self.state.render], Operator("Tr")))
        self.out.append(operator)
        if needs_raster:
            self.add_raster(index, box)

    def move_text(self, index, op, operands, operator) -> None:
        values = [float(v) for v in operands]
        if op == "Tm":
            self.text_matrix = self.line_matrix = tuple(values)
        else:
            if op == "T*":
                values = [0.0, -self.state.leading]
            elif op == "TD":
                self.state.leading = -values[1]
            self.line_matrix = multiply((1, 0, 0, 1, *values), self.line_matrix)
            self.text_matrix = self.line_matrix
        self.out.append(operator)

    def show(self, index, op, operands, operator) -> None:
        s = self.state
        if op == '"':
            s.word_space, s.char_space = float(operands[0]), float(operands[1])
        if op in ("'", '"'):
            self.line_matrix = multiply((1, 0, 0, 1, 0, -s.leading), self.line_matrix)
            self.text_matrix = self.line_matrix
        start, matrix = self.text_matrix, multiply(self.text_matrix, s.ctm)
        size = s.size * scale(matrix[:4] + (0, 0))
        box = None
        if self.cover:  # where the run lies, for what is painted over it
            metrics = s.font or pdftext.Font()
            low, high, advance = pdftext.run(metrics, operands, op, s.size, s.char_space,
                                             s.word_space, s.hscale)
            box = rect_box(matrix, low, metrics.descent * s.size + s.rise, high,
                           metrics.ascent * s.size + s.rise)
            self.text_matrix = multiply((1, 0, 0, 1, advance, 0), self.text_matrix)
        fills, strokes = s.render in (0, 2, 4, 6), s.render in (1, 2, 5, 6)
        fill = self.over(s.fill, s.ca, box) if fills else None
        stroke = (None if fills and s.CA < 1 else self.over(s.stroke, s.CA, box)) \
            if strokes else None
        block = self.block if self.block is not None else [len(self.out), None, False]
        block[2] = block[2] or s.masked or (fills and fill is None) or (
            strokes and stroke is None)
        block[1] = union(block[1], box) if box else block[1]
        if fills and fill is not None:
            colour = fill[0]
            self.set_fill(cmyk.text_cmyk(*colour, size) if len(colour) == 3 else colour)
        if strokes and stroke is not None:
            self.set_stroke(out_cmyk(stroke[0]))
        if s.render != 3 and self.cover:
            self.items.append(self.text_item(box, start, operands, op, fill, size)
                              if s.render == 0 and fill is not None else Item(box))
        self.out.append(operator)

    def text_item(self, box, start, operands, op, fill, size) -> Item:
        """A run of text as an overlay (cmykunder.py): its operators to draw it again."""
        s = self.state
        ops = [([], Operator("BT")), ([s.font_ref, s.size], Operator("Tf")),
               ([s.char_space], Operator("Tc")), ([s.word_space], Operator("Tw")),
               ([s.hscale * 100], Operator("Tz")), ([s.rise], Operator("Ts")),
               ([0], Operator("Tr")), (list(start), Operator("Tm")),
               (operands[-1:] if op in ("'", '"') else operands,
                Operator("TJ" if op == "TJ" else "Tj")), ([], Operator("ET"))]
        return Item(box, fill[0], None, ops=ops, ctm=s.ctm, paint=None, size=size)
