"""Every trait (AAT-TRAIT-*), as the rulings settle it."""

from __future__ import annotations

import pytest

from companion.games.aat.data import CardError, parse_traits

B0, B1 = "b0", "b1"


def play(t, card, theater="Planetside"):
    action = {"type": "play", "card": card}
    if t.rules.cards[card]["kind"] == "Unit":
        action["theater"] = theater
    return t.act(action)


def new_unit(t, seat=0):
    """The uid of the piece that entered last."""
    return max((p for p in t.state["table"].values() if p["owner"] == seat),
               key=lambda p: int(p["uid"][1:]))["uid"]


def test_traits_parse_and_numbered_ones_add_up():
    """AAT-TRAIT-1: numbered traits from two sources add up; unknown traits refused."""
    traits = parse_traits("X-1", ["Armor 1", "Armor 2", "Command Trooper: 2",
                                  "Transport 3: Vehicle", "Tactic Expert", "Pierce", "Unique"])
    assert traits == {"Armor": 3, "Command": {"type": "Trooper", "count": 2},
                      "Transport": {"count": 3, "type": "Vehicle"}, "Expert": ["Tactic"],
                      "Pierce": 99, "Unique": True}
    with pytest.raises(CardError, match="X-2: unknown trait 'Flying'"):
        parse_traits("X-2", ["Flying"])
    with pytest.raises(CardError, match="X-3"):
        parse_traits("X-3", ["Command Spaceship: 2"])


def test_disruption_stops_traits_but_armor_fighter_capital(t):
    """AAT-TRAIT-1, AAT-TOK-5: a disrupted unit keeps Armor, Fighter and Capital."""
    me = t.put(0, "Space", attack=3, traits=["Fighter"])
    foe = t.put(1, "Space", traits=["Armor 1", "Capital", "Point-Defense 5"], health=9,
                tokens={"disruption": 1})
    t.start(spare=True)
    assert (foe, False) not in t.targets(me)  # Capital still works
    bomber = t.put(0, "Space", attack=3, traits=["Fighter", "Bomber 1"])
    t.attack(bomber, foe)
    assert t.damage(foe) == 2  # Armor 1 still works; Point-Defense does not retaliate
    assert t.damage(bomber) == 0


def test_stealth_unit_gets_its_token_when_deployed_not_when_placed(t):
    """AAT-TRAIT-19, AAT-TURN-4: played from hand is deployed (token); carried by a
    Transport is only placed (none)."""
    sneaky = t.card(traits=["Stealth"])
    carrier = t.card(types=["Vehicle"], traits=["Transport 1: Trooper"])
    t.hand(0, sneaky, carrier, sneaky)
    t.start("deploy")
    play(t, sneaky)
    first = new_unit(t)
    assert t.tokens(first, "stealth") == 1
    play(t, carrier)
    assert t.waiting("choose", "pick")
    t.choose({"card": sneaky, "from": "hand", "theater": "Planetside"})
    carried = new_unit(t)
    assert t.rules.cards[t.piece(carried)["card"]]["name"] == t.rules.cards[sneaky]["name"]
    assert t.tokens(carried, "stealth") == 0


def test_transport_places_up_to_x_of_its_type_from_hand_or_special_forces(t):
    """AAT-TRAIT-22, AAT-DECK-3, AAT-TURN-3: up to X units of type Y into the
    Transport's theater, within escalation, not counting toward the 2 cards; they do
    not act this turn and their own Transport does not fire."""
    trooper = t.card(theaters=("Planetside", "Space"))
    late = t.card(escalation=3)
    inner = t.card(types=["Trooper"], traits=["Transport 1: Trooper"])
    space_only = t.card(theaters=("Space",))
    carrier = t.card(types=["Vehicle"], traits=["Transport 2: Trooper"])
    t.hand(0, carrier, late, space_only, inner)
    t.player(0)["special"] = [trooper]
    t.start("deploy")
    play(t, carrier)
    options = t.options()
    assert {"card": trooper, "from": "special", "theater": "Planetside"} in options
    assert not any(o != "done" and o["card"] in (late, space_only) for o in options)
    t.choose({"card": inner, "from": "hand", "theater": "Planetside"})
    assert t.waiting("choose", "pick")  # the placed Transport did not fire: still ours
    t.choose({"card": trooper, "from": "special", "theater": "Planetside"})
    assert t.state["played"] == 1 and t.player(0)["special"] == []
    assert t.waiting("deploy")
    assert all(not t.rules.attack_targets(t.state, p) or p["entered"] == 3
               for p in t.state["table"].values() if p["kind"] == "unit")


def test_transport_is_up_to_x_so_the_owner_may_stop(t):
    """AAT-TRAIT-22: 'up to'."""
    trooper = t.card()
    carrier = t.card(types=["Vehicle"], traits=["Transport 2: Trooper"])
    t.hand(0, carrier, trooper)
    t.start("deploy")
    play(t, carrier)
    t.choose("done")
    assert t.player(0)["hand"] == [trooper]


