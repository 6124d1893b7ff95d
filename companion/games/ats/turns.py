"""Above Top Secret: rounds and turns (R-TURN-1): the encounter roll, the draw and
the main step's moves."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected, die_of
from companion.games.ats import model as m
from companion.games.ats.combat import combat_task, name_of
from companion.games.ats.data import (
    LEVELS,
    defense,
)
from companion.games.ats.effects import encounter_happens, encounter_task


class Turns:
    """Part of AtsRules (rules.py)."""

    def begin_round(self, state) -> list[dict]:
        team = state["teams"][state["command"]]
        starter = team[state["starters"][state["command"]] % len(team)]
        seats = list(range(len(state["players"])))
        state["order"] = [s for s in seats[starter:] + seats[:starter]
                          if not state["players"][s]["out"]]
        state["pos"] = 0
        state["phase"] = "turn"
        return [{"kind": "round", "text": f"Round {state['round']} begins",
                 "round": state["round"]}] + self.begin_turn(state)

    def begin_turn(self, state) -> list[dict]:
        while state["pos"] < len(state["order"]) and \
                state["players"][state["order"][state["pos"]]]["out"]:
            state["pos"] += 1
        if state["pos"] >= len(state["order"]):
            return self.begin_cleanup(state)
        seat = state["order"][state["pos"]]
        m.expire(state, "turn_start", seat)
        state["turn"] = {"player": seat, "attacked": False, "sacrificed": False,
                         "intel": False}
        events = [{"kind": "turn", "text": f"{state['players'][seat]['name']}'s turn",
                   "player": seat}]
        if not state["players"][seat]["enc_deck"]:  # R-ENC-1: no cards, no roll
            return events + self.after_encounter(state)
        state["await"] = {"kind": "turn_start", "player": seat}
        return events

    def on_turn_start(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        self.check_roll(state, action)
        value = action["value"] if self.physical_dice(state) else rng.randint(state, 1, 6)
        player = state["players"][seat]
        hit = encounter_happens(player, value)
        face = die_of(self.dice, "encounter").faces[value - 1]  # what the printed die shows
        empty = value >= 5 and not hit  # R-ENC-1: no encounter card left to reveal
        events = [{"kind": "rolled", "text": f"{player['name']} rolls the Encounter die: "
                   f"{face}" + (" (no card left to reveal)" if empty else ""), "value": value,
                   "player": seat}]
        if not hit:
            return events + self.after_encounter(state)
        return events + self.start_procedure(state, encounter_task(seat, value), "encounter")

    def after_encounter(self, state) -> list[dict]:
        seat = state["turn"]["player"]
        state["await"] = {"kind": "draw", "player": seat}
        return []

    def on_draw(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        player = state["players"][seat]
        if not player["deck"]:
            player["out"] = True
            events = [{"kind": "eliminated", "text": f"{player['name']} cannot draw and is "
                       "out of the game", "player": seat}] + self.check_over(state)
            return events if state["phase"] == "over" else events + self.end_turn(state)
        player["hand"].append(player["deck"].pop(0))
        state["await"] = {"kind": "main", "player": seat}
        return [{"kind": "drew", "text": f"{player['name']} draws a card", "player": seat}]

    def on_main(self, state, action) -> list[dict]:
        return self.main_moves[action["type"]](state, action)

    def do_end_turn(self, state, action) -> list[dict]:
        return self.end_turn(state)

    def do_intel(self, state, action) -> list[dict]:
        """R-ATT-10."""
        seat, turn = state["turn"]["player"], state["turn"]
        player = state["players"][seat]
        if turn["intel"] or turn["attacked"] or turn["sacrificed"]:
            raise Rejected("R-ATT-10", "Intel once per turn, before attacking or sacrificing")
        level = action.get("level")
        slot = player["line"][level - 1] if level in LEVELS else None
        if not slot or not m.has(slot, "Intel") or not m.cleared(player, level):
            raise Rejected("R-ATT-10", "use a cleared, non-Disabled Intel card in your line")
        if action.get("mode") == "self":
            player["clr_mods"].append({"amount": 1, "until": {"event": "turn_end",
                                                              "player": seat}})
            text = f"{player['name']} uses Intel: clearance +1 this turn"
        elif action.get("mode") == "opponent" and action.get("player") in m.opponents(state,
                                                                                       seat):
            target = state["players"][action["player"]]
            target["clr_mods"].append({"amount": -1, "until": {"event": "turn_end",
                                                               "player": action["player"]}})
            text = f"{player['name']} uses Intel: {target['name']}'s clearance -1"
        else:
            raise Rejected("R-ATT-10", "mode is 'self' or 'opponent' with an opposing player")
        turn["intel"] = True
        slot["protector"], slot["touched"] = False, True
        return [{"kind": "intel", "text": text, "player": seat}]

    def do_attack(self, state, action) -> list[dict]:
        seat = state["turn"]["player"]
        target = action.get("target")
        if not isinstance(target, dict):
            raise Rejected("R-CMB-1", "name a target")
        problem = self.attack_problem(state, seat, action.get("level"), target)
        if problem:
            raise Rejected(*problem)
        state["turn"]["attacked"] = True
        return self.start_procedure(state, combat_task(seat, action["level"], dict(target)),
                                    "combat")

    def after_combat(self, state) -> list[dict]:
        return self.end_turn(state)

    def do_sacrifice(self, state, action) -> list[dict]:
        """R-SAC-1: swap line cards (or fill gaps) with same-level cards from hand."""
        seat, turn = state["turn"]["player"], state["turn"]
        if turn["attacked"] or turn["sacrificed"]:
            raise Rejected("R-SAC-1", "Sacrifice replaces the turn's attack")
        swaps = action.get("swaps")
        if not swaps or not isinstance(swaps, list) or not all(isinstance(s, dict)
                                                                for s in swaps):
            raise Rejected("R-SAC-1", "place at least one card")
        levels = [s.get("level") for s in swaps]
        if len(set(levels)) != len(levels) or any(lv not in LEVELS for lv in levels):
            raise Rejected("R-SAC-1", "one card per level")
        player = state["players"][seat]
        remaining = list(player["hand"])
        for swap in swaps:
            if swap.get("card") not in m.hand_choices(state, seat, swap["level"], remaining):
                raise Rejected("R-SAC-1", f"{swap.get('card')} is not a level-{swap['level']} "
                               "card in your hand")
            remaining.remove(swap["card"] if swap["card"] in remaining else m.UNKNOWN)
        events = []
        for swap in swaps:
            old = player["line"][swap["level"] - 1]
            if old:
                player["discard"].append(old["card"])
            m.take_from_hand(player, swap["card"])
            player["line"][swap["level"] - 1] = m.new_slot(swap["card"], state["round"])
            events.append({"kind": "sacrificed", "text": f"{player['name']} puts "
                           f"{defense(swap['card'])['name']} in level {swap['level']}"
                           + (f", discarding {name_of(old)}" if old else ""), "player": seat})
        turn["sacrificed"] = True
        return events + self.end_turn(state)

    def do_swap(self, state, action) -> list[dict]:
        """R-SAC-2: one swap of a Sacrifice; the turn goes on until the player ends it
        or no card in hand could make another swap."""
        seat, turn = state["turn"]["player"], state["turn"]
        if turn["attacked"] or (turn["sacrificed"] and "swapped" not in turn):
            raise Rejected("R-SAC-1", "Sacrifice replaces the turn's attack")
        level, card_id = action.get("level"), action.get("card")
        if level not in LEVELS or level in turn.get("swapped", ()):
            raise Rejected("R-SAC-2", "one swap per level in a Sacrifice")
        if card_id not in m.hand_choices(state, seat, level):
            raise Rejected("R-SAC-1", f"{card_id} is not a level-{level} card in your hand")
        player = state["players"][seat]
        old = player["line"][level - 1]
        if old:
            player["discard"].append(old["card"])
        m.take_from_hand(player, card_id)
        player["line"][level - 1] = m.new_slot(card_id, state["round"])
        turn["sacrificed"] = True
        turn.setdefault("swapped", []).append(level)
        events = [{"kind": "sacrificed", "text": f"{player['name']} puts "
                   f"{defense(card_id)['name']} in level {level}"
                   + (f", discarding {name_of(old)}" if old else ""), "player": seat,
                   "level": level}]
        return events + ([] if self.swap_levels(state, seat) else self.end_turn(state))

    def swap_levels(self, state, seat) -> list[int]:
        """R-SAC-2: the levels a card from hand could still be swapped into."""
        turn = state["turn"]
        if turn["attacked"] or (turn["sacrificed"] and "swapped" not in turn):
            return []
        done = turn.get("swapped", ())
        return [lv for lv in LEVELS if lv not in done and m.hand_choices(state, seat, lv)]

    def end_turn(self, state) -> list[dict]:
        seat = state["turn"]["player"]
        m.expire(state, "turn_end", seat)
        state["pos"] += 1
        return self.begin_turn(state)
