"""Every piece's size, computed from its words before anything is drawn: a name on
at most two lines (one if its chips make the piece wide enough), the chips below it
in lines. The board adds them up to choose how much it can show (board.py) and the
Flow layout places them with the same arithmetic (`place`), so what is computed to
fit does fit. Text is measured by Kivy's own text renderer, the one that draws it.
A board with room (a tablet) draws its pieces at a `scale` (SCALES): every size and
font below is multiplied by it, so the larger pieces are real larger text, sharp."""

from __future__ import annotations

from functools import cache, lru_cache

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp

FONT = 14  # sp: the smallest text a player must read (standards: At the table)
CHIP = 18  # dp: a chip's height (14 sp text is 16.4 dp high)
GAP = 3  # dp: between chips, across and down
PAD = 3  # dp: inside a piece
ROW = 3  # dp: between pieces on the board
TAP = 48  # dp: the smallest tap target
STAT_ICON = 10  # dp: the attack and health pictograms before their numbers
TRACK = 30  # dp: the escalation track's height (at the board's scale)
SCALES = (1.75, 1.5, 1.3, 1.15, 1.0)  # a board's pieces, the largest first (board.py fit)


def place(sizes: list, width: float, spacing: float) -> tuple[list, float]:
    """Left to right, a new line when the next would pass `width`: each one's (x, y
    from the top) and the height of it all."""
    x = y = line = 0.0
    spots = []
    for w, h in sizes:
        if x > 0 and x + w > width + 0.5:
            y, x, line = y + line + spacing, 0.0, 0.0
        spots.append((x, y))
        x += w + spacing
        line = max(line, h)
    return spots, (y + line) if sizes else 0.0


@cache
def text_width(text: str, bold: bool = False, scale: float = 1.0) -> float:
    core = CoreLabel(text=text, font_size=sp(FONT) * scale, bold=bold)
    core.refresh()
    return core.content_size[0]


@cache
def wrapped(text: str, width: float, bold: bool = True, scale: float = 1.0
            ) -> tuple[float, int]:
    """The height and line count of `text` wrapped at `width`, as a Label draws it."""
    core = CoreLabel(text=text, font_size=sp(FONT) * scale, bold=bold,
                     text_size=(width, None),
                     halign="left")
    core.refresh()
    return core.content_size[1], len(core._cached_lines)


def chip_width(chip: tuple, scale: float = 1.0) -> float:
    """A chip: ("word", a word of a name), ("count", text), ("attack" | "health",
    text, hurt), ("stats", attack or "", health, hurt), ("damage", value, count,
    colour, hexagon, first), ("token", icon, count, colour), ("trait" | "tag", text)."""
    kind, s = chip[0], scale

    def width(text: str, bold: bool = True) -> float:
        return text_width(text, bold, s)

    if kind == "word":
        return width(chip[1])
    if kind == "count":
        return width(chip[1]) + dp(8) * s
    if kind in ("attack", "health"):  # pictogram, number (widgets.StatChip)
        return dp(STAT_ICON + 1 + 3) * s + width(chip[1])
    if kind == "stats":  # attack and health side by side, never apart
        return sum(chip_width((k, t), s) + dp(GAP) * s for k, t in (
            ("attack", chip[1]), ("health", chip[2])) if t) - dp(GAP) * s
    if kind == "damage":  # [the damage pictogram], the token, [its count] (spaced)
        icon = dp(STAT_ICON) * s if len(chip) > 5 and chip[5] else 0
        rest = width(chip[2]) + dp(2 * GAP) * s if chip[2] else \
            (dp(GAP) * s if icon else 0)
        return icon + dp(CHIP) * s + rest
    if kind == "token":
        return dp(16) * s + width(chip[2]) + dp(9) * s
    return width(chip[1], False) + dp(10) * s


def chips_height(chips: list, inner: float, scale: float = 1.0) -> float:
    return place([(chip_width(c, scale), dp(CHIP) * scale) for c in chips], inner,
                 dp(GAP) * scale)[1]


def piece_size(name: str, chips: list, most: float, scale: float = 1.0) -> dict:
    """A piece on the table: its name's words, then its chips, in lines as text flows
    (a chip may follow the name's last word), as narrow as keeps it to the fewest
    lines it can have, two where it can (a tap target is two lines high anyway).
    Remembered: a board plans every piece at several levels each time it fits."""
    return sized(name, tuple(chips), most, scale)


@lru_cache(maxsize=4096)  # a long game's pieces and levels
def sized(name: str, chips: tuple, most: float, scale: float) -> dict:
    items = [("word", w) for w in name.split(" ")] + list(chips)  # "Conscripts\u00a0×2"
    chip, gap, pad = dp(CHIP) * scale, dp(GAP) * scale, dp(PAD) * scale
    sizes = [(chip_width(c, scale), chip) for c in items]
    least = max(w for w, _h in sizes)
    most = max(least, most)

    def height(inner: float) -> float:
        return place(sizes, inner, gap)[1]

    target = max(height(most), 2 * chip + gap)
    inner = least
    while inner < most and height(inner) > target + 0.5:
        inner = min(most, inner + dp(4) * scale)
    return {"width": inner + pad * 2, "height": max(dp(TAP), height(inner) + pad * 2),
            "items": items, "scale": scale}


ICONS = 2 * 16 + 2 * GAP  # dp: a card's two theater icons, beside its kind


def card_size(name: str, kind: str, chips: list, least: float, most: float,
              scale: float = 1.0) -> dict:
    """A card in the hand, as printed: the requirement hex and the name (on one line
    where `most` allows: the strip is short), the kind and types with the theater
    icons, then the chips; at the board's `scale` on a tablet (one look)."""
    s = scale
    widths = [chip_width(c, s) for c in chips]
    line = sum(widths) + dp(GAP) * s * max(0, len(widths) - 1)
    head = dp(CHIP + GAP) * s + text_width(name, True, s) + dp(2)
    inner = max(least, min(most, max(head, line, dp(ICONS) * s + text_width(kind, False, s))),
                dp(CHIP + GAP) * s + max(text_width(w, True, s) for w in name.split()),
                dp(ICONS) * s + max(text_width(w, False, s) for w in kind.split()),
                max(widths, default=0))  # no word broken, no chip cut
    name_height, _lines = wrapped(name, inner - dp(CHIP + GAP) * s, True, s)
    kind_height, _lines = wrapped(kind, inner - dp(ICONS) * s, False, s)
    head_height, kind_height = max(dp(CHIP) * s, name_height), max(dp(16) * s, kind_height)
    height = dp(PAD) * 2 * s + head_height + kind_height + chips_height(chips, inner, s) + \
        3 * dp(2) * s  # between the head, the kind, the chips and what is left below
    return {"width": inner + dp(PAD) * 2 * s, "height": height, "inner": inner,
            "head": head_height, "kind": kind_height, "scale": s}
