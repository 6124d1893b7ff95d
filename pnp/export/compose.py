"""A showcase picture from piece images: a fanned hand or a spread on a soft
backdrop, each piece cut to its shape and casting a shadow on what lies under it.

Geometry is worked out in millimetres first (`arrange`), so the caller can
rasterise every piece once at the one resolution the picture needs; then
`compose` lays the images down in order. Pillow only, and no randomness: the
spread's tilts come from a fixed sequence, so the same pieces give the same bytes.
"""

from __future__ import annotations

import colorsys
import math
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageStat

SUPER = 2  # pieces are rasterised, cut and turned at twice the picture's pixels
ASPECT = (4 / 3, 2.0)  # the picture's width to height, at least and at most
MARGIN = 0.08  # of the arrangement's longer side, round it
TILTS = (-3.0, 2.2, -1.2, 3.4, -2.4, 1.0, -3.6, 2.8, -0.6, 1.8, -2.0, 3.0)  # spread, degrees
NUDGES = (0.3, -0.5, 0.6, -0.2, -0.6, 0.4, 0.1, -0.4, 0.5, -0.1, 0.2, -0.3)  # down, half gaps
NEUTRAL = (0.08, 0.10)  # hue and saturation of the backdrop when the pieces are greys


@dataclass(frozen=True)
class Place:
    """Where a piece lies: its centre in mm (y down) and its turn clockwise, degrees."""

    x: float
    y: float
    angle: float


def arrange(sizes: list, style: str) -> list[Place]:
    """Each piece's place, `sizes` being (w, h) mm in the order they are laid down."""
    return fan(sizes) if style == "fan" else spread(sizes)


def fan(sizes: list) -> list[Place]:
    """A hand: the pieces turned about a point below them, the last on top."""
    count = len(sizes)
    height = max(h for _, h in sizes)
    width = max(w for w, _ in sizes)
    radius = 2.0 * height
    # a little over half a piece of each shows beside the next, the whole hand within 75 degrees
    step = min(math.degrees(0.56 * width / radius), 75 / max(count - 1, 1))
    places = []
    for index in range(count):
        angle = (index - (count - 1) / 2) * step
        turn = math.radians(angle)
        places.append(Place(radius * math.sin(turn), radius * (1 - math.cos(turn)), angle))
    return places


