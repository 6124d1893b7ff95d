"""The export formats and their default resolutions: plain constants, so that the
command line offers them (`pnp export --help`) without loading a drawing library."""

FORMATS = ("png", "shop", "sheet", "tts", "csv", "showcase", "cut")
DEFAULT_DPI = {"png": 300, "shop": 300, "sheet": 60, "tts": 300, "csv": 0, "showcase": 0,
               "cut": 300}
CUTTERS = ("silhouette", "cricut")  # --format cut (pnp/export/printcut.py)
WHOLE_GAME = ("tts", "showcase")  # written from every component at once: a watch redoes all
SHOWCASE_STYLES = ("fan", "spread")
SHOWCASE_WIDTH = 2000  # px: a showcase's default width, sharp on a high-density screen
SHOWCASE_WIDTHS = (400, 4000)  # px: the widths --width takes
MAX_SHOWN = 24  # pieces in one showcase picture: more is a proof sheet's work

# Paper, (width, height) in mm, portrait. US sizes are exact inches: Letter 8.5 x 11 in,
# Legal 8.5 x 14 in, Tabloid 11 x 17 in (Ledger when it lies on its side).
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0),
          "tabloid": (279.4, 431.8), "legal": (215.9, 355.6)}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter", "a3": "A3", "tabloid": "US Tabloid",
               "legal": "US Legal"}
DUPLEX = ("long", "short", "none", "fold")  # --duplex: how backs are printed
CROP_MARKS = ("fit", "long")  # --crop-marks: as long as the page leaves, or 5 mm always
BACK_SHIFT = 10.0  # mm each way --back-offset moves the backs: more than any printer shifts
