"""A held piece's words (companion.app.zoom shows them below the printed picture): a
card's rules as printed, then what each of its traits means, in short, with the
ruling that settles it (docs/rulings/against-all-tyrants.md), so a player with
virtual decks learns what a card does without the rulebook. The rulings file is not
shipped with the app, hence the summaries here; tests/aat/test_words.py holds them
to the rulings' ids and every trait the card data prints.

No Kivy here (markup is plain text), so it is tested fast."""

from __future__ import annotations

import re

from companion.core import printed
from companion.games.aat.data import GAME_ID, plain_text

# trait name -> (ruling, meaning); {x} and {y} are the printed numbers or types
TRAITS = {
    "Armor": ("AAT-TRAIT-2", "attacks on it deal {x} less (after Pierce); damage from "
              "effects is not reduced."),
    "Backup": ("AAT-TRAIT-4", "when it is destroyed, up to {x} of its Computation tokens "
               "move to your other Mainframes (3 at most on each)."),
    "Bomber": ("AAT-TRAIT-5", "it may attack Capital units, and its attacks on enemy units "
               "Planetside deal {x} more."),
    "Capital": ("AAT-TRAIT-6", "Fighters cannot attack it unless they have Bomber or "
                "Torpedo; it attacks Fighters only by Point-Defense, and not the enemy base "
                "while an enemy Capital is in its theater."),
    "Command": ("AAT-TRAIT-7", "after its first action each turn, up to {y} other {x} units "
                "of yours may each act once more (an instruction)."),
    "Compute": ("AAT-TRAIT-14", "when it is placed, make {x} Computation tokens for your "
                "Mainframes (3 at most on each; the rest are lost)."),
    "Defended": ("AAT-TRAIT-8", "it cannot be attacked while a Defender of its side (not "
                 "disrupted) is in its theater, unless the attacker spends a Mark."),
    "Defender": ("AAT-TRAIT-8", "while it is in a theater, enemy units there cannot attack "
                 "your base or your Defended units; it can itself be attacked."),
    "Expert": ("AAT-TRAIT-23", "while a {x} card you play resolves, this unit counts twice "
               "in its counts (never toward the two cards a turn)."),
    "Fighter": ("AAT-TRAIT-9", "Capital units attack it only by Point-Defense; it cannot "
                "attack the enemy base while an enemy Fighter is in its theater."),
    "Funds": ("AAT-TRAIT-10", "when it is placed, put {x} Funds tokens on your base, for "
              "cards that spend them."),
    "Infiltrate": ("AAT-TRAIT-12", "from the Special Forces Deck it is deployed at setup, "
                   "in a theater of your choice, ignoring escalation."),
    "Mainframe": ("AAT-TRAIT-14", "it holds up to 3 Computation tokens."),
    "Mark": ("AAT-TRAIT-15", "when it is placed it gets {x} Mark tokens; attacking, it may "
             "spend one to attack a Defended unit or an enemy leader."),
    "Mass": ("AAT-TRAIT-13", "a deck may hold any number of copies."),
    "Pierce": ("AAT-TRAIT-16", "its attacks count the target's Armor as {x} less."),
    "Point-Defense": ("AAT-TRAIT-11", "after a Fighter attacks it, it deals {x} to that "
                      "Fighter; its own attacks on Fighters deal {x}."),
    "Rallied": ("AAT-TRAIT-18", "a destroyed Sympathized unit may bring it into play from "
                "hand or Special Forces."),
    "Repeater": ("AAT-TRAIT-17", "its attack action makes up to {x} more attacks, each with "
                 "its own target; you may stop after any."),
    "Stealth": ("AAT-TRAIT-19", "deployed, it gets a Stealth token: the next damage to it "
                "is negated (AAT-TOK-3)."),
    "Supply": ("AAT-TRAIT-20", "when it is placed, you draw {x} cards (no fatigue)."),
    "Sympathized": ("AAT-TRAIT-18", "when it is destroyed, you may place up to {x} Rallied "
                    "units from hand or Special Forces in its theater."),
    "Torpedo": ("AAT-TRAIT-21", "it may attack Capital units, and deals {x} more to them."),
    "Transport": ("AAT-TRAIT-22", "when it is deployed, you may place up to {x} {y} units "
                  "from hand or Special Forces in its theater."),
    "Unique": ("AAT-DECK-2", "one copy a deck; when another of the same name of yours "
               "enters play, the older one is discarded."),
}
BARE_PIERCE = "its attacks count the target's Armor as 0."
KINDS = {
    "Unit": ("AAT-TURN-5", "played into a theater marked on it; it acts from your next "
             "turn."),
    "Leader": ("AAT-LEAD-1", "beside your base, in its theater; the base uses its orders; "
               "only a unit spending a Mark can attack it."),
    "Effect": ("AAT-TURN-3", "a one-time effect: it resolves, then is discarded."),
    "Base": ("AAT-BASE-3", "one order or one Disruption removed each combat phase; it never "
             "attacks or moves."),
    "Objective": ("AAT-OBJ-1", "an objective unit, placed at the end of your turn in your "
                  "base's theater if its role is yours."),
}


