"""The schema of every YAML file: game.yaml, layout files, icon files, card data."""

from __future__ import annotations

import re

from pnp.load.formats import (
    BACK_SHIFT,
    CROP_MARKS,
    DUPLEX,
    MAX_SHOWN,
    PAPERS,
    SHOWCASE_STYLES,
)
from pnp.load.langs import LANGUAGES
from pnp.load.schema import (
    SLUG,
    Any_,
    Bool,
    Color,
    Int,
    Length,
    ListOf,
    MapOf,
    Num,
    OneOf,
    Opt,
    Plain,
    Record,
    Regex,
    Str,
)
from pnp.load.tablespec import TABLE_ENTRY

CARD_SIZES = {  # trim sizes in mm
    "poker": (63.0, 88.0),
    "poker-us": (63.5, 88.9),  # 2.5 x 3.5 in, as US print shops cut it
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
    "a5": (148.0, 210.0),
    "a4": (210.0, 297.0),
}

KINDS = ("deck", "sheet", "tokens", "dice")
SHOP_IDS = ("tgc", "mpc", "drivethru")  # pnp/export/shops.py (a test holds them alike)
# Limits no real game meets; beyond them a file is refused, located, before any work.
MAX_COPIES = 1000  # copies of one item
MAX_PIECES = 20_000  # pieces in one game, all copies counted
MAX_BOXES = 1000  # boxes of one track; rows or columns of one grid
MAX_HEX_LINES = 200  # rows or columns of one hexgrid (pnp.draw.hexgrid: 10,000 spaces)
SHAPES = ("round", "square", "hex")
ALIGN = ("left", "center", "right")
VALIGN = ("top", "middle", "bottom")
FIELD_TYPES = ("text", "int", "number", "bool", "list", "map", "any")

slug = Str(pattern=SLUG, expected="an id of lowercase letters, digits and hyphens")
PAGE = "page"  # a sheet as large as the chosen paper's printable area
# lengths read once, not per piece, take no expression (`w - 6` means nothing there)
fixed_size = ListOf(Length(min=1, templated=False), min=2, max=2)
size_spec = OneOf((Str(choices=tuple(CARD_SIZES)), fixed_size),
                  expected=f"a size name ({', '.join(CARD_SIZES)}) or [width, height] in mm")
sheet_size_spec = OneOf((Str(choices=(*CARD_SIZES, PAGE)), fixed_size),
                        expected=f"a size name ({', '.join(CARD_SIZES)}), '{PAGE}' (the "
                        "printable area of the paper) or [width, height] in mm")
point = ListOf(Length(), min=2, max=2)
dash = ListOf(Num(min=0, max=100), max=8)
copies = Int(min=0, max=MAX_COPIES)
when_spec = OneOf((Str(), Bool()), expected="a condition like 'level >= 3'")

STYLE = Record({
    "font": Opt(Str()),
    "size": Opt(Num(min=1, max=400)),
    "min_size": Opt(Num(min=1, max=400)),
    "bold": Opt(Bool()),
    "italic": Opt(Bool()),
    "color": Opt(Color()),
    "align": Opt(Str(choices=ALIGN)),
    "valign": Opt(Str(choices=VALIGN)),
    "leading": Opt(Num(min=0.5, max=3)),
    "upper": Opt(Bool()),
    "tracking": Opt(Num(min=-2, max=20)),
    "max_lines": Opt(Int(min=1, max=500)),
    "extends": Opt(Str()),
}, what="style")

BOX = {"x": Opt(Length(), default=0.0), "y": Opt(Length(), default=0.0),
       "w": Opt(Length(min=0)), "h": Opt(Length(min=0))}
COMMON = {"id": Opt(Str()), "when": Opt(when_spec), "type": Opt(Str(), required=True)}
PAINT = {"fill": Opt(Color()), "stroke": Opt(Color()),
         "stroke_width": Opt(Length(min=0), default=0.3), "dash": Opt(dash)}
MAX_LINES = 50
# `lines` instead of `text`: paragraphs, each kept only when it has something to say
LINE = OneOf((Str(), Record({"text": Opt(Str(), required=True), "when": Opt(when_spec),
                             "each": Opt(Str())}, what="line")),
             expected="a line: text, or a mapping {text, when, each}")
TEXT = {"text": Opt(Any_()), "lines": Opt(ListOf(LINE, min=1, max=MAX_LINES)),
        "style": Opt(Str(templated=True)),
        "size": Opt(Num(min=1, max=400)), "color": Opt(Color()), "align": Opt(Str(choices=ALIGN)),
        "valign": Opt(Str(choices=VALIGN)), "min_size": Opt(Num(min=1, max=400)),
        "rotate": Opt(Num(min=-360, max=360), default=0)}
