"""A game's `table:` (issue 32): the declaration the companion plays, checked by pnp's
one loader. A valid table normalises to the plain data of the contract (section 2);
every mistake is a problem at its file:line:col, with a hint where one helps."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from pnp import ASSETS
from pnp.load.errors import InvalidInput
from pnp.load.game import load_game
from pnp.load.tabletypes import die_faces

GAME = """\
id: test-table
name: Test Table
players: {min: 2, max: 3}
layouts: [layouts.yaml]
icons: [icons.yaml]
vars:
  back_color: "#24305e"
  suit_colors: {sun: "#9c6310", moon: "#4f6d9a", star: "#b0413e"}
  seats: {Red: "#aa0000", Blue: navy}
components:
  - id: crew
    kind: deck
    name: Crew
    size: poker
    front: crew-front
    back: basic-card-back
    fields: {name: text, suit: text, power: int, text: text}
    items:
      - {id: C-01, name: Navigator, suit: sun, power: 2, text: Look.}
      - {id: C-02, name: Pilot, suit: moon, power: 4, text: Fast., copies: 2}
  - id: spares
    kind: deck
    name: Spares
    size: poker
    front: crew-front
    back: basic-card-back
    fields: {name: text, suit: text, power: int, text: text}
    items:
      - {id: S-01, name: Spare, suit: star, power: 1, text: Spare.}
  - id: rules
    kind: sheet
    name: Rules
    size: a5
    front: rules-sheet
    fields: {title: text, text: text}
    items:
      - {id: R1, title: Rules, text: Play.}
  - id: tokens
    kind: tokens
    name: Tokens
    front: basic-token
    back: basic-token
    fields: {label: text, color: text}
    items:
      - {id: score-1, label: "1", color: "#4f6d9a", shape: round, size: 18}
  - id: dice
    kind: dice
    name: Dice
    face: basic-die-face
    items:
      - {id: power-die, size: 18, faces: [1, 2, 3, 4, 5, 6]}
"""

TABLE = """\
table:
  players:
    colors: seats
    first: the youngest player
  counters:
    - {id: score, name: Score}
    - {id: hp, start: 10, min: 0, max: 20, token: tokens/score-1}
    - {id: escalation, per: shared, track: rules, step: 2}
  zones:
    - {id: deck, name: Draw pile, cards: [crew], role: pile}
    - {id: hand, name: Hand, per: player, role: hand}
    - {id: played, per: player, show: public, role: play}
    - {id: discard, name: Discard, role: discard, shuffle: true}
  dice: [power-die, d6]
  setup:
    - deal: 2
  turns:
    phases:
      - {id: draw, name: Draw, allows: [draw], start: [{draw: 1}]}
      - {id: play, name: Play, allows: [play, roll, change], max: {play: 1}}
    end_of_turn: {discard: 1}
    end_of_round: [{change: escalation, by: 1}]
  rules:
    triggers:
      - {when: "hp <= 0", do: out}
      - {when: "escalation >= 10", do: end}
      - {when: "score >= 5 and round > 2", do: [{change: hp, to: 20, who: others}]}
    limits:
      - {zone: hand, max: 7, at: end_of_round}
  effects:
    crew:
      - {change: score, by: card.power}
      - {when: "card.suit == 'moon'", draw: 1, to: played}
      - {move: discard}
  end:
    when: "round > 6"
    winner: {highest: score}
