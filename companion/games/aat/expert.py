"""Against All Tyrants' expert computer player: greedy play (ai.py) improved by
lookahead.

At each decision with a choice, greedy's scores pick the few actions worth a look
(`WIDTH`); each is played on a copy of the position in which the cards this seat
cannot see are dealt anew (expert_hidden.py), both sides play on greedily to a
turn's end (`HORIZON`: the end of my turn, or of the opponent's reply), and the
position reached is valued by a network fitted on who wins such positions
(expert_value.py). The best value is played (expert_look.py). An action greedy
scores as winning now is played at once."""

from __future__ import annotations

from companion.games.aat.ai import GreedyAgent, Look
from companion.games.aat.ai_reading import WIN
from companion.games.aat.expert_look import Lookahead

# per prompt kind: how far a candidate is played on (turns' ends), how many are tried;
# combat actions are greedy's (looking ahead there changed 3 % of them, for a third
# more time and no measurable strength)
HORIZON = {"deploy": 2, "end": 2, "choose": 2}
WIDTH = {"deploy": 3, "end": 3, "choose": 3}


class ExpertAgent(GreedyAgent):
    name = "expert"

    def __init__(self, seed: int):
        super().__init__(seed)
        self.ahead: Lookahead | None = None

    def choose(self, rules, state) -> dict:
        actions = rules.legal_actions(state)
        seat = rules.acting_seat(state)
        ahead = self.ahead
        if ahead is None or ahead.cards is not rules.cards:
            ahead = self.ahead = Lookahead(rules, self.random)
        kind = state["await"]["kind"]
        if len(actions) == 1 or kind not in HORIZON:
            pick = actions[0] if len(actions) == 1 else self.greedy(rules, state, actions)
            ahead.follow(seat, pick)
            return pick
        look = Look(self, rules, state, seat)
        scored = sorted(((look.score(a), self.random.random(), i) for i, a in
                         enumerate(actions)), reverse=True)
        if scored[0][0] >= WIN:
            ahead.follow(seat, actions[scored[0][2]])
            return actions[scored[0][2]]
        picks = [actions[i] for _, _, i in scored[:WIDTH[kind]]]
        return ahead.best(state, seat, picks, HORIZON[kind])

    def greedy(self, rules, state, actions: list[dict]) -> dict:
        """Greedy's own pick, where the expert does not look ahead (combat, mulligan)."""
        look = Look(self, rules, state, rules.acting_seat(state))
        return max(actions, key=lambda a: (look.score(a), self.random.random()))
