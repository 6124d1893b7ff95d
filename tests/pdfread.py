"""Reading geometry back out of the PDFs, in millimetres from the bottom-left."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pdfplumber

PT = 25.4 / 72


def print_files(folder: Path, everywhere: bool = False) -> list[Path]:
    """A build's print files, in name order: every PDF but its print guide (the guide is
    read back in tests/test_print_guide.py)."""
    found = folder.rglob("*.pdf") if everywhere else folder.glob("*.pdf")
    return sorted(p for p in found if p.name != "print-guide.pdf")


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text())


@lru_cache(maxsize=32)
def pages(pdf_path: str) -> list:
    """Per page: size, straight line segments and characters, all in mm."""
    out = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            h = float(page.height)
            lines = [(float(ln["x0"]) * PT, (h - float(ln["bottom"])) * PT,
                      float(ln["x1"]) * PT, (h - float(ln["top"])) * PT,
                      round(float(ln.get("linewidth") or 0), 2))
                     for ln in page.lines]
            chars = [(c["text"], float(c["size"]), float(c["x0"]) * PT,
                      (h - float(c["bottom"])) * PT, c["fontname"]) for c in page.chars]
            out.append({"size": (float(page.width) * PT, h * PT), "lines": lines,
                        "chars": chars, "text": page.extract_text() or ""})
    return out