# what a hexgrid prints in a space: an icon (centred) and a label (under it)
SPACE_LOOK = {"icon": Opt(Str(templated=True)), "icon_size": Opt(Length(min=0.5)),
              "color": Opt(Color()), "label": Opt(Any_())}
ANCHORS = ("center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left",
           "bottom-right")

ELEMENTS = {
    "background": {"fill": Opt(Color()), "image": Opt(Str(templated=True))},
    "rect": {**BOX, **PAINT, "radius": Opt(Length(min=0), default=0.0)},
    "line": {"points": Opt(ListOf(point, min=2), required=True), "stroke": Opt(Color()),
             "stroke_width": Opt(Length(min=0), default=0.3), "dash": Opt(dash)},
    "circle": {"cx": Opt(Length(), required=True), "cy": Opt(Length(), required=True),
               "r": Opt(Length(min=0), required=True), **PAINT},
    "polygon": {"points": Opt(ListOf(point, min=3), required=True), **PAINT},
    "text": {**BOX, **TEXT},
    "richtext": {**BOX, **TEXT},
    "icon": {"name": Opt(Str(templated=True), required=True), "x": Opt(Length(), default=0.0),
             "y": Opt(Length(), default=0.0), "size": Opt(Length(min=0.5), required=True),
             "color": Opt(Color()), "rotate": Opt(Num(min=-360, max=360), default=0)},
    "image": {**BOX, "src": Opt(Str(templated=True), required=True),
              "fit": Opt(Str(choices=("cover", "contain", "stretch")), default="contain"),
              "anchor": Opt(Str(choices=ANCHORS), default="center"),
              "offset": Opt(point), "crop": Opt(ListOf(Num(min=0), min=4, max=4)),
              "rotate": Opt(Num(min=-360, max=360), default=0)},
    "badge": {"x": Opt(Length(), default=0.0), "y": Opt(Length(), default=0.0),
              "size": Opt(Length(min=1), required=True),
              "shape": Opt(Str(choices=("circle", "hex", "shield", "square", "diamond"),
                               templated=True), default="circle"),
              "value": Opt(Any_(), required=True), "label": Opt(Any_()),
              "style": Opt(Str()), "label_style": Opt(Str()), **PAINT},
    "track": {**BOX, "start": Opt(Int(min=-1_000_000, max=1_000_000), required=True),
              "stop": Opt(Int(min=-1_000_000, max=1_000_000), required=True),
              "step": Opt(Int(min=-1_000_000, max=1_000_000), default=1),
              "columns": Opt(Int(min=1, max=MAX_BOXES)),
              "style": Opt(Str()), **PAINT, "highlight": Opt(Any_()),
              "highlight_fill": Opt(Color())},
    "grid": {**BOX, "rows": Opt(Int(min=1, max=MAX_BOXES), required=True),
             "cols": Opt(Int(min=1, max=MAX_BOXES), required=True),
             "stroke": Opt(Color()), "stroke_width": Opt(Length(min=0), default=0.3),
             "dash": Opt(dash)},
    # a field of hexagonal spaces (pnp/draw/hexgrid.py); the keys of a space's look may be
    # given for every space here and per space in `spaces`
    "hexgrid": {"x": Opt(Length(), default=0.0), "y": Opt(Length(), default=0.0),
                "rows": Opt(Int(min=1, max=MAX_HEX_LINES, templated=True), required=True),
                "cols": Opt(Int(min=1, max=MAX_HEX_LINES, templated=True), required=True),
                "size": Opt(Length(min=1), required=True),
                "orient": Opt(Str(choices=("pointy", "flat")), default="pointy"),
                "shift": Opt(Str(choices=("odd", "even")), default="even"),
                "short": Opt(Bool(), default=False), "gap": Opt(Length(min=0), default=0.0),
                "names": Opt(Bool(), default=False),
                "name_at": Opt(Str(choices=("top", "center", "bottom")), default="top"),
                **PAINT, **SPACE_LOOK, "style": Opt(Str(templated=True)),
                "label_style": Opt(Str(templated=True)),
                "spaces": Opt(ListOf(Record({
                    "at": Opt(OneOf((Str(), ListOf(Str(), min=1)),
                                    expected="a space (B3), a row (B) or a column (3), or "
                                    "a list of them"), required=True),
                    "fill": Opt(Color()), "stroke": Opt(Color()),
                    "stroke_width": Opt(Length(min=0)), "dash": Opt(dash),
                    "style": Opt(Str(templated=True)), "label_style": Opt(Str(templated=True)),
                    **SPACE_LOOK}, what="hexgrid space"), max=MAX_BOXES))},
}
ELEMENT_SPECS = {
    kind: Record({**COMMON, **fields}, what=f"'{kind}' element")
    for kind, fields in ELEMENTS.items()
}

