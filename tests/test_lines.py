"""A text element's `lines`: paragraphs kept only when they have something to say, and
one paragraph per entry of a list (`each`), so one element prints every card whatever
parts it has (traits, text, any number of orders)."""

from __future__ import annotations

import pdfplumber
import pytest
from conftest import edit

from pnp.cli.main import main
from pnp.load.errors import InvalidInput
from pnp.load.game import load_game

FIELDS = "text: text\n"
MORE_FIELDS = ("text: {type: text, required: false}\n      tags: {type: list, required: false}\n"
               "      orders: {type: list, required: false}\n")
ELEMENT = ('      - {type: icon, name: "{suit}", x: 6, y: 70, size: 10, '
           'color: "{suit_colors.{suit}}"}\n')


def with_lines(game, lines: str):
    edit(game / "game.yaml", FIELDS, MORE_FIELDS)
    edit(game / "layouts.yaml", ELEMENT, ELEMENT + "      - type: richtext\n"
         "        x: 6\n        y: 40\n        w: 51\n        h: 26\n"
         "        style: basic-body\n        lines:\n" + lines)


LINES = """          - "**{tags}**"
          - {text: "{text}", when: "power >= 2"}
          - {each: orders, text: "» **{name}:** {text}"}
"""


def front_text(game, tmp_path) -> str:
    """The words of the crew deck's front page."""
    out = tmp_path / "out"
    assert main(["build", str(game), "--out", str(out), "-q", "--only", "crew"]) == 0
    with pdfplumber.open(next(out.rglob("crew.pdf"))) as pdf:
        return pdf.pages[0].extract_text().replace(" ", "").replace("\n", "")


def set_card(game, card_id: str, extra: str):
    edit(game / "crew.yaml", f"id: {card_id},", f"id: {card_id}, {extra}")


def test_lines_print_what_each_card_has(game, tmp_path):
    with_lines(game, LINES)
    set_card(game, "C-01", 'tags: [Swift, Armor 2], orders: [{name: Dash, text: "Move twice."},'
             ' {name: Hide, text: "Gain cover."}],')
    set_card(game, "C-04", "orders: [],")  # power 1: its text is left out by `when`
    text = front_text(game, tmp_path)  # without spaces: bold runs are set tight
    assert "Swift,Armor2" in text
    assert "»Dash:Movetwice." in text and "»Hide:Gaincover." in text
    # the base layout prints every card's text once; `lines` adds it where power >= 2
    assert text.count("Lookatthetopcard") == 2  # C-01: power 2
    assert text.count("Eachplayerdrawsacard") == 1  # C-04: power 1
    assert "****" not in text and "»:" not in text


def test_a_line_of_only_markup_is_left_out(game):
    with_lines(game, LINES)
    from pnp.load.layouts import Line  # noqa: F401 - the public name of a line
    from pnp.load.template import join_lines

    lines = load_game(game).layouts["crew-front"].elements[-1]["_lines"]
    out = join_lines(lines, {"tags": [], "text": "Plain.", "power": 3, "orders": None})
    assert out == "Plain."
    out = join_lines(lines, {"tags": ["A"], "text": "T", "power": 1,
                             "orders": [{"name": "Go", "text": "now"}]})
    assert out == "**A**\n» **Go:** now"


@pytest.mark.parametrize("lines, message", [
    ('          - {text: "{text}", when: "power >>= 2"}\n', "line 1:"),
    ('          - {txt: "{text}"}\n', "unknown key 'txt'"),
    ("          - {each: orders, text: \"{name}\"}\n          - \"{colour}\"\n",
     "'colour' in lines names no field"),
])
def test_bad_lines_are_refused_at_their_place(game, lines, message):
    with_lines(game, lines)
    with pytest.raises(InvalidInput) as raised:
        load_game(game)
    found = [str(p) for p in raised.value.problems]
    assert any(message in p and "layouts.yaml:" in p for p in found), found


def test_text_and_lines_together_are_refused(game):
    with_lines(game, LINES)
    edit(game / "layouts.yaml", "        style: basic-body\n        lines:",
         "        style: basic-body\n        text: x\n        lines:")
    with pytest.raises(InvalidInput) as raised:
        load_game(game)
    assert any("needs 'text' or 'lines'" in str(p) for p in raised.value.problems)
