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
