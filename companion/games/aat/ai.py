"""Against All Tyrants' greedy computer player (the random one is the core's).

It scores each legal action with a heuristic and plays the best, ties broken on
its seeded generator (so a seed gives the same game; moves and Shield or Stealth
orders are scored last, and only as far as a bound says they may still be the best:
the same pick). No lookahead, so balance
simulations of thousands of games stay fast; instead one reading of the table per
decision (`Look`; in the simulator, what nothing since has changed is kept from the
last one: ai_carry.py) says what every piece is worth to its owner, what threatens
what, and how each side's race stands:

- the base race: damage on the enemy base weighs more the lower it is, a unit's
  worth counts the damage it can bring to a base next turn, and the Defender (or
  screening Fighter or Capital) that alone keeps a unit off a base is worth what
  that unit would deal;
- every alternate objective has its own plan, played the same way whoever plays
  it: Escape from Space after coming up (AAT-OBJ-3); Rogue Transports go down when
  they can live through the enemy turn, load, come up (AAT-OBJ-4); Beacons charge
  and transmit at 2, or sooner if they would not live or it wins (AAT-OBJ-5); the
  Cracker is placed at 5 and fired, disrupted or killed on sight, and disruption
  held back for it (AAT-OBJ-6); Computation goes on the Cores and Ascends
  (AAT-OBJ-7); Mainframes go down, fill, Upload when full or when it wins, and the
  Viral defender cleans up just enough (AAT-OBJ-8);
- the objective pieces of either side are worth more the closer they bring it
  to winning, so both sides race for and against them alike;
- Command is counted in the leader's order, damage to the base is passed to a
  leader while it keeps it alive (or to save the base), Marks are spent to reach
  a guarded unit or a leader when it pays, protection (Shield, Stealth, repair)
  goes where the enemy can strike next turn."""

from __future__ import annotations

from companion.core.agents import Agent
from companion.games.aat import model as m
from companion.games.aat.ai_actions import UnitActions
from companion.games.aat.ai_carry import kept_for
from companion.games.aat.ai_effects import EffectValues
from companion.games.aat.ai_memo import memo_for
from companion.games.aat.ai_plays import PlaysAndChoices
from companion.games.aat.ai_reading import Reading

TRAIT_WORTH = {"Armor": 2.5, "Repeater": 3, "Compute": 1, "Supply": 2, "Funds": 1, "Mark": 1,
               "Point-Defense": 1.5, "Bomber": 1, "Torpedo": 1, "Sympathized": 2,
               "Backup": 0.5, "Pierce": 0.5}
FLAGS = {"Stealth": 2, "Defender": 2, "Defended": 1, "Mainframe": 1, "Capital": 2,
         "Fighter": 1}


INF = float("inf")


def game_frame(table: dict, players: list, seat: int) -> tuple:
    """(table, seat, enemy, both goals, the seat's, the enemy's, the bases, the seat's
    theater, the enemy's)."""
    enemy = 1 - seat
    goals = (m.OBJECTIVES[players[0]["subfaction"], players[0]["role"]],
             m.OBJECTIVES[players[1]["subfaction"], players[1]["role"]])
    bases = (table["b0"], table["b1"])
    return (table, seat, enemy, goals, goals[seat], goals[enemy], bases,
            bases[seat]["theater"], bases[enemy]["theater"])


def first(actions: list, one: dict, other: dict | None) -> bool:
    """Is `one` listed before `other` (None: there is none)?"""
    for action in actions:
        if action is one:
            return True
        if action is other:
            return False
    return True


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int):
        super().__init__(seed)
        self.worth: dict = {}
        self.memo = None  # what it reads of the cards, shared by its rules' games
        self.kept = None  # its last decision's reading, live (ai_carry.py)
        self.frame = None  # what its game does not change (Look)

    def choose(self, rules, state) -> dict:
        actions = rules.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        look = Look(self, rules, state, rules.acting_seat(state))
        weigh = look.weigh
        draw = self.random.random
        # (score, a draw): the best pair wins, the first of equal pairs; one draw an
        # action, in order. Moves and Shield and Stealth orders are weighed after the
        # rest, each only as far as it may still win (Look.unless_below: most cannot)
        best, chance, pick = -INF, -1.0, None
        later = None
        for action in actions:
            value, odds = weigh(action), draw()
            if value is None:  # weighed last
                if later is None:
                    later = []
                later.append((action, odds))
            elif value > best or (value == best and odds > chance):
                best, chance, pick = value, odds, action
        if later is not None:
            for action, odds in later:
                value = look.unless_below(action, best)
                if value is not None and (value > best or value == best and (
                        odds > chance or odds == chance and first(actions, action, pick))):
                    best, chance, pick = value, odds, action
        return pick

    def value(self, rules, card_id: str) -> float:
        """What a card is worth in play, from its printed numbers alone."""
        if card_id not in self.worth:
            card = rules.cards[card_id]
            worth = card["attack"] * 1.5 + card["health"] * 0.8
            for trait, value in card["traits"].items():
                if trait in TRAIT_WORTH and type(value) is int:
                    worth += TRAIT_WORTH[trait] * min(value, 4)
                worth += FLAGS.get(trait, 0)
                if trait in ("Transport", "Command"):
                    worth += 1.5 * value["count"]
            self.worth[card_id] = worth
        return self.worth[card_id]


