"""Cards entering play and the triggers they and destroyed units set off
(AAT-TURN-4, AAT-CMB-4): Unique, Stealth, Mark, Funds, Supply, Compute, Transport,
immediate texts, Sympathized and Backup; card picks and Computation splits."""

from __future__ import annotations

from companion.core.tasks import choose, done, push
from companion.games.aat import model as m

ORDERED = ("supply", "transport", "effect", "compute")  # the owner orders these (AAT-CMB-4)
LABELS = {"supply": "Supply", "transport": "Transport", "effect": "its text",
          "compute": "Compute", "sympathized": "Sympathized", "backup": "Backup"}


class Triggers:
    """Part of AatRules (rules.py)."""

    def op_enter(self, state: dict, task: dict, answer) -> list[dict]:
        """A unit or leader enters play, deployed or only placed (AAT-TURN-4); its own
        immediate traits resolve at once (AAT-CMB-4 point 3)."""
        done(state, task)
        card_id, seat = task["card"], task["owner"]
        card = self.cards[card_id]
        player = state["players"][seat]
        uid = f"u{state['next_uid']}"
        state["next_uid"] += 1
        kind = "leader" if card["kind"] == "Leader" else "unit"
        theater = m.base(state, seat)["theater"] if kind == "leader" else task["theater"]
        piece = m.new_piece(uid, card_id, seat, kind, theater, state["turn"])
        if card["kind"] == "Objective":
            piece["objective"] = True
        events = [{"kind": "entered", "text": f"{m.owned(player['name'], card['name'])} "
                   f"{'is deployed' if task['deployed'] else 'is placed'}"
                   + (f" in {theater}" if kind == "unit" else " beside the base"),
                   "player": seat, "card": card_id, "uid": uid,
                   "deployed": task["deployed"]}]
        if "Unique" in card["traits"]:  # AAT-DECK-2: the older one is discarded
            for old in [p for p in state["table"].values() if p["owner"] == seat
                        and self.cards[p["card"]]["name"] == card["name"]
                        and "Unique" in self.cards[p["card"]]["traits"]]:
                del state["table"][old["uid"]]
                player["discard"].append(old["card"])
                events.append({"kind": "discarded", "text": f"{player['name']} discards the older "
                               f"{card['name']} (Unique)", "player": seat,
                               "card": old["card"]})
        state["table"][uid] = piece
        traits = card["traits"]
        if kind == "unit":
            if task["deployed"] and traits.get("Stealth"):  # AAT-TRAIT-19
                m.add_tokens(piece, "stealth", 1)
            if traits.get("Mark"):  # AAT-TRAIT-15
                m.add_tokens(piece, "mark", traits["Mark"])
        if traits.get("Funds"):  # AAT-TRAIT-10
            m.add_tokens(m.base(state, seat), "funds", traits["Funds"])
            events.append({"kind": "funds", "text": f"{player['name']} gains "
                           f"{traits['Funds']} Funds", "player": seat})
        batch = []
        values = {"supply": traits.get("Supply"), "compute": traits.get("Compute"),
                  "transport": task["deployed"] and traits.get("Transport"),
                  "effect": card["kind"] != "Effect" and card["effect"]}
        for name in ORDERED:
            value = values[name]
            if value:
                batch.append({"seat": seat, "uid": uid, "card": card_id, "trait": name,
                              "value": value, "theater": theater, "played": task["played"]})
        if batch:
            push(state, {"do": "triggers", "pending": batch})
        return events

    # -- several triggers at once --------------------------------------------------------
    def op_triggers(self, state: dict, task: dict, answer) -> list[dict]:
        """AAT-CMB-4: the current player's triggers first, then the opponent's, each
        player ordering their own; each resolves fully before the next."""
        pending = task["pending"]
        if answer is None:
            seat = state["current"] if any(t["seat"] == state["current"] for t in pending) \
                else 1 - state["current"]
            mine = [t for t in pending if t["seat"] == seat]
            if len(mine) > 1:
                keys = [key(t) for t in mine]
                labels = [f"{self.cards[t['card']]['name']}: {LABELS[t['trait']]}"
                          for t in mine]
                return choose(state, seat, "trigger", keys, "which trigger resolves first?",
                              labels=labels)
            chosen = mine[0]
        else:
            chosen = next(t for t in pending if key(t) == answer)
        pending.remove(chosen)
        if not pending:
            done(state, task)
        return self.resolve_trigger(state, chosen)

    def resolve_trigger(self, state: dict, t: dict) -> list[dict]:
        seat, value = t["seat"], t["value"]
        name = state["players"][seat]["name"]
        card = self.cards[t["card"]]
        if t["trait"] == "supply":  # AAT-TRAIT-20: no fatigue
            drawn = m.draw(state, seat, value)
            return [{"kind": "drew", "text": f"{name} draws {drawn} (Supply of "
                     f"{card['name']})", "player": seat, "count": drawn}]
        if t["trait"] in ("compute", "backup"):
            push(state, {"do": "computation", "seat": seat, "left": value, "why": t["trait"]})
            return []
        if t["trait"] == "effect":
            push(state, {"do": "effect", "seat": seat, "steps": value, "i": 0,
                         "source": t["uid"], "card": t["card"], "played": t["played"],
                         "theater": t["theater"]})
            return []
        rallied = t["trait"] == "sympathized"  # AAT-TRAIT-18; else Transport, AAT-TRAIT-22
        push(state, {"do": "pick", "seat": seat,
                     "left": value if rallied else value["count"],
                     "type": None if rallied else value["type"], "rallied": rallied,
                     "theater": t["theater"], "deployed": False, "from": ["hand", "special"],
                     "why": card["name"]})
        return []

    # -- picking cards to put into play --------------------------------------------------
    def pick_options(self, state: dict, task: dict) -> list:
        """Cards that may enter now: from hand and/or Special Forces Deck, of the type,
        marked for the theater, within the escalation requirement (AAT-TURN-3)."""
        seat = task["seat"]
        level = state["escalation"]
        sources = {"hand": m.hand_cards(state, seat) if "hand" in task["from"] else [],
                   "special": sorted(set(state["players"][seat]["special"]))
                   if "special" in task["from"] else []}
        out = []
        for source, ids in sources.items():
            for card_id in ids:
                if not m.fits(self.cards, card_id, level, task["type"], task["rallied"]):
                    continue
                theaters = [task["theater"]] if task["theater"] else \
                    self.cards[card_id]["theaters"]
                out += [{"card": card_id, "from": source, "theater": t} for t in theaters
                        if t in self.cards[card_id]["theaters"]]
        return out

    def op_pick(self, state: dict, task: dict, answer) -> list[dict]:
        seat = task["seat"]
        if answer is None:
            options = self.pick_options(state, task) if task["left"] > 0 else []
            if not options:
                done(state, task)
                return []
            verb = "deploy" if task["deployed"] else "place"
            return choose(state, seat, "pick", options + ["done"],
                          f"{task['why']}: {verb} up to {task['left']} more unit"
                          f"{'s' * (task['left'] > 1)}")
        if answer == "done":
            done(state, task)
            return []
        player = state["players"][seat]
        if answer["from"] == "hand":
            m.take_from_hand(player, answer["card"])
        else:
            player["special"].remove(answer["card"])
        task["left"] -= 1
        push(state, {"do": "enter", "card": answer["card"], "owner": seat,
                     "theater": answer["theater"], "deployed": task["deployed"],
                     "played": False})
        return []

    # -- Computation tokens (AAT-TRAIT-14, AAT-TRAIT-4) -----------------------------------
    def mainframes(self, state: dict, seat: int) -> list[dict]:
        """Own non-disrupted Mainframe units with room for a token."""
        return [p for p in m.units(state, seat) if m.trait(self.cards, p, "Mainframe")
                and m.tokens(p, "computation") < m.MAINFRAME_CAP]

    def op_computation(self, state: dict, task: dict, answer) -> list[dict]:
        """Tokens one at a time onto Mainframes, at most 3 each; the rest are lost.
        With one Mainframe to fill there is nothing to decide."""
        seat, name = task["seat"], state["players"][task["seat"]]["name"]
        room = self.mainframes(state, seat)
        if answer is not None:
            if answer == "lose":
                room = []
            else:
                m.add_tokens(state["table"][answer], "computation", 1)
                task["left"] -= 1
                return []
        if task["left"] <= 0 or not room:
            done(state, task)
            if task["left"] > 0:
                return [{"kind": "computation_lost", "text": f"{task['left']} Computation "
                         f"of {name} lost", "player": seat}]
            return []
        if len(room) == 1:
            put = min(task["left"], m.MAINFRAME_CAP - m.tokens(room[0], "computation"))
            m.add_tokens(room[0], "computation", put)
            task["left"] -= put
            return [{"kind": "computation", "text": f"{name} puts {put} Computation on "
                     f"{self.cards[room[0]['card']]['name']}", "player": seat}]
        return choose(state, seat, "computation", [p["uid"] for p in room] + ["lose"],
                      f"{task['left']} Computation ({task['why']}): which Mainframe gets "
                      "the next one?")


def key(trigger: dict) -> str:
    return f"{trigger['uid']}:{trigger['trait']}"
