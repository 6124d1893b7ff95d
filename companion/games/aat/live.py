"""The simulator's path, inside `live_only()`: one state stepped in place, never
copied nor changed but by `step`. There a prompt's listing, worked out to decide
the prompt, is kept and handed out once by legal_actions instead of being worked
out again; an action handed out is known to pass `problem`; and after a combat
action that changes nothing the other pieces' actions depend on, the next combat
listing is the last one without the acting piece's actions (`carrying`).

Outside live_only nothing here is used: every listing is made afresh.
tests/aat/test_speed_listing.py checks the kept listings against fresh ones."""

from __future__ import annotations

from contextlib import contextmanager
from itertools import repeat
from operator import is_

from companion.games.aat import model as m

# what closes each listed prompt's list (the choice not to act)
CLOSING = {"deploy": "end_phase", "combat": "end_phase", "end": "end_turn",
           "command": "done", "repeat": "stop"}
# the combat actions whose effects reach no other piece's listed actions, unless a
# piece leaves or enters play: an attack changes the attacker (acted, Mark, damage
# from Point-Defense, commanded), its target's damage, Stealth and Shield, and a
# leader's damage if the base's owner passes some on (its one choice); a move,
# the mover (and scoring); a Disruption removal, the piece itself. So does a free
# printed order of only the steps of facts.QUIET_OPS (objective steps change their
# source: the actor, or its leader for a base), whatever targets are chosen. Pieces
# leaving or entering play (and all they set off) change the table's uids.
CARRIED = ("attack", "move", "undisrupt")


class Live:
    """Part of AatRules (rules.py)."""

    live = 0  # inside live_only()
    listed = None  # (state, its await, the listing without its closing action)
    handed = None  # the same, for the listing legal_actions last handed out
    carry = None  # (state, turn, (next uid, pieces), acting uid, listing, destroyed since)

    @contextmanager
    def live_only(self):
        """States stepped in place, never copied nor changed but by step (the
        simulator): a prompt's listing may be kept until it is asked for."""
        self.live += 1
        try:
            yield
        finally:
            self.live -= 1
            self.listed = self.handed = self.carry = None
            self.wounded = None  # Damage.at_health sweeps whole again

    def prompt(self, state: dict, wait: dict, listing: list) -> list[dict]:
        """Set the prompt; live, keep the listing it was decided on."""
        state["await"] = wait
        if self.live:
            self.listed = (state, wait, listing)
        return []

    def kept(self, state: dict) -> list[dict] | None:
        """The listing kept for this very prompt, with its closing action, once."""
        listed = self.listed
        wait = state["await"]
        if listed[1] is not wait or listed[0] is not state:
            return None
        self.listed = None
        self.handed = listed
        return listed[2] + [{"type": CLOSING[wait["kind"]]}]

    def keep_carry(self, kind: str) -> None:
        """A step begins: a carry lasts through the choices the carried action makes
        (its targets, passing damage to a leader), not past any other prompt."""
        if kind != "choose":
            self.carry = None

    def handed_out(self, state: dict, action: dict) -> bool:
        """Live: `action` is one of the very dicts legal_actions handed out for this
        prompt, so it passes `problem` (every listed action does)."""
        handed = self.handed
        return handed is not None and handed[0] is state and \
            handed[1] is state["await"] and any(map(is_, handed[2], repeat(action)))

    def carrying(self, state: dict, action: dict) -> None:
        """Live, before a legal combat action is taken: keep the listing it was
        picked from if the action is one of CARRIED (not an AAT-OBJ-8 clean-up,
        which changes the own base's Computation) or a quiet order (facts.quiet)."""
        handed = self.handed
        if handed is None or handed[0] is not state or handed[1] is not state["await"] or \
                handed[1]["kind"] != "combat":
            return
        move = action["type"]
        if move in CARRIED:
            if action.get("target") == m.BASES[state["current"]]:
                return
        elif move != "order" or type(action["order"]) is not int or not self.facts[
                state["table"][action.get("leader") or action["unit"]]["card"]
        ].quiet[action["order"]]:
            return
        self.carry = (state, state["turn"], (state["next_uid"], len(state["table"])),
                      action["unit"], handed[2], [])

    def carried(self, state: dict) -> list[dict] | None:
        """The combat listing after a carried action: the last one without the acting
        piece's actions (the same dicts: actions are never changed, and one taken is
        not listed again, its piece having acted), if no piece entered play since.
        Pieces destroyed since (carry[5], from Damage.op_destroy) may only be the
        actor, setting off nothing (no Backup, no Sympathized), and enemy pieces that
        screened nothing (no working Defender, no Fighter, no Capital unit): then the
        attacks on them go too. Else None: the listing is made afresh."""
        carry, self.carry = self.carry, None
        if carry is None or carry[0] is not state or carry[1] != state["turn"]:
            return None
        # live, a piece enters play only by op_enter, with a new uid (next_uid), and
        # whatever leaves makes the table smaller: the same uids are the same count
        uid, fallen = carry[3], carry[5]
        if (state["next_uid"], len(state["table"]) + len(fallen)) != carry[2]:
            return None
        if not fallen:
            return [a for a in carry[4] if a["unit"] != uid]
        gone = {p["uid"] for p in fallen}
        current = state["current"]
        for p in fallen:
            f = self.facts[p["card"]]
            if p["owner"] == current:
                traits = self.cards[p["card"]]["traits"]
                if p["uid"] != uid or "Backup" in traits or "Sympathized" in traits:
                    return None
            elif p["kind"] == "unit" and (f.fighter or f.capital or (
                    f.defender and "disruption" not in p["tokens"])):
                return None
        return [a for a in carry[4] if a["unit"] != uid and a.get("target") not in gone]
