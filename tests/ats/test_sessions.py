"""Saves, replay and the simulator, through the API and the `pnp` command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.core.engine import Rejected
from companion.core.session import SaveError, Session, loads, replay
from companion.games.ats.rules import AtsRules

RULES = AtsRules()


def pnp(*args):
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True)


def greedy_game(seed=3):
    from companion.games.ats.ai import GreedyAgent

    session = Session(RULES, {}, seed)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while session.state["await"] is not None:
        seat = RULES.acting_seat(session.state)
        session.apply(agents[seat].choose(RULES, session.state))
    return session


def test_a_save_is_setup_seed_and_actions_and_replays_to_the_end(tmp_path):
    session = greedy_game()
    save = json.loads(session.dumps())
    assert set(save) == {"format", "version", "game", "rules_version", "setup", "seed",
                         "actions", "state"}
    assert save["state"]["moves"] == len(session.actions)
    assert replay(RULES, save).state == session.state
    path = tmp_path / "game.json"
    path.write_text(session.dumps())
    done = pnp("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["winners"] == RULES.winning_seats(session.state) and result["over"]
    assert result["state"] == session.state
    text = pnp("replay", str(path))
    assert "Winner:" in text.stdout and "attacks" in text.stdout


@pytest.mark.parametrize("text, message", [
    ("not json", "not JSON"),
    ('{"format": "other"}', "not a Dossier save"),
    ('{"format": "dossier-save", "version": 99}', "unsupported save version"),
    ('{"format": "dossier-save", "version": 1, "game": "above-top-secret"}', "incomplete"),
])
def test_unreadable_saves_are_refused_with_a_reason(text, message):
    with pytest.raises(SaveError, match=message):
        loads(RULES, text)


def test_a_save_with_an_illegal_action_goes_on_where_it_can_and_says_so(tmp_path):
    """A move that no longer replays (here made illegal by hand): the game goes on from
    the position the save kept, or without one after the move before; `pnp replay`
    says so on stderr. With no move to go on after, the save is refused."""
    session = greedy_game()
    save = json.loads(session.dumps())
    save["actions"][12] = {"type": "attack", "level": 5, "target": {"player": 0, "level": 5}}
    again = replay(RULES, save)
    assert again.state == session.state and "action 13" in again.changed
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(save))
    done = pnp("replay", str(path), "--json")
    assert done.returncode == 0 and "action 13" in done.stderr
    assert json.loads(done.stdout)["state"] == session.state
    del save["state"]  # an older save keeps no position
    assert len(replay(RULES, save).actions) == 12
    save["actions"][0] = save["actions"][12]
    with pytest.raises(SaveError, match="action 1"):
        replay(RULES, save)
    path.write_text(json.dumps(save))
    done = pnp("replay", str(path))
    assert done.returncode == 2 and "action 1" in done.stderr and "Traceback" not in done.stderr


def test_rejections_leave_the_session_unchanged():
    session = Session(RULES, {}, 5)
    with pytest.raises(Rejected) as error:
        session.apply({"type": "draw"})
    assert error.value.rule == "F-PROMPT"
    assert session.actions == [] and len(session.states) == 1


def test_simulate_prints_json_and_same_seed_gives_same_results(tmp_path):
    first = pnp("simulate", "above-top-secret", "--games", "6", "--seed", "4", "--json",
                "--save", str(tmp_path / "saves"))
    assert first.returncode == 0, first.stderr
    data = json.loads(first.stdout)
    for key in ("games", "wins_by_seat", "draws", "avg_actions", "invariant_failures",
                "seconds"):
        assert key in data
    assert data["games"] == 6 and data["invariant_failures"] == []
    assert sum(data["wins_by_seat"].values()) + data["draws"] == 6
    again = json.loads(pnp("simulate", "above-top-secret", "--games", "6", "--seed", "4",
                           "--json").stdout)
    assert {k: v for k, v in again.items() if k != "seconds"} == \
        {k: v for k, v in data.items() if k != "seconds"}
    saves = sorted((tmp_path / "saves").iterdir())
    assert len(saves) == 6
    done = pnp("replay", str(saves[0]), "--json")
    assert json.loads(done.stdout)["over"]


def test_simulate_mixed_strategies_reports_wins_by_strategy():
    done = pnp("simulate", "above-top-secret", "--games", "4", "--ai", "greedy,random",
               "--rotate")
    assert done.returncode == 0, done.stderr
    assert "greedy:" in done.stdout and "random:" in done.stdout and "seat 1" in done.stdout


def test_rules_engines_import_neither_kivy_nor_reportlab():
    code = ("import sys; from companion.games.ats.rules import AtsRules; "
            "from companion.core.simulate import simulate; AtsRules().new_game({}, 1); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'kivy', 'reportlab', 'PIL'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def test_simulate_results_do_not_depend_on_the_number_of_processes():
    runs = [json.loads(pnp("simulate", "above-top-secret", "--games", "8", "--seed", "9",
                           "--json", "--jobs", jobs).stdout) for jobs in ("1", "2")]
    for run in runs:
        run.pop("seconds")
    assert runs[0] == runs[1]


def test_a_copy_of_a_state_waiting_mid_procedure_carries_on_like_it():
    """core/tasks.py: a procedure waiting for a real die is all in the state, so a copy of
    a state the simulator stepped in place carries on exactly as the state itself."""
    rules = AtsRules()
    state = rules.new_game({"dice": "physical"}, 3)
    with rules.live_only():
        while not state["tasks"]:
            rules.step(state, rules.legal_actions(state)[0])
    action = rules.legal_actions(state)[0]
    outcome = rules.apply(state, action)
    assert outcome.events == rules.step(state, action)  # the state itself carries on
    assert outcome.state == state


def test_a_save_from_before_r_sac_2_still_loads():
    """Saves made when a Sacrifice was one action that ended the turn (R-SAC-1) replay
    the same: the action is still accepted with its old meaning."""
    session = Session(RULES, {}, 5)
    while True:
        state = session.state
        if state["await"]["kind"] == "main":
            seat = state["await"]["player"]
            swaps = [a for a in RULES.legal_actions(state) if a["type"] == "swap"]
            if swaps:
                break
        session.apply(RULES.legal_actions(state)[0])
    old = {"type": "sacrifice", "swaps": [{"level": swaps[0]["level"],
                                           "card": swaps[0]["card"]}]}
    session.apply(old)
    assert session.state["turn"]["player"] != seat  # the old action ends the turn
    again = loads(RULES, session.dumps())
    assert again.state == session.state and again.actions[-1] == old
