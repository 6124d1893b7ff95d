"""Encounter cards: the effect vocabulary of R-EFF-0 / R-EFF-1 (rulings file)."""

from __future__ import annotations

from companion.games.ats import model as m
from companion.games.ats.combat import hit_base, name_of
from companion.games.ats.data import BASE_HP, defense, encounter


class Encounter:
    def __init__(self, ctx, drawer: int):
        self.ctx, self.state, self.drawer = ctx, ctx.state, drawer
        self.previous: list = []
        self.opponent = None

    def player(self, seat):
        return self.state["players"][seat]

    # Generators, like the combat: `yield from` wherever a player may be asked.
    def who(self, who: str):
        if who == "self":
            return [self.drawer]
        if who == "opponent":
            if self.opponent is None:
                rivals = m.opponents(self.state, self.drawer)
                if not rivals:
                    return []
                self.opponent = rivals[0] if len(rivals) == 1 else (yield from self.ctx.ask(
                    self.drawer, "opponent", rivals, "choose the opponent this card affects"))
            return [self.opponent]
        order = self.state["order"]
        start = order.index(self.drawer) if self.drawer in order else 0
        return [s for s in order[start:] + order[:start] if not self.player(s)["out"]]

    def until(self, duration: str):
        turn_player = self.state["turn"]["player"]
        return {"this_turn": {"event": "turn_end", "player": turn_player},
                "until_your_next_turn": {"event": "turn_start", "player": self.drawer},
                "end_of_round": {"event": "cleanup"},
                "permanent": {"event": "never"}}.get(duration)

    def select(self, step: dict, seats: list[int]):
        spec = step.get("select")
        if spec == "previous":
            return [s for s in self.previous if self.player(s[0])["line"][s[1] - 1]]
        spec = spec or {"count": "all"}
        matching = [(seat, level) for seat in seats
                    for level, slot in enumerate(self.player(seat)["line"], start=1)
                    if slot and level in spec.get("levels", range(1, 6))
                    and m.unit(slot) in spec.get("units", (m.unit(slot),))]
        if spec.get("count") == "all" or not matching:
            return matching
        chooser = self.drawer if spec.get("chooser", "drawer") == "drawer" else seats[0]
        options = [[seat, level] for seat, level in matching]
        pick = yield from self.ctx.ask(chooser, "card", options, "choose a defense card",
                                       labels=[name_of(self.player(s)["line"][lv - 1])
                                               for s, lv in matching])
        return [tuple(pick)]

    # -- the ops ------------------------------------------------------------------------
    def run_steps(self, steps: list):
        for step in steps:
            yield from getattr(self, "op_" + step["op"])(step)

    def op_damage_base(self, step):
        for seat in (yield from self.who(step["who"])):
            player = self.player(seat)
            areas = m.standing_areas(player)
            if step.get("area", "each") == "choose" and areas:
                areas = [(yield from self.ctx.ask(self.chooser(step, seat), "area", areas,
                                                  f"choose {player['name']}'s base area",
                                                  target=seat))]
            for area in areas:
                hit_base(self.ctx, self.state, seat, area, step["amount"], "encounter")

    def chooser(self, step, seat):
        return self.drawer if step.get("chooser", "drawer") == "drawer" else seat

    def op_repair_base(self, step):
        for seat in (yield from self.who(step["who"])):
            player = self.player(seat)
            areas = m.standing_areas(player)
            if not areas:
                continue
            area = yield from self.ctx.ask(self.chooser(step, seat), "repair_area", areas,
                                           "choose a base area to repair", target=seat)
            before = player["bases"][area]
            player["bases"][area] = min(BASE_HP, before + step["amount"])
            self.ctx.emit("base_repaired", f"{player['name']}'s {area} regains "
                          f"{player['bases'][area] - before} HP", player=seat, area=area)

    def op_modify_stat(self, step):
        chosen = yield from self.select(step, (yield from self.who(step["who"])))
        for seat, level in chosen:
            slot = self.player(seat)["line"][level - 1]
            slot["mods"].append({"stat": step["stat"], "amount": step["amount"],
                                 "until": self.until(step["duration"])})
            self.ctx.emit("modified", f"{name_of(slot)} {step['amount']:+d} "
                          f"{step['stat'].upper()}", player=seat, level=level,
                          stat=step["stat"], amount=step["amount"])
        self.previous = chosen

    def op_grant_attribute(self, step):
        chosen = yield from self.select(step, (yield from self.who(step["who"])))
        for seat, level in chosen:
            slot = self.player(seat)["line"][level - 1]
            slot["granted"].append({"attr": step["attribute"],
                                    "until": self.until(step["duration"])})
            self.ctx.emit("granted", f"{name_of(slot)} gains {step['attribute']}",
                          player=seat, level=level, attr=step["attribute"])
        self.previous = chosen

    def op_disable(self, step):
        chosen = yield from self.select(step, (yield from self.who(step["who"])))
        for seat, level in chosen:
            slot = self.player(seat)["line"][level - 1]
            slot["disabled"] = True
            self.ctx.emit("disabled", f"{name_of(slot)} is Disabled", player=seat, level=level)
        self.previous = chosen

    def op_repair_cards(self, step):
        chosen = yield from self.select(step, (yield from self.who(step["who"])))
        for seat, level in chosen:
            self.player(seat)["line"][level - 1]["damage"] = 0
        self.ctx.emit("repaired", "damage removed from defense cards", player=self.drawer)

    def op_discard_hand(self, step):
        for seat in (yield from self.who(step["who"])):
            player = self.player(seat)
            for _ in range(min(step["amount"], len(player["hand"]))):
                if self.state["settings"]["cards"] == "virtual" and step.get(
                        "chooser") == "random":
                    card_id = player["hand"][self.ctx.randint(0, len(player["hand"]) - 1)]
                else:
                    card_id = yield from self.ctx.ask(
                        seat, "discard", m.hand_choices(self.state, seat),
                        "choose a card to discard from your hand")
                m.take_from_hand(player, card_id)
                player["discard"].append(card_id)
                shown = defense(card_id)["name"] if card_id != m.UNKNOWN else "a card"
                self.ctx.emit("discarded", f"{player['name']} discards {shown}",
                              player=seat, card=card_id)

    def op_clearance(self, step):
        player = self.player(self.drawer)
        cap = min(5, step.get("max", 5))
        if step["duration"] == "permanent":
            new = max(1, min(cap, player["clearance"] + step["amount"]))
            if (new - player["clearance"]) * step["amount"] <= 0:  # a cap never reverses it
                return (yield from self.run_steps(step.get("otherwise", [])))
            player["clearance"] = new
        else:
            player["clr_mods"].append({"amount": step["amount"],
                                       "until": self.until(step["duration"])})
        self.ctx.emit("clearance", f"{player['name']}'s clearance is now "
                      f"{m.clearance(player)}", player=self.drawer)

    def op_look_hand(self, step):
        for seat in (yield from self.who(step["who"])):
            self.ctx.emit("looked", f"{self.player(self.drawer)['name']} looks at "
                          f"{self.player(seat)['name']}'s hand", player=self.drawer,
                          cards=list(self.player(seat)["hand"]), private=True)

    def op_peek_deck(self, step):
        for seat in (yield from self.who(step["who"])):
            deck = self.player(seat)["deck"]
            count = min(step["count"], len(deck))
            top = deck[:count]
            if step.get("reorder") and count > 1 and m.UNKNOWN not in top:
                orders = _orders(top)
                top = yield from self.ctx.ask(self.drawer, "order", orders,
                                              "put the cards back on top in this order")
                deck[:count] = top
            self.ctx.emit("peeked", f"{self.player(self.drawer)['name']} looks at the top "
                          f"{count} cards", player=self.drawer, cards=top, private=True)

    def op_search_deck(self, step):
        player = self.player(self.drawer)
        if not player["deck"]:
            return
        virtual = self.state["settings"]["cards"] == "virtual"
        for _ in range(min(step["count"], len(player["deck"]))):
            card_id = (yield from self.ctx.ask(self.drawer, "search", sorted(set(player["deck"])),
                                               "take a card from your Defense Deck")) \
                if virtual else m.UNKNOWN
            player["deck"].remove(card_id)
            player["hand"].append(card_id)
        if virtual:
            deck = player["deck"]
            for i in range(len(deck) - 1, 0, -1):
                j = self.ctx.randint(0, i)
                deck[i], deck[j] = deck[j], deck[i]
        for _ in range(min(step.get("bottom", 0), len(player["hand"]))):
            card_id = (yield from self.ctx.ask(self.drawer, "bottom", sorted(set(player["hand"])),
                                               "put a card from your hand under the deck")) \
                if virtual else m.UNKNOWN
            player["hand"].remove(card_id)
            player["deck"].append(card_id)
        self.ctx.emit("searched", f"{player['name']} searches the Defense Deck",
                      player=self.drawer)

    def op_cancel_attack(self, step):
        """Only usable in its hold window; handled by the combat (R-EFF-1)."""
        yield from ()


