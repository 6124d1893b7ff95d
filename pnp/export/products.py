"""What each print shop sells, at the exact pixels of its template (issue 34, the facts).

Data and small pure helpers only: the export (`--shop`) maps a game's component onto
one of these by size and kind; this module does not draw or write anything.

Each `Product` keeps the trim as the shop states it (inches, or mm where the shop
works in mm), the upload's pixel size at its dpi, the bleed and safe zone per side,
the cut shape, the faces uploaded, and `source`: where the figures come from, or
`assumed: <why>` where they could not be confirmed. For every product but the
`exact=False` ones (dice, tuck boxes: their upload is a face or a dieline, not the
trim grown by its bleed), pixels == round((trim + 2 * bleed) * dpi) on each axis.

Sources (read while writing this; none fetched at run time):
- TGC: The Game Crafter's product catalogue (its API, /api/tgc/products/<Identity>,
  gives size.pixels and size.finished_inches), as mirrored in the public repository
  templative/templative-electron (src/shared/componentInfo.js); cut lines, corner
  radii and safe zones read from TGC's own SVG templates
  (s3.amazonaws.com/www.thegamecrafter.com/templates/<Name>.svg), copies of which that
  repository keeps; boards and mats: help.thegamecrafter.com/article/90-game-boards,
  /91-game-mats. The poker deck, 825 x 1125 px, is issue 24's figure (shops.py).
- MPC: MakePlayingCards' card templates: 36 px (0.12 in) bleed a side at 300 dpi
  (its documented 1/8 in, rounded down), safe 36 px inside the trim; figures as
  collected in the public repository cubedivisiondev/inkwell (src/inkwell/cards.py).
  The poker card, 822 x 1122 px, is issue 24's figure (shops.py).
- DriveThruCards: OneBookShelf's "Common Card Prep Issues & Solutions"
  (onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607): bleed 1/8 in
  on all four sides built into the PDF (poker: 2.75 x 3.75 in page), text 1/8 in inside
  the trim, PDF/X-1a:2003, no page bleed on tuck-box PDFs.

Not catalogued, for want of a figure: MakePlayingCards' boards, mats, dice and rule
booklets, DriveThruCards' tuck boxes (the shop gives their specifications on a page
not found here). A component of those kinds has no product at those shops."""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_INCH = 25.4
KINDS = ("card", "tile", "board", "mat", "die", "booklet", "box")
ALIASES = {"chit": "tile", "token": "tile", "sheet": "booklet", "rules": "booklet",
           "reference": "booklet", "dice": "die", "deck": "card"}


@dataclass(frozen=True)
class Product:
    shop: str
    id: str  # the shop's own identity where it has one (TGC: "PokerDeck")
    name: str  # as the shop calls it
    kind: str  # one of KINDS
    trim: tuple[float, float]  # width x height as the shop states it, in `unit`
    pixels: tuple[int, int]  # the uploaded image, bleed included, at `dpi`
    bleed: tuple[float, float]  # per side: left/right, top/bottom, in `unit`
    safe: float  # text keeps this far inside the trim, in `unit`
    source: str  # where the figures come from, or "assumed: <why>"
    unit: str = "in"
    dpi: int = 300
    shape: str = "rect"  # rect, rounded, circle, hex, triangle, die-line
    corner: float = 0.0  # corner radius of a rounded cut, in `unit`
    faces: int = 2  # images uploaded per piece (card: front and back; d6: 6)
    exact: bool = True  # pixels follow trim + 2 * bleed
    note: str = ""

    @property
    def assumed(self) -> bool:
        return self.source.startswith("assumed")

    def _mm(self, v: float) -> float:
        return v * MM_PER_INCH if self.unit == "in" else v

    @property
    def trim_mm(self) -> tuple[float, float]:
        return tuple(self._mm(v) for v in self.trim)

    @property
    def bleed_mm(self) -> tuple[float, float]:
        return tuple(self._mm(v) for v in self.bleed)

    @property
    def safe_mm(self) -> float:
        return self._mm(self.safe)

    @property
    def trim_px(self) -> tuple[int, int]:
        return tuple(round(v / MM_PER_INCH * self.dpi) for v in self.trim_mm)

    @property
    def bleed_px(self) -> tuple[float, float]:
        """The bleed a side in pixels, as the upload has it."""
        return tuple((p - t) / 2 for p, t in zip(self.pixels, self.trim_px, strict=True))

    @property
    def expected_pixels(self) -> tuple[int, int]:
        return tuple(round((t + 2 * b) / MM_PER_INCH * self.dpi)
                     for t, b in zip(self.trim_mm, self.bleed_mm, strict=True))

    def words(self) -> str:
        w, h = self.trim
        return f"{self.name} ({w:g} x {h:g} {self.unit}, {self.pixels[0]} x {self.pixels[1]} px)"


