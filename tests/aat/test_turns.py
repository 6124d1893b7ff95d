"""Setup, turns, card play and escalation (AAT-SET-*, AAT-BASE-2, AAT-TURN-*,
AAT-ESC-*, AAT-DECK-3, AAT-TRAIT-12)."""

from __future__ import annotations

import pytest

from companion.core.engine import Rejected
from companion.games.aat import model as m
from companion.games.aat import view
from companion.games.aat.rules import AatRules
from tests.aat.catalogue import sample

RULES = AatRules(sample())
SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "subfaction_1": "freedom-fighters",
         "subfaction_2": "first-leaders-navy", "attacker": 1}


def apply(state, action):
    return RULES.apply(state, action).state


def through_setup(state):
    """Answer the Infiltrate theater choices (first theater) and keep both hands."""
    while state["phase"] == "setup":
        wait = state["await"]
        state = apply(state, {"type": "choose", "value": wait["options"][0]}
                      if wait["kind"] == "choose" else {"type": "keep"})
    return state


def test_roles_place_the_bases_and_set_the_other_aside():
    """AAT-BASE-2, AAT-SET-1 step 2: Attacker's Space base in Space, Defender's
    Planetside base Planetside, the other base set aside."""
    state = RULES.new_game(SETUP, 1)
    assert [p["role"] for p in state["players"]] == ["defender", "attacker"]
    assert state["table"]["b0"]["card"] == "FF-02" and state["table"]["b0"]["theater"] == \
        "Planetside"
    assert state["table"]["b1"]["card"] == "NV-01" and state["table"]["b1"]["theater"] == \
        "Space"
    assert state["players"][0]["unused_base"] == ["FF-01"]
    roles = {RULES.new_game({**SETUP, "attacker": "random"}, seed)["players"][0]["role"]
             for seed in range(12)}
    assert roles == {"attacker", "defender"}  # drawn at random if asked


@pytest.mark.parametrize("setup, rule", [
    ({"subfaction_1": "church"}, "AAT-GEN-3"), ({"attacker": 2}, "AAT-BASE-2"),
    ({"cards": "printed"}, "AAT-SET-1"), ({"players": [{"name": "A"}]}, "AAT-SET-1")])
def test_malformed_setups_are_refused(setup, rule):
    """AAT-GEN-3, AAT-BASE-2, AAT-SET-1."""
    with pytest.raises(Rejected) as refused:
        RULES.new_game({**SETUP, **setup}, 1)
    assert refused.value.rule == rule


def test_setup_order_infiltrate_defender_first_then_mulligans_defender_first():
    """AAT-SET-1, AAT-TRAIT-12, AAT-SET-2: the Defender's Infiltrate units are deployed
    first (a theater of the owner's choice, Stealth fires, no escalation check), then the
    Attacker's; then hands of five and the mulligans, Defender first."""
    state = RULES.new_game(SETUP, 3)
    wait = state["await"]
    assert wait["kind"] == "choose" and wait["player"] == 0 and wait["card"] == "RB-10"
    state = apply(state, {"type": "choose", "value": "Planetside"})
    infiltrator = next(p for p in state["table"].values() if p["card"] == "RB-10")
    assert infiltrator["tokens"] == {"stealth": 1, "mark": 1} and infiltrator["entered"] == 0
    assert state["await"]["player"] == 1 and state["await"]["card"] == "NV-06"
    state = apply(state, {"type": "choose", "value": "Space"})
    state = apply(state, {"type": "choose", "value": "Space"})
    assert state["await"] == {"kind": "mulligan", "player": 0}
    assert [len(p["hand"]) for p in state["players"]] == [5, 5]
    assert "NV-06" not in state["players"][1]["special"]
    state = apply(state, {"type": "keep"})
    assert state["await"] == {"kind": "mulligan", "player": 1}
    state = apply(state, {"type": "keep"})
    assert state["turn"] == 1 and state["current"] == 0  # the Defender starts
    assert len(state["players"][0]["hand"]) == 6  # and draws first
    assert m.can_act(state, next(p for p in state["table"].values() if p["card"] == "RB-10"))


