"""RGB to CMYK for print shops (`pnp export --format shop --cmyk`), through littlecms
(Pillow's ImageCms) and one documented profile: pnp/assets/icc/dossier-fogra39.icc,
made from the FOGRA39 characterisation (offset on coated paper, ISO 12647-2:2004) with a
total ink limit of 300 % (pnp/assets/icc/README.md says how it was made).

What the profile alone would get wrong on a card, and the rules that fix it:
- Black and grey text: the profile prints #000 as rich black on four plates (about 275 %
  ink), so thin type blurs when the plates do not register. A neutral colour (channels
  within NEUTRAL of each other) prints on the black plate alone, at the black that gives
  the same lightness, darker greys clamped to 100 % K.
- Small text in a near-black colour (NEAR_BLACK, under SMALL_TEXT_PT) that is not quite
  neutral (a warm or a navy black) prints on the black plate alone too, at 100 %: a
  prepress rule, for the same reason (`text_cmyk`).
- Every other colour: relative colorimetric with black-point compensation (in-gamut
  colours keep their appearance on the paper's white), then held to INK_LIMIT in case
  the profile's tables overshoot it.
Imported only by the CMYK export; the build never loads it."""

from __future__ import annotations

import threading
from functools import cache
from importlib import resources

from PIL import Image, ImageChops, ImageCms

PROFILE_NAME = "dossier-fogra39.icc"
CONDITION = "FOGRA39"  # the registered characterisation the profile is made from
CONDITION_INFO = "Coated FOGRA39 (ISO 12647-2:2004), 300 % total ink"
REGISTRY = "http://www.color.org"
INK_LIMIT = 3.0  # 300 % total area coverage: what offset and print-on-demand shops accept
NEUTRAL = 3  # channels within this many 8-bit steps of each other are grey: black plate
SMALL_TEXT_PT = 12  # text under this size (as printed) in a near-black colour: 100 % K
NEAR_BLACK = (20, 20)  # at most this L* and this chroma (C*ab) is a near black


def profile_bytes() -> bytes:
    return (resources.files("pnp") / "assets" / "icc" / PROFILE_NAME).read_bytes()


@cache
def _profiles():
    import io

    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    return ImageCms.createProfile("sRGB"), cmyk, ImageCms.createProfile("LAB")


_THREAD = threading.local()  # littlecms transforms keep a one-pixel cache: one a thread


