"""What a held piece says (words.py) and what the table draws as printed (look.py),
without a window: every card's words hold its printed rules and what each of its
traits means, citing a ruling that exists; the escalation track and the damage
tokens are read from the game's YAML, not written into the code."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from companion.core import printed
from companion.games.aat import look, view
from companion.games.aat.data import GAME_ID
from companion.games.aat.words import TRAITS, piece_words, trait_words

ROOT = Path(__file__).resolve().parents[2]
RULINGS = (ROOT / "docs" / "rulings" / "against-all-tyrants.md").read_text()
CARDS = ROOT / "cards" / "against-all-tyrants"
DECKS = ("freedom-fighters", "first-leaders-navy", "robot-uprising")


def test_every_meaning_cites_a_ruling_that_exists():
    for name, (rule, text) in TRAITS.items():
        assert f"## {rule}:" in RULINGS, (name, rule)
        assert text.endswith(".") and "{" not in text.replace("{x}", "").replace("{y}", "")


def test_every_printed_trait_has_its_meaning():
    traits = {t for fields in look.printed_fields().values() for t in fields.get("traits") or ()}
    assert traits
    for trait in traits:
        words = trait_words(trait)
        assert words.startswith(f"[b]{trait}[/b]: ") and "(AAT-" in words, trait
        assert "{x}" not in words and "{y}" not in words
    assert "deal 2 less" in trait_words("Armor 2")
    assert "up to 2 other Trooper units" in trait_words("Command Trooper: 2")
    assert "up to 2 Civilian units" in trait_words("Transport 2: Civilian")
    assert "as 0" in trait_words("Pierce") and "as 1 less" in trait_words("Pierce 1")
    assert "Tactic card you play" in trait_words("Tactic Expert")


def test_every_deck_card_reads_as_printed_with_its_traits_explained():
    for deck in DECKS:
        for item in printed.game(GAME_ID).component(deck).items:
            fields = item.fields
            words = piece_words(deck, item.id)
            assert fields["name"].replace("[", "&bl;") in words
            assert f"[b]{fields['kind']}[/b]: " in words  # what its kind means
            for trait in fields.get("traits") or ():
                assert trait_words(trait) in words
            for order in fields.get("orders") or ():
                assert f"» [b]{order['name']}:[/b]" in words
            assert words.count("[b]") == words.count("[/b]")


def test_the_other_pieces_have_their_words_and_unknown_ones_none():
    assert "Crack the Planet" in piece_words("objective-reference", "REF-NV")
    assert "Base Evacuation" in piece_words("objective-reference", "REF-FF")
    note = printed.game(GAME_ID).vars["theater_notes"]["Space"]
    assert note in piece_words("theater-mats", look.mat("Space"))
    assert "move the Level marker up one" in piece_words("escalation-track", "TRACK")
    assert piece_words("no-such-component", "X") == ""
    assert piece_words("freedom-fighters", "NO-SUCH-CARD") == ""
    assert view.piece_words("first-leaders-navy", "NV-10") == piece_words(
        "first-leaders-navy", "NV-10")


def resolve(value: str, names: dict) -> str:
    found = re.fullmatch(r"\{(\w+)(?:\.(\w+))?\}", value)
    if not found:
        return value
    got = names[found[1]]
    return got[int(found[2])] if found[2] else got


def test_the_escalation_track_is_read_from_its_layout():
    raw = yaml.safe_load((CARDS / "layouts.yaml").read_text())["layouts"]["escalation-track"]
    names = yaml.safe_load((CARDS / "game.yaml").read_text())["vars"]
    elements = raw["elements"]
    tracks = [e for e in elements if e["type"] == "track"]
    printed = look.track()
    assert [n for n, _c in printed["levels"]] == list(range(tracks[0]["start"],
                                                            tracks[0]["stop"] + 1))
    assert [n for n, _c in printed["incidents"]] == list(range(tracks[1]["start"],
                                                               tracks[1]["stop"] + 1))
    boxes = [resolve(e["fill"], names) for e in elements if e["type"] == "rect"
             and e["y"] == tracks[0]["y"]]
    assert [c for _n, c in printed["levels"]] == boxes  # the grey-to-red gradient
    spaces = [resolve(e["color"], names) for e in elements if e["type"] == "icon" and
              e["name"] == "incident"]
    assert [c for _n, c in printed["incidents"]] == spaces  # the 4th in its own colour
    assert printed["paper"] == names["paper"] and printed["ink"] == names["ink"]
    tokens = {t["id"]: t for t in yaml.safe_load((CARDS / "tokens.yaml").read_text())["tokens"]}
    assert printed["marker"] == (tokens["ESCALATION"]["color"], tokens["ESCALATION"]["icon"])
    assert printed["incident"] == (tokens["INCIDENT"]["color"], tokens["INCIDENT"]["icon"])


def test_damage_is_made_of_the_printed_damage_tokens():
    tokens = yaml.safe_load((CARDS / "tokens.yaml").read_text())["tokens"]
    damage = {int(t["value"]): t for t in tokens if t["icon"] == "damage"}
    pile = look.damage_pile(29)
    assert [(t["value"], n) for t, n in pile] == [(5, 5), (1, 4)]
    for token, _n in pile:
        assert token["colour"] == damage[token["value"]]["color"]
        assert token["shape"] == damage[token["value"]]["shape"]
    assert [(t["value"], n) for t, n in look.damage_pile(3)] == [(1, 3)]
    assert look.damage_pile(0) == []
