"""What Attack the Tower's screens say, derived from the state (no Kivy here, so it is
tested fast): the toolbar status, the prompt, the words of every action (buttons, Undo
and Redo), the boards as text, game over, and what a held card means. A player's hand
is private: the prompts that show it are behind the pass-and-play cover."""

from __future__ import annotations

from functools import cache

from companion.core import printed, viewing
from companion.core.viewing import names
from companion.games.att import cards, damage, model
from companion.games.att.data import GAME_ID, tables

HAND_PROMPTS = ("burn", "build", "discard", "abilities", "window", "attacks", "renew")
PHASE = {"draw": "Renewal", "discard": "Renewal", "build": "Renewal", "abilities": "Renewal",
         "place": "Recruits", "renew": "Renewal?", "attacks": "Attacks", "window": "Battle",
         "assign": "Battle", "sacrifice": "Ability", "boost": "Ability", "carrier": "Ability",
         "rebuild": "Ability", "upkeep": "Special troops", "burn": "Setup"}


def where(state: dict) -> str:
    battle = state["battle"]
    owner = names(state)[battle["d"]]
    return f"{owner}'s palace" if battle["palace"] else \
        f"{owner}'s territory {battle['to'] + 1}"


def phase(state: dict) -> str:
    wait = state["await"]
    if wait is None:
        return "game over"
    if not state["started"]:
        return "Setup"
    if state["battle"] is not None:
        return "Palace battle" if state["battle"]["palace"] else "Battle"
    return PHASE.get(wait["kind"], "")


def status(state: dict) -> dict:
    return viewing.status(state, f"Round {state['round']} · {phase(state)}", prompt(state))


def private_seat(state: dict) -> int | None:
    """The acting player's hand shows in these prompts: behind the cover."""
    wait = state["await"]
    return wait["player"] if wait and wait["kind"] in HAND_PROMPTS else None


def troop(state: dict, seat: int, kind: str | None) -> str:
    return model.type_name(state, seat, kind) if kind else "troop"


def prompt(state: dict) -> str:
    wait = state["await"]
    if wait is None:
        return state["ended"] or ""
    seat, kind = wait["player"], wait["kind"]
    who = names(state)[seat]
    player = state["players"][seat]
    if kind == "draw":
        what = "your opening hand" if not state["started"] else "your renewal's cards"
        return f"{who}: {what}: how many of the {wait['left']} cards from the base pile? " \
               "(the rest from the abilities)"
    if kind == "burn":
        burned = f" (burned {player['burns']} times)" if player["burns"] > 1 else \
            " (burned once)" if player["burns"] else ""
        return f"{who}: keep this hand, or burn it and draw five again{burned}"
    if kind == "build":
        over = "" if not state["started"] else " (over a base: it is destroyed)"
        return f"{who}: tap a base in your hand, then a slot{over}; Done when finished"
    if kind == "renew":
        return f"{who}: call a renewal (both recruit, draw two and build) or go to the attacks?"
    if kind == "abilities":
        return f"{who}'s renewal: play abilities first, or go on to recruiting"
    if kind == "place":
        if wait.get("troop") is None:
            return f"{who}: your special troop's extra recruit: tap a base with room"
        return f"{who}: tap {model.a(troop(state, seat, wait['troop']))} base for the recruit " \
               f"({wait['left']} to place)"
    if kind == "discard":
        return f"{who}: discard {wait['left']} (a hand holds {tables().limits['hand']})"
    if kind == "attacks":
        return f"{who}: tap a territory of yours to attack from, then the target; " \
               "or end the turn"
    if kind == "window":
        return f"{who}: the battle for {where(state)} is next: play an ability, or pass"
    if kind == "assign":
        pools = state["battle"]["pools"][seat]
        given = f"{pools['damage']} damage" + (
            f" and {pools['artillery']} Artillery" if pools["artillery"] else "")
        hurts = " or damages (it stays until the battle ends)" \
            if wait["step"] == "initiative" else ""
        return f"{who}: {given} left ({wait['step']}): tap what it destroys{hurts}, " \
               "or Suggested"
    if kind == "sacrifice":
        if not wait["count"]:  # the ability gives up one at least: no Done yet (Undo backs out)
            return f"{who}: tap a troop to sacrifice (at least 1, up to {wait['left']})"
        return f"{who}: tap a troop to sacrifice ({wait['count']} so far, up to " \
               f"{wait['left']} more); Done when finished"
    if kind == "boost":
        return f"{who}: tap the troop that gains Initiative and {wait['power']} power"
    if kind == "carrier":
        return f"{who}: tap the {troop(state, seat, wait['troop'])} to sacrifice"
    if kind == "rebuild":
        return f"{who}: a base from your discard pile onto territory {wait['territory'] + 1}"
    return f"{who}: too few complete territories: which special troop is lost?"


