"""Pictures not made yet (issue 36, section 2): `pnp build` refuses a missing picture at
the card that names it; `pnp build --draft` and `pnp watch` draw a placeholder (a grey
box with a cross and the file name) and warn, and a draft marks every page. Read back
from the PDFs (pypdf), never eyeballed."""

from __future__ import annotations

import re

from conftest import edit
from PIL import Image
from pypdf import PdfReader

from pnp.cli.main import main
from pnp.cli.watch import Watcher
from pnp.export.writer import ExportOptions
from pnp.sheets.build import Options

PER_CARD = '      - {type: image, src: "art/{name}.png", x: 5, y: 10, w: 30, h: 20}\n'
MISSING = ("Medic", "Captain", "Stowaway")  # crew.yaml lines 5, 6, 7


def with_art(game, made=("Navigator", "Engineer", "Pilot")):
    """The crew front draws art/<name>.png; only `made` exist."""
    edit(game / "layouts.yaml", '      - {type: icon, name: "{suit}"',
         PER_CARD + '      - {type: icon, name: "{suit}"')
    (game / "art").mkdir()
    for name in made:
        Image.new("RGB", (30, 20), "red").save(game / "art" / f"{name}.png")
    return game


def pages_text(folder) -> dict:
    return {pdf.name: [page.extract_text() for page in PdfReader(pdf).pages]
            for pdf in sorted(folder.glob("*.pdf")) if pdf.name != "print-guide.pdf"}


