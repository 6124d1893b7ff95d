"""pnp check draws a side alike once (pnp/draw/alike.py): it draws every player set yet
paints no more sides than a build, and says what a side alike reports for that side,
as painting it would (its card, its name, the number of pieces)."""

from __future__ import annotations

import io
import shutil

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp import BUNDLED_GAMES
from pnp.draw.alike import Memo, Reads
from pnp.draw.renderer import Renderer
from pnp.load.errors import InvalidInput
from pnp.load.game import load_game
from pnp.sheets.build import Options, build_game, check_game
from pnp.sheets.sheetpdf import Scratch
from tests.conftest import EXAMPLE, edit


def painting(monkeypatch) -> list:
    """Every side painted from now on, by the piece's name and side."""
    sides = []
    original = Renderer.paint_side

    def counted(self, *args):
        sides.append(self.where)
        return original(self, *args)

    monkeypatch.setattr(Renderer, "paint_side", counted)
    return sides


def checked(game, options: Options, monkeypatch, every_side: bool = False):
    """(warnings, problems) of pnp check; `every_side`: each side painted anew, as the
    check was before sides alike were painted once (the oracle)."""
    with monkeypatch.context() as patch:
        if every_side:
            patch.setattr("pnp.sheets.build.Memo", lambda: None)
        try:
            return check_game(game, options).warnings, []
        except InvalidInput as exc:
            return [], [str(p) for p in exc.problems]


def test_check_paints_no_more_sides_than_the_build(monkeypatch, tmp_path):
    game = load_game(BUNDLED_GAMES / "above-top-secret")
    sides = painting(monkeypatch)
    build_game(game, tmp_path, Options())
    built = len(sides)
    sides.clear()
    check_game(game, Options())
    checked_sides = len(sides)
    sides.clear()
    monkeypatch.setattr("pnp.sheets.build.Memo", lambda: None)
    check_game(game, Options())
    assert checked_sides <= built < len(sides)  # six player sets drawn, two printed


@pytest.mark.parametrize("game_id", sorted(p.name for p in BUNDLED_GAMES.iterdir()))
def test_check_says_what_painting_every_side_says(game_id, monkeypatch):
    """Every bundled game in every language, with a safe margin that finds text in it."""
    first = load_game(BUNDLED_GAMES / game_id)
    for code in first.languages:
        game = load_game(BUNDLED_GAMES / game_id, lang=code)
        options = Options(safe_margin=6)
        said = checked(game, options, monkeypatch)
        assert said == checked(game, options, monkeypatch, every_side=True)
        assert said[0] or game_id == "geheime-mission"  # the cases have warnings to say


SETS = "player_sets: {values: [Red, Blue, Ultraviolet], print: 2}\n"
BACK = """
  crew-back:
    elements:
      - {type: background, fill: "#24305e"}
      - {type: text, x: 25, y: 40, w: 13, h: 4, text: "{player}", size: 9, min_size: 9,
         color: "#ffffff"}
      - {type: text, x: 1, y: 80, w: 30, h: 5, text: "Star Patrol", size: 6}
"""
MISTAKES = """
      - {type: rect, when: "player * 2 > 1", x: 5, y: 5, w: 4, h: 4, fill: "#000000"}
      - {type: rect, x: 5, y: 12, w: 4, h: 4, fill: "{shades.{player}}"}
      - {type: image, src: dot.png, x: 5, y: 20, w: 4, h: 4, fit: stretch,
         crop: [0, 0, 20, 20]}
      - {type: hexgrid, x: 5, y: 50, rows: 2, cols: 2, size: 5,
         spaces: [{at: J9, fill: "#ff0000"}]}
"""


def player_game(tmp_path, back: str = BACK):
    """The example game with a deck for each of three players, whose backs show the
    player's name: the third's is too long for its box."""
    folder = tmp_path / "g"
    shutil.copytree(EXAMPLE, folder)
    edit(folder / "game.yaml", "components:\n", SETS + "components:\n")
    edit(folder / "game.yaml", "    back: basic-card-back\n",
         "    back: crew-back\n    per_player: true\n")
    edit(folder / "game.yaml", "  back_color:", "  shades: {Red: '#aa0000', Blue: '#0000aa'}\n"
         "  back_color:")
    edit(folder / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: text, x: 1, y: 40, w: 30, h: 5, text: \"{id}\", size: 6}\n"
         "      - {type: icon, name: \"{suit}\"")
    (folder / "layouts.yaml").write_text((folder / "layouts.yaml").read_text() + back)
    Image.new("RGB", (10, 10)).save(folder / "dot.png")
    return folder


