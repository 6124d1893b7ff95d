"""Text boxes on a piece: wrapped and shrunk to fit (pnp.draw.text), drawn as selectable
text in embedded fonts, with inline icons."""

from __future__ import annotations

import difflib
import math
import re
from collections import OrderedDict

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getFont

from pnp.draw import text as rich
from pnp.draw import textout
from pnp.draw.alike import per_piece
from pnp.draw.colors import color
from pnp.draw.cutshape import inset
from pnp.draw.notice import Notice
from pnp.draw.spacing import PAD
from pnp.load.fonts import font_name
from pnp.load.origins import bundled

ICON = re.compile(r":([a-z0-9][a-z0-9-]*):")
SHOWN_CHARS = 8
SHOWN_IDS = 3  # pieces named in a problem or warning that hits many
CACHED = 2048  # texts kept parsed and fitted: the ones that repeat (badges, backs), not
# every card's own, which would hold a 10,000-card deck's every paragraph in memory


class TextDrawing:
    """The text part of the Renderer (needs self.c, self.game, self.warn, self._words,
    self._fits, self.min_drawn and icon_shapes)."""

    def text_box(self, text, style, x, y, box_w, box_h, markup, rotate=0, source=None):
        """Wrap and shrink `text` into the box (mm, top-left origin)."""
        if not text.strip():
            return
        c = self.c
        family, bold, italic = style["font"], style["bold"], style["italic"]
        if markup:  # regular, bold, italic, bold-italic as the markup toggles them
            fonts = tuple(font_name(self.game.fonts, family, bold or b, italic or i)
                          for b, i in ((False, False), (True, False), (False, True),
                                       (True, True)))
        else:
            fonts = (font_name(self.game.fonts, family, bold, italic),) * 4
        key = (text, fonts, markup, style["tracking"], style["upper"])
        words = recent(self._words, key)
        if words is None:
            words = keep(self._words, key, rich.parse(text, fonts, markup, self.game.icons,
                                                      style["tracking"], style["upper"]))
            self.check_glyphs(words, family)
            if markup:
                self.check_icons(text, source)
        space1 = rich.space_width(fonts[0]) + style["tracking"] / 10
        cx, cy = x + box_w / 2, y + box_h / 2
        if rotate % 180 == 90:  # a quarter turn: the text runs along the box's other side
            box_w, box_h = box_h, box_w
        ascent = rich.ascent_ratio(fonts[0])
        min_size = min(style["min_size"], style["size"])
        fit_key = (key, box_w, box_h, style["size"], min_size, style["leading"],
                   style["max_lines"])
        fitted = recent(self._fits, fit_key)
        if fitted is None:  # badges, backs and ids repeat: fit each text and box once
            fitted = keep(self._fits, fit_key, rich.fit(
                words, space1, box_w * mm, box_h * mm, style["size"], min_size,
                style["leading"], ascent, style["max_lines"]))
        size = fitted.size
        if not fitted.fits:
            self.warn_unfit(source, min_size, text,
                            overflow(fitted, box_w, box_h, style["leading"], ascent,
                                     style["max_lines"]))
        self.min_drawn = size if self.min_drawn is None else min(self.min_drawn, size)
        left, top = -box_w / 2 * mm, box_h / 2 * mm
        step = size * style["leading"]
        block = (len(fitted.lines) - 1) * step + size * ascent
        free = box_h * mm - block
        offset = {"top": 0.0, "middle": free / 2, "bottom": free}[style["valign"]]
        baseline = top - offset - size * ascent
        if self.safe > 0:
            self.note_ink(fitted, size, style, x, y, box_w, box_h, offset, block, rotate,
                          source)
        runs = []  # [x, baseline, font, [word or " "]]: one font, spaces kept for copy-paste
        icons = []  # (x, baseline, name)
        for frags, width1 in fitted.lines:
            width = width1 * size
            pen = left + {"left": 0.0, "center": (box_w * mm - width) / 2,
                          "right": box_w * mm - width}[style["align"]]
            run = None
            for frag in frags:
                if frag is None:
                    if run:
                        run[3].append(" ")
                    pen += space1 * size
                elif frag.icon:
                    run = None
                    icons.append((pen, baseline, frag.icon))
                    pen += frag.width1 * size
                else:
                    if run and run[2] == frag.font:
                        run[3].append(frag.text)
                    else:
                        run = [pen, baseline, frag.font, [frag.text]]
                        runs.append(run)
                    pen += frag.width1 * size
            baseline -= step
        fill = color(style["color"])
        char_space = style["tracking"] * size / 10
        if self._encoder is None or self._encoder.doc is not c._doc:
            self._encoder = textout.Encoder(c._doc)
        if not icons and textout.fits(c, fill, runs, rotate, self._encoder):
            c._code.append(textout.box_code(c, self._encoder, (cx * mm, -cy * mm), fill, runs,
                                            size, char_space))
            return
        c.saveState()
        c.translate(cx * mm, -cy * mm)
        if rotate:
            c.rotate(-rotate)
        c.setFillColor(fill)
        for pen, line, icon in icons:
            c.saveState()
            c.translate(pen + size * 0.025, line + size * 0.85)
            self.icon_shapes(icon, size * 1.05 / mm, fill)
            c.restoreState()
        self.text_runs(runs, size, char_space)
        c.restoreState()

    @per_piece
    def warn_unfit(self, source, min_size: float, text: str, over: tuple = (0.0, 0)) -> None:
        self.warn_once(self.unfit(source, min_size, text, over))

    def unfit(self, source, min_size: float, text: str, over: tuple = (0.0, 0)) -> str:
        """The warning for text that does not fit: at the card's line (the field's, when
        the text is one), by how much (`over`: mm, characters; see overflow), naming the
        layout (and its line, when it is the designer's). A Notice: `over_mm`,
        `over_chars`, `file` and `line` are its values."""
        templated = isinstance(source, str) and "{" in source
        element = self.element.get("_mark")
        mark = (self.origin(source) or self.item_mark) if templated else None
        mark = mark or element
        place = f"{mark.file}:{mark.line}:{mark.col}: " if mark else ""
        field = f" ({source})" if templated else ""
        layout = f" (layout '{self.layout_name}'" + (
            f" at {element.file}:{element.line})" if element and mark != element
            and not bundled(element) else ")")
        over_mm, over_chars = over
        chars = f", about {over_chars} character{'' if over_chars == 1 else 's'} too many" \
            if over_chars else ""
        return Notice(f"{place}{self.where}: text{field} does not fit at the minimum size "
                      f"{min_size:g} pt, by {over_mm:.1f} mm{chars}: '{text[:40]}'{layout}",
                      over_mm=round(over_mm, 1), over_chars=over_chars,
                      file=mark.file if mark else "", line=mark.line if mark else 0)

    @per_piece
    def safe_zone(self, left: float, top: float, right: float, bottom: float,
                  source) -> None:
        """Text ink at (left, top)-(right, bottom), mm from the trim's top-left: noted
        when it reaches into the safe zone (a shop's cut may drift that far), measured
        against the piece's cut shape (a round or hexagonal token's outline)."""
        gap = inset(self.ctx.get("shape", ""), self.trim, (left, top, right, bottom))
        if self.safe <= 0 or gap >= self.safe - 0.05:
            return
        mark = self.element.get("_mark")
        key = (mark, source if isinstance(source, str) else "", self.safe)
        entry = self.unsafe.setdefault(key, [gap, []])
        entry[0] = min(entry[0], gap)
        if self.piece not in entry[1]:
            entry[1].append(self.piece)

    @per_piece
    def note_crowding(self, spacing) -> None:
        """A piece's lines of text too near a rule or band (spacing.py), kept to be
        said once per layout line with the pieces it hits."""
        for mark, source, kind, other, gap in spacing.crowded():
            key = (mark, source if isinstance(source, str) else "", kind, other)
            entry = self.crowds.setdefault(key, [gap, []])
            entry[0] = min(entry[0], gap)
            if self.piece not in entry[1]:
                entry[1].append(self.piece)

    def report_crowding(self) -> None:
        for (mark, source, kind, other), (gap, pieces) in self.crowds.items():
            more = ", ..." if len(pieces) > SHOWN_IDS else ""
            place = f"{mark.file}:{mark.line}: " if mark else ""
            field = f" {source}" if "{" in source else ""
            touches = f"the {kind} at line {other.line}" if other else f"a {kind}"
            how = (f"crosses {touches}" if gap < 0 else
                   f"comes {gap:.1f} mm from {touches} (keep {PAD:g} mm)")
            self.warn(f"{place}text{field} {how} (in {len(pieces)} piece"
                      f"{'' if len(pieces) == 1 else 's'}: {', '.join(pieces[:SHOWN_IDS])}"
                      f"{more})")
        self.crowds = {}

    def report_safe_zone(self) -> None:
        """Hand over the safe-zone warnings, each once with the pieces it hits."""
        for (mark, source, margin), (gap, pieces) in self.unsafe.items():
            more = ", ..." if len(pieces) > SHOWN_IDS else ""
            place = f"{mark.file}:{mark.line}: " if mark else ""
            field = f" {source}" if "{" in source else ""
            self.warn(f"{place}text{field} comes {max(gap, 0):.1f} mm from the trim, inside "
                      f"the {margin:g} mm safe zone (in {len(pieces)} piece"
                      f"{'' if len(pieces) == 1 else 's'}: {', '.join(pieces[:SHOWN_IDS])}"
                      f"{more})")
        self.unsafe = {}

    def note_ink(self, fitted, size, style, x, y, box_w, box_h, offset, block, rotate,
                 source) -> None:
        """Where each line's ink lies on the piece (mm), for the safe-zone check: line by
        line, so a block that narrows to its last line fits a round or hexagonal cut as
        it is drawn."""
        step = size * style["leading"] / mm
        ascent = (block - (len(fitted.lines) - 1) * size * style["leading"]) / mm
        descent = 0.22 * size / mm  # below a baseline
        cx, cy = x + (box_w if rotate % 180 != 90 else box_h) / 2, \
            y + (box_h if rotate % 180 != 90 else box_w) / 2
        turn = math.radians(rotate)
        cos, sin = math.cos(turn), math.sin(turn)
        for index, (_, width1) in enumerate(fitted.lines):
            width = width1 * size / mm
            pad = {"left": 0.0, "center": (box_w - width) / 2, "right": box_w - width}[
                style["align"]]
            top = offset / mm + index * step
            ink = (pad - box_w / 2, top - box_h / 2, pad + width - box_w / 2,
                   top + ascent + descent - box_h / 2)  # from the box's centre
            xs, ys = [], []
            for px in (ink[0], ink[2]):
                for py in (ink[1], ink[3]):
                    xs.append(cx + px * cos - py * sin)
                    ys.append(cy + px * sin + py * cos)
            self.safe_zone(min(xs), min(ys), max(xs), max(ys), source)
            if self.spacing is not None:
                self.spacing.inks.append((min(xs), min(ys), max(xs), max(ys),
                                          self.element.get("_mark"), source))

    def text_runs(self, runs: list, size: float, char_space: float) -> None:
        """All runs of one box in a single text object (one per run costs a third of
        a large deck's build), through reportlab (textout writes the usual boxes)."""
        text_obj = self.c.beginText()
        if char_space:
            text_obj.setCharSpace(char_space)
        font = None
        for x, baseline, run_font, parts in runs:
            text = "".join(parts).rstrip(" ")
            if not text.strip():
                continue
            if run_font != font:
                text_obj.setFont(run_font, size)
                font = run_font
            text_obj.setTextOrigin(x, baseline)
            text_obj.textOut(text)
        self.c.drawText(text_obj)

    def check_icons(self, text: str, source) -> None:
        """An inline `:name:` that names no icon would print literally: a problem,
        located at the card's line when the text comes from its data."""
        for name in ICON.findall(text):
            if name in self.game.icons or not any(ch.isalpha() for ch in name):
                continue
            from_data = isinstance(source, str) and "{" in source
            mark = self.item_mark if from_data and self.item_mark else \
                self.element["_marks"].get("text", self.element["_mark"])
            close = difflib.get_close_matches(name, list(self.game.icons), n=1)
            hint = f"; did you mean ':{close[0]}:'?" if close else ""
            self.report(mark, f"unknown icon ':{name}:' in the text{hint}")

    def check_glyphs(self, words: list, family: str) -> None:
        """Characters a font cannot draw print as empty boxes: warn once per place."""
        missing: dict = {}  # font -> characters it lacks
        for word in words:
            for frag in word or ():
                if frag is None or frag.text.isascii():
                    continue  # every usual font has ASCII
                glyphs = _glyphs(frag.font)
                lacking = {ch for ch in frag.text if ord(ch) not in glyphs
                           and ch.isprintable() and not ch.isspace()}
                if glyphs and lacking:
                    missing.setdefault(frag.font, set()).update(lacking)
        mark = self.element.get("_mark")
        for font, chars in missing.items():
            key = (mark, font, frozenset(chars))
            if key in self.warned:
                continue
            self.warned.add(key)
            ordered = sorted(chars)
            listed = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in ordered[:SHOWN_CHARS])
            more = f" and {len(ordered) - SHOWN_CHARS} more" if len(ordered) > SHOWN_CHARS else ""
            place = f"{mark.file}:{mark.line}:{mark.col}: " if mark else ""
            self.warn(f"{place}{self.where}: font '{family}' has no glyphs for {listed}{more}; "
                      "they print as empty boxes (choose a font that has them)")