"""


def effect(op, when=None, **fields):
    return {"op": op, "when": when, **fields}


def crew_card(item, name, suit, power, text):
    return {"component": "crew", "item": item, "name": name,
            "fields": {"id": item, "name": name, "suit": suit, "power": power, "text": text}}


EXPECTED = {
    "players": {"min": 2, "max": 3, "names": ["Red", "Blue"],
                "colors": ["#aa0000", "#000080", "#c0392b"], "teams": None,
                "first": "rule", "first_rule": "the youngest player", "order": "clockwise"},
    "counters": [
        {"id": "score", "name": "Score", "per": "player", "start": 0, "min": 0,
         "max": None, "step": 1, "track": None, "token": None},
        {"id": "hp", "name": "hp", "per": "player", "start": 10, "min": 0, "max": 20,
         "step": 1, "track": None, "token": "tokens/score-1"},
        {"id": "escalation", "name": "escalation", "per": "shared", "start": 0,
         "min": 0, "max": None, "step": 2, "track": "rules", "token": None},
    ],
    "zones": [
        {"id": "deck", "name": "Draw pile", "per": "shared", "show": "hidden",
         "role": "pile", "shuffle": True,
         "cards": ["crew/C-01#1", "crew/C-02#1", "crew/C-02#2"]},
        {"id": "hand", "name": "Hand", "per": "player", "show": "private", "role": "hand",
         "shuffle": False, "cards": []},
        {"id": "played", "name": "played", "per": "player", "show": "public",
         "role": "play", "shuffle": False, "cards": []},
        {"id": "discard", "name": "Discard", "per": "shared", "show": "public",
         "role": "discard", "shuffle": True, "cards": []},
    ],
    "cards": {
        "crew/C-01#1": crew_card("C-01", "Navigator", "sun", 2, "Look."),
        "crew/C-02#1": crew_card("C-02", "Pilot", "moon", 4, "Fast."),
        "crew/C-02#2": crew_card("C-02", "Pilot", "moon", 4, "Fast."),
    },
    "dice": [
        {"id": "power-die", "name": "Power die", "faces": ["1", "2", "3", "4", "5", "6"],
         "piece": "dice/power-die"},
        {"id": "d6", "name": "d6", "faces": ["1", "2", "3", "4", "5", "6"], "piece": None},
    ],
    "setup": [effect("deal", count="2", **{"from": "deck", "to": "hand"})],
    "turns": {
        "phases": [
            {"id": "draw", "name": "Draw", "allows": ["draw"], "max": {}, "end": [],
             "start": [effect("draw", count="1", who="self",
                              **{"from": "deck", "to": "hand"})]},
            {"id": "play", "name": "Play", "allows": ["play", "roll", "change"],
             "max": {"play": 1}, "start": [], "end": []},
        ],
        "start_of_turn": [],
        "end_of_turn": [effect("discard", count="1", **{"from": "hand", "to": "discard"})],
        "end_of_round": [effect("change", counter="escalation", by="1", to=None,
                                who="self")],
    },
    "triggers": [
        {"when": "hp <= 0", "per_player": True, "do": [effect("out")]},
        {"when": "escalation >= 10", "per_player": False, "do": [effect("end")]},
        {"when": "score >= 5 and round > 2", "per_player": True,
         "do": [effect("change", counter="hp", by=None, to="20", who="others")]},
    ],
    "limits": [{"zone": "hand", "max": 7, "at": "end_of_round"}],
    "effects": {"crew": [
        effect("change", counter="score", by="card.power", to=None, who="self"),
        effect("draw", when="card.suit == 'moon'", count="1", who="self",
               **{"from": "deck", "to": "played"}),
        effect("move", to="discard"),
    ]},
    "end": {"when": "round > 6", "winner": {"rule": "highest", "counter": "score",
                                            "value": None}, "rounds": 100},
}


def make_game(tmp_path: Path, table: str = TABLE, game: str = GAME) -> Path:
    """The bundled example's layouts and icons with this game.yaml."""
    folder = tmp_path / "game"
    shutil.copytree(ASSETS / "example", folder)
    (folder / "crew.yaml").unlink()
    (folder / "game.yaml").write_text(game + table, encoding="utf-8")
    return folder


def problems(folder: Path) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        load_game(folder, check_fonts=False)
    return [str(p) for p in caught.value.problems]


def place(folder: Path, snippet: str, value: str, file: str = "game.yaml") -> str:
    """'file:line:col' of `value` where it is written right after `snippet`."""
    lines = (folder / file).read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        if snippet + value in line:
            return f"{folder / file}:{number}:{line.index(snippet + value) + len(snippet) + 1}"
    raise AssertionError(f"{snippet + value!r} is not in {file}")


def assert_problem(found: list[str], where: str, *words: str) -> None:
    here = [p for p in found if p.startswith(where + ":")]
    assert here, f"nothing at {where}: {found}"
    assert any(all(w in p for w in words) for p in here), (words, here)


def with_change(old: str, new: str, table: str = TABLE) -> str:
    assert old in table, old
    return table.replace(old, new)


# -- a valid table -----------------------------------------------------------------------
def test_a_full_table_normalises_to_the_contracts_plain_data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert load_game(make_game(tmp_path), check_fonts=False).table == EXPECTED


def test_no_table_is_none(tmp_path):
    assert load_game(make_game(tmp_path, table=""), check_fonts=False).table is None


