"""Cards in hand: drawing from the pile a player chooses (ATT-PILES), burning the opening
hand (ATT-SETUP), discarding down to the hand limit and building bases (ATT-RENEWAL)."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected
from companion.core.tasks import Task, push
from companion.games.att import model
from companion.games.att.data import tables


def draw_card(state: dict, seat: int, pile: str, events: list[dict]) -> None:
    """The top card of a pile into the hand; an empty draw pile is first refilled by
    shuffling its discard pile (ATT-PILES), which goes into `events` (the draw itself is
    told by the Draw task, all cards at once)."""
    player = state["players"][seat]
    if not player["draw"][pile]:
        refill = player["discard"][pile]
        player["discard"][pile] = []
        rng.shuffle(state, refill)
        player["draw"][pile] = refill
        events.append({"kind": "reshuffle", "player": seat, "pile": pile,
                       "text": f"{player['name']} shuffles the {pile} discard pile "
                               "into a new draw pile"})
    player["hand"].append(player["draw"][pile].pop())


def bases_in_hand(state: dict, seat: int) -> list[str]:
    """One base card of each type in the hand (cards of a type are alike)."""
    bases = model.army(state, seat).bases
    seen, out = set(), []
    for card in state["players"][seat]["hand"]:
        kind = bases.get(card)
        if kind and kind not in seen:
            seen.add(kind)
            out.append(card)
    return out


def build(state: dict, seat: int, card: str, t: int, s: int) -> list[dict]:
    """A base from the hand onto a slot; a base already there is destroyed with its
    troops (ATT-RENEWAL)."""
    player = state["players"][seat]
    kind = model.army(state, seat).bases[card]
    text = f"{player['name']} builds {model.a(model.type_name(state, seat, kind))} base " \
           f"in territory {t + 1}"
    if player["board"][t][s] is not None:
        old = model.base_type(state, seat, player["board"][t][s])
        model.destroy_base(state, seat, t, s)
        text += f" over the {model.type_name(state, seat, old)} base"
    player["hand"].remove(card)
    player["board"][t][s] = {"card": card, "type": kind, "troops": []}
    return [{"kind": "build", "player": seat, "card": card, "at": [t, s], "text": text,
             "piece": [f"{player['army']}-bases", card]}]


@model.TASKS.add
class Draw(Task):
    """{"do": "draw", "p": seat, "left": cards}: the cards drawn at once, the player saying
    how many come from the base pile and how many from the ability pile (ATT-PILES)."""

    kind = "draw"
    rule = "ATT-PILES"

    def run(self, state, task, events):
        if task.get("done"):
            return True
        options = self.options(state, task)
        return not options or self.wait(state, task, options, left=task["left"])

    def options(self, state, task):
        player = state["players"][task["p"]]
        bases, abilities = available(player, "base"), available(player, "ability")
        left = min(task["left"], bases + abilities)
        out = []  # a loop, not a comprehension (a frame): this runs at every draw
        for n in range(left + 1) if left else ():
            if n <= bases and left - n <= abilities:
                out.append({"type": "draw", "bases": n})
        return out

    def answer(self, state, task, action):
        task["done"] = True
        seat, bases = task["p"], action["bases"]
        player = state["players"][seat]
        left = min(task["left"], available(player, "base") + available(player, "ability"))
        events = []
        for pile, count in (("base", bases), ("ability", left - bases)):
            for _ in range(count):
                draw_card(state, seat, pile, events)
        if not left:
            return events
        return events + [{"kind": "draw", "player": seat, "bases": bases,
                          "abilities": left - bases,
                          "text": f"{player['name']} draws {words(bases, left - bases)}"}]


def available(player: dict, pile: str) -> int:
    return len(player["draw"][pile]) + len(player["discard"][pile])


def words(bases: int, abilities: int) -> str:
    parts = []  # a loop, not a comprehension (a frame): every draw says it
    for n, what in ((bases, "base card"), (abilities, "ability card")):
        if n:
            parts.append(f"{n} {what}{'' if n == 1 else 's'}")
    return " and ".join(parts) or "nothing"


@model.TASKS.add
class Burn(Task):
    """{"do": "burn", "p": seat}: keep the opening hand, or burn it and draw five again,
    as many times as the player wants (ATT-SETUP: a cap binds only computer players,
    ai.BURNS)."""

    kind = "burn"
    rule = "ATT-SETUP"

    def run(self, state, task, events):
        return task.get("kept") or self.ask(state, task)

    def options(self, state, task):
        return [{"type": "keep"}, {"type": "burn"}]

    def answer(self, state, task, action):
        seat = task["p"]
        player = state["players"][seat]
        if action["type"] == "keep":
            task["kept"] = True
            return []
        for card in player["hand"]:
            model.discard(state, seat, card)
        player["hand"] = []
        player["burns"] += 1
        push(state, {"do": "draw", "p": seat, "left": tables().limits["opening"]})
        return [{"kind": "burn", "player": seat,
                 "text": f"{player['name']} burns the hand"
                         + (f" ({player['burns']} times)" if player["burns"] > 1 else "")}]


@model.TASKS.add
class Discard(Task):
    """{"do": "discard", "p": seat}: down to the hand limit (ATT-RENEWAL)."""

    kind = "discard"
    rule = "ATT-RENEWAL"

    def run(self, state, task, events):
        over = len(state["players"][task["p"]]["hand"]) - tables().limits["hand"]
        return over <= 0 or self.ask(state, task, left=over)

    def options(self, state, task):
        return [{"type": "discard", "card": card}
                for card in state["players"][task["p"]]["hand"]]

    def answer(self, state, task, action):
        seat = task["p"]
        player = state["players"][seat]
        player["hand"].remove(action["card"])
        model.discard(state, seat, action["card"])
        return [{"kind": "discard", "player": seat, "card": action["card"],
                 "text": f"{player['name']} discards a card"}]


@model.TASKS.add
class Build(Task):
    """{"do": "build", "p": seat, "over": bool}: bases from the hand until the player is
    done; `over`: onto a built slot too (in a renewal; the setup builds on empty slots)."""

    kind = "build"
    rule = "ATT-RENEWAL"

    def run(self, state, task, events):
        if task.get("done"):
            return True
        cards = bases_in_hand(state, task["p"])
        return not cards or self.wait(state, task, self.builds(state, task, cards))

    def options(self, state, task):
        return self.builds(state, task, bases_in_hand(state, task["p"]))

    @staticmethod
    def builds(state, task, cards):
        board = state["players"][task["p"]]["board"]
        over = task["over"]
        spots = []  # loops, not comprehensions (a frame each): this runs at every build
        for t, territory in enumerate(board):
            for s, base in enumerate(territory):
                if over or base is None:
                    spots.append([t, s])
        out = []
        for card in cards:
            for at in spots:
                out.append({"type": "build", "card": card, "at": at})
        out.append({"type": "done"})
        return out

    def refuse(self, state, task, action):
        if action["type"] != "build":
            super().refuse(state, task, action)
        seat, spot = task["p"], action.get("at")
        card = action.get("card")
        if not isinstance(card, str) or card not in state["players"][seat]["hand"] or \
                card not in model.army(state, seat).bases:
            raise Rejected(self.rule, "build a base card from your hand")
        board = state["players"][seat]["board"]
        if not (isinstance(spot, list) and len(spot) == 2 and all(
                type(i) is int for i in spot) and 0 <= spot[0] < len(board) and
                0 <= spot[1] < len(board[0])):
            raise Rejected(self.rule, "at: [territory, slot], each from 0")
        if not task["over"] and board[spot[0]][spot[1]] is not None:
            raise Rejected("ATT-SETUP", "the setup builds on empty slots only")
        # else: a card alike to a listed one

    def answer(self, state, task, action):
        if action["type"] == "done":
            task["done"] = True
            return []
        t, s = action["at"]
        return build(state, task["p"], action["card"], t, s)
