"""The quick choices made inside the expert's lookahead, for every player, until the
next turn begins: cheap rules of thumb, so the lookahead costs little more than the
engine's own steps. What they choose is the same for every choice being compared."""

from __future__ import annotations

from companion.games.ats import model as m
from companion.games.ats.expert_eval import card_value

END_TURN = {"type": "end_turn"}
SKIP = {"type": "skip"}


def quick(rules, state: dict, helper) -> dict:
    """An action for the prompt: a turn in a Sacrifice is ended, a gap takes the best
    card for it, no clearance is bought, the hardest hitter is cloaked, the least card
    is discarded; the rest (a prompt of a combat or an Encounter) is `helper`'s."""
    wait = state["await"]
    kind, seat = wait["kind"], wait.get("player")
    if kind == "main":
        return END_TURN
    if kind == "advance":
        return SKIP
    if kind == "reinforce":
        options = m.hand_choices(state, seat, wait["level"])
        return {"type": "reinforce", "card": max(options, key=card_value)}
    if kind == "discard":
        return {"type": "discard", "card": min(m.hand_choices(state, seat), key=card_value)}
    if kind == "cloak":
        line = state["players"][seat]["line"]
        level = max((lv for lv, s in enumerate(line, 1) if s),
                    key=lambda lv: m.eff_atk(line[lv - 1]))
        return {"type": "cloak", "level": level}
    return helper.choose(rules, state)