@dataclass(frozen=True)
class CardPdf:
    """How a shop wants a print-ready card PDF (DriveThruCards): the later writer's
    recipe. Sizes in inches; the page is the card with its bleed."""

    shop: str
    standard: str  # PDF/X flavour
    colour: str
    max_ink: int  # total area coverage, percent
    bleed_in: float  # per side, built into each page
    page: str  # what one page holds
    order: str  # the order of fronts and backs
    boxes: str  # the page boxes every page carries
    source: str

    def page_in(self, product: Product) -> tuple[float, float]:
        return tuple(t / MM_PER_INCH + 2 * self.bleed_in for t in product.trim_mm)

    def trim_box_pt(self, product: Product) -> tuple[float, float, float, float]:
        """TrimBox on a page whose MediaBox = BleedBox = the card with its bleed."""
        b = self.bleed_in * 72
        w, h = (v * 72 for v in self.page_in(product))
        return (b, b, w - b, h - b)


# --- The Game Crafter ---------------------------------------------------------------
TGC = ("The Game Crafter catalogue (size.pixels, size.finished_inches) via "
       "templative/templative-electron src/shared/componentInfo.js; cut line and "
       "1/8 in safe zone from TGC's SVG template")
TGC_BOARD = TGC + "; help.thegamecrafter.com/article/90-game-boards"
TGC_MAT = TGC + "; help.thegamecrafter.com/article/91-game-mats"
SAFE_GUESS = "; safe zone assumed 1/8 in like TGC's card and chit templates"


def _tgc(id_, name, kind, w, h, px, *, bleed=0.125, safe=0.125, source=TGC, **kw):
    bleed = bleed if isinstance(bleed, tuple) else (bleed, bleed)
    return Product("tgc", id_, name, kind, (w, h), px, bleed, safe, source, **kw)


