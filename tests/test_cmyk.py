"""pnp/export/cmyk.py: RGB to CMYK through littlecms and Dossier's FOGRA39 profile (issue 24,
section 2): colours keep their appearance on the paper, black and grey go to the black
plate alone, nothing exceeds the ink limit, images follow the same rules as colours."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageCms

from pnp.export import cmyk


def delta_e(first: tuple, second: tuple) -> float:
    return math.dist(first, second)


def test_the_profile_is_the_documented_fogra39_cmyk_output_profile():
    profile = ImageCms.ImageCmsProfile(__import__("io").BytesIO(cmyk.profile_bytes()))
    assert profile.profile.xcolor_space.strip() == "CMYK"
    assert profile.profile.device_class == "prtr"  # an output (printer) profile
    assert "FOGRA39" in ImageCms.getProfileDescription(profile)
    assert profile.profile.version < 4  # PDF/X-1a takes an ICC version 2 profile


@pytest.mark.parametrize("rgb", [(0, 0, 0), (27, 27, 27), (96, 96, 96), (128, 128, 128),
                                 (200, 201, 199), (255, 255, 255)])
def test_neutral_colours_print_on_the_black_plate_alone(rgb):
    c, m, y, k = cmyk.cmyk8(rgb)
    assert (c, m, y) == (0, 0, 0)
    if min(rgb) > 60:  # lighter than the black plate's darkest: the same lightness
        assert cmyk.lab("CMYK", (0, 0, 0, k))[0] == pytest.approx(cmyk.lab("RGB", rgb)[0],
                                                                   abs=1.5)
    else:
        assert k >= 250  # text black is 100 % K, not a four-plate black


def test_greys_get_darker_as_the_black_plate_rises():
    plates = [cmyk.cmyk8((v, v, v))[3] for v in range(0, 256, 5)]
    assert plates == sorted(plates, reverse=True) and plates[-1] == 0


@pytest.mark.parametrize("rgb", [(0xea, 0x6a, 0x5f), (0x8a, 0x6d, 0x3b), (0x2f, 0x7a, 0x3a),
                                 (0xf2, 0xea, 0xd6), (0x3a, 0x6e, 0xa5), (0xd8, 0xb4, 0x4a)])
def test_colours_in_the_presses_gamut_keep_their_appearance(rgb):
    """Relative colorimetric: the printed colour measures within a few Delta E of the
    screen colour (both on their own white)."""
    assert delta_e(cmyk.lab("RGB", rgb), cmyk.lab("CMYK", cmyk.cmyk8(rgb))) < 6


def test_no_colour_exceeds_the_ink_limit():
    """Every 8-bit RGB colour on a coarse grid, the darkest and most saturated
    included: cyan, magenta, yellow and black add up to at most 300 %."""
    worst = max(sum(cmyk.cmyk8((r, g, b))) for r in range(0, 256, 51)
                for g in range(0, 256, 51) for b in range(0, 256, 51))
    assert worst <= round(cmyk.INK_LIMIT * 255)
    assert worst > 2 * 255  # the dark colours do use rich blacks within the limit


def test_every_rgb_colour_converts_within_the_ink_limit():
    """All 16.7 million 8-bit RGB colours through the profile (as image_cmyk converts
    pictures, with no ink limit of its own): at most 300 % of ink, so no picture needs
    one. (The black-plate greys are one plate.)"""
    from PIL import Image, ImageCms, ImageMath

    size, ramp = (4096, 4096), bytes(range(256))  # pixel n: red n, green n >> 8, blue n >> 16
    red = Image.frombytes("L", size, ramp * 65536)
    green = Image.frombytes("L", size, bytes(v for v in ramp for _ in ramp) * 256)
    blue = Image.frombytes("L", size, b"".join(bytes([v]) * 65536 for v in ramp))
    every = Image.merge("RGB", (red, green, blue))
    plates = [p.convert("I") for p in
              ImageCms.applyTransform(every, cmyk._to_cmyk()).split()]
    total = ImageMath.lambda_eval(lambda e: e["c"] + e["m"] + e["y"] + e["k"],
                                  **dict(zip("cmyk", plates, strict=True)))
    assert total.getextrema()[1] <= round(cmyk.INK_LIMIT * 255)


def test_an_over_limit_colour_is_held_to_the_limit_with_its_black_kept():
    held = cmyk._limited(250, 240, 240, 250)
    assert sum(held) <= round(cmyk.INK_LIMIT * 255) and held[3] == 250


def test_pdf_values_are_fractions_of_a_plate():
    assert cmyk.cmyk(0, 0, 0) == (0, 0, 0, 1.0)
    assert cmyk.grey(1.0) == (0, 0, 0, 0)
    assert all(0 <= v <= 1 for v in cmyk.cmyk(0.9, 0.1, 0.3))


def test_an_image_converts_pixel_by_pixel_as_its_colours_do():
    colours = [(0, 0, 0), (128, 128, 128), (234, 106, 95), (20, 32, 54), (255, 255, 255),
               (47, 122, 58), (0, 0, 255)]
    image = Image.new("RGB", (len(colours), 1))
    image.putdata(colours)
    converted = cmyk.image_cmyk(image)
    assert converted.mode == "CMYK"
    for index, rgb in enumerate(colours):
        got, want = converted.getpixel((index, 0)), cmyk.cmyk8(rgb)
        assert max(abs(a - b) for a, b in zip(got, want, strict=True)) <= 1, rgb