LAYOUT = Record({
    "extends": Opt(Str()),
    "elements": Opt(ListOf(Any_()), default=[]),
    "hide": Opt(ListOf(Str()), default=[]),
}, what="layout")

LAYOUT_FILE = Record({
    "styles": Opt(MapOf(STYLE), default={}),
    "layouts": Opt(MapOf(LAYOUT), default={}),
}, what="layout file")

ICON_SHAPE = Record({
    "polygon": Opt(ListOf(ListOf(Num(), min=2, max=2), min=3)),
    "circle": Opt(ListOf(Num(), min=3, max=3)),
    "ring": Opt(ListOf(Num(), min=4, max=4)),
    "rect": Opt(ListOf(Num(), min=4, max=4)),
    "radius": Opt(Num(min=0)),
    "line": Opt(ListOf(ListOf(Num(), min=2, max=2), min=2)),
    "width": Opt(Num(min=0)),
    "path": Opt(ListOf(ListOf(ListOf(Num(), min=2, max=2), min=3), min=1)),
    "svg": Opt(Str()),  # an SVG file, drawn in its own colours into the 100 x 100 box
}, what="icon shape")
ICON_FILE = Record({"icons": Opt(MapOf(ListOf(ICON_SHAPE, min=1)), required=True)},
                   what="icon file")

FIELD = OneOf((
    Str(choices=FIELD_TYPES),
    Record({
        "type": Opt(Str(choices=FIELD_TYPES), required=True),
        "required": Opt(Bool(), default=True),
        "choices": Opt(ListOf(Plain())),
        "min": Opt(Num()), "max": Opt(Num()),
        "multiple_of": Opt(Int(min=1)),
        "items": Opt(Str(choices=FIELD_TYPES)),
        "item_choices": Opt(ListOf(Str())),  # list entries are text
        "max_items": Opt(Int(min=0)),
        # text (every list entry) that must match a regular expression, as a whole;
        # `means` says in words what that is, for the error message
        "pattern": Opt(Regex()), "item_pattern": Opt(Regex()), "means": Opt(Str()),
    }, what="field"),
), expected=f"a field type ({', '.join(FIELD_TYPES)}) or a mapping with 'type'")

RULES = Record({
    "count": Opt(Int(min=0)),
    "unique": Opt(ListOf(Str()), default=[]),
    # every value of `field` in `count` copies, or each named value in its own count
    "per": Opt(ListOf(Record({"field": Opt(Str(), required=True),
                              "count": Opt(Int(min=0)),
                              "counts": Opt(MapOf(Int(min=0)))}, what="per rule"))),
    # deckbuilding: at most `max` copies of an item; `except` items whose field has a
    # value take their own `max` (none: unlimited)
    "copies": Opt(Record({
        "max": Opt(Int(min=1), required=True),
        "except": Opt(ListOf(Record({"field": Opt(Str(), required=True),
                                     "has": Opt(Any_(), required=True),
                                     "max": Opt(Int(min=0))}, what="copies exception")),
                      default=[]),
    }, what="copies rule")),
    # every item's field holds one of these values (null: the field left out)
    "only": Opt(MapOf(ListOf(Any_(), min=1))),
}, what="deck rules")

STANDEE_BAND = ListOf(Length(min=0, templated=False), min=2, max=2)  # [from y, to y] in mm
STANDEE = Record({"front": Opt(STANDEE_BAND, required=True),
                  "back": Opt(STANDEE_BAND, required=True)}, what="standee")

COMPONENT = Record({
    "id": Opt(slug, required=True),
    "kind": Opt(Str(choices=KINDS), required=True),
    "name": Opt(Str()),
    "size": Opt(sheet_size_spec),
    "data": Opt(OneOf((Str(), ListOf(Str(), min=1)),
                      expected="a data file, or a list of data files read in order")),
    "sheet": Opt(Str()),  # the worksheet of an .xlsx data file (default: the first)
    "items": Opt(ListOf(Any_())),
    "fields": Opt(MapOf(FIELD), default={}),
    "front": Opt(Str()),
    "back": Opt(Str()),
    "rules": Opt(RULES),
    "shape": Opt(Str(choices=SHAPES)),
    "face": Opt(Str()),
    "vars": Opt(MapOf(Any_()), default={}),
    "per_player": Opt(Bool(), default=False),  # one copy per printed player set
    "standee": Opt(STANDEE),  # a sheet that folds into a figure: its net's front and back
    # a smaller safe zone for small pieces cut at home (a 13 mm token has no room for
    # the shops' 3 mm): the build's --safe-margin, or this, whichever is smaller
    "safe_margin": Opt(Num(min=1, max=20)),
    # the print file whose sheets it shares (pnp.load.groups); false: sheets of its own
    "pack": Opt(OneOf((Bool(), slug), expected="a name for the shared print file (lowercase "
                      "letters, digits and hyphens), or false for sheets of its own")),
    "two_sided": Opt(Bool(), default=False),  # a sheet's items in pairs, back to back
    # the product each shop's upload makes of it, by the shop's own product id
    # (pnp/export/products.py), where the nearest by size is not the one meant
    "shop": Opt(MapOf(Str(), key=Str(choices=SHOP_IDS)), default={}),
}, what="component")

