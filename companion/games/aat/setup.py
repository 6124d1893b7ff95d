"""Against All Tyrants setup (AAT-SET-1): checking a setup, roles and bases, the
piles, Infiltrate, the opening hands and the one mulligan (AAT-SET-2)."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected
from companion.core.names import plain_text
from companion.core.tasks import choose, done, push
from companion.games.aat import model as m
from companion.games.aat.data import GAME_ID, SUBFACTIONS

STATE_VERSION = 1
HAND = 5  # AAT-SET-2
DEFAULT_SUBFACTIONS = ("freedom-fighters", "first-leaders-navy")


def check_setup(setup) -> dict:
    """The setup's fields, each checked, so a hand-edited save is refused with a
    reason (Rejected), never a TypeError."""
    if not isinstance(setup, dict):
        raise Rejected("AAT-SET-1", "the setup is a mapping")
    specs = setup.get("players") or [{}, {}]
    if not isinstance(specs, list) or len(specs) != 2 or not all(
            isinstance(s, dict) for s in specs):
        raise Rejected("AAT-SET-1", "Against All Tyrants is a game for 2 players")
    names = []
    for seat, spec in enumerate(specs):
        if not plain_text(spec.get("name")):
            raise Rejected("AAT-SET-1", f"player {seat + 1}: a name is short plain text")
        names.append(spec.get("name") or f"Player {seat + 1}")
    subs = [setup.get(f"subfaction_{seat + 1}", DEFAULT_SUBFACTIONS[seat]) for seat in (0, 1)]
    for sub in subs:
        if not isinstance(sub, str) or sub not in SUBFACTIONS:
            raise Rejected("AAT-GEN-3", f"a subfaction is one of {', '.join(SUBFACTIONS)}")
    attacker = setup.get("attacker", "random")
    if attacker != "random" and (type(attacker) is not int or attacker not in (0, 1)):
        raise Rejected("AAT-BASE-2", "attacker: 'random', 0 or 1")
    cards = setup.get("cards", "virtual")
    if cards not in ("virtual", "tracked"):
        raise Rejected("AAT-SET-1", "cards: virtual or tracked")
    return {"names": names, "subfactions": subs, "attacker": attacker, "cards": cards}


class SetupSteps:
    """Part of AatRules (rules.py)."""

    def new_game(self, setup: dict, seed: int) -> dict:
        given = check_setup(setup)
        for sub in given["subfactions"]:
            if sub not in self.decks:
                raise Rejected("AAT-GEN-3", f"this card set has no {sub} deck")
        state = {"game": GAME_ID, "version": STATE_VERSION,
                 "settings": {"cards": given["cards"]}, "rng": rng.seed_state(seed),
                 "players": [], "table": {}, "next_uid": 1, "escalation": 0, "incidents": 0,
                 "turn": 0, "current": 0, "phase": "setup", "played": 0,
                 "played_cards": [], "tasks": [], "await": None, "doomed": False,
                 "result": None}
        attacker = given["attacker"]
        if attacker == "random":  # AAT-BASE-2: drawn at random if asked
            attacker = rng.randint(state, 0, 1)
        for seat in (0, 1):
            role = "attacker" if seat == attacker else "defender"
            state["players"].append(self.new_player(state, seat, given["names"][seat],
                                                    given["subfactions"][seat], role))
        defender = 1 - attacker
        state["current"] = defender
        push(state, {"do": "infiltrate", "seat": defender},
             {"do": "infiltrate", "seat": attacker}, {"do": "deal"},
             {"do": "mulligan", "seat": defender, "aside": []},
             {"do": "mulligan", "seat": attacker, "aside": []}, {"do": "begin_turn"})
        self.run(state)
        return state

    def new_player(self, state: dict, seat: int, name: str, sub: str, role: str) -> dict:
        """AAT-SET-1 steps 2 and 3: the base of the role placed, the other set aside;
        Special Forces Deck and objective pile apart from the main deck."""
        deck = self.decks[sub]
        theater = "Space" if role == "attacker" else "Planetside"  # AAT-BASE-2
        bases = {self.cards[c]["theaters"][0]: c for c in deck["base"]}
        base_id = bases.get(theater) or deck["base"][0]
        state["table"][f"b{seat}"] = m.new_piece(f"b{seat}", base_id, seat, "base", theater, 0)
        main = list(deck["main"])
        if state["settings"]["cards"] == "tracked":
            main = [m.UNKNOWN] * len(main)
        else:
            rng.shuffle(state, main)  # a physical deck's order is unknown even unshuffled
        return {"name": name, "subfaction": sub, "role": role, "deck": main, "hand": [],
                "discard": [], "special": sorted(deck["special"]),
                "objectives": sorted(deck["objective"]), "removed": [], "aside": [],
                "unused_base": [c for c in deck["base"] if c != base_id],
                "cards": sorted(deck["main"] + deck["special"]), "fatigue": 0,
                "scored": 0, "escaped": 0, "complete": False, "mulligan": None}

    # -- tasks -------------------------------------------------------------------------
    def op_infiltrate(self, state: dict, task: dict, answer) -> list[dict]:
        """AAT-SET-1 step 4, AAT-TRAIT-12: every Infiltrate unit of the Special Forces
        Deck is deployed, in a theater its owner picks, ignoring escalation."""
        seat = task["seat"]
        player = state["players"][seat]
        waiting = [c for c in player["special"] if "Infiltrate" in self.cards[c]["traits"]
                   and self.cards[c]["kind"] == "Unit"]
        if not waiting:
            done(state, task)
            return []
        card_id = waiting[0]
        theaters = list(self.cards[card_id]["theaters"])
        if answer is None and len(theaters) > 1:
            return choose(state, seat, "theater", theaters, f"deploy {self.cards[card_id]['name']}"
                          " (Infiltrate) in which theater?", card=card_id)
        player["special"].remove(card_id)
        push(state, {"do": "enter", "card": card_id, "owner": seat,
                     "theater": answer or theaters[0], "deployed": True, "played": False})
        return [{"kind": "infiltrate", "text": f"{player['name']} deploys "
                 f"{self.cards[card_id]['name']} (Infiltrate)", "player": seat,
                 "card": card_id}]

    def op_deal(self, state: dict, task: dict, answer) -> list[dict]:
        """AAT-SET-1 steps 5 and 6: shuffle the main decks, draw five each."""
        done(state, task)
        events = []
        for seat in (state["current"], 1 - state["current"]):
            m.shuffle_deck(state, seat)
            m.draw(state, seat, HAND)
            events.append({"kind": "drew", "text": f"{state['players'][seat]['name']} draws "
                           f"{HAND} cards", "player": seat, "count": HAND})
        return events

    def op_mulligan(self, state: dict, task: dict, answer) -> list[dict]:
        """AAT-SET-2: once, set any number aside, draw as many, then shuffle them in."""
        seat = task["seat"]
        player = state["players"][seat]
        if answer is None:
            state["await"] = {"kind": "mulligan", "player": seat}
            return []
        if answer["type"] == "set_aside":
            card_id = answer.get("card", m.UNKNOWN)
            m.take_from_hand(player, card_id)
            task["aside"].append(card_id)
            state["await"] = {"kind": "mulligan", "player": seat}
            return [{"kind": "set_aside", "text": f"{player['name']} sets a card aside",
                     "player": seat, "private": True}]
        count = len(task["aside"])
        drawn = m.draw(state, seat, count)
        player["deck"] += task["aside"]
        m.shuffle_deck(state, seat)
        player["mulligan"] = count
        done(state, task)
        text = f"{player['name']} keeps the opening hand" if not count else \
            f"{player['name']} sets {count} card{'s' * (count > 1)} aside, draws {drawn} and " \
            "shuffles the set-aside cards into the deck"
        return [{"kind": "mulligan", "text": text, "player": seat, "count": count}]

    def mulligan_candidates(self, state: dict) -> list[dict]:
        seat = state["await"]["player"]
        hand = state["players"][seat]["hand"]
        if m.tracked(state):
            picks = [{"type": "set_aside"}] if m.UNKNOWN in hand else []
        else:
            picks = [{"type": "set_aside", "card": c} for c in sorted(set(hand))]
        return [{"type": "keep"}] + picks

    def mulligan_problem(self, state: dict, action: dict):
        hand = state["players"][state["await"]["player"]]["hand"]
        if action["type"] == "keep":
            return None
        card_id = action.get("card", m.UNKNOWN if m.tracked(state) else None)
        if not isinstance(card_id, str) or card_id not in hand or \
                (m.tracked(state) and card_id != m.UNKNOWN):
            return ("AAT-SET-2", "set aside a card of your opening hand")
        return None
