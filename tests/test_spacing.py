"""Padding between text and rules or bands (pnp/draw/spacing.py, issue 25): a line of text
whose ink comes within 0.4 mm of a rule or a band's edge, or crosses it, is a warning
naming the text's layout line and what it touches; the bundled games have none
(tests/test_safe_zone.py builds them all without a warning)."""

from __future__ import annotations

from pnp.draw.spacing import PieceSpacing
from pnp.load.game import load_game
from pnp.sheets.build import Options, check_game
from tests.conftest import edit

TRIM = (63, 88)


def crowded(spacing: PieceSpacing) -> list:
    return [(kind, round(gap, 2)) for _, _, kind, _, gap in spacing.crowded()]


def test_a_line_of_text_keeps_its_distance_from_a_rule_it_runs_along():
    spacing = PieceSpacing()
    spacing.rule([(3, 60), (60, 60)], 0.3, "rule")
    spacing.inks += [(10, 56, 40, 59.7, "near", ""),  # 0.15 mm above the rule's ink
                     (10, 60.8, 40, 63, "below", ""),  # 0.65 mm below it: fine
                     (10, 59, 40, 61, "across", ""),  # through it
                     (61, 57, 62, 59.9, "beside", "")]  # past its end: not along it
    assert crowded(spacing) == [("rule", 0.15), ("rule", -1.15)]


def test_text_keeps_its_distance_from_a_bands_edges_inside_and_out():
    spacing = PieceSpacing()
    spacing.band((2.5, 15.4, 60.5, 21.4), TRIM, "band", "#a82d1c")
    spacing.inks += [(4, 15.6, 30, 18, "inside, near its top", ""),
                     (4, 17, 30, 19, "inside, clear", ""),
                     (4, 10, 30, 15.3, "above, near", ""),
                     (4, 20, 30, 23, "across its lower edge", "")]
    assert crowded(spacing) == [("band", 0.2), ("band", 0.1), ("band", -1.4)]


def test_the_ground_and_a_band_of_the_same_colour_inside_another_are_no_edges():
    spacing = PieceSpacing()
    spacing.band((0, 0, 63, 88), TRIM, "ground", "#fff")  # the whole piece
    spacing.band((2.5, 2.5, 60.5, 16.5), TRIM, "header", "#123")
    spacing.band((2.5, 12, 60.5, 16.5), TRIM, "its squared corners", "#123")
    spacing.band((2.5, 12, 60.5, 16.5), TRIM, "another colour", "#456")
    spacing.inks.append((16, 6, 50, 13, "a two-line title", ""))
    assert [(kind, str(other)) for _, _, kind, other, _ in spacing.crowded()] == [
        ("band", "another colour")]


def test_a_layouts_text_on_a_rule_is_a_warning_naming_both_lines(game):
    """The example's crew cards, with a rule drawn through their title."""
    edit(game / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: line, points: [[4, 9.5], [59, 9.5]], stroke: \"#000000\"}\n"
         "      - {type: icon, name: \"{suit}\"")
    warnings = [w for w in check_game(load_game(game), Options()).warnings if "rule" in w]
    assert len(warnings) == 1, warnings
    assert "crosses the rule at line" in warnings[0] and "{name}" in warnings[0]
    assert "6 pieces" in warnings[0]
    assert not [w for w in check_game(load_game(game), Options(safe_margin=0)).warnings
                if "rule" in w]  # the checks of the drawing are off together