def test_a_warning_of_a_side_alike_names_its_own_card(tmp_path, monkeypatch):
    folder = player_game(tmp_path)
    game = load_game(folder)
    warnings, problems = checked(game, Options(), monkeypatch)
    assert not problems
    assert (warnings, problems) == checked(game, Options(), monkeypatch, every_side=True)
    unfit = [w for w in warnings if "does not fit" in w]
    cards = {item.id: item.mark.line for item in game.components[0].items}
    layout = (folder / "layouts.yaml").read_text().split("\n").index(
        '      - {type: text, x: 25, y: 40, w: 13, h: 4, text: "{player}", size: 9, '
        'min_size: 9,') + 1
    assert unfit == [f"{folder}/crew.yaml:{line}:5: crew '{card}' back: text ({{player}}) "
                     "does not fit at the minimum size 9 pt, by 1.8 mm: 'Ultraviolet' (layout "
                     f"'crew-back' at {folder}/layouts.yaml:{layout})"
                     for card, line in cards.items()]  # one a card, at its line
    zone = [w for w in warnings if "safe zone" in w]
    assert len(zone) == 2 and all(w.endswith(
        "(in 6 pieces: crew 'C-01', crew 'C-02', crew 'C-03', ...)") for w in zone), zone


def test_only_sides_that_differ_are_painted(tmp_path, monkeypatch):
    game = load_game(player_game(tmp_path))
    sides = painting(monkeypatch)
    check_game(game, Options())
    crew = [s for s in sides if s.startswith("crew")]
    assert crew == [f"crew 'C-0{n}' front" for n in range(1, 7)] + [
        "crew 'C-01' back"] * 3  # six fronts, then one back a player


def test_a_problem_of_a_side_alike_counts_its_pieces(tmp_path, monkeypatch):
    game = load_game(player_game(tmp_path, BACK + MISTAKES))
    warnings, problems = checked(game, Options(), monkeypatch)
    assert (warnings, problems) == checked(game, Options(), monkeypatch, every_side=True)
    every = "(in 6 pieces: crew 'C-01', crew 'C-02', crew 'C-03', ...)"
    for said in ("arithmetic needs numbers, not 'Ultraviolet'",
                 "'{shades.Ultraviolet}' names no field",
                 "crop [0, 0, 20, 20] is not inside the 10 x 10 px image 'dot.png'",
                 "spaces: 'J9' names no space"):
        assert [p for p in problems if said in p and p.endswith(every)], (said, problems)


EACH = """
  crew-back:
    elements:
      - {type: text, x: 25, y: 40, w: 13, h: 4, size: 9, min_size: 9,
         lines: [{each: ranks, text: "{value} {player}"}]}
"""


def test_the_names_a_side_reads_are_seen():
    reads = Reads({"name": "Pilot", "power": 4, "suit": "sun"})
    assert reads.get("name") == "Pilot" and "power" in reads and reads["suit"] == "sun"
    assert reads.names == {"name", "power", "suit"} and not reads.whole
    for whole in (list, len, dict.copy, lambda r: list(r.items()), lambda r: r == {}):
        reads = Reads({"name": "Pilot"})
        whole(reads)
        assert reads.whole  # values seen without their names: the side is never alike
    reads = Reads({"name": "Pilot", "power": 4})
    assert {**reads, "value": 1} and reads.whole and reads.names == {"name", "power"}


def test_a_side_that_reads_through_a_copy_is_painted_every_time(tmp_path, monkeypatch):
    """An `each` line reads its names from a copy of the context (every name read)."""
    folder = player_game(tmp_path, EACH)
    edit(folder / "game.yaml", "  back_color:", "  ranks: [Ensign]\n  back_color:")
    game = load_game(folder)
    sides = painting(monkeypatch)
    warnings, _ = checked(game, Options(), monkeypatch)
    assert len([s for s in sides if s.endswith("back")]) == 18
    assert warnings == checked(game, Options(), monkeypatch, every_side=True)[0]
    assert sum("'Ensign Ultraviolet'" in w for w in warnings) == 6


def test_values_compare_by_type_and_bits():
    memo = Memo()
    keys = [memo.exact(v) for v in (1, 1.0, True, 0.0, -0.0, "1", None)]
    assert len(set(keys)) == len(keys)
    listed = [1, 2]
    assert memo.exact(listed) == memo.exact(listed) != memo.exact([1, 2])  # by identity


def test_the_scratch_canvas_keeps_no_page():
    out = io.BytesIO()
    canvas = Scratch(out)
    for n in range(3):
        canvas.drawString(10, 10, f"page {n}")
        canvas.showPage()
    canvas.save()
    assert len(PdfReader(io.BytesIO(out.getvalue())).pages) == 0
