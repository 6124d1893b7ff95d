"""`pnp export` and `pnp watch` take, for each format, only the options that change
what it writes: any other is refused with the reason (exit 2, nothing written);
the paper options change an image only through a sheet of `size: page`, and no
export warns about pages it does not have."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PIL import Image

from pnp.cli.main import main
from pnp.export.writer import pixels
from pnp.plan.fit import printable
from tests.conftest import EXAMPLE, edit

NO_PAPER = "an image has no paper; only a sheet of `size: page` takes its size from it, " \
           "and none is exported here (star-patrol)"
REFUSED = [
    (["--format", "png", "--orientation", "landscape"],
     f"--orientation does not apply to --format png ({NO_PAPER})"),
    (["--format", "sheet", "--paper", "letter"], "--paper does not apply to --format sheet"),
    (["--format", "shop", "--printer-margin", "0"], "--printer-margin does not apply"),
    (["--format", "tts", "--paper", "a4"], "--paper does not apply to --format tts"),
    (["--format", "png", "--duplex", "short"], "--duplex does not apply to --format png ("),
    (["--format", "shop", "--separated"], "--separated does not apply to --format shop ("),
    (["--format", "csv", "--dpi", "100"],
     "--dpi does not apply to --format csv (a spreadsheet has no pixels)"),
    (["--format", "csv", "--bleed", "2"], "--bleed does not apply to --format csv ("),
    (["--format", "csv", "--players", "1"], "--players does not apply to --format csv ("),
    (["--format", "csv", "--safe-margin", "0"], "--safe-margin does not apply to --format csv"),
    (["--format", "csv", "--paper", "letter"], "a spreadsheet lists the items as written; it "
                                               "has no paper"),
    (["--format", "shop", "--corners", "3"], "--corners does not apply to --format shop ("),
    (["--format", "png", "--base-url", "https://example.org/g"],
     "--base-url does not apply to --format png ("),
    (["--format", "tts", "--base-url", "notaurl"],
     "--base-url must be an http:// or https:// address"),
    (["--format", "tts", "--base-url", "ftp://example.org/g"], "got 'ftp://example.org/g'"),
    (["--format", "tts", "--base-url", "https://example.org/g?x=1"], "(no ? or #)"),
    (["--format", "tts", "--base-url", "https:///g"], "--base-url must be"),
]


@pytest.mark.parametrize("args, message", REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_an_option_that_changes_nothing_for_the_format_is_refused(tmp_path, capsys, args,
                                                                  message):
    out = tmp_path / "out"
    code = main(["export", str(EXAMPLE), "--out", str(out), *args])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("pnp export: ") and message in err, err
    assert "Traceback" not in err and "warning" not in err
    assert not out.exists()


def test_every_refusal_is_said_at_once(tmp_path, capsys):
    code = main(["export", str(EXAMPLE), "--format", "csv", "--dpi", "60", "--bleed", "1",
                 "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2 and "--dpi does not apply" in err and "--bleed does not apply" in err


def test_paper_options_are_refused_when_only_other_components_are_exported(game, tmp_path,
                                                                          capsys):
    edit(game / "game.yaml", "    size: a5\n", "    size: page\n")  # the rules sheet
    code = main(["export", str(game), "--format", "png", "--only", "crew", "--paper",
                 "letter", "--out", str(tmp_path / "out")])
    assert code == 2 and NO_PAPER in capsys.readouterr().err


def test_the_options_that_matter_are_taken(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["export", str(EXAMPLE), "--format", "tts", "--only", "crew", "--dpi", "40",
                 "--bleed", "1", "--safe-margin", "2", "--base-url",
                 "https://example.org/games/", "--out", str(out), "-q"]) == 0
    save = json.loads((out / "star-patrol" / "tts" / "star-patrol.json").read_text())
    assert save["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"] == \
        "https://example.org/games/crew-faces-1.png"
    assert main(["export", str(EXAMPLE), "--format", "csv", "--only", "crew", "--out",
                 str(out), "-q"]) == 0
    manifest = json.loads((out / "star-patrol" / "csv" / "manifest.json").read_text())
    assert "dpi" not in manifest and "bleed" not in manifest  # a spreadsheet has neither


def test_export_help_lists_only_what_an_export_uses():
    text = " ".join(subprocess.run([sys.executable, "-m", "pnp", "export", "--help"],
                                   capture_output=True, text=True, timeout=60).stdout.split())
    assert "--duplex" not in text and "--separated" not in text
    assert "--paper {a4,letter,a3,tabloid,legal} the paper a sheet of `size: page` fills" \
        in text
    assert "(default: the game's print: bleed, else 3.0)" in text
    assert "(default: the game's print: paper, else a4)" in text


@pytest.mark.parametrize("paper, orientation", [("a4", None), ("letter", None),
                                                ("letter", "landscape")])
def test_the_paper_sizes_a_page_sheets_image_and_nothing_warns_of_pages(game, tmp_path,
                                                                        capsys, paper,
                                                                        orientation):
    edit(game / "game.yaml", "    size: a5\n", "    size: page\n")  # the rules sheet
    out = tmp_path / "out"
    args = ["--paper", paper, *(["--orientation", orientation] if orientation else [])]
    assert main(["export", str(game), "--format", "png", "--only", "rules", "--dpi", "30",
                 "--out", str(out), *args]) == 0
    assert "warning" not in capsys.readouterr().err
    w, h = printable(paper, 3.0)
    if orientation == "landscape":
        w, h = h, w
    with Image.open(out / "star-patrol" / "png" / "rules" / "R1-front.png") as image:
        assert image.size == (pixels(w + 6, 30), pixels(h + 6, 30))


@pytest.mark.parametrize("fmt", ["png", "sheet", "shop", "tts"])
def test_a_sheet_larger_than_the_paper_exports_whole_without_a_tiling_warning(game, tmp_path,
                                                                             capsys, fmt):
    """An image has no pages: a rules sheet on its side or of A4 is one image."""
    edit(game / "game.yaml", "    size: a5\n", "    size: a4\n")
    out = tmp_path / "out"
    code = main(["export", str(game), "--format", fmt, "--only", "rules", "--dpi", "30",
                 "--out", str(out), "-q"])
    err = capsys.readouterr().err
    assert code == 0 and "tiled" not in err and "warning" not in err, err
    if fmt == "png":
        with Image.open(out / "star-patrol" / "png" / "rules" / "R1-front.png") as image:
            assert image.size == (pixels(216, 30), pixels(303, 30))


WATCH_REFUSED = [
    (["--format", "pdf", "--dpi", "100"], "--dpi does not apply to --format pdf ("),
    (["--format", "pdf", "--corners", "3"], "--corners does not apply to --format pdf ("),
    (["--format", "csv", "--dpi", "100"],
     "--dpi does not apply to --format csv (a spreadsheet has no pixels)"),
    (["--format", "png", "--duplex", "short"], "--duplex does not apply to --format png ("),
    (["--format", "png", "--orientation", "landscape"], NO_PAPER),
    (["--format", "tts", "--base-url", "notaurl"], "--base-url must be an http"),
]


@pytest.mark.parametrize("args, message", WATCH_REFUSED,
                         ids=[" ".join(a) for a, _ in WATCH_REFUSED])
def test_watch_refuses_the_same_options_for_the_same_reasons(tmp_path, args, message):
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "pnp", "watch", str(EXAMPLE), "--out",
                           str(out), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("pnp watch: "), done.stderr
    assert message in done.stderr and not out.exists()