def test_a_table_file_gives_the_same_data(tmp_path):
    folder = make_game(tmp_path, table="table: table.yaml\n")
    (folder / "table.yaml").write_text(textwrap.dedent(TABLE.split("\n", 1)[1]),
                                       encoding="utf-8")
    assert load_game(folder, check_fonts=False).table == EXPECTED


def test_an_error_in_a_table_file_is_marked_in_that_file(tmp_path):
    folder = make_game(tmp_path, table="table: table.yaml\n")
    body = textwrap.dedent(with_change("by: card.power", "by: card.powr").split("\n", 1)[1])
    (folder / "table.yaml").write_text(body, encoding="utf-8")
    assert_problem(problems(folder), place(folder, "by: ", "card.powr", "table.yaml"),
                   "unknown name 'card.powr'", "did you mean 'card.power'?")


def test_a_missing_table_file(tmp_path):
    folder = make_game(tmp_path, table="table: missing.yaml\n")
    assert_problem(problems(folder), place(folder, "table: ", "missing.yaml"),
                   "table file 'missing.yaml' not found")


def test_defaults_fill_a_bare_table(tmp_path):
    table = load_game(make_game(tmp_path, table="table: {}\n"), check_fonts=False).table
    assert table["players"] == {"min": 2, "max": 3, "names": [],
                                "colors": ["#c0392b", "#2e86c1", "#27ae60"], "teams": None,
                                "first": "chosen", "first_rule": None, "order": "clockwise"}
    assert table["turns"]["phases"] == [{"id": "turn", "name": "Turn", "allows": None,
                                         "max": {}, "start": [], "end": []}]
    assert table["end"] == {"when": None, "rounds": 100, "winner": {
        "rule": "last_standing", "counter": None, "value": None}}
    assert (table["cards"], table["zones"], table["triggers"]) == ({}, [], [])


def test_a_per_player_zone_with_cards_and_effects_of_a_deck_in_no_zone(tmp_path):
    table = with_change("{id: hand, name: Hand, per: player, role: hand}",
                        "{id: hand, name: Hand, per: player, role: hand, cards: [spares]}")
    table = with_change("{move: discard}\n",
                        "{move: discard}\n    spares: [{change: score, by: 1}]\n", table)
    loaded = load_game(make_game(tmp_path, table=table), check_fonts=False).table
    assert loaded["zones"][1]["cards"] == ["spares/S-01#1"]
    assert "spares/S-01#1" in loaded["cards"]


def test_printed_dice_faces_read_as_the_companion_shows_them():
    assert die_faces([1, "", {"label": "Hit"}, {"pips": 4, "mark": "hit"}, {"pips": 5},
                      {}]) == ["1", "2", "Hit", "4, hit", "5", "6"]


def test_colours_as_a_list_keep_the_names_apart(tmp_path):
    table = with_change("colors: seats", "colors: ['#111111', teal]\n    names: [Ann]")
    players = load_game(make_game(tmp_path, table=table), check_fonts=False).table["players"]
    assert players["names"] == ["Ann"]
    assert players["colors"][:2] == ["#111111", "#008080"] and len(players["colors"]) == 3


