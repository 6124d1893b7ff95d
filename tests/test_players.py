"""Player sets (docs/format.md 3.1): a per_player component is printed once per set,
each copy reading its set in a variable, so decks that could be mixed tell apart."""

from __future__ import annotations

import json
import shutil

import pytest
from pdfread import pages

from pnp.cli.main import main
from tests.conftest import EXAMPLE

SETS = "player_sets: {values: [Red, Blue, Green], print: 2}\n"
BACK = """
  crew-back:
    elements:
      - {type: background, fill: "#24305e"}
      - {type: text, x: 5, y: 40, w: 53, h: 8, text: "{player} {index}", size: 12,
         color: "#ffffff", align: center}
"""


def example(tmp_path, sets: str = SETS, per_player: str = "    per_player: true\n"):
    folder = tmp_path / "g"
    shutil.copytree(EXAMPLE, folder)
    game = folder / "game.yaml"
    text = game.read_text().replace("components:\n", sets + "components:\n", 1)
    text = text.replace("    back: basic-card-back\n", "    back: crew-back\n" + per_player, 1)
    game.write_text(text)
    layouts = folder / "layouts.yaml"
    layouts.write_text(layouts.read_text() + BACK)
    return folder


def built(folder, tmp_path, *options):
    out = tmp_path / "out"
    assert main(["build", str(folder), "--out", str(out), "--quiet", *options]) == 0
    target = out / "star-patrol"
    return target, json.loads((target / "manifest.json").read_text())["items"]


def test_each_set_gets_the_deck_with_its_name_on_the_backs(tmp_path):
    target, items = built(example(tmp_path), tmp_path)
    crew = [e for e in items if e["component"] == "crew" and e["side"] == "back"]
    assert len(crew) == 12  # 6 cards x the 2 sets `print` asks for
    assert [e["item"] for e in crew[:2]] == ["C-01-red", "C-02-red"]
    assert {e["item"].rsplit("-", 1)[1] for e in crew} == {"red", "blue"}
    text = " ".join(p["text"] for p in pages(str(target / "crew.pdf")))
    for set_name in ("Red", "Blue"):
        for index in range(1, 7):  # {index} counts within the set
            assert f"{set_name} {index}" in text
    assert "Green" not in text
    fronts = " ".join(p["text"] for p in pages(str(target / "crew.pdf")))
    assert fronts.count("C-01") == 2  # the printed id stays the item's
    tokens = [e for e in items if e["component"] == "tokens" and e["side"] == "front"]
    assert len(tokens) == 7  # not per_player: printed once


def test_players_prints_another_count_of_sets(tmp_path):
    _, items = built(example(tmp_path), tmp_path, "--players", "3")
    crew = {e["item"] for e in items if e["component"] == "crew"}
    assert len(crew) == 18 and "C-06-green" in crew


def test_more_players_than_sets_is_exit_2_at_player_sets(tmp_path, capsys):
    folder = example(tmp_path)
    assert main(["build", str(folder), "--out", str(tmp_path / "o"), "--players", "4"]) == 2
    err = capsys.readouterr().err
    assert "game.yaml:" in err and "--players 4" in err and "at most 3 player sets" in err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(("sets", "per_player", "message"), [
    ("", "    per_player: true\n", "is per_player, but the game declares no player_sets"),
    ("player_sets: {values: [Red, Red]}\n", "    per_player: true\n", "every value must differ"),
    ("player_sets: {values: [Red], print: 2}\n", "", "print 2, but only 1 values"),
    ("player_sets: {var: suit, values: [Red]}\n", "    per_player: true\n",
     "has a field 'suit'"),
    ("player_sets: {var: 2x, values: [Red]}\n", "", "is not a variable name"),
    ("player_sets: {var: id, values: [Red]}\n", "    per_player: true\n",
     "var 'id' is a name every layout already has"),
])
def test_mistakes_in_player_sets_are_located(tmp_path, capsys, sets, per_player, message):
    folder = example(tmp_path, sets, per_player)
    assert main(["check", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "game.yaml:" in err and message in err, err


def test_check_draws_every_set_and_csv_writes_the_items_once(tmp_path, capsys):
    folder = example(tmp_path)
    assert main(["check", str(folder)]) == 0
    out = tmp_path / "x"
    assert main(["export", str(folder), "--format", "csv", "--out", str(out), "--quiet"]) == 0
    rows = (out / "star-patrol" / "csv" / "crew.csv").read_text().strip().splitlines()
    assert len(rows) == 7  # header + the 6 cards as written


def test_exported_images_of_each_set_have_their_own_files(tmp_path):
    out = tmp_path / "x"
    assert main(["export", str(example(tmp_path)), "--format", "png", "--dpi", "30",
                 "--only", "crew", "--out", str(out), "--quiet"]) == 0
    files = {p.name for p in (out / "star-patrol" / "png" / "crew").glob("*.png")}
    assert {"C-01-red-back.png", "C-01-blue-back.png"} <= files and len(files) == 24


def test_an_item_printed_once_in_a_per_player_component(tmp_path, capsys):
    folder = example(tmp_path)
    data = folder / "crew.yaml"
    data.write_text(data.read_text() + '  - {id: C-99, per_player: false, name: Admiral, '
                    'suit: sun, power: 9, text: "Leads."}\n')
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("rules: {count: 6,", "rules: {count: 7,")
                    .replace("per: [{field: suit, count: 2}]", "per: []")
                    .replace("    per_player: true\n", "    per_player: true\n"
                             "    vars: {player: Table}\n", 1))
    target, items = built(folder, tmp_path)
    crew = [e["item"] for e in items if e["component"] == "crew" and e["side"] == "back"]
    assert len(crew) == 13 and crew[-1] == "C-99"
    text = " ".join(p["text"] for p in pages(str(target / "crew.pdf")))
    assert "Table 7" in text  # the component's own value of the variable
    data.write_text(data.read_text().replace("per_player: false", "per_player: true"))
    tokens = folder / "game.yaml"
    tokens.write_text(tokens.read_text().replace("{id: first,", "{id: first, per_player: true,"))
    assert main(["check", str(folder)]) == 2
    assert "which is not per_player" in capsys.readouterr().err
