"""The printed pieces as pictures for the companion (companion/cardart.py): drawn
from the YAML as the print is, used from an Android build's prebuilt folder only
while that folder was drawn from the very YAML beside it, else drawn again on the
desktop, or not shown at all where nothing can draw (a phone): never stale."""

from __future__ import annotations

import shutil

import pytest
from conftest import edit
from PIL import Image

from companion import cardart
from pnp import BUNDLED_GAMES

GM = BUNDLED_GAMES / "geheime-mission"


@pytest.fixture
def gm(tmp_path):
    target = tmp_path / "geheime-mission"
    shutil.copytree(GM, target)
    return target


def test_a_picture_is_the_printed_card_at_the_screen_resolution(tmp_path, gm):
    art = cardart.CardArt("geheime-mission", cache=tmp_path / "cache", shipped=tmp_path,
                          folder=gm)
    path = art.path("agents", "A01")
    with Image.open(path) as image:
        assert image.size == (round(63 / 25.4 * cardart.DPI), round(88 / 25.4 * cardart.DPI))
        assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0  # rounded corner
        assert len(image.convert("RGB").getcolors(100_000)) > 50  # drawn, not blank
    assert art.path("agents", "no-such-card") is None


def test_a_changed_card_is_drawn_again(tmp_path, gm):
    before = cardart.CardArt("geheime-mission", cache=tmp_path, shipped=tmp_path, folder=gm)
    first = before.path("agents", "A01")
    edit(gm / "agents.yaml", "Maulwurf", "Wurf")
    after = cardart.CardArt("geheime-mission", cache=tmp_path, shipped=tmp_path, folder=gm)
    assert after.fingerprint != before.fingerprint
    old_picture = first.read_bytes()
    second = after.path("agents", "A01")
    assert second != first and second.read_bytes() != old_picture
    assert not first.exists()  # the earlier version's pictures are cleared


def test_prebuilt_pictures_are_used_only_for_the_yaml_they_were_drawn_from(tmp_path, gm,
                                                                           monkeypatch):
    shipped = tmp_path / "shipped"
    count = cardart.prebuild("geheime-mission", shipped, source=gm)
    assert count == len(list((shipped / "geheime-mission").rglob("*.png")))
    art = cardart.CardArt("geheime-mission", cache=tmp_path / "c", shipped=shipped, folder=gm)
    assert art.shipped is not None
    assert art.path("agents", "A01").is_relative_to(shipped)

    def no_drawing(*_args):  # a phone: no reportlab, no pdfium
        return False

    edit(gm / "agents.yaml", "Maulwurf", "Wurf")  # the YAML moved on: the folder is stale
    stale = cardart.CardArt("geheime-mission", cache=tmp_path / "c", shipped=shipped, folder=gm)
    assert stale.shipped is None
    monkeypatch.setattr(stale, "draw", no_drawing)
    assert stale.path("agents", "A01") is None


@pytest.mark.parametrize("item, shape", [("score-1", "round"), ("score-5", "hex"),
                                         ("first", "square")])
def test_a_token_is_cut_to_its_shape(tmp_path, item, shape):
    from pnp import ASSETS

    art = cardart.CardArt("star-patrol", cache=tmp_path, shipped=tmp_path,
                          folder=ASSETS / "example")
    with Image.open(art.path("tokens", item)) as image:
        w, h = image.size
        inside = image.getpixel((w // 2, h // 2))[3]
        edge_mid = image.getpixel((w // 2, 1))[3]  # a round's top, a hex's flat top
        corner = image.getpixel((round(w * 0.06), round(h * 0.06)))[3]
    assert inside == 255 and edge_mid > 200
    assert (corner == 0) == (shape != "square"), f"a {shape} token's corner"


def test_a_game_is_drawn_ahead_in_a_process_of_its_own(tmp_path, monkeypatch):
    """What the app starts as a table opens: every piece into the cache, so a hold
    finds its picture drawn (the desktop; a phone ships them, and starts nothing)."""
    from pnp import ASSETS

    art = cardart.CardArt("star-patrol", cache=tmp_path, shipped=tmp_path,
                          folder=ASSETS / "example")
    process = art.draw_ahead()
    assert process.wait(120) == 0
    from pnp.export.pieceimage import printed_game

    game = printed_game(art.game())
    wanted = {(c.id, i.printed_id) for c in game.components for i in c.items}
    assert len(wanted) > 10
    monkeypatch.setattr(art, "draw", lambda *_a: pytest.fail("drawn on request"))
    for component, item in wanted:
        side = "face 1" if game.component(component).kind == "dice" else "front"
        assert art.path(component, item, side).is_file(), (component, item)
    monkeypatch.setattr(cardart.importlib.util, "find_spec", lambda _name: None)
    assert art.draw_ahead() is None  # no pnp drawing here (a phone): nothing started


def test_drawing_ahead_a_folder_that_is_no_game_says_so_and_exits_2(tmp_path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "companion.cardart", "--ahead", "gone",
                           "--folder", str(tmp_path / "gone"), "--out", str(tmp_path / "c")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "game.yaml" in done.stderr
