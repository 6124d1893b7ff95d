"""A turn (ATT-TURN): the renewal decision and, when called, both players' renewal
(ATT-RENEWAL); the attack phase (ATT-ATTACK); at its end the recruits owed by
after-loss abilities, then abilities discarded and bonuses gone. Special troops' upkeep
(ATT-SPECIAL) is checked before every step."""

from __future__ import annotations

from itertools import combinations

from companion.core.engine import Rejected
from companion.core.tasks import Task, push
from companion.games.att import abilities, battle, model
from companion.games.att.data import tables


def opening(first: int) -> list[dict]:
    """ATT-SETUP: each player, the starting player first: five cards, burns, building."""
    out = []
    for seat in (first, 1 - first):
        out += [{"do": "draw", "p": seat, "left": tables().limits["opening"]},
                {"do": "burn", "p": seat}, {"do": "build", "p": seat, "over": False}]
    return out + turn_tasks(first)


def turn_tasks(seat: int) -> list[dict]:
    return [{"do": "renew", "p": seat}, {"do": "attacks", "p": seat},
            {"do": "owed", "p": seat}, {"do": "cleanup", "p": seat}]


def renewal(seat: int) -> list[dict]:
    """ATT-RENEWAL for one player."""
    return [{"do": "abilities", "p": seat}, {"do": "recruit", "p": seat},
            {"do": "place", "p": seat, "troop": None, "left": -1, "optional": True,
             "extra": True},
            {"do": "draw", "p": seat, "left": tables().limits["draw"]},
            {"do": "discard", "p": seat}, {"do": "build", "p": seat, "over": True}]


@model.TASKS.add
class Renew(Task):
    """{"do": "renew", "p"}: the attacking player renews (both players) or not."""

    kind = "renew"
    rule = "ATT-TURN"

    def options(self, state, task):
        return [{"type": "renew", "renew": True}, {"type": "renew", "renew": False}]

    def answer(self, state, task, action):
        seat = task["p"]
        task["done"] = True
        name = state["players"][seat]["name"]
        if action["renew"]:
            push(state, *renewal(seat), *renewal(1 - seat))
            return [{"kind": "renew", "player": seat, "renew": True,
                     "text": f"{name} calls a renewal"}]
        return [{"kind": "renew", "player": seat, "renew": False,
                 "text": f"{name} goes straight to the attacks"}]

    def run(self, state, task, events):
        state["started"] = True  # the setup is over
        return task.get("done") or self.ask(state, task)


@model.TASKS.add
class Abilities(Task):
    """{"do": "abilities", "p"}: a renewal's abilities, at will (ATT-ABILITY); not asked
    of a player with none that can do anything."""

    kind = "abilities"
    rule = "ATT-ABILITY"

    def run(self, state, task, events):
        if task.get("done"):
            return True
        plays = abilities.playable(state, task["p"])
        return not plays or self.wait(state, task, plays + [{"type": "done"}])

    def options(self, state, task):
        return abilities.playable(state, task["p"]) + [{"type": "done"}]

    def refuse(self, state, task, action):
        if action["type"] != "play":
            super().refuse(state, task, action)
        abilities.check_play(state, task["p"], action)  # a card alike to a listed one

    def answer(self, state, task, action):
        if action["type"] == "done":
            task["done"] = True
            return []
        return abilities.play(state, task["p"], action["card"])


@model.TASKS.add
class Recruit(Task):
    """{"do": "recruit", "p"}: every base recruits one troop of its type, up to two a base
    (ATT-RENEWAL); the special troops' extra recruits come next (the place task)."""

    kind = "recruit"

    def run(self, state, task, events):
        seat = task["p"]
        for t, s in model.with_room(state, seat):
            events.append(abilities.add_troop(state, seat, t, s))
        return True