ROUND = {"shape": "rounded", "corner": 0.125}  # 37.5 px radius in TGC's card templates
TGC_PRODUCTS = (
    _tgc("PokerDeck", "Poker Deck", "card", 2.5, 3.5, (825, 1125), **ROUND),
    _tgc("BridgeDeck", "Bridge Deck", "card", 2.25, 3.5, (750, 1125), **ROUND),
    _tgc("MiniDeck", "Mini Deck", "card", 1.75, 2.5, (600, 825), **ROUND),
    _tgc("MicroDeck", "Micro Deck", "card", 1.25, 1.75, (450, 600), **ROUND),
    _tgc("TarotDeck", "Tarot Deck", "card", 2.75, 4.75, (900, 1500), **ROUND),
    _tgc("JumboDeck", "Jumbo Deck", "card", 3.5, 5.5, (1125, 1725), **ROUND),
    _tgc("SquareDeck", "Square Deck", "card", 3.5, 3.5, (1125, 1125), **ROUND),
    _tgc("SmallSquareDeck", "Small Square Deck", "card", 2.5, 2.5, (825, 825), **ROUND),
    _tgc("BusinessDeck", "Business Deck", "card", 2.0, 3.5, (675, 1125), **ROUND),
    _tgc("DominoDeck", "Domino Deck", "card", 1.75, 3.5, (600, 1125), **ROUND),
    _tgc("DividerDeck", "Divider Deck", "card", 3.0, 3.5, (975, 1125), **ROUND),
    _tgc("EuroPokerDeck", "Euro Poker Deck", "card", 63, 88, (825, 1125), unit="mm",
         bleed=(3.425, 3.625), safe=3.175, shape="rounded", corner=2.54,
         note="63 x 88 mm in the poker deck's 825 x 1125 px: the bleed is uneven, "
              "0.135 x 0.145 in a side; corner radius 30 px"),
    _tgc("EuroSquareDeck", "Euro Square Deck", "card", 70, 70, (900, 900), unit="mm",
         bleed=3.1, safe=3.175, shape="rounded", corner=3.0),
    _tgc("HexDeck", "Hex Deck", "card", 3.75, 3.25, (1200, 1050), shape="hex",
         note="pointy sides left and right: 3.75 in corner to corner, 3.25 flat to flat"),
    _tgc("CircleDeck", "Circle Deck", "card", 3.5, 3.5, (1125, 1125), shape="circle"),
    _tgc("SmallCircleChit", "Small Circle Chit", "tile", 0.5, 0.5, (225, 225),
         shape="circle"),
    _tgc("MediumCircleChit", "Medium Circle Chit", "tile", 0.75, 0.75, (300, 300),
         shape="circle"),
    _tgc("LargeCircleChit", "Large Circle Chit", "tile", 1.0, 1.0, (375, 375),
         shape="circle"),
    _tgc("MiniCircleTile", "Mini Circle Tile", "tile", 1.25, 1.25, (450, 450),
         shape="circle"),
    _tgc("SmallSquareChit", "Small Square Chit", "tile", 0.5, 0.5, (225, 225)),
    _tgc("MediumSquareChit", "Medium Square Chit", "tile", 0.75, 0.75, (300, 300)),
    _tgc("LargeSquareChit", "Large Square Chit", "tile", 1.0, 1.0, (375, 375)),
    _tgc("MiniSquareTile", "Mini Square Tile", "tile", 1.25, 1.25, (450, 450)),
    _tgc("SmallSquareTile", "Small Square Tile", "tile", 2.0, 2.0, (675, 675)),
    _tgc("MediumSquareTile", "Medium Square Tile", "tile", 2.5, 2.5, (825, 825)),
    _tgc("LargeSquareTile", "Large Square Tile", "tile", 3.5, 3.5, (1125, 1125)),
    _tgc("MiniHexTile", "Mini Hex Tile", "tile", 1.25, 1.08, (450, 450), shape="hex",
         bleed=(0.125, 0.21), note="a hex in a square upload: more bleed top and bottom"),
    _tgc("SmallHexTile", "Small Hex Tile", "tile", 2.0, 1.75, (675, 600), shape="hex"),
    _tgc("MediumHexTile", "Medium Hex Tile", "tile", 2.5, 2.2, (825, 750), shape="hex",
         bleed=(0.125, 0.15)),
    _tgc("LargeHexTile", "Large Hex Tile", "tile", 3.75, 3.25, (1200, 1050), shape="hex"),
    _tgc("MediumTriangleChit", "Medium Triangle Chit", "tile", 0.75, 0.65, (300, 300),
         shape="triangle", bleed=(0.125, 0.175)),
    _tgc("DominoChit", "Domino Chit", "tile", 1.0, 2.0, (375, 675)),
    _tgc("DominoTile", "Domino Tile", "tile", 2.0, 4.0, (675, 1275)),
    _tgc("BiFoldBoard", "Bi-Fold Game Board", "board", 9, 18, (2775, 5475), faces=1,
         source=TGC_BOARD + SAFE_GUESS, note="folds once to 9 x 9 in"),
    _tgc("QuadFoldBoard", "Quad-Fold Game Board", "board", 18, 18, (5475, 5475),
         faces=1, source=TGC_BOARD + SAFE_GUESS, note="folds to 9 x 9 in"),
    _tgc("LargeQuadFoldBoard", "Large Quad-Fold Game Board", "board", 20, 20,
         (6075, 6075), faces=1, source=TGC_BOARD + SAFE_GUESS),
    _tgc("MediumSixFoldBoard", "Medium Six-Fold Game Board", "board", 16, 16,
         (4875, 4875), faces=1, source=TGC_BOARD + SAFE_GUESS),
    _tgc("SixFoldBoard", "Six-Fold Game Board", "board", 27, 18, (8175, 5475), faces=1,
         source=TGC_BOARD + SAFE_GUESS),
    _tgc("SquareBoard", "Square Board", "board", 8, 8, (2475, 2475),
         source=TGC_BOARD + SAFE_GUESS, note="two-sided, no fold"),
    _tgc("LargeSquareBoard", "Large Square Board", "board", 10, 10, (3075, 3075),
         source=TGC_BOARD + SAFE_GUESS),
    _tgc("HalfBoard", "Half Board", "board", 5, 10, (1575, 3075),
         source=TGC_BOARD + SAFE_GUESS),
    _tgc("QuarterBoard", "Quarter Board", "board", 5, 5, (1575, 1575),
         source=TGC_BOARD + SAFE_GUESS),
    _tgc("SmallGameMat", "Small Game Mat", "mat", 10, 16, (3075, 4875), faces=1,
         source=TGC_MAT + SAFE_GUESS, shape="rounded", note="neoprene"),
    _tgc("MediumGameMat", "Medium Game Mat", "mat", 24, 14, (7275, 4275), faces=1,
         source=TGC_MAT + SAFE_GUESS, shape="rounded", note="neoprene"),
    _tgc("SquareMat", "Square Mat", "mat", 8, 8, (2475, 2475),
         source=TGC_MAT + SAFE_GUESS, note="cardstock, two-sided"),
    _tgc("LargeSquareMat", "Large Square Mat", "mat", 10, 10, (3075, 3075),
         source=TGC_MAT + SAFE_GUESS),
    _tgc("BigMat", "Big Mat", "mat", 10, 16, (3075, 4875), source=TGC_MAT + SAFE_GUESS,
         note="cardstock, inside and outside"),
    _tgc("PostcardMat", "Postcard Mat", "mat", 6, 4, (1875, 1275),
         source=TGC_MAT + SAFE_GUESS),
    _tgc("CustomColorD6", "Custom Color D6", "die", 0.63, 0.63, (180, 180), bleed=0.0,
         safe=0.05, faces=6, exact=False,
         note="16 mm die: each face's image is 180 x 180 px (0.6 in at 300 dpi), "
              "smaller than the 0.63 in face; TGC's template keeps the art in the "
              "middle 150 px"),
    _tgc("CustomWoodD6", "Custom Wood D6", "die", 0.63, 0.63, (180, 180), bleed=0.0,
         safe=0.13, faces=6, exact=False, shape="circle",
         note="16 mm wooden die: the template prints a 0.5 in circle in each 180 px face"),
    _tgc("Document", "Document", "booklet", 8.5, 11, (2550, 3300), bleed=0.0, safe=0.25,
         faces=2, note="US Letter without bleed: TGC's template keeps 1/4 in clear"),
    _tgc("SmallBooklet", "Small Booklet", "booklet", 2.5, 3.5, (825, 1125), faces=1,
         note="one image a page", source=TGC + "; safe zone assumed 1/8 in"),
    _tgc("MediumBooklet", "Medium Booklet", "booklet", 3.5, 5, (1125, 1575), faces=1,
         note="one image a page, up to 40 pages", source=TGC + "; safe assumed 1/8 in"),
    _tgc("LargeBooklet", "Large Booklet", "booklet", 5, 8, (1575, 2475), faces=1,
         source=TGC + "; safe zone assumed 1/8 in"),
    _tgc("JumboBooklet", "Jumbo Booklet", "booklet", 8, 10, (2475, 3075), faces=1,
         source=TGC + "; safe zone assumed 1/8 in"),
    _tgc("PokerTuckBox54", "Poker Tuck Box (54 cards)", "box", 2.6, 3.6, (2325, 1950),
         bleed=0.0, faces=1, exact=False, shape="die-line",
         note="the upload is the whole die-line, not the front: 2.6 x 3.6 x 0.91 in"),
)

