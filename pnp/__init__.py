"""Dossier print-and-play: YAML game folders rendered to print-ready PDFs."""

from importlib import metadata
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPO_ROOT = PACKAGE.parent
ASSETS = PACKAGE / "assets"


def bundled_path(name: str) -> Path:
    """A folder the wheel carries under pnp/bundled/ (cards, layouts, docs); in a
    source checkout or an editable install, the repository's own folder."""
    installed = PACKAGE / "bundled" / name
    return installed if installed.is_dir() else REPO_ROOT / name


BUNDLED_GAMES = bundled_path("cards")
BUNDLED_LAYOUTS = bundled_path("layouts")
DOCS = bundled_path("docs")

try:
    __version__ = metadata.version("dossier")
except metadata.PackageNotFoundError:  # run from a checkout without installing
    __version__ = "0+unknown"
