"""DeclaredRules: the one engine for every folder game, playing the normalised table
of its spec's game (pnp.load.table's Game.table; docs/save-format.md). Rule ids D-*
name what the declaration rules out; the app never blocks what it cannot judge, so
everything else a player tells the table is carried out (a change of another player's
counter, a card moved from any zone).

`legal_actions` lists, in a fixed order, what the acting player may do now, bounded
(so that random players, the simulator's, still end their turns): counters by one step
(their own and the shared), one card drawn or dealt, each card of their hand played,
discarded, moved to each other zone, revealed or returned, the top card of each other
zone taken into the hand (a market's buy), the next face-down card of each pile turned
up, each die, the next phase and the end of the turn. `out` and `finish` (the players'
word, always accepted) are not listed: a random player would end every game at once.

`change` says its amount as `delta`, not `by`:
`by` is every action's framework key, the acting seat (core.engine: `"by": seat`
is checked against the seat whose decision it is, and left out of the shape check),
so a `change` with `by: -2` would be refused as seat -2's move."""

from __future__ import annotations

from companion.core.engine import Rejected, Rules
from companion.core.shapes import Either, Flag, Int, ListOf, Maybe, Null, Record, Text
from companion.declared.effects import Effects
from companion.declared.invariants import Invariants
from companion.declared.model import owner, resolve, shown_name, where
from companion.declared.reports import Reports
from companion.declared.setup import STATE_VERSION, SetupSteps
from companion.declared.spec import declaration
from companion.declared.turns import Turns

SEAT = Int(0, 63)
COUNT = Int(1, 999)
ACTIONS = {
    "change": Either(Record(counter=Text(), seat=Either(SEAT, Null()), delta=Int()),
                     Record(counter=Text(), seat=Either(SEAT, Null()), to=Int())),
    "draw": Record(zone=Text(), to=Text(), count=COUNT),
    "deal": Record(zone=Text(), to=Text(), count=COUNT),
    "shuffle": Record(zone=Text()),
    "play": Record(card=Text()), "discard": Record(card=Text()),
    "move": Record(card=Text(), to=Text()), "reveal": Record(card=Text()),
    "return": Record(card=Text(), bottom=Maybe(Flag())),
    "roll": Record(die=Text()), "told": Record(card=Text()),
    "phase": Record(), "pass": Record(), "out": Record(seat=SEAT),
    "finish": Record(winners=ListOf(SEAT, 0, 64)),
}
OPERATION = {"told": "play"}  # the operation (a phase's `allows`) of an action type
ALWAYS = {"phase", "pass", "out", "finish"}
CARD_ACTIONS = {"draw", "deal", "shuffle", "play", "discard", "move", "reveal", "return"}


