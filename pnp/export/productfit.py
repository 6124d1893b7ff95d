"""Which of a shop's products (products.py) a game's piece becomes, and how it is drawn
there (issue 34): by its kind, its cut shape and its size.

- Cards and tiles *cover* the product's trim: scaled uniformly (never stretched) until
  the trim is covered, what overflows cut from the bleed. Cards stay within 4 % (a deck
  must still match its other cards and sleeves); a tile, a chit the players pick up, may
  be drawn up to 25 % larger or 20 % smaller, and the export says by how much.
- Boards, mats and sheets are drawn *inside* the product: never larger (their spaces
  must still take the tokens), at most 20 % smaller, centred; the rest of the product is
  filled with the colour of the piece's own edge. A product without bleed (a document)
  keeps the piece inside its safe zone.
- A die's faces are drawn at the pixels of the product's face image, whatever the die's
  paper size.
A piece that no product takes within those limits is refused, naming the nearest
products. A kind the shop does not sell at all is no refusal: the shop is told to be
cards-only (shops.py) and the component gets a note."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.export.products import MM_PER_INCH, PRODUCTS, Product, closeness

COVER = {"card": (0.96, 1.04), "tile": (0.8, 1.25)}  # scale limits, smaller and larger
SMALLEST = 0.8  # a board or sheet drawn at most this much smaller
ASPECT = 0.02  # cards and tiles: how far apart the two sides' scales may be
CUTS = {"round": ("circle",), "hex": ("hex",)}  # anything else: a rectangle
RECTANGLES = ("rect", "rounded")


@dataclass(frozen=True)
class Placement:
    """How a piece of `trim` mm becomes `product`: scaled by `scale`, `mode` cover,
    contain or face; `turned` when the product's upload stands the other way up."""

    product: Product
    trim: tuple
    scale: float
    mode: str
    turned: bool = False

    @property
    def dpi(self) -> float:
        return self.product.dpi * self.scale

    @property
    def pixels(self) -> tuple[int, int]:
        """The upload's pixels as the piece lies (turned back for the upload)."""
        w, h = self.product.pixels
        return (h, w) if self.turned else (w, h)

    def image_mm(self) -> tuple[float, float]:
        """The upload's size in the product's mm, as the piece lies."""
        return tuple(p / self.product.dpi * MM_PER_INCH for p in self.pixels)

    def render_bleed(self) -> float:
        """The bleed (mm, the piece's own scale) the drawing needs to reach the upload's
        edge when covering it; a piece drawn inside needs only its own."""
        if self.mode == "contain":
            return 0.0
        need = max((side / self.scale - t) / 2
                   for side, t in zip(self.image_mm(), self.trim, strict=True))
        return round(max(need, 0.0) + 0.5, 2)

    def safe_margin(self) -> float:
        """The product's safe zone in the piece's own mm (what the check holds text to)."""
        product = self.product
        trim = product.trim_mm[::-1] if self.turned else product.trim_mm
        if self.mode == "cover":
            inset = max((t - p / self.scale) / 2 for t, p in zip(self.trim, trim,
                                                                 strict=True))
            return round(product.safe_mm / self.scale + inset, 3)
        gap = min((p - t * self.scale) / 2 for t, p in zip(self.trim, trim, strict=True))
        return round(max(product.safe_mm - gap, 0.0) / self.scale, 3)

    def words(self) -> str:
        w, h = self.trim
        change = "" if abs(self.scale - 1) < 5e-4 else \
            f" drawn {100 * (self.scale - 1):+.1f} %"
        how = {"cover": "", "contain": ", centred, the rest in its edge colour",
               "face": ", each face at the face image's size"}[self.mode]
        turned = ", turned a quarter for the upload" if self.turned else ""
        return f"{w:g} x {h:g} mm as {self.product.words()}{change}{how}{turned}"


class NoProduct(ValueError):
    """A piece no product of the shop takes within the limits: the message names the
    nearest ones."""


