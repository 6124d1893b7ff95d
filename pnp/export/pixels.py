"""Lengths in millimetres as pixels, counted as shops count them. Shared by every
image export (export.py, tts.py, the gallery); it imports nothing, so the command
line can size images without loading Pillow or reportlab."""

from __future__ import annotations


def pixels(mm_length: float, dpi: int) -> int:
    """A length at a resolution, as shops count it: round(mm / 25.4 x dpi)."""
    return round(mm_length / 25.4 * dpi)


def full_size(page, dpi: int) -> tuple:
    """A piece side's image at `dpi`: its trim and bleed (piecepdf.Page), in pixels."""
    (w, h), b = page.size, page.bleed
    return pixels(w + 2 * b, dpi), pixels(h + 2 * b, dpi)
