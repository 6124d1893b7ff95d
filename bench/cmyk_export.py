"""The CMYK shop export against the build (issue 34 section 2): for every bundled game
(or the ids given), wall time of `pnp build`, `pnp export --format shop`, `pnp export
--format shop --cmyk` (the PDF/X-1a files), the same with `--tiff` (and a CMYK TIFF a
piece side) and, for a game with cards, `pnp export --shop drivethru --cmyk`, run in
alternation (measure.py, median of 3 after a warm-up); the time of the PDF conversion
alone (cmykpdf.convert on the RGB shop PDFs, in this process, every page walked: the
export skips a page drawn alike to an earlier one); how many pages are drawn as one
picture (pictures over >= 90 % of the page), how much is rasterised at all, and at what
resolution. Target: the CMYK export within 3x the build.
Alone: `.venv/bin/python bench/cmyk_export.py [GAME...]`."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT), str(BENCH)]

from measure import measure  # noqa: E402

GAMES = ("above-top-secret", "geheime-mission", "against-all-tyrants", "top-secret",
         "attack-the-tower")
RUNS = 3
TARGET = 3.0  # the CMYK export at most this many times the build
NO_CARDS = ("top-secret",)  # DriveThruCards prints cards only: refused


def row(metric: str, value: str, target: str = "", ok: bool | None = None) -> None:
    status = "" if ok is None else ("OK" if ok else "OVER")
    print(f"  {metric:<46} {value:>11}  {target:>9}  {status}", flush=True)


def section(title: str) -> None:
    print(f"\n{title}", flush=True)


def placed_images(page):
    """(area in pt2, pixels across per inch) of every image the page draws."""
    import pikepdf

    from pnp.export.pdfgeom import IDENTITY, multiply

    xobjects = page.Resources.get("/XObject") or {}
    ctm, stack = IDENTITY, []
    for operands, operator in pikepdf.parse_content_stream(page, "q Q cm Do"):
        op = str(operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        else:
            image = xobjects.get(operands[0])
            if image is not None and image.get("/Subtype") == "/Image":
                a, b, c, d, _, _ = ctm
                width_in = (a * a + b * b) ** 0.5 / 72
                yield abs(a * d - b * c), int(image.Width) / width_in


def pictures(target: Path) -> tuple[int, int, float, list]:
    """(pages, pages drawn as one picture, area drawn as pictures in cm2, dpi of each)
    of the shop PDFs in `target`, read from the files."""
    import pikepdf

    pages = whole = 0
    area, dpis = 0.0, []
    for path in sorted(target.glob("*.pdf")):
        for page in pikepdf.open(path).pages:
            pages += 1
            x0, y0, x1, y1 = (float(v) for v in page.MediaBox)
            placed = list(placed_images(page))
            whole += any(a >= 0.9 * (x1 - x0) * (y1 - y0) for a, _ in placed)
            area += sum(a for a, _ in placed) * (2.54 / 72) ** 2
            dpis += [round(dpi) for _, dpi in placed]
    return pages, whole, area, dpis


def convert_time(rgb_target: Path) -> float:
    from pnp.export.cmykpdf import convert

    start = time.perf_counter()
    for pdf in sorted(rgb_target.glob("*.pdf")):
        convert(pdf.read_bytes(), pdf.stem)
    return time.perf_counter() - start


def run(row=row, section=section, games=GAMES) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for game in games:
            section(f"CMYK shop export: {game}")
            py = [sys.executable, "-m", "pnp"]
            shop = [*py, "export", game, "--format", "shop"]
            cmds = [[*py, "build", game, "--out", str(tmp / "build"), "-q"],
                    [*shop, "--out", str(tmp / "rgb")],
                    [*shop, "--cmyk", "--out", str(tmp / "cmyk")],
                    [*shop, "--cmyk", "--tiff", "--out", str(tmp / "tiff")]]
            if game not in NO_CARDS:
                cmds.append([*py, "export", game, "--shop", "drivethru", "--cmyk",
                             "--out", str(tmp / "dtc")])
            build, rgb, cmyk, tiff, *dtc = measure(cmds, RUNS, warmup=1, cwd=ROOT)
            row("pnp build wall", f"{build.wall:.2f} s")
            row("export --format shop wall", f"{rgb.wall:.2f} s")
            ratio = cmyk.wall / build.wall
            row("export --format shop --cmyk wall", f"{cmyk.wall:.2f} s")
            row("  / build", f"{ratio:.1f}x", f"<= {TARGET:g}x", ratio <= TARGET)
            row("  / RGB shop export", f"{cmyk.wall / rgb.wall:.1f}x")
            row("  peak memory", f"{cmyk.peak / 1e6:.0f} MB")
            row("export --format shop --cmyk --tiff wall", f"{tiff.wall:.2f} s")
            row("  / build", f"{tiff.wall / build.wall:.1f}x")
            if dtc:
                row("export --shop drivethru --cmyk wall", f"{dtc[0].wall:.2f} s")
                row("  / build", f"{dtc[0].wall / build.wall:.1f}x")
            pdf_time = convert_time(tmp / "rgb" / game / "shop")
            row("PDF conversion alone (every page walked)", f"{pdf_time:.2f} s")
            row("  / build", f"{pdf_time / build.wall:.1f}x")
            pages, whole, area, dpis = pictures(tmp / "cmyk" / game / "shop")
            row("CMYK PDF pages", f"{pages}")
            row("pages drawn as one picture", f"{whole}", "0", whole == 0)
            row("pictures drawn (all of them)", f"{len(dpis)}, {area:.0f} cm2")
            if dpis:
                row("  their resolution (lowest)", f"{min(dpis)} dpi", ">= 600",
                    min(dpis) >= 600)


if __name__ == "__main__":
    run(games=tuple(sys.argv[1:]) or GAMES)
