"""Ability cards: which can be played now, and what each effect of the vocabulary does
(ATT-ABILITY, ATT-ROBOT-CARDS, ATT-CORSAIRS). An effect that needs the player's choices
puts tasks in front of the current one: where recruits go (ATT-RECRUIT), which troops
are sacrificed, which troop gains the power, where the Carrier's base is built.

The vocabulary (an ability's `effect` map; several keys act in this order):
  power {troop, value}          your troops of a type have this power until the turn ends
  recruit {troop, count | per}  recruit count troops (per: up to one for each of yours)
  recruit_all {troop}           each of your bases of the type recruits one troop
  after_losses {troop}          each troop of yours lost this turn brings one, at its end
  sacrifice_build {troop}       sacrifice one; build a base from the discard pile there
  sacrifice_boost {max, factor} sacrifice 1..max troops; one troop gains Initiative and
                                factor x that many points of power until the turn ends
  special {name, power, unique, loyal, extra_recruit}   a special troop on the palace"""

from __future__ import annotations

from functools import cache

from companion.core.engine import Rejected
from companion.core.tasks import Task, push
from companion.games.att import model
from companion.games.att.data import tables

ORDER = ("power", "recruit", "recruit_all", "after_losses", "sacrifice_build",
         "sacrifice_boost", "special")


def ability(state: dict, seat: int, card: str):
    return model.army(state, seat).abilities.get(card)


# -- can it do anything now? (ATT-ABILITY) ----------------------------------------------
class Census:
    """A player's board counted once: troops and bases by type, which types have room."""

    __slots__ = ("troops", "total", "bases", "room")

    def __init__(self, state: dict, seat: int):
        troops, room, total = {}, set(), 0
        per_base = tables().limits["per_base"]
        for territory in state["players"][seat]["board"]:
            for base in territory:
                if base:  # a base, not an empty slot
                    kind = base["type"]
                    count = len(base["troops"])
                    total += count
                    if kind in troops:
                        troops[kind] += count
                    else:
                        troops[kind] = count
                    if count < per_base:
                        room.add(kind)
        self.troops, self.bases, self.room, self.total = troops, troops.keys(), room, total


def useful(state: dict, seat: int, effect: dict, census: Census | None = None) -> bool:
    census = census or Census(state, seat)
    return any(USEFUL[key](state, seat, value, census) for key, value in effect.items())


def special_fits(state: dict, seat: int, troop: dict, census: Census) -> bool:
    """A special troop that would not be destroyed at once for want of a complete
    territory (ATT-SPECIAL), replacing its Unique namesake."""
    if troop["loyal"]:
        return True
    kept = [t for _, t in model.specials(state, seat)
            if not t["loyal"] and not (troop["unique"] and t["name"] == troop["name"])]
    return model.complete(state, seat) > len(kept)


USEFUL = {
    "power": lambda s, p, e, c: c.troops.get(e["troop"], 0) > 0 and
    model.power(s, p, e["troop"]) != e["value"],
    "recruit": lambda s, p, e, c: e["troop"] in c.room and
    ("per" not in e or c.troops.get(e["per"], 0) > 0),
    "recruit_all": lambda s, p, e, c: e["troop"] in c.room,
    "after_losses": lambda s, p, e, c: c.total > 0 and e["troop"] in c.bases,
    "sacrifice_build": lambda s, p, e, c: c.troops.get(e["troop"], 0) > 0 and
    bool(s["players"][p]["discard"]["base"]),
    "sacrifice_boost": lambda s, p, e, c: c.total >= 2,
    "special": special_fits,
}


def playable(state: dict, seat: int) -> list[dict]:
    """One play of each kind of ability in the hand that can do anything now."""
    player = state["players"][seat]
    tests = card_tests(player["army"])
    census, seen, out = None, [], []
    for card in player["hand"]:
        found = tests.get(card)
        if found is None:
            continue
        kind, checks = found
        if kind in seen:
            continue
        seen.append(kind)
        if census is None:
            census = Census(state, seat)
        for test, value in checks:
            if test(state, seat, value, census):
                out.append({"type": "play", "card": card})
                break
    return out


@cache
def card_tests(army_id: str) -> dict:
    """card -> (kind, ((USEFUL test, its effect's value), ...)) for an army's abilities:
    `useful`, looked up once."""
    return {card: (found.kind, tuple((USEFUL[key], value)
                                     for key, value in found.effect.items()))
            for card, found in tables().armies[army_id].abilities.items()}


def check_play(state: dict, seat: int, action: dict) -> None:
    card = action.get("card")
    found = ability(state, seat, card) if isinstance(card, str) else None
    if found is None or card not in state["players"][seat]["hand"]:
        raise Rejected("ATT-ABILITY", "play an ability card from your hand")
    if not useful(state, seat, found.effect):
        raise Rejected("ATT-ABILITY", f"the {found.kind} card cannot do anything now")