FONT = Record({"regular": Opt(Str(), required=True), "bold": Opt(Str()),
               "italic": Opt(Str()), "bold-italic": Opt(Str())}, what="font family")

MAX_PLAYER_SETS = 12
VAR_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
PLAYER_SETS = Record({  # what each player owns is printed once per set (pnp build --players)
    "var": Opt(Str(pattern=VAR_NAME, expected="a variable name like 'player'"),
               default="player"),
    "values": Opt(ListOf(Str(), min=1, max=MAX_PLAYER_SETS), required=True),
    "print": Opt(Int(min=1, max=MAX_PLAYER_SETS)),
}, what="player_sets")

SHOWCASE = Record({  # the picture `pnp export --format showcase` makes (showpick.py)
    "style": Opt(Str(choices=SHOWCASE_STYLES)),
    "pieces": Opt(ListOf(Str(), min=1, max=MAX_SHOWN)),
    "background": Opt(Color(templated=False)),
}, what="showcase")

# A game's print defaults (pnp.load.printdefaults): what `build`, `check`, `watch` and
# `export` take wherever the command line does not say (their options of the same names).
PRINT = Record({
    "paper": Opt(Str(choices=tuple(PAPERS))),
    "duplex": Opt(Str(choices=DUPLEX)),
    "bleed": Opt(Num(min=0, max=10, expected="a number of mm")),
    "players": Opt(Int(min=1, max=MAX_PLAYER_SETS)),
    "printer_margin": Opt(Num(min=0, max=15, expected="a number of mm")),
    "crop_marks": Opt(Str(choices=CROP_MARKS)),
    "back_offset": Opt(ListOf(Num(min=-BACK_SHIFT, max=BACK_SHIFT, expected="a number of mm"),
                              min=2, max=2)),
}, what="print")

GAME = Record({
    "id": Opt(slug, required=True),
    "name": Opt(Str(), required=True),
    "players": Opt(OneOf((Str(), Int(min=1),
                          Record({"min": Opt(Int(min=1), required=True),
                                  "max": Opt(Int(min=1), required=True)}, what="players")),
                         expected="a number, 'min-max' text or {min, max}")),
    "description": Opt(Str()),
    "language": Opt(Str(), default="en"),
    "languages": Opt(LANGUAGES),
    "version": Opt(Any_()),
    "fonts": Opt(MapOf(FONT), default={}),
    "styles": Opt(MapOf(STYLE), default={}),
    "layouts": Opt(ListOf(Str()), default=[]),
    "icons": Opt(ListOf(Str()), default=[]),
    "vars": Opt(MapOf(Any_()), default={}),
    "include": Opt(MapOf(Str()), default={}),
    "player_sets": Opt(PLAYER_SETS),
    "showcase": Opt(SHOWCASE),
    "print": Opt(PRINT),
    "components": Opt(ListOf(Any_(), min=1), required=True),
    "table": Opt(TABLE_ENTRY),  # the companion's declared table (pnp.load.table)
}, what="game.yaml")

# Keys every item may carry, by component kind, beyond its declared fields.
SHARED = {"per_player": Opt(Bool())}  # false: printed once in a per_player component
RESERVED = {
    "deck": {**SHARED, "id": Opt(Str(), required=True), "copies": Opt(copies, default=1),
             "front": Opt(Str()), "back": Opt(Str())},
    "sheet": {**SHARED, "id": Opt(Str(), required=True), "copies": Opt(copies, default=1),
              "front": Opt(Str()), "size": Opt(sheet_size_spec)},
    "tokens": {**SHARED, "id": Opt(Str(), required=True), "copies": Opt(copies, default=1),
               "front": Opt(Str()), "back": Opt(Str()), "shape": Opt(Str(choices=SHAPES)),
               "size": Opt(Length(min=3, templated=False))},
    "dice": {**SHARED, "id": Opt(Str(), required=True), "copies": Opt(copies, default=1),
             "size": Opt(Length(min=8, templated=False)),
             "faces": Opt(ListOf(Any_(), min=6, max=6), required=True),
             "face": Opt(Str())},
}