def spread(sizes: list) -> list[Place]:
    """Pieces laid out on a table in rows, each a little askew; rows are as long as
    makes the picture about 16:10, odd rows set off by half a gap like bricks."""
    count = len(sizes)
    width = sum(w for w, _ in sizes) / count
    height = sum(h for _, h in sizes) / count
    gap = 0.16 * min(width, height)
    per_row = max(1, min(count, round(math.sqrt(count * 1.6 * (height + gap) / (width + gap)))))
    lines = -(-count // per_row)
    lengths = [count // lines + (1 if n < count % lines else 0) for n in range(lines)]
    starts = [sum(lengths[:n]) for n in range(lines)]  # rows as even as they go: 4, 3, 3
    rows = [list(range(start, start + length)) for start, length in zip(starts, lengths,
                                                                          strict=True)]
    places, top = [], 0.0
    for number, row in enumerate(rows):
        row_h = max(sizes[i][1] for i in row)
        row_w = sum(sizes[i][0] for i in row) + gap * (len(row) - 1)
        x = -row_w / 2 + (gap / 2 if number % 2 else 0.0)
        for i in row:
            w = sizes[i][0]
            nudge = NUDGES[i % len(NUDGES)] * gap / 2
            places.append(Place(x + w / 2, top + row_h / 2 + nudge, TILTS[i % len(TILTS)]))
            x += w + gap
        top += row_h + 1.25 * gap  # a touch more between rows than along them
    return places


def corners(size: tuple, place: Place) -> list:
    w, h = size
    turn = math.radians(place.angle)
    cos, sin = math.cos(turn), math.sin(turn)
    return [(place.x + dx * cos - dy * sin, place.y + dx * sin + dy * cos)
            for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


def frame(sizes: list, places: list[Place]) -> tuple:
    """The picture's extent in mm, (left, top, width, height): the pieces with a margin,
    widened or heightened to an aspect between ASPECT's bounds."""
    points = [p for size, place in zip(sizes, places, strict=True) for p in corners(size, place)]
    left, right = min(x for x, _ in points), max(x for x, _ in points)
    top, bottom = min(y for _, y in points), max(y for _, y in points)
    margin = MARGIN * max(right - left, bottom - top)
    w, h = right - left + 2 * margin, bottom - top + 2 * margin
    w, h = max(w, h * ASPECT[0]), max(h, w / ASPECT[1])
    cx, cy = (left + right) / 2, (top + bottom) / 2
    return cx - w / 2, cy - h / 2, w, h


def cut(image: Image.Image, bleed: int, trim: tuple, shape: str, radius: int) -> Image.Image:
    """A piece's trim, RGBA, the rest of its shape transparent: `shape` round, hex
    (flat-topped, corners left and right) or a rectangle with corners of `radius` px."""
    width, height = trim
    piece = image.crop((bleed, bleed, bleed + width, bleed + height)).convert("RGBA")
    big = 4  # the mask drawn 4x larger: smooth edges
    mask = Image.new("L", (width * big, height * big), 0)
    draw = ImageDraw.Draw(mask)
    box = (0, 0, width * big - 1, height * big - 1)
    if shape == "round":
        draw.ellipse(box, fill=255)
    elif shape == "hex":
        w, h = width * big, height * big
        draw.polygon([(0, h / 2), (w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h),
                      (w / 4, h)], fill=255)
    else:
        draw.rounded_rectangle(box, radius=radius * big, fill=255)
    piece.putalpha(mask.resize((width, height), Image.Resampling.LANCZOS))
    return piece


def compose(pieces: list, places: list[Place], extent: tuple, scale: float,
            table: tuple) -> Image.Image:
    """The picture, RGB. `pieces`: (RGBA image at SUPER x `scale` px per mm, edge in mm:
    a token's thickness, 0 for paper), laid at `places` in order; `extent` from
    `frame`; `table`: the backdrop's colour, as `backdrop` takes it."""
    left, top, w, h = extent
    size = (round(w * scale), round(h * scale))
    canvas = backdrop(size, table)
    for (image, edge), place in zip(pieces, places, strict=True):
        turned = turn(image, place.angle)
        x = round((place.x - left) * scale - turned.width / 2)
        y = round((place.y - top) * scale - turned.height / 2)
        lay(canvas, turned, (x, y), edge * scale, min(image.size) / SUPER)
    return canvas.convert("RGB")


def turn(image: Image.Image, angle: float) -> Image.Image:
    """The piece turned clockwise and brought down to the picture's pixels; turned with
    premultiplied alpha, so its edge does not darken."""
    turned = image.convert("RGBa").rotate(-angle, resample=Image.Resampling.BICUBIC,
                                          expand=True)
    small = turned.resize((max(1, turned.width // SUPER), max(1, turned.height // SUPER)),
                          Image.Resampling.LANCZOS)
    return small.convert("RGBA")


def lay(canvas: Image.Image, piece: Image.Image, at: tuple, edge: float, span: float) -> None:
    """A piece onto the picture: its shadows (a soft one, and a close one where it
    touches), a token's edge under its face, then its face."""
    alpha = piece.getchannel("A")
    pad = round(span * 0.12) + 2
    x, y = at
    for blur, offset, strength in ((span * 0.045, span * 0.035, 0.42),
                                   (span * 0.008, span * 0.006, 0.35)):
        mask = Image.new("L", (alpha.width + 2 * pad, alpha.height + 2 * pad), 0)
        mask.paste(alpha, (pad, pad))
        mask = mask.filter(ImageFilter.GaussianBlur(blur)).point(lambda v, s=strength:
                                                                 round(v * s))
        shade = Image.new("RGBA", mask.size, (8, 6, 4, 0))
        shade.putalpha(mask)
        canvas.alpha_composite(shade, (x - pad + round(offset * 0.6), y - pad + round(offset)))
    if edge >= 1:  # a token's thickness: its outline in a darker tone, below its face
        red, green, blue = (round(v * 0.45) for v in ImageStat.Stat(piece.convert("RGB"),
                                                                     alpha).mean)
        side = Image.new("RGBA", piece.size, (red, green, blue, 255))
        side.putalpha(alpha)
        for step in range(round(edge), 0, -1):
            canvas.alpha_composite(side, (x, y + step))
    canvas.alpha_composite(piece, (x, y))


def tone(images: list) -> tuple:
    """The hue the pieces share most (saturation-weighted over their pixels), as a
    (hue, saturation) for the backdrop; NEUTRAL when they are mostly grey."""
    sx = sy = weight = 0.0
    for image in images:
        small = image.resize((32, 32 * image.height // max(image.width, 1) or 1))
        hsv = small.convert("RGB").convert("HSV").tobytes()
        alpha = small.getchannel("A").tobytes()
        for hue, sat, val, opaque in zip(hsv[0::3], hsv[1::3], hsv[2::3], alpha, strict=True):
            if opaque < 128 or sat < 60 or val < 50:
                continue
            angle = hue / 255 * 2 * math.pi
            sx, sy, weight = sx + sat * math.cos(angle), sy + sat * math.sin(angle), weight + sat
    if weight == 0 or math.hypot(sx, sy) < 0.15 * weight:
        return NEUTRAL
    return (math.atan2(sy, sx) / (2 * math.pi)) % 1.0, 0.28


def backdrop(size: tuple, colour) -> Image.Image:
    """A table in a dim light: `colour` (an RGB tuple, or a (hue, saturation) tone)
    lightest a little above the middle, darker towards the corners."""
    if len(colour) == 3:
        hue, light, sat = colorsys.rgb_to_hls(*(v / 255 for v in colour))
        centre = colour
        rim = tuple(round(v * 255) for v in colorsys.hls_to_rgb(hue, light * 0.55, sat))
    else:
        hue, sat = colour
        centre = tuple(round(v * 255) for v in colorsys.hsv_to_rgb(hue, sat, 0.30))
        rim = tuple(round(v * 255) for v in colorsys.hsv_to_rgb(hue, sat * 1.1, 0.13))
    ramp = Image.radial_gradient("L")  # 256 x 256, 0 at the centre
    ramp = ramp.resize((size[0] * 2 // 3 + 1, size[1] * 2 // 3 + 1),
                       Image.Resampling.BICUBIC)
    mask = Image.new("L", size, 255)
    mask.paste(ramp, ((size[0] - ramp.width) // 2, (size[1] - ramp.height) // 2 - size[1] // 12))
    mask = ImageChops.multiply(mask, mask).filter(ImageFilter.GaussianBlur(size[0] / 40))
    return Image.composite(Image.new("RGBA", size, (*rim, 255)),
                           Image.new("RGBA", size, (*centre, 255)), mask)


def web_palette(picture: Image.Image, table: tuple) -> Image.Image:
    """The picture in 256 colours, dithered: 48 from its backdrop alone (median cut,
    so the gradient stays smooth) and 208 from the whole (an octree, so a small patch
    of a colour, a red heart on a token, keeps its colour)."""
    ground = backdrop(picture.size, table).convert("RGB").resize(
        (128, max(1, 128 * picture.height // picture.width)))
    colours = ground.quantize(48, method=Image.Quantize.MEDIANCUT).getpalette()[:48 * 3]
    colours += picture.quantize(208, method=Image.Quantize.FASTOCTREE).getpalette()[:208 * 3]
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours + [0] * (768 - len(colours)))
    return picture.quantize(palette=palette, dither=Image.Dither.FLOYDSTEINBERG)
