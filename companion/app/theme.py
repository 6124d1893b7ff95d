"""Colours and sizes of the dark table theme (dp/sp applied in the kv files). A game's
own colours (its players', its cards') come from its card data, never from here."""

BACKGROUND = (0.07, 0.08, 0.09, 1)
PANEL = (0.11, 0.125, 0.15, 1)
PANEL_HI = (0.16, 0.18, 0.21, 1)
TEXT = (0.92, 0.91, 0.87, 1)
MUTED = (0.62, 0.64, 0.66, 1)
GOLD = (0.79, 0.66, 0.29, 1)
DANGER = (0.80, 0.30, 0.26, 1)
GOOD = (0.33, 0.64, 0.38, 1)
