"""The six alternate objectives, each won and each interrupted (AAT-OBJ-*), objective
steps as Incidents (AAT-ESC-2), and the ends of the game (AAT-WIN-1)."""

from __future__ import annotations

import pytest

from companion.games.aat import view
from tests.aat.scenario import Table

FF, NV, RU = "freedom-fighters", "first-leaders-navy", "robot-uprising"


@pytest.fixture
def make():
    yield lambda defender, attacker: Table((defender, attacker))
    view.use_rules(None)


def order_of(t, uid, name):
    """The index of a printed order by name."""
    card = t.rules.cards[t.piece(uid)["card"]]
    return next(i for i, o in enumerate(card["orders"]) if o["name"] == name)


# -- Base Evacuation (Freedom Fighters, Defender) ------------------------------------------
def test_evacuation_transport_escapes_from_space_after_the_planet(make):
    """AAT-OBJ-3, AAT-ESC-2: a Transport-type unit escapes from Space once it has been
    Planetside; it leaves the game (no destruction Incident), one step Incident."""
    t = make(FF, NV)
    shuttle = t.put(0, "Planetside", card="FF-03")
    straight_up = t.put(0, "Space", card="FF-03")
    t.start(spare=True)
    assert t.rejected({"type": "order", "unit": straight_up, "order": "escape"}).rule == \
        "AAT-OBJ-3"
    assert t.rejected({"type": "order", "unit": shuttle, "order": "escape"}).rule == \
        "AAT-OBJ-3"
    t.act({"type": "move", "unit": shuttle})
    t.state["turn"] += 1  # its next turn
    for p in t.state["table"].values():
        p["acted"] = False
    t.act({"type": "order", "unit": shuttle, "order": "escape"})
    assert t.piece(shuttle) is None and t.player(0)["removed"] == ["FF-03"]
    assert t.player(0)["escaped"] == 1 and t.state["incidents"] == 1
    assert view.engine().progress(t.state, 0) == "Transports escaped 1 of 4"


def test_evacuation_wins_at_four_escapes_and_only_for_that_role(make):
    """AAT-OBJ-3, AAT-WIN-1."""
    t = make(FF, NV)
    shuttle = t.put(0, "Space", card="FF-03")
    t.piece(shuttle)["planetside"] = True
    t.player(0)["escaped"] = 3
    t.start()
    t.act({"type": "order", "unit": shuttle, "order": "escape"})
    assert t.state["result"] == {"winners": [0], "path": "objective"}
    other = make(NV, FF)  # a Navy Defender's Transports have no Escape
    lander = other.put(0, "Space", card="NV-05")
    other.piece(lander)["planetside"] = True
    other.start(spare=True)
    assert other.rejected({"type": "order", "unit": lander, "order": "escape"}).rule == \
        "AAT-OBJ-3"


# -- Supply Raid (Freedom Fighters, Attacker) ------------------------------------------------
def test_supply_raid_down_load_up_scores_and_wins_at_four(make):
    """AAT-OBJ-4, AAT-OBJ-2: Load Supplies only Planetside and empty; the token scores
    when a Change Theaters action brings it into Space (one Incident)."""
    t = make(NV, FF)
    rogue = t.put(1, "Space", card="FF-11")
    t.start(current=1, spare=True)
    load = order_of(t, rogue, "Load Supplies")
    assert t.rejected({"type": "order", "unit": rogue, "order": load}).rule == "AAT-OBJ-4"
    t.act({"type": "move", "unit": rogue})
    t.piece(rogue)["acted"] = False
    t.act({"type": "order", "unit": rogue, "order": load})
    assert t.tokens(rogue, "objective") == 1
    t.piece(rogue)["acted"] = False
    assert t.rejected({"type": "order", "unit": rogue, "order": load}).rule == "AAT-OBJ-4"
    t.player(1)["scored"] = 2
    t.act({"type": "move", "unit": rogue})
    assert t.player(1)["scored"] == 3 and t.tokens(rogue, "objective") == 0
    assert t.state["incidents"] == 1 and t.state["await"] is not None
    t.put(1, "Planetside", card="FF-11", tokens={"objective": 1})
    t.start(current=1)
    carrier = [p["uid"] for p in t.state["table"].values()
               if p["card"] == "FF-11" and p["theater"] == "Planetside"][0]
    t.act({"type": "move", "unit": carrier})
    assert t.state["result"] == {"winners": [1], "path": "objective"}


