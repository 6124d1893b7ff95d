"""Dossier benchmarks: print figures against targets (never asserts timing).

    .venv/bin/python bench/run.py            # or ./dossier bench
    .venv/bin/python bench/run.py --profile  # cProfile of the 40-card text deck build

Each `pnp build` runs as a subprocess in a fresh wrapper child (measure.py),
so wall time includes interpreter start-up and imports, and peak memory is
that build's own maximum resident set. Sizes are decimal: 1 KB = 1000 bytes,
1 MB = 10^6 bytes. See bench/README.md for what each figure means.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import companion_start
import companion_taps
import engine
import peers
from games import write_art, write_art_game, write_text_game
from grown import write_grown_ats
from measure import measure
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
PY = sys.executable
TEXT_RUNS, OTHER_RUNS = 5, 3


def row(metric: str, value: str, target: str = "", ok: bool | None = None) -> None:
    status = "" if ok is None else ("OK" if ok else "OVER")
    print(f"  {metric:<46} {value:>11}  {target:>9}  {status}", flush=True)


def section(title: str) -> None:
    print(f"\n{title}", flush=True)


def kb(n: int) -> str:
    return f"{n / 1e3:,.0f} KB"


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def child_env(tmp: Path) -> dict:
    """The children's environment: bytecode cached in a private temp folder, so every
    measured run (after a warm-up) imports compiled modules, as on a normal install,
    even where PYTHONDONTWRITEBYTECODE is set, and nothing is written outside `tmp`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(tmp / "pycache")}


def pnp_build(game, out: Path) -> list[str]:
    return [PY, "-m", "pnp", "build", str(game), "--out", str(out), "-q"]


def timed(cmds: list[list[str]], runs: int, env: dict, warmup: int = 0):
    return measure(cmds, runs, warmup, cwd=ROOT, env=env)


def pdfs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.pdf"))


def image_xobjects(pdf: Path) -> tuple[int, int]:
    """(distinct image XObjects, image placements by name) over all pages' resources,
    looking inside form XObjects too."""
    distinct, placed = set(), 0

    def walk(resources, seen):
        nonlocal placed
        xobjects = (resources or {}).get("/XObject")
        for ref in (xobjects.get_object() if xobjects else {}).values():
            obj = ref.get_object()
            key = getattr(ref, "idnum", id(obj))
            if obj.get("/Subtype") == "/Image":
                distinct.add(key)
                placed += 1
            elif obj.get("/Subtype") == "/Form" and key not in seen:
                walk(obj.get("/Resources"), seen | {key})

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"), frozenset())
    return len(distinct), placed


def text_deck(tmp: Path, env: dict) -> None:
    section("1. Text deck: 40 poker cards, fronts + backs, 3 mm bleed, crop marks")
    game = write_text_game(tmp / "text")
    out, plain_pdf = tmp / "text-out", tmp / "plain.pdf"
    plain_cmd = [PY, str(BENCH / "plain_reportlab.py"), str(plain_pdf)]
    pnp, plain = timed([pnp_build(game, out), plain_cmd], TEXT_RUNS, env, warmup=1)
    (pdf,) = pdfs(out)
    row(f"pnp build wall (median of {TEXT_RUNS})", f"{pnp.wall:.3f} s", "<= 0.5 s",
        pnp.wall <= 0.5)
    row("pnp build peak memory", mb(pnp.peak), "<= 100 MB", pnp.peak <= 100e6)
    row(f"deck PDF size ({len(PdfReader(pdf).pages)} pages)", kb(pdf.stat().st_size),
        "<= 200 KB", pdf.stat().st_size <= 200e3)
    ratio = pnp.wall / plain.wall
    row(f"plain reportlab wall (median of {TEXT_RUNS})", f"{plain.wall:.3f} s")
    row("plain reportlab peak memory", mb(plain.peak))
    row("plain reportlab PDF size", kb(plain_pdf.stat().st_size))
    row("pnp / plain reportlab wall", f"{ratio:.2f}x", "<= 2x", ratio <= 2)


def export_deck(tmp: Path, env: dict) -> None:
    section("1b. The same 40-card deck exported: one PNG per side, 300 dpi, 3 mm bleed")
    game = write_text_game(tmp / "text-export")
    out = tmp / "export-out"
    cmd = [PY, "-m", "pnp", "export", str(game), "--format", "png", "--out", str(out), "-q"]
    (result,) = timed([cmd], OTHER_RUNS, env, warmup=1)
    images = sorted(out.rglob("*.png"))
    row(f"pnp export png wall, {len(images)} images (median of {OTHER_RUNS})",
        f"{result.wall:.2f} s")
    row("pnp export png peak memory", mb(result.peak))
    command = peers.decksmith(ROOT / ".bench-peers" / "decksmith")
    if command is None:
        row(f"DeckSmith ({peers.DECKSMITH}): not installable here (no package index)", "-")
        return
    deck = peers.write_decksmith_deck(tmp / "decksmith")
    (theirs,) = measure([[str(command), "build", "--output", str(deck / "out"), "--spec",
                          str(deck / "deck.yaml"), "--data", str(deck / "deck.csv")]],
                        OTHER_RUNS, 1, cwd=deck, env=env)  # its log file goes there
    row(f"DeckSmith {peers.DECKSMITH.split('==')[1]}: 40 fronts, 815 x 1110 px (median of "
        f"{OTHER_RUNS})", f"{theirs.wall:.2f} s")
    ratio = result.wall / theirs.wall  # issue 24: at least twice as fast as DeckSmith
    row("Dossier's 80 sides against DeckSmith's 40 fronts", f"{ratio:.2f}x the time",
        "<= 0.5x", ratio <= 0.5)