@model.TASKS.add
class Attacks(Task):
    """{"do": "attacks", "p"}: declare an attack, play an ability, or end the turn."""

    kind = "attacks"
    rule = "ATT-ATTACK"

    def run(self, state, task, events):
        return task.get("done") or self.ask(state, task)

    def options(self, state, task):
        seat = task["p"]
        return declarable(state, seat) + abilities.playable(state, seat) + \
            [{"type": "end_turn"}]

    def refuse(self, state, task, action):
        if action["type"] == "play":
            abilities.check_play(state, task["p"], action)  # a card alike to a listed one
        elif action["type"] == "attack":
            check_attack(state, task["p"], action)
        else:
            super().refuse(state, task, action)

    def answer(self, state, task, action):
        seat = task["p"]
        if action["type"] == "end_turn":
            task["done"] = True
            return [{"kind": "turn_end", "player": seat,
                     "text": f"{state['players'][seat]['name']} ends the attacks"}]
        if action["type"] == "play":
            return abilities.play(state, seat, action["card"])
        state["attacked"].append(action["from"])
        state["joined"] += action["specials"]
        return battle.start(state, seat, action["from"], action["to"], action["specials"])


def declarable(state: dict, seat: int) -> list[dict]:
    """ATT-ATTACK: a territory with troops that has not attacked, against any of the
    opponent's that is not empty (ATT-EMPTY); the special troops that have not fought yet
    may join."""
    player = state["players"][seat]
    free = [c for c in player["palace"] if c not in state["joined"]] \
        if player["palace"] else None
    groups = [list(g) for n in range(len(free) + 1) for g in combinations(free, n)] \
        if free else [[]]
    targets = []  # loops, not comprehensions (a frame each): this runs at every prompt
    for t, territory in enumerate(state["players"][1 - seat]["board"]):
        for base in territory:
            if base is not None:  # not empty (model.territory_empty)
                targets.append(t)
                break
    attacked = state["attacked"]
    out = []
    for source, territory in enumerate(player["board"]):
        if source in attacked:
            continue
        for base in territory:
            if base is not None and base["troops"]:  # a territory with troops
                for target in targets:
                    for group in groups:
                        out.append({"type": "attack", "from": source, "to": target,
                                    "specials": group})
                break
    return out


def check_attack(state: dict, seat: int, action: dict) -> None:
    """ATT-ATTACK, checked as `declarable` lists them, without listing them all."""
    territories = range(tables().limits["territories"])
    source, target, joined = action.get("from"), action.get("to"), action.get("specials")
    player = state["players"][seat]
    free = [c for c in player["palace"] if c not in state["joined"]]
    if source not in territories or target not in territories or type(source) is not int \
            or type(target) is not int:
        raise Rejected("ATT-ATTACK", "attack from one of your territories (0-2) to one of "
                                     "the opponent's (0-2)")
    if source in state["attacked"]:
        raise Rejected("ATT-ATTACK", f"territory {source + 1} has attacked this turn")
    if not any(base and base["troops"] for base in player["board"][source]):
        raise Rejected("ATT-ATTACK", f"territory {source + 1} has no troops")
    if model.territory_empty(state, 1 - seat, target):
        raise Rejected("ATT-EMPTY", f"the opponent's territory {target + 1} is empty: a "
                                    "battle there would destroy nothing")
    if not isinstance(joined, list) or joined != [c for c in free if c in joined] or \
            len(set(map(str, joined))) != len(joined):
        raise Rejected("ATT-ATTACK", "specials: special troops on your palace that have "
                                     "not fought this turn, in the palace's order")


@model.TASKS.add
class Owed(Task):
    """{"do": "owed", "p"}: troops owed by after-loss abilities are recruited, the
    attacking player's first (ATT-ROBOT-CARDS, Droid)."""

    kind = "owed"

    def run(self, state, task, events):
        tasks = []
        for seat in (task["p"], 1 - task["p"]):
            owed = state["mods"][seat]["owed"]
            for kind in tables().troops:
                if owed.get(kind):
                    tasks.append({"do": "place", "p": seat, "troop": kind,
                                  "left": owed[kind], "optional": False})
            state["mods"][seat] = fresh_mods()
        push(state, *tasks)
        return True


def fresh_mods() -> dict:
    return {"power": {}, "after": [], "owed": {}}


