"""Attacks, damage, destruction, leaders and instructions: one test (or more) per
ruling, named in each docstring."""

from __future__ import annotations

B0, B1 = "b0", "b1"


def test_attack_deals_the_attack_value_to_a_unit_in_the_same_theater(t):
    """AAT-CMB-1, AAT-TOK-1: a unit attacks an enemy unit in its theater; one damage
    token per point."""
    me = t.put(0, attack=3)
    foe = t.put(1, health=5)
    far = t.put(1, "Space", health=5)
    t.start()
    assert (foe, False) in t.targets(me) and (far, False) not in t.targets(me)
    assert t.rejected({"type": "attack", "unit": me, "target": far, "mark": False}).rule \
        == "AAT-CMB-1"
    t.attack(me, foe)
    assert t.damage(foe) == 3


def test_a_unit_attacks_with_attack_value_zero(t):
    """AAT-CMB-1: an attack value of 0 is still an attack (it strips nothing)."""
    me = t.put(0, attack=0)
    foe = t.put(1, tokens={"stealth": 1})
    t.start()
    t.attack(me, foe)
    assert t.damage(foe) == 0 and t.tokens(foe, "stealth") == 1  # AAT-TOK-3: not spent


def test_damage_order_armor_then_stealth_then_shield(t):
    """AAT-CMB-2: Armor first (a hit armor stops does not spend Stealth), then
    Stealth negates, then Shields take what is left."""
    me = t.put(0, attack=3)
    t2 = t.put(0, attack=5)
    t3 = t.put(0, attack=5)
    armored = t.put(1, traits=["Armor 3"], tokens={"stealth": 1})
    shielded = t.put(1, traits=["Armor 1"], tokens={"stealth": 1, "shield": 2}, health=9)
    t.start()
    t.attack(me, armored)
    assert t.damage(armored) == 0 and t.tokens(armored, "stealth") == 1
    t.attack(t2, shielded)  # 5 - 1 armor = 4 >= 1: Stealth negates, Shields kept
    assert t.damage(shielded) == 0 and t.tokens(shielded, "stealth") == 0
    assert t.tokens(shielded, "shield") == 2
    t.attack(t3, shielded)  # 4 after armor, 2 shields stop 2
    assert t.damage(shielded) == 2 and t.tokens(shielded, "shield") == 0


def test_pierce_lowers_armor_and_bare_pierce_ignores_it(t):
    """AAT-TRAIT-16, AAT-CMB-2 step 2."""
    one = t.put(0, attack=3, traits=["Pierce 1"])
    bare = t.put(0, attack=3, traits=["Pierce"])
    foe = t.put(1, traits=["Armor 2"], health=20)
    t.start()
    t.attack(one, foe)
    assert t.damage(foe) == 2
    t.attack(bare, foe)
    assert t.damage(foe) == 5


def test_armor_does_not_reduce_effect_damage(t):
    """AAT-TRAIT-2: Armor reduces attacks only."""
    card = t.card(kind="Effect", theaters=(), types=["Tactic"],
                  effect={"damage": 3, "target": "enemy-unit"})
    foe = t.put(1, traits=["Armor 2"], health=9)
    t.hand(0, card)
    t.start("deploy")
    t.act({"type": "play", "card": card})
    t.choose(foe)
    assert t.damage(foe) == 3


def test_destroyed_units_leave_play_add_incidents_and_objectives_return(t):
    """AAT-CMB-3, AAT-OBJ-1: destroyed units go to the discard pile (objective units
    to their objective pile, tokens removed), one Incident each."""
    me = t.put(0, attack=5)
    foe = t.put(1, health=3, tokens={"mark": 1})
    t.start(spare=True)
    t.attack(me, foe)
    assert t.piece(foe) is None and t.state["incidents"] == 1
    assert t.player(1)["discard"][-1].startswith("T-")
    rogue = t.put(1, "Planetside", card="FF-11", tokens={"objective": 1})
    t.state["players"][1]["subfaction"] = "freedom-fighters"
    again = t.put(0, attack=5)
    pile = list(t.player(1)["objectives"])
    t.attack(again, rogue)
    assert t.player(1)["objectives"] == sorted(pile + ["FF-11"])
    assert t.state["incidents"] == 2


