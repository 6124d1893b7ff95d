"""Colours as designers write them: CSS names (`navy`) and '#abc' shorthand are
read; a near miss is refused with the name it may have meant."""

from __future__ import annotations

import pytest
from conftest import edit

from pnp.cli.main import main
from pnp.load.errors import Mark, Problems
from pnp.load.game import load_game
from pnp.load.schema import Color


@pytest.mark.parametrize("written,read", [("navy", "#000080"), ("Navy", "#000080"),
                                          ("rebeccapurple", "#663399"), ("#fa0", "#ffaa00"),
                                          ("#1a2b3c80", "#1a2b3c80"), ("none", None)])
def test_colour_forms(written, read):
    problems = Problems()
    assert Color().clean(written, Mark("g.yaml", 1, 1), problems) == read
    assert not problems.items


def test_a_named_colour_in_vars_reaches_the_card(game):
    edit(game / "game.yaml", 'back_color: "#24305e"', "back_color: midnightblue")
    assert load_game(game).vars["back_color"] == "midnightblue"
    assert main(["check", str(game)]) == 0


def test_a_near_miss_is_refused_with_a_suggestion(game, capsys):
    edit(game / "layouts.yaml", 'fill: "#fbf8f0"', "fill: nvy")
    assert main(["check", str(game)]) == 2
    assert "layouts.yaml:14:34: unknown colour 'nvy'; did you mean 'navy'?" in \
        capsys.readouterr().err


def test_a_game_yaml_path_names_its_folder(game, capsys):
    assert main(["check", str(game / "game.yaml")]) == 0
    assert "OK" in capsys.readouterr().out