# -- mistakes, each at its place -------------------------------------------------------------
@pytest.mark.parametrize(("old", "new", "snippet", "value", "words"), [
    ("{id: hp, start: 10, min: 0", "{id: hp, start: 30, min: 0", "start: ", "30",
     ("counter 'hp' starts at 30, outside its bounds 0..20",)),
    ("min: 0, max: 20", "min: 5, max: 2", "max: ", "2,", ("max 2 is below min 5",)),
    ("{id: score, name: Score}", "{id: score, name: Score, start: -3}", "start: ", "-3",
     ("counter 'score': start -3 is below 0, the least a counter goes when it declares "
      "no min", "declare min: -10")),
    ("start: [{draw: 1}]", "start: [{draw: 1, from: dek}]", "from: ", "dek",
     ("unknown zone 'dek'", "did you mean 'deck'?")),
    ("escalation >= 10", "escalaton >= 10", "when: ", '"escalaton',
     ("unknown name 'escalaton'", "did you mean 'escalation'?")),
    ("card.suit == 'moon'", "card.suit == moon", "when: ", '"card.suit == moon',
     ("unknown name 'moon'", "put it in quotes")),
    ("dice: [power-die, d6]", "dice: [power-die, d1]", "power-die, ", "d1",
     ("'d1': a plain die has 2 to 100 sides",)),
    ("dice: [power-die, d6]", "dice: [power-dye, d6]", "dice: [", "power-dye",
     ("unknown die 'power-dye'", "did you mean 'power-die'?")),
    ("dice: [power-die, d6]", "dice: [tokens/score-1]", "dice: [", "tokens/score-1",
     ("is a tokens item, not a die",)),
    ("{change: score, by: card.power}", "{change: score, by: card.power, draw: 1}",
     "      - ", "{change: score, by: card.power, draw",
     ("an effect does one thing, this one has 2: change, draw",)),
    ("{id: played, per: player, show: public, role: play}",
     "{id: played, per: player, show: public, role: play, cards: [rules]}",
     "cards: [", "rules]", ("'rules' is a sheet component",)),
    ("{id: played, per: player, show: public, role: play}",
     "{id: played, per: player, show: public, role: play, cards: [crew]}",
     "role: play, cards: [", "crew]", ("the 'crew' cards already start in zone 'deck'",)),
    ("role: discard,", "role: hand,", "role: ", "hand, shuffle",
     ("zone 'hand' already has role: hand",)),
    ("winner: {highest: score}", "winner: {first_to: score}", "winner: ", "{first_to",
     ("first_to needs `value:`",)),
    ("winner: {highest: score}", "winner: {highest: escalation}", "highest: ", "escalation",
     ("counter 'escalation' must be per: player",)),
    ("{id: score, name: Score}", "{id: round, name: Score}", "id: ", "round",
     ("'round' is a name every expression already has",)),
    ("{id: score, name: Score}", "{id: hand, name: Score}", "id: ", "hand, name: Hand",
     ("'hand' is already the id of a counter",)),
    ("{zone: hand, max: 7", "{zone: hands, max: 7", "zone: ", "hands",
     ("unknown zone 'hands'", "did you mean 'hand'?")),
    ("{zone: hand, max: 7", "{zone: deck, max: 7", "{zone: ", "deck",
     ("zone 'deck' must be per: player",)),
    ("allows: [draw]", "allows: [drow]", "allows: [", "drow",
     ("'drow' is not one of", "did you mean 'draw'?")),
    ("{move: discard}", "{move: discard, when: 'card.speed > 1'}", "when: ", "'card.speed",
     ("unknown name 'card.speed'", "the fields of 'crew': id, name, power, suit, text")),
    ("end_of_round: [{change: escalation, by: 1}]", "end_of_round: [{move: discard}]",
     "end_of_round: [", "{move", ("move moves the card the effect belongs to",)),
    ('when: "round > 6"', 'when: "card.power > 6"', "when: ", '"card.power',
     ("card.<field> is for a card's own effects",)),
    ("end_of_round: [{change: escalation, by: 1}]", "end_of_round: [{change: escalation}]",
     "end_of_round: [{change: ", "escalation", ("change needs either `by:`",)),
    ("{change: score, by: card.power}", "{change: scor, by: card.power}", "change: ", "scor,",
     ("unknown counter 'scor'", "did you mean 'score'?")),
    ("{id: hp, start: 10, min: 0, max: 20, token: tokens/score-1}",
     "{id: hp, start: 10, min: 0, max: 20, token: tokens/score-2}", "token: ", "tokens/",
     ("unknown item of 'tokens' 'score-2'", "did you mean 'score-1'?")),
    ("track: rules", "track: crew", "track: ", "crew", ("a track is a sheet or tokens",)),
    ("colors: seats", "colors: seat", "colors: ", "seat",
     ("unknown var 'seat'", "did you mean 'seats'?")),
    ("setup:\n    - deal: 2", "setup:\n    - deal: 2\n      to: discard", "to: ", "discard",
     ("its zone 'discard' must be per: player",)),
    ("      - {change: score, by: card.power}", "      - {chnage: score, by: 1}",
     "      - ", "{chnage", ("an effect needs one of", "did you mean 'change'?")),
    ("do: out}", "do: outt}", "do: ", "outt", ("'outt' is not an effect",)),
    ("{id: score, name: Score}", "{id: 2score, name: Score}", "id: ", "2score",
     ("is not a name of letters, digits and _",)),
    ("by: card.power}", "by: 1.5}", "by: ", "1.5}", ("counters hold whole numbers",)),
    ("first: the youngest player", "first: ''", "first: ", "''",
     ("'' is not chosen, random or who starts in words",)),
    ("do: out}", "do: []}", "do: ", "[]}", ("a trigger needs something to do",)),
    ("dice: [power-die, d6]", "dice: [power-die, d07]", "power-die, ", "d07",
     ("'d07': a plain die has 2 to 100 sides, written d2 to d100",)),
    ("max: {play: 1}", "max: {draw: 1}", "max: {", "draw",
     ("max: 'draw' is not among the operations this phase allows (play, roll, change)",)),
    ("max: {play: 1}", "max: {play: 0}", "max: {play: ", "0",
     ("0 is below the minimum 1",)),
    ("max: {play: 1}", "max: {plya: 1}", "max: {", "plya",
     ("'plya' is not one of", "did you mean 'play'?")),
])
def test_a_mistake_is_reported_at_its_place(tmp_path, old, new, snippet, value, words):
    folder = make_game(tmp_path, table=with_change(old, new))
    assert_problem(problems(folder), place(folder, snippet, value), *words)


