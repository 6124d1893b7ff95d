"""Folder games in the registry: their ids (a copy of a bundled game beside it, never
replacing it), saves that resume from the folder they name, and the commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.core.session import Session, read_save
from companion.declared.spec import registry_id
from companion.games import GAMES, register_folder, rules_for
from pnp import ASSETS, BUNDLED_GAMES

EXAMPLE = ASSETS / "example"


def test_a_copy_of_a_bundled_game_gets_its_own_id_and_the_bundled_one_stays():
    bundled = GAMES["above-top-secret"]
    game_id = register_folder(BUNDLED_GAMES / "above-top-secret")
    assert game_id == "above-top-secret@folder"
    assert GAMES["above-top-secret"] is bundled and not bundled.folder
    assert register_folder(BUNDLED_GAMES / "above-top-secret") == game_id  # the same folder
    assert type(rules_for(game_id)).__name__ == "DeclaredRules"


def test_registry_ids():
    games = {"x": GAMES["geheime-mission"]}
    assert registry_id("y", "/f", games, None) == "y"
    assert registry_id("x", "/f", games, None) == "x@folder"
    assert registry_id("x", "/f", {**games, "x@folder": games["x"]}, None) == "x@folder2"
    assert registry_id("x", "/f", games, "x@folder7") == "x@folder7"


def test_a_folder_games_save_names_its_folder_and_resumes_in_a_new_process(tmp_path):
    game_id = register_folder(EXAMPLE)
    rules = rules_for(game_id)
    session = Session(rules, rules.simulation_setup(2), 4)
    session.apply({"type": "play", "card": session.state["zones"]["hand.0"][0]})
    save = json.loads(session.dumps())
    assert save["folder"] == str(EXAMPLE.resolve()) and save["game"] == "star-patrol"
    assert read_save(session.dumps()).state == session.state
    path = tmp_path / "save.json"
    path.write_text(session.dumps())
    done = subprocess.run([sys.executable, "-m", "pnp", "replay", str(path), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["state"] == session.state


def test_pnp_simulate_plays_a_folder_game_to_the_end(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pnp", "simulate", str(EXAMPLE), "--games",
                           "6", "--jobs", "1", "--json", "--save", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["game"] == "star-patrol" and report["games"] == 6
    assert report["invariant_failures"] == [] and report["statistics"]["ended"]
    assert len(list(tmp_path.glob("game-*.json"))) == 6


def test_a_folder_games_printed_die_says_and_shows_its_printed_faces(tmp_path):
    from companion.cardart import CardArt
    from companion.core.printed import die_faces

    game_id = register_folder(BUNDLED_GAMES / "above-top-secret")
    die = GAMES[game_id].die("combat-die")
    assert die.faces == die_faces("above-top-secret:dice/combat-die")  # as the coded game
    assert die.piece == f"{game_id}:dice/combat-die"
    component, _, item = die.piece.partition(":")[2].partition("/")
    art = CardArt(game_id, tmp_path, folder=Path(GAMES[game_id].folder))
    face = art.path(component, item, "face 6")
    assert face is not None and face.stat().st_size > 1000
