"""Against All Tyrants turns (AAT-TURN-1): the draw and fatigue, playing up to two
cards, the phases, objective placement, the end of the turn and the end of the game
(AAT-WIN-1)."""

from __future__ import annotations

from companion.core.tasks import done, push
from companion.games.aat import model as m

PLAY_LIMIT = 2  # AAT-TURN-3
PLAYED = ("Unit", "Leader", "Effect")  # the kinds played from hand (AAT-TURN-3)
FRESH = {"acted": False, "instructed": False, "commanded": False}  # each turn's flags


class Turns:
    """Part of AatRules (rules.py)."""

    # -- the start of a turn -------------------------------------------------------------
    def op_begin_turn(self, state: dict, task: dict, answer) -> list[dict]:
        """Turns alternate, Defender first; phase 1 starts with the draw (AAT-TURN-2)."""
        done(state, task)
        if state["turn"]:
            state["current"] = 1 - state["current"]
        state["turn"] += 1
        state["phase"] = "deploy"
        state["played"] = 0
        state["played_cards"] = []
        for piece in state["table"].values():
            piece.update(FRESH)
        seat = state["current"]
        player = state["players"][seat]
        events = [{"kind": "turn", "text": f"Turn {state['turn']}: {player['name']}",
                   "player": seat, "turn": state["turn"]}]
        if player["deck"]:
            m.draw(state, seat, 1)
            return events + [{"kind": "drew", "text": f"{player['name']} draws a card",
                              "player": seat, "count": 1}]
        return events + self.fatigue(state, seat)

    def fatigue(self, state: dict, seat: int) -> list[dict]:
        """AAT-TURN-2: an empty deck deals 1, 2, 3... to the base: not an attack, so
        no Armor, Stealth, Shield or delegation."""
        player = state["players"][seat]
        player["fatigue"] += 1
        base = m.base(state, seat)
        base["damage"] += player["fatigue"]
        m.EDITS[m.BASE_EDITS + seat] += 1
        events = [{"kind": "fatigue", "text": f"{player['name']}'s deck is empty: fatigue "
                   f"deals {player['fatigue']} to the base", "player": seat,
                   "amount": player["fatigue"]}]
        return events + self.check_end(state, "fatigue")

    # -- what the prompt is when nothing is pending ----------------------------------------
    def phase_prompt(self, state: dict) -> list[dict]:
        """The current phase's prompt; a phase with nothing left to do ends by itself."""
        seat, phase = state["current"], state["phase"]
        if phase == "deploy":
            plays = self.play_actions(state)  # none once two are played
            if plays:
                return self.prompt(state, {"kind": "deploy", "player": seat}, plays)
            state["phase"] = "combat"
            return [{"kind": "phase", "text": f"{state['players'][seat]['name']} goes to combat",
                     "player": seat}]
        if phase == "combat":
            # live, the whole listing is kept for legal_actions; else one action decides
            acts = self.carried(state) if self.live else None
            if acts is None:
                acts = self.combat_actions(state, any_one=not self.live)
            if acts:
                return self.prompt(state, {"kind": "combat", "player": seat}, acts)
            state["phase"] = "end"
            return []
        if phase == "end":
            cards = self.placeable(state, seat)
            if cards:
                return self.prompt(state, {"kind": "end", "player": seat},
                                   [{"type": "place_objective", "card": c} for c in cards])
        push(state, {"do": "end_turn"})
        return []

    # -- phase 1: up to two cards ----------------------------------------------------------
    def play_actions(self, state: dict) -> list[dict]:
        """The cards play_problem accepts now, judged once per card (not per theater)."""
        if state["played"] >= PLAY_LIMIT:
            return []
        seat, level = state["current"], state["escalation"]
        funds = state["table"][f"b{seat}"]["tokens"].get("funds", 0)
        out = []
        for card_id in m.hand_cards(state, seat):
            card = self.cards[card_id]
            kind = card["kind"]
            if kind not in PLAYED or card["escalation"] > level or card["funds"] > funds:
                continue
            if kind == "Unit":
                for t in card["theaters"]:
                    out.append({"type": "play", "card": card_id, "theater": t})
            else:
                out.append({"type": "play", "card": card_id})
        return out

    def play_problem(self, state: dict, action: dict):
        """AAT-TURN-3: from hand, two a turn, within the escalation requirement."""
        seat = state["current"]
        if state["played"] >= PLAY_LIMIT:
            return ("AAT-TURN-3", "two cards a turn have been played")
        card_id = action.get("card")
        if not isinstance(card_id, str) or card_id not in m.hand_cards(state, seat):
            return ("AAT-TURN-3", "play a card from your hand")
        card = self.cards[card_id]
        if card["kind"] not in PLAYED:
            return ("AAT-TURN-3", "only units, leaders and one-time effects are played")
        if card["escalation"] > state["escalation"]:
            return ("AAT-TURN-3", f"{card['name']} needs escalation {card['escalation']}, "
                    f"it is {state['escalation']}")
        if card["funds"] > m.tokens(m.base(state, seat), "funds"):
            return ("AAT-TOK-7", f"{card['name']} costs {card['funds']} Funds from your base")
        theater = action.get("theater")
        if card["kind"] == "Unit":
            if not isinstance(theater, str) or theater not in card["theaters"]:
                return ("AAT-TURN-3", f"{card['name']} goes into a theater marked on it: "
                        f"{' or '.join(card['theaters'])}")
        elif theater is not None:
            return ("AAT-TURN-3", "only a unit goes into a theater")
        return None

    def do_play(self, state: dict, action: dict) -> list[dict]:
        seat = state["current"]
        player = state["players"][seat]
        card_id = action["card"]
        card = self.cards[card_id]
        m.take_from_hand(player, card_id)
        state["played"] += 1
        state["played_cards"].append(card_id)
        where = f" in {action['theater']}" if card["kind"] == "Unit" else ""
        events = [{"kind": "played", "text": f"{player['name']} plays {card['name']}{where}",
                   "player": seat, "card": card_id}]
        if card["kind"] == "Effect":
            if card["funds"]:
                m.add_tokens(m.base(state, seat), "funds", -card["funds"])
            push(state, {"do": "effect", "seat": seat, "steps": card["effect"], "i": 0,
                         "source": None, "card": card_id, "played": True, "theater": None},
                 {"do": "discard", "seat": seat, "card": card_id})
        else:  # AAT-TURN-4: played from hand in phase 1 is deployed
            push(state, {"do": "enter", "card": card_id, "owner": seat,
                         "theater": action.get("theater"), "deployed": True, "played": True})
        return events

    def op_discard(self, state: dict, task: dict, answer) -> list[dict]:
        """A one-time effect goes to the discard pile once resolved (AAT-TURN-3)."""
        done(state, task)
        state["players"][task["seat"]]["discard"].append(task["card"])
        return []

    def do_end_phase(self, state: dict, action: dict) -> list[dict]:
        seat = state["current"]
        name = state["players"][seat]["name"]
        if state["phase"] == "deploy":
            state["phase"] = "combat"
            return [{"kind": "phase", "text": f"{name} goes to combat", "player": seat}]
        state["phase"] = "end"  # AAT-TURN-6: actions not taken are lost
        return []

    # -- phase 3: objective placement and the end of the turn ------------------------------
    def placeable(self, state: dict, seat: int) -> list[str]:
        """AAT-TURN-7, AAT-OBJ-1: objective cards of the player's role, within the
        escalation requirement, that go into the theater of their base."""
        player = state["players"][seat]
        theater = m.base(state, seat)["theater"]
        return [c for c in sorted(set(player["objectives"]))
                if (self.cards[c]["role"] or "").lower() == player["role"]
                and self.cards[c]["escalation"] <= state["escalation"]
                and theater in self.cards[c]["theaters"]]

    def place_problem(self, state: dict, action: dict):
        card_id = action.get("card")
        if not isinstance(card_id, str) or card_id not in self.placeable(state,
                                                                         state["current"]):
            return ("AAT-TURN-7", "place one objective card of your role from your objective "
                    "pile whose escalation requirement is met")
        return None

    def do_place_objective(self, state: dict, action: dict) -> list[dict]:
        seat = state["current"]
        player = state["players"][seat]
        card_id = action["card"]
        player["objectives"].remove(card_id)
        theater = m.base(state, seat)["theater"]
        push(state, {"do": "enter", "card": card_id, "owner": seat, "theater": theater,
                     "deployed": False, "played": False}, {"do": "end_turn"})
        return [{"kind": "objective_placed", "text": f"{player['name']} places "
                 f"{self.cards[card_id]['name']} in {theater}", "player": seat,
                 "card": card_id}]

    def do_end_turn(self, state: dict, action: dict) -> list[dict]:
        push(state, {"do": "end_turn"})
        return []

    def op_end_turn(self, state: dict, task: dict, answer) -> list[dict]:
        """AAT-TURN-1 phase 3: (b) the Viral check, (c) the opponent's turn begins."""
        done(state, task)
        events = self.viral_check(state, state["current"])
        if state["phase"] == "over":
            return events
        push(state, {"do": "begin_turn"})
        return events

    # -- the end (AAT-WIN-1) -------------------------------------------------------------
    def dead_bases(self, state: dict) -> list[int]:
        return [seat for seat in (0, 1)
                if m.remaining(self.cards, m.base(state, seat)) <= 0]

    def check_end(self, state: dict, how: str = "base") -> list[dict]:
        """End the game if a base is at 0 or an objective is complete: both sides'
        conditions at once (or both bases) make a draw."""
        dead = self.dead_bases(state)
        complete = [seat for seat in (0, 1) if state["players"][seat]["complete"]]
        if not dead and not complete:
            return []
        winners = {1 - seat for seat in dead} | set(complete)
        if len(winners) != 1 or winners & set(dead):
            return self.finish(state, [], "draw", "Both sides fall at once: a draw")
        seat = winners.pop()
        names = [p["name"] for p in state["players"]]
        if complete:
            return self.finish(state, [seat], "objective",
                               f"{names[seat]} completes the alternate objective and wins")
        path = "fatigue" if how == "fatigue" else "base"
        return self.finish(state, [seat], path,
                           f"{names[1 - seat]}'s base is destroyed: {names[seat]} wins")

    def finish(self, state: dict, winners: list[int], path: str, text: str) -> list[dict]:
        """Pending triggers and actions are dropped (AAT-WIN-1)."""
        state["phase"] = "over"
        state["await"] = None
        state["tasks"] = []
        state["result"] = {"winners": winners, "path": path}
        return [{"kind": "game_over", "text": text, "winners": winners, "path": path}]
