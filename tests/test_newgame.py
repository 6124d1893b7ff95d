"""`pnp new NAME [--from STARTER]`: the game is named after its folder (so two new
games never share an output folder), and every starter is a game that checks and
builds with no warning, its text readable and its art credited."""

from __future__ import annotations

import json
import re

import pdfplumber
import pytest

from pnp.author.newgame import STARTERS_DIR, slugify, starters, title
from pnp.cli.main import main
from pnp.load.game import load_game
from tests.test_contrast_rendered import low_contrast

STARTERS = list(starters())


def run(args, capsys):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "internal error" not in out.err, out.err
    return code, out.out, out.err


@pytest.mark.parametrize(("name", "slug", "readable"), [
    ("my-game", "my-game", "My Game"),
    ("My Game", "my-game", "My Game"),
    ("space_pirates 2", "space-pirates-2", "Space Pirates 2"),
    ("UFO hunt", "ufo-hunt", "UFO Hunt"),
    ("Über Straße", "uber-strasse", "Über Straße"),
    ("  --Moon!!Base--  ", "moon-base", "Moon!!Base"),
    ("日本語", "", "日本語"),
])
def test_ids_and_titles_come_from_the_name(name, slug, readable):
    assert slugify(name) == slug and title(name) == readable
    assert slug == "" or re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug)


def test_a_long_name_gives_an_id_of_at_most_60_characters():
    slug = slugify("the " * 40)
    assert len(slug) <= 60 and not slug.endswith("-") and slug.startswith("the-the")


def test_two_new_games_build_into_their_own_folders(tmp_path, capsys):
    for name in ("a", "My Game"):
        code, out, _ = run(["new", tmp_path / name], capsys)
        assert code == 0 and "id " in out
    code, _, err = run(["build", tmp_path / "a", tmp_path / "My Game", "--out",
                        tmp_path / "out", "-q"], capsys)
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a", "my-game"]
    for folder, name in (("a", "A"), ("my-game", "My Game")):
        manifest = json.loads((tmp_path / "out" / folder / "manifest.json").read_text())
        assert manifest["game"] == folder
        with pdfplumber.open(tmp_path / "out" / folder / "crew.pdf") as pdf:
            assert f"{name} · Crew" in pdf.pages[0].extract_text()


@pytest.mark.parametrize(("name", "id_line", "name_line"), [
    ("yes", 'id: "yes"', 'name: "Yes"'),  # YAML would read a bare yes as true
    ("2048", 'id: "2048"', 'name: "2048"'),
    ("Tea: Time", "id: tea-time", 'name: "Tea: Time"'),
])
def test_ids_and_names_yaml_would_misread_are_quoted(tmp_path, capsys, name, id_line,
                                                     name_line):
    assert run(["new", tmp_path / name], capsys)[0] == 0
    text = (tmp_path / name / "game.yaml").read_text()
    assert id_line in text.splitlines() and name_line in text.splitlines()
    game = load_game(tmp_path / name)
    assert game.id == id_line.split(": ")[1].strip('"') and game.name == title(name)


def test_a_name_without_letters_gets_my_game_and_says_so(tmp_path, capsys):
    code, out, err = run(["new", tmp_path / "!!!"], capsys)
    assert code == 0 and "id my-game" in out
    assert "note: '!!!' has no letters or digits an id can use; the game's id is 'my-game'" in err
    assert load_game(tmp_path / "!!!").id == "my-game"


def test_the_rest_of_the_example_is_kept(tmp_path, capsys):
    run(["new", tmp_path / "Night Shift"], capsys)
    made = (tmp_path / "Night Shift" / "game.yaml").read_text().splitlines()
    original = (starters()["example"] / "game.yaml").read_text().splitlines()
    changed = [(a, b) for a, b in zip(original, made, strict=True) if a != b]
    assert changed == [("id: star-patrol", "id: night-shift"),
                       ("name: Star Patrol", "name: Night Shift")]