def _glyphs(font: str) -> dict:
    """The code points a registered TrueType font can draw (empty if unknown)."""
    face = getattr(getFont(font), "face", None)
    return getattr(face, "charToGlyph", None) or {}


def recent(cache: OrderedDict, key):
    """The cached value of `key` (None if absent), marked as the most recently used."""
    value = cache.get(key)
    if value is not None:
        cache.move_to_end(key)
    return value


def keep(cache: OrderedDict, key, value):
    """Cache `value`, forgetting the least recently used beyond CACHED entries."""
    cache[key] = value
    if len(cache) > CACHED:
        cache.popitem(last=False)
    return value


def overflow(fitted, box_w: float, box_h: float, leading: float, ascent: float,
             max_lines: int | None) -> tuple[float, int]:
    """How far text at its smallest size overflows its box (w, h in mm): the mm it runs
    past the bottom (or, for a word wider than the box, past the side), and the
    characters on the lines below the last that fits, as a designer would cut them."""
    size, lines = fitted.size, fitted.lines
    step = size * leading
    tall = (len(lines) - 1) * step + size * ascent
    widest = max((w for _, w in lines), default=0.0) * size
    room = box_h * mm - size * ascent
    fit_lines = 0 if room < 0 else int(room / step + 1e-9) + 1
    if max_lines is not None:
        fit_lines = min(fit_lines, max_lines)
    over_mm = max(tall - box_h * mm, widest - box_w * mm, 0.0) / mm
    if max_lines is not None and len(lines) > max_lines:
        over_mm = max(over_mm, (len(lines) - max_lines) * step / mm)
    below = lines[fit_lines:]  # each after a break: the space there is cut with it
    chars = sum(1 if frag is None or frag.icon else len(frag.text)
                for frags, _ in below for frag in frags) + (len(below) if fit_lines else 0)
    return over_mm, chars
