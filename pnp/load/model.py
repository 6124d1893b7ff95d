"""What a loaded game is: the Game, its Components and their Items, plain data that
every later stage reads (kept apart from the loaders, so that they and the stages
after them share one definition without importing one another)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.load import credits as picture_credits
from pnp.load.errors import Mark
from pnp.load.langs import output_folder
from pnp.load.players import PlayerSets


@dataclass
class Item:
    id: str
    copies: int
    fields: dict
    mark: Mark
    front: str | None = None
    back: str | None = None
    shape: str | None = None
    size: tuple | float | None = None
    faces: list = field(default_factory=list)
    size_mark: Mark | None = None  # where a sheet's own size is written
    index: int | None = None  # position in its component, when copied per player set
    per_player: bool | None = None  # false: printed once in a per_player component

    @property
    def printed_id(self) -> str:
        """The id the piece shows (a player's copy keeps it; its own id names the set)."""
        return str(self.fields.get("id", self.id))


@dataclass
class Component:
    id: str
    kind: str
    name: str
    size: tuple | None
    items: list[Item]
    front: str | None
    back: str | None
    shape: str | None
    face: str | None
    vars: dict
    mark: Mark
    size_mark: Mark | None = None
    fields: tuple = ()  # the declared field names
    per_player: bool = False  # printed once per player set (players.py)
    standee: dict | None = None  # {front, back: [y from, y to] mm}: a fold-up figure
    safe_margin: float | None = None  # its own, smaller safe zone (mm), for small pieces
    two_sided: bool = False  # a sheet's items print in pairs, the second on the back
    pack: bool | str | None = None  # as written: a shared print file's name, or false
    pack_mark: Mark | None = None
    print_file: str = ""  # the PDF (stem) it prints into, shared or its own (pnp.load.groups)
    shop: dict = field(default_factory=dict)  # shop id -> the product its upload makes
    shop_mark: Mark | None = None



@dataclass
class Game:
    id: str
    name: str
    root: Path
    language: str
    players: object
    fonts: dict  # family -> {variant: Path}
    styles: dict
    layouts: dict
    icons: dict
    vars: dict
    components: list[Component]
    languages: tuple = ()  # every language of the game, the default first
    translated: bool = False  # declares `languages` (its texts may be translations)
    player_sets: PlayerSets | None = None
    showcase: object = None  # showpick.Showcase: what `pnp export --format showcase` shows
    credits: dict = field(default_factory=lambda: dict(picture_credits.EMPTY))  # CREDITS.md
    table: dict | None = None  # the companion's table, plain data (pnp.load.table)
    print: dict = field(default_factory=dict)  # its print defaults (pnp.load.printdefaults)
    # pictures a layout names that are not there, as (mark, message): refused when drawn,
    # or drawn as placeholders (pnp watch, pnp build --draft: pnp.draw.images)
    pictures_missing: tuple = ()

    @property
    def folder(self) -> str:
        """Its build folder under --out: <id>/ for the default language, else <id>/<lang>/."""
        return output_folder(self.id, self.languages or (self.language,), self.language)

    @property
    def label(self) -> str:
        """How progress lines name it: the id, with the language when it has several."""
        return f"{self.id} ({self.language})" if self.translated else self.id

    def component(self, component_id: str) -> Component:
        for comp in self.components:
            if comp.id == component_id:
                return comp
        raise KeyError(component_id)