def test_defender_protects_base_and_defended_units(t):
    """AAT-TRAIT-8, AAT-CMB-1: while a non-disrupted enemy Defender is in the theater,
    the base and Defended units cannot be attacked; the Defender itself can."""
    me = t.put(0, "Space", attack=2)
    guard = t.put(1, "Space", traits=["Defender"])
    ward = t.put(1, "Space", traits=["Defended"])
    t.start()
    assert t.targets(me) == {(guard, False)}
    assert t.rejected({"type": "attack", "unit": me, "target": B1, "mark": False}).rule \
        == "AAT-TRAIT-8"
    t.state["table"][guard]["tokens"]["disruption"] = 1  # AAT-TOK-5: no protection
    assert t.targets(me) == {(guard, False), (ward, False), (B1, False)}


def test_mark_passes_defended_but_not_a_bases_defender(t):
    """AAT-TRAIT-15: a Mark lets a unit attack a Defended unit despite a Defender,
    never a base protected by a Defender."""
    me = t.put(0, "Space", attack=2, tokens={"mark": 1})
    guard = t.put(1, "Space", traits=["Defender"])
    ward = t.put(1, "Space", traits=["Defended"])
    t.start()
    assert t.targets(me) == {(guard, False), (ward, True)}
    assert t.rejected({"type": "attack", "unit": me, "target": B1, "mark": True}).rule \
        == "AAT-TRAIT-15"
    t.attack(me, ward, mark=True)
    assert t.damage(ward) == 2 and t.tokens(me, "mark") == 0


def test_mark_is_spent_even_if_the_attack_is_negated(t):
    """AAT-TOK-3, AAT-LEAD-3: a Mark spent on a negated attack stays spent."""
    me = t.put(0, "Space", attack=2, tokens={"mark": 1})
    t.put(1, "Space", traits=["Defender"])
    ward = t.put(1, "Space", traits=["Defended"], tokens={"stealth": 1})
    t.start()
    t.attack(me, ward, mark=True)
    assert t.tokens(me, "mark") == 0 and t.damage(ward) == 0


def test_fighters_screen_the_base_from_fighters(t):
    """AAT-TRAIT-9: a Fighter cannot attack the enemy base while an enemy Fighter (even
    disrupted: Fighter keeps working) is in the theater."""
    me = t.put(0, "Space", traits=["Fighter"])
    screen = t.put(1, "Space", traits=["Fighter"], tokens={"disruption": 1})
    t.start()
    assert (B1, False) not in t.targets(me)
    assert t.rejected({"type": "attack", "unit": me, "target": B1, "mark": False}).rule \
        == "AAT-TRAIT-9"
    del t.state["table"][screen]
    assert (B1, False) in t.targets(me)


def test_capitals_screen_the_base_from_capitals_and_fighters_cannot_hit_capitals(t):
    """AAT-TRAIT-6: a Capital cannot attack the base while an enemy Capital is there;
    a Fighter cannot attack a Capital unless Bomber or Torpedo."""
    ship = t.put(0, "Space", traits=["Capital"])
    fighter = t.put(0, "Space", traits=["Fighter"])
    bomber = t.put(0, "Space", traits=["Fighter", "Bomber 1"])
    torpedo = t.put(0, "Space", traits=["Fighter", "Torpedo 2"], attack=1)
    big = t.put(1, "Space", traits=["Capital"], health=20)
    t.start()
    assert (B1, False) not in t.targets(ship) and (big, False) in t.targets(ship)
    assert (big, False) not in t.targets(fighter)
    assert t.rejected({"type": "attack", "unit": fighter, "target": big, "mark": False}).rule \
        == "AAT-TRAIT-6"
    assert (big, False) in t.targets(bomber)
    t.attack(torpedo, big)
    assert t.damage(big) == 3  # AAT-TRAIT-21: Torpedo X extra on a Capital


def test_capital_attacks_fighters_only_with_point_defense_dealing_x(t):
    """AAT-TRAIT-11 point 2, AAT-TRAIT-9: a Capital attacks a Fighter only through
    Point-Defense, which deals X instead of its attack."""
    plain = t.put(0, "Space", attack=6, traits=["Capital"])
    flak = t.put(0, "Space", attack=6, traits=["Capital", "Point-Defense 2"])
    fighter = t.put(1, "Space", traits=["Fighter"], health=9)
    t.start()
    assert (fighter, False) not in t.targets(plain)
    assert t.rejected({"type": "attack", "unit": plain, "target": fighter,
                       "mark": False}).rule == "AAT-TRAIT-9"
    t.attack(flak, fighter)
    assert t.damage(fighter) == 2


