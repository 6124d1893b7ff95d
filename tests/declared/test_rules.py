"""A declared table's engine, scenario by scenario (docs/format.md, section 12): the
effects, the operations, phases and turns, limits, triggers, the end, the printed cards,
and undo, saves and replay through the core's Session like every game."""

from __future__ import annotations

import json

import pytest

from companion.core.engine import Rejected
from companion.core.session import Session, read_save
from companion.declared import view
from companion.declared.rules import DeclaredRules
from companion.declared.spec import open_folder
from tests.declared.fixtures import GAME, duel_folder
from tests.declared.folders import FOLDERS

ANN_BOB = {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0}


@pytest.fixture
def rules(tmp_path):
    """The rules of a folder the app opened (registered: the view reads its table)."""
    return DeclaredRules(open_folder(duel_folder(tmp_path)).folder)


def started(rules, setup=ANN_BOB, seed=1) -> Session:
    return Session(rules, setup, seed)


def to_cast(session: Session) -> None:
    """Ann's draw phase (she drew on entering it) ends: she may cast."""
    session.apply({"type": "phase"})
    assert view.phase_name(session.state) == "Cast"


def card_in_hand(session: Session, seat: int, kind: str) -> str:
    table = session.rules.table
    return next(c for c in session.state["zones"][f"hand.{seat}"]
                if table.card(c)["fields"]["kind"] == kind)


def test_setup_deals_and_the_first_phase_draws(rules):
    state = started(rules).state
    assert len(state["zones"]["hand.0"]) == 4 and len(state["zones"]["hand.1"]) == 3
    assert len(state["zones"]["deck"]) == 3 and state["counters"]["seats"][1]["hp"] == 10
    assert state["await"] == {"player": 0, "kind": "turn"}
    assert sorted(c for z in state["zones"].values() for c in z) == sorted(rules.table.cards)


def test_a_phase_offers_only_what_it_allows(rules):
    session = started(rules)
    assert {a["type"] for a in rules.legal_actions(session.state)} == {"draw", "phase", "pass"}
    with pytest.raises(Rejected):
        session.apply({"type": "roll", "die": "fate"})
    to_cast(session)
    kinds = {a["type"] for a in rules.legal_actions(session.state)}
    assert {"play", "change", "roll", "discard", "return"} <= kinds and "draw" not in kinds


def test_a_card_played_does_what_its_effects_say(tmp_path):
    text = GAME.replace("copies: 4}", "copies: 9}")  # hands full of Sparks
    rules = DeclaredRules(open_folder(duel_folder(tmp_path, text)).folder)
    session = started(rules)
    to_cast(session)
    spark = card_in_hand(session, 0, "hurt")
    session.apply({"type": "play", "card": spark})
    state = session.state
    assert state["counters"]["seats"][1]["hp"] == 8  # who: others, by 0 - power
    assert state["counters"]["seats"][0]["hp"] == 10
    assert spark in state["zones"]["discard"]  # no play zone: to the discard
    assert session.log()[-2]["text"] == "Ann: Spark to Discard"
    assert session.log()[-1]["text"] == "Bob: Hit points 10 to 8"


def test_counters_stay_within_their_bounds(rules):
    session = started(rules)
    to_cast(session)
    session.apply({"type": "change", "counter": "hp", "seat": 1, "amount": 2})
    assert session.state["counters"]["seats"][1]["hp"] == 12
    with pytest.raises(Rejected, match="within 0 to 12"):
        session.apply({"type": "change", "counter": "hp", "seat": 1, "amount": 1})
    offers = [a for a in rules.legal_actions(session.state) if a["type"] == "change"
              and a.get("seat") == 1]
    assert offers == [{"type": "change", "counter": "hp", "amount": -1, "seat": 1}]


def test_a_trigger_puts_a_player_out_and_the_last_standing_is_left(rules):
    session = started(rules)
    to_cast(session)
    session.apply({"type": "change", "counter": "hp", "seat": 1, "to": 0})
    state = session.state
    assert state["players"][1]["out"] and state["ended"]["why"] == "last player standing"
    assert rules.winning_seats(state) == [0]
    assert view.result(state) == "Ann wins"


def test_the_hand_limit_asks_for_discards_before_the_turn_passes(rules):
    session = started(rules)
    session.apply({"type": "draw", "zone": "deck", "to": "hand.0", "count": 2})  # 6 cards
    session.apply({"type": "phase"})
    session.apply({"type": "phase"})
    session.apply({"type": "phase"})  # after the last phase: the end of the turn
    wait = session.state["await"]
    assert wait["kind"] == "discard" and wait["left"] == 2 and wait["player"] == 0
    assert view.prompt(session.state) == "Ann: discard 2 from Hand"
    for _ in range(2):
        session.apply(rules.legal_actions(session.state)[0])
    assert session.state["await"] == {"player": 1, "kind": "turn"}
    assert len(session.state["zones"]["hand.0"]) == 4