def test_supply_raid_interrupted_a_shot_down_transport_loses_its_load(make):
    """AAT-OBJ-4, AAT-OBJ-1: destroyed, it returns to the objective pile, tokens gone."""
    t = make(NV, FF)
    rogue = t.put(1, "Planetside", card="FF-11", tokens={"objective": 1})
    gun = t.put(0, "Planetside", attack=9)
    t.start(spare=True)
    t.attack(gun, rogue)
    assert t.piece(rogue) is None and "FF-11" in t.player(1)["objectives"]
    assert t.player(1)["scored"] == 0 and t.state["incidents"] == 1


# -- Send Distress Signal (Navy, Defender) ---------------------------------------------------
def test_distress_signal_charge_twice_transmit_scores_each(make):
    """AAT-OBJ-5, AAT-ESC-2, AAT-TOK-4: at most 2 Charge; Transmit scores one Objective
    token (one Incident) per Charge; 4 win."""
    t = make(NV, FF)
    beacon = t.put(0, "Planetside", card="NV-08", tokens={"charge": 2})
    t.start(spare=True)
    charge, transmit = order_of(t, beacon, "Charge"), order_of(t, beacon, "Transmit")
    t.act({"type": "order", "unit": beacon, "order": charge})
    assert t.tokens(beacon, "charge") == 2
    t.piece(beacon)["acted"] = False
    t.act({"type": "order", "unit": beacon, "order": transmit})
    assert t.player(0)["scored"] == 2 and t.state["incidents"] == 2
    assert t.tokens(beacon, "charge") == 0
    t.piece(beacon)["tokens"]["charge"] = 2
    t.piece(beacon)["acted"] = False
    t.act({"type": "order", "unit": beacon, "order": transmit})
    assert t.state["result"] == {"winners": [0], "path": "objective"}


def test_distress_signal_interrupted_charge_is_lost_with_the_beacon(make):
    """AAT-OBJ-5, AAT-OBJ-1."""
    t = make(NV, FF)
    beacon = t.put(0, "Planetside", card="NV-08", tokens={"charge": 2})
    gun = t.put(1, "Planetside", attack=9)
    t.start(current=1, spare=True)
    t.attack(gun, beacon)
    assert t.piece(beacon) is None and t.player(0)["objectives"].count("NV-08") == 3
    assert t.player(0)["scored"] == 0


# -- Crack the Planet (Navy, Attacker) -------------------------------------------------------
def test_the_cracker_fires_past_every_protection_and_wins(make):
    """AAT-OBJ-6: Fire is an order, not an attack: Defenders, Shield, delegation do not
    apply; the Defender's base is destroyed and the Attacker wins."""
    t = make(FF, NV)
    cracker = t.put(1, "Space", card="NV-09")
    t.put(0, "Space", traits=["Defender"])
    t.leader(0, health=9)
    t.base(0)["tokens"]["shield"] = 9
    t.start(current=1)
    t.act({"type": "order", "unit": cracker, "order": 0})
    assert t.state["result"] == {"winners": [1], "path": "objective"}


def test_the_cracker_interrupted_not_the_turn_it_is_placed_nor_disrupted(make):
    """AAT-OBJ-6, AAT-TURN-5, AAT-TOK-5."""
    t = make(FF, NV)
    fresh = t.put(1, "Space", card="NV-09", entered=3)
    jammed = t.put(1, "Space", card="NV-09", tokens={"disruption": 1})
    t.start(current=1)
    assert t.rejected({"type": "order", "unit": fresh, "order": 0}).rule == "AAT-TURN-5"
    assert t.rejected({"type": "order", "unit": jammed, "order": 0}).rule == "AAT-TOK-5"


# -- Summon the Singularity (Robot Uprising, Defender) --------------------------------------
def test_singularity_core_ascends_with_three_computation(make):
    """AAT-OBJ-7, AAT-TRAIT-14: the Core is a Mainframe; Ascend turns 3 Computation into
    one Objective token (one Incident); 4 win."""
    t = make(RU, FF)
    core = t.put(0, "Planetside", card="RU-13", tokens={"computation": 2})
    t.start(spare=True)
    assert t.rejected({"type": "order", "unit": core, "order": 0}).rule == "AAT-OBJ-7"
    t.piece(core)["tokens"]["computation"] = 3
    t.act({"type": "order", "unit": core, "order": 0})
    assert t.player(0)["scored"] == 1 and t.tokens(core, "computation") == 0
    assert t.state["incidents"] == 1
    t.player(0)["scored"] = 3
    t.piece(core)["tokens"]["computation"] = 3
    t.piece(core)["acted"] = False
    t.act({"type": "order", "unit": core, "order": 0})
    assert t.state["result"] == {"winners": [0], "path": "objective"}


