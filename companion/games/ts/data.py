"""Top-Secret's board, Intel and agents, read with the same loader and schema as the
print tool (cards/top-secret/game.yaml: vars.board, vars.limits, vars.colours,
vars.kinds; the intel and agents components), so the engine plays the board that
prints."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.core import printed

GAME_ID = "top-secret"




@dataclass(frozen=True)
class Intel:
    id: str
    colour: str
    value: int
    honeypot: bool

    @property
    def kind(self) -> str:
        """What a player tells the app they drew: tiles of one kind are alike."""
        return f"{self.colour}-honeypot" if self.honeypot else f"{self.colour}-{self.value}"


@dataclass(frozen=True)
class Tables:
    """Everything the rules read from the YAML, once."""

    colours: tuple  # colour ids in die order (TS-INTEL)
    colour_names: dict
    kinds: tuple  # agent kind ids (TS-AGENTS)
    kind_names: dict
    intel: dict  # id -> Intel
    agents: dict  # id -> (team index, kind)
    limits: dict  # win, rounds, actions, on_board, carry, blockades
    board: dict  # rows, long, drops, field, spawn


@cache
def tables() -> Tables:
    loaded = printed.game(GAME_ID)
    v = loaded.vars
    colours = tuple(v["colours"])
    teams = ("black", "white")
    intel = {item.id: Intel(item.id, item.fields["colour"], item.fields["value"],
                            bool(item.fields["honeypot"]))
             for item in loaded.component("intel").items}
    agents = {item.id: (teams.index(item.fields["team"]), item.fields["kind"])
              for item in loaded.component("agents").items}
    return Tables(colours=colours,
                  colour_names={c: v["colours"][c]["name"] for c in colours},
                  kinds=tuple(v["kinds"]),
                  kind_names={k: v["kinds"][k]["name"] for k in v["kinds"]},
                  intel=intel, agents=agents, limits=dict(v["limits"]),
                  board=dict(v["board"]))