def test_point_defense_retaliates_after_a_fighter_attack_even_when_negated(t):
    """AAT-TRAIT-11 point 1: after an enemy Fighter's attack, a surviving non-disrupted
    Point-Defense unit deals X to it (an effect: no Armor, Shield applies)."""
    fighter = t.put(0, "Space", attack=1, traits=["Fighter", "Armor 3"], health=9,
                    tokens={"shield": 1})
    flak = t.put(1, "Space", traits=["Point-Defense 3"], tokens={"stealth": 1}, health=9)
    t.start()
    t.attack(fighter, flak)
    assert t.damage(flak) == 0  # negated by Stealth
    assert t.damage(fighter) == 2 and t.tokens(fighter, "shield") == 0


def test_point_defense_does_not_retaliate_when_disrupted_or_destroyed(t):
    """AAT-TRAIT-11, AAT-TOK-5."""
    fighter = t.put(0, "Space", attack=3, traits=["Fighter"], health=9)
    quiet = t.put(1, "Space", traits=["Point-Defense 3"], tokens={"disruption": 1}, health=9)
    dead = t.put(1, "Space", traits=["Point-Defense 3"], health=3)
    other = t.put(0, "Space", attack=3, traits=["Fighter"], health=9)
    t.start()
    t.attack(fighter, quiet)
    t.attack(other, dead)
    assert t.piece(dead) is None
    assert t.damage(fighter) == 0 and t.damage(other) == 0


def test_bomber_adds_against_planetside_units_only(t):
    """AAT-TRAIT-5: Bomber X extra on enemy units Planetside, not on bases."""
    bomber = t.put(0, "Planetside", attack=2, traits=["Bomber 2"])
    foe = t.put(1, "Planetside", health=9)
    t.start(spare=True)
    t.attack(bomber, foe)
    assert t.damage(foe) == 4
    t.state["table"][bomber]["theater"] = "Space"
    t.state["table"][bomber]["acted"] = False
    t.attack(bomber, B1)
    assert t.base(1)["damage"] == 2


def test_leader_attacked_only_with_a_mark_from_the_bases_theater(t):
    """AAT-LEAD-3, AAT-LEAD-1: a leader is attacked only by spending a Mark, from its
    base's theater; the base's Defender does not protect it; its Armor and Stealth
    apply."""
    lead = t.leader(1, health=6)
    plain = t.put(0, "Space", attack=3)
    marked = t.put(0, "Space", attack=3, tokens={"mark": 2})
    planet = t.put(0, "Planetside", attack=3, tokens={"mark": 1})
    t.put(1, "Space", traits=["Defender"])
    t.start()
    assert all(target != lead for target, _ in t.targets(plain))
    assert (lead, True) in t.targets(marked)
    assert all(target != lead for target, _ in t.targets(planet))
    assert t.rejected({"type": "attack", "unit": plain, "target": lead,
                       "mark": False}).rule == "AAT-LEAD-3"
    t.attack(marked, lead, mark=True)
    assert t.damage(lead) == 3 and t.tokens(marked, "mark") == 1


def test_destroyed_leader_adds_no_incident(t):
    """AAT-LEAD-1, AAT-ESC-1: a destroyed leader goes to the discard pile, no Incident."""
    lead = t.leader(1, health=2)
    marked = t.put(0, "Space", attack=3, tokens={"mark": 1})
    t.start()
    t.attack(marked, lead, mark=True)
    assert t.piece(lead) is None and t.state["incidents"] == 0
    assert t.player(1)["discard"][-1] == t.state["players"][1]["discard"][-1]


