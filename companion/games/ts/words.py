"""A held piece's words (no Kivy, so they are tested fast): what the printed piece
means, its printed rich text as Kivy markup ('**1 action:**' bold, never the stars),
and what the table says of it now (what an agent holds and would score, a pin, whose
blockade and when it goes)."""

from __future__ import annotations

import re

from companion.core import printed
from companion.games.ts.data import GAME_ID, tables
from companion.games.ts.geometry import board
from companion.games.ts.model import frees, intel_name


def markup(text: str) -> str:
    """Printed rich text ('**1 action:** move') as Kivy markup ('[b]1 action:[/b] move'),
    any bracket of the text itself kept as text."""
    text = text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
    return re.sub(r"\*\*(.+?)\*\*", r"[b]\1[/b]", text)


def piece_words(component: str, item: str) -> str:
    """What a held piece means, below its picture (Kivy markup)."""
    if component == "agents":
        kind = tables().agents[item][1] if item in tables().agents else None
        if kind:
            look = printed.game(GAME_ID).vars["kinds"][kind]
            return f"[b]{tables().kind_names[kind]}:[/b] {markup(look['rules'])}"
    if component == "intel" and item in tables().intel:
        tile = tables().intel[item]
        colour = tables().colour_names[tile.colour]
        if tile.honeypot:
            return (f"[b]A {colour} Honeypot:[/b] an agent that gains it is out of the game "
                    "for good, and its Intel goes back into the bag (TS-HONEYPOT).")
        return (f"[b]{colour} {tile.value}:[/b] scores {tile.value} when the agent holding it "
                f"retires on a * tile. It falls down-left when the {colour} die is odd, "
                "down-right when it is even.")
    if component == "markers" and item == "blockade":
        return ("[b]Blockade:[/b] no agent stops on it (a Smuggler slips through); Intel "
                "that would fall onto it falls the other way, and with blockades on both "
                "sides below it stays (TS-BLOCKADE, TS-REDIRECT, TS-STOP).")
    return ""


def until(state: dict, turn: int) -> str:
    """'the end of Bob's turn (this one)' / 'the end of Bob's next turn'."""
    name = state["players"][frees(state, turn)]["name"]
    return f"the end of {name}'s turn (this one)" if turn == state["turn"] else \
        f"the end of {name}'s next turn"


def held_words(state: dict, space: int) -> str:
    """A space's piece held: its words, then what the table says of it now."""
    agent_id, intel = state["spots"][space], state["board"][space]
    where = board().names[space]
    if agent_id is not None:
        agent = state["agents"][agent_id]
        owner = state["players"][agent["seat"]]["name"]
        lines = [piece_words("agents", agent_id), f"{owner}'s, on {where}."]
        if agent["held"]:
            points = sum(tables().intel[i].value for i in agent["held"])
            lines.append(f"Holds {', '.join(intel_name(i) for i in agent['held'])}: "
                         f"{points} point{'' if points == 1 else 's'} when it retires on a "
                         "* tile.")
        if agent_id in state["pins"]:
            lines.append("[b]Pinned:[/b] it does not move, retire, pass its Intel on or use "
                         f"its ability until {until(state, state['pins'][agent_id])} "
                         "(TS-PIN).")
        return "\n".join(lines)
    if intel is not None:
        return f"{piece_words('intel', intel)}\nLoose on {where}."
    if state["walls"][space]:
        placer = state["players"][1 - frees(state, state["walls"][space])]["name"]
        return f"{piece_words('markers', 'blockade')}\n{placer}'s, on {where}: it goes at " \
               f"{until(state, state['walls'][space])}."
    return ""
