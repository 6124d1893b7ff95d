"""Above Top Secret's card data holds to the rules it was designed for."""

from __future__ import annotations

import re
from collections import Counter
from statistics import mean

from conftest import ATS

from pnp import REPO_ROOT
from pnp.game import load_game

UNIT_TYPES = {"Land", "Air", "Covert", "Space", "Missile", "Anti-Air"}
ATTRIBUTES = {"First Strike", "Disabler", "Booby-Trapped", "Bypass", "Cloaking", "Counterattack",
              "Early Warning", "Flanking", "Inaccuracy", "Infiltration", "Intel", "Protector",
              "Self Destruct", "Stealth", "Time Shift"}
COMPONENTS = ["defense", "encounter", "base-areas", "clearance", "reference", "tokens", "dice",
              "playmat"]


def test_component_ids():
    assert [c.id for c in load_game(ATS).components] == COMPONENTS


def test_defense_deck_covers_every_type_and_attribute_and_grows_with_level():
    cards = [i.fields for i in load_game(ATS).component("defense").items]
    assert len(cards) == 40 and len({c["name"] for c in cards}) == 40
    assert Counter(c["level"] for c in cards) == {lvl: 8 for lvl in range(1, 6)}
    assert {c["unit"] for c in cards} == UNIT_TYPES
    assert {a for c in cards for a in c["attributes"]} == ATTRIBUTES
    assert all(re.fullmatch(rf"D{c['level']}-0[1-8]", c["id"]) for c in cards)
    strength = [mean(c["atk"] + c["def"] for c in cards if c["level"] == lvl)
                for lvl in range(1, 6)]
    assert strength == sorted(strength) and len(set(strength)) == 5


def test_encounters_four_of_each_kind_with_documented_effects():
    cards = [i.fields for i in load_game(ATS).component("encounter").items]
    assert Counter(c["kind"] for c in cards) == {"Interference": 4, "Technology": 4,
                                                 "Assistance": 4}
    rulings = (REPO_ROOT / "docs" / "rulings" / "above-top-secret.md").read_text()
    for card in cards:
        assert card["effect"]["steps"], card["id"]
        for step in card["effect"]["steps"]:
            assert f"`{step['op']}`" in rulings, f"{card['id']}: op {step['op']} undocumented"


def test_printed_glossary_texts_match_the_rulings():
    glossary = load_game(ATS).vars["glossary"]
    rulings = (REPO_ROOT / "docs" / "rulings" / "above-top-secret.md").read_text()
    for section in ("unit_types", "attributes"):
        for name, entry in glossary[section].items():
            assert entry["short"] in rulings, f"{name}: printed text not in the rulings"
