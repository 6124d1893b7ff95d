"""The JSON of a Tabletop Simulator saved object (tts.py makes its images).

Sizes: a Tabletop Simulator unit is about an inch (its knowledge base gives a custom
tile's thickness "in in-game units (about an inch)"), and every object gets the scale
that gives it its real size from what it measures at scale 1 (SCALE_1_MM). Those
base sizes are assumptions from public saves, not measured in the game: correct the
table if one is off, and every object of that kind follows.

Objects lie on the table in rows about ROW_UNITS wide, each beside the last by its
real width and a GAP, so none overlaps another.
"""

from __future__ import annotations

import hashlib
import json

UNIT_MM = 25.4  # one Tabletop Simulator unit
SCALE_1_MM = {  # (width, depth) at scale 1
    "Card": (63.5, 88.9),  # a custom card: 2.5 x 3.5 in, whatever its image's shape
    "Custom_Tile": (50.8, 50.8),  # Stretch on: 2 x 2 units, the image stretched to fit
    "Custom_Dice": (25.4, 25.4),  # a d6 of 1 unit an edge
    "Figurine_Custom": (25.4, 50.8),  # its image 2 units tall (width: the image's shape)
}
BAG_UNITS = 3.0  # a bag's footprint on the table (its contents are inside it)
GAP, ROW_UNITS = 1.0, 60.0
TILE_THICKNESS = 0.1  # units: about 2.5 mm, a token punched from card
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
TILE_TYPES = {"square": 0, "hex": 1, "round": 2}
D6 = 1  # CustomDice.Type: 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20
D6_ROTATIONS = {1: (-90, 0, 0), 2: (0, 0, 0), 3: (0, 0, -90), 4: (0, 0, 90),
                5: (0, 0, -180), 6: (90, 0, 0)}  # the face value up at each rotation


def guid(*parts) -> str:
    """A stable 6-hex-digit GUID, so the same game exports the same file."""
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def scale(kind: str, size_mm: tuple) -> tuple[float, float]:
    """scaleX, scaleZ giving an object of `kind` the real size `size_mm` (w, h)."""
    base = SCALE_1_MM[kind]
    if kind == "Figurine_Custom":  # stands upright: its height is what scales
        return (round(size_mm[1] / base[1], 4),) * 2
    return round(size_mm[0] / base[0], 4), round(size_mm[1] / base[1], 4)


def base(name: str, nickname: str, key: tuple, size_mm: tuple | None = None,
         flipped: bool = False) -> dict:
    """An object with its transform: `size_mm` its real size (None: scale 1)."""
    sx, sz = scale(name if name in SCALE_1_MM else "Card", size_mm) if size_mm else (1, 1)
    return {"GUID": guid(*key), "Name": name, "GMNotes": "",
            "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
                          "rotZ": 180.0 if flipped else 0.0,
                          "scaleX": sx, "scaleY": sx if name == "Figurine_Custom" else 1.0,
                          "scaleZ": sz},
            "Nickname": nickname, "Description": "", "ColorDiffuse": dict(GREY),
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def card_name(item) -> str:
    return str(item.fields.get("name") or item.fields.get("label") or item.id)


