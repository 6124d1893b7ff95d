"""Card data from spreadsheets: CSV typed by the component's fields exactly as
YAML is, errors at row and column, and `pnp export --format csv` round trips
every bundled component without loss."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pnp import BUNDLED_GAMES
from pnp.export.writer import ExportOptions, export_games
from pnp.load.errors import InvalidInput
from pnp.load.game import load_game
from tests.conftest import edit


def as_items(comp) -> list:
    return [(i.id, i.copies, i.fields, i.front, i.back, i.shape, i.size, i.faces)
            for i in comp.items]


@pytest.mark.parametrize("game_id", sorted(p.name for p in BUNDLED_GAMES.iterdir()))
def test_every_bundled_component_round_trips_through_csv(game_id, tmp_path):
    original = load_game(BUNDLED_GAMES / game_id)
    export_games([original], tmp_path / "out", ExportOptions(format="csv"))
    folder = tmp_path / "game"
    import shutil

    shutil.copytree(BUNDLED_GAMES / game_id, folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text()
    for comp in original.components:
        csv_file = tmp_path / "out" / original.folder / "csv" / f"{comp.id}.csv"
        shutil.copy(csv_file, folder / f"{comp.id}.csv")
        text = text.replace(f"\n  - id: {comp.id}\n", f"\n  - id: {comp.id}\n    data: "
                            f"{comp.id}.csv\n", 1)
    game_yaml.write_text(strip_sources(text))
    again = load_game(folder)
    for before, after in zip(original.components, again.components, strict=True):
        assert as_items(after) == as_items(before), before.id


def strip_sources(text: str) -> str:
    """Drop each component's YAML `data:` line and inline `items:` block, keeping the
    `data: <id>.csv` lines added above."""
    out, skipping = [], False
    for line in text.split("\n"):
        stripped = line.strip()
        if skipping:
            if line.startswith("      ") or stripped.startswith("- {") and \
                    line.startswith("    "):
                continue
            skipping = False
        if stripped.startswith("data:") and not stripped.endswith(".csv"):
            continue
        if stripped == "items:" or stripped.startswith("items: "):
            skipping = stripped == "items:"
            continue
        out.append(line)
    return "\n".join(out)


def test_csv_values_are_typed_and_located_by_row_and_column(game, tmp_path):
    (game / "crew.csv").write_text(
        "\ufeffid;name;suit;power;text\n"
        "C-01;Navigator;sun;2;Look ahead.\n"
        "C-02;Engineer;sun;x;Repair.\n"
        "C-03;Pilot;comet;4;Fast.\n", encoding="utf-8")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    with pytest.raises(InvalidInput) as error:
        load_game(game)
    messages = [str(p).rsplit("/", 1)[-1] for p in error.value.problems]
    assert "crew.csv:3: column 'power': expected a whole number, got text 'x'" in messages
    assert any(m.startswith("crew.csv:4: column 'suit':") for m in messages)


def test_a_comma_csv_with_lists_and_quotes_reads_like_yaml(game):
    (game / "crew.csv").write_text(
        'id,name,suit,power,text\n'
        'C-01,Navigator,sun,2,"Look, then play."\n'
        'C-02,Engineer,sun,3,"Two\nlines"\n'
        'C-03,Pilot,moon,4,Fast.\n'
        'C-04,Medic,moon,1,Heal.\n'
        'C-05,Scout,star,5,Peek.\n'
        'C-06,Captain,star,6,Lead.\n', encoding="utf-8")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    crew = load_game(game).component("crew")
    assert crew.items[0].fields["text"] == "Look, then play."
    assert crew.items[1].fields["text"] == "Two\nlines"
    assert crew.items[1].fields["power"] == 3


def test_a_csv_that_is_not_utf8_says_so(game):
    (game / "crew.csv").write_bytes("id;name\nC-01;Caf\xe9\n".encode("latin-1"))
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    with pytest.raises(InvalidInput) as error:
        load_game(game)
    assert "not UTF-8 text" in str(error.value)


def test_pnp_check_reports_a_csv_problem_at_its_row(game):
    (game / "crew.csv").write_text("id;name;suit;power;text\nC-01;N;sun;99;t\n")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    done = subprocess.run([sys.executable, "-m", "pnp", "check", str(game)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "crew.csv:2: column 'power':" in done.stderr
    assert "a data file holds a list" not in done.stderr


def write_xlsx(path, rows, title="Crew"):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    book.create_sheet("Notes").append(["nothing", "here"])
    book.save(path)


def test_xlsx_cells_are_typed_and_located_by_sheet_and_cell(game):
    header = ["id", "name", "suit", "power", "text"]
    write_xlsx(game / "crew.xlsx", [header, ["C-01", "Navigator", "sun", 2, "Look."],
                                    ["C-02", "Engineer", "sun", "x", "Repair."],
                                    ["C-03", "Pilot", "moon", 4.0, "Fast."]])
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.xlsx")
    with pytest.raises(InvalidInput) as error:
        load_game(game)
    messages = [str(p).rsplit("/", 1)[-1] for p in error.value.problems]
    assert "crew.xlsx:Crew!D3: expected a whole number, got text 'x'" in messages


def test_xlsx_reads_a_named_sheet_like_yaml(game):
    rows = [["id", "name", "suit", "power", "text"]] + [
        [f"C-0{n}", name, suit, n, "Text."] for n, (name, suit) in enumerate(
            [("A", "sun"), ("B", "sun"), ("C", "moon"), ("D", "moon"), ("E", "star"),
             ("F", "star")], start=1)]
    write_xlsx(game / "crew.xlsx", rows, title="Deck")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.xlsx\n    sheet: Deck")
    crew = load_game(game).component("crew")
    assert [i.fields["power"] for i in crew.items] == [1, 2, 3, 4, 5, 6]
    edit(game / "game.yaml", "sheet: Deck", "sheet: Nope")
    with pytest.raises(InvalidInput) as error:
        load_game(game)
    assert "no sheet 'Nope' (sheets: Deck, Notes)" in str(error.value)


def test_an_unterminated_quote_is_a_problem_at_its_row(game):
    (game / "crew.csv").write_text('id,name,suit,power,text\nC-01,"unterminated\n')
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    with pytest.raises(InvalidInput) as error:
        load_game(game)
    assert "crew.csv:2:1: unexpected end of data" in str(error.value)
