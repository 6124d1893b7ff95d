"""Peers measured side by side with Dossier (issue 24 section 4): DeckSmith, which
installs from the package index, builds the bench's 40 text cards (deckdata.py) as one
PNG a front, the same pixels as Dossier's 300 dpi export (815 x 1110: 63 x 88 mm with
3 mm bleed), a frame, the name, the two numbers and the paragraph.

DeckSmith is installed, pinned, into a virtual environment of its own under the bench's
folder (it brings flask and pandas, which Dossier does not use): never into Dossier's."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from deckdata import text_cards

DECKSMITH = "decksmith==0.9.9"
WIDTH, HEIGHT = 815, 1110


def decksmith(venv: Path) -> Path | None:
    """DeckSmith's command in its own virtual environment (made on first use); None
    when it cannot be installed (no package index)."""
    command = venv / "bin" / "decksmith"
    if command.exists():
        return command
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True,
                       capture_output=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", DECKSMITH], check=True,
                       capture_output=True, timeout=600)
    except (subprocess.SubprocessError, OSError):
        return None
    return command if command.exists() else None


def write_decksmith_deck(root: Path, count: int = 40) -> Path:
    """deck.yaml and deck.csv for DeckSmith: the bench's cards, drawn much as Dossier's
    bench layout draws them."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "deck.yaml").write_text(f"""\
id: canvas
width: {WIDTH}
height: {HEIGHT}
background_color: [245, 240, 228]
elements:
  - id: frame
    type: rectangle
    size: [{WIDTH - 70}, {HEIGHT - 70}]
    position: [0, 0]
    relative_to: [canvas, center]
    anchor: center
    color: [30, 40, 60]
  - id: name
    type: text
    position: [0, 90]
    relative_to: [canvas, top-center]
    anchor: top-center
    text: "%name%"
    color: [245, 240, 228]
    font_size: 52
    align: center
  - id: numbers
    type: text
    position: [0, 200]
    relative_to: [canvas, top-center]
    anchor: top-center
    text: "ATK %attack%   DEF %defense%"
    color: [245, 240, 228]
    font_size: 40
    align: center
  - id: text
    type: text
    position: [0, 340]
    relative_to: [canvas, top-center]
    anchor: top-center
    text: "%text%"
    color: [245, 240, 228]
    font_size: 34
    line_spacing: 10
    width: {WIDTH - 160}
    align: left
""")
    with (root / "deck.csv").open("w", newline="") as out:
        writer = csv.writer(out, delimiter=";")
        writer.writerow(["name", "attack", "defense", "text"])
        for card in text_cards(count):
            writer.writerow([card["name"], card["attack"], card["defense"], card["text"]])
    return root