# --- MakePlayingCards ---------------------------------------------------------------
MPC = ("MakePlayingCards' card template: 36 px (0.12 in) bleed and safe a side at "
       "300 dpi; figures as in cubedivisiondev/inkwell src/inkwell/cards.py")
MPC_GUESS = ("assumed: MakePlayingCards sells this size (its design page exists) but "
             "its pixels were not found; 36 px bleed like its other cards")


def _mpc(id_, name, w, h, px, *, source=MPC, **kw):
    return Product("mpc", id_, name, "card", (w, h), px, (0.12, 0.12), 0.12, source,
                   **kw)


MPC_PRODUCTS = (
    _mpc("poker", "Poker size (63 x 88 mm)", 2.5, 3.5, (822, 1122),
         source=MPC + "; 822 x 1122 px: issue 24"),
    _mpc("bridge", "Bridge size", 2.25, 3.5, (747, 1122)),
    _mpc("mini", "Mini card", 1.75, 2.5, (597, 822)),
    _mpc("tarot", "Tarot card", 2.75, 4.75, (897, 1497)),
    _mpc("business", "Business card size (50 x 89 mm)", 2.0, 3.5, (672, 1122)),
    _mpc("big", "Big card (3.5 x 5.75 in)", 3.5, 5.75, (1122, 1797)),
    _mpc("small-square", "Small square card", 2.5, 2.5, (822, 822), source=MPC_GUESS),
    _mpc("us-game", "US game deck size (56 x 87 mm)", 2.2, 3.43, (732, 1101),
         source=MPC_GUESS),
    _mpc("hex", "Hex card (medium)", 2.6, 3.0, (852, 972), source=MPC_GUESS,
         shape="hex"),
    _mpc("big-hex", "Hexagonal game card", 3.25, 3.75, (1047, 1197), source=MPC_GUESS,
         shape="hex"),
)

