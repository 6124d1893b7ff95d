"""A raster image file checked whole before it is drawn: Pillow's decompression-bomb
guard as an error, chunk checksums, every row the header promises. Pillow fills the
rows of a PNG whose compressed data ends early without a word (LOAD_TRUNCATED_IMAGES
or not), so a PNG's image data is counted here against its header."""

from __future__ import annotations

import struct
import warnings
import zlib

from PIL import Image, ImageFile

Image.MAX_IMAGE_PIXELS = 64_000_000  # Pillow's decompression-bomb guard, made an error below
PNG = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # PNG colour type -> samples a pixel
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2))  # interlaced passes: first column, first row, steps


class BadImage(Exception):
    """An image that cannot be drawn as it is: the reason, for the user."""


def size(path) -> tuple[int, int]:
    """The image's size in pixels, once it has been read whole; BadImage if it cannot
    be (a decompression bomb, a damaged or truncated file)."""
    truncated = ImageFile.LOAD_TRUNCATED_IMAGES
    ImageFile.LOAD_TRUNCATED_IMAGES = False  # whoever set it: a short file is an error here
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as img:
                img.verify()  # chunk checksums
            with Image.open(path) as img:
                img.load()  # every row the file's data holds
                found = img.size
                png = img.format == "PNG"
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise BadImage(f"refused: {exc}") from None
    except (OSError, SyntaxError, ValueError, struct.error, zlib.error) as exc:
        raise BadImage(f"cannot be read: {exc}") from None
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = truncated
    if png:
        short = png_shortfall(path)
        if short:
            raise BadImage(f"cannot be read: {short} (the file is truncated)")
    return found


def png_shortfall(path) -> str | None:
    """What a PNG's image data lacks of what its header promises, or None. The data is
    inflated a megabyte at a time and counted, never kept, up to what is needed."""
    with open(path, "rb") as file:
        if file.read(8) != PNG:
            return None
        length, kind = struct.unpack(">I4s", file.read(8))
        if kind != b"IHDR" or length != 13:
            return None  # Pillow has read it: not a layout counted here
        width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB",
                                                                      file.read(13))
        if colour not in CHANNELS:
            return None
        need = expected(width, height, depth * CHANNELS[colour], interlace)
        file.seek(4, 1)
        inflate, got = zlib.decompressobj(), 0
        while got < need:
            head = file.read(8)
            if len(head) < 8:
                break
            length, kind = struct.unpack(">I4s", head)
            if kind == b"IEND":
                break
            if kind != b"IDAT":
                file.seek(length + 4, 1)
                continue
            data = file.read(length)
            file.seek(4, 1)
            while data and got < need and not inflate.eof:
                got += len(inflate.decompress(data, 1 << 20))
                data = inflate.unconsumed_tail
    if got >= need:
        return None
    if interlace:
        return f"its image data stops after {got:,} of its {need:,} bytes"
    return f"its image data stops after {got // (need // height)} of its {height} rows"


def expected(width: int, height: int, bits: int, interlace: int) -> int:
    """The bytes of a PNG's filtered image data: a filter byte and the pixels of each
    row, of each of the seven passes when interlaced."""
    if not interlace:
        return height * (1 + (width * bits + 7) // 8)
    return sum(-(-(height - y) // dy) * (1 + (-(-(width - x) // dx) * bits + 7) // 8)
               for x, y, dx, dy in ADAM7 if width > x and height > y)
