"""A side drawn alike on many pieces (a deck's common back) is rasterised and encoded
once, and its file written for each piece (issue 24 section 4: the PNG export's speed)."""

from __future__ import annotations

from pnp import BUNDLED_GAMES
from pnp.export import raster
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game


def test_a_common_back_is_rasterised_once_and_written_for_every_card(tmp_path, monkeypatch):
    drawn = []
    real = raster.rasterise

    def counting(pdf, dpi, sizes, index=None):
        drawn.append(len(sizes) if index is None else len(index))
        return real(pdf, dpi, sizes, index)

    monkeypatch.setattr(raster, "rasterise", counting)
    game = load_game(BUNDLED_GAMES / "geheime-mission")
    export_games([game], tmp_path, ExportOptions(format="png", dpi=40, only=("agents",)))
    folder = tmp_path / "geheime-mission" / "png" / "agents"
    fronts = sorted(folder.glob("*-front.png"))
    backs = sorted(folder.glob("*-back.png"))
    assert len(backs) == len(fronts) > 10
    assert drawn == [len(fronts) + 1]  # every front, and the back once
    assert len({path.read_bytes() for path in backs}) == 1