# --- DriveThruCards -----------------------------------------------------------------
DTC = ("OneBookShelf, Common Card Prep Issues & Solutions (onebookshelfpublisherservice"
       ".zendesk.com/hc/en-us/articles/227867607): 1/8 in bleed built into the PDF, "
       "text 1/8 in inside the trim")


def _dtc(id_, name, w, h, px, *, source=DTC, **kw):
    return Product("drivethru", id_, name, "card", (w, h), px, (0.125, 0.125), 0.125,
                   source, shape="rounded", corner=0.125, **kw)


DTC_PRODUCTS = (
    _dtc("us-poker", "Premium US Poker card", 2.5, 3.5, (825, 1125),
         note="page 2.75 x 3.75 in with bleed"),
    _dtc("euro-poker", "Premium Euro Poker card", 2.48, 3.46, (819, 1113),
         source="assumed: a community DriveThruCards exporter gives 2.73 x 3.71 in with "
                "bleed (63 x 88 mm and 1/8 in a side); not in the card guide read here"),
    _dtc("mini-american", "Mini card (Mini American)", 1.625, 2.5, (563, 825),
         source="assumed: mcdemarco/cardpen's notes name DriveThruCards' mini 1 5/8 x "
                "2 1/2 in; bleed as the card guide's 1/8 in"),
    _dtc("tarot", "Tarot card", 2.75, 4.75, (900, 1500),
         source="assumed: the usual tarot size, with the card guide's 1/8 in bleed; "
                "DriveThruCards' list of formats was not reachable here"),
)

DRIVETHRU_PDF = CardPdf(
    shop="drivethru", standard="PDF/X-1a:2003", colour="CMYK (US Web Coated SWOP v2)",
    max_ink=240, bleed_in=0.125,
    page="one card face a page, the page the card with its bleed (poker 2.75 x 3.75 in)",
    order="front of card 1, back of card 1, front of card 2, ... (every front followed "
          "by its back, a shared back repeated)",
    boxes="MediaBox = BleedBox = the page; TrimBox 1/8 in (9 pt) inside it",
    source=DTC + "; page order, TrimBox and the 240 % ink limit assumed: the card "
                 "guide's page on ordering was not found here (community exporters "
                 "alternate fronts and backs)")

PRODUCTS: dict[str, tuple[Product, ...]] = {
    "tgc": TGC_PRODUCTS, "mpc": MPC_PRODUCTS, "drivethru": DTC_PRODUCTS}


def _kind(kind: str | None) -> str | None:
    if kind is None:
        return None
    kind = ALIASES.get(kind, kind)
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}: one of {', '.join(KINDS)}")
    return kind


def closeness(product: Product, width_mm: float, height_mm: float) -> float:
    """How far the product's trim is from width x height mm: the larger relative
    difference of the two sides, the better of the two orientations (0 = same)."""
    pw, ph = product.trim_mm

    def off(a, b):
        return max(abs(a - width_mm) / width_mm, abs(b - height_mm) / height_mm)
    return min(off(pw, ph), off(ph, pw))


def nearest(shop: str, width_mm: float, height_mm: float,
            kind: str | None = None) -> list[Product]:
    """The shop's products of `kind` (all kinds when None), closest trim first."""
    kind = _kind(kind)
    pool = [p for p in PRODUCTS[shop] if kind is None or p.kind == kind]
    return sorted(pool, key=lambda p: (closeness(p, width_mm, height_mm), p.assumed))


def fitting(shop: str, width_mm: float, height_mm: float, kind: str | None = None,
            tolerance: float = 0.04) -> list[Product]:
    """The products whose trim is within `tolerance` (relative, each side, either
    orientation) of width x height mm, closest first."""
    return [p for p in nearest(shop, width_mm, height_mm, kind)
            if closeness(p, width_mm, height_mm) <= tolerance]


def find(shop: str, product_id: str) -> Product:
    for p in PRODUCTS[shop]:
        if p.id == product_id:
            return p
    raise KeyError(f"{shop} has no product {product_id!r}")
