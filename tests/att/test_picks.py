"""The table screen's taps (picks.py) and the battle calculator's figures (calc.py),
without Kivy: every legal action is reachable by its taps, and the calculator's numbers
are the ones the battle then uses (ATT-INITIATIVE, ATT-REGULAR, ATT-UNMANNED)."""

from __future__ import annotations

from companion.core.agents import RandomAgent
from companion.games.att import calc
from companion.games.att.picks import Picks, path
from tests.att.scenario import RULES, act, attacks, hand, new, special, territory

ATTACK = {"type": "attack", "from": 0, "to": 0, "specials": []}


def reach(state: dict, action: dict):
    """Tap the action's path from nothing, then its button if one is left to press."""
    picks = Picks(state, RULES.legal_actions(state))
    for place in path(state, action):
        answer, value = picks.tap(place)
        if answer == "act":
            return value
        assert answer == "sel", (action, value)
        picks = Picks(state, RULES.legal_actions(state), value)
    assert action in picks.buttons(), (action, picks.buttons())
    return action


def test_every_legal_action_of_random_games_is_reached_by_its_taps():
    for seed in range(6):
        state = RULES.new_game({"army_1": "robots", "army_2": "corsairs"}, seed)
        agent = RandomAgent(seed)
        for _ in range(400):
            if RULES.is_over(state):
                break
            for action in RULES.legal_actions(state):
                assert reach(state, action) == action
            state = RULES.apply(state, agent.choose(RULES, state)).state


def test_an_attack_is_two_taps_and_a_special_troop_joining_is_a_button():
    """ATT-ATTACK: own territory, then the target; the Singularity may join."""
    state = new()
    territory(state, 0, 1, ("heavy", 2), ("light", 0), ("light", 0))  # complete: upkeep
    territory(state, 1, 2, ("light", 1))
    special(state, 0, "singularity")
    attacks(state, 0)
    picks = Picks(state, RULES.legal_actions(state))
    assert ("territory", 0, 1) in picks.lit()
    answer, sel = picks.tap(("slot", 0, 1, 0))  # a slot stands for its territory
    assert answer == "sel" and sel == (("territory", 0, 1),)
    picks = Picks(state, RULES.legal_actions(state), sel)
    assert picks.lit() == {("territory", 1, 2)}  # the others are empty (ATT-EMPTY)
    answer, sel = picks.tap(("slot", 1, 2, 1))
    assert answer == "sel"  # the calculator first, then the button
    picks = Picks(state, RULES.legal_actions(state), sel)
    assert picks.attack() == (1, 2)
    joined = [a["specials"] for a in picks.buttons() if a["type"] == "attack"]
    assert [] in joined and len(joined) == 2
    # tapping the chosen territory again takes it back
    assert picks.tap(("territory", 1, 2)) == ("sel", (("territory", 0, 1),))


def test_a_card_that_cannot_be_played_says_so():
    state = new()
    attacks(state, 0)
    card = hand(state, 0, "overclock")[0]  # no Cyborg to sacrifice: nothing it can do
    answer, words = Picks(state, RULES.legal_actions(state)).tap(("card", card))
    assert answer == "say" and "cannot be played" in words


def test_the_calculator_shows_both_sides_initiative_and_regular_before_the_attack():
    """ATT-INITIATIVE and ATT-REGULAR: two Droids (initiative 2) and a Drone (3) attack a
    Droid (1), an Automaton (1) and two bases (4 each): the figures the battle uses."""
    state = new()
    territory(state, 0, 0, ("shooter", 2), ("cavalry", 1))
    territory(state, 1, 0, ("shooter", 1), ("light", 1))
    attacks(state, 0)
    figures = calc.preview(state, 0, 0, 0)
    attacker, defender = figures["sides"]
    assert (attacker["initiative"], attacker["regular"]) == (2, 3)
    assert (defender["initiative"], defender["regular"]) == (1, 1 + 8)
    lines = calc.preview_lines(state, 0, 0, 0)
    assert lines[1] == "Player 1 attacks: initiative 2, regular 3"
    assert lines[3] == ("Likely (no abilities, suggested kills): Player 2 loses all 2 troops, "
                        "Player 1 loses all 3 troops; territory 1 holds")
    strikes = [e["text"] for e in act(state, ATTACK) if e["kind"] == "strike"]
    assert strikes[0] == "Initiative damage at territory 1: Player 1 2, Player 2 1"


def test_the_calculator_counts_artillery_apart():
    """ATT-ARTILLERY: a Carrier's 4 is Artillery; against an unmanned base it destroys it,
    and the palace's 10 then destroys the Carrier (ATT-PALACE-BATTLE)."""
    state = new()
    territory(state, 0, 0, ("siege", 1))
    territory(state, 1, 1, ("light", 0))
    attacks(state, 0)
    figures = calc.preview(state, 0, 0, 1)
    attacker, defender = figures["sides"]
    assert (attacker["regular"], attacker["artillery"]) == (0, 4)
    assert defender["regular"] == 4
    lines = calc.preview_lines(state, 0, 0, 1)
    assert lines[0] == "Territory 1 against territory 2:"
    assert lines[-1].endswith("Player 2 loses 1 base, Player 1 loses 1 troop; territory 2 "
                              "falls")


def test_the_calculators_verdict_is_the_battle_the_engine_fights():
    """The verdict's losses are those of the battle played on the engine with no
    abilities and the suggested kills (ATT-REGULAR, ATT-UNMANNED)."""
    state = new()
    territory(state, 0, 0, ("heavy", 2), ("cavalry", 2))
    territory(state, 1, 0, ("light", 1), ("heavy", 1), ("light", 0))
    attacks(state, 0)
    said = calc.verdict(state, 0, 0, 0)
    assert said.endswith("Player 2 loses all 2 troops and 1 base, Player 1 loses all 4 "
                         "troops; territory 1 holds"), said
    before = [calc.forces(state, 0, 0), calc.forces(state, 1, 0)]
    act(state, ATTACK)
    while state["battle"] is not None and state["await"] is not None:
        legal = RULES.legal_actions(state)
        act(state, next((a for a in ({"type": "suggest"}, {"type": "pass"}, {"type": "done"})
                         if a in legal), legal[0]))
    after = [calc.forces(state, 0, 0), calc.forces(state, 1, 0)]
    lost = [(b[0] - a[0], b[1] - a[1]) for b, a in zip(before, after, strict=True)]
    assert lost == [(4, 0), (2, 1)]  # (troops, bases) of Player 1, of Player 2


def test_marks_and_unmanned_bases_as_the_board_shows_them():
    """ATT-UNMANNED: once the attacker has marked every defending troop, the bases stand
    unmanned; the marked troop's slot is shown destroyed."""
    state = new()
    territory(state, 0, 0, ("heavy", 2), ("cavalry", 2))  # 4 + 6 = 10
    territory(state, 1, 0, ("light", 1), ("heavy", 1), ("light", 0))
    attacks(state, 0)
    act(state, ATTACK)
    assert state["await"]["kind"] == "assign" and state["await"]["player"] == 0
    assert not calc.unmanned(state)
    act(state, {"type": "kill", "target": ["troop", 0, 1, 0]})
    assert (1, 0, 1) in calc.marked(state) and calc.marked_troops(state, 1, 0, 1) == 1
    # the Automaton, the one troop left in reach, is given without asking: unmanned
    assert calc.marked_troops(state, 1, 0, 0) == 1
    assert calc.unmanned(state) and state["await"]["kind"] == "assign"
    assert "the bases stand unmanned" in calc.step_words(state)
    assert "Battle for Player 2's territory 1" in calc.step_words(state)