def test_there_are_the_example_a_csv_and_an_art_starter():
    assert STARTERS[:3] == ["example", "csv", "art"]
    assert (STARTERS_DIR / "csv" / "cards.csv").is_file()
    assert "data: cards.csv" in (STARTERS_DIR / "csv" / "game.yaml").read_text()


@pytest.mark.parametrize("starter", STARTERS)
def test_every_starter_checks_and_builds_without_a_warning(tmp_path, capsys, starter):
    folder = tmp_path / f"{starter} test"
    code, out, _ = run(["new", folder, "--from", starter], capsys)
    assert code == 0 and f"from the {starter} starter" in out
    assert f"id {starter}-test " in out
    code, out, err = run(["check", folder], capsys)
    assert code == 0 and out.strip().endswith(", 0 warnings)") and "warning" not in err, err
    code, _, err = run(["build", folder, "--out", tmp_path / "out", "-q"], capsys)
    assert code == 0 and "warning" not in err, err
    built = tmp_path / "out" / f"{starter}-test"
    manifest = json.loads((built / "manifest.json").read_text())
    assert manifest["game"] == f"{starter}-test" and manifest["items"]
    assert low_contrast(built) == []
    game = load_game(folder)
    assert game.name == f"{starter.capitalize()} Test"
    original = load_game(starters()[starter])
    assert [c.id for c in game.components] == [c.id for c in original.components]
    assert [len(c.items) for c in game.components] == [len(c.items) for c in original.components]


def test_the_csv_starter_reads_its_cards_from_the_spreadsheet(tmp_path, capsys):
    run(["new", tmp_path / "shop", "--from", "csv"], capsys)
    rows = (tmp_path / "shop" / "cards.csv").read_text().splitlines()
    (tmp_path / "shop" / "cards.csv").write_text("\n".join(
        [*rows, "M-07,Honey,goods,3,1,Sweet."]) + "\n")
    deck = load_game(tmp_path / "shop").components[0]
    assert deck.items[-1].id == "M-07" and deck.items[-1].fields["cost"] == 3
    assert sum(i.copies for i in deck.items) == sum(
        int(r.split(",")[4]) for r in rows[1:]) + 1


def test_the_art_starter_credits_every_picture_on_its_rules_sheet(tmp_path, capsys):
    folder = STARTERS_DIR / "art"
    credits = (folder / "CREDITS.md").read_text()
    pictures = sorted(p.name for p in (folder / "art").iterdir())
    assert pictures and all(f"art/{name}" in credits for name in pictures)
    assert "CC BY 3.0" in credits and "creativecommons.org/licenses/by/3.0" in credits
    run(["new", tmp_path / "wood", "--from", "art"], capsys)
    run(["build", tmp_path / "wood", "--out", tmp_path / "out", "-q", "--only", "rules"], capsys)
    with pdfplumber.open(tmp_path / "out" / "wood" / "rules.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    for author in ("Lorc", "Delapouite"):
        assert author in credits and author in text
    assert "game-icons.net, licensed CC BY 3.0" in text
    assert "creativecommons.org/licenses/by/3.0" in text


def test_an_unknown_starter_is_a_usage_error_listing_them(tmp_path, capsys):
    code, out, err = run(["new", tmp_path / "g", "--from", "cvs"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("pnp new: no starter 'cvs'; did you mean 'csv'? (the starters: ")
    assert all(f"{name}: " in err for name in STARTERS)
    assert not (tmp_path / "g").exists()


def test_a_folder_that_is_not_empty_is_refused(tmp_path, capsys):
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "notes.txt").write_text("mine")
    code, _, err = run(["new", tmp_path / "g", "--from", "art"], capsys)
    assert code == 2 and "not empty" in err
    assert [p.name for p in (tmp_path / "g").iterdir()] == ["notes.txt"]


def test_help_lists_every_starter(capsys):
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--from STARTER" in text and all(f"{name}: " in text for name in STARTERS)
