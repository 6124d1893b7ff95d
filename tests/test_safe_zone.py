"""The safe zone: text closer to the trim than the safe margin (3 mm, as print
shops ask) is a warning naming the layout line, the field and the cards; the
bundled games have none."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from pnp import BUNDLED_GAMES
from pnp.draw.cutshape import inset
from pnp.load.game import load_game
from pnp.sheets.build import Options, check_game
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


# -- issue 25: measured against the cut shape ------------------------------------------
def test_the_inset_follows_the_cut_shape():
    """A box's distance from a round or hexagonal cut, not from the bounding square."""
    box = (3.5, 3.5, 5.0, 5.0)  # near the top-left corner of an 18 mm square
    assert inset("square", (18, 18), box) == pytest.approx(3.5)
    assert inset("round", (18, 18), box) == pytest.approx(9 - math.dist((3.5, 3.5), (9, 9)))
    hexagon = (24, 24 * math.sqrt(3) / 2)  # 24 mm across the corners, flat top
    assert inset("hex", hexagon, (10, 5, 14, 8)) == pytest.approx(5.0)  # below the flat
    corner = (2.0, hexagon[1] / 2 - 0.5, 3.0, hexagon[1] / 2 + 0.5)
    assert inset("hex", hexagon, corner) == pytest.approx(
        (2.0 - 0) * math.sin(math.radians(60)) - 0.5 * math.cos(math.radians(60)), abs=0.01)
    assert inset("round", (18, 18), (-1, 8, 2, 9)) < 0  # crossing the cut


def corner_labels(game, safe: str = ""):
    """The example's tokens with a label in the top-left corner of their square: 3.5 mm
    inside the square, but 4.3 mm outside the 18 mm round token's safe circle."""
    edit(game / "game.yaml", "    front: basic-token\n", "    front: corner-token\n" + safe)
    edit(game / "layouts.yaml", "layouts:\n", "layouts:\n  corner-token:\n    elements:\n"
         "      - {type: background, fill: \"{color}\"}\n"
         "      - {type: text, x: 3.5, y: 3.5, w: 2.5, h: 2.5, text: \"{label}\", "
         "style: basic-token, size: 5, min_size: 5}\n")


def test_text_near_a_round_cut_is_in_its_safe_zone(game):
    corner_labels(game)
    warnings = [w for w in check_game(load_game(game), Options()).warnings
                if "safe zone" in w]
    assert len(warnings) == 1 and "tokens 'score-1'" in warnings[0], warnings
    assert "tokens 'score-5'" in warnings[0]  # the hexagon's slanted edge, as near
    assert "tokens 'first'" not in warnings[0]  # the square token's cut is its square


def test_a_component_may_keep_a_smaller_safe_zone_for_small_pieces(game):
    corner_labels(game, "    safe_margin: 1\n")
    warnings = [w for w in check_game(load_game(game), Options()).warnings
                if "safe zone" in w]  # the round token's label is 1.2 mm inside its cut
    assert len(warnings) == 1 and "inside the 1 mm safe zone" in warnings[0], warnings
    assert "tokens 'score-5'" in warnings[0] and "score-1" not in warnings[0]
    assert not [w for w in check_game(load_game(game), Options(safe_margin=0)).warnings
                if "safe zone" in w]  # 0 still turns it off
    edit(game / "game.yaml", "    safe_margin: 1\n", "    safe_margin: 0.2\n")
    with pytest.raises(Exception, match=r"game.yaml:37:18: 0.2 is below the minimum 1"):
        load_game(game)
