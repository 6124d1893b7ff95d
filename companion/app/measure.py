"""The shared frame's parts measured before Kivy lays them out (companion/app/kv/frame.kv):
a table that weighs its board against its sheet and hand decides in the move's own
frame; a size read back from a finished layout takes a second frame, and a tap that
needs two frames costs twice."""

from __future__ import annotations

from functools import lru_cache

from kivy.metrics import dp, sp

MOVE_HEIGHT = 56  # dp: a move's button on one line (BigButton)
MOVE_GAP = 6  # dp: between the sheet's rows of moves


@lru_cache(maxsize=512)
def text_height(text: str, size: float, bold: bool, width: float) -> float:
    """The height of `text` wrapped in `width` px at `size` sp, as a Label draws it."""
    from kivy.core.text import Label as CoreLabel

    if not text:
        return 0.0
    core = CoreLabel(text=text, font_size=sp(size), bold=bold, text_size=(width, None))
    return core.render(real=False)[1]


def sheet_height(prompt: str, results: list[str], width: float, moves: int = 0,
                 columns: int = 2) -> float:
    """The prompt sheet's height (PromptSheet) `width` px wide, with `moves` buttons of
    one line each in rows of `columns` (one alone takes the row)."""
    inner = width - dp(12)
    height = dp(8) + dp(4) * 3  # its padding, and the spacing of its four rows
    height += text_height(prompt, 17, True, inner) + dp(4) if prompt else 0
    text = "\n".join(results)
    height += text_height(text, 15, False, inner - dp(12)) + dp(8) if text else 0
    rows = -(-moves // (1 if moves == 1 else columns))
    return height + rows * dp(MOVE_HEIGHT) + max(0, rows - 1) * dp(MOVE_GAP)


def strip_title() -> float:
    """The hand strip's title line at 14 sp, and the strip's spacing."""
    return text_height("Your hand", 14, False, 1e4) + dp(2) + dp(4) * 2


def rows_height(rows: int, height: float, gap: float = dp(6)) -> float:
    """A wrapped hand strip's rows of cards `height` px tall (its StackLayout)."""
    return rows * height + max(0, rows - 1) * gap