def escape(text: str) -> str:
    """Kivy markup escapes (companion.app.zoom shows the words as markup)."""
    return str(text).replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def trait_words(trait: str) -> str:
    """'Armor 2' -> what Armor 2 does, and its ruling."""
    found = (re.match(r"^Command (\w+): (\d)$", trait) or re.match(
        r"^Transport (\d): (\w+)$", trait) or re.match(r"^(\w+) (Expert)$", trait))
    if found and trait.startswith("Command"):
        name, x, y = "Command", found[1], found[2]
    elif found and trait.startswith("Transport"):
        name, x, y = "Transport", found[1], found[2]
    elif found:
        name, x, y = "Expert", found[1], ""
    else:
        name, _, x = trait.partition(" ")
        y = ""
    if name not in TRAITS:
        return ""
    rule, text = TRAITS[name]
    if name == "Pierce" and not x:
        text = BARE_PIERCE
    text = re.sub(r"\b1 (more |\w+ )?(token|card|unit|attack)s\b", r"1 \1\2",
                  text.format(x=x, y=y))  # "1 Mark token", not "1 Mark tokens"
    return f"[b]{escape(trait)}[/b]: {escape(text)} ({rule})"


def card_words(fields: dict) -> str:
    """A deck card: its kind and numbers, traits, orders and text as printed, then what
    its kind and each trait mean."""
    kind = fields.get("kind", "")
    head = [kind, *(fields.get("types") or ())]
    numbers = [f"escalation {fields.get('escalation', 0)}"]
    if fields.get("theaters"):
        numbers.append(" and ".join(fields["theaters"]))
    if kind in ("Unit", "Objective"):
        numbers.append(f"attack {fields.get('attack') or 0}")
    if fields.get("health"):
        numbers.append(f"health {fields['health']}")
    lines = [f"[b]{escape(fields.get('name', ''))}[/b]: {escape(' · '.join(head))}",
             escape(" · ".join(numbers))]
    traits = fields.get("traits") or []
    if traits:
        lines.append(f"[b]{escape(', '.join(traits))}[/b]")
    for order in fields.get("orders") or ():
        lines.append(f"» [b]{escape(order.get('name', ''))}:[/b] "
                     f"{escape(plain_text(order.get('text', '')))}")
    if fields.get("text"):
        lines.append(escape(plain_text(fields["text"])))
    lines.append("")
    if kind in KINDS:
        rule, text = KINDS[kind]
        lines.append(f"[b]{kind}[/b]: {escape(text)} ({rule})")
    lines += [w for w in (trait_words(t) for t in traits) if w]
    if kind in ("Unit", "Objective", "Leader", "Base"):
        lines.append(LEGEND)
    return "\n".join(lines)


LEGEND = ("[b]On the table[/b]: the orange chip (its arrow) is the attack, the green one "
          "(its cross) the health left, pink once hurt; after the damage pictogram the "
          "printed damage tokens lying on it (round 1, hexagonal 5, ×2 for two); other "
          "tokens show their printed pictogram and how many.")


def objective_words(fields: dict) -> str:
    """An objective reference card: both roles' alternate objectives."""
    return "\n".join([
        f"[b]{escape(fields['subfaction'])}: alternate objectives[/b]",
        f"[b]Attacker · {escape(fields['attacker_name'])}[/b]: "
        f"{escape(plain_text(fields['attacker_text']))}",
        f"[b]Defender · {escape(fields['defender_name'])}[/b]: "
        f"{escape(plain_text(fields['defender_text']))}"])


def layout_texts(layout: str) -> list[str]:
    """The words printed on a sheet (its layout's text elements), in reading order."""
    elements = printed.game(GAME_ID).layouts[layout].elements
    texts = [e for e in elements if e["type"] in ("text", "richtext") and "{" not in
             str(e.get("text"))]
    return [plain_text(e["text"]) for e in sorted(texts, key=lambda e: (e["y"], e["x"]))]


def piece_words(component: str, item: str) -> str:
    """What a held piece says and means (markup), or '' for a piece with nothing to add."""
    try:
        comp = printed.game(GAME_ID).component(component)
    except (KeyError, ValueError):
        return ""
    fields = next((i.fields for i in comp.items if i.id == item), None)
    if fields is None:
        return ""
    if comp.kind == "deck" and "kind" in fields:
        return card_words(fields)
    if component == "objective-reference":
        return objective_words(fields)
    if component == "theater-mats":
        note = printed.game(GAME_ID).vars["theater_notes"].get(fields["theater"], "")
        return f"[b]{escape(fields['theater'])}[/b]: {escape(note)}"
    if component == "escalation-track":
        return escape(" ".join(t for t in layout_texts("escalation-track") if t.endswith(".")))
    return ""
