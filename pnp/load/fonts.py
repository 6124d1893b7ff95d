"""Embedded TrueType fonts: the bundled families and a game's own."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from pnp.load.fontfiles import BUNDLED_FONTS

__all__ = ["BUNDLED_FONTS", "check_font", "font_name"]
_registered: dict[Path, str] = {}
_chosen: dict = {}


def check_font(path: Path) -> str | None:
    """Why a font file cannot be embedded, or None when it can."""
    try:
        _register(path)
    except (TTFError, OSError) as exc:
        return str(exc).splitlines()[0]
    except Exception as exc:  # noqa: BLE001 - a damaged file breaks the parser in many ways
        return f"the file is damaged ({type(exc).__name__}: {exc})"
    return None


def _register(path: Path) -> str:
    path = path.resolve()
    if path not in _registered:
        name = f"F{len(_registered) + 1}-{path.stem}"
        pdfmetrics.registerFont(TTFont(name, str(path)))
        _registered[path] = name
    return _registered[path]


def font_name(fonts: dict, family: str, bold: bool = False, italic: bool = False) -> str:
    """The registered reportlab font for a family and variant, falling back to
    the nearest variant the family has (bold-italic -> bold -> regular)."""
    key = (id(fonts), family, bold, italic)
    if key in _chosen:
        return _chosen[key]
    variants = fonts.get(family) or fonts["sans"]
    wanted = {(True, True): ("bold-italic", "bold", "italic"), (True, False): ("bold",),
              (False, True): ("italic",), (False, False): ()}[(bold, italic)]
    for variant in (*wanted, "regular"):
        if variant in variants:
            _chosen[key] = _register(variants[variant])
            return _chosen[key]
    raise KeyError(family)
