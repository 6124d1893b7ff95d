"""What may be done: each prompt's actions, and why one may not be taken. Every
listed action passes `problem`, the same check `step` makes. (Inside live_only,
the listing a prompt was decided on is handed out instead: live.py.)"""

from __future__ import annotations

from companion.games.aat import model as m

# the action types that answer each prompt kind (AatRules.accepts)
ANSWERS = {"mulligan": ("set_aside", "keep"), "deploy": ("play", "end_phase"),
           "combat": ("attack", "order", "move", "undisrupt", "end_phase"),
           "end": ("place_objective", "end_turn"),
           "command": ("attack", "order", "move", "undisrupt", "done"),
           "repeat": ("attack", "stop"), "choose": ("choose",)}
UNIT_MOVES = ("attack", "order", "move", "undisrupt")


class LegalMoves:
    """Part of AatRules (rules.py)."""

    def legal_actions(self, state: dict) -> list[dict]:
        wait = state["await"]
        if wait is None:
            return []
        if self.listed is not None:  # live: the listing the prompt was decided on
            kept = self.kept(state)
            if kept is not None:
                return kept
        kind = wait["kind"]
        if kind == "choose":
            return [{"type": "choose", "value": o} for o in wait["options"]]
        if kind == "mulligan":
            return self.mulligan_candidates(state)
        if kind == "deploy":
            return self.play_actions(state) + [{"type": "end_phase"}]
        if kind == "combat":
            return self.combat_actions(state) + [{"type": "end_phase"}]
        if kind == "end":
            return [{"type": "place_objective", "card": c}
                    for c in self.placeable(state, state["current"])] + [{"type": "end_turn"}]
        if kind == "command":
            return self.command_actions(state) + [{"type": "done"}]
        unit = state["table"][wait["unit"]]  # repeat
        return [{"type": "attack", "unit": unit["uid"], "target": t, "mark": mark}
                for t, mark in self.attack_targets(state, unit)] + [{"type": "stop"}]

    def accepts(self, state: dict) -> set[str]:
        """Every move of the prompt, legal or not, so its ruling explains a refusal."""
        return set(ANSWERS[state["await"]["kind"]])

    def problem(self, state: dict, action: dict) -> tuple | None:
        """Why `action` does not answer the prompt (rule, reason), or None."""
        kind, move = state["await"]["kind"], action.get("type")
        if move not in ANSWERS[kind]:
            return ("AAT-TURN-1", f"now: {kind.replace('_', ' ')}, not {move!r}")
        if kind == "mulligan":
            return self.mulligan_problem(state, action)
        if move == "play":
            return self.play_problem(state, action)
        if move == "place_objective":
            return self.place_problem(state, action)
        if move in UNIT_MOVES:
            return self.action_problem(state, action)
        return None

    def choice_problem(self, state: dict, action: dict) -> tuple | None:
        if action.get("value") not in state["await"]["options"]:
            return ("AAT-TURN-1", "choose one of the offered options")
        return None

    def hand_view(self, state: dict, seat: int) -> list[str]:
        """The player's hand as card ids ("?" for unknown printed cards)."""
        return sorted(state["players"][seat]["hand"], key=lambda c: (c == m.UNKNOWN, c))
