"""The rules engine of any game whose table a folder declares in YAML (docs/format.md,
section 12): one engine for every such game, on the same core as the coded games
(state as data, actions, undo, saves, replay, the simulator).

It never blocks what it cannot judge: every operation the declaration allows is open
to the player in turn, on any player's counters and on the cards the app keeps; only
what the declaration rules out is refused (a counter's bounds, a phase's `allows`, a
pending prompt, a card that is not where the action says). `out` and `finish` (the
players' word) are always accepted but never offered to a computer player."""

from __future__ import annotations

from companion.core.engine import Rejected, Rules
from companion.core.shapes import Flag, Int, ListOf, Maybe, Record, Text
from companion.declared import model
from companion.declared.effects import Effects
from companion.declared.invariants import Invariants
from companion.declared.model import Table
from companion.declared.offers import Offers
from companion.declared.reports import Reports
from companion.declared.setup import STATE_VERSION, SetupSteps
from companion.declared.turns import Turns

CARD = Record(card=Text())
ACTIONS = {  # `amount`, not `by`: the framework reads `by` as the acting seat
    "change": Record(counter=Text(), seat=Maybe(Int(0, 99)), amount=Maybe(Int()),
                     to=Maybe(Int())),
    "draw": Record(zone=Text(), to=Text(), count=Int(1, 999)),
    "deal": Record(zone=Text(), to=Text(), count=Int(1, 999)),
    "shuffle": Record(zone=Text()),
    "play": CARD, "discard": CARD, "reveal": CARD, "told": CARD,
    "move": Record(card=Text(), to=Text()),
    "return": Record(card=Text(), bottom=Maybe(Flag())),
    "roll": Record(die=Text()),
    "phase": Record(), "pass": Record(),
    "out": Record(seat=Int(0, 99)),
    "finish": Record(winners=ListOf(Int(0, 99), 0, 99)),
}
ALWAYS = {"phase", "pass", "out", "finish"}


