"""Above Top Secret's strongest computer player (issue 35): it looks one decision ahead.

For each choice worth trying (expert_moves) it plays the choice out on copies of the
table whose hidden cards and dice are drawn again (expert_hidden: it never peeks), makes
the small choices that follow by quick rules (expert_policy) until the next turn begins,
and weighs the table it reaches (expert_eval). Every choice is tried on one copy, the
most promising on more; the same copies serve every choice, so they are compared on equal
luck. It picks its own starting line (expert_line)."""

from __future__ import annotations

from companion.core.agents import Agent
from companion.core.engine import clone
from companion.games.ats.ai import GreedyAgent
from companion.games.ats.expert_eval import W, evaluate
from companion.games.ats.expert_hidden import redraw
from companion.games.ats.expert_line import starting_card
from companion.games.ats.expert_moves import by_rule, candidates
from companion.games.ats.expert_policy import quick

SAMPLES = 2  # copies of the table the most promising candidates are tried on
KEEP = 3  # how many candidates are most promising
STOPS = ("turn_start", "draw")  # a turn begins: the lookahead ends there
NO_SEARCH = ("roll", "turn_start", "draw", "start_card")


class ExpertAgent(Agent):
    name = "expert"

    def __init__(self, seed: int, weights: dict | None = None, samples: int = SAMPLES,
                 random_line: bool = False):
        """`random_line`: start with any card of each level, as greedy does, so that a
        study sees every card played well (expert_study)."""
        super().__init__(seed)
        self.w = weights or W
        self.samples = samples
        self.random_line = random_line
        self.helper = GreedyAgent(self.random.getrandbits(32))  # the small choices ahead

    def choose(self, rules, state) -> dict:
        actions = rules.legal_actions(state)
        wait = state["await"]
        if wait["kind"] == "start_card":
            if self.random_line:
                return self.random.choice(actions)
            return starting_card(actions, wait["level"])
        if len(actions) == 1:
            return actions[0]
        if wait["kind"] in NO_SEARCH or state["settings"]["cards"] != "virtual":
            return self.helper.choose(rules, state)
        return by_rule(state, actions, self.w) or self.search(rules, state, actions)

    def search(self, rules, state, actions) -> dict:
        """The candidate whose copies of the table end best on average: every one tried
        on one copy, the most promising (`KEEP`) on all `self.samples` of them."""
        seat = rules.acting_seat(state)
        options = candidates(state, actions)
        tables = [redraw(state, seat, self.random)]
        totals = [self.trial(rules, tables[0], action, seat) for action in options]
        kept = sorted(range(len(options)), key=totals.__getitem__, reverse=True)[:KEEP]
        if len(options) > 1:
            for _ in range(self.samples - 1):
                tables.append(redraw(state, seat, self.random))
                for i in kept:
                    totals[i] += self.trial(rules, tables[-1], options[i], seat)
        return options[max(kept, key=totals.__getitem__)]

    def trial(self, rules, table, action, seat) -> float:
        """The worth for `seat` of the table reached by `action` on a copy of `table`."""
        trial = clone(table)
        rules.step(trial, action)
        self.settle(rules, trial)
        return evaluate(trial, seat, self.w)

    def settle(self, rules, trial) -> None:
        """Play on until the next turn begins (or the game ends), by quick rules."""
        while trial["await"] is not None and trial["await"]["kind"] not in STOPS:
            rules.step(trial, quick(rules, trial, self.helper))
