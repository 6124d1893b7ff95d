"""The battle calculator's figures (no Kivy here): what each side would give in an
attack before it is declared, and, in a battle, what each side has left to give, what
it has marked to destroy and which bases stand unmanned (ATT-INITIATIVE, ATT-REGULAR,
ATT-UNMANNED, ATT-ARTILLERY)."""

from __future__ import annotations

from companion.core import viewing
from companion.games.att import damage, model, playout


def preview(state: dict, seat: int, source: int, target: int,
            joined: list | tuple = ()) -> dict:
    """{"sides": [attacker, defender] each {"name", "initiative", "regular", "artillery",
    "lost"}}: the damage of an attack from `source` on `target` (a territory that is not
    empty, ATT-EMPTY), as the battle would work it out with everyone alive."""
    defender = 1 - seat
    battle = {"a": seat, "d": defender, "from": source, "to": target,
              "specials": list(joined), "palace": False}
    looked = {**state, "battle": battle}
    sides = []
    for side in (seat, defender):
        first = damage.pool(looked, side, "initiative")
        then = damage.pool(looked, side, "regular")
        sides.append({"name": state["players"][side]["name"], "initiative": first["damage"],
                      "regular": then["damage"], "artillery": then["artillery"],
                      "lost": first["lost"] + then["lost"]})
    return {"sides": sides}


def preview_lines(state: dict, seat: int, source: int, target: int,
                  joined: list | tuple = ()) -> list[str]:
    figures = preview(state, seat, source, target, joined)
    lines = [f"Territory {source + 1} against territory {target + 1}:"]
    for role, side in zip(("attacks", "defends"), figures["sides"], strict=True):
        lines.append(f"{side['name']} {role}: {damage_words(side)}")
    return lines + [verdict(state, seat, source, target, joined)]


def verdict(state: dict, seat: int, source: int, target: int,
            joined: list | tuple = ()) -> str:
    """How the battle would end if both sides pass the abilities window and give the
    app's suggested kills: the AI's own playout of it (playout.py), on a copy."""
    light = playout.lighten(state)
    defender = 1 - seat
    names = [p["name"] for p in state["players"]]
    before = [forces(light, seat, source), forces(light, defender, target)]
    if playout.battle(light, seat, source, target, list(joined), [0.0, 0.0]):
        return f"Likely: {names[seat]} takes the palace and wins the game"
    after = [forces(light, seat, source), forces(light, defender, target)]
    losses = []
    for side, was, now in ((defender, before[1], after[1]), (seat, before[0], after[0])):
        troops, bases = was[0] - now[0], was[1] - now[1]
        every = "all " if troops > 1 and now[0] == 0 else ""
        lost = " and ".join(w for w in (every + viewing.plural(troops, "troop") if troops else "",
                                        viewing.plural(bases, "base") if bases else "") if w)
        losses.append(f"{names[side]} loses {lost or 'nothing'}")
    if model.territory_empty(light, defender, target):
        end = f"territory {target + 1} falls" + (", the palace holds" if after[0][0] else "")
    else:
        end = f"territory {target + 1} holds"
    return f"Likely (no abilities, suggested kills): {', '.join(losses)}; {end}"


def forces(light: dict, seat: int, t: int) -> tuple[int, int]:
    """(troops, bases) on a territory of a board."""
    slots = [base for base in light["players"][seat]["board"][t] if base is not None]
    return sum(len(base["troops"]) for base in slots), len(slots)


def damage_words(side: dict) -> str:
    words = f"initiative {side['initiative']}, regular {side['regular']}"
    if side["artillery"]:
        words += f" + {side['artillery']} Artillery"
    if side["lost"]:
        words += f" ({side['lost']} with nothing to hit)"
    return words


# -- a battle going on ---------------------------------------------------------------
def marked(state: dict) -> set[tuple]:
    """What the current step destroys, as the board shows it: (owner, t, s) for a
    base slot whose troop or base is marked, ("palace", owner) for the palace or a
    special troop on it; with ("base", owner, t, s) when the base itself goes."""
    battle = state["battle"]
    out = set()
    if battle is None:
        return out
    for seat, marks in enumerate(battle["marks"]):
        owner = 1 - seat
        for piece in marks:
            if piece[0] in ("troop", "base"):
                out.add((owner, piece[1], piece[2]))
                if piece[0] == "base":
                    out.add(("base", owner, piece[1], piece[2]))
            else:
                out.add(("palace", owner))
    return out


def marked_troops(state: dict, owner: int, t: int, s: int) -> int:
    """How many troops of a base the current step destroys."""
    battle = state["battle"]
    if battle is None:
        return 0
    return sum(1 for piece in battle["marks"][1 - owner]
               if piece[0] == "troop" and piece[1:3] == [t, s])


def unmanned(state: dict) -> bool:
    """Whether the defence's buildings in a battle stand unmanned (ATT-UNMANNED): no
    defending troop or special troop left that the attacker has not marked."""
    battle = state["battle"]
    if battle is None or battle["pools"][battle["a"]] is None:
        return False
    return not any(piece[0] not in damage.STRUCTURES
                   for piece, _ in damage.standing(state, battle["a"]))


def fighting(state: dict) -> set[tuple]:
    """The territories in the battle: (seat, t) of both sides (the palace as t=None)."""
    battle = state["battle"] or state.get("last")
    if battle is None:
        return set()
    defender = 1 - battle["a"]
    return {(battle["a"], battle["from"]),
            (defender, None if battle["palace"] else battle["to"])}


def step_words(state: dict) -> str:
    """The battle strip's line: where, which step, the damage each side has left."""
    battle = state["battle"]
    names = [p["name"] for p in state["players"]]
    where = f"{names[battle['d']]}'s palace" if battle["palace"] else \
        f"{names[battle['d']]}'s territory {battle['to'] + 1}"
    step = {"window": "abilities first", "initiative": "initiative damage",
            "regular": "regular damage"}.get(battle["step"], battle["step"])
    words = f"Battle for {where}: {step}"
    parts = []
    for seat in (battle["a"], battle["d"]):
        pools = battle["pools"][seat]
        if pools is None:
            continue
        left = f"{pools['damage']}" + (f" + {pools['artillery']} Artillery"
                                       if pools["artillery"] else "")
        parts.append(f"{names[seat]} has {left} damage left")
    if parts:
        words += " · " + ", ".join(parts)
    if unmanned(state):
        words += " · " + ("the palace stands unmanned" if battle["palace"]
                          else "the bases stand unmanned")
    return words