def tts_export(tmp: Path, env: dict) -> None:
    section("1d. Tabletop Simulator export: face sheets, back and saved object")
    game = write_text_game(tmp / "text-tts")
    out = tmp / "tts-out"
    cmd = [PY, "-m", "pnp", "export", str(game), "--format", "tts", "--out", str(out), "-q"]
    (result,) = timed([cmd], OTHER_RUNS, env, warmup=1)
    row(f"40-card text deck: pnp export tts wall (median of {OTHER_RUNS})",
        f"{result.wall:.2f} s", "<= 1 s", result.wall <= 1)  # issue 24 section 4
    art = write_art(tmp / "tts-art-src")
    peaks = {}
    for count in (40, 1000):
        game = write_art_game(tmp / f"tts-art-{count}", count, art)
        shutil.copytree(tmp / "tts-art-src", game / "art")
        cmd = [PY, "-m", "pnp", "export", str(game), "--format", "tts", "--out",
               str(tmp / f"tts-art-{count}-out"), "-q"]
        (result,) = timed([cmd], 1, env)
        peaks[count] = result.peak
        row(f"{count} art cards: pnp export tts wall, peak memory",
            f"{result.wall:.1f} s, {mb(result.peak)}")
    ratio = peaks[1000] / peaks[40]
    row("memory 1000 / 40 art cards", f"{ratio:.2f}x", "<= 2x", ratio <= 2)