def test_rounds_escalate_and_the_escalation_ends_the_game(rules):
    session = started(rules)
    for _ in range(40):
        if session.state["ended"]:
            break
        wait = session.state["await"]
        session.apply(rules.legal_actions(session.state)[0] if wait["kind"] == "discard"
                      else {"type": "pass"})
    state = session.state
    assert state["counters"]["shared"]["escalation"] == 5
    assert state["ended"]["why"] == "escalation >= 5" and state["turn"]["round"] == 6
    assert rules.winning_seats(state) == [0, 1]  # both at 10 hit points


def test_a_trigger_fires_when_its_condition_becomes_true_not_after_every_action(tmp_path):
    text = GAME.replace('      - {when: "escalation >= 5", do: end}',
                        '      - {when: "escalation >= 1", do: [{change: hp, by: 1, who: each}]}')
    rules = DeclaredRules(open_folder(duel_folder(tmp_path, text)).folder)
    session = started(rules)
    session.apply({"type": "pass"})
    session.apply({"type": "pass"})  # the round ends: escalation 1, everyone +1 once
    assert [s["hp"] for s in session.state["counters"]["seats"]] == [11, 11]
    session.apply({"type": "pass"})
    assert [s["hp"] for s in session.state["counters"]["seats"]] == [11, 11]


def test_dice_roll_their_printed_faces_and_plain_dice(rules):
    session = started(rules)
    to_cast(session)
    session.apply({"type": "roll", "die": "fate"})
    session.apply({"type": "roll", "die": "d6"})
    rolled = [e for e in session.log() if e["kind"] == "rolled"]
    assert [e["die"] for e in rolled] == ["fate", "d6"]
    assert all(1 <= e["face"] <= 6 for e in rolled)
    assert rolled[0]["text"].startswith("Ann rolls the Fate: ")


def test_the_printed_cards_keep_no_zones_and_a_told_card_still_acts(rules):
    session = started(rules, {**ANN_BOB, "cards": "printed"})
    state = session.state
    assert state["zones"] == {} and not state["tracked"]
    assert view.private_seat(state) is None
    to_cast(session)
    told = [a for a in rules.legal_actions(session.state) if a["type"] == "told"]
    assert len(told) == 3  # each spell once, its copies alike
    spark = next(a["card"] for a in told if rules.table.card(a["card"])["name"] == "Spark")
    session.apply({"type": "told", "card": spark})
    assert session.state["counters"]["seats"][1]["hp"] == 8
    with pytest.raises(Rejected, match="printed cards"):
        session.apply({"type": "discard", "card": spark})


def test_the_players_word_ends_what_the_app_cannot_judge(rules):
    session = started(rules)
    assert "finish" not in {a["type"] for a in rules.legal_actions(session.state)}
    session.apply({"type": "finish", "winners": [1]})
    assert rules.winning_seats(session.state) == [1]
    assert session.state["ended"]["why"] == "ended by the players"


def test_undo_names_the_action_and_a_save_replays_from_its_folder(rules):
    session = started(rules)
    to_cast(session)
    session.apply({"type": "change", "counter": "hp", "seat": 1, "amount": -1})
    assert view.describe(session.state, session.actions[-1]) == "Bob: Hit points -1"
    save = json.loads(session.dumps())
    assert save["folder"] == rules.folder
    again = read_save(session.dumps())
    assert again.state == session.state and again.log() == session.log()
    session.undo()
    assert session.state["counters"]["seats"][1]["hp"] == 10


def test_the_same_seed_deals_the_same_game(rules):
    assert started(rules, seed=7).state == started(rules, seed=7).state
    assert started(rules, seed=7).state["zones"] != started(rules, seed=8).state["zones"]


def test_a_player_count_outside_the_declared_one_is_refused(rules):
    with pytest.raises(Rejected):
        started(rules, {"players": [{"name": "Solo"}]})


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_pnp_simulate_plays_30_games_of_every_declared_folder(folder, capsys):
    from pnp.cli.main import main

    assert main(["simulate", str(folder), "--games", "30", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 30 and report["invariant_failures"] == []
    assert sum(report["statistics"]["ends"].values()) == pytest.approx(1.0)
