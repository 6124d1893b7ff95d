"""`pnp preview` without a browser: the JSON its page reads (every side, its image, its
trim, bleed and safe zones, text that does not fit, the lines that drew it), what a
save draws again, and the server's answers on 127.0.0.1."""

from __future__ import annotations

import io
import json
import urllib.error
import urllib.request

import pytest
from PIL import Image

from pnp.cli.previewserver import serve
from pnp.cli.previewstate import Preview
from pnp.export.previewimages import DPI
from pnp.export.previewsource import block
from tests.conftest import edit

LONG = "Far too many words for this small box, said over and over again. " * 40


def sides(snapshot) -> dict:
    return {side["key"]: side for comp in snapshot["components"] for side in comp["sides"]}


def test_every_side_with_its_image_marks_and_source(game):
    preview = Preview(game)
    preview.refresh(None)
    state = preview.snapshot()
    assert state["errors"] == [] and state["game"]["id"] == "star-patrol"
    found = sides(state)
    assert len(found) == 25  # crew 6 x 2, the rules sheet, 3 tokens x 2, a die's 6 faces
    card = found["crew/C-03/front"]
    assert (card["w"], card["h"], card["bleed"]) == (63.0, 88.0, 3.0)
    image = Image.open(io.BytesIO(preview.image(card["image"])))
    assert image.size == (round(69 / 25.4 * DPI), round(94 / 25.4 * DPI))
    assert card["safe"]["standard"] == 3.0
    assert card["safe"]["tgc"] == pytest.approx(3.175)  # 1/8 in, TGC's template
    assert found["rules/R1/front"]["safe"]["mpc"] is None  # MakePlayingCards: cards only
    assert card["name"] == "Pilot" and card["layout"] == "crew-front"
    assert card["source"]["line"] == 4 and "name: Pilot" in card["source"]["lines"][0][1]
    layout = state["layouts"]["crew-front"]
    assert layout["file"].endswith("layouts.yaml") and layout["line"] == 5
    assert "extends: basic-card-front" in layout["lines"][1][1]
    assert card["overflows"] == []
    assert found["crew/C-01/back"]["image"] == found["crew/C-02/back"]["image"]  # alike


def test_a_save_draws_again_only_what_changed(game):
    preview = Preview(game)
    preview.refresh(None)
    before = sides(preview.snapshot())
    kept = dict(preview.images.png)
    edit(game / "crew.yaml", "name: Pilot,", "name: Pilotess,")
    preview.refresh({game / "crew.yaml"})
    after = sides(preview.snapshot())
    changed = {k for k in before if before[k]["image"] != after[k]["image"]}
    assert changed == {"crew/C-03/front"}
    assert set(preview.images.png) - set(kept) == {after["crew/C-03/front"]["image"]}
    assert before["crew/C-03/front"]["image"] not in preview.images.png  # shown no more
    assert set(preview.images.png) == {side["image"] for side in after.values()}
    assert after["crew/C-03/front"]["name"] == "Pilotess"
    assert preview.snapshot()["version"] == 2


def test_text_that_does_not_fit_is_marked_at_its_box(game):
    edit(game / "crew.yaml", '"Each player draws a card. You draw two."', f'"{LONG}"')
    preview = Preview(game)
    preview.refresh(None)
    card = sides(preview.snapshot())["crew/C-04/front"]
    [overflow] = card["overflows"]
    assert "does not fit" in overflow["text"] and "crew.yaml:5" in overflow["text"]
    assert overflow["over_mm"] > 5 and overflow["over_chars"] > 100  # 40 sentences, in 4
    assert f"by {overflow['over_mm']:.1f} mm" in overflow["text"]
    assert 0 <= overflow["x"] < overflow["x"] + overflow["w"] <= card["w"]
    assert 0 <= overflow["y"] < overflow["y"] + overflow["h"] <= card["h"]
    assert sides(preview.snapshot())["crew/C-03/front"]["overflows"] == []


def test_a_broken_save_keeps_the_last_good_pieces(game):
    preview = Preview(game)
    preview.refresh(None)
    good = sides(preview.snapshot())
    edit(game / "game.yaml", "name: Star Patrol", "name: [Star Patrol")
    preview.refresh({game / "game.yaml"})
    state = preview.snapshot()
    [problem] = state["errors"]
    assert problem["file"].endswith("game.yaml") and problem["line"] >= 3
    assert f"game.yaml:{problem['line']}:" in problem["text"]
    assert sides(state) == good
    edit(game / "game.yaml", "name: [Star Patrol", "name: Star Patrol")
    preview.refresh({game / "game.yaml"})
    assert preview.snapshot()["errors"] == [] and len(sides(preview.snapshot())) == 25