def watch_loop(tmp: Path, env: dict) -> None:
    section("1c. pnp watch on the same deck: one card's text saved -> its PDF rebuilt")
    import subprocess

    game = write_text_game(tmp / "text-watch")
    log = tmp / "watch.log"
    with open(log, "wb") as sink:
        process = subprocess.Popen([PY, "-m", "pnp", "watch", str(game), "--out",
                                    str(tmp / "watch-out")], stdout=sink, stderr=sink,
                                   env=env, cwd=ROOT)
    times = []
    try:
        wait_log(log, "watching", 1)
        data = game / "cards.yaml"
        for run in range(1, 6):
            text = data.read_text()
            start = time.perf_counter()
            data.write_text(text.replace("name: ", f"name: R{run} ", 1))
            wait_log(log, "rebuilt ", run)
            times.append(time.perf_counter() - start)
    finally:
        process.terminate()
        process.wait(30)
    median = sorted(times)[len(times) // 2]
    row("save -> PDF rebuilt (median of 5, 0.1 s polling included)", f"{median:.2f} s",
        "<= 0.5 s", median <= 0.5)


def wait_log(log: Path, text: str, count: int, limit: float = 120.0) -> None:
    end = time.perf_counter() + limit
    while log.read_text(errors="replace").count(text) < count:
        if time.perf_counter() > end:
            raise RuntimeError(f"pnp watch did not print '{text}': {log.read_text()[-500:]}")
        time.sleep(0.01)


def art_deck(tmp: Path, env: dict) -> None:
    section("2. Raster art: poker cards, 20 distinct 600 x 840 px PNGs, one per card")
    art = write_art(tmp / "art-src")
    peaks = {}
    for count in (250, 1000):
        game = write_art_game(tmp / f"art-{count}", count, art)
        shutil.copytree(tmp / "art-src", game / "art")
        out = tmp / f"art-{count}-out"
        (result,) = timed([pnp_build(game, out)], OTHER_RUNS, env)
        peaks[count] = result.peak
        (pdf,) = pdfs(out)
        row(f"{count} cards: pnp build wall (median of {OTHER_RUNS})", f"{result.wall:.2f} s")
        row(f"{count} cards: peak memory", mb(result.peak))
        row(f"{count} cards: PDF size ({len(PdfReader(pdf).pages)} pages)",
            mb(pdf.stat().st_size))
        distinct, placed = image_xobjects(pdf)
        row(f"{count} cards: distinct image XObjects", str(distinct), f"= {len(art)}",
            distinct == len(art))
        row(f"{count} cards: image uses (page resource entries)", str(placed))
    growth = peaks[1000] / peaks[250]
    row("peak memory 1000 / 250 cards", f"{growth:.2f}x", "<= 1.5x", growth <= 1.5)


def whole_set(tmp: Path, env: dict) -> None:
    section("3. Above Top Secret: the whole bundled set")
    out = tmp / "ats-out"
    (result,) = timed([pnp_build("above-top-secret", out)], OTHER_RUNS, env)
    files = pdfs(out)
    pages = sum(len(PdfReader(f).pages) for f in files)
    row(f"pnp build wall (median of {OTHER_RUNS})", f"{result.wall:.2f} s")
    row("peak memory", mb(result.peak))
    row(f"total pages ({len(files)} PDFs)", str(pages))
    row("total PDF bytes", kb(sum(f.stat().st_size for f in files)))


def large_deck(tmp: Path, env: dict, count: int = 10_000, small: int = 1_000) -> None:
    """The issue's stress case: a deck of `count` text cards against the plain reportlab
    floor drawing the same cards (fronts and backs), in alternation; and how peak memory
    grows from a `small` deck, against how the floor's grows (reportlab keeps every page
    until it saves, so the floor is as flat as a reportlab build gets)."""
    section(f"3b. A {count:,}-card text deck (the issue's stress case) against the floor")
    runs = {}
    for n, rounds in ((small, 1), (count, OTHER_RUNS)):
        game, out = write_text_game(tmp / f"large-{n}", n), tmp / f"large-{n}-out"
        plain_cmd = [PY, str(BENCH / "plain_reportlab.py"), str(tmp / f"plain-{n}.pdf"), str(n)]
        runs[n] = timed([pnp_build(game, out), plain_cmd], rounds, env)
    pnp, plain = runs[count]
    (pdf,) = pdfs(tmp / f"large-{count}-out")
    row(f"pnp build wall (median of {OTHER_RUNS})", f"{pnp.wall:.2f} s", "<= 10 s",
        pnp.wall <= 10)
    row(f"plain reportlab wall, same cards (median of {OTHER_RUNS})", f"{plain.wall:.2f} s")
    ratio = pnp.wall / plain.wall
    row("pnp / plain reportlab wall", f"{ratio:.2f}x", "<= 2x", ratio <= 2)
    row("pnp build peak memory", mb(pnp.peak), "<= 500 MB", pnp.peak <= 500e6)
    row("plain reportlab peak memory", mb(plain.peak))
    growth, floor = (pnp.peak / runs[small][0].peak, plain.peak / runs[small][1].peak)
    row(f"pnp peak memory at {small:,} cards", mb(runs[small][0].peak))
    row(f"plain reportlab peak memory, {count:,} / {small:,}", f"{floor:.2f}x")
    row(f"pnp peak memory {count:,} / {small:,} cards", f"{growth:.2f}x",
        f"<= {floor:.2f}x", growth <= floor)
    row(f"deck PDF size ({len(PdfReader(pdf).pages)} pages)", mb(pdf.stat().st_size))


PROFILE = """
import cProfile, pstats, sys
from pnp.cli.main import main
profiler = cProfile.Profile()
profiler.runcall(main, sys.argv[2:])
stats = pstats.Stats(profiler).strip_dirs()
for key in ("cumulative", "tottime"):
    stats.sort_stats(key).print_stats(int(sys.argv[1]))
"""


def profile(tmp: Path, env: dict, top: int = 25) -> None:
    """cProfile one build of the text deck in a child (imports included, start-up not),
    after a warm-up build that fills the bytecode cache."""
    game, out = write_text_game(tmp / "text"), tmp / "text-out"
    timed([pnp_build(game, out)], 1, env)
    subprocess.run([PY, "-c", PROFILE, str(top), *pnp_build(game, out)[3:]], cwd=ROOT,
                   env=env, check=True)


def check_against_build(tmp: Path, env: dict, count: int = 10_000) -> None:
    """Issue 24 section 4: pnp check draws every player set (six here) where a build
    prints two, and must still never be slower or larger than the build."""
    section(f"3c. pnp check against pnp build: Above Top Secret, a {count:,}-card "
            "defense deck")
    game = write_grown_ats(tmp / "grown", count)
    check = [PY, "-m", "pnp", "check", str(game)]
    done, built = timed([check, pnp_build(game, tmp / "grown-out")], 1, env)
    row("pnp check wall (one run, 6 player sets)", f"{done.wall:.2f} s")
    row("pnp build wall (one run, 2 player sets)", f"{built.wall:.2f} s")
    row("check / build wall", f"{done.wall / built.wall:.2f}x", "<= 1x",
        done.wall <= built.wall)
    row("pnp check peak memory", mb(done.peak))
    row("pnp build peak memory", mb(built.peak))
    row("check / build peak memory", f"{done.peak / built.peak:.2f}x", "<= 1x",
        done.peak <= built.peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--profile", action="store_true",
                        help="cProfile the 40-card text deck build instead of benchmarking")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dossier-bench-") as name:
        tmp = Path(name)
        env = child_env(tmp)
        if args.profile:
            profile(tmp, env)
            return
        import reportlab

        print(f"Dossier bench: Python {sys.version.split()[0]}, reportlab {reportlab.Version}, "
              f"{sys.platform}")
        row("metric", "value", "target", None)
        text_deck(tmp, env)
        export_deck(tmp, env)
        watch_loop(tmp, env)
        tts_export(tmp, env)
        art_deck(tmp, env)
        whole_set(tmp, env)
        large_deck(tmp, env)
        check_against_build(tmp, env)
        engine.run(row, section)
        companion_start.run(row, section)
        companion_taps.run(row, section)


if __name__ == "__main__":
    main()
