"""A text box's PDF operators written out directly, exactly as reportlab writes them.

reportlab's text object measures every string again and maps it to the embedded
font's codes one character at a time; in a 10,000-card deck that was a quarter of
the build. Here each word is mapped once per document (a deck repeats its words)
and the box is appended as the very operators reportlab would have written, so the
PDF stays the same byte for byte. What this does not cover (a turned box, a
translucent colour, inline icons, a font that is not an embedded TrueType font)
goes through reportlab's own calls (`fits` says which).
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont

MAX_WORDS = 8192  # words mapped per document before the map starts afresh


class Encoder:
    """Words to a document's font codes: [(subset, escaped codes)] per word."""

    def __init__(self, doc):
        self.doc = doc
        self.words: dict = {}
        self.fonts: dict = {}  # name -> TrueType font, or None for one of another kind

    def font(self, name: str):
        font = self.fonts.get(name, False)
        if font is False:
            found = getFont(name)
            font = self.fonts[name] = found if getattr(found, "_dynamicFont", 0) else None
        return font

    def word(self, font, text: str) -> list:
        key = (font.fontName, text)
        pieces = self.words.get(key)
        if pieces is None:
            if len(self.words) >= MAX_WORDS:
                self.words.clear()
            # font codes are given out in the order characters first appear, so each
            # word is mapped where reportlab would meet it: in reading order
            pieces = self.words[key] = [(subset, escapePDF(codes))
                                        for subset, codes in font.splitString(text, self.doc)]
        return pieces


def fits(canvas, fill, runs, rotate, encoder: Encoder) -> bool:
    """Whether the box can be written directly: turned by nothing, an opaque plain RGB
    colour that sets no transparency state, TrueType fonts only."""
    return (not rotate and type(fill) is Color and fill.alpha == 1
            and canvas._extgstate.getValue("ca") == 1 and not canvas._enforceColorSpace
            and all(encoder.font(run[2]) is not None for run in runs))


def box_code(canvas, encoder: Encoder, origin: tuple, fill, runs: list, size: float,
             char_space: float) -> str:
    """The operators of saveState, translate(origin), setFillColor(fill), the text object
    of `runs` ([x, baseline, font, [word or " ", ...]]) and restoreState, as one string."""
    canvas._doc.ensureMinPdfVersion("transparency")  # as setFillColor's alpha does
    code = ["BT 1 0 0 1 0 0 Tm"]
    if char_space:
        code.append(f"{fp_str(char_space)} Tc")
    doc, font, font_now, subset_now = encoder.doc, None, None, -1
    head = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
    for x, baseline, name, parts in runs:
        while parts and parts[-1] == " ":
            parts = parts[:-1]
        if not "".join(parts).strip():
            continue
        if name != font_now:  # reportlab's setFont: the next string names its subset
            font, font_now, subset_now = encoder.font(name), name, -1
        code.append(f"1 0 0 1 {fp_str(x, baseline)} Tm")
        chunks: list = []  # [subset, [escaped codes]]: one per stretch in one subset
        for part in parts:
            for subset, codes in encoder.word(font, part):
                if chunks and chunks[-1][0] == subset:
                    chunks[-1][1].append(codes)
                else:
                    chunks.append((subset, [codes]))
        for subset, codes in chunks:
            if subset != subset_now:
                code.append(f"{font.getSubsetInternalName(subset, doc)} {head}")
                subset_now = subset
            code.append(f"({''.join(codes)}) Tj")
    code.append("ET")
    return (f"q\n{fp_str(1, 0, 0, 1, *origin)} cm\n"
            f"{fp_str((fill.red, fill.green, fill.blue))} rg\n{' '.join(code)}\nQ")