def product_kinds(comp) -> tuple[str, ...]:
    """The product kinds a component can become ("" for none: a fold-up standee)."""
    if comp.kind == "sheet":
        return () if comp.standee else ("board", "mat", "booklet")
    return {"deck": ("card",), "tokens": ("tile",), "dice": ("die",)}[comp.kind]


def sells(shop: str, kinds: tuple) -> bool:
    return any(p.kind in kinds for p in PRODUCTS[shop])


def shape_fits(product: Product, shape: str | None) -> bool:
    return product.shape in CUTS.get(shape or "", RECTANGLES)


def place(shop: str, kinds: tuple, trim: tuple, shape: str | None = None,
          two_sided: bool = False, pinned: str | None = None) -> Placement:
    """The product a piece of `trim` mm and `shape` becomes (`pinned`: the one the game
    names for this shop, held to the same limits); NoProduct if none does."""
    found = []
    for product in PRODUCTS[shop]:
        if product.kind not in kinds or (two_sided and product.faces < 2 and
                                         product.kind != "booklet"):
            continue
        if pinned and product.id != pinned:
            continue
        placement = _placement(product, tuple(trim), shape)
        if placement:
            found.append(placement)
    if not found and pinned:
        raise NoProduct(f"the game names {pinned} for it (`shop:`), which does not take it "
                        f"as it is: {refusal(shop, kinds, trim, shape)}")
    if not found:
        raise NoProduct(refusal(shop, kinds, trim, shape))
    return min(found, key=_preference)


def _preference(p: Placement):
    """Confirmed figures first; then cards and tiles the least scaling, and a board or
    sheet inside a product the least shrinking (three times worse: its text and spaces
    shrink) and the least of the product left to fill."""
    if p.mode == "contain":
        w, h = p.trim
        pw, ph = p.product.trim_mm
        covered = w * h * p.scale ** 2 / (pw * ph)
        return (p.product.assumed, 3 * (1 - p.scale) + 1 - covered)
    return (p.product.assumed, abs(p.scale - 1))


def _placement(product: Product, trim: tuple, shape) -> Placement | None:
    if product.kind == "die":
        face = product.pixels[0] / product.dpi * MM_PER_INCH
        return Placement(product, trim, face / trim[0], "face")
    if product.kind in COVER and not shape_fits(product, shape):
        return None
    options = []
    for turned in (False, True):
        pw, ph = product.trim_mm[::-1] if turned else product.trim_mm
        if product.kind in COVER:
            low, high = COVER[product.kind]
            sw, sh = pw / trim[0], ph / trim[1]
            scale = max(sw, sh)
            if abs(sw - sh) / scale <= ASPECT and low <= scale <= high:
                options.append(Placement(product, trim, scale, "cover", turned))
        else:
            inset = 2 * product.safe_mm if not any(product.bleed) else 0.0
            scale = min((pw - inset) / trim[0], (ph - inset) / trim[1], 1.0)
            if scale >= SMALLEST:
                options.append(Placement(product, trim, scale, "contain", turned))
    return min(options, key=_preference) if options else None


def refusal(shop: str, kinds: tuple, trim: tuple, shape) -> str:
    """Why no product takes the piece, and the nearest few, with the change each needs."""
    from pnp.export.shops import SHOPS

    w, h = trim
    pool = [p for p in PRODUCTS[shop] if p.kind in kinds]
    alike = [p for p in pool if p.kind not in COVER or shape_fits(p, shape)] or pool
    near = sorted(alike, key=lambda p: (closeness(p, w, h), p.assumed))[:3]
    cut = f" {shape}" if shape in CUTS else ""
    names = "; ".join(f"{p.words()} = {p.trim_mm[0]:.1f} x {p.trim_mm[1]:.1f} mm"
                      for p in near)
    limit = ("within 4 %" if kinds == ("card",) else "from 20 % smaller to 25 % larger"
             if kinds == ("tile",) else "at most 20 % smaller, never larger")
    return (f"no {SHOPS[shop].name} product takes a{cut} piece of {w:g} x {h:g} mm "
            f"({limit}); nearest: {names}. Give the piece one of those sizes")
