"""What a game declares once, as plain data: the registry (companion.games), the
new-game form, the dice roller, the simulator and the table screen read it and
never name a game.

Parts that need code are `module:attribute` strings, imported only when first
used: the simulator never loads Kivy, and the app never loads a game it does
not show."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from companion.core.shapes import Int, ListOf, Maybe, OneOf, Record, Text


@dataclass(frozen=True)
class Die:
    """A die of the game: `faces` are what each face shows, face 1 first. A die the
    game prints names its piece, `piece="game-id:component/item"`: its faces are then
    read from the YAML the print is made from (companion.core.printed), so the screen
    says what the paper die shows; a folder game's die comes with its printed faces
    already read (its labels) and its piece names where its pictures are."""

    id: str
    name: str
    labels: tuple[str, ...] = ()  # none: a plain d6, or the printed piece's faces
    piece: str = ""

    @property
    def faces(self) -> tuple[str, ...]:
        if self.labels:
            return self.labels
        if not self.piece:
            return ("1", "2", "3", "4", "5", "6")
        from companion.core.printed import die_faces

        return die_faces(self.piece)


D6 = Die("d6", "d6")


@dataclass(frozen=True)
class Option:
    """One choice of the new-game form. `choices` are (value, label) pairs; with
    `seats`, one choice per seat follows them (value: the seat, label: its name)."""

    id: str
    label: str
    choices: tuple[tuple, ...]
    default: object = None
    seats: bool = False
    setting: str = ""  # an app setting that gives the default: "cards" or "dice"


@dataclass(frozen=True)
class Players:
    """Who plays: table modes (label -> players per team), and whether each player
    picks a colour. With `alternate`, teams sit alternately around the table."""

    modes: tuple[tuple[str, tuple[int, ...]], ...] = (("2 players", (1, 1)),)
    colours: tuple[str, ...] = ()
    alternate: bool = False

    @property
    def counts(self) -> tuple[int, int]:
        sizes = [sum(teams) for _, teams in self.modes]
        return min(sizes), max(sizes)


@dataclass(frozen=True)
class GameSpec:
    id: str
    name: str
    rules: str  # the Rules class
    view: str  # the view module: status, describe, private_seat, game_over (no Kivy)
    table: str  # the Kivy table screen class (its module loads its own kv)
    demo: str  # function() -> a mid-game Session, for screenshots
    agents: dict = field(default_factory=dict)  # AI name -> agent class
    players: Players = Players()
    options: tuple[Option, ...] = ()
    dice: tuple[Die, ...] = ()
    # a game declared in its own folder (a folder game): the folder it is read from.
    # `rules_for` gives such a game's rules class its spec (one class plays every folder
    # game); saves record it so they resume (docs/save-format.md). Empty: a bundled game.
    folder: str = ""

    def die(self, die_id: str) -> Die | None:
        return next((d for d in self.dice if d.id == die_id), None)

    def setup_shape(self) -> Record:
        """What a setup may hold, as the new-game form makes it: the players (as many
        as a table mode seats: a name, a team, a colour if the game has colours) and
        each option's values (a seat's number for a `seats` option)."""
        fewest, most = self.players.counts
        teams = max(len(sizes) for _, sizes in self.players.modes)
        colour = {"colour": Maybe(OneOf(*self.players.colours))} if self.players.colours else {}
        player = Record(name=Maybe(Text()), team=Maybe(Int(0, teams - 1)), **colour)
        options = {option.id: Maybe(OneOf(*(value for value, _ in option.choices),
                                          *(range(most) if option.seats else ())))
                   for option in self.options}
        return Record(players=Maybe(ListOf(player, fewest, most)), **options)


RANDOM_AGENT = "companion.core.agents:RandomAgent"  # the computer player every game has


def parts(package: str, prefix: str, expert: bool = False) -> dict:
    """The parts every game has under the same names (docs/game-interface.md), as
    GameSpec fields: `rules:<Prefix>Rules`, `view`, `table:<Prefix>Table`,
    `demo:demo_session`, and the game's greedy AI (`ai:GreedyAgent`) beside the random one
    (and its strongest, `expert:ExpertAgent`, once it has one)."""
    agents = {"greedy": f"{package}.ai:GreedyAgent", "random": RANDOM_AGENT}
    if expert:
        agents["expert"] = f"{package}.expert:ExpertAgent"
    return {"rules": f"{package}.rules:{prefix}Rules", "view": f"{package}.view",
            "table": f"{package}.table:{prefix}Table", "demo": f"{package}.demo:demo_session",
            "agents": agents}


def seat_option(option_id: str, label: str, lots: str = "lots") -> Option:
    """A seat the setup names (who starts, who attacks): lots drawn, or one seat."""
    return Option(option_id, label, ((lots, "Draw lots"),), lots, seats=True)


def per_seat(option_id: str, noun: str, choices: tuple, defaults: tuple) -> tuple:
    """What each of two players picks for themselves (an army, a subfaction): the options
    `<id>_1` and `<id>_2`."""
    return tuple(Option(f"{option_id}_{seat}", f"{which} player's {noun}", choices, default)
                 for seat, which, default in zip((1, 2), ("First", "Second"), defaults,
                                                 strict=True))


def cards_option(printed: str = "tracked", virtual: str = "Virtual decks") -> Option:
    """The app deals virtual cards, or the players use the printed ones (the app's
    `cards` setting gives the default). `printed` is the value saves hold for it."""
    return Option("cards", "Cards", (("virtual", virtual), (printed, "Printed cards")),
                  "virtual", setting="cards")


def dice_option(option_id: str, label: str, app: tuple, table: tuple) -> Option:
    """The app rolls (and draws), or the table's own dice are entered (the app's `dice`
    setting gives the default); `app` and `table` are (value, label)."""
    return Option(option_id, label, (app, table), app[0], setting="dice")


def load(reference: str):
    """The attribute a spec names, imported now."""
    module, _, name = reference.partition(":")
    target = importlib.import_module(module)
    return getattr(target, name) if name else target