# -- actions as words ----------------------------------------------------------------
def slot_words(t: int, s: int) -> str:
    return f"territory {t + 1}, slot {s + 1}"


def label(state: dict, action: dict) -> str:
    """An action in a few words (a button, and Undo's)."""
    wait = state["await"] or {}
    seat = wait.get("player", 0)
    kind = action["type"]
    army = model.army(state, seat)
    if kind == "draw":
        left = wait.get("left", 0)
        return f"Draw {cards.words(action['bases'], left - action['bases'])}"
    if kind in ("keep", "burn"):
        return "Keep this hand" if kind == "keep" else "Burn it: draw five again"
    if kind == "build":
        return f"Build {model.a(army.troops[army.bases[action['card']]])} base on " \
               f"{slot_words(*action['at'])}"
    if kind == "renew":
        return "Call a renewal" if action["renew"] else "No renewal: to the attacks"
    if kind == "play":
        return f"Play {card_title(army.id, action['card'])}"
    if kind == "place":
        return f"Recruit on {slot_words(*action['at'])}"
    if kind == "discard":
        return "Discard a card"
    if kind == "attack":
        joined = [army.special(c)["name"] for c in action["specials"]]
        extra = f" with the {' and '.join(joined)}" if joined else ""
        return f"Attack territory {action['to'] + 1} from territory {action['from'] + 1}{extra}"
    if kind == "kill":
        name = damage.piece_name(state, 1 - seat, action["target"])
        battle = state.get("battle")
        if battle and battle["pools"][seat] is not None:
            pools, target = battle["pools"][seat], action["target"]
            price = min((p for piece, p in battle["targets"][seat] if piece == target),
                        default=0)
            if price > pools["damage"] + (pools["artillery"] if target[0] in
                                          damage.STRUCTURES else 0):
                return f"Give the {name} {pools['damage']} damage (of {price})"
        return f"Destroy the {name}"
    if kind in ("sacrifice", "boost"):
        t, s, bonus = action["troop"]
        name = army.troops[state["players"][seat]["board"][t][s]["type"]]
        plus = f" (+{bonus})" if bonus else ""
        verb = "Sacrifice" if kind == "sacrifice" else "Power to"
        return f"{verb} {model.a(name)}{plus} on {slot_words(t, s)}"
    if kind == "rebuild":
        return f"Build {model.a(army.troops[action['base']])} base on " \
               f"{slot_words(*action['at'])}"
    if kind == "lose":
        return f"Lose the {army.special(action['card'])['name']}"
    if kind == "done":
        return DONE.get(wait.get("kind"), "Done")
    return {"stop": "No more recruits", "pass": "Pass", "end_turn": "End the turn",
            "suggest": "Suggested kills"}.get(kind, kind)


DONE = {"build": "Done building", "abilities": "Done: on to the recruits",
        "sacrifice": "Done sacrificing"}  # what a Done button ends, by its prompt


def describe(state: dict, action: dict) -> str:
    """What Undo and Redo name (`state`: the one the action was taken in)."""
    return f"{viewing.acting(state)}: {label(state, action)}"


def unfinished(state: dict, legal: list[dict]) -> str:
    """Why ending the turn is asked first: the territories that can still attack this
    turn (ATT-ATTACK: each territory with troops attacks once), "" when none can. An
    ability in hand is no reason: a hand is kept for the battles to come."""
    sources = sorted({a["from"] + 1 for a in legal if a["type"] == "attack"})
    if not sources or state["await"] is None:
        return ""
    numbers = ", ".join(map(str, sources[:-1])) + " and " * (len(sources) > 1) + \
        str(sources[-1])
    place = "territory" if len(sources) == 1 else "territories"
    return f"{names(state)[state['await']['player']]} can still attack from {place} {numbers}"


