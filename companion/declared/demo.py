"""A mid-game demo position of a declared table, for screenshots: two players take
turns as a tidy player would (play a card, else draw, roll, then move on) until the
third turn begins, so hands, played cards and counters all show something."""

from __future__ import annotations

from companion.core.demo import play_until
from companion.core.session import Session

PREFERRED = ("play", "told", "draw", "roll", "phase", "pass", "discard")


class TidyPlayer:
    """Plays the first offer of the most preferred kind (never a counter's tap)."""

    def __init__(self, seed: int):
        self.acted = set()

    def choose(self, rules, state: dict) -> dict:
        offers = rules.legal_actions(state)
        turn = (state["turn"]["number"], state["turn"]["phase"])
        for kind in PREFERRED:
            found = [a for a in offers if a["type"] == kind]
            if found and (kind not in ("play", "told", "draw", "roll") or
                          (turn, kind) not in self.acted):
                self.acted.add((turn, kind))
                return found[0]
        return offers[-1]


def demo_session(folder: str, seed: int = 3) -> Session:
    from companion.declared.rules import DeclaredRules

    rules = DeclaredRules(folder)
    setup = {"players": [{"name": "Ann"}, {"name": "Bob"}]}
    if any(option.id == "first" for option in rules.spec.options):
        setup["first"] = 0
    return play_until(rules, setup, seed, TidyPlayer,
                      lambda session: session.state["turn"]["number"] >= 3)