def test_base_delegates_part_of_damage_to_one_leader(t):
    """AAT-LEAD-2: after the base's own Shield, its owner may put 0 up to the rest (and
    the leader's remaining health) on one leader, whose Shield does not apply."""
    lead = t.leader(1, health=3, shield=5)
    me = t.put(0, "Space", attack=5)
    t.base(1)["tokens"]["shield"] = 1
    t.start()
    t.attack(me, B1)
    assert t.waiting("choose", "delegate")
    assert t.state["await"]["player"] == 1
    assert t.options() == ["none", [lead, 1], [lead, 2], [lead, 3]]
    t.choose([lead, 3])
    assert t.base(1)["damage"] == 1 and t.piece(lead) is None  # at its health: destroyed
    assert t.base(1)["tokens"] == {} and t.state["incidents"] == 0


def test_no_delegation_for_fatigue(t):
    """AAT-LEAD-2, AAT-TURN-2: fatigue cannot be delegated."""
    t.leader(0, health=5)
    t.player(0)["deck"] = []
    t.state["current"] = 1
    t.state["tasks"] = [{"do": "begin_turn"}]
    t.state["await"] = None
    t.rules.run(t.state)
    assert t.base(0)["damage"] == 1 and t.player(0)["fatigue"] == 1


def test_repeater_attacks_again_choosing_each_target_just_before(t):
    """AAT-TRAIT-17, AAT-TRAIT-8: each attack has its own target, checked just before
    it: once the last Defender falls the base may be the next target."""
    gun = t.put(0, "Space", attack=3, traits=["Repeater 2"])
    guard = t.put(1, "Space", traits=["Defender"], health=3)
    t.start()
    t.attack(gun, guard)
    assert t.piece(guard) is None
    assert t.waiting("repeat")
    legal = t.legal()
    assert {"type": "attack", "unit": gun, "target": B1, "mark": False} in legal
    t.attack(gun, B1)
    assert t.waiting("repeat")
    t.attack(gun, B1)
    assert t.base(1)["damage"] == 6 and not t.waiting("repeat")


def test_repeater_may_stop_and_each_attack_needs_its_own_mark(t):
    """AAT-TRAIT-17, AAT-TRAIT-15: a Mark per attack."""
    gun = t.put(0, "Space", attack=1, traits=["Repeater 1"], tokens={"mark": 1})
    t.put(1, "Space", traits=["Defender"], health=9)
    ward = t.put(1, "Space", traits=["Defended"], health=9)
    t.start(spare=True)
    t.attack(gun, ward, mark=True)
    assert t.waiting("repeat")
    assert {"type": "attack", "unit": gun, "target": ward, "mark": True} not in t.legal()
    t.act({"type": "stop"})
    assert t.waiting("combat") or t.waiting("end")


def test_each_unit_acts_once_and_new_units_do_not_act(t):
    """AAT-TURN-6, AAT-TURN-5: one action per unit; a unit that entered play this turn
    takes none."""
    me = t.put(0, "Space", attack=1)
    fresh = t.put(0, "Space", attack=1, entered=3)
    t.start(spare=True)
    t.attack(me, B1)
    assert t.rejected({"type": "attack", "unit": me, "target": B1, "mark": False}).rule \
        == "AAT-TURN-6"
    assert t.rejected({"type": "attack", "unit": fresh, "target": B1,
                       "mark": False}).rule == "AAT-TURN-5"


def test_change_theaters_moves_damage_and_tokens(t):
    """AAT-TURN-6: only a unit marked for both theaters moves, with all it holds."""
    both = t.put(0, "Space", theaters=("Space", "Planetside"), damage=1,
                 tokens={"shield": 2})
    one = t.put(0, "Space")
    t.start()
    assert t.rejected({"type": "move", "unit": one}).rule == "AAT-TURN-6"
    t.act({"type": "move", "unit": both})
    piece = t.piece(both)
    assert piece["theater"] == "Planetside" and piece["damage"] == 1
    assert piece["tokens"] == {"shield": 2}