class SavedObject:
    """The objects of one game, and the images they reference."""

    def __init__(self, game, url):
        self.game, self.url = game, url  # url(path) -> the URL TTS loads it from
        self.objects: list[dict] = []
        self.footprints: list[tuple] = []  # (width, depth) in units, one an object
        self.decks: list[dict] = []  # what the manifest says of each deck
        self.next_key = 1  # CustomDeck keys are unique in the whole save

    def place(self, obj: dict, size_mm: tuple | None) -> None:
        self.objects.append(obj)
        self.footprints.append((size_mm[0] / UNIT_MM, size_mm[1] / UNIT_MM) if size_mm
                               else (BAG_UNITS, BAG_UNITS))

    def arrange(self) -> None:
        """Rows from the table's far side towards the players, left to right."""
        x = z = depth = 0.0
        for obj, (w, d) in zip(self.objects, self.footprints, strict=True):
            if x and x + w > ROW_UNITS:
                x, z, depth = 0.0, z - depth - GAP, 0.0
            obj["Transform"]["posX"] = round(x + w / 2, 3)
            obj["Transform"]["posZ"] = round(z - d / 2, 3)
            x, depth = x + w + GAP, max(depth, d)

    def text(self) -> str:
        self.arrange()
        save = {"SaveName": self.game.name, "GameMode": self.game.name, "Date": "",
                "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
                "LuaScript": "", "LuaScriptState": "", "ObjectStates": self.objects}
        return json.dumps(save, indent=1, ensure_ascii=False) + "\n"

    def deck(self, comp, owner: str, cards: list, sheets: list, size_mm: tuple) -> None:
        """cards: [(item, copy, text)] in order; sheets: [(face sheet, back image or back
        sheet, cols, rows, count, unique back)]: a deck of its cards, a Card alone."""
        name = f"{comp.name} ({owner})" if owner else comp.name
        where = (self.game.id, comp.id, *([owner] if owner else []))
        deck = base("DeckCustom", name, where, size_mm, flipped=True)
        deck.update({"HideWhenFaceDown": True, "SidewaysCard": False, "DeckIDs": [],
                     "CustomDeck": {}, "ContainedObjects": []})
        cards, keys = iter(cards), []
        for faces, back, cols, rows, count, unique in sheets:
            key = str(self.next_key)
            self.next_key += 1
            keys.append(int(key))
            entry = {"FaceURL": self.url(faces), "BackURL": self.url(back), "NumWidth": cols,
                     "NumHeight": rows, "BackIsHidden": True, "UniqueBack": unique, "Type": 0}
            deck["CustomDeck"][key] = entry
            for slot in range(count):
                item, copy, text = next(cards)
                card = base("Card", card_name(item), (*where, item.id, copy), size_mm,
                            flipped=True)
                card.update({"Description": text, "CardID": int(key) * 100 + slot,
                             "SidewaysCard": False, "CustomDeck": {key: entry},
                             "GMNotes": item.id, "HideWhenFaceDown": True})
                deck["DeckIDs"].append(card["CardID"])
                deck["ContainedObjects"].append(card)
        alone = len(deck["ContainedObjects"]) == 1
        self.place(deck["ContainedObjects"][0] if alone else deck, size_mm)
        self.decks.append({"deck": name, "component": comp.id, **({"owner": owner} if owner
                                                                  else {}),
                           "object": "Card" if alone else "DeckCustom", "keys": keys,
                           "cards": [[c["GMNotes"], c["CardID"]]
                                     for c in deck["ContainedObjects"]],
                           "unique_backs": any(s[5] for s in sheets)})

    def tile(self, comp, item, copy, front, back, size_mm: tuple) -> dict:
        """A two-sided Custom_Tile of the item's shape at its real size."""
        tile = base("Custom_Tile", card_name(item), (self.game.id, comp.id, item.id, copy),
                    size_mm)
        tile["CustomImage"] = {
            "ImageURL": self.url(front), "ImageSecondaryURL": self.url(back) if back else "",
            "ImageScalar": 1.0, "WidthScale": 0.0,
            "CustomTile": {"Type": TILE_TYPES.get(item.shape, 0), "Thickness": TILE_THICKNESS,
                           "Stackable": True, "Stretch": True}}
        tile["GMNotes"] = item.id
        if item.shape == "hex":  # TTS's hex is regular already: scaled by its width alone
            tile["Transform"]["scaleZ"] = tile["Transform"]["scaleX"]
        return tile

    def bag(self, comp, tiles: list) -> None:
        bag = base("Bag", comp.name, (self.game.id, comp.id))
        bag["ContainedObjects"] = tiles
        self.place(bag, None)

    def sheet(self, comp, item, copy, image, size_mm: tuple) -> None:
        """A board or reference: a square Custom_Tile at its real size on the table."""
        tile = self.tile(comp, item, copy, image, None, size_mm)
        tile["Nickname"] = f"{comp.name}: {item.id}"
        tile["CustomImage"]["CustomTile"]["Type"] = 0
        self.place(tile, size_mm)

    def die(self, comp, item, copy, image, size_mm: float, faces: list) -> None:
        """A Custom_Dice d6 from the template image (tts.die_template)."""
        die = base("Custom_Dice", card_name(item), (self.game.id, comp.id, item.id, copy),
                   (size_mm, size_mm))
        die["GMNotes"] = item.id
        die["Description"] = " · ".join(f"{n}: {f}" for n, f in enumerate(faces, start=1))
        die["CustomImage"] = {"ImageURL": self.url(image), "ImageSecondaryURL": "",
                              "ImageScalar": 1.0, "WidthScale": 0.0,
                              "CustomDice": {"Type": D6}}
        die["RotationValues"] = [{"Value": value, "Rotation": dict(zip("xyz", map(float, r),
                                                                        strict=True))}
                                 for value, r in D6_ROTATIONS.items()]
        self.place(die, (size_mm, size_mm))

    def figurine(self, comp, item, copy, front, back, size_mm: tuple) -> None:
        """A standee: a Figurine_Custom, its front and back images, `size_mm` (w, h)."""
        figure = base("Figurine_Custom", f"{comp.name}: {item.id}",
                      (self.game.id, comp.id, item.id, copy), size_mm)
        figure["GMNotes"] = item.id
        figure["CustomImage"] = {"ImageURL": self.url(front),
                                 "ImageSecondaryURL": self.url(back),
                                 "ImageScalar": 1.0, "WidthScale": 0.0}
        self.place(figure, (size_mm[0], size_mm[0]))