def test_a_piece_that_cannot_be_drawn_shows_its_problem_in_its_place(game):
    edit(game / "layouts.yaml", 'color: "{suit_colors.{suit}}"}',
         'color: "{suit_colors.{suit}}"}\n      - {type: rect, x: "10 / power", y: 2, w: 3, h: 3}')
    preview = Preview(game)
    preview.refresh(None)
    state = preview.snapshot()
    crew = next(c for c in state["components"] if c["id"] == "crew")
    [problem] = crew["errors"]  # Stowaway's power is 0
    assert "division by zero" in problem["text"] and problem["line"] == 12
    found = sides(state)
    assert found["crew/C-06"]["stopped"] == [problem]
    assert "crew/C-06/front" not in found and "crew/C-06/back" not in found
    assert len([s for s in found.values() if "stopped" not in s]) == 23  # the others drawn
    edit(game / "layouts.yaml", '"10 / power"', '"10 / (power + 1)"')
    preview.refresh({game / "layouts.yaml"})
    assert preview.snapshot()["components"][0]["errors"] == [] and len(sides(
        preview.snapshot())) == 25


def test_a_missing_picture_is_a_placeholder_and_a_warning(game):
    edit(game / "layouts.yaml", 'fill: "#fbf8f0"', 'fill: "#fbf8f0"}\n      - {type: image, '
         'src: missing.png, x: 0, y: 0, w: 5, h: 5')
    preview = Preview(game)
    preview.refresh(None)
    state = preview.snapshot()
    assert all(c["errors"] == [] for c in state["components"]) and len(sides(state)) == 25
    assert any("missing.png" in w and "placeholder" in w for w in state["warnings"])


def test_the_server_answers_on_localhost(game):
    preview = Preview(game)
    preview.refresh(None)
    server, url = serve(preview)
    try:
        assert url.startswith("http://127.0.0.1:") and server.server_address[0] == "127.0.0.1"
        read = lambda path: urllib.request.urlopen(url + path, timeout=10)  # noqa: E731
        assert json.load(read("version.json")) == {"version": 1}
        state = json.load(read("state.json"))
        assert len(sides(state)) == 25
        digest = state["components"][0]["sides"][0]["image"]
        answer = read(f"image/{digest}.png")
        assert answer.headers["Content-Type"] == "image/png"
        assert answer.read().startswith(b"\x89PNG")
        page = read("").read().decode()
        assert 'id="search"' in page and "preview.js" in page
        assert "state.json" in read("preview.js").read().decode()
        for missing in ("image/" + "0" * 40 + ".png", "../pyproject.toml", "nothing"):
            with pytest.raises(urllib.error.HTTPError) as error:
                read(missing)
            assert error.value.code == 404
    finally:
        server.shutdown()
        server.server_close()


def test_the_lines_of_a_block_item(tmp_path):
    data = tmp_path / "cards.yaml"
    data.write_text("cards:\n  - id: a\n    name: A\n    text: >\n      long\n\n"
                    "  - id: b\n    name: B\n")
    assert [n for n, _ in block(str(data), 2)] == [2, 3, 4, 5]
    assert [n for n, _ in block(str(data), 7)] == [7, 8]
    row = tmp_path / "cards.csv"
    row.write_text("id,name\na,A\nb,B\n")
    assert block(str(row), 2) == [[2, "a,A"]]
    assert block(str(data), 99) == []


def test_a_port_out_of_range_is_a_usage_error(game, capsys):
    from pnp.cli.main import main

    with pytest.raises(SystemExit) as stop:
        main(["preview", str(game), "--port", "70000"])
    assert stop.value.code == 2 and "65535" in capsys.readouterr().err


@pytest.mark.parametrize("lang, said", [("all", "one language at a time"), ("xx", "xx")])
def test_a_language_the_preview_cannot_show_is_a_usage_error(lang, said, game, capsys):
    from pnp.cli.main import main

    assert main(["preview", str(game), "--lang", lang, "--no-browser"]) == 2
    assert said in capsys.readouterr().err
