"""The bundled font files, by family and variant (no reportlab needed to name them)."""

from pnp import ASSETS

_DIR = ASSETS / "fonts"
BUNDLED_FONTS = {  # DejaVu: covers Latin (incl. German), Greek and Cyrillic
    "sans": {"regular": _DIR / "DejaVuSansCondensed.ttf",
             "bold": _DIR / "DejaVuSansCondensed-Bold.ttf",
             "italic": _DIR / "DejaVuSansCondensed-Oblique.ttf",
             "bold-italic": _DIR / "DejaVuSansCondensed-BoldOblique.ttf"},
    "mono": {"regular": _DIR / "DejaVuSansMono.ttf", "bold": _DIR / "DejaVuSansMono-Bold.ttf"},
    "serif": {"regular": _DIR / "DejaVuSerifCondensed.ttf",
              "bold": _DIR / "DejaVuSerifCondensed-Bold.ttf",
              "italic": _DIR / "DejaVuSerifCondensed-Italic.ttf"},
}
