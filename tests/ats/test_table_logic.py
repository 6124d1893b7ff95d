"""What the table screen shows and offers, without a window: choosing by taps
(picks.py), readable results (results.py), choices grouped by level
(choices.py), the printed look read from the YAML (look.py), what is private
and what follows by itself (view.py)."""

from __future__ import annotations

import subprocess
import sys

from companion.core import printed
from companion.core.session import Session
from companion.games.ats import look, view
from companion.games.ats.choices import by_level, likely_first, likely_level
from companion.games.ats.data import AREAS, GAME_ID, cards
from companion.games.ats.picks import Picks
from companion.games.ats.results import landed, lines, results
from tests.ats.scenario import RULES


def picks(table, sel=None):
    return Picks(RULES, table.state, RULES.legal_actions(table.state), sel or {})


# -- look: one YAML drives the cards and the screen ------------------------------------
def test_colours_and_icons_come_from_the_card_yaml():
    game = printed.game(GAME_ID)
    names = game.vars
    assert look.colours()["levels"] == {int(k): v for k, v in names["level_colors"].items()}
    assert look.player_colour("Blue") == names["player_colors"]["Blue"]
    badges = {e.get("label"): e["fill"] for e in game.layouts["defense-front"].elements
              if e["type"] == "badge" and e.get("label")}
    assert (look.colours()["atk"], look.colours()["def"]) == (badges["ATK"], badges["DEF"])
    icons = look.icon_names()
    for card_id, card in cards()[0].items():
        assert icons["units"][card["unit"]] in game.icons
        assert icons["cards"][card_id] in game.icons  # a slot shows the card's own picture
        assert all(icons["attributes"][a] in game.icons for a in card["attributes"])
    assert all(icons["areas"][a] in game.icons for a in AREAS)
    assert all(name in game.icons for name in icons["tokens"].values())
    defense = [icons["cards"][c] for c in cards()[0]]
    assert len(set(defense)) == len(defense)  # no two cards alike on the table


def test_the_new_game_form_offers_the_printed_player_colours():
    from companion.games.ats import SPEC

    colours = set(printed.game(GAME_ID).vars["player_colors"]) - {"Command"}
    assert set(SPEC.players.colours) == colours


def test_the_companion_has_no_copy_of_the_printed_colours():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "companion" / "games" / "ats"
    for hex_colour in look.colours()["levels"].values():
        for path in folder.glob("*.*"):
            assert hex_colour.lower() not in path.read_text().lower(), path.name


