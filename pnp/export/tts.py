"""Tabletop Simulator: a saved object to drop into TTS's "Saved Objects" folder, with
the images it loads. The whole game is one object: every deck, die, token, board and
standee, at its real size relative to the others.

- Decks become DeckCustom objects whose faces come from sheets of at most 10 x 7
  cards and 4096 px a side (TTS's limits), the last slot of every sheet showing the
  back (TTS shows it for hidden cards). Every face sheet has a CustomDeck key of its
  own across the whole save (1, 2, 3, ... in export order), and a card's CardID is
  its key x 100 + its slot on that sheet, so cards of two decks stacked together
  keep their faces. A deck of one card is a Card object, not a deck.
- Backs: a deck whose cards all print the same back has one back image; where the
  backs differ (a back layout reading a card's fields, an item's own `back:`), the
  deck has UniqueBack on and each BackURL is a back sheet laid out like its face
  sheet, each card's back in its face's slot. Whether backs differ is read from the
  drawing (piecepdf's page digests), so a deck of identical backs rasterises one.
  A `per_player` deck is one deck per player set, each with its own back.
- Dice (`kind: dice`, six faces each) become Custom_Dice d6 (CustomDice.Type 1):
  TTS's d6 image is a square 3 x 3 grid whose top row is unused; the middle row
  holds faces 2, 4, 5 upright, the bottom row 1 turned 180°, 3 upright, 6 turned
  180°, each face's art inset DIE_INSET of the cell from its edges on its own edge
  colour. RotationValues give the rotation that shows each face value on top
  (1 = (-90, 0, 0), 2 = (0, 0, 0), 3 = (0, 0, -90), 4 = (0, 0, 90), 5 = (0, 0, -180),
  6 = (90, 0, 0)), and the Description names each face's value and what it shows.
- Tokens become two-sided Custom_Tile objects (square, hex or round as printed) in a
  bag per component; sheets (boards, references) square Custom_Tiles on the table.
  Their images are the trim only (TTS shows an image whole; the bleed is for the
  knife), boards and sheets at most BOARD_DPI. Identical sides are written once.
- A sheet with `standee:` in game.yaml (a fold-up figure: the bands of its net that
  are the figure's front and back) becomes a Figurine_Custom with those two images.
- Sizes (ttssave.py): a TTS unit is about an inch; each object's scale is its real
  size over what its kind measures at scale 1, assumed as a custom card 2.5 x 3.5 in,
  a Custom_Tile (Stretch on) 2 x 2 units, a d6 1 unit, a figurine 2 units tall. So a
  6 mm marker is 6/400 of a 400 mm playmat and a 63 x 88 mm card about 2.5 x 3.5 in.
  Objects lie in rows by their real widths, none on another.

Images are referenced by local file URLs, or under `--base-url` when they are hosted.
Format: TTS's save files (ObjectStates; CustomDeck with FaceURL/BackURL/NumWidth/
NumHeight/BackIsHidden/UniqueBack; DeckIDs; CustomImage with ImageURL/
ImageSecondaryURL, CustomTile, CustomDice; RotationValues), as its knowledge base and
public saves show. export.py calls this module; it never calls export.py.
"""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from pnp.export.pixels import full_size, pixels
from pnp.export.raster import rasterise
from pnp.export.ttssave import SavedObject
from pnp.load.players import slug
from pnp.sheets.piecepdf import file_stem, owners

MAX_COLS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096
BOARD_DPI = 150  # boards and sheets are shown on a screen, never printed
DIE_INSET = 0.04  # of a die template cell, on each side: no art on a die's edge
DIE_CELLS = {2: (1, 0, 0), 4: (1, 1, 0), 5: (1, 2, 0),  # face: (row, column, turned)
             1: (2, 0, 180), 3: (2, 1, 0), 6: (2, 2, 180)}


def saved_object(game, target: Path, base_url: str) -> SavedObject:
    def url(path: Path) -> str:
        if base_url:
            return base_url.rstrip("/") + "/" + path.relative_to(target).as_posix()
        return path.resolve().as_uri()

    return SavedObject(game, url)


