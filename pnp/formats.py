"""The export formats and their default resolutions: plain constants, so that the
command line offers them (`pnp export --help`) without loading a drawing library."""

FORMATS = ("png", "shop", "sheet", "tts", "csv")
DEFAULT_DPI = {"png": 300, "shop": 300, "sheet": 60, "tts": 300, "csv": 0}
