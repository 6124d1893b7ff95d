"""Above Top Secret: invariants the simulator and property tests check after every action."""

from __future__ import annotations

from companion.games.ats import model as m


class Invariants:
    """Part of AtsRules (rules.py)."""

    def snapshot_for_checks(self, state: dict):
        return [[a for a, hp in p["bases"].items() if hp == 0] for p in state["players"]]

    def conserved(self, player, tracked: bool) -> bool:
        """All 40 defense cards across deck, hand, discard, removed and line: each
        known card once (tracked mode: the rest are "?")."""
        held = (player["deck"] + player["hand"] + player["discard"] + player["removed"]
                + [s["card"] for s in player["line"] if s])
        if len(held) != len(self.all_ids):
            return False
        if not tracked:
            return set(held) == self.all_ids
        known = [c for c in held if c != m.UNKNOWN]
        return len(set(known)) == len(known) and self.all_ids.issuperset(known)

    def invariants(self, state: dict, previous=None) -> list[str]:
        broken = []
        if previous is not None:
            for player, gone in zip(state["players"], previous, strict=True):
                if gone and any(player["bases"][area] != 0 for area in gone):
                    broken.append(f"{player['name']}: a destroyed base area came back")
        tracked = state["settings"]["cards"] == "tracked"
        for player in state["players"]:
            name = player["name"]
            if not 0 <= min(player["bases"].values()) <= max(player["bases"].values()) <= 100:
                broken.append(f"{name}: base HP out of 0-100")
            if not 1 <= player["clearance"] <= 5 or not 1 <= m.clearance(player) <= 5:
                broken.append(f"{name}: clearance out of 1-5")
            if state["phase"] != "setup" and not self.conserved(player, tracked):
                broken.append(f"{name}: defense cards not conserved")
        alive = {p["team"] for p in state["players"] if not p["out"]}
        if (state["phase"] == "over") != (len(alive) <= 1 and state["phase"] != "setup"):
            broken.append("game over does not match the win condition")
        if state["phase"] in ("turn", "cleanup") and state["command"] not in range(
                len(state["teams"])):
            broken.append("no single holder of the Command token")
        return broken