# -- playing one --------------------------------------------------------------------------
def play(state: dict, seat: int, card: str) -> list[dict]:
    found = ability(state, seat, card)
    player = state["players"][seat]
    player["hand"].remove(card)
    events = [{"kind": "play", "player": seat, "card": card,
               "piece": [f"{player['army']}-abilities", card],
               "text": f"{player['name']} plays {found.kind.title()}: {found.text}"}]
    if "special" not in found.effect:
        state["in_play"][seat].append(card)
    tasks = []
    for key in ORDER:
        if key in found.effect:
            events += EFFECTS[key](state, seat, found.effect[key], card, tasks)
    push(state, *tasks)
    return events


def set_power(state, seat, effect, card, tasks):
    state["mods"][seat]["power"][effect["troop"]] = effect["value"]
    return []


def recruit(state, seat, effect, card, tasks):
    if "per" in effect:
        tasks.append({"do": "place", "p": seat, "troop": effect["troop"],
                      "left": model.troop_count(state, seat, effect["per"]), "optional": True})
    else:
        tasks.append({"do": "place", "p": seat, "troop": effect["troop"],
                      "left": effect["count"], "optional": False})
    return []


def recruit_all(state, seat, effect, card, tasks):
    kind = effect["troop"]
    events = []
    for t, s in model.with_room(state, seat, kind):
        events.append(add_troop(state, seat, t, s))
    return events


def after_losses(state, seat, effect, card, tasks):
    state["mods"][seat]["after"].append(effect["troop"])
    return []


def sacrifice_build(state, seat, effect, card, tasks):
    tasks.append({"do": "carrier", "p": seat, "troop": effect["troop"]})
    return []


def sacrifice_boost(state, seat, effect, card, tasks):
    tasks.append({"do": "sacrifice", "p": seat, "left": effect["max"],
                  "factor": effect["factor"], "count": 0})
    return []


def special(state, seat, effect, card, tasks):
    """ATT-SPECIAL: the card is the troop, on the palace; a Unique one replaces its
    namesake."""
    events = []
    player = state["players"][seat]
    if effect["unique"]:
        for older, troop in model.specials(state, seat):
            if troop["name"] == effect["name"]:
                model.destroy_special(state, seat, older)
                events.append({"kind": "special_gone", "player": seat, "card": older,
                               "text": f"The older {troop['name']} is destroyed (Unique)"})
    player["palace"].append(card)
    return events + [{"kind": "special", "player": seat, "card": card,
                      "piece": [f"{player['army']}-abilities", card],
                      "text": f"{player['name']}'s {effect['name']} takes the palace"}]


EFFECTS = {"power": set_power, "recruit": recruit, "recruit_all": recruit_all,
           "after_losses": after_losses, "sacrifice_build": sacrifice_build,
           "sacrifice_boost": sacrifice_boost, "special": special}


def add_troop(state: dict, seat: int, t: int, s: int) -> dict:
    player = state["players"][seat]
    base = player["board"][t][s]
    base["troops"].append(0)
    name = tables().armies[player["army"]].troops[base["type"]]
    return {"kind": "recruit", "player": seat, "at": [t, s], "troop": base["type"],
            "text": f"{player['name']} recruits {model.a(name)} in territory {t + 1}"}


# -- the choices effects ask for ---------------------------------------------------------
@model.TASKS.add
class Place(Task):
    """{"do": "place", "p", "troop", "left", "optional"}: where each recruit goes; one
    place and nothing optional: no question (ATT-RECRUIT). `troop` None: a base of any
    type (ATT-EXTRA, whose number is counted when the task comes: "extra")."""

    kind = "place"
    rule = "ATT-RECRUIT"

    def run(self, state, task, events):
        if task.get("extra") and task["left"] < 0:  # ATT-EXTRA: counted when it comes
            task["left"] = model.extra_recruits(state, task["p"])
        while task["left"] > 0:
            spots = model.with_room(state, task["p"], task["troop"])
            if not spots:
                return True
            if len(spots) > 1 or task["optional"]:
                return self.wait(state, task, self.places(task, spots),
                                 troop=task["troop"], left=task["left"])
            task["left"] -= 1
            events.append(add_troop(state, task["p"], *spots[0]))
        return True

    def options(self, state, task):
        return self.places(task, model.with_room(state, task["p"], task["troop"]))

    @staticmethod
    def places(task, spots):
        out = []  # a loop, not a comprehension (a frame): every recruit asks
        for at in spots:
            out.append({"type": "place", "at": at})
        if task["optional"]:
            out.append({"type": "stop"})
        return out

    def answer(self, state, task, action):
        if action["type"] == "stop":
            task["left"] = 0
            return []
        task["left"] -= 1
        return [add_troop(state, task["p"], *action["at"])]