def _to_cmyk():
    transform = getattr(_THREAD, "to_cmyk", None)
    if transform is None:
        srgb, cmyk, _ = _profiles()
        transform = _THREAD.to_cmyk = ImageCms.buildTransform(
            srgb, cmyk, "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return transform


def _to_lab(mode: str):
    """sRGB or CMYK (the profile) to Lab, relative colorimetric: lightness measured on
    the paper's white in both."""
    transforms = _THREAD.__dict__.setdefault("to_lab", {})
    if mode not in transforms:
        srgb, cmyk, lab = _profiles()
        transforms[mode] = ImageCms.buildTransform(
            srgb if mode == "RGB" else cmyk, lab, mode, "LAB",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    return transforms[mode]


def _pixel(transform, mode: str, values: tuple) -> tuple:
    """One colour through a transform. (ImageCms.applyTransform also copies the output
    profile's bytes into the image it returns: 1.5 ms a call for this profile, most of
    the time a colour of a page took.)"""
    out = Image.new(transform.output_mode, (1, 1))
    transform.transform.apply(Image.new(mode, (1, 1), values).getim(), out.getim())
    return out.getpixel((0, 0))


def lab(mode: str, values: tuple) -> tuple:
    """L*a*b* of an 8-bit RGB or CMYK colour (for tests and the black ramp)."""
    lightness, a, b = _pixel(_to_lab(mode), mode, values)
    return lightness * 100 / 255, a - 128, b - 128


@cache
def _black_ramp() -> list:
    """The grey (8-bit sRGB level) that each black-plate value 0..255 matches in
    lightness, ascending by grey: the table neutral colours are looked up in."""
    ramp = Image.new("CMYK", (256, 1))
    ramp.putdata([(0, 0, 0, k) for k in range(256)])
    k_light = ImageCms.applyTransform(ramp, _to_lab("CMYK")).tobytes()[::3]
    greys = Image.new("RGB", (256, 1))
    greys.putdata([(v, v, v) for v in range(256)])
    grey_light = ImageCms.applyTransform(greys, _to_lab("RGB")).tobytes()[::3]
    k_for_grey = []
    for light in grey_light:  # lightness falls as k rises: the first k as dark as the grey
        k = next((k for k in range(256) if k_light[k] <= light), 255)
        k_for_grey.append(k)
    return k_for_grey


def _limited(c: int, m: int, y: int, k: int) -> tuple:
    """Cyan, magenta and yellow scaled down (black kept) to stay within INK_LIMIT."""
    limit = round(INK_LIMIT * 255)
    total = c + m + y + k
    if total <= limit:
        return c, m, y, k
    scale = max(0.0, (limit - k) / (c + m + y))
    return int(c * scale), int(m * scale), int(y * scale), k


@cache
def cmyk8(rgb: tuple) -> tuple:
    """An 8-bit RGB colour as 8-bit CMYK by the rules above."""
    if max(rgb) - min(rgb) <= NEUTRAL:
        return 0, 0, 0, _black_ramp()[round(sum(rgb) / 3)]
    return _limited(*_pixel(_to_cmyk(), "RGB", rgb))


def cmyk(r: float, g: float, b: float) -> tuple:
    """A PDF colour (0..1 a channel) as PDF CMYK, 0..1 a plate, rounded to 0.1 %."""
    values = cmyk8(tuple(max(0, min(255, round(v * 255))) for v in (r, g, b)))
    return tuple(round(v / 255, 3) for v in values)


@cache
def near_black(rgb: tuple) -> bool:
    """Whether an 8-bit RGB colour is a near black (dark and nearly neutral)."""
    lightness, a, b = lab("RGB", rgb)
    return lightness <= NEAR_BLACK[0] and (a * a + b * b) ** 0.5 <= NEAR_BLACK[1]


def text_cmyk(r: float, g: float, b: float, size: float) -> tuple:
    """The PDF CMYK of text of `size` points as printed in this colour: small
    near-black text on the black plate alone."""
    rgb = tuple(max(0, min(255, round(v * 255))) for v in (r, g, b))
    if size < SMALL_TEXT_PT and near_black(rgb):
        return 0.0, 0.0, 0.0, 1.0
    return cmyk(r, g, b)


def grey(level: float) -> tuple:
    return cmyk(level, level, level)


def image_cmyk(image: Image.Image) -> Image.Image:
    """An RGB image as CMYK by the same rules, pixel by pixel: the profile for colours,
    the black plate for grey pixels (pasted over the profile's, within their box only).
    No ink limit to apply: the profile keeps every 8-bit RGB colour within it
    (tests/test_cmyk.py converts all 16.7 million), and a black-plate grey is one plate."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    converted = ImageCms.applyTransform(rgb, _to_cmyk())
    red, green, blue = rgb.split()
    spread = ImageChops.lighter(ImageChops.difference(red, green),
                                ImageChops.difference(green, blue))
    spread = ImageChops.lighter(spread, ImageChops.difference(red, blue))
    neutral = spread.point(_NEUTRAL_MASK)
    box = neutral.getbbox()
    if box is None:
        return converted
    grey = red.crop(box).point(_black_ramp())
    blank = Image.new("L", grey.size, 0)
    converted.paste(Image.merge("CMYK", (blank, blank, blank, grey)), box, neutral.crop(box))
    return converted


_NEUTRAL_MASK = [255 if v <= NEUTRAL else 0 for v in range(256)]  # spread -> grey pixel
