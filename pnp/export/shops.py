"""Print-shop presets (`pnp export GAME --shop tgc|mpc|drivethru`): what each shop's
card upload takes, made from the same drawing as every export, without editing the
game: the shop's poker card at its exact pixel size, every distinct front once with
its count (a CSV the upload follows), one back per deck (or one per distinct back),
one folder per player's deck, and the shop's safe zone checked.

The numbers (300 dpi; a trim of 2.5 x 3.5 in, 750 x 1050 px):
- The Game Crafter, poker deck: 825 x 1125 px, 1/8 in bleed a side, text 1/8 in
  inside the trim (its poker-card template; issue 24 gives the pixels).
- MakePlayingCards, poker size: 822 x 1122 px, 36 px (0.12 in) bleed a side, text
  1/8 in inside the trim (its poker-card template; issue 24 gives the pixels).
- DriveThruCards, poker card: 2.75 x 3.75 in with bleed, 825 x 1125 px, text 1/8 in
  inside the trim (its card guide).

A game's own card size rarely is the shop's: metric poker (63 x 88 mm) against 63.5 x
88.9 mm. The card is scaled uniformly until it covers the shop's trim (never stretched),
centred; what overflows is cut from its bleed. Where that would cut more than the
game's bleed can give (a card of another shape or size, beyond MAX_SCALE), the export
is refused with both sizes, rather than distorting or cropping the card."""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_INCH = 25.4
MAX_SCALE = 0.04  # at most 4 % larger or smaller than the game's card


@dataclass(frozen=True)
class Shop:
    id: str
    name: str
    pixels: tuple[int, int]  # the uploaded image: trim and bleed, at `dpi`
    trim_in: tuple[float, float] = (2.5, 3.5)
    dpi: int = 300
    safe_in: float = 0.125  # text keeps this far inside the trim
    others: str = ""  # what it takes besides decks

    @property
    def trim_mm(self) -> tuple[float, float]:
        return tuple(v * MM_PER_INCH for v in self.trim_in)

    @property
    def trim_px(self) -> tuple[int, int]:
        return tuple(round(v * self.dpi) for v in self.trim_in)

    @property
    def bleed_px(self) -> tuple[float, float]:
        """The bleed on each side, in pixels (left and right, top and bottom)."""
        return tuple((p - t) / 2 for p, t in zip(self.pixels, self.trim_px, strict=True))

    @property
    def bleed_mm(self) -> float:
        return max(self.bleed_px) / self.dpi * MM_PER_INCH

    @property
    def safe_mm(self) -> float:
        return self.safe_in * MM_PER_INCH


SHOPS = {
    "tgc": Shop("tgc", "The Game Crafter", (825, 1125),
                others="tokens, boards and dice: The Game Crafter prints them in its own "
                       "sizes from its own templates; upload the png export of those "
                       "components to the matching product"),
    "mpc": Shop("mpc", "MakePlayingCards", (822, 1122),
                others="MakePlayingCards prints cards only here: tokens, boards and dice "
                       "are not part of this preset"),
    "drivethru": Shop("drivethru", "DriveThruCards", (825, 1125),
                      others="DriveThruCards prints cards only: tokens, boards and dice "
                             "are not part of this preset"),
}


@dataclass(frozen=True)
class Fit:
    """How a game's card becomes a shop's: scaled by `scale` (uniform), drawn at
    `dpi`, then the shop's `pixels` cut from its centre."""

    scale: float
    dpi: float
    pixels: tuple[int, int]
    render_bleed: float  # mm of the game's bleed the drawing needs

    def words(self, trim: tuple, shop: Shop) -> str:
        w, h = shop.trim_mm
        if abs(self.scale - 1) < 1e-6:
            return f"{trim[0]:g} x {trim[1]:g} mm as {shop.name}'s {w:.1f} x {h:.1f} mm"
        return (f"{trim[0]:g} x {trim[1]:g} mm scaled {100 * (self.scale - 1):+.1f} % to cover "
                f"{shop.name}'s {w:.1f} x {h:.1f} mm trim (uniformly; the rest of the "
                f"difference comes out of the bleed)")


class ShopRefusal(ValueError):
    """A game's card the shop's card cannot show without distorting or cropping it."""


def fit(shop: Shop, trim: tuple) -> Fit:
    """The uniform scale that makes a card of `trim` mm cover the shop's trim, and how
    much of its bleed that needs; refused beyond MAX_SCALE either way."""
    (sw, sh), (w, h) = shop.trim_mm, trim
    scale = max(sw / w, sh / h)
    if abs(scale - 1) > MAX_SCALE or abs(sw / w - sh / h) > MAX_SCALE / 2:
        raise ShopRefusal(
            f"the card is {w:g} x {h:g} mm and {shop.name}'s poker card {sw:.1f} x "
            f"{sh:.1f} mm: it would have to be scaled by {100 * (scale - 1):+.1f} % or "
            "lose part of its picture; give the game that card size (size: [63.5, 88.9]) "
            "or use --format shop, which keeps the game's own size")
    width_px, height_px = shop.pixels
    # the drawing must reach the shop's image edge: half the image, over the scale
    need = max(width_px / shop.dpi * MM_PER_INCH / scale - w,
               height_px / shop.dpi * MM_PER_INCH / scale - h) / 2
    return Fit(scale=scale, dpi=shop.dpi * scale, pixels=shop.pixels,
               render_bleed=round(need + 0.5, 2))


def crop_box(fit_: Fit, size: tuple) -> tuple[int, int, int, int]:
    """The shop's pixels from the centre of an image of `size` px."""
    width, height = fit_.pixels
    left, top = (size[0] - width) // 2, (size[1] - height) // 2
    return left, top, left + width, top + height
