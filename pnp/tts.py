"""Tabletop Simulator: a saved object to drop into TTS's "Saved Objects" folder.

Decks become DeckCustom objects whose faces come from sheets of at most 10 x 7
cards and 4096 px a side (TTS's limits), the last slot of every sheet showing
the back (TTS shows it for hidden cards); tokens become two-sided Custom_Tile
objects in a bag per component; sheets (boards, references) Custom_Board
objects. Dice are not exported (TTS maps a custom d6's faces onto its own
template, which this export does not draw). Images are referenced by local
file URLs, or under `--base-url` when they are hosted.

Format: TTS's save files (ObjectStates, CustomDeck with FaceURL/BackURL/
NumWidth/NumHeight/BackIsHidden, DeckIDs = deck key x 100 + slot, one Card in
ContainedObjects per card), as its knowledge base and public saves show.
"""

from __future__ import annotations

import hashlib
import json
import re

from PIL import Image

MAX_COLS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
TILE_TYPES = {"square": 0, "hex": 1, "round": 2}


def guid(*parts) -> str:
    """A stable 6-hex-digit GUID, so the same game exports the same file."""
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def grid(cards: int) -> tuple[int, int]:
    """Columns and rows of one face sheet holding `cards` faces and the back."""
    slots = min(cards + 1, MAX_COLS * MAX_ROWS)
    cols = min(MAX_COLS, slots)
    return cols, -(-slots // cols)


def card_dpi(trim: tuple, dpi: int, cols: int, rows: int) -> int:
    """The highest whole dpi, at most `dpi`, at which a sheet of cols x rows cards of
    `trim` mm stays within 4096 px a side, each card round(mm / 25.4 x dpi) px as shops
    count: a whole number, so the manifest can say what resolution the sheet has."""
    from pnp.export import pixels

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


def transform(x: float, flipped: bool = False) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def base(name: str, nickname: str, key: tuple, x: float, flipped=False) -> dict:
    return {"GUID": guid(*key), "Name": name, "Transform": transform(x, flipped),
            "Nickname": nickname, "Description": "", "ColorDiffuse": dict(GREY),
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


class SavedObject:
    """The objects of one game, and the images they reference."""

    def __init__(self, game, url):
        self.game, self.url = game, url  # url(path) -> the URL TTS loads it from
        self.objects: list[dict] = []

    def text(self) -> str:
        save = {"SaveName": self.game.name, "GameMode": self.game.name, "Date": "",
                "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
                "LuaScript": "", "LuaScriptState": "", "ObjectStates": self.objects}
        return json.dumps(save, indent=1, ensure_ascii=False) + "\n"

    def deck(self, comp, cards: list, sheets: list, back, owner: str = "") -> None:
        """cards: [(item, copy)] in order; sheets: [(face sheet path, cols, rows, count)];
        owner: the player set of a per_player deck (one deck each)."""
        name = f"{comp.name} ({owner})" if owner else comp.name
        deck = base("DeckCustom", name, (self.game.id, comp.id, *([owner] if owner else [])),
                    3.0 * len(self.objects), flipped=True)
        deck.update({"HideWhenFaceDown": True, "SidewaysCard": False, "DeckIDs": [],
                     "CustomDeck": {}, "ContainedObjects": []})
        position = 0
        for number, (path, cols, rows, count) in enumerate(sheets, start=1):
            entry = {"FaceURL": self.url(path), "BackURL": self.url(back), "NumWidth": cols,
                     "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
            deck["CustomDeck"][str(number)] = entry
            for slot in range(count):
                item, copy = cards[position]
                position += 1
                card_id = number * 100 + slot
                card = base("Card", str(item.fields.get("name") or item.id),
                            (self.game.id, comp.id, item.id, copy), 0.0, flipped=True)
                card.update({"Description": description(item),
                             "CardID": card_id, "SidewaysCard": False,
                             "CustomDeck": {str(number): entry}, "GMNotes": item.id})
                deck["DeckIDs"].append(card_id)
                deck["ContainedObjects"].append(card)
        self.objects.append(deck)

    def tokens(self, comp, tiles: list) -> None:
        """tiles: [(item, copy, front path, back path or None)] -> a bag of Custom_Tiles."""
        bag = base("Bag", comp.name, (self.game.id, comp.id), 3.0 * len(self.objects))
        bag["ContainedObjects"] = []
        for item, copy, front, back in tiles:
            tile = base("Custom_Tile", str(item.fields.get("label") or item.id),
                        (self.game.id, comp.id, item.id, copy), 0.0)
            tile["CustomImage"] = {
                "ImageURL": self.url(front), "ImageSecondaryURL": self.url(back) if back else "",
                "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomTile": {"Type": TILE_TYPES.get(item.shape, 0), "Thickness": 0.2,
                               "Stackable": True, "Stretch": True}}
            bag["ContainedObjects"].append(tile)
        self.objects.append(bag)

    def board(self, comp, item, copy, image) -> None:
        board = base("Custom_Board", f"{comp.name}: {item.id}",
                     (self.game.id, comp.id, item.id, copy), 3.0 * len(self.objects))
        board["CustomImage"] = {"ImageURL": self.url(image), "ImageSecondaryURL": "",
                                "ImageScalar": 1.0, "WidthScale": 0.0}
        self.objects.append(board)


def face_sheets(faces, total: int, size: tuple, back: Image.Image, save) -> list:
    """Face sheets of up to 69 faces each and the back in the last slot, built as the
    faces come (an iterator: memory holds one sheet, however long the deck);
    `save(image, number)` writes a sheet and returns its path."""
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
