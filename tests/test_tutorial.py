"""docs/tutorial.md is run as written, so it cannot drift from what Dossier does.

The page's marked blocks are its steps, done in order in an empty folder:
- ```sh blocks: each `$ command` runs in bash with the venv's `pnp` first on PATH and
  must exit 0 (or the status a trailing `# exit status N` names); each line shown under
  it must be a line of what it printed (`...` matches anything). `pnp watch` runs until
  its lines appear, then gets Ctrl-C.
- ```yaml/```csv blocks tagged `add=FILE` append their lines to FILE; `replace=FILE`
  replace the line of FILE with the same card id (a CSV row: the same first cell; else
  the same leading `key:`), which must exist; `show=FILE` must be FILE's content.
Afterwards every file the prose names in backquotes under my-game/, my-cards/ or out/
must exist, and every picture it shows must be in docs/tutorial/.

`python -m tests.test_tutorial --pictures` runs the tutorial and redraws the pictures
in docs/tutorial/ from its real output."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnp import REPO_ROOT
from pnp.cli.main import main

PAGE = REPO_ROOT / "docs" / "tutorial.md"
PICTURES = REPO_ROOT / "docs" / "tutorial"
BIN = Path(sys.executable).parent
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```$", re.DOTALL | re.MULTILINE)
STATUS = re.compile(r"\s+#\s*exit status (\d+)\s*$")
CLAIMED = re.compile(r"`((?:my-game|my-cards|out|out-fold)/[\w./-]*)`")
MAX_PICTURE = 150_000  # bytes


def steps(page: str) -> list[tuple]:
    """The page's steps in order: ('run', command, status, shown lines) or
    (action, file, lines) for add/replace/show blocks."""
    found = []
    for lang, info, body in FENCE.findall(page):
        tag = re.search(r"\b(add|replace|show)=(\S+)", info)
        if tag:
            found.append((tag.group(1), tag.group(2), body.splitlines()))
        elif lang == "sh":
            for line in body.splitlines():
                if line.startswith("$ "):
                    status = STATUS.search(line)
                    command = STATUS.sub("", line[2:]).strip()
                    found.append(["run", command, int(status.group(1)) if status else 0, []])
                elif found and found[-1][0] == "run":
                    found[-1][3].append(line)
    return [tuple(step) for step in found]


def shown_in(shown: list[str], output: str) -> list[str]:
    """The shown lines that are not lines of the output (`...`: anything)."""
    lines = [line.rstrip() for line in output.splitlines()]
    missing = []
    for want in shown:
        pattern = ".*".join(map(re.escape, want.rstrip().split("...")))
        if not any(re.fullmatch(pattern, line) for line in lines):
            missing.append(want)
    return missing


def key_of(line: str, csv: bool) -> str:
    if csv:
        return line.split(",", 1)[0]
    card = re.search(r"\{id: ([^,}]+)", line)
    return f"id: {card.group(1)}" if card else line.split(":", 1)[0] + ":"


def edit(folder: Path, action: str, name: str, lines: list[str]) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    if action == "show":
        assert text.splitlines() == lines, f"{name} is not what the tutorial shows"
    elif action == "add":
        path.write_text(text + "".join(f"{line}\n" for line in lines), encoding="utf-8")
    else:
        old = text.splitlines()
        for line in lines:
            key = key_of(line, name.endswith(".csv"))
            matches = [i for i, o in enumerate(old) if key_of(o, name.endswith(".csv")) == key]
            assert len(matches) == 1, f"{name}: {len(matches)} lines to replace by {line!r}"
            old[matches[0]] = line
        path.write_text("\n".join(old) + "\n", encoding="utf-8")


def environment() -> dict:
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            "COLUMNS": "100", "BROWSER": "true"}  # pnp preview opens no browser here


_SCREEN: list = []  # the Xvfb the companion's steps draw on, started for the first


def screen_environment(folder: Path) -> dict:
    """The companion draws on a screen of its own (tests/ui/xvfb.py), stopped at exit."""
    import atexit

    from tests.ui import xvfb

    if not _SCREEN:
        process, name = xvfb.start()
        atexit.register(process.terminate)
        _SCREEN.append(name)
    home = folder / ".kivy-home"
    return {**xvfb.environment(_SCREEN[0], home), "PATH": environment()["PATH"],
            "XDG_CONFIG_HOME": str(folder / ".config")}


def run(folder: Path, command: str, status: int, shown: list[str]) -> None:
    if command.startswith(("pnp watch", "pnp preview")):
        return watch(folder, command, shown)
    env = screen_environment(folder) if command.startswith("dossier-companion") else \
        environment()
    done = subprocess.run(["bash", "-c", command], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert "Traceback" not in output, output
    assert done.returncode == status, f"$ {command}: exit {done.returncode}\n{output}"
    missing = shown_in(shown, output)
    assert not missing, f"$ {command} did not print {missing}; it printed:\n{output}"


def watch(folder: Path, command: str, shown: list[str]) -> None:
    """Start the watch, wait until it has printed what the page shows, press Ctrl-C."""
    log = folder / ".watch.log"
    with log.open("w") as sink:
        process = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=folder,
                                   env=environment(), stdout=sink, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while shown_in(shown, log.read_text()) and time.monotonic() < deadline:
                assert process.poll() is None, f"$ {command} ended:\n{log.read_text()}"
                time.sleep(0.05)
            assert not shown_in(shown, log.read_text()), log.read_text()
            if command.startswith("pnp preview"):
                served(re.search(r"http://[\d.:]+/", log.read_text()).group(0))
        finally:
            process.send_signal(signal.SIGINT)
            code = process.wait(timeout=30)
    log.unlink()
    assert code in (0, 130, -signal.SIGINT), f"$ {command}: exit {code}"


def served(address: str) -> None:
    """The preview's page answers with the game's pieces (its browser test:
    tests/test_preview_browser.py)."""
    import json
    from urllib.request import urlopen

    with urlopen(address, timeout=30) as page:
        assert page.status == 200 and b"<html" in page.read().lower()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with urlopen(address + "state.json", timeout=30) as answer:
            state = json.loads(answer.read())
        if any(comp.get("sides") or comp.get("pieces") for comp in state["components"]):
            return
        time.sleep(0.1)
    raise AssertionError(f"the preview at {address} showed no pieces: {state}")


def follow(page: str, folder: Path) -> None:
    """Do every step of `page` in `folder`, then check the files the prose names."""
    for step in steps(page):
        if step[0] == "run":
            run(folder, *step[1:])
        else:
            edit(folder, *step)
    prose = FENCE.sub("", page)
    absent = [name for name in CLAIMED.findall(prose) if not (folder / name).exists()]
    assert not absent, f"the tutorial names files its steps did not make: {absent}"


@pytest.fixture(scope="module")
def followed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tutorial")
    follow(PAGE.read_text(encoding="utf-8"), folder)
    return folder


def test_every_step_of_the_tutorial_does_what_it_says(followed):
    kinds = [step[0] for step in steps(PAGE.read_text(encoding="utf-8"))]
    commands = [step[1].split()[:2] for step in steps(PAGE.read_text()) if step[0] == "run"]
    assert {"add", "replace", "show"} <= set(kinds)
    for command in ("new", "check", "watch", "build", "export"):
        assert ["pnp", command] in commands, command
    assert (followed / "out" / "my-game" / "tts" / "my-game.json").is_file()


def test_each_picture_is_there_small_and_shown():
    page = PAGE.read_text(encoding="utf-8")
    shown = re.findall(r"!\[[^\]]+\]\(tutorial/([\w.-]+)\)", page)
    assert shown and sorted(shown) == sorted(p.name for p in PICTURES.iterdir())
    assert all((PICTURES / name).stat().st_size < MAX_PICTURE for name in shown)


def test_pnp_docs_prints_the_tutorial(capsys):
    assert main(["docs", "tutorial"]) == 0
    assert capsys.readouterr().out.strip() == PAGE.read_text(encoding="utf-8").strip()


@pytest.mark.parametrize(("page", "complaint"), [
    ("```sh\n$ pnp chek my-game\n```\n", "exit 2"),
    ("```sh\n$ pnp new my-game\ncreated my-game from the art starter\n```\n", "did not print"),
    ("```sh\n$ pnp new my-game\n```\n```yaml replace=my-game/crew.yaml\n"
     "  - {id: C-99, name: Ghost}\n```\n", "0 lines to replace"),
    ("```sh\n$ pnp new my-game\n```\n```csv show=my-game/crew.yaml\nid,name\n```\n",
     "not what the tutorial shows"),
    ("```sh\n$ pnp new my-game\n```\nOpen `my-game/cards.csv`.\n", "did not make"),
    ("```sh\n$ pnp new my-game             # exit status 2\n```\n", "exit 0"),
])
def test_a_tutorial_that_is_wrong_fails(tmp_path, page, complaint):
    with pytest.raises(AssertionError, match=complaint):
        follow(page, tmp_path)


def draw_pictures(target: Path) -> None:
    """Run the tutorial in a temporary folder and make its pictures from the output."""
    import json
    import tempfile

    import pypdfium2
    from PIL import Image

    def page_of(pdf: Path, number: int, dpi: int):
        document = pypdfium2.PdfDocument(str(pdf))
        image = document[number].render(scale=dpi / 72).to_pil().convert("RGB")
        document.close()
        return image

    def save(image, name: str, width: int | None = None) -> None:
        if width and image.width > width:
            image = image.resize((width, round(image.height * width / image.width)),
                                 Image.Resampling.LANCZOS)
        image.save(target / name, optimize=True)
        if (target / name).stat().st_size >= MAX_PICTURE:
            image.quantize(colors=128).save(target / name, optimize=True)

    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        follow(PAGE.read_text(encoding="utf-8"), folder)
        built = folder / "out" / "my-game"
        target.mkdir(exist_ok=True)
        save(page_of(built / "crew.pdf", 0, 60), "crew-fronts.png")
        save(page_of(built / "crew.pdf", 1, 60), "crew-backs.png")
        save(page_of(folder / "out-fold" / "my-game" / "crew.pdf", 0, 60), "crew-fold.png")
        first = json.loads((built / "manifest.json").read_text())["items"][0]
        x, y, w, h = first["trim"]  # mm from the bottom-left; the card block's corner
        dpi, px = 120, 120 / 25.4
        page = page_of(built / "crew.pdf", 0, dpi)
        top = page.height / px - (y + h)
        left, up = max(0.0, x - 10), max(0.0, top - 10)  # from the paper's edge at most
        save(page.crop((round(left * px), round(up * px), round((x + w + 12) * px),
                        round((top + 26) * px))), "crop-marks.png")
        save(Image.open(folder / "out" / "my-cards" / "sheet" / "cards.png"),
             "csv-proof-sheet.png", 700)
        save(Image.open(built / "sheet" / "crew.png"), "crew-proof-sheet.png", 700)
        save(Image.open(built / "tts" / "crew-faces-1.png"), "crew-tts-faces.png", 700)
        save(Image.open(folder / "my-game-table.png").convert("RGB"), "my-game-table.png", 360)
        sheet = folder / "out" / "calibration-a4-long.pdf"
        pages = side_by_side([page_of(sheet, 0, 60), page_of(sheet, 1, 60)])
        save(pages.convert("L"), "calibration.png")  # black on white: grey levels are enough
        save(against_the_light(sheet, page_of, (-1.5, 0.5)).convert("L"),
             "calibration-reading.png")


def side_by_side(images: list):
    """Pictures in a row, each in a light grey frame (a page's edge shows on white)."""
    from PIL import Image, ImageOps

    framed = [ImageOps.expand(image, border=1, fill=(200, 200, 200)) for image in images]
    row = Image.new("RGB", (sum(i.width for i in framed) + 12 * (len(framed) - 1),
                            max(i.height for i in framed)), (255, 255, 255))
    x = 0
    for image in framed:
        row.paste(image, (x, 0))
        x += image.width + 12
    return row


def against_the_light(sheet: Path, page_of, shift: tuple):
    """The A4 long-edge calibration sheet held against a window, its back printed
    `shift` mm (right, up) off: the back, and the front's ink turned over and faint
    (a multiply), cropped to the upper level scale and the left upright one."""
    from PIL import Image, ImageChops, ImageOps

    from pnp.sheets.calibration import geometry

    px = 10  # pixels a mm, at 254 dpi
    front = ImageOps.mirror(page_of(sheet, 0, 254).convert("L"))  # turned over its long edge
    faint = front.point(lambda v: 255 - (255 - v) * 2 // 5)
    back = page_of(sheet, 1, 254).convert("L")
    printed = Image.new("L", back.size, 255)
    printed.paste(back, (round(shift[0] * px), round(-shift[1] * px)))
    seen = ImageChops.multiply(printed, faint)
    g = geometry("a4", "long")
    crops = []
    for (x, y), (w, h) in ((g.x_scales[0], (30, 14)), (g.y_scales[0], (16, 30))):
        x, y = x + shift[0], g.page[1] - (y + shift[1])  # from the top-left, as printed
        crops.append(seen.crop((round((x - w / 2) * px), round((y - h / 2) * px),
                                round((x + w / 2) * px), round((y + h / 2) * px))))
    return side_by_side([crop.convert("RGB") for crop in crops])


if __name__ == "__main__":
    if sys.argv[1:] != ["--pictures"]:
        sys.exit("usage: python -m tests.test_tutorial --pictures")
    draw_pictures(PICTURES)