def test_an_effect_needing_a_role_nobody_has(tmp_path):
    table = with_change("role: pile}", "}")
    folder = make_game(tmp_path, table=table)
    assert_problem(problems(folder), place(folder, "    - ", "deal: 2"),
                   "deal names no `from:` zone and no zone has role: pile")


def test_effects_of_a_component_that_is_no_deck_are_one_problem(tmp_path):
    """The component is the mistake; its card.<field> names are not blamed again."""
    table = with_change("    crew:\n", "    rules: [{change: score, by: card.title}]\n"
                        "    crew:\n")
    folder = make_game(tmp_path, table=table)
    assert problems(folder) == [f"{place(folder, '    ', 'rules: [')}: 'rules' is a sheet "
                                "component; effects belong to a deck's cards"]


def test_a_die_in_two_dice_components_is_named_with_its_component(tmp_path):
    game = GAME + ("  - {id: more-dice, kind: dice, name: More, face: basic-die-face, "
                   "items: [{id: power-die, size: 18, faces: [1, 2, 3, 4, 5, 6]}]}\n")
    folder = make_game(tmp_path, game=game)
    assert_problem(problems(folder), place(folder, "dice: [", "power-die"),
                   "die 'power-die' is in dice and more-dice: write which, e.g. "
                   "dice/power-die")
    table = with_change("dice: [power-die, d6]", "dice: [more-dice/power-die, d6]")
    loaded = load_game(make_game(tmp_path / "2", table=table, game=game),
                       check_fonts=False).table
    assert loaded["dice"][0]["piece"] == "more-dice/power-die"


def test_a_colour_var_holding_a_bad_colour(tmp_path):
    game = GAME.replace('Blue: navy', 'Blue: nvy')
    folder = make_game(tmp_path, game=game)
    assert_problem(problems(folder), place(folder, "Blue: ", "nvy"),
                   "unknown colour 'nvy'", "did you mean 'navy'?")


# -- the starters ----------------------------------------------------------------------------
@pytest.mark.parametrize("folder", ["example", "starters/csv", "starters/art"])
def test_every_starter_declares_a_table_that_plays(folder):
    """`pnp new` gives a table the companion can run: a shuffled pile dealt to the hands,
    a counter per player, and an end with a winner by that counter."""
    table = load_game(ASSETS / folder, check_fonts=False).table
    pile = next(z for z in table["zones"] if z["role"] == "pile")
    assert pile["cards"] and pile["shuffle"] and pile["show"] == "hidden"
    assert table["setup"][0]["op"] == "deal" and table["setup"][0]["to"] == "hand"
    winner = table["end"]["winner"]
    assert winner["counter"] in {c["id"] for c in table["counters"] if c["per"] == "player"}
    assert table["end"]["when"] or table["triggers"]


def test_the_formats_table_example_checks(tmp_path):
    """docs/format.md section 12's example, as written there, in a game with what it
    names (a colour var and a track)."""
    doc = (Path(__file__).parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    example = doc.split("## 12. The table")[1].split("```yaml\n")[1].split("```")[0]
    game = GAME.replace("vars:\n", "vars:\n  player_colors: [red, blue, green, '#ffaa00']\n")
    game += ("  - {id: escalation-track, kind: sheet, name: Track, size: a5, front: "
             "rules-sheet, fields: {title: text, text: text}, items: [{id: T, title: T, "
             "text: T}]}\n")
    table = load_game(make_game(tmp_path, table=example, game=game), check_fonts=False).table
    assert table["players"]["colors"][:2] == ["#ff0000", "#0000ff"]
    assert [c["id"] for c in table["counters"]] == ["hp", "score", "escalation"]
