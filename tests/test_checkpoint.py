"""A game whose cards or rules changed since it was saved goes on where the players left
it (core.checkpoint, core.session.replay): never lost, never silently another game.

The real case: Attack the Tower's saves made before one Corsairs' Crew Quarters became
a Bosun's Locker (CB-09, issue 35). Made with that data (tests/data/att-saves-before-
cb09.json), one save's moves no longer replay at all (move 211 of 297), one's replay to
another position, and one's replay the same."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.controller import GameController
from companion.core.checkpoint import checkpoint, digest, trusted
from companion.core.session import SaveError, Session, read_save, replay
from companion.core.simulate import play_game
from companion.games import agents_of, rules_for
from companion.store import Store
from pnp import ASSETS

OLD = json.loads((Path(__file__).parent / "data" / "att-saves-before-cb09.json").read_text())
BROKEN, ELSEWHERE, SAME = OLD
ATT = rules_for("attack-the-tower")


def bare(save: dict) -> dict:
    """The save as older versions wrote it: no kept position."""
    return {key: value for key, value in save.items() if key not in ("state", "start")}


def test_a_save_whose_moves_no_longer_replay_goes_on_from_its_kept_position():
    session = read_save(json.dumps(BROKEN))
    assert session.state == BROKEN["state"]["state"] and session.actions == []
    assert "action 211 " in session.changed and "does not replay" in session.changed
    assert session.notice == ("Attack the Tower has changed since this game was saved, so "
                              "it goes on where it was left, after move 297; the moves "
                              "before it cannot be undone.")
    assert not session.undo()


def test_a_save_whose_moves_now_lead_elsewhere_is_not_silently_another_game():
    replayed = replay(ATT, bare(ELSEWHERE))  # as an older save: no way to tell
    assert replayed.notice == "" and replayed.state != ELSEWHERE["state"]["state"]
    session = read_save(json.dumps(ELSEWHERE))
    assert session.state == ELSEWHERE["state"]["state"]
    assert session.changed == "its moves now lead to another position"


def test_a_save_that_replays_the_same_keeps_its_moves():
    session = read_save(json.dumps(SAME))
    assert session.notice == "" and len(session.actions) == len(SAME["actions"])


def test_an_older_save_goes_on_after_the_last_move_that_replays():
    session = replay(ATT, bare(BROKEN))
    assert len(session.actions) == 210 and "action 211 " in session.changed
    assert "its moves replay only up to move 210, so it goes on from there" in session.notice


@pytest.mark.parametrize("save", [BROKEN, ELSEWHERE], ids=["broken", "elsewhere"])
def test_the_game_gone_on_from_plays_to_its_end_and_saves_its_start(save):
    """The kept position is a game today's rules play to the end, every invariant holding
    (the greedy players on both seats), and its save replays from it exactly."""
    session = read_save(json.dumps(save))
    greedy = agents_of(ATT.game_id)["greedy"]
    agents = [greedy(1), greedy(2)]
    for _ in range(30):
        session.apply(agents[ATT.acting_seat(session.state)].choose(ATT, session.state))
        assert ATT.invariants(session.state) == []
    again = json.loads(session.dumps())
    assert again["start"] == save["state"] and len(again["actions"]) == 30
    assert again["state"]["moves"] == save["state"]["moves"] + 30
    resumed = read_save(json.dumps(again))
    assert resumed.notice == "" and resumed.state == session.state
    assert resumed.log()[0]["text"].startswith(f"Moves 1 to {save['state']['moves']} are "
                                               "not in this log")
    while resumed.undo():
        pass
    assert resumed.state == save["state"]["state"]


def test_the_app_goes_on_says_so_and_keeps_the_save_as_it_was(tmp_path):
    slot = tmp_path / ATT.game_id
    slot.mkdir()
    raw = json.dumps(BROKEN).encode()
    (slot / "current.json").write_bytes(raw)
    controller = GameController(Store(tmp_path))
    assert controller.resume() and controller.state == BROKEN["state"]["state"]
    [kept] = slot.glob("changed-*-current.json")
    assert kept.read_bytes() == raw and not list(slot.glob("corrupt-*"))
    assert not list(slot.glob(".*")), "a copy is made under a temporary name, then renamed"
    notice = controller.store.notice
    assert "has changed since this game was saved" in notice and kept.name in notice
    assert controller.store.describe(ATT.game_id).endswith("297 moves")
    controller.act(controller.legal()[0])
    again = GameController(Store(tmp_path))
    assert again.resume() and again.store.notice == "" and again.state == controller.state
    assert again.store.describe(ATT.game_id).endswith("298 moves")


def test_a_damaged_kept_position_is_never_gone_on_from():
    """A checksum that does not match (a damaged file) or a position whose invariants do
    not hold: the moves are what the game goes by, as far as they replay."""
    damaged = json.loads(json.dumps(BROKEN))
    damaged["state"]["state"]["round"] = 99
    assert trusted(ATT, damaged, "state") is None
    assert len(replay(ATT, damaged).actions) == 210
    lost = json.loads(json.dumps(BROKEN))
    lost["state"]["state"]["players"][0]["hand"].pop()  # a card gone: ATT-DECK
    lost["state"]["sha256"] = digest(lost["state"]["state"])
    assert trusted(ATT, lost, "state") is None
    newer = {**BROKEN, "rules_version": ATT.save_version + 1}  # another state layout
    assert trusted(ATT, newer, "state") is None
    assert trusted(ATT, BROKEN, "state") == BROKEN["state"]["state"]


@pytest.mark.parametrize("edit", [
    lambda state: state.pop("round"),  # a field a version before it did not have
    lambda state: state["players"][0].update(name=7),  # a name that is not text
    lambda state: state["await"].update(player=5),  # a seat that is not at the table
])
def test_a_kept_position_the_view_cannot_show_is_never_gone_on_from(edit):
    """Intact and its invariants holding, but the game's screens cannot show it
    (core.checkpoint.shown): the moves are what the game goes by, as far as they replay."""
    odd = json.loads(json.dumps(BROKEN))
    edit(odd["state"]["state"])
    odd["state"]["sha256"] = digest(odd["state"]["state"])
    assert ATT.invariants(odd["state"]["state"]) == []
    assert trusted(ATT, odd, "state") is None
    session = replay(ATT, odd)
    assert len(session.actions) == 210 and "does not replay" in session.changed


def test_a_damaged_start_refuses_the_moves_after_it():
    session = read_save(json.dumps(BROKEN))
    session.apply(ATT.legal_actions(session.state)[0])
    save = json.loads(session.dumps())
    save["start"]["sha256"] = "0" * 64
    assert replay(ATT, save).state == session.state  # gone on from the kept end
    del save["state"]
    with pytest.raises(SaveError, match="the position its moves start from is damaged"):
        replay(ATT, save)


@pytest.mark.parametrize("key, value, message", [
    ("state", [], "'state' is a mapping with moves, sha256 and state"),
    ("state", {"moves": -1, "sha256": "", "state": {}}, "'state.moves' is a whole number"),
    ("start", {"moves": True, "sha256": "", "state": {}}, "'start.moves' is a whole number"),
    ("state", {"moves": 1, "sha256": 5, "state": {}}, "'state.sha256' is a checksum"),
    ("start", {"moves": 1, "sha256": "", "state": None}, "'start.state' is a mapping"),
])
def test_a_kept_position_of_another_shape_is_refused(key, value, message):
    with pytest.raises(SaveError, match=message):
        read_save(json.dumps({**SAME, key: value}))


def test_a_checkpoint_is_plain_data_with_its_checksum():
    state, actions, _, _ = play_game(ATT, [agents_of(ATT.game_id)["random"](1),
                                           agents_of(ATT.game_id)["random"](2)],
                                     ATT.simulation_setup(2), 5)
    point = checkpoint(state, len(actions))
    assert point["state"] == json.loads(json.dumps(state))
    assert point["sha256"] == digest(json.loads(json.dumps(point["state"])))


def test_a_designer_who_edits_a_card_mid_game_keeps_the_game(tmp_path):
    """The toolkit's own example game, played from its folder; the designer then makes the
    crew one stronger each. `pnp replay` (a new process, reading the edited folder) goes on from
    where the game was, and says why on stderr."""
    folder = tmp_path / "example"
    shutil.copytree(ASSETS / "example", folder)
    from companion.games import register_folder

    rules = rules_for(register_folder(folder))
    session = Session(rules, rules.simulation_setup(2), 3)
    while len(session.actions) < 6:
        legal = [a for a in rules.legal_actions(session.state) if a["type"] == "play"]
        session.apply(legal[0] if legal else rules.legal_actions(session.state)[0])
    assert any(seat["score"] for seat in session.state["counters"]["seats"]), "cards scored"
    path = tmp_path / "game.json"
    path.write_text(session.dumps())
    crew = folder / "crew.yaml"
    text = crew.read_text()
    crew.write_text(re.sub(r"power: (\d)", lambda m: f"power: {int(m[1]) + 1}", text))
    done = subprocess.run([sys.executable, "-m", "pnp", "replay", str(path), "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "has changed since this game was saved" in done.stderr
    assert json.loads(done.stdout)["state"] == json.loads(json.dumps(session.state))
