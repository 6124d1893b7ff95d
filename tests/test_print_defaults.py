"""A game's print defaults (game.yaml `print:`, pnp/load/printdefaults.py): build, check,
watch and export take them wherever the command line leaves the option out; the
command line overrides them; a bad value is stopped at its line."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import ATS, edit
from pypdf import PdfReader

from pnp.cli.main import main
from pnp.load.errors import InvalidInput
from pnp.load.game import load_game

LETTER = (215.9, 279.4)
MM = 25.4 / 72


def with_print(game, section: str):
    edit(game / "game.yaml", "components:\n", f"print: {section}\ncomponents:\n")
    return game


def built(game, out, *args) -> dict:
    assert main(["build", str(game), "--out", str(out), "--quiet", *args]) == 0
    return json.loads((out / "star-patrol" / "manifest.json").read_text())


def page_sizes(folder) -> set:
    return {(round(float(p.mediabox.width) * MM, 1), round(float(p.mediabox.height) * MM, 1))
            for pdf in folder.glob("*.pdf") for p in PdfReader(pdf).pages}


def test_a_build_takes_the_games_paper_duplex_and_bleed(game, tmp_path, capsys):
    with_print(game, "{paper: letter, duplex: none, bleed: 2}")
    made = built(game, tmp_path / "out")
    assert (made["paper"], made["duplex"], made["bleed"]) == ("letter", "none", 2.0)
    assert page_sizes(tmp_path / "out" / "star-patrol") == {LETTER}
    assert main(["build", str(game), "--out", str(tmp_path / "said")]) == 0
    assert "of US Letter" in capsys.readouterr().out  # the summary names the game's paper


def test_the_command_line_overrides_the_games_defaults(game, tmp_path):
    with_print(game, "{paper: letter, duplex: none, bleed: 2}")
    made = built(game, tmp_path / "out", "--paper", "a4", "--bleed", "3")
    assert (made["paper"], made["duplex"], made["bleed"]) == ("a4", "none", 3.0)
    assert page_sizes(tmp_path / "out" / "star-patrol") == {(210.0, 297.0)}


def test_the_games_back_offset_moves_the_backs_as_the_option_does(game, tmp_path):
    plain = built(game, tmp_path / "plain")
    option = built(game, tmp_path / "option", "--back-offset", "1.5,-0.5")
    with_print(game, "{back_offset: [1.5, -0.5]}")
    kept = built(game, tmp_path / "kept")
    assert kept["items"] == option["items"] != plain["items"]
    apart = built(game, tmp_path / "apart", "--duplex", "none")  # no back behind a front
    assert apart["duplex"] == "none"


def test_an_export_takes_the_games_paper_where_it_applies_and_is_not_refused(game, tmp_path):
    with_print(game, "{paper: letter}")  # an image has no paper: taken, never refused
    assert main(["export", str(game), "--format", "sheet", "--out", str(tmp_path),
                 "--quiet"]) == 0
    assert main(["export", str(game), "--format", "png", "--out", str(tmp_path),
                 "--quiet"]) == 0


def test_long_crop_marks_kept_with_the_game(game):
    with_print(game, "{crop_marks: long, duplex: fold}")
    assert load_game(game).print == {"crop_marks": "long", "duplex": "fold"}


def test_check_takes_the_games_defaults(game, capsys):
    with_print(game, "{paper: letter, printer_margin: 0}")
    assert main(["check", str(game)]) == 0
    assert "OK" in capsys.readouterr().out


@pytest.mark.parametrize(("section", "said"), [
    ("{paper: b4}", "b4"),
    ("{papr: letter}", "paper"),
    ("{bleed: 12}", "above the maximum 10"),
    ("{players: 2}", "declares no player_sets"),
    ("{duplex: none, back_offset: [1, 0]}", "no back is printed behind its front"),
    ("{back_offset: [1]}", "at least 2"),
    ("{crop_marks: short}", "'short' is not one of: fit, long"),
])
def test_a_bad_print_section_is_stopped_at_its_line(game, section, said):
    with_print(game, section)
    with pytest.raises(InvalidInput) as caught:
        load_game(game)
    (problem,) = caught.value.problems
    assert said in str(problem) and "game.yaml:" in str(problem)
    line = next(i for i, text in enumerate((game / "game.yaml").read_text().splitlines(), 1)
                if text.startswith("print:"))
    assert f"game.yaml:{line}:" in str(problem)


def test_players_is_said_once_and_within_the_sets(tmp_path):
    game = tmp_path / "ats"
    shutil.copytree(ATS, game)
    edit(game / "game.yaml", "  print: 2\n", "")
    with_print(game, "{players: 3}")
    assert load_game(game).print == {"players": 3}
    edit(game / "game.yaml", "print: {players: 3}", "print: {players: 7}")
    with pytest.raises(InvalidInput, match="only 6 values"):
        load_game(game)
    edit(game / "game.yaml", "print: {players: 7}", "print: {players: 2}")
    edit(game / "game.yaml", "  values: [Red, Blue, Green, Yellow, Purple, Grey]\n",
         "  values: [Red, Blue, Green, Yellow, Purple, Grey]\n  print: 2\n")
    with pytest.raises(InvalidInput, match="keep one of them"):
        load_game(game)


def test_every_print_key_is_the_build_option_it_sets_and_the_command_lines():
    """game.yaml's print: keys are named as Options' fields, each one the command line
    also takes (the same option, given there, wins)."""
    from dataclasses import fields

    from pnp.cli.options import GAME_SETS
    from pnp.load.specs import PRINT
    from pnp.sheets.printfile import Options

    assert set(PRINT.fields) <= {f.name for f in fields(Options)}
    assert set(PRINT.fields) == set(GAME_SETS)