def grid(cards: int) -> tuple[int, int]:
    """Columns and rows of one face sheet holding `cards` faces and the back."""
    slots = min(cards + 1, MAX_COLS * MAX_ROWS)
    cols = min(MAX_COLS, slots)
    return cols, -(-slots // cols)


def card_dpi(trim: tuple, dpi: int, cols: int, rows: int) -> int:
    """The highest whole dpi, at most `dpi`, at which a sheet of cols x rows cards of
    `trim` mm stays within 4096 px a side, each card round(mm / 25.4 x dpi) px as shops
    count: a whole number, so the manifest can say what resolution the sheet has."""
    # a card's pixels round at most half a pixel down: no higher dpi can fit
    best = max(1, min(dpi, int((MAX_PIXELS + cols / 2) / (cols * trim[0] / 25.4)),
                      int((MAX_PIXELS + rows / 2) / (rows * trim[1] / 25.4))))
    while best > 1 and (cols * pixels(trim[0], best) > MAX_PIXELS or
                        rows * pixels(trim[1], best) > MAX_PIXELS):
        best -= 1
    return best


def plain_text(markup) -> str:
    text = markup if isinstance(markup, str) else ""
    return re.sub(r"\s+", " ", re.sub(r"\*+|:[a-z0-9-]+:|\u00ad", "", text)).strip()


def description(item) -> str:
    """A card's text field, or else its other text values (what a player hovers for)."""
    if isinstance(item.fields.get("text"), str):
        return plain_text(item.fields["text"])
    parts = [plain_text(v) for k, v in item.fields.items()
             if isinstance(v, str) and k not in ("id", "name")]
    return " · ".join(p for p in parts if p)


def face_text(face) -> str:
    """What a die face shows, in words: its values that are not empty."""
    if isinstance(face, dict):
        return " ".join(plain_text(str(v)) for v in face.values() if v not in ("", None))
    return "" if face is None else plain_text(str(face))


def face_sheets(faces, total: int, size: tuple, back: Image.Image, save) -> list:
    """Face sheets of up to 69 faces each and the back in the last slot, built as the
    faces come (an iterator: memory holds one sheet, however long the deck);
    `save(image, number)` writes a sheet and returns its path. A deck's back sheets
    are built the same way from its backs."""
    per_sheet = MAX_COLS * MAX_ROWS - 1
    sheets, sheet = [], None
    for index, face in enumerate(faces):
        slot = index % per_sheet
        if slot == 0:
            count = min(per_sheet, total - index)
            cols, rows = grid(count)
            sheet = Image.new("RGB", (cols * size[0], rows * size[1]), "white")
        sheet.paste(face, ((slot % cols) * size[0], (slot // cols) * size[1]))
        if slot == count - 1:
            last = cols * rows - 1
            sheet.paste(back, ((last % cols) * size[0], (last // cols) * size[1]))
            sheets.append((save(sheet, len(sheets) + 1), cols, rows, count))
            sheet = None
    return sheets


def die_template(faces: list) -> Image.Image:
    """TTS's d6 image from six face images (value 1 first), as the module says."""
    cell = max(max(f.size) for f in faces)
    inset = max(1, round(cell * DIE_INSET))
    template = Image.new("RGB", (3 * cell, 3 * cell), "white")
    for value, (row, col, turned) in DIE_CELLS.items():
        face = faces[value - 1].resize((cell - 2 * inset,) * 2, Image.Resampling.LANCZOS)
        face = face.rotate(turned) if turned else face
        edge = faces[value - 1].getpixel((0, 0))  # the face's own colour around the art
        template.paste(edge, (col * cell, row * cell, (col + 1) * cell, (row + 1) * cell))
        template.paste(face, (col * cell + inset, row * cell + inset))
    return template


def trimmed(image: Image.Image, page, dpi: int) -> Image.Image:
    """The trim of a piece side's image: round(mm / 25.4 x dpi) px a side, as counted."""
    b = pixels(page.bleed, dpi)
    return image.crop((b, b, b + pixels(page.size[0], dpi), b + pixels(page.size[1], dpi)))


class Writer:
    """One component's images and objects (see write_tts)."""

    def __init__(self, saved, comp, pages, pdf: bytes, digests: list, output, target, dpi):
        self.saved, self.comp, self.pages, self.pdf = saved, comp, pages, pdf
        self.digests, self.output, self.target, self.dpi = digests, output, target, dpi
        self.files: list[dict] = []

    def save(self, image, name: str, resolution: int) -> Path:
        final = self.target / name
        if final.parent != self.target:
            self.output.folder(str(final.parent.relative_to(self.output.out_dir)))
        image.save(self.output.temporary(final), format="PNG", dpi=(resolution, resolution))
        self.files.append({"file": name, "component": self.comp.id,
                           "pixels": list(image.size), "dpi": resolution})
        return final

    def images(self, indices: list, dpi: int, trim: bool = True) -> dict:
        """{page index: its image file}, each drawing rasterised and written once."""
        first: dict = {}
        for i in indices:
            first.setdefault(self.digests[i], i)
        unique = sorted(set(first.values()))
        sizes = [full_size(p, dpi) for p in self.pages]
        written = {}
        for i, image in zip(unique, rasterise(self.pdf, dpi, sizes, unique), strict=True):
            page = self.pages[i]
            image = trimmed(image, page, dpi) if trim else image
            written[i] = self.save(image, f"{self.comp.id}/{file_stem(page)}.png", dpi)
        return {i: written[first[self.digests[i]]] for i in indices}

    def deck(self, owner: str, indices: list) -> None:
        """One deck (a per_player deck: one per set), its face sheets and back(s)."""
        pages, stem = self.pages, f"{self.comp.id}-{slug(owner)}" if owner else self.comp.id
        fronts = [i for i in indices if pages[i].side == "front"]
        backs = [i + 1 if i + 1 < len(pages) and pages[i + 1].side == "back" else i
                 for i in fronts]
        unique = len({self.digests[i] for i in backs}) > 1
        cols, rows = grid(len(fronts))
        w, h = pages[0].size
        card_at = card_dpi((w, h), self.dpi, cols, rows)  # lowered to fit 4096 px a side
        size = (pixels(w, card_at), pixels(h, card_at))
        shown = max(30, card_at)  # drawn at 30 dpi at least, then scaled to `size`
        sizes = [full_size(p, shown) for p in pages]

        def card(image):  # the trim, at the sheet's card size
            trim = trimmed(image, pages[0], shown)
            return trim if trim.size == size else trim.resize(size, Image.Resampling.LANCZOS)

        back = card(next(rasterise(self.pdf, shown, sizes, backs[:1])))
        faces = (card(image) for image in rasterise(self.pdf, shown, sizes, fronts))
        sheets = face_sheets(faces, len(fronts), size, back, lambda sheet, n: self.save(
            sheet, f"{stem}-faces-{n}.png", card_at))
        if unique:  # back sheets laid out as the face sheets, each back in its slot
            cards = (card(image) for image in rasterise(self.pdf, shown, sizes, backs))
            back_sheets = [s[0] for s in face_sheets(cards, len(backs), size, back, lambda
                                                     sheet, n: self.save(
                                                         sheet, f"{stem}-backs-{n}.png",
                                                         card_at))]
        else:
            back_sheets = [self.save(back, f"{stem}-back.png", card_at)] * len(sheets)
        self.saved.deck(self.comp, owner, [(pages[i].item, pages[i].copy,
                                            description(pages[i].item)) for i in fronts],
                        [(faces, back_sheet, c, r, n, unique) for (faces, c, r, n), back_sheet
                         in zip(sheets, back_sheets, strict=True)], (w, h))

    def dice(self) -> None:
        """A Custom_Dice per die and copy, from its six faces' template image."""
        comp, pages = self.comp, self.pages
        sizes = [full_size(p, self.dpi) for p in pages]
        images = iter(rasterise(self.pdf, self.dpi, sizes))
        for start in range(0, len(pages), 6):
            page = pages[start]
            template = die_template([next(images) for _ in range(6)])
            stem = page.item.id + (f"-{page.copy}" if page.item.copies > 1 else "")
            path = self.save(template, f"dice/{stem}.png", self.dpi)
            self.saved.die(comp, page.item, page.copy, path, page.size[0],
                           [face_text(f) for f in page.item.faces])

    def tokens(self) -> None:
        pages = self.pages
        images = self.images(list(range(len(pages))), self.dpi)
        tiles = []
        for i, page in enumerate(pages):
            if page.side != "front":
                continue
            back = i + 1 if i + 1 < len(pages) and pages[i + 1].side == "back" else None
            tiles.append(self.saved.tile(self.comp, page.item, page.copy, images[i],
                                         images.get(back), page.size))
        self.saved.bag(self.comp, tiles)

    def sheets(self) -> None:
        board = min(self.dpi, BOARD_DPI)
        if self.comp.standee:
            sizes = [full_size(p, board) for p in self.pages]
            for page, net in zip(self.pages, rasterise(self.pdf, board, sizes), strict=True):
                self.figurine(page, net, self.comp.standee, board)
            return
        images = self.images(list(range(len(self.pages))), board)
        for i, page in enumerate(self.pages):
            self.saved.sheet(self.comp, page.item, page.copy, images[i], page.size)

    def figurine(self, page, net: Image.Image, standee: dict, dpi: int) -> None:
        """A standee's front and back cut from its net, the back band turned upright."""
        b, w = page.bleed, page.size[0]
        sides, stem = [], file_stem(page).removesuffix("-front")
        for side, turned in (("front", False), ("back", True)):
            (top, bottom), left = standee[side], pixels(b, dpi)
            image = net.crop((left, pixels(b + top, dpi), left + pixels(w, dpi),
                              pixels(b + top, dpi) + pixels(bottom - top, dpi)))
            sides.append(self.save(image.rotate(180) if turned else image,
                                   f"{self.comp.id}/{stem}-{side}.png", dpi))
        height = standee["front"][1] - standee["front"][0]
        self.saved.figurine(self.comp, page.item, page.copy, *sides, (w, height))


def write_tts(saved, comp, pages, pdf: bytes, digests: list, output, target,
              dpi: int) -> list[dict]:
    """Tabletop Simulator images for a component, and its objects in `saved`; each
    file listed with the dpi it really has, which is stored in the PNG too. `digests`:
    one per page (piecepdf.render_pieces), equal for sides drawn alike."""
    writer = Writer(saved, comp, pages, pdf, digests, output, target, dpi)
    if comp.kind == "deck":
        for owner, indices in owners(saved.game, comp, pages):
            writer.deck(owner, indices)
    elif comp.kind == "dice":
        writer.dice()
    elif comp.kind == "tokens":
        writer.tokens()
    elif comp.kind == "sheet":
        writer.sheets()
    return writer.files