def test_one_mulligan_hidden_draw_then_shuffle_back():
    """AAT-SET-2: set aside any number, draw as many, only then shuffle them in; once;
    the prompt is private and Undo names no card."""
    state = RULES.new_game(SETUP, 5)
    while state["await"]["kind"] != "mulligan":
        state = apply(state, {"type": "choose", "value": state["await"]["options"][0]})
    assert view.private_seat(state) == 0
    hand = list(state["players"][0]["hand"])
    deck_top = list(state["players"][0]["deck"][:2])
    view.use_rules(RULES)
    action = {"type": "set_aside", "card": hand[0]}
    assert view.describe(state, action) == "Ann sets a card aside"
    state = apply(state, action)
    state = apply(state, {"type": "set_aside", "card": state["players"][0]["hand"][0]})
    assert len(state["players"][0]["hand"]) == 3
    state = apply(state, {"type": "keep"})
    player = state["players"][0]
    assert sorted(player["hand"]) == sorted(hand[2:] + deck_top)
    assert len(player["deck"]) == 25 and player["mulligan"] == 2
    assert state["await"]["player"] == 1  # no second mulligan for Ann
    view.use_rules(None)


def test_special_forces_deck_is_never_drawn():
    """AAT-DECK-3: no draw takes a Special Forces card."""
    state = through_setup(RULES.new_game(SETUP, 9))
    special = {c for c, card in RULES.cards.items() if card["pile"] == "special"}
    for player in state["players"]:
        assert not special & set(player["deck"] + player["hand"])


def test_turns_alternate_and_the_deck_out_deals_rising_fatigue(t):
    """AAT-TURN-1, AAT-TURN-2: turns alternate; an empty deck deals 1, 2, 3... to the
    base at the turn's draw (no Shield), which can destroy it."""
    t.player(1)["deck"] = []
    t.player(0)["deck"] = ["RB-01"] * 5
    t.base(1)["tokens"]["shield"] = 5
    for expected in (1, 3, 6):
        t.state.update({"tasks": [{"do": "begin_turn"}], "await": None, "current": 0})
        t.rules.run(t.state)
        assert t.state["current"] == 1 and t.base(1)["damage"] == expected
    assert t.base(1)["tokens"] == {"shield": 5}
    t.base(1)["damage"] = 27
    t.state.update({"tasks": [{"do": "begin_turn"}], "await": None, "current": 0})
    t.rules.run(t.state)
    assert t.state["result"] == {"winners": [0], "path": "fatigue"}


def test_two_cards_a_turn_within_the_escalation_requirement(t):
    """AAT-TURN-3: up to two cards from hand, each within the escalation level."""
    cheap = t.card()
    dear = t.card(escalation=2)
    t.hand(0, cheap, cheap, cheap, dear)
    t.start("deploy", spare=True)
    assert t.rejected({"type": "play", "card": dear, "theater": "Planetside"}).rule == \
        "AAT-TURN-3"
    assert t.rejected({"type": "play", "card": cheap, "theater": "Space"}).rule == "AAT-TURN-3"
    t.act({"type": "play", "card": cheap, "theater": "Planetside"})
    t.act({"type": "play", "card": cheap, "theater": "Planetside"})
    assert t.state["played"] == 2 and t.waiting("combat")
    assert t.player(0)["hand"] == [cheap, dear]


def test_a_level_rise_mid_turn_opens_the_second_card(t):
    """AAT-TURN-3 point 3, AAT-ESC-1: the escalation rises at once; the next card uses
    the new level. Incidents carry over (3 + 2 = one level and 1 left)."""
    t.state["incidents"] = 3
    t.put(1, "Planetside", health=1)
    t.put(1, "Planetside", health=1)
    blast = t.card(kind="Effect", theaters=(), types=["Tactic"],
                   effect={"damage": 1, "target": "enemy-units"})
    later = t.card(escalation=1)
    t.hand(0, later, blast)
    t.start("deploy", spare=True)
    assert t.rejected({"type": "play", "card": later, "theater": "Planetside"}).rule == \
        "AAT-TURN-3"
    t.act({"type": "play", "card": blast})
    assert t.state["escalation"] == 1 and t.state["incidents"] == 1
    t.act({"type": "play", "card": later, "theater": "Planetside"})
    assert t.state["played"] == 2