def test_a_build_refuses_a_missing_picture_at_the_card_that_names_it(game, tmp_path, capsys):
    with_art(game)
    assert main(["build", str(game), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    said = re.findall(r"^\S*crew\.yaml:(\d+):\d+: (image .*)$", err, re.M)
    assert [int(line) for line, _ in said] == [5, 6, 7], err
    assert said[0][1] == ("image 'art/Medic.png' not found (used by src in 'crew-front' at "
                          f"{game / 'layouts.yaml'}:11; in crew 'C-04')")
    assert not (tmp_path / "out").exists()


def test_a_draft_build_draws_placeholders_and_marks_every_page(game, tmp_path, capsys):
    with_art(game)
    out = tmp_path / "out"
    assert main(["build", str(game), "--out", str(out), "--draft"]) == 0
    err = capsys.readouterr().err
    warned = re.findall(r"^warning: \S*crew\.yaml:(\d+):\d+: image '(\S+)' not found: drawn "
                        r"as a placeholder", err, re.M)
    assert warned == [("5", "art/Medic.png"), ("6", "art/Captain.png"),
                      ("7", "art/Stowaway.png")], err
    texts = pages_text(out / "star-patrol")
    assert sum(len(pages) for pages in texts.values()) == 5
    for name, pages in texts.items():
        for number, text in enumerate(pages, start=1):
            assert "DRAFT: 3 pictures missing · Star Patrol" in text, (name, number)
    front = texts["crew.pdf"][0]
    assert all(f"{name}.png" in front for name in MISSING)  # the placeholders' names
    assert "Navigator.png" not in front  # a picture that is there is drawn, not named


def test_a_draft_with_every_picture_is_still_marked(game, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["build", str(game), "--out", str(out), "--draft"]) == 0
    assert "placeholder" not in capsys.readouterr().err
    for pages in pages_text(out / "star-patrol").values():
        assert all(text.count("DRAFT") == 1 and "missing" not in text for text in pages)


def test_a_picture_named_in_the_layout_is_refused_at_its_line_or_drawn_in_a_draft(
        game, tmp_path, capsys):
    edit(game / "layouts.yaml", '- {type: background, fill: "#fbf8f0"}',
         "- {type: background, image: paper.png}")
    assert main(["build", str(game), "--out", str(tmp_path / "a")]) == 2
    err = capsys.readouterr().err
    assert re.search(r"layouts\.yaml:14:\d+: image 'paper\.png' not found \(looked for ", err)
    assert main(["build", str(game), "--out", str(tmp_path / "b"), "--draft"]) == 0
    assert re.search(r"warning: \S*layouts\.yaml:14:\d+: image 'paper\.png' not found: "
                     r"drawn as a placeholder \(in rules 'R1'\)", capsys.readouterr().err)
    rules = pages_text(tmp_path / "b" / "star-patrol")["rules.pdf"][0]
    assert "paper.png" in rules and "DRAFT: 1 picture missing" in rules


def test_watch_draws_a_placeholder_for_a_missing_picture(game, tmp_path):
    with_art(game)
    out, log = tmp_path / "out", []
    Watcher(game, None, out, "pdf", ExportOptions(print=Options()), log.append).run(
        lambda: True)
    assert any(line.startswith("rebuilt ") for line in log), log
    warned = [line for line in log if "drawn as a placeholder" in line]
    assert len(warned) == 3 and "crew.yaml:5:" in warned[0], log
    front = pages_text(out / "star-patrol")["crew.pdf"][0]
    assert all(f"{name}.png" in front for name in MISSING)
    assert "DRAFT" not in front  # a watch's pages are for looking at, not marked


def test_watch_draws_a_placeholder_in_an_image_format_too(game, tmp_path):
    """`pnp watch --format png`: the card images with a placeholder where the picture
    will be (grey, not the card's colour), each missing one warned of at its card."""
    with_art(game)
    out, log = tmp_path / "out", []
    Watcher(game, None, out, "png", ExportOptions(format="png", print=Options()),
            log.append).run(lambda: True)
    warned = [line for line in log if "drawn as a placeholder" in line]
    assert len(warned) == 3 and "crew.yaml:5:" in warned[0], log
    cards = out / "star-patrol" / "png" / "crew"
    drawn, missing = (Image.open(cards / f"{name}-front.png").convert("RGB")
                      for name in ("C-01", "C-04"))  # Navigator drawn, Medic missing
    box = [round(v * drawn.width / (63 + 6)) for v in (3 + 5 + 15, 3 + 10 + 10)]  # x, y mm
    assert drawn.getpixel(tuple(box))[:3] == (255, 0, 0)  # the picture, red
    assert missing.getpixel(tuple(box))[:3] != (255, 0, 0)


def test_an_export_still_refuses_a_missing_picture(game, tmp_path, capsys):
    with_art(game)
    assert main(["export", str(game), "--format", "png", "--out", str(tmp_path)]) == 2
    assert "crew.yaml:5:" in capsys.readouterr().err


def test_a_missing_per_card_picture_in_a_csv_is_at_its_row(game, tmp_path, capsys):
    with_art(game)
    rows = ["id,name,suit,power,text"] + [
        f"C-0{i},{name},sun,1,x" for i, name in
        enumerate(("Navigator", "Engineer", "Pilot", "Medic", "Captain", "Stowaway"), 1)]
    (game / "crew.csv").write_text("\n".join(rows) + "\n")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    edit(game / "game.yaml", "per: [{field: suit, count: 2}]", "per: []")
    assert main(["check", str(game)]) == 2
    err = capsys.readouterr().err
    assert re.findall(r"crew\.csv:(\d+): image 'art/(\w+)\.png' not found", err) == [
        ("5", "Medic"), ("6", "Captain"), ("7", "Stowaway")], err


def test_only_a_close_name_of_the_same_kind_is_suggested(game, capsys):
    with_art(game, made=("Navigator", "back"))
    edit(game / "crew.yaml", "name: Engineer", "name: Raid")
    edit(game / "crew.yaml", "name: Pilot", "name: Navigatr")
    main(["check", str(game)])
    err = capsys.readouterr().err
    raid = next(line for line in err.splitlines() if "Raid.png" in line)
    assert "did you mean" not in raid  # not back.png: only the extension is alike
    assert "image 'art/Navigatr.png' not found; did you mean 'art/Navigator.png'?" in err