def test_icons_are_drawn_without_reportlab():
    code = ("import sys; from companion.games.ats import look; look.icon_names(); "
            "sys.exit('reportlab' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# -- the panel marks what effects changed -------------------------------------------------
def test_a_slot_marks_modified_values_granted_attributes_and_every_token(table):
    slot = table.put(1, 2, atk=40, defense=10, attributes=["Flanking"])
    slot["mods"].append({"stat": "atk", "amount": 20, "until": {"event": "cleanup"}})
    slot["granted"].append({"attr": "Bypass", "until": {"event": "cleanup"}})
    slot.update(damage=10, protector=True)
    shown = view.panel(table.state, 1)["line"][1]
    assert (shown["atk"], shown["printed_atk"]) == (60, 40)
    assert (shown["def"], shown["printed_def"]) == (20, 10)
    assert shown["attributes"] == ["Flanking"] and shown["granted"] == ["Bypass"]
    assert shown["damage"] == 10 and shown["tokens"] == ["protector"]  # damage hides none


# -- tapping the table ---------------------------------------------------------------------
def test_tap_an_attacker_then_its_target(table):
    table.put(0, 2, atk=40)
    table.put(1, 2, defense=40)
    table.put(1, 3, defense=40, unit="Space")  # R-UNIT-3: out of reach for Land
    marks = picks(table).marks()
    assert marks[("slot", 0, 2)] == "can"
    assert picks(table).tap(("slot", 1, 2))[0] == "say"  # no attacker yet
    assert picks(table).tap(("slot", 0, 2)) == ("sel", {"attacker": 2})
    marks = picks(table, {"attacker": 2}).marks()
    assert marks[("slot", 1, 2)] == "target" and ("slot", 1, 3) not in marks
    answer, why = picks(table, {"attacker": 2}).tap(("slot", 1, 3))
    assert answer == "say" and "R-UNIT-3" in why
    answer, sel = picks(table, {"attacker": 2}).tap(("slot", 1, 2))
    assert sel == {"attacker": 2, "target": {"player": 1, "level": 2}}


def test_a_gap_then_the_base_area_behind_it(table):
    table.put(0, 2, atk=40)
    table.bases(1)["HQ"] = 0
    answer, sel = picks(table, {"attacker": 2}).tap(("slot", 1, 1))
    assert sel == {"attacker": 2, "gap": [1, 1]}
    marks = picks(table, sel).marks()
    assert marks[("base", 1, "OPS")] == "target" and ("base", 1, "HQ") not in marks
    answer, sel = picks(table, sel).tap(("base", 1, "LAB"))
    assert sel["target"] == {"player": 1, "level": 1, "area": "LAB"}


def test_bypass_granted_by_an_encounter_offers_the_base_areas(table):
    slot = table.put(0, 2, atk=40)
    table.put(1, 1)
    table.put(1, 2)
    table.put(1, 3)
    assert ("base", 1, "HQ") not in picks(table, {"attacker": 2}).marks()
    slot["granted"].append({"attr": "Bypass", "until": {"event": "turn_end"}})
    assert picks(table, {"attacker": 2}).marks()[("base", 1, "HQ")] == "target"
    answer, sel = picks(table, {"attacker": 2}).tap(("base", 1, "HQ"))
    assert sel["target"] == {"player": 1, "area": "HQ", "bypass": True}


def test_why_a_card_cannot_attack(table):
    table.put(0, 4, atk=40)
    table.put(1, 4)
    table.state["players"][0]["clearance"] = 2
    answer, why = picks(table).tap(("slot", 0, 4))
    assert answer == "say" and "R-CLR-2" in why


def test_sacrifice_by_tapping_a_hand_card_several_times(table):
    """R-SAC-2: each swap is one tap on a card from hand; the turn goes on."""
    table.put(0, 2, atk=10)
    two, four, one = table.card(level=2), table.card(level=4), table.card(level=1)
    table.state["players"][0]["hand"] = [two, four, one]
    sel = {"mode": "sacrifice"}
    marks = picks(table, sel).marks()
    assert {marks[("hand", c)] for c in (two, four, one)} == {"can"}
    assert picks(table, sel).tap(("hand", two)) == ("act", {"type": "swap", "level": 2,
                                                           "card": two})
    table.act({"type": "swap", "level": 2, "card": two})
    assert picks(table).swapping()  # no need to tap Sacrifice again
    assert ("hand", four) in picks(table).marks()
    assert picks(table).tap(("slot", 0, 2))[0] == "say"  # level 2 is done


def test_cleanup_prompts_are_answered_on_the_table(table):
    table.put(0, 1)
    table.put(0, 2)
    table.state["await"] = {"kind": "cloak", "player": 0}
    assert picks(table).tap(("slot", 0, 2)) == ("act", {"type": "cloak", "level": 2})
    table.state["await"] = {"kind": "advance", "player": 0}
    assert picks(table).tap(("slot", 0, 2)) == ("sel", {"picked": [2]})
    assert picks(table, {"picked": [2]}).tap(("slot", 0, 2)) == ("sel", {"picked": []})


# -- lists where nothing on the table shows the choice --------------------------------------
def test_printed_cards_are_grouped_by_level_likely_first(table):
    table.state["settings"]["cards"] = "tracked"
    table.state["players"][0]["hand"] = ["?"] * 9
    table.state["await"] = {"kind": "discard", "player": 0}
    actions = RULES.legal_actions(table.state)
    assert len(actions) > 30
    groups = dict(by_level(table.state, actions))
    assert sorted(groups) == [1, 2, 3, 4, 5] and all(len(g) <= 8 for g in groups.values())
    weakest = likely_first(table.state, actions)[0]["card"]  # dropping: the weakest first
    assert likely_level(table.state, actions) == cards()[0][weakest]["level"]
    table.state["await"] = {"kind": "reinforce", "player": 0, "level": 3}
    placing = [a for a in RULES.legal_actions(table.state) if a["card"]]
    best = likely_first(table.state, placing)[0]["card"]  # placing: the strongest first
    assert best == max((a["card"] for a in placing),
                       key=lambda c: (cards()[0][c]["atk"] + cards()[0][c]["def"]
                                      + 15 * len(cards()[0][c]["attributes"])))


# -- readable results -----------------------------------------------------------------------
def test_an_attack_reads_in_one_line(table):
    table.put(0, 2, atk=90)
    table.put(1, 2, defense=50)
    table.attack(2, 2)
    table.choose("LAB")
    text = lines(table.state, table.events)
    assert len(text) == 1 and text[0].endswith(": Land 40/50 destroyed; 40 rolls over to LAB")


def test_damage_is_marked_where_it_landed(table):
    """The board marks the latest player's hits (results.landed): a card's damage, a
    card destroyed (its gap crossed out), what rolled over to a base area."""
    table.put(0, 2, atk=30)
    table.put(1, 2, defense=50)
    table.attack(2, 2)
    assert landed(table.events, table.state) == {("slot", 1, 2): "\u221230"}


def test_a_card_destroyed_is_crossed_out_until_its_gap_is_filled(table):
    table.put(0, 3, atk=90)
    table.put(1, 3, defense=50)
    table.attack(3, 3)
    table.choose("LAB")
    assert landed(table.events, table.state) == {("slot", 1, 3): "Destroyed",
                                                 ("base", 1, "LAB"): "\u221240"}
    table.put(1, 3, defense=50)  # the gap filled again: nothing crossed out there
    assert landed(table.events, table.state) == {("base", 1, "LAB"): "\u221240"}


def test_an_encounter_on_many_cards_sums_up_by_player(table):
    for seat in (0, 1):
        for level in (1, 2, 3):
            table.put(seat, level, defense=50, unit="Air")
    table.state["players"][0]["enc_deck"] = ["E-02"]
    table.state["await"] = {"kind": "turn_start", "player": 0}
    table.act({"type": "roll", "value": 6})
    text = lines(table.state, table.events)
    assert text[-1].startswith("Encounter: ") and "Player 1: 3 cards -20 DEF" in text[-1] \
        and "Player 2: 3 cards -20 DEF" in text[-1]


def test_results_stay_until_the_next_player_acts():
    session = Session(RULES, {}, 53)
    while session.state["await"]["kind"] != "main":
        session.apply(RULES.legal_actions(session.state)[0])
    attack = next(a for a in RULES.legal_actions(session.state) if a["type"] == "attack")
    session.apply(attack)
    while session.state["await"]["kind"] == "choose" and \
            session.state["await"]["player"] == attack_seat(session):
        session.apply(RULES.legal_actions(session.state)[0])
    shown = results(session)
    assert any(" attacks " in line for line in shown)  # the next player sees it
    session.apply(RULES.legal_actions(session.state)[0])  # ... until they act
    assert not any(" attacks " in line for line in results(session))


def attack_seat(session):
    return next(s["await"]["player"] for s in reversed(session.states)
                if s["await"] and s["await"]["kind"] == "main")


def test_what_an_encounter_shows_in_secret_is_for_its_drawer_only(table):
    """E-10: the drawer sees the opponent's hand; the table shows it on the drawer's
    own screen (behind the cover), never in the public results."""
    from companion.games.ats.results import seen

    table.state["settings"]["cards"] = "virtual"
    table.state["players"][1]["hand"] = [table.card(level=2), table.card(level=3)]
    table.state["players"][0]["deck"] = [table.card(level=1) for _ in range(3)]
    session = Session(RULES, {}, 1)
    session.states[-1] = table.state
    table.state["players"][0]["enc_deck"] = ["E-10"]
    table.state["await"] = {"kind": "turn_start", "player": 0}
    session.apply({"type": "roll", "value": 6})
    shown = seen(session, 0)
    assert shown and sorted(shown[0][1]) == sorted(table.state["players"][1]["hand"])
    assert seen(session, 1) == []
    assert not any("hand" in line and "looks" in line for line in results(session))


# -- private prompts and the steps that follow by themselves -----------------------------
def test_virtual_hands_are_private_printed_ones_are_not(table):
    table.state["settings"]["cards"] = "virtual"
    for kind in ("turn_start", "draw", "main", "discard"):
        table.state["await"] = {"kind": kind, "player": 1}
        assert view.private_seat(table.state) == 1
    table.state["await"] = {"kind": "choose", "choice": "self_destruct", "player": 1}
    assert view.private_seat(table.state) is None
    table.state["settings"]["cards"] = "tracked"
    table.state["await"] = {"kind": "main", "player": 1}
    assert view.private_seat(table.state) is None


def test_the_draw_follows_the_encounter_roll_by_itself(table):
    table.state["await"] = {"kind": "draw", "player": 0}
    assert view.follow_up(table.state) == {"type": "draw"}
    table.state["await"] = {"kind": "main", "player": 0}
    assert view.follow_up(table.state) is None