@model.TASKS.add
class Cleanup(Task):
    """{"do": "cleanup", "p"}: abilities discarded, bonuses gone (ATT-TURN); the next
    turn, or the end after the last round (ATT-END)."""

    kind = "cleanup"

    def run(self, state, task, events):
        seat = task["p"]
        for side in (0, 1):
            for card in state["in_play"][side]:
                model.discard(state, side, card)
            state["in_play"][side] = []
            state["mods"][side] = fresh_mods()
            for territory in state["players"][side]["board"]:
                for base in territory:
                    if base is not None and any(base["troops"]):
                        base["troops"] = [0] * len(base["troops"])
        state["attacked"], state["joined"] = [], []
        state["turn"] += 1
        following = 1 - seat
        if following == state["first"]:
            state["round"] += 1
            if state["round"] > tables().limits["rounds"]:
                events += by_count(state)
                return True
        push(state, *turn_tasks(following))
        return True


def by_count(state: dict) -> list[dict]:
    """ATT-END: more bases, then more troops; else a draw."""
    counts = [(sum(1 for _ in model.slots(p)), model.troop_count(state, seat))
              for seat, p in enumerate(state["players"])]
    why = f"round {tables().limits['rounds']} is over: " + " : ".join(
        f"{p['name']} {b} bases, {t} troops"
        for p, (b, t) in zip(state["players"], counts, strict=True))
    if counts[0] == counts[1]:
        return model.finish(state, None, why + "; a draw")
    winner = 0 if counts[0] > counts[1] else 1
    return model.finish(state, winner, f"{why}; {state['players'][winner]['name']} wins")


# -- upkeep -----------------------------------------------------------------------------
def excess(state: dict, seat: int) -> list[str]:
    """Special troops without Loyal beyond the complete territories (ATT-SPECIAL)."""
    palace = state["players"][seat]["palace"]
    if not palace or len(palace) <= model.complete(state, seat):
        return []
    bound = [c for c, troop in model.specials(state, seat) if not troop["loyal"]]
    return bound if len(bound) > model.complete(state, seat) else []


def advance(state: dict) -> list[dict]:
    """The order of play carries on until a task waits: every step after the special
    troops' upkeep, checked while a palace holds a special troop (core.tasks)."""
    players = state["players"]
    return model.TASKS.run(state, checks, (players[0]["palace"], players[1]["palace"]))


def checks(state: dict) -> list[dict]:
    """Before every step: special troops beyond the complete territories go, the owner
    choosing which when they differ."""
    players = state["players"]
    if not (players[0]["palace"] or players[1]["palace"]):
        return ()
    events = []
    for seat in (0, 1):
        palace = players[seat]["palace"]
        if not palace:
            continue
        complete = 0  # model.complete, inline: this runs before every step
        for territory in players[seat]["board"]:
            if None not in territory:
                complete += 1
        if len(palace) <= complete:  # no upkeep owed (excess)
            continue
        bound = excess(state, seat)
        if not bound:
            continue
        names = {model.army(state, seat).special(c)["name"] for c in bound}
        if len(names) > 1:
            if state["tasks"][-1]["do"] != "upkeep":
                push(state, {"do": "upkeep", "p": seat})
            continue
        while excess(state, seat):
            events.append(lose_special(state, seat, excess(state, seat)[0]))
    return events


def lose_special(state: dict, seat: int, card: str) -> dict:
    name = model.army(state, seat).special(card)["name"]
    model.destroy_special(state, seat, card)
    return {"kind": "special_gone", "player": seat, "card": card,
            "text": f"{state['players'][seat]['name']}'s {name} is destroyed: too few "
                    "complete territories (ATT-SPECIAL)"}


@model.TASKS.add
class Upkeep(Task):
    """{"do": "upkeep", "p"}: which special troop goes, when they differ."""

    kind = "upkeep"
    rule = "ATT-SPECIAL"

    def run(self, state, task, events):
        return not excess(state, task["p"]) or self.ask(state, task)

    def options(self, state, task):
        return [{"type": "lose", "card": c} for c in excess(state, task["p"])]

    def answer(self, state, task, action):
        return [lose_special(state, task["p"], action["card"])]
