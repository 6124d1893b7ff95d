"""Attack the Tower's greedy computer player (the random one is the core's).

It plays as a careful beginner: it builds into its thinnest territory (a territory with
one base falls to the first strong attack, and its survivors go on to the palace),
recruits with its abilities once the renewal's troops are in, calls a renewal when it
gains at least as much as the opponent or has fewer bases, and attacks where a battle
played out on a copy of the game (both sides giving the app's suggested kills) costs the
opponent more than it costs itself, above all where a palace falls. In a battle it plays
what adds fighters, replaces losses or raises the power of its troops that fight, turns a
defending Carrier (whose Artillery cannot hurt troops) into one more base, and gives its
damage as the app suggests."""

from __future__ import annotations

from companion.core.agents import Agent
from companion.games.att import abilities, damage, model, plans
from companion.games.att.data import tables

CALM = 3  # after this round, a plan may cost more than it gains, by PATIENCE a round more:
PATIENCE = 2.0  # a stalled game is worth breaking (docs/balance.md: fewer games reach ATT-END;
# CALM 8 until issue 35's speed pass: from round 3 the greedy player beats that one in 55.6 %
# of 1,000 games, in 10 % fewer actions a game, with the study's bands kept)
BURNS = 5  # ATT-SETUP: a person burns as often as they like; a computer player stops here,
# so that a simulation ends (five burns go through every card of a pile)


