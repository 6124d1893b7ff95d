"""The safe zone: text closer to the trim than the safe margin (3 mm, as print
shops ask) is a warning naming the layout line, the field and the cards; the
bundled games have none."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pnp import BUNDLED_GAMES
from pnp.build import Options, check_game
from pnp.game import load_game
from tests.conftest import edit


@pytest.mark.parametrize("game_id", sorted(p.name for p in BUNDLED_GAMES.iterdir()))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_bundled_games_build_without_a_warning(game_id, paper):
    """No text in the safe zone, and every text fits at its size: titles keep one
    size per deck because their style cannot shrink (size == min_size)."""
    game = load_game(BUNDLED_GAMES / game_id)
    assert check_game(game, Options(paper=paper)).warnings == []
    if game_id == "above-top-secret":
        title = game.styles["ats-name"]
        assert title["size"] == title["min_size"] == 9.5


def near_the_edge(game):
    edit(game / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: text, x: 1, y: 40, w: 30, h: 5, text: \"{name}\", style: "
         "basic-small, align: left}\n      - {type: icon, name: \"{suit}\"")


def test_text_in_the_safe_zone_is_a_warning_naming_line_field_and_cards(game):
    near_the_edge(game)
    warnings = [w for w in check_game(load_game(game), Options()).warnings if "safe zone" in w]
    assert len(warnings) == 1, warnings
    warning = warnings[0]
    assert "layouts.yaml:" in warning and "{name}" in warning
    assert "comes 1.0 mm from the trim, inside the 3 mm safe zone" in warning
    assert "crew 'C-01'" in warning and "6 pieces" in warning


def test_the_safe_margin_is_an_option(game):
    near_the_edge(game)
    quiet = check_game(load_game(game), Options(safe_margin=0)).warnings
    assert not [w for w in quiet if "safe zone" in w]
    done = subprocess.run([sys.executable, "-m", "pnp", "check", str(game), "--safe-margin",
                           "0.5"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "safe zone" not in done.stderr
    done = subprocess.run([sys.executable, "-m", "pnp", "check", str(game)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "inside the 3 mm safe zone" in done.stderr