def test_escalation_stops_at_five(t):
    """AAT-ESC-3: at 5 Incidents still happen but no token is added."""
    t.state["escalation"] = 5
    events = m.add_incidents(t.state, 6, "test")
    assert t.state["escalation"] == 5 and t.state["incidents"] == 0
    assert len(events) == 6 and all("stays at 5" in e["text"] for e in events)
    t.state.update({"escalation": 4, "incidents": 2})
    m.add_incidents(t.state, 7, "test")
    assert (t.state["escalation"], t.state["incidents"]) == (5, 0)


def test_leaders_and_effects_are_played_from_hand(t):
    """AAT-TURN-3 point 4, AAT-LEAD-1: a leader goes beside its base; a one-time effect
    resolves then goes to the discard pile."""
    lead = t.card(kind="Leader", theaters=(), types=(), health=3)
    shot = t.card(kind="Effect", theaters=(), types=["Tactic"], effect={"draw": 1})
    t.hand(0, lead, shot)
    t.player(0)["deck"] = ["RB-01"]
    t.start("deploy")
    assert t.rejected({"type": "play", "card": lead, "theater": "Space"}).rule == "AAT-TURN-3"
    t.act({"type": "play", "card": lead})
    piece = next(p for p in t.state["table"].values() if p["card"] == lead)
    assert piece["kind"] == "leader" and m.theater_of(t.state, piece) == "Planetside"
    t.act({"type": "play", "card": shot})
    assert t.player(0)["discard"] == [shot] and t.player(0)["hand"] == ["RB-01"]


def test_base_order_deploys_and_pays_funds(t):
    """AAT-TURN-4 point 2(b), AAT-BASE-3, AAT-TOK-7, AAT-DECK-3: a base order that
    says deploy deploys (Stealth fires); its Funds are paid from the base."""
    sneaky = t.card(types=["Trooper"], traits=["Stealth"])
    t.player(0)["special"] = [sneaky]
    t.start("combat", spare=True)
    assert {"type": "order", "unit": "b0", "order": 0} not in t.legal()
    assert t.rejected({"type": "order", "unit": "b0", "order": 0}).rule == "AAT-TOK-7"
    t.base(0)["tokens"]["funds"] = 1
    t.act({"type": "order", "unit": "b0", "order": 0})
    t.choose({"card": sneaky, "from": "special", "theater": "Planetside"})
    piece = next(p for p in t.state["table"].values() if p["card"] == sneaky)
    assert piece["tokens"] == {"stealth": 1} and t.base(0)["tokens"] == {}


def test_objective_unit_is_placed_at_the_end_of_the_turn_once(t):
    """AAT-TURN-7, AAT-OBJ-1: one objective unit, in the base's theater, placed (no
    Stealth), acting from the owner's next turn; then the turn ends."""
    t.player(0)["objectives"] = ["NV-08", "NV-08"]
    t.start("end")
    t.act({"type": "place_objective", "card": "NV-08"})
    beacon = next(p for p in t.state["table"].values() if p["card"] == "NV-08")
    assert beacon["theater"] == "Planetside" and beacon["entered"] == 3
    assert t.player(0)["objectives"] == ["NV-08"]
    assert t.state["current"] == 1 and t.state["turn"] == 4


def test_the_cracker_needs_escalation_five(t):
    """AAT-OBJ-6: the Finality Planet Cracker is placed only at escalation 5."""
    t.player(1)["objectives"] = ["NV-09"]
    t.state["escalation"] = 4
    t.start("end", current=1)
    assert t.state["current"] == 0  # nothing to place: the turn ended by itself
    t.state["escalation"] = 5
    t.start("end", current=1)
    assert t.legal()[0] == {"type": "place_objective", "card": "NV-09"}