class GreedyAgent(Agent):
    name = "greedy"

    def choose(self, rules, state) -> dict:
        legal = rules.legal_actions(state)
        kind, seat = state["await"]["kind"], state["await"]["player"]
        pick = getattr(self, f"on_{kind}", None)
        choice = pick(rules, state, seat, legal) if pick else None
        return choice if choice is not None else legal[0]

    # -- cards ------------------------------------------------------------------------------
    def on_draw(self, rules, state, seat, legal):
        """As many base cards as there are empty slots to fill (bases in hand counted)."""
        player = state["players"][seat]
        empty = 0
        for territory in player["board"]:
            empty += territory.count(None)
        bases = model.army(state, seat).bases  # read once, not once a card
        in_hand = 0
        for card in player["hand"]:
            if card in bases:
                in_hand += 1
        want = max(0, min(empty - in_hand, state["await"]["left"]))
        return min(legal, key=lambda a: abs(a["bases"] - want))

    def on_burn(self, rules, state, seat, legal):
        army_bases = model.army(state, seat).bases
        bases = sum([c in army_bases for c in state["players"][seat]["hand"]])
        burn = {"type": "burn"}
        if state["players"][seat]["burns"] >= BURNS or burn not in legal:
            return {"type": "keep"}
        return burn if bases < 2 or bases == 5 else {"type": "keep"}

    def on_build(self, rules, state, seat, legal):
        """Onto an empty slot of the thinnest territory, the strongest base first."""
        board = state["players"][seat]["board"]
        builds = [a for a in legal if a["type"] == "build" and
                  board[a["at"][0]][a["at"][1]] is None]
        if not builds:
            return {"type": "done"}
        built = [len(territory) - territory.count(None) for territory in board]
        powers, bases = tables().powers, model.army(state, seat).bases

        def worth(action):
            return (-built[action["at"][0]], -action["at"][0], powers[bases[action["card"]]])

        return max(builds, key=worth)

    def on_discard(self, rules, state, seat, legal):
        census = abilities.Census(state, seat)  # the board counted once for every card
        return min(legal, key=lambda a: self.card_worth(state, seat, a["card"], census))

    def card_worth(self, state, seat, card, census=None) -> float:
        army = model.army(state, seat)
        if card in army.bases:
            player = state["players"][seat]
            empty = sum(base is None for t in player["board"] for base in t)
            return 3 + tables().powers[army.bases[card]] if empty else 1
        return 5 if abilities.useful(state, seat, army.abilities[card].effect, census) else 2

    # -- the turn ---------------------------------------------------------------------------
    def on_renew(self, rules, state, seat, legal):
        """Renew when it recruits and draws at least as much as the opponent, or when it
        has fewer bases (a renewal is the only time to build)."""
        mine = len(model.with_room(state, seat)) + model.extra_recruits(state, seat)
        theirs = len(model.with_room(state, 1 - seat)) + model.extra_recruits(state, 1 - seat)
        built = [sum([len(t) - t.count(None) for t in p["board"]]) for p in state["players"]]
        return {"type": "renew", "renew": mine >= theirs or mine >= 4 or
                built[seat] < built[1 - seat]}

    def on_attacks(self, rules, state, seat, legal):
        plays = [a for a in legal if a["type"] == "play" and self.wanted(state, seat, a)]
        if plays:
            return plays[0]
        attack, worth = self.best_plan(rules, state, seat, legal)
        if attack is not None and worth > -PATIENCE * max(0, state["round"] - CALM):
            return attack
        late = [a for a in legal if a["type"] == "play" and self.wanted(state, seat, a, True)]
        return late[0] if late else {"type": "end_turn"}

    def best_plan(self, rules, state, seat, legal):
        """The first attack of the best wave plan: every territory that may still attack
        sent at one target, the strongest or the weakest first, played out on shapes
        (plans.py); a plan is worth what its best number of waves gains."""
        sources = {a["from"] for a in legal if a["type"] == "attack"}
        specials = max((a["specials"] for a in legal if a["type"] == "attack"), key=len,
                       default=[])
        found = plans.best(state, seat, sources, specials)
        if found is None:
            return None, float("-inf")
        return {"type": "attack", "from": found[0], "to": found[1],
                "specials": specials}, found[2]

    def on_abilities(self, rules, state, seat, legal):
        plays = [a for a in legal if a["type"] == "play" and self.wanted(state, seat, a)
                 and self.effect(state, seat, a).keys() & {"special"}]
        return plays[0] if plays else {"type": "done"}

    def on_window(self, rules, state, seat, legal):
        plays = [a for a in legal if a["type"] == "play" and self.wanted(state, seat, a)]
        battle = state["battle"]
        fighting = battle["from"] if seat == battle["a"] else battle["to"]
        if not battle["palace"] or seat == battle["a"]:
            for a in legal:
                effect = self.effect(state, seat, a) if a["type"] == "play" else {}
                if "sacrifice_boost" in effect and self.spare(state, seat, fighting):
                    return a
                if "after_losses" in effect and damage.side(state, seat):
                    return a
        for a in legal:  # a power above the printed one, for troops in this fight
            raised = self.effect(state, seat, a).get("power") if a["type"] == "play" else None
            if raised and raised["value"] > tables().powers[raised["troop"]] and any(
                    damage.kind_of(state, seat, piece) == raised["troop"]
                    for piece in damage.side(state, seat)):
                return a
        return plays[0] if plays else {"type": "pass"}

    @staticmethod
    def effect(state, seat, action) -> dict:
        return model.army(state, seat).abilities[action["card"]].effect

    def wanted(self, state, seat, action, late=False) -> bool:
        """Abilities that add troops or bases now; the power-for-numbers kind (`late`)
        only once no attack is coming."""
        effect = self.effect(state, seat, action)
        if "special" in effect:
            return True
        if "sacrifice_build" in effect:
            return self.carrier_slot(state, seat) is not None or \
                self.carrier_defends(state, seat) is not None
        if "power" in effect and effect["power"]["value"] < tables().powers[
                effect["power"]["troop"]]:
            return late
        return bool(effect.keys() & {"recruit", "recruit_all"})

    # -- an ability's choices --------------------------------------------------------------
    def on_place(self, rules, state, seat, legal):
        places = [a for a in legal if a["type"] == "place"]
        if not places:
            return {"type": "stop"}
        board = state["players"][seat]["board"]
        return min(places, key=lambda a: (len(board[a["at"][0]][a["at"][1]]["troops"]),
                                          a["at"]))

    def spare(self, state, seat, fighting) -> list:
        """Cheap troops away from the fight, to sacrifice."""
        board = state["players"][seat]["board"]
        return sorted((t for t in model.troops(state, seat) if t[0] != fighting),
                      key=lambda t: model.power(state, seat, board[t[0]][t[1]]["type"], t[2]))

    def on_sacrifice(self, rules, state, seat, legal):
        battle = state["battle"]
        fighting = (battle["from"] if seat == battle["a"] else battle["to"]) if battle else -1
        spare = [t for t in self.spare(state, seat, fighting)
                 if {"type": "sacrifice", "troop": t} in legal]
        if spare:
            return {"type": "sacrifice", "troop": spare[0]}
        return {"type": "done"} if {"type": "done"} in legal else legal[0]

    def on_boost(self, rules, state, seat, legal):
        battle = state["battle"]
        fighting = (battle["from"] if seat == battle["a"] else battle["to"]) if battle else -1
        return next((a for a in legal if a["troop"][0] == fighting), legal[0])

    def carrier_slot(self, state, seat):
        board = state["players"][seat]["board"]
        if not state["players"][seat]["discard"]["base"]:
            return None
        for t, _, base in model.slots(state["players"][seat]):
            if base["type"] == "siege" and base["troops"] and None in board[t]:
                return t
        return None

    def carrier_defends(self, state, seat):
        """The territory under attack where a Carrier, whose Artillery cannot hurt the
        attackers, may become one more base to fight them: with a base discarded and a
        slot free, or a base without troops to build over (its own, once it is
        sacrificed, if it was its only troop)."""
        battle = state["battle"]
        if battle is None or battle["palace"] or battle["d"] != seat or \
                not state["players"][seat]["discard"]["base"]:
            return None
        territory = state["players"][seat]["board"][battle["to"]]
        carriers = [base for base in territory if base and base["type"] == "siege"
                    and base["troops"]]
        if carriers and (None in territory or any(not b["troops"] for b in territory if b)
                         or any(len(b["troops"]) == 1 for b in carriers)):
            return battle["to"]
        return None

    def on_carrier(self, rules, state, seat, legal):
        board = state["players"][seat]["board"]
        defended = self.carrier_defends(state, seat)
        if defended is not None:
            here = [a for a in legal if a["troop"][0] == defended]
            return min(here or legal, key=lambda a: len(board[a["troop"][0]][a["troop"][1]]
                                                         ["troops"]))
        return next((a for a in legal if None in board[a["troop"][0]]), legal[0])

    def on_rebuild(self, rules, state, seat, legal):
        """Onto an empty slot, else over a base with the fewest troops; the strongest."""
        board = state["players"][seat]["board"]

        def worth(a):
            base = board[a["at"][0]][a["at"][1]]
            return (base is None, -len(base["troops"]) if base else 0,
                    tables().powers[a["base"]])

        return max(legal, key=worth)

    def on_assign(self, rules, state, seat, legal):
        return {"type": "suggest"}