# -- the boards as text --------------------------------------------------------------
def base_words(state: dict, seat: int, base: dict | None) -> str:
    if base is None:
        return "-"
    bonus = [b for b in base["troops"] if b]
    plus = f" (+{', +'.join(map(str, bonus))})" if bonus else ""
    return f"{model.type_name(state, seat, base['type'])} x{len(base['troops'])}{plus}"


def board_lines(state: dict) -> list[str]:
    lines = []
    for seat, player in enumerate(state["players"]):
        specials = [t["name"] for _, t in model.specials(state, seat)]
        lines.append(f"{player['name']} ({model.army(state, seat).name}): palace"
                     f"{' with ' + ', '.join(specials) if specials else ''}; hand "
                     f"{len(player['hand'])}")
        for t, territory in enumerate(player["board"]):
            lines.append(f"  territory {t + 1}: " +
                         " | ".join(base_words(state, seat, b) for b in territory))
    return lines


def battle_lines(state: dict) -> list[str]:
    """The battle going on, or the last one, step by step (ATT-*)."""
    if state["battle"] is not None:
        return state["battle"]["lines"]
    return (state.get("last") or {}).get("lines", [])


def game_over(session) -> tuple[str, str]:
    state = session.state
    lines = viewing.ending(session)
    for seat, player in enumerate(state["players"]):
        bases = sum(1 for _ in model.slots(player))
        troops = model.troop_count(state, seat)
        lines.append(f"{player['name']} ({model.army(state, seat).name}): {bases} "
                     f"base{'s' if bases != 1 else ''}, {troops} troop{'s' if troops != 1 else ''}")
    return viewing.result(state), "\n".join(lines)


# -- cards ---------------------------------------------------------------------------
def card_title(army_id: str, card: str) -> str:
    """A card's printed title ("Self-Assembly", "Drone Hangar")."""
    return titles()[army_id, card]


@cache
def titles() -> dict:
    out = {}
    for army_id in tables().armies:
        for deck in ("bases", "abilities"):
            for item in printed.game(GAME_ID).component(f"{army_id}-{deck}").items:
                out[army_id, item.id] = item.fields["name"]
    return out


def card_words(army_id: str, card: str) -> str:
    """What a card in hand does, in its own words: an ability's printed text; a base's
    troop as its card prints it (ATT-BASES)."""
    army = tables().armies[army_id]
    if card in army.abilities:
        return army.abilities[card].text
    kind = army.bases[card]
    info = tables().troops[kind]
    traits = "".join(f", {trait}" for trait in info["traits"])
    return f"Recruits {army.troops[kind]}s: {info['name'].lower()}, power {info['power']}" \
           f"{traits}. Base power {tables().limits['base_power']}."


def card_kind(army_id: str, card: str) -> tuple[str, str]:
    """(colour key, words) under a card's title: its troop type or kind, and its pile."""
    army = tables().armies[army_id]
    if card in army.bases:
        return army.bases[card], f"{army.troops[army.bases[card]]} base"
    ability = army.abilities[card]
    if army.special(card):
        return ability.troop, f"{army.special(card)['name']}: special troop"
    troop = army.troops.get(ability.troop) or ability.troop.title()
    return ability.troop, f"{troop} ability"


def event_piece(event: dict):
    piece = event.get("piece")
    return tuple(piece) if piece else None


def piece_words(component: str, item: str) -> str:
    """What a held card means, below its printed picture."""
    army_id, _, deck = component.partition("-")
    army = tables().armies.get(army_id)
    if army is None:
        return ""
    if deck == "abilities" and item in army.abilities:
        ability = army.abilities[item]
        return f"[b]{ability.kind.title()}[/b]: {ability.text}"
    if deck == "bases" and item in army.bases:
        kind = army.bases[item]
        info = tables().troops[kind]
        traits = f", {', '.join(info['traits'])}" if info["traits"] else ""
        return (f"[b]{army.troops[kind]} base[/b] (power {tables().limits['base_power']}): "
                f"recruits {army.troops[kind]}s, {info['name'].lower()} of power "
                f"{info['power']}{traits}, two at most on the base.")
    return ""
