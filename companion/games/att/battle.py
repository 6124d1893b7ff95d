"""A battle, step by step (ATT-WINDOW, ATT-INITIATIVE, ATT-REGULAR, ATT-DAMAGE,
ATT-UNMANNED, ATT-ARTILLERY, ATT-HEAL, ATT-EMPTY, ATT-PALACE-BATTLE).

`state["battle"]` holds who fights where, the damage each side has left to give in the
current step, and the kills each has marked; the tasks are the steps. Kills are marked
one by one (the player's choice, or the app's suggestion) and removed together at the
end of a step, both sides at once. A target is a list: ["troop", t, s, bonus],
["special", card], ["base", t, s] or ["palace"], always on the other side's board."""

from __future__ import annotations

from companion.core.engine import Rejected
from companion.core.tasks import Task, push
from companion.games.att import abilities, damage, model, strike


def start(state: dict, attacker: int, source: int, target: int, joined: list) -> list:
    """A declared attack (ATT-ATTACK) on a territory that is not empty (ATT-EMPTY)."""
    defender = 1 - attacker
    state["battle"] = {"a": attacker, "d": defender, "from": source, "to": target,
                       "specials": list(joined), "palace": False, "pools": [None, None],
                       "targets": [[], []], "marks": [[], []], "wounds": [[], []], "lines": [],
                       "step": "window"}
    players = state["players"]
    text = f"{players[attacker]['name']} attacks from territory {source + 1} " \
           f"{players[defender]['name']}'s territory {target + 1}"
    push(state, *steps(attacker))
    return [{"kind": "attack", "player": attacker, "from": source, "to": target,
             "joined": list(joined), "text": text}]


def steps(attacker: int) -> list[dict]:
    return [{"do": "window", "p": attacker, "passes": 0}, {"do": "strike", "p": attacker,
            "step": "initiative"}, {"do": "strike", "p": attacker, "step": "regular"},
            {"do": "conclude", "p": attacker}]


@model.TASKS.add
class Window(Task):
    """{"do": "window", "p", "passes"}: abilities in turn, the attacker first, until both
    pass one after the other; a player with no ability that can do anything passes
    without being asked (ATT-WINDOW)."""

    kind = "window"
    rule = "ATT-WINDOW"

    def run(self, state, task, events):
        while task["passes"] < 2:
            plays = abilities.playable(state, task["p"])
            if plays:  # the options, as `options` lists them
                return self.wait(state, task, plays + [{"type": "pass"}])
            task["passes"] += 1
            task["p"] = 1 - task["p"]
        return True

    def options(self, state, task):
        return abilities.playable(state, task["p"]) + [{"type": "pass"}]

    def refuse(self, state, task, action):
        if action["type"] != "play":
            super().refuse(state, task, action)
        abilities.check_play(state, task["p"], action)  # a card alike to a listed one

    def answer(self, state, task, action):
        seat = task["p"]
        task["p"] = 1 - seat
        if action["type"] == "pass":
            task["passes"] += 1
            return []
        task["passes"] = 0
        return abilities.play(state, seat, action["card"])


@model.TASKS.add
class Strike(Task):
    """{"do": "strike", "step": "initiative" | "regular"}: each side's damage worked out
    at once; then each assigns it, the attacker first; then both sides' kills go."""

    kind = "strike"

    def run(self, state, task, events):
        battle = state["battle"]
        battle["step"] = task["step"]
        battle["marks"] = [[], []]
        worked = strike.work_out(state, task["step"])
        if worked is None:  # no one has Initiative: nothing to say
            battle["pools"] = [{"damage": 0, "artillery": 0, "lost": 0},
                               {"damage": 0, "artillery": 0, "lost": 0}]
            battle["targets"] = [[], []]  # the regular step follows at once
            return True
        battle["pools"], battle["targets"] = worked
        giving = []
        for seat in (battle["a"], battle["d"]):
            pools = worked[0][seat]
            if not worked[1][seat]:  # nothing in reach: all of it is lost
                pools["lost"] += pools["damage"] + pools["artillery"]
                pools["damage"] = pools["artillery"] = 0
            elif pools["damage"] or pools["artillery"]:
                giving.append(seat)
        battle["lines"].append(damage.step_line(state, task["step"]))
        events.append({"kind": "strike", "step": task["step"],
                       "text": battle["lines"][-1]})
        if giving:
            push(state, *({"do": "assign", "p": seat} for seat in giving),
                 {"do": "remove", "p": battle["a"]})
        return True


