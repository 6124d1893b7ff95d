"""What the screens read (view.py): status, prompts, labels, the board, panels,
private prompts and the game-over lines; the demo session; the greedy player."""

from __future__ import annotations

import random

import pytest

from companion.core.agents import RandomAgent
from companion.core.session import Session
from companion.games.aat import view
from companion.games.aat.ai import GreedyAgent
from companion.games.aat.rules import AatRules
from tests.aat.catalogue import sample

RULES = AatRules(sample())
SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "subfaction_1": "robot-uprising",
         "subfaction_2": "freedom-fighters", "attacker": 1}


@pytest.fixture(autouse=True)
def engine():
    view.use_rules(RULES)
    yield
    view.use_rules(None)


def test_every_prompt_and_action_has_words_and_secrets_stay_covered():
    """Status, prompt, label and describe for every action of a random game; the
    mulligan is private (AAT-SET-2), virtual hands are private, the opponent's delegation
    is not."""
    session = Session(RULES, SETUP, 4)
    pick = random.Random(4)
    kinds = set()
    while session.state["await"] is not None:
        state = session.state
        status = view.status(state)
        assert status["title"].startswith("Turn ") and status["turn"] in ("Ann", "Bob")
        assert status["prompt"]
        wait = state["await"]
        kinds.add(wait.get("choice") or wait["kind"])
        if wait["kind"] == "mulligan" or wait["kind"] in ("deploy", "combat", "end"):
            assert view.private_seat(state) == wait["player"]
        if wait.get("choice") == "delegate":
            assert view.private_seat(state) is None
        legal = RULES.legal_actions(state)
        for action in legal:
            assert view.label(state, action)
            text = view.describe(state, action)
            if action["type"] == "set_aside":
                assert RULES.cards[action["card"]]["name"] not in text
        session.apply(pick.choice(legal))
    assert {"mulligan", "deploy", "combat"} <= kinds
    result, details = view.game_over(session)
    assert result.startswith("Game over") and "Ann" in details and "Bob" in details


def test_board_and_panels_show_what_the_table_needs():
    session = Session(RULES, SETUP, 8)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while session.state["turn"] < 8 and session.state["await"] is not None:
        session.apply(agents[RULES.acting_seat(session.state)].choose(RULES, session.state))
    state = session.state
    board = view.board(state)
    assert set(board) == {"Space", "Planetside"}
    for theater in board.values():
        for side in theater:
            for unit in side:
                assert {"name", "damage", "remaining", "tokens", "acted", "new",
                        "disrupted"} <= set(unit)
    panel = view.panel(state, 0)
    assert panel["base"]["health"] == 30 and panel["objective"] == "Summon the Singularity"
    assert panel["progress"].startswith("Objective tokens ")
    assert view.panel(state, 1)["progress"] == "Objective tokens " \
        f"{state['players'][1]['scored']} of 4"
    assert view.escalation(state)["max"] == 5
    current = view.panel(state, state["current"])
    assert current["played"].endswith("of 2")


def test_progress_texts_of_each_objective(t):
    """AAT-OBJ-3 and AAT-OBJ-8 progress lines."""
    t.player(0)["escaped"] = 3
    assert t.rules.progress(t.state, 0) == "Transports escaped 3 of 4"
    t.player(1)["scored"] = 2
    assert t.rules.progress(t.state, 1) == "Escalation 0 of 5 for the Planet Cracker"
    t.put(1, "Space", card="NV-09")
    assert t.rules.progress(t.state, 1) == "Planet Cracker in play"


def test_greedy_beats_random_and_plays_fast():
    """The greedy player (ai.py) attacks, pushes its objective and wins most games."""
    wins = 0
    for seed in range(12):
        agents = [GreedyAgent(seed), RandomAgent(seed)] if seed % 2 else \
            [RandomAgent(seed), GreedyAgent(seed)]
        state = RULES.new_game({**SETUP, "attacker": "random"}, seed)
        while state["await"] is not None:
            seat = RULES.acting_seat(state)
            RULES.step(state, agents[seat].choose(RULES, state))
        greedy = 0 if seed % 2 else 1
        wins += RULES.winning_seats(state) == [greedy]
    assert wins >= 9


def test_the_demo_is_a_mid_game_position():
    from companion.games.aat.demo import demo_session

    session = demo_session(rules=RULES)
    assert session.state["await"] is not None and session.state["turn"] >= 8
    assert session.state["await"]["kind"] == "combat"