@model.TASKS.add
class Sacrifice(Task):
    """{"do": "sacrifice", "p", "left", "factor", "count"}: troops given up one by one,
    always leaving one to gain the power; then Boost."""

    kind = "sacrifice"
    rule = "ATT-ROBOT-CARDS"

    def run(self, state, task, events):
        if task["left"] > 0 and model.troop_count(state, task["p"]) >= 2 and \
                not task.get("done"):
            return self.ask(state, task, count=task["count"], left=task["left"])
        push(state, {"do": "boost", "p": task["p"], "power": task["count"] * task["factor"]})
        return True

    def options(self, state, task):
        out = []  # a loop, not a comprehension (a frame)
        for troop in model.troops(state, task["p"]):
            out.append({"type": "sacrifice", "troop": troop})
        if task["count"]:
            out.append({"type": "done"})
        return out

    def answer(self, state, task, action):
        if action["type"] == "done":
            task["done"] = True
            return []
        t, s, bonus = action["troop"]
        seat = task["p"]
        name = model.type_name(state, seat, model.base_type(
            state, seat, state["players"][seat]["board"][t][s]))
        model.lose_troop(state, seat, t, s, bonus)
        task["left"] -= 1
        task["count"] += 1
        return [{"kind": "sacrifice", "player": seat, "at": [t, s],
                 "text": f"{state['players'][seat]['name']} sacrifices {model.a(name)}"}]


@model.TASKS.add
class Boost(Task):
    """{"do": "boost", "p", "power"}: the troop that gains Initiative and the power."""

    kind = "boost"
    rule = "ATT-ROBOT-CARDS"

    def run(self, state, task, events):
        if task.get("done") or not model.troops(state, task["p"]):
            return True
        options = self.options(state, task)
        if len(options) == 1:  # no choice: no question
            events += self.answer(state, task, options[0])
            return True
        return self.wait(state, task, options, power=task["power"])

    def options(self, state, task):
        out = []  # a loop, not a comprehension (a frame)
        for troop in model.troops(state, task["p"]):
            out.append({"type": "boost", "troop": troop})
        return out

    def answer(self, state, task, action):
        t, s, bonus = action["troop"]
        seat = task["p"]
        base = state["players"][seat]["board"][t][s]
        base["troops"][base["troops"].index(bonus)] = bonus + task["power"]
        task["done"] = True
        name = model.type_name(state, seat, model.base_type(state, seat, base))
        return [{"kind": "boost", "player": seat, "at": [t, s],
                 "text": f"One {name} in territory {t + 1} gains Initiative and "
                         f"{task['power']} power"}]


@model.TASKS.add
class Carrier(Task):
    """{"do": "carrier", "p", "troop"}: which troop of the type is sacrificed; then the
    base from the discard pile is built on its territory (Rebuild)."""

    kind = "carrier"
    rule = "ATT-ROBOT-CARDS"

    def run(self, state, task, events):
        if task.get("done"):
            return True
        options = self.options(state, task)
        if len(options) == 1:  # no choice: no question
            events += self.answer(state, task, options[0])
        return task.get("done") or not options or \
            self.wait(state, task, options, troop=task["troop"])

    def options(self, state, task):
        seat = task["p"]
        return [{"type": "sacrifice", "troop": troop} for troop in model.troops(state, seat)
                if model.base_type(state, seat, state["players"][seat]["board"][troop[0]][
                    troop[1]]) == task["troop"]]

    def answer(self, state, task, action):
        t, s, bonus = action["troop"]
        seat = task["p"]
        model.lose_troop(state, seat, t, s, bonus)
        task["done"] = True
        push(state, {"do": "rebuild", "p": seat, "t": t})
        name = model.type_name(state, seat, task["troop"])
        return [{"kind": "sacrifice", "player": seat, "at": [t, s],
                 "text": f"{state['players'][seat]['name']} sacrifices {model.a(name)}"}]


@model.TASKS.add
class Rebuild(Task):
    """{"do": "rebuild", "p", "t"}: a base of the chosen type from the base discard pile,
    onto a slot of the territory (over a base there, which is destroyed)."""

    kind = "rebuild"
    rule = "ATT-ROBOT-CARDS"

    def run(self, state, task, events):
        return task.get("done") or not state["players"][task["p"]]["discard"]["base"] or \
            self.ask(state, task, territory=task["t"])

    def options(self, state, task):
        seat = task["p"]
        bases = model.army(state, seat).bases
        kinds = sorted({bases[c] for c in state["players"][seat]["discard"]["base"]},
                       key=lambda k: list(tables().troops).index(k))
        return [{"type": "rebuild", "base": kind, "at": [task["t"], s]}
                for kind in kinds for s in range(tables().limits["slots"])]

    def answer(self, state, task, action):
        from companion.games.att.cards import build

        seat = task["p"]
        player = state["players"][seat]
        bases = model.army(state, seat).bases
        card = next(c for c in player["discard"]["base"] if bases[c] == action["base"])
        player["discard"]["base"].remove(card)
        player["hand"].append(card)  # built from the hand's code path, at once
        task["done"] = True
        return build(state, seat, card, *action["at"])