@model.TASKS.add
class Assign(Task):
    """{"do": "assign", "p"}: the player's kills, one by one, or the suggestion at once,
    while the damage left can destroy anything, and in the initiative step also a piece
    it can only damage: all that is left stays on it into regular combat (ATT-DAMAGE).
    No question is asked where there is no choice: one piece to give it to, or enough
    damage to destroy them all."""

    kind = "assign"
    rule = "ATT-DAMAGE"

    def run(self, state, task, events):
        seat = task["p"]
        battle = state["battle"]
        while True:
            targets, everything = strike.choices(battle, seat)
            if not targets:
                return True
            if everything:
                events += self.mark(state, seat, damage.suggestion(state, seat))
                return True  # nothing is left standing
            if len(targets) == 1:
                events += self.mark(state, seat, targets)
            else:
                options = []  # a loop, not a comprehension (a frame)
                for target in targets:
                    options.append({"type": "kill", "target": target})
                options.append({"type": "suggest"})
                return self.wait(state, task, options, step=battle["step"])

    def options(self, state, task):
        left = damage.standing(state, task["p"])
        kills = [{"type": "kill", "target": target}
                 for target in damage.affordable(state, task["p"], left) +
                 damage.woundable(state, task["p"], left)]
        return kills + [{"type": "suggest"}]

    def refuse(self, state, task, action):
        if action["type"] == "kill":
            raise Rejected(self.rule, "that piece is not in the fight, is still manned, or "
                                      "needs more damage than is left")
        super().refuse(state, task, action)

    def answer(self, state, task, action):
        seat = task["p"]
        if action["type"] == "suggest":
            return self.mark(state, seat, damage.suggestion(state, seat))
        return self.mark(state, seat, [action["target"]])

    @staticmethod
    def mark(state, seat, targets):
        events = []
        for target in targets:
            given = state["battle"]["pools"][seat]["damage"]
            price = damage.mark(state, seat, target)
            if not price:  # a wound: the damage left stays on the piece
                events.append({"kind": "wound", "player": seat, "target": target,
                               "damage": given,
                               "text": damage.wound_line(state, seat, target, given)})
                continue
            events.append({"kind": "mark", "player": seat, "target": target,
                           "text": damage.mark_line(state, seat, target, price)})
        return events


@model.TASKS.add
class Remove(Task):
    """{"do": "remove"}: both sides' kills off the board together; a destroyed palace ends
    the game (ATT-WIN)."""

    kind = "remove"

    def run(self, state, task, events):
        battle = state["battle"]
        for seat in (battle["a"], battle["d"]):
            events += damage.remove(state, seat)
        battle["marks"], battle["pools"], battle["targets"] = [[], []], [None, None], [[], []]
        return True


@model.TASKS.add
class Conclude(Task):
    """{"do": "conclude"}: survivors heal (ATT-HEAL); a territory left without troops and
    bases opens the palace battle to the attackers who live (ATT-PALACE-BATTLE)."""

    kind = "conclude"

    def run(self, state, task, events):
        battle = state["battle"]
        fell = not battle["palace"] and model.territory_empty(state, battle["d"], battle["to"])
        survivors = damage.attackers(state) if fell else []
        if survivors:
            line = f"Territory {battle['to'] + 1} has fallen: {len(survivors)} attacking " \
                   f"troop{'s' if len(survivors) != 1 else ''} go on to " \
                   f"{state['players'][battle['d']]['name']}'s palace"
            battle["lines"].append(line)
            battle["palace"] = True
            battle["wounds"] = [[], []]  # another battle: the first one's damage healed
            push(state, *steps(battle["a"]))
            events.append({"kind": "fallen", "text": line})
            return True
        line = "Survivors heal" if not fell else \
            f"Territory {battle['to'] + 1} has fallen, but no attacker is left"
        battle["lines"].append(line)
        events.append({"kind": "battle_end", "text": line})
        state["last"] = {"a": battle["a"], "from": battle["from"], "to": battle["to"],
                         "palace": battle["palace"], "lines": battle["lines"]}
        state["battle"] = None
        return True