def test_supply_draws_without_fatigue(t):
    """AAT-TRAIT-20, AAT-TURN-2 point 2: Supply draws what the deck holds, no fatigue."""
    supplier = t.card(traits=["Supply 3"])
    t.hand(0, supplier)
    t.player(0)["deck"] = ["RB-01"]
    t.start("deploy")
    play(t, supplier)
    assert t.player(0)["hand"] == ["RB-01"] and t.player(0)["fatigue"] == 0
    assert t.base(0)["damage"] == 0


def test_funds_go_to_the_base_on_any_placement_and_pay_for_cards(t):
    """AAT-TRAIT-10, AAT-TOK-7: Funds on placement, kept on the base; a card with a
    Funds cost needs and spends them."""
    business = t.card(traits=["Funds 2"], types=["Business"])
    pricey = t.card(kind="Effect", theaters=(), types=["Tactic"], funds=2,
                    effect={"draw": 1})
    t.hand(0, pricey, business)
    t.start("deploy")
    assert t.rejected({"type": "play", "card": pricey}).rule == "AAT-TOK-7"
    play(t, business)
    assert t.tokens(B0, "funds") == 2
    play(t, pricey)
    assert t.tokens(B0, "funds") == 0


def test_mark_tokens_on_placement_of_the_unit(t):
    """AAT-TRAIT-15: X Mark tokens on any placement."""
    marked = t.card(traits=["Mark 2"])
    t.hand(0, marked)
    t.start("deploy")
    play(t, marked)
    assert t.tokens(new_unit(t), "mark") == 2


def test_compute_places_tokens_on_own_mainframes_split_and_capped(t):
    """AAT-TRAIT-14: X Computation onto own non-disrupted Mainframes, at most 3 each,
    split one at a time; the rest are lost."""
    one = t.put(0, "Planetside", traits=["Mainframe"], types=["Computer"],
                tokens={"computation": 2})
    two = t.put(0, "Space", traits=["Mainframe"], types=["Computer"])
    t.put(0, "Space", traits=["Mainframe"], types=["Computer"], tokens={"disruption": 1})
    computer = t.card(traits=["Compute 5"])
    t.hand(0, computer)
    t.start("deploy")
    play(t, computer)
    assert t.waiting("choose", "computation") and set(t.options()) == {one, two, "lose"}
    t.choose(one)  # one is now full: the rest go to the only one with room
    assert t.tokens(one, "computation") == 3 and t.tokens(two, "computation") == 3
    assert "computation_lost" in t.kinds()


def test_backup_moves_tokens_of_a_destroyed_unit_to_other_mainframes(t):
    """AAT-TRAIT-4, AAT-CMB-4 point 4: up to X of its Computation to its owner's other
    Mainframes still in play; not when disrupted."""
    t.start("combat", spare=True)
    keeper = t.put(1, "Planetside", traits=["Mainframe"], types=["Computer"],
                   tokens={"computation": 1})
    dying = t.put(1, "Planetside", traits=["Mainframe", "Backup 2"], types=["Computer"],
                  tokens={"computation": 3}, health=1)
    quiet = t.put(1, "Planetside", traits=["Mainframe", "Backup 2"], types=["Computer"],
                  tokens={"computation": 3, "disruption": 1}, health=1)
    gun = t.put(0, "Planetside", attack=1)
    gun2 = t.put(0, "Planetside", attack=1)
    t.attack(gun, dying)
    assert t.tokens(keeper, "computation") == 3
    t.state["table"][keeper]["tokens"]["computation"] = 0
    t.attack(gun2, quiet)
    assert t.tokens(keeper, "computation") == 0


def test_sympathized_places_rallied_units_where_it_fell(t):
    """AAT-TRAIT-18: a non-disrupted Sympathized unit destroyed lets its owner place up to
    X Rallied units from hand or Special Forces into its theater, in the opponent's turn;
    they act in their owner's next turn."""
    rallied = t.card(traits=["Rallied"])
    plain = t.card()
    t.hand(1, rallied, plain)
    t.player(1)["special"] = ["HG-11"]
    martyr = t.put(1, "Planetside", traits=["Sympathized 2"], health=1)
    gun = t.put(0, "Planetside", attack=2)
    t.start(spare=True)
    t.attack(gun, martyr)
    assert t.waiting("choose", "pick") and t.state["await"]["player"] == 1
    assert t.options() == [{"card": rallied, "from": "hand", "theater": "Planetside"},
                           {"card": "HG-11", "from": "special", "theater": "Planetside"},
                           "done"]
    t.choose({"card": rallied, "from": "hand", "theater": "Planetside"})
    placed = new_unit(t, 1)
    assert t.piece(placed)["entered"] == 3 and t.state["turn"] == 3
    t.state["turn"] = 4
    t.state["current"] = 1
    from companion.games.aat import model as m

    assert m.can_act(t.state, t.piece(placed))


