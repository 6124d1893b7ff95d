"""Listing the combat actions (AAT-TURN-6) with the table read once per listing:
the other side's units are read as attack targets (`foes`: each one's flags and
the side's screens, AAT-CMB-1) and every attacker of one profile gets the same
targets, so no candidate attack needs its own scan of the table.

The listing must agree exactly with `Combat.attack_problem` and
`Orders.order_problem`, which still judge one action (step's check); the order
of the list is the table's, as the random player picks by index."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat.facts import CAPITAL, FIGHTER, MARKED, NO_CAPITAL, NO_FIGHTER


def no_foes() -> list:
    """[entries, a working Defender, a Fighter, a Capital unit] of no units."""
    return [[], False, False, False]


def add_foe(foe: list, p: dict, f) -> None:
    """Unit `p` (card facts `f`) as a target: (uid, Capital, Fighter, guarded if a
    Defender works: Defended, not a Defender, not disrupted); and the screens it
    makes (AAT-TRAIT-8, 9, 6; Fighter and Capital work even under Disruption)."""
    if "disruption" in p["tokens"]:
        foe[0].append((p["uid"], f.capital, f.fighter, False))
    else:
        foe[0].append((p["uid"], f.capital, f.fighter, f.guarded))
        if f.defender:
            foe[1] = True
    if f.fighter:
        foe[2] = True
    if f.capital:
        foe[3] = True


def reach_of(state: dict, foe: list, leaders: list, owner: int, theater: str,
             code: int) -> list[tuple]:
    """(target uid, mark) of the attacks of an attacker of profile `code`
    (facts.CardFacts.reach) of `owner` in `theater`, where the enemy's units are
    `foe` and its leaders `leaders`: enemy units, the enemy base, its leaders (with
    a Mark, AAT-LEAD-3), then the own base (a Viral clean-up, AAT-OBJ-8)."""
    entries, defender, fighters, capitals = foe
    no_capital, no_fighter, marked = code & NO_CAPITAL, code & NO_FIGHTER, code & MARKED
    out = []
    for uid, capital, fighter, guarded in entries:
        if (no_capital and capital) or (no_fighter and fighter):
            continue  # AAT-TRAIT-6, AAT-TRAIT-9
        if defender and guarded:  # AAT-TRAIT-8: only a Mark passes the Defender
            if marked:
                out.append((uid, True))
        else:
            out.append((uid, False))
    enemy = 1 - owner
    table = state["table"]
    base = table[m.BASES[enemy]]
    if base["theater"] == theater:
        if not defender and not (code & FIGHTER and fighters) and \
                not (code & CAPITAL and capitals):
            out.append((base["uid"], False))
        if marked:
            for lead in leaders:
                out.append((lead["uid"], True))
    own = table[m.BASES[owner]]
    if own["theater"] == theater and own["tokens"].get("computation", 0) and \
            m.objective(state, enemy) == "viral":
        out.append((own["uid"], False))
    return out


class Board:
    """The table read for attacks and orders outside the combat listing: units by
    owner and theater, leaders by owner, each side's foes per theater and the
    targets per attacker profile, each read on first use."""

    __slots__ = ("state", "facts", "sides", "leaders", "foe", "reach")

    def __init__(self, state: dict, facts):
        self.state, self.facts = state, facts
        self.sides = self.leaders = None
        self.foe: dict = {}  # (owner, theater) -> foes
        self.reach: dict = {}  # (owner, theater, profile) -> targets

    def scan(self) -> None:
        sides: dict = {}
        leaders: dict = {}
        for p in self.state["table"].values():
            kind = p["kind"]
            if kind == "unit":
                sides.setdefault(p["owner"], {}).setdefault(p["theater"], []).append(p)
            elif kind == "leader":
                leaders.setdefault(p["owner"], []).append(p)
        self.sides, self.leaders = sides, leaders

    def units(self, owner: int, theater: str) -> list:
        if self.sides is None:
            self.scan()
        return self.sides.get(owner, {}).get(theater, ())

    def leaders_of(self, owner: int) -> list:
        if self.leaders is None:
            self.scan()
        return self.leaders.get(owner, ())

    def foes(self, owner: int, theater: str) -> list:
        key = (owner, theater)
        found = self.foe.get(key)
        if found is None:
            found = self.foe[key] = no_foes()
            for u in self.units(owner, theater):
                add_foe(found, u, self.facts[u["card"]])
        return found


def screen(state: dict, facts, owner: int, theater: str) -> tuple:
    """(a working Defender, a Fighter, a Capital unit) among one side's units in a
    theater, straight from the table (Combat.attack_problem judges one attack)."""
    defender = fighter = capital = False
    for u in state["table"].values():
        if u["kind"] == "unit" and u["owner"] == owner and u["theater"] == theater:
            f = facts[u["card"]]
            fighter = fighter or f.fighter
            capital = capital or f.capital
            defender = defender or (f.defender and "disruption" not in u["tokens"])
    return defender, fighter, capital


class Reach:
    """Part of AatRules (rules.py)."""

    def attack_targets(self, state: dict, p: dict, board: Board | None = None) -> list[tuple]:
        """(target uid, mark) of every legal attack by `p`, as attack_problem judges
        them (a new list; from a board, one shared with its profile)."""
        fresh = board is None
        if fresh:
            board = Board(state, self.facts)
        f = self.facts[p["card"]]
        tokens = p["tokens"]
        code = f.reach if "disruption" not in tokens else f.reach_disrupted
        if tokens.get("mark", 0):
            code |= MARKED
        owner, theater = p["owner"], p["theater"]
        key = (owner, theater, code)
        found = board.reach.get(key)
        if found is None:
            found = board.reach[key] = reach_of(state, board.foes(1 - owner, theater),
                                                board.leaders_of(1 - owner), owner, theater,
                                                code)
        return list(found) if fresh else found

    def unit_actions(self, state: dict, p: dict, board: Board | None = None) -> list[dict]:
        """Everything `p` (a unit or base able to act) could do as one action."""
        uid = p["uid"]
        if "disruption" in p["tokens"]:  # AAT-TOK-5
            return [{"type": "undisrupt", "unit": uid}]
        if board is None:
            board = Board(state, self.facts)
        if p["kind"] != "unit":
            return self.order_actions(state, p, board.leaders_of(p["owner"]))
        out = [{"type": "attack", "unit": uid, "target": t, "mark": mark}
               for t, mark in self.attack_targets(state, p, board)]
        if self.facts[p["card"]].both:
            out.append({"type": "move", "unit": uid})
        return out + self.order_actions(state, p, board.leaders_of(p["owner"]))

    def combat_actions(self, state: dict, any_one: bool = False) -> list[dict]:
        """The current player's actions (`any_one`: stop at the first found): each
        unit's and base's unit_actions, in table order. One pass over the table
        finds the pieces able to act (not yet acted, m.can_act, no leader), reads
        the other side's units as foes and groups the leaders; then each actor."""
        current, turn = state["current"], state["turn"]
        facts = self.facts
        foes = {"Space": [[], False, False, False], "Planetside": [[], False, False, False]}
        mine: list = []
        theirs: list = []
        actors = []
        for p in state["table"].values():
            kind = p["kind"]
            if p["owner"] == current:
                if kind == "leader":
                    mine.append(p)
                elif not p["acted"] and (kind == "base" or p["entered"] != turn):
                    actors.append(p)
            elif kind == "unit":
                foe = foes.get(p["theater"])
                if foe is None:
                    foe = foes[p["theater"]] = no_foes()
                add_foe(foe, p, facts[p["card"]])
            elif kind == "leader":
                theirs.append(p)
        reach: dict = {}
        goal = None
        out: list = []
        add = out.append
        for p in actors:
            uid = p["uid"]
            tokens = p["tokens"]
            if "disruption" in tokens:  # AAT-TOK-5
                add({"type": "undisrupt", "unit": uid})
            elif p["kind"] != "unit":
                out += self.order_actions(state, p, mine)
            else:
                f = facts[p["card"]]
                theater = p["theater"]
                code = (f.reach | MARKED) if tokens.get("mark", 0) else f.reach
                key = (theater, code)
                found = reach.get(key)
                if found is None:
                    found = reach[key] = reach_of(state, foes.get(theater) or no_foes(),
                                                  theirs, current, theater, code)
                for t, mark in found:
                    add({"type": "attack", "unit": uid, "target": t, "mark": mark})
                if f.both:
                    add({"type": "move", "unit": uid})
                if f.orders:
                    out += self.order_actions(state, p, mine)
                else:  # no printed order: Escape or Upload (Objectives.rule_order_problem)
                    if goal is None:
                        goal = m.objective(state, current)
                    if goal == "evacuation":
                        if f.transport and theater == "Space" and p["planetside"]:
                            add({"type": "order", "unit": uid, "order": "escape"})
                    elif goal == "viral" and f.mainframe and \
                            theater == state["table"][m.BASES[1 - current]]["theater"]:
                        add({"type": "order", "unit": uid, "order": "upload"})
            if any_one and out:
                break
        return out
