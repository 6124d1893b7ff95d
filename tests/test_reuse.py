"""Elements drawn alike on many pieces are written again from the operators kept the
second time (pnp.draw.reuse): the PDFs are the same byte for byte, and what drawing says
(text that does not fit, ink in the safe zone, the smallest size) is still said for
every piece."""

from __future__ import annotations

import io
import re

import pytest
from conftest import edit
from reportlab.pdfgen.canvas import Canvas

from pnp import BUNDLED_GAMES
from pnp.draw import reuse
from pnp.draw.renderer import Renderer
from pnp.draw.reuse import NEVER
from pnp.load.errors import Problems
from pnp.load.game import load_game
from pnp.sheets.build import Options, build_game

LONG = "Supercalifragilisticexpialidociouscrewmembersofthestarpatrolforever"


def built(game_dir, folder, monkeypatch, keep: bool, **options):
    """(PDF bytes by name, warnings, smallest text size, text boxes drawn) of a build."""
    drawn = []
    with monkeypatch.context() as patch:
        if not keep:
            patch.setattr(reuse, "REUSABLE", frozenset())  # every element drawn
        real = Renderer.text_box
        patch.setattr(Renderer, "text_box", lambda self, *a, **k: drawn.append(1) or
                      real(self, *a, **k))
        result = build_game(load_game(game_dir), folder, Options(**options))
    pdfs = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.pdf")}
    return pdfs, result.warnings, result.min_text_pt, len(drawn)


@pytest.mark.parametrize("game_id", ["attack-the-tower", "above-top-secret"])
def test_kept_drawings_make_the_same_pdfs(game_id, tmp_path, monkeypatch):
    """Both games draw alike elements on many cards, and some translucent ones and icons
    whose operators are not kept."""
    kept = built(BUNDLED_GAMES / game_id, tmp_path / "kept", monkeypatch, True)
    drawn = built(BUNDLED_GAMES / game_id, tmp_path / "drawn", monkeypatch, False)
    assert kept[:3] == drawn[:3]
    assert kept[3] < drawn[3] * 0.75  # many text boxes were written again, not drawn


def test_a_kept_back_still_says_what_it_said_for_every_card(game, tmp_path, monkeypatch):
    edit(game / "game.yaml", "name: Crew", f"name: {LONG}")  # the back's title: too long
    kept = built(game, tmp_path / "kept", monkeypatch, True, safe_margin=20)
    drawn = built(game, tmp_path / "drawn", monkeypatch, False, safe_margin=20)
    assert kept[:3] == drawn[:3]
    unfit = [w for w in kept[1] if "does not fit" in w and "back" in w]
    assert len(unfit) == 6 and len({w.split(": text")[0] for w in unfit}) == 6  # each card
    zone = [w for w in kept[1] if "safe zone" in w and "{component}" in w]
    assert len(zone) == 1 and "in 6 pieces" in zone[0]


def test_what_would_mean_otherwise_elsewhere_is_never_kept(example_game):
    renderer = Renderer(example_game, Problems(), print)
    renderer.c = canvas = Canvas(io.BytesIO())
    for fill in ("#ff000080", "#00ff00"):  # translucent: its opacity is named page by page
        renderer.element = rect = {"type": "rect", "x": 1, "y": 1, "w": 5, "h": 5,
                                   "fill": fill, "_mark": None, "_marks": {}}
        for _ in range(3):
            canvas.saveState()
            renderer.reuse_element(rect, {}, 63, 88, 3)
            canvas.restoreState()
    translucent, opaque = renderer.kept.values()
    assert translucent is NEVER and opaque[0] == ["0 1 0 rg", "n 2.834646 -17.00787 14.17323 "
                                                  "14.17323 re f*"]


def test_a_value_that_fills_in_another_is_read_anew_for_each_piece(game, tmp_path, monkeypatch):
    """A card's text may hold a template of its own ('{power}'), filled in where the text
    is part of a longer one: cards with the same text and another power differ, though
    that element shows only `{text}`."""
    crew = game / "crew.yaml"
    crew.write_text(re.sub(r'text: "[^"]*"', 'text: "Power {power}, always."', crew.read_text()))
    edit(game / "layouts.yaml", "      - {type: icon,", "      - {type: text, x: 5, y: 60, w: 53, "
         'h: 5, text: "Rule: {text}"}\n      - {type: icon,')
    kept = built(game, tmp_path / "kept", monkeypatch, True)
    drawn = built(game, tmp_path / "drawn", monkeypatch, False)
    assert kept[:3] == drawn[:3]