def test_singularity_interrupted_scored_tokens_stay_when_the_core_falls(make):
    """AAT-OBJ-2, AAT-OBJ-7: scored progress is permanent; the Core's tokens are lost."""
    t = make(RU, FF)
    t.player(0)["scored"] = 2
    core = t.put(0, "Planetside", card="RU-13", tokens={"computation": 3})
    gun = t.put(1, "Planetside", attack=9)
    t.start(current=1, spare=True)
    t.attack(gun, core)
    assert t.player(0)["scored"] == 2 and "RU-13" in t.player(0)["objectives"]


# -- Viral Computer Takeover (Robot Uprising, Attacker) --------------------------------------
def test_viral_upload_and_the_end_of_turn_check(make):
    """AAT-OBJ-8, AAT-ESC-2: a Mainframe in the enemy base's theater uploads all its
    Computation (one Incident however many); 10 on the base at the end of the Attacker's
    turn wins."""
    t = make(FF, RU)
    frame = t.put(1, "Planetside", traits=["Mainframe"], types=["Computer"],
                  tokens={"computation": 3})
    away = t.put(1, "Space", traits=["Mainframe"], types=["Computer"],
                 tokens={"computation": 3})
    t.base(0)["tokens"]["computation"] = 6
    t.start(current=1, spare=True)
    assert t.rejected({"type": "order", "unit": away, "order": "upload"}).rule == "AAT-OBJ-8"
    t.act({"type": "order", "unit": frame, "order": "upload"})
    assert t.tokens("b0", "computation") == 9 and t.state["incidents"] == 1
    assert view.engine().progress(t.state, 1) == "Computation on enemy base 9 of 10"
    t.act({"type": "end_phase"})
    assert t.state["current"] == 0  # 9: no win
    t.base(0)["tokens"]["computation"] = 10
    t.start("end", current=1)
    assert t.state["result"] == {"winners": [1], "path": "objective"}


def test_viral_interrupted_by_clean_up_attacks_on_the_own_base(make):
    """AAT-OBJ-8 point 2: the Defender's units in their base's theater attack their own
    base, each attack (each Repeater attack) removing one token, no damage; Defender and
    Stealth rules do not apply."""
    t = make(FF, RU)
    t.base(0)["tokens"].update({"computation": 3, "stealth": 1})
    t.put(1, "Planetside", traits=["Defender"])
    cleaner = t.put(0, "Planetside", attack=5, traits=["Repeater 1"])
    t.start(spare=True)
    assert ("b0", False) in t.targets(cleaner)
    t.attack(cleaner, "b0")
    t.attack(cleaner, "b0")
    assert t.tokens("b0", "computation") == 1 and t.base(0)["damage"] == 0
    assert t.tokens("b0", "stealth") == 1
    plain = make(FF, NV)  # no Viral attacker: no clean-up attacks
    unit = plain.put(0, "Planetside")
    plain.base(0)["tokens"]["computation"] = 2
    plain.start(spare=True)
    assert plain.rejected({"type": "attack", "unit": unit, "target": "b0",
                           "mark": False}).rule == "AAT-GEN-1"


# -- the ends of the game (AAT-WIN-1) -------------------------------------------------------
def test_both_bases_falling_in_one_event_is_a_draw(t):
    """AAT-WIN-1: one effect that brings both bases to 0 is a draw."""
    doom = t.card(kind="Effect", theaters=(), types=["Tactic"],
                  effect=[{"damage": 5, "target": "enemy-base"},
                          {"damage": 5, "target": "own-base"}])
    t.hand(0, doom)
    t.base(0)["damage"] = t.base(1)["damage"] = 26
    t.start("deploy")
    t.act({"type": "play", "card": doom})
    assert t.state["result"] == {"winners": [], "path": "draw"}
    assert t.rules.winning_seats(t.state) == [] and t.state["await"] is None


def test_an_effect_that_fells_one_base_ends_the_game_after_the_effect(t):
    """AAT-WIN-1: the enemy base at 0 in one step of an effect; the rest of the effect is
    the same event (its base damage counts), then the game ends."""
    doom = t.card(kind="Effect", theaters=(), types=["Tactic"],
                  effect=[{"damage": 5, "target": "enemy-base"}, {"draw": 2},
                          {"damage": 1, "target": "own-base"}])
    t.hand(0, doom)
    t.base(1)["damage"] = 26
    t.start("deploy")
    t.act({"type": "play", "card": doom})
    assert t.state["result"] == {"winners": [0], "path": "base"}
    assert t.base(0)["damage"] == 1 and t.state["await"] is None
