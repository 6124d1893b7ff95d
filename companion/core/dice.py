"""A printed die's faces, read from the game's YAML (the dice component the print
tool draws): what the screen and the log say of a roll is what the paper die
shows. No Kivy; pnp's loader only, as every rules engine reads its cards."""

from __future__ import annotations

from functools import cache


@cache
def printed_faces(piece: str) -> tuple[str, ...]:
    """'game-id:component/item' -> each face's words, face 1 first: its `label`,
    else its pips (and its mark: '4, hit')."""
    from pnp import BUNDLED_GAMES
    from pnp.load.game import load_game

    game_id, _, where = piece.partition(":")
    component, _, item_id = where.partition("/")
    game = load_game(BUNDLED_GAMES / game_id, check_fonts=False)
    item = next(i for i in game.component(component).items if i.id == item_id)
    return tuple(face_words(face, number) for number, face in enumerate(item.faces, start=1))


def face_words(face, number: int) -> str:
    if not isinstance(face, dict):
        return str(number if face in (None, "") else face)
    label = str(face.get("label") or "").strip()
    if label:
        return label
    pips = face.get("pips", number)
    mark = str(face.get("mark") or "").strip()
    return f"{pips}, {mark}" if mark else str(pips)
