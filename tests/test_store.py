"""The app's start path never locks the player out: whatever current.json holds,
GameController(Store(folder)).resume() returns, the bad file is kept aside with
a notice, and the last good game (previous.json) comes back where there is one."""

from __future__ import annotations

import json
import tempfile
from contextlib import contextmanager
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.controller import GameController
from companion.core.session import Session
from companion.games.ats.rules import AtsRules
from companion.store import Store

RULES = AtsRules()
GAME = RULES.game_id
SETUP = {"players": [{"name": "Ann", "colour": "Red", "team": 0},
                     {"name": "Bob", "colour": "Blue", "team": 1}]}
FAST = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
           | st.sampled_from([0, 1, -1, 2**64, True, 3.7, "dossier-save", "above-top-secret"]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=16)


def short_game(actions: int, seed: int) -> Session:
    session = Session(RULES, SETUP, seed)
    for _ in range(actions):
        session.apply(RULES.legal_actions(session.state)[0])
    return session


GOOD = short_game(actions=14, seed=7)
SAVE = json.loads(GOOD.dumps())
BARE = {key: value for key, value in SAVE.items() if key != "state"}  # an older save's keys
PREVIOUS = short_game(actions=20, seed=11)


@contextmanager
def start(raw: bytes, previous: bool):
    """A folder with this current.json (and a good previous.json), then the app's
    start path: yields (folder, controller, resumed)."""
    with tempfile.TemporaryDirectory(prefix="dossier-store-") as name:
        folder = Path(name) / GAME  # the game's slot
        folder.mkdir()
        (folder / "current.json").write_bytes(raw)
        if previous:
            (folder / "previous.json").write_text(PREVIOUS.dumps())
        controller = GameController(Store(Path(name)))
        yield folder, controller, controller.resume()


def assert_kept_aside(raw: bytes, previous: bool) -> None:
    with start(raw, previous) as (folder, controller, resumed):
        check_kept_aside(raw, previous, folder, controller, resumed)


def check_kept_aside(raw, previous, folder, controller, resumed) -> None:
    aside = list(folder.glob("corrupt-*-current.json"))
    assert [path.read_bytes() for path in aside] == [raw]
    assert "could not be read" in controller.store.notice and aside[0].name in \
        controller.store.notice
    if previous:
        assert resumed and controller.session.actions == PREVIOUS.actions
        assert controller.state == PREVIOUS.state
        assert "The last good game was restored." in controller.store.notice
        assert json.loads((folder / "current.json").read_text())["actions"] == PREVIOUS.actions
    else:
        assert not resumed and controller.session is None
        assert not controller.store.has_game()


def test_a_good_save_resumes_without_a_notice():
    with start(GOOD.dumps().encode(), previous=True) as (folder, controller, resumed):
        assert resumed and controller.state == GOOD.state and controller.store.notice == ""
        assert not list(folder.glob("corrupt-*"))


def test_the_shapes_that_locked_the_app_out():
    for raw in (b"null", b"[]", b"", json.dumps({**SAVE, "setup": "x"}).encode(),
                json.dumps({**SAVE, "seed": 3.7}).encode(),
                json.dumps({**SAVE, "version": True}).encode(),
                json.dumps({**BARE, "actions": [{"type": "draw"}]}).encode()):
        for previous in (True, False):
            assert_kept_aside(raw, previous)


def slot(tmp_path) -> Path:
    (tmp_path / GAME).mkdir()
    return tmp_path / GAME


def test_a_bad_previous_save_is_kept_aside_too(tmp_path):
    folder = slot(tmp_path)
    (folder / "current.json").write_text("null")
    (folder / "previous.json").write_text("[]")
    controller = GameController(Store(tmp_path))
    assert not controller.resume()
    assert sorted(p.name.split("-")[-1] for p in folder.glob("corrupt-*")) == [
        "current.json", "previous.json"]
    assert "The last good game could not be read" in controller.store.notice


def test_a_folder_in_place_of_the_save_is_moved_aside(tmp_path):
    folder = slot(tmp_path)
    (folder / "current.json").mkdir()
    controller = GameController(Store(tmp_path))
    assert not controller.resume() and "could not be read" in controller.store.notice
    assert [p.is_dir() for p in folder.glob("corrupt-*")] == [True]


def test_two_corrupt_saves_in_one_millisecond_keep_both(tmp_path, monkeypatch):
    monkeypatch.setattr("companion.store.time.time", lambda: 1_700_000_000.0)
    folder = slot(tmp_path)
    store = Store(tmp_path)
    for text in ("null", "[]"):
        (folder / "current.json").write_text(text)
        store.load()
    assert sorted(p.read_text() for p in folder.glob("corrupt-*")) == ["[]", "null"]


@FAST
@given(JSON, st.booleans())
def test_any_json_value_is_kept_aside(value, previous):
    assert_kept_aside(json.dumps(value).encode(), previous)


@FAST
@given(st.binary(max_size=300) | st.integers(0, len(GOOD.dumps()) - 1).map(
    lambda n: GOOD.dumps().encode()[:n]), st.booleans())
def test_any_bytes_or_a_cut_off_save_are_kept_aside(raw, previous):
    assert_kept_aside(raw, previous)