def _orders(cards: list) -> list[list]:
    from itertools import permutations

    return [list(p) for p in permutations(cards)]


def encounter_happens(player: dict, roll: int) -> bool:
    """R-DIE-1 / R-ENC-1: 5 or 6, and a card left to reveal."""
    return roll >= 5 and bool(player["enc_deck"])


def encounter_turn(ctx, drawer: int, roll: int):
    """R-ENC-1: the card revealed on an encounter roll of 5 or 6."""
    state = ctx.state
    player = state["players"][drawer]
    card_id = player["enc_deck"].pop(0)
    if card_id == m.UNKNOWN:
        seen = set(player["enc_discard"]) | set(player["held"])
        options = [c for c in sorted(_all_encounters()) if c not in seen]
        card_id = yield from ctx.ask(drawer, "reveal", options, "which Encounter card came up?")
    card = encounter(card_id)
    ctx.emit("encounter", f"Encounter: {card['name']} ({card['kind']}): {card['text']}",
             player=drawer, card=card_id)
    effect = card["effect"]
    if effect["timing"] == "hold":
        player["held"].append(card_id)
        return
    yield from Encounter(ctx, drawer).run_steps(effect["steps"])
    player["enc_discard"].append(card_id)


def _all_encounters():
    from companion.games.ats.data import cards

    return cards()[1]