class DeclaredRules(SetupSteps, Effects, Turns, Invariants, Reports, Rules):
    save_version = STATE_VERSION
    actions = ACTIONS

    def __init__(self, spec):
        self.spec = spec
        self.decl = declaration(spec.id)

    def winning_seats(self, state: dict) -> list[int]:
        return list(state["ended"]["winners"]) if state["ended"] else []

    # -- what may be done -------------------------------------------------------------------
    def allowed(self, state: dict, kind: str) -> bool:
        if kind in ALWAYS:
            return True
        if kind in CARD_ACTIONS and not state["tracked"] or kind == "told" and state["tracked"]:
            return False
        return self.decl.allows(state, OPERATION.get(kind, kind))

    def accepts(self, state: dict) -> set[str]:
        """A discard prompt takes a discard (or the players' word); a turn takes every
        type, so a phase's `allows` refuses with its own words (D-ALLOWS)."""
        if state["await"]["kind"] == "discard":
            return {"discard", "out", "finish"}
        return set(ACTIONS)

    def legal_actions(self, state: dict) -> list[dict]:
        wait = state["await"]
        if wait["kind"] == "discard":
            return [{"type": "discard", "card": c} for c in state["zones"][wait["from"]]]
        seat, listed = wait["player"], []
        for kind in ("change", "draw", "deal", "shuffle", "roll", "play", "told", "discard",
                     "move", "reveal", "return"):
            if self.allowed(state, kind):
                listed += getattr(self, f"list_{kind}")(state, seat)
        return listed + [{"type": "phase"}, {"type": "pass"}]

    def list_change(self, state, seat):
        listed = []
        for counter in self.decl.table["counters"]:
            target = None if counter["per"] == "shared" else seat
            now = self.counter(state, counter["id"], target)
            for by in (counter["step"], -counter["step"]):
                if self.clamp(counter, now + by) == now + by:
                    listed.append({"type": "change", "counter": counter["id"], "seat": target,
                                   "delta": by})
        return listed

    def hand(self, state, seat) -> str | None:
        return self.decl.role_key("hand", seat)

    def piles(self, state, seat) -> list[str]:
        """The face-down zones a seat draws from (its own and the shared): the pile, and
        hidden zones with no other role (a hidden zone of played cards is no pile)."""
        return [self.decl.key(z["id"], seat) for z in self.decl.table["zones"]
                if z["role"] == "pile" or z["show"] == "hidden" and z["role"] is None]

    def zone_keys(self, state, seat) -> list[str]:
        """The zone keys a seat reaches: its own zones and the shared ones."""
        return [self.decl.key(z["id"], seat) for z in self.decl.table["zones"]]

    def list_draw(self, state, seat):
        hand = self.hand(state, seat)
        if hand is None:
            return []
        return [{"type": "draw", "zone": key, "to": hand, "count": 1}
                for key in self.piles(state, seat) if state["zones"][key] and key != hand]

    def list_deal(self, state, seat):
        pile, hand = self.decl.roles.get("pile"), self.decl.roles.get("hand")
        if pile is None or hand is None or not state["zones"][self.decl.key(pile, seat)]:
            return []
        return [{"type": "deal", "zone": pile, "to": hand, "count": 1}]

    def list_shuffle(self, state, seat):
        return [{"type": "shuffle", "zone": key} for key in self.piles(state, seat)
                if len(state["zones"][key]) > 1]

    def list_roll(self, state, seat):
        return [{"type": "roll", "die": die} for die in self.decl.dice]

    def held(self, state, seat) -> list[str]:
        hand = self.hand(state, seat)
        return list(state["zones"][hand]) if hand else []

    def list_play(self, state, seat):
        if self.destination(state, seat) is None:
            return []
        return [{"type": "play", "card": c} for c in self.held(state, seat)]

    def list_told(self, state, seat):
        return [{"type": "told", "card": c} for c in self.decl.cards if c.endswith("#1")]

    def list_discard(self, state, seat):
        if self.decl.role_key("discard", seat) is None:
            return []
        return [{"type": "discard", "card": c} for c in self.held(state, seat)]

    def list_move(self, state, seat):
        """Each held card to each other zone (the play and discard zones have their own
        actions); the top card of each other zone into the hand."""
        hand = self.hand(state, seat)
        kept = {hand, self.decl.role_key("play", seat), self.decl.role_key("discard", seat)}
        targets = self.zone_keys(state, seat)
        listed = [{"type": "move", "card": c, "to": t} for c in self.held(state, seat)
                  for t in targets if t not in kept]
        if hand is not None:
            listed += [{"type": "move", "card": state["zones"][key][0], "to": hand}
                       for key in targets if key != hand and state["zones"][key]]
        return listed

    def list_reveal(self, state, seat):
        """Each card of a hand not open to all (shown, or face down again), and the next
        face-down card of each pile (the market's top three: three reveals)."""
        hand = self.hand(state, seat)
        listed = []
        if hand is not None and self.decl.zone_of_key(hand)["show"] != "public":
            listed += [{"type": "reveal", "card": c} for c in self.held(state, seat)]
        for key in self.piles(state, seat):
            hidden = [c for c in state["zones"][key] if c not in state["revealed"]]
            if hidden:
                listed.append({"type": "reveal", "card": hidden[0]})
        return listed

    def list_return(self, state, seat):
        if self.decl.role_key("pile", seat) is None:
            return []
        return [{"type": "return", "card": c, "bottom": False} for c in self.held(state, seat)]

    # -- carrying it out --------------------------------------------------------------------
    def step(self, state: dict, action: dict) -> list[dict]:
        kind = action["type"]
        wait = state["await"]
        if kind in ("out", "finish"):
            events = getattr(self, f"act_{kind}")(state, action)
        elif wait["kind"] == "discard":
            events = self.answer_discard(state, action)
        else:
            if not self.allowed(state, kind):
                raise Rejected("D-ALLOWS", self.not_allowed(state, kind))
            events = getattr(self, f"act_{kind}")(state, action, wait["player"])
            self.count_done(state, OPERATION.get(kind, kind))
        return events + self.settle(state)

    def count_done(self, state: dict, operation: str) -> None:
        """An operation the phase allows only so many times (its `max`), counted in the
        turn (`done`, forgotten as the phase or the turn changes); the other operations
        are not counted, so a table with no `max` keeps the state it always had."""
        if operation in self.phase(state)["max"]:
            done = state["turn"].setdefault("done", {})
            done[operation] = done.get(operation, 0) + 1

    def not_allowed(self, state, kind) -> str:
        """Why an action is not taken now, in the players' words."""
        if kind == "told" and state["tracked"]:
            return "the app keeps the cards: play the card itself"
        if kind in CARD_ACTIONS and not state["tracked"]:
            return "the players keep the printed cards: tell the app a played card"
        phase, operation = self.phase(state), OPERATION.get(kind, kind)
        most = phase["max"].get(operation)  # (only of an operation the phase allows)
        if most is not None:
            times = "once" if most == 1 else f"{most} times"
            return f"{phase['name']}: '{operation}' only {times} in this phase"
        return f"{phase['name']}: not '{kind}'"

    def answer_discard(self, state, action):
        wait = state["await"]
        if action["card"] not in state["zones"][wait["from"]]:
            raise Rejected("D-CARD", "that card is not among those to discard from")
        self.place(state, action["card"], wait["to"])
        wait["left"] -= 1
        events = [{"kind": "discard", "seat": wait["player"], "card": action["card"],
                   "text": f"{self.name(state, wait['player'])} discards "
                           f"{shown_name(self.decl, state, action['card'])}"}]
        if wait["left"] <= 0 or not state["zones"][wait["from"]]:
            events += self.after_prompt(state)
        return events

    def act_out(self, state, action):
        if action["seat"] >= len(state["players"]):
            raise Rejected("D-SEAT", f"the seats are 0 to {len(state['players']) - 1}")
        if state["players"][action["seat"]]["out"]:
            raise Rejected("D-OUT", "that player is already out")
        return self.put_out(state, action["seat"])

    def act_finish(self, state, action):
        winners = action["winners"]
        if any(s >= len(state["players"]) for s in winners) or len(set(winners)) < len(winners):
            raise Rejected("D-SEAT", "winners: different seats of this game")
        return self.finish(state, winners, "the players ended the game")

    def act_change(self, state, action, seat):
        counter = self.decl.counters.get(action["counter"])
        if counter is None:
            raise Rejected("D-COUNTER", f"no counter '{action['counter']}'")
        target = action["seat"]
        if counter["per"] == "shared":
            target = None
        elif target is None or target >= len(state["players"]):
            raise Rejected("D-SEAT", f"{counter['name']} is each player's: name the seat")
        old = self.counter(state, counter["id"], target)
        new = action["to"] if "to" in action else old + action["delta"]
        if self.clamp(counter, new) != new:
            raise Rejected("D-BOUNDS", f"{counter['name']} stays within "
                           f"{counter['min']} to {counter['max']}")
        return self.set_counter(state, counter["id"], target, new)

    def zone(self, state, name, seat) -> str:
        key = resolve(self.decl, state, name, seat)
        if key is None:
            raise Rejected("D-ZONE", f"no zone '{name}'")
        return key

    def act_draw(self, state, action, seat):
        """Cards from the zone the action names (another seat's too) to the zone it names;
        refused only when there is nothing to draw (an empty pile refills from its
        discard, as an effect's draw does)."""
        source, to = self.zone(state, action["zone"], seat), self.zone(state, action["to"], seat)
        if source == to:
            raise Rejected("D-ZONE", "a draw goes from one zone to another")
        pile = self.decl.zone_of_key(source)
        refill = self.decl.role_key("discard", owner(source) if owner(source) is not None
                                    else seat)
        if not state["zones"][source] and not (pile["role"] == "pile" and
                                               state["zones"].get(refill or "")):
            raise Rejected("D-EMPTY", f"{pile['name']} is empty")
        return self.draw(state, source, to, owner(to) if owner(to) is not None else seat,
                         action["count"])

    def act_deal(self, state, action, seat):
        """`count` cards to each player still in: from the named zone (each seat's own,
        for a zone per player) to each one's zone of the `to` id."""
        source, to = self.zone(state, action["zone"], seat), self.zone(state, action["to"], seat)
        if self.decl.zone_of_key(to)["per"] != "player":
            raise Rejected("D-ZONE", "a deal gives each player cards: to a zone per player")
        if not state["zones"][source]:
            raise Rejected("D-EMPTY", f"{self.decl.zone_of_key(source)['name']} is empty")
        return self.do_deal(state, {"count": str(action["count"]), "from": source.split(".")[0],
                                    "to": to.split(".")[0]}, seat, None)

    def act_shuffle(self, state, action, seat):
        key = self.zone(state, action["zone"], seat)
        return self.do_shuffle(state, {"zone": key.split(".")[0]},
                               owner(key) if owner(key) is not None else seat, None)

    def card_at(self, state, card) -> str:
        key = where(state, card)
        if key is None:
            raise Rejected("D-CARD", f"no card '{card}' on the table")
        return key

    def own(self, state, card, seat) -> str:
        """A card the acting player may play or discard: anywhere but in another player's
        zone (the top of a shared pile played at once is the players' call)."""
        key = self.card_at(state, card)
        if owner(key) not in (seat, None):
            raise Rejected("D-CARD", f"{self.decl.card_name(card)} is another player's")
        return key

    def destination(self, state, seat) -> str | None:
        return self.decl.role_key("play", seat) or self.decl.role_key("discard", seat)

    def act_play(self, state, action, seat):
        self.own(state, action["card"], seat)
        to = self.destination(state, seat)
        if to is None:
            raise Rejected("D-ZONE", "no zone to play into (a play or discard role)")
        self.place(state, action["card"], to)
        return self.played(state, action["card"], seat)

    def played(self, state, card, seat) -> list:
        data = self.decl.card(card)
        events = [{"kind": "played", "seat": seat, "card": card,
                   "text": f"{self.name(state, seat)} plays "
                           f"{shown_name(self.decl, state, card)}"}]
        effects = self.decl.table["effects"].get(data["component"], []) if data else []
        return events + self.run(state, effects, seat, card)

    def act_told(self, state, action, seat):
        if self.decl.card(action["card"]) is None:
            raise Rejected("D-CARD", f"no card '{action['card']}' in this game")
        return self.played(state, action["card"], seat)

    def act_discard(self, state, action, seat):
        self.own(state, action["card"], seat)
        to = self.decl.role_key("discard", seat)
        if to is None:
            raise Rejected("D-ZONE", "this game has no discard zone")
        self.place(state, action["card"], to)
        return [{"kind": "discard", "seat": seat, "card": action["card"],
                 "text": f"{self.name(state, seat)} discards "
                         f"{shown_name(self.decl, state, action['card'])}"}]

    def act_move(self, state, action, seat):
        key = self.card_at(state, action["card"])
        to = self.zone(state, action["to"], seat)
        if to == key:
            raise Rejected("D-CARD", "the card is already there")
        self.place(state, action["card"], to)
        return [{"kind": "move", "seat": seat, "card": action["card"],
                 "text": f"{self.name(state, seat)} moves a card to "
                         f"{self.decl.zone_of_key(to)['name']}"}]

    def act_reveal(self, state, action, seat):
        self.card_at(state, action["card"])
        name = self.decl.card_name(action["card"])
        if action["card"] in state["revealed"]:
            state["revealed"].remove(action["card"])
            return [{"kind": "reveal", "card": action["card"], "text": f"{name} face down"}]
        state["revealed"].append(action["card"])
        return [{"kind": "reveal", "card": action["card"],
                 "text": f"{self.name(state, seat)} shows {name}"}]

    def act_return(self, state, action, seat):
        key = self.card_at(state, action["card"])
        pile = self.decl.role_key("pile", owner(key) if owner(key) is not None else seat)
        if pile is None:
            raise Rejected("D-ZONE", "this game has no pile")
        bottom = action.get("bottom", False)
        self.place(state, action["card"], pile, bottom=bottom)
        return [{"kind": "return", "seat": seat, "text": f"{self.name(state, seat)} returns a "
                 f"card to the {'bottom' if bottom else 'top'} of the "
                 f"{self.decl.zone_of_key(pile)['name']}"}]

    def act_roll(self, state, action, seat):
        if action["die"] not in self.decl.dice:
            raise Rejected("D-DIE", f"the dice are {', '.join(self.decl.dice) or 'none'}")
        return self.roll(state, action["die"], seat)

    def act_phase(self, state, action, seat):
        return self.advance_phase(state)

    def act_pass(self, state, action, seat):
        return self.pass_turn(state)
