"""A game's print defaults: its `print:` section of game.yaml, checked against the game.

A designer whose game is printed on US Letter, without duplex or with a known printer
shift, says so once; `pnp build`, `check`, `watch` and `export` take each default
wherever the command line does not give that option (pnp.sheets.printfile.for_game)."""

from __future__ import annotations

from pnp.load.errors import Problems


def print_defaults(spec: dict, raw, game, problems: Problems) -> dict:
    """{option: value} from the game's `print:` ({} without one): each key is named as
    the build option it sets (pnp.sheets.printfile.Options), each checked where it
    depends on the rest of the game."""
    section = spec.get("print")
    if not section:
        return {}
    marks = raw["print"]
    found = {key: value for key, value in section.items() if value is not None}
    if "players" in found:
        sets = game.player_sets
        if sets is None:
            problems.add(marks.mark_of("players"), "print: players counts the player sets to "
                         "print, and the game declares no player_sets")
        elif (spec.get("player_sets") or {}).get("print") is not None:
            problems.add(marks.mark_of("players"), "print: players and player_sets: print "
                         "say the same thing: keep one of them")
        elif found["players"] > len(sets.values):
            problems.add(marks.mark_of("players"), f"print: players {found['players']}, but "
                         f"player_sets has only {len(sets.values)} values")
    if "back_offset" in found:
        found["back_offset"] = tuple(found["back_offset"])
        if found.get("duplex") in ("none", "fold"):
            problems.add(marks.mark_of("back_offset"), "print: back_offset moves the backs of "
                         f"a double-sided print; with duplex {found['duplex']} no back is "
                         "printed behind its front")
    return found