class Look(Reading, UnitActions, EffectValues, PlaysAndChoices):
    """One reading of the table for one decision of `seat`: the readings are cached
    (ai_reading.py), the scores come from the parts named in their modules."""

    __slots__ = ("agent", "rules", "state", "seat", "cards", "memo", "working", "quiet",
                 "enemy", "table", "goals", "goal", "their_goal", "bases", "home", "front",
                 "units", "leaders", "_here", "level", "_weight", "_worth", "_danger", "_kill",
                 "_block", "_guarded", "_serving", "_orders", "_commands", "_hunted", "_board",
                 "_threat", "_held_off", "_health", "_attack",
                 "__dict__")  # __dict__: room for a subclass

    def __init__(self, agent: GreedyAgent, rules, state: dict, seat: int):
        self.agent, self.rules, self.state, self.seat = agent, rules, state, seat
        self.cards = rules.cards
        memo = agent.memo
        if memo is None or memo.rules is not rules:
            memo = agent.memo = memo_for(rules)
        self.memo = memo
        if memo.known != len(self.cards):
            memo.read_cards()
        self.working, self.quiet = memo.working, memo.quiet
        self._health, self._attack = memo.health, memo.attack  # by card id
        self.table = table = state["table"]
        # what a game does not change (the goals, the bases): kept with the table, live
        frame = agent.frame
        if frame is None or frame[0] is not table or frame[1] != seat or not rules.live:
            frame = agent.frame = game_frame(table, state["players"], seat)
        (_, _, self.enemy, self.goals, self.goal, self.their_goal, self.bases, self.home,
         self.front) = frame
        # the pieces sorted and the seat-free readings, kept while nothing they read
        # changed (ai_carry.py)
        (self.units, self.leaders, self._here, self._weight, self._worth, self._kill,
         self._serving, self._danger, self._block, self._guarded, self._held_off,
         self._threat) = kept_for(agent, rules, state, seat)
        self.level = state["escalation"]
        self._orders: dict = {}  # (these read units' damage, or whether they acted)
        self._commands: dict = {}
        self._hunted: dict = {}
        self._board = None

    def score(self, action: dict) -> float:
        """What `action` is worth to the seat."""
        value = self.weigh(action)
        return self.unless_below(action, -INF) if value is None else value

    def weigh(self, action: dict) -> float | None:
        """score, but None for a move or a Shield or Stealth order (GreedyAgent.choose
        weighs those last, unless_below)."""
        kind = action["type"]
        if kind == "attack":  # most of them, by far
            value = self.attack_score(action)
            command = self._commands.get(action["unit"])
            return value + (command if command is not None else self.commands(action))
        if kind == "order":  # (the others by how many a game)
            name = action["order"]
            if type(name) is int and not action.get("leader") and \
                    self.memo.guarding(self.table[action["unit"]]["card"])[name]:
                return None  # a Shield or Stealth order, weighed last too
            return self.unit_action_score(action) + self.commands(action)
        if kind == "end_phase":
            return 0.0
        if kind == "move":
            return None
        if kind == "choose":
            return self.choice_score(action["value"])
        if kind == "play":
            return self.play_score(action)
        if kind == "undisrupt":
            return self.unit_action_score(action) + self.commands(action)
        if kind == "place_objective":
            return 80.0
        if kind == "set_aside":  # dear cards cannot be played early (printed cards: keep)
            card = self.cards.get(action.get("card"))
            return 1.0 if card and card["escalation"] >= 2 else -1.0
        if kind == "keep":
            return 0.5
        return 0.0  # end_turn, done, stop