def test_command_grants_instructions_up_to_y_once_per_turn(t):
    """AAT-TRAIT-7, AAT-INS-1: after its first action, up to Y other own units of type
    X take one instruction each, at most one per unit per turn; new units none."""
    boss = t.put(0, "Space", attack=1, types=["Character"], traits=["Command Trooper: 2"])
    a = t.put(0, "Space", attack=1)
    b = t.put(0, "Space", attack=1)
    c = t.put(0, "Space", attack=1)
    fresh = t.put(0, "Space", attack=1, entered=3)
    ship = t.put(0, "Space", attack=1, types=["Ship"])
    t.start()
    t.attack(a, B1)  # a acts normally first; it may still be instructed
    t.attack(boss, B1)
    assert t.waiting("command")
    units = {x["unit"] for x in t.legal() if "unit" in x}
    assert units == {a, b, c}  # not itself, not the fresh unit, not the Ship
    t.attack(a, B1)
    assert t.waiting("command")
    assert t.rejected({"type": "attack", "unit": a, "target": B1, "mark": False}).rule \
        == "AAT-INS-1"
    assert t.rejected({"type": "attack", "unit": ship, "target": B1, "mark": False}).rule \
        == "AAT-TRAIT-7"
    t.attack(b, B1)
    assert t.waiting("combat")  # Y = 2 used up
    assert t.base(1)["damage"] == 4
    t.attack(c, B1)  # c's normal action; the commander grants no more this turn
    assert t.waiting("combat") and t.piece(fresh)["instructed"] is False


def test_declining_an_instruction_keeps_it_and_a_disrupted_unit_only_removes_a_token(t):
    """AAT-INS-1 points 3 and 4, AAT-TOK-5."""
    boss = t.put(0, "Space", attack=1, types=["Character"], traits=["Command Trooper: 1"])
    stuck = t.put(0, "Space", attack=1, tokens={"disruption": 2})
    t.start()
    t.attack(boss, B1)
    assert t.legal() == [{"type": "undisrupt", "unit": stuck}, {"type": "done"}]
    t.act({"type": "done"})
    assert t.piece(stuck)["instructed"] is False
    t.act({"type": "undisrupt", "unit": stuck})
    assert t.tokens(stuck, "disruption") == 1


def test_leader_command_through_its_bases_order(t):
    """AAT-TRAIT-7, AAT-BASE-3: a leader's Command grants when its base uses one of
    that leader's orders; a base has one action."""
    lead = t.leader(0, traits=["Command Trooper: 1"],
                    orders=[{"name": "Rally", "effect": {"shield": 1, "target": "own-units"}}])
    unit = t.put(0, "Planetside", attack=2)
    t.put(1, "Planetside", health=9)
    t.start()
    t.act({"type": "order", "unit": B0, "leader": lead, "order": 0})
    assert t.tokens(unit, "shield") == 1
    assert t.waiting("command")
    t.act({"type": "done"})
    assert t.waiting("combat")
    assert t.rejected({"type": "order", "unit": B0, "leader": lead, "order": 0}).rule == \
        "AAT-TURN-6"


def test_leaders_take_no_action_and_bases_never_attack(t):
    """AAT-LEAD-1, AAT-BASE-3."""
    lead = t.leader(0)
    t.put(0, "Planetside", attack=1)
    t.put(1, "Planetside")
    t.start()
    assert t.rejected({"type": "attack", "unit": lead, "target": B1,
                       "mark": False}).rule == "AAT-TURN-6"
    assert t.rejected({"type": "attack", "unit": B0, "target": B1,
                       "mark": False}).rule == "AAT-BASE-3"
    assert t.rejected({"type": "move", "unit": B0}).rule == "AAT-TURN-6"


def test_destroying_a_base_ends_the_game_at_once(t):
    """AAT-WIN-1, AAT-BASE-1: a base at 0 hit points loses; pending actions drop."""
    gun = t.put(0, "Space", attack=3, traits=["Repeater 2"])
    t.base(1)["damage"] = 27
    t.start()
    t.attack(gun, B1)
    assert t.state["await"] is None and t.state["result"] == {"winners": [0], "path": "base"}
    assert t.rules.winning_seats(t.state) == [0]


def test_the_log_names_a_piece_by_its_owners_name_now(t):
    """Effects.label words each (owner's name, card) once an engine: a player named
    anew has their pieces named anew."""
    hammer = t.put(0, name="The Hammer")
    anvil = t.put(1, name="Anvil")
    t.start()
    players, table = t.state["players"], t.state["table"]
    assert t.rules.label(t.state, table[hammer]) == f"The Hammer ({players[0]['name']})"
    assert t.rules.label(t.state, table[anvil]) == f"{players[1]['name']}'s Anvil"
    players[0]["name"] = "Ada"
    assert t.rules.label(t.state, table[hammer]) == "The Hammer (Ada)"
