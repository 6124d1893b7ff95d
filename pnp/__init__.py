"""Dossier print-and-play: YAML game folders rendered to print-ready PDFs."""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
ASSETS = Path(__file__).resolve().parent / "assets"
BUNDLED_GAMES = REPO_ROOT / "cards"
BUNDLED_LAYOUTS = REPO_ROOT / "layouts"