def test_sympathized_does_nothing_when_disrupted(t):
    """AAT-TRAIT-18, AAT-TOK-5."""
    t.hand(1, t.card(traits=["Rallied"]))
    martyr = t.put(1, "Planetside", traits=["Sympathized 2"], health=1,
                   tokens={"disruption": 1})
    gun = t.put(0, "Planetside", attack=2)
    t.start(spare=True)
    t.attack(gun, martyr)
    assert t.waiting("combat")


def test_expert_counts_twice_in_counts_of_cards_of_its_type(t):
    """AAT-TRAIT-23: while a Tactic its owner plays resolves, a non-disrupted Tactic
    Expert counts twice in the card's count; the two-card limit is unchanged."""
    t.put(0, "Planetside", types=["Trooper"])
    expert = t.put(0, "Planetside", types=["Trooper"], traits=["Tactic Expert"])
    foe = t.put(1, "Planetside", health=20)
    tactic = t.card(kind="Effect", theaters=(), types=["Tactic"],
                    effect={"damage": {"count": "own-units", "type": "Trooper"},
                            "target": "enemy-unit"})
    support = t.card(kind="Effect", theaters=(), types=["Support"],
                     effect={"damage": {"count": "own-units", "type": "Trooper"},
                             "target": "enemy-unit"})
    t.hand(0, tactic, support, tactic)
    t.start("deploy")
    play(t, tactic)
    t.choose(foe)
    assert t.damage(foe) == 3  # 1 + 2
    t.state["table"][expert]["tokens"]["disruption"] = 1
    play(t, support)
    t.choose(foe)
    assert t.damage(foe) == 5  # 1 + 1: not a Tactic, and disrupted anyway
    assert t.state["played"] == 2 and not t.waiting("deploy")


def test_unique_discards_the_older_card_of_the_same_name_without_destroying_it(t):
    """AAT-DECK-2: the older one is discarded, not destroyed: no Incident, no
    Sympathized; an opponent's card of that name stays."""
    first = t.card(name="Hero", traits=["Unique", "Sympathized 1"])
    second = t.card(name="Hero", traits=["Unique"])
    rallied = t.card(traits=["Rallied"])
    old = t.put(0, "Planetside", card=first, tokens={"shield": 2})
    theirs = t.put(1, "Planetside", card=second)
    t.hand(0, second, rallied)
    t.start("deploy")
    play(t, second)
    assert t.piece(old) is None and first in t.player(0)["discard"]
    assert t.piece(theirs) is not None and t.state["incidents"] == 0
    assert t.waiting("deploy")


def test_objective_role_gates_placement_only(t):
    """AAT-TRAIT-3, AAT-OBJ-1, AAT-TURN-7: a player places only objective cards of their
    role, into their base's theater."""
    t.player(0)["objectives"] = ["FF-11", "NV-08"]  # an Attacker's card and a Defender's
    t.start("end")
    assert t.legal() == [{"type": "place_objective", "card": "NV-08"}, {"type": "end_turn"}]
    assert t.rejected({"type": "place_objective", "card": "FF-11"}).rule == "AAT-TURN-7"


def test_effect_cards_deploy_or_place_as_their_text_says(t):
    """AAT-TURN-4, docs/against-all-tyrants-cards.md: a `deploy` step deploys (Stealth
    fires), a `place` step only places; both within escalation, from hand or Special
    Forces, into a theater marked on the card."""
    sneaky = t.card(traits=["Stealth"], theaters=("Space", "Planetside"))
    call = t.card(kind="Effect", theaters=(), types=["Tactic"],
                  effect={"deploy": 1, "type": "Trooper", "from": ["special"]})
    drop = t.card(kind="Effect", theaters=(), types=["Tactic"],
                  effect={"place": 1, "type": "Trooper", "from": ["hand"]})
    t.player(0)["special"] = [sneaky]
    t.hand(0, call, drop, sneaky)
    t.start("deploy", spare=True)
    t.act({"type": "play", "card": call})
    assert t.options() == [{"card": sneaky, "from": "special", "theater": "Space"},
                           {"card": sneaky, "from": "special", "theater": "Planetside"},
                           "done"]
    t.choose({"card": sneaky, "from": "special", "theater": "Space"})
    assert t.tokens(new_unit(t), "stealth") == 1
    t.act({"type": "play", "card": drop})
    t.choose({"card": sneaky, "from": "hand", "theater": "Planetside"})
    assert t.tokens(new_unit(t), "stealth") == 0 and t.state["played"] == 2
