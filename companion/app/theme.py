"""Colours and sizes of the dark table theme (dp/sp applied in the kv files)."""

BACKGROUND = (0.07, 0.08, 0.09, 1)
PANEL = (0.11, 0.125, 0.15, 1)
PANEL_HI = (0.16, 0.18, 0.21, 1)
TEXT = (0.92, 0.91, 0.87, 1)
MUTED = (0.62, 0.64, 0.66, 1)
GOLD = (0.79, 0.66, 0.29, 1)
DANGER = (0.80, 0.30, 0.26, 1)
GOOD = (0.33, 0.64, 0.38, 1)
LEVELS = {1: (0.24, 0.48, 0.29, 1), 2: (0.18, 0.42, 0.56, 1), 3: (0.72, 0.53, 0.16, 1),
          4: (0.71, 0.31, 0.17, 1), 5: (0.42, 0.23, 0.49, 1)}
PLAYERS = {"Red": (0.66, 0.20, 0.18, 1), "Blue": (0.17, 0.34, 0.59, 1),
           "Green": (0.23, 0.48, 0.25, 1), "Yellow": (0.79, 0.60, 0.09, 1)}
PLAYER_COLOURS = tuple(PLAYERS)


def player_colour(name: str):
    return PLAYERS.get(name, GOLD)


def hp_colour(hp: int):
    if hp <= 0:
        return (0.3, 0.3, 0.3, 1)
    if hp <= 30:
        return DANGER
    if hp <= 60:
        return GOLD
    return GOOD