@st.composite
def one_field_changed(draw) -> dict:
    """A real save with one field replaced by any JSON value, or removed."""
    save = json.loads(GOOD.dumps())
    value = draw(JSON)
    where = draw(st.sampled_from(["save", "action", "in action", "player"]))
    if where == "save":
        parent, key = save, draw(st.sampled_from(sorted(save)))
    elif where == "action":
        parent, key = save["actions"], draw(st.integers(0, len(save["actions"]) - 1))
    elif where == "in action":
        parent = save["actions"][draw(st.integers(0, len(save["actions"]) - 1))]
        key = draw(st.sampled_from([*sorted(parent), "x"]))
    else:
        parent = save["setup"]["players"][draw(st.integers(0, 1))]
        key = draw(st.sampled_from(["name", "colour", "team"]))
    if draw(st.booleans()) and isinstance(parent, dict):
        parent.pop(key, None)
    else:
        parent[key] = value
    return save


@FAST
@given(one_field_changed(), st.booleans())
def test_a_save_with_one_field_changed_resumes_or_is_kept_aside(save, previous):
    raw = json.dumps(save).encode()
    with start(raw, previous) as (folder, controller, resumed):
        notice = controller.store.notice
        event("kept aside" if "could not be read" in notice else "went on, changed"
              if notice else "replays")
        if "could not be read" in notice:  # refused: kept aside like any bad file
            check_kept_aside(raw, previous, folder, controller, resumed)
        elif notice:  # the moves no longer lead where the save was (a changed seed, setup
            # or move): the game goes on from the position it kept, a copy kept as it was
            assert resumed and "has changed since this game was saved" in notice
            assert controller.state == GOOD.state and not controller.session.actions
            assert [p.read_bytes() for p in folder.glob("changed-*")] == [raw]
        else:  # still a save that replays (a harmless extra key, a damaged kept position)
            assert resumed and (folder / "current.json").read_bytes() == raw
            assert not list(folder.glob("corrupt-*"))
            assert controller.session.actions == save["actions"]


def test_the_notice_lasts_until_the_game_moves_on():
    with start(b"null", previous=True) as (_folder, controller, resumed):
        assert resumed and controller.store.notice
        controller.act(RULES.legal_actions(controller.state)[0])
        assert controller.store.notice == ""


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path):
    from companion.core.session import MAX_SAVE_BYTES

    (slot(tmp_path) / "current.json").write_bytes(b" " * (MAX_SAVE_BYTES + 10) + b"{}")
    store = Store(tmp_path)
    assert store.load() is None and f"a save file is at most {MAX_SAVE_BYTES}" in store.notice


def test_typed_player_names_are_cleaned_for_the_table():
    from companion.app.screens import NAME_LIMIT, player_name

    assert player_name("  Ann\n  [b]Bo[/b] \x07") == "Ann bBo/b"
    assert len(player_name("x" * 500)) == NAME_LIMIT
    assert player_name(" \t ") == ""


def test_a_game_of_each_kind_is_kept_and_resumed_by_its_id(tmp_path):
    from companion.games.gm.rules import GmRules

    store = Store(tmp_path)
    controller = GameController(store)
    controller.new_game("geheime-mission", {"players": [{"name": "Ann"}, {"name": "Bob"}]}, 4)
    controller.act(controller.legal()[0])
    mission = controller.session.actions
    controller.new_game(GAME, SETUP, 5)
    assert store.in_progress() == [GAME, "geheime-mission"]  # the most recent first
    assert store.describe("geheime-mission") == "Ann, Bob: 1 move"
    assert controller.resume("geheime-mission") and controller.session.actions == mission
    assert isinstance(controller.rules, GmRules)
    controller.act(controller.legal()[0])
    assert store.in_progress()[0] == "geheime-mission"
    assert controller.resume() and controller.rules.game_id == "geheime-mission"
    controller.finish()
    assert store.in_progress() == [GAME] and not store.has_game("geheime-mission")
    assert controller.resume() and controller.rules.game_id == GAME


def test_settings_survive_a_restart_and_a_broken_file(tmp_path):
    from companion.app.settings import DEFAULTS, Settings

    settings = Settings(tmp_path / "settings.json")
    assert dict(settings) == DEFAULTS
    settings.set("cards", "printed")
    assert Settings(tmp_path / "settings.json")["cards"] == "printed"
    assert Settings(tmp_path / "settings.json").choice_index("cards") == 1
    (tmp_path / "settings.json").write_text('{"cards": 7, "dice": "real", "x": 1')
    assert dict(Settings(tmp_path / "settings.json")) == DEFAULTS
    (tmp_path / "settings.json").write_text('{"cards": 7, "dice": "real", "x": 1}')
    assert dict(Settings(tmp_path / "settings.json")) == {**DEFAULTS, "dice": "real"}


def test_a_save_from_before_one_slot_per_game_moves_into_its_slot(tmp_path):
    (tmp_path / "current.json").write_text(GOOD.dumps())
    (tmp_path / "previous.json").write_text("null")
    controller = GameController(Store(tmp_path))
    assert (tmp_path / GAME / "current.json").exists()
    assert (tmp_path / "unknown" / "previous.json").exists()
    assert controller.resume(GAME) and controller.session.actions == GOOD.actions
    assert not (tmp_path / "current.json").exists()
    unknown = Store(tmp_path).load("unknown")  # set aside with a notice, never a crash
    assert unknown is None
