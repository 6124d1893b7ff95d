"""Small conversions a table needs from the rest of the game: the player count,
the players' colours from a var, a printed die's faces, card fields as plain data."""

from __future__ import annotations

import re

from pnp.load.errors import Mark, Problems, unknown_ref
from pnp.load.schema import Color
from pnp.load.yamlload import YList, YMap

PLAYERS_FALLBACK = (1, 8)  # a game that says nothing of its player count
# the colours offered when a table names none: distinct on a dark or a light screen
PALETTE = ("#c0392b", "#2e86c1", "#27ae60", "#f39c12", "#8e44ad", "#16a085", "#d35400",
           "#7f8c8d")
RANGE = re.compile(r"\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?")


def player_range(players) -> tuple[int, int]:
    """(min, max) from game.yaml's `players`: 4, "2-4" or {min: 2, max: 4}."""
    if isinstance(players, dict):
        return players["min"], max(players["min"], players["max"])
    if isinstance(players, int) and not isinstance(players, bool):
        return players, players
    found = RANGE.fullmatch(players) if isinstance(players, str) else None
    if found:
        low = int(found.group(1))
        return low, max(low, int(found.group(2) or low))
    return PLAYERS_FALLBACK


def player_colours(colors, mark: Mark, variables: dict, problems: Problems):
    """The players' colours and, from a var mapping names to colours, its names:
    (colours, names or None). `colors` is a list, a var's name, or None (none given:
    the table fills in the palette)."""
    if colors is None:
        return [], None
    names = None
    if isinstance(colors, str):
        if colors not in variables:
            problems.add(mark, unknown_ref("var", colors, variables) +
                         " (colors: a var holding a list of colours, or a list)")
            return [], None
        value = variables[colors]
        if isinstance(value, dict):
            names = [str(k) for k in value]
            marks = [value.mark_of(k) if isinstance(value, YMap) else mark for k in value]
            value = list(value.values())
        elif isinstance(value, list):
            marks = value.marks if isinstance(value, YList) else [mark] * len(value)
        else:
            problems.add(mark, f"var '{colors}' holds neither a list of colours nor a "
                         "mapping of names to colours")
            return [], None
    else:
        value, marks = colors, [mark] * len(colors)
    out = []
    for colour, where in zip(value, marks, strict=True):
        clean = Color(templated=False).check(colour, where, problems)
        if clean is None and colour is not None and colour != "none":
            continue
        if clean is None:
            problems.add(where, "a player needs a colour, not none")
            continue
        out.append(clean)
    return out, names


def die_faces(faces: list) -> list[str]:
    """Each face's words as the companion shows them (companion/core/printed.py's
    die_faces, written again here because pnp never imports the companion): its
    `label`, else its pips, with its mark ('4, hit'), else the face as written."""
    return [face_words(face, number) for number, face in enumerate(faces, start=1)]


def face_words(face, number: int) -> str:
    if not isinstance(face, dict):
        return str(number if face in (None, "") else face)
    label = str(face.get("label") or "").strip()
    if label:
        return label
    pips = face.get("pips", number)
    mark = str(face.get("mark") or "").strip()
    return f"{pips}, {mark}" if mark else str(pips)


def plain(value):
    """Loaded YAML as plain JSON data (dicts, lists, text, numbers, true/false)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)  # a Numeral (`010`) is the text as written
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return str(value)