class DeclaredRules(Offers, SetupSteps, Effects, Turns, Reports, Invariants, Rules):
    save_version = STATE_VERSION
    actions = ACTIONS

    def __init__(self, folder: str):
        from companion.core.printed import folder_table
        from companion.declared.spec import folder_spec
        from companion.games import GAMES, bundled

        self.spec = next((s for s in GAMES.values() if s.folder == folder), None) or \
            folder_spec(folder, set(bundled()))  # registering is the app's (open_folder)
        self.folder = self.spec.folder
        self.table = Table(folder_table(self.folder)[2])
        self.order = self.table.data["players"]["order"]

    # -- the framework's questions ----------------------------------------------------------
    def winning_seats(self, state: dict) -> list[int]:
        return list(state["ended"]["winners"]) if state["ended"] else []

    def accepts(self, state: dict) -> set[str]:
        if state["await"]["kind"] == "discard":
            return {"discard", "out", "finish"}
        allowed = self.allowed(state)
        return {kind for kind in ACTIONS if kind in ALWAYS or kind in allowed}

    def allowed(self, state: dict) -> set[str]:
        """The operations the current phase allows (all, when it names none)."""
        phase = self.table.phases[state["turn"]["phase"]]
        every = set(ACTIONS) - ALWAYS
        allows = every if phase["allows"] is None else set(phase["allows"])
        if "play" in allows:
            allows.add("told")
        return allows

    # -- doing it ---------------------------------------------------------------------------
    def step(self, state: dict, action: dict) -> list[dict]:
        kind, seat = action["type"], state["await"]["player"]
        if state["await"]["kind"] == "discard" and kind == "discard":
            events = self.answer_discard(state, action["card"])
        else:
            events = getattr(self, f"act_{kind}")(state, action, seat)
        return events + ([] if state["ended"] else self.after_action(state))

    def act_change(self, state, action, seat) -> list:
        counter = self.table.counters.get(action["counter"])
        if counter is None:
            raise Rejected("TABLE-COUNTER", f"no counter '{action['counter']}'")
        owner = action.get("seat")
        if counter["per"] == "shared":
            owner = None
        elif owner is None or owner >= len(state["players"]):
            raise Rejected("TABLE-COUNTER", f"{counter['name']} is each player's: say whose")
        if ("amount" in action) == ("to" in action):
            raise Rejected("TABLE-COUNTER", "change a counter by an amount, or to a value")
        before = model.counter_value(state, counter, owner)
        target = action["to"] if "to" in action else before + action["amount"]
        if model.clamp(counter, target) != target:
            raise Rejected("TABLE-COUNTER", f"{counter['name']} stays within "
                           f"{counter['min']} to {counter['max']}")
        return self.changed(state, counter, owner, before, target)

    def act_draw(self, state, action, seat) -> list:
        source, target = self.zone_key(state, action["zone"]), self.zone_key(state, action["to"])
        return self.draw(state, source, target, action["count"], seat)

    def act_deal(self, state, action, seat) -> list:
        source = self.zone_key(state, action["zone"])
        zone = self.table.zones.get(action["to"])
        if zone is None or zone["per"] != "player":
            raise Rejected("TABLE-ZONE", "deal to a zone every player has")
        events = []
        for each in model.seats_in(state):
            events += self.draw(state, source, self.table.zone_key(zone["id"], each),
                                action["count"], each)
        return events

    def act_shuffle(self, state, action, seat) -> list:
        return self.do_shuffle(state, {"zone": action["zone"].split(".")[0]},
                               self.owner(state, action["zone"], seat), None)

    def act_play(self, state, action, seat) -> list:
        card = self.held(state, action["card"])
        target = self.table.role_key("play", seat) or self.table.role_key("discard", seat)
        events = self.move(state, card, target, seat) if target else []
        return events + self.card_effects(state, card, seat)

    def act_told(self, state, action, seat) -> list:
        card = action["card"]
        if card.split("@")[0] not in self.table.cards:
            raise Rejected("TABLE-CARD", f"no card '{card}' in this game")
        name = self.table.card(card)["name"]
        return [{"kind": "told", "player": seat, "card": card,
                 "text": f"{state['players'][seat]['name']} plays {name}"}] + \
            self.card_effects(state, card, seat)

    def card_effects(self, state, card: str, seat) -> list:
        effects = self.table.data["effects"].get(self.table.card(card)["component"], [])
        return self.run(state, effects, seat, card)

    def act_discard(self, state, action, seat) -> list:
        card = self.held(state, action["card"])
        owner = self.table.zone_of(model.where(state, card))[1]
        target = self.table.role_key("discard", seat if owner is None else owner)
        if target is None:
            raise Rejected("TABLE-ZONE", "this game has no discard pile")
        return self.move(state, card, target, seat)

    def act_move(self, state, action, seat) -> list:
        card = self.held(state, action["card"])
        return self.move(state, card, self.zone_key(state, action["to"]), seat)

    def act_reveal(self, state, action, seat) -> list:
        card = self.held(state, action["card"])
        shown = card not in state["revealed"]
        (state["revealed"].append if shown else state["revealed"].remove)(card)
        name = self.table.card(card)["name"]
        return [{"kind": "revealed", "player": seat, "card": card,
                 "text": f"{state['players'][seat]['name']} "
                         f"{'shows' if shown else 'hides'} {name}"}]

    def act_return(self, state, action, seat) -> list:
        card = self.held(state, action["card"])
        owner = self.table.zone_of(model.where(state, card))[1]
        pile = self.table.role_key("pile", seat if owner is None else owner)
        if pile is None:
            raise Rejected("TABLE-ZONE", "this game has no draw pile")
        events = self.move(state, card, pile, seat)
        if not action.get("bottom"):
            state["zones"][pile].insert(0, state["zones"][pile].pop())
        return events

    def act_roll(self, state, action, seat) -> list:
        if action["die"] not in self.table.dice:
            raise Rejected("TABLE-DIE", f"no die '{action['die']}' in this game")
        return self.roll(state, action["die"], seat)

    def act_phase(self, state, action, seat) -> list:
        return self.next_phase(state)

    def act_pass(self, state, action, seat) -> list:
        return self.pass_turn(state)

    def act_out(self, state, action, seat) -> list:
        if action["seat"] >= len(state["players"]) or state["players"][action["seat"]]["out"]:
            raise Rejected("TABLE-OUT", "that player is not in the game")
        return self.put_out(state, action["seat"], "by the players' word")

    def act_finish(self, state, action, seat) -> list:
        winners = sorted(set(action["winners"]))
        if any(s >= len(state["players"]) for s in winners):
            raise Rejected("TABLE-END", "a winner is a player of this game")
        return self.finish(state, "ended by the players", winners)

    def answer_discard(self, state: dict, card: str) -> list:
        prompt = state["await"]
        if card not in state["zones"][prompt["from"]]:
            raise Rejected("TABLE-LIMIT", "discard a card from the zone over its limit")
        events = self.move(state, card, prompt["to"], prompt["player"])
        prompt["left"] -= 1
        return events + (self.prompt_done(state) if prompt["left"] <= 0 else [])

    # -- where cards are --------------------------------------------------------------------
    def zone_key(self, state: dict, key: str) -> str:
        """A zone named by an action: a shared zone's id, or `<id>.<seat>`."""
        if key not in state["zones"]:
            raise Rejected("TABLE-ZONE", f"no zone '{key}' at this table")
        return key

    def owner(self, state: dict, key: str, seat):
        self.zone_key(state, key)
        owner = self.table.zone_of(key)[1]
        return seat if owner is None else owner

    def held(self, state: dict, card: str) -> str:
        if not state["tracked"]:
            raise Rejected("TABLE-CARD", "the players keep the printed cards: tell the app "
                           "which card was played")
        if model.where(state, card) is None:
            raise Rejected("TABLE-CARD", f"no card '{card}' on the table")
        return card
