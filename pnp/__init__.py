"""Dossier print-and-play: YAML game folders rendered to print-ready PDFs."""

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


def __getattr__(name: str):
    """`__version__`, read from the installed metadata when asked for (importing
    importlib.metadata costs every command, `pnp` launching, a few hundredths of a second)."""
    if name != "__version__":
        raise AttributeError(f"module 'pnp' has no attribute '{name}'")
    from importlib import metadata

    try:
        return metadata.version("dossier")
    except metadata.PackageNotFoundError:  # run from a checkout without installing
        return "0+unknown"
