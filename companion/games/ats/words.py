"""What a held card's pictograms and keywords mean, shown under the printed card
(companion.app.zoom): the words come from the same data the print uses (the
glossary's unit types, attributes and clearance levels, the reference sheet's
terms), so a card read on the screen says what the printed reference says.
No Kivy here."""

from __future__ import annotations

import re
from functools import cache

from companion.core import printed
from companion.games.ats.data import GAME_ID, defense, encounter

# R-EFF-0 (the rulebook's Encounter Deck section): what each kind of card does
KINDS = {"Interference": "hits one or all players; it must be resolved at once",
         "Technology": "reverse-engineered hardware for your own cards",
         "Assistance": "knowledge and tactical advantage"}
TOKEN_TERMS = {"T-CLOAK": "Cloaking", "T-SHIELD": "Protector", "T-DISABLED": "Disabled"}


@cache
def glossary() -> dict:
    return printed.game(GAME_ID).vars["glossary"]


@cache
def terms() -> dict:
    """The reference sheet's terms ('**Disabled:** cannot attack ...')."""
    found = {}
    for sheet in printed.game(GAME_ID).component("reference").items:
        for section in sheet.fields["sections"]:
            for name, text in re.findall(r"\*\*([^*:]+):\*\*\s*([^*]+)", section["text"]):
                found.setdefault(name.strip(), text.strip())
    return found


@cache
def icon_words() -> dict:
    """Pictogram name -> (word, meaning), for the icons a card's text shows."""
    words = {}
    for group in ("unit_types", "attributes"):
        for name, entry in glossary()[group].items():
            words[entry["icon"]] = (name, entry["short"])
    return words


def line(name: str, what: str) -> str:
    return f"[b]{name}[/b]: {what}"


def level_words(level: int) -> str:
    names = glossary()["levels"]
    low, high = max(1, level - 1), min(5, level + 1)
    return line(f"Level {level}", f"attacks only while your clearance is {level} "
                f"({names[level]['name']}) or more, at levels {low} to {high} (R-CLR-2).")


def defense_words(card_id: str) -> str:
    card = defense(card_id)
    units = glossary()["unit_types"]
    attributes = glossary()["attributes"]
    out = [level_words(card["level"]),
           line(f"{card['unit']} unit", units[card["unit"]]["short"])]
    out += [line(attr, attributes[attr]["short"]) for attr in card["attributes"]]
    out.append(line("ATK / DEF", "the damage it deals when it strikes / the damage that "
                                 "destroys it this round."))
    return "\n".join(out)


def encounter_words(card_id: str) -> str:
    card = encounter(card_id)
    raw = next(i.fields["text"] for i in printed.game(GAME_ID).component("encounter").items
               if i.id == card_id)
    out = [line(card["kind"], KINDS[card["kind"]] + ".")]
    if card["effect"]["timing"] == "hold":
        out.append(line("Held", "keep it face up in front of you and use it once, when "
                                "its moment comes; then discard it (R-ENC-2)."))
    for icon in dict.fromkeys(re.findall(r":([a-z0-9-]+):", raw)):
        if icon in icon_words():
            out.append(line(*icon_words()[icon]))
    return "\n".join(out)


def base_words(item: str) -> str:
    card = next(i.fields for i in printed.game(GAME_ID).component("base-areas").items
                if i.id == item)
    return line(f"{card['name']} ({card['area']})",
                "100 HP. Attacks through a gap in your line, Bypass attacks and damage "
                "rolled over hit a base area; at 0 HP it is destroyed. A player whose "
                "last base area falls is out (R-CMB-6, R-WIN-1).")


def token_words(item: str) -> str:
    term = TOKEN_TERMS.get(item)
    if term in glossary()["attributes"]:
        return line(term, glossary()["attributes"][term]["short"])
    if term in terms():
        return line(term, terms()[term])
    return ""


def piece_words(component: str, item: str) -> str:
    """The words below a held piece (markup): each pictogram's name and meaning."""
    if component == "defense":
        return defense_words(item)
    if component == "encounter":
        return encounter_words(item)
    if component == "base-areas":
        return base_words(item)
    if component == "tokens":
        return token_words(item)
    return ""
