"""Above Top Secret's card data holds to the rules it was designed for."""

from __future__ import annotations

import json
import re
from collections import Counter
from statistics import mean

from conftest import ATS

from pnp import REPO_ROOT
from pnp.load.game import load_game

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


def test_the_printed_clearance_and_encounter_numbers_are_the_engines(tmp_path):
    """R-CLR-2, R-CLR-3, R-DIE-1: what the clearance card and the reference print is
    what the rules engine does, read back from the built PDFs."""
    from pypdf import PdfReader

    from companion.games.ats.data import CLEARANCE_COST, LEVELS
    from companion.games.ats.effects import encounter_happens
    from companion.games.ats.legal import WITHIN_ONE
    from pnp.sheets.build import Options, build_game

    game = load_game(ATS)
    levels = game.vars["glossary"]["levels"]
    build_game(game, tmp_path, Options())
    folder = tmp_path / "above-top-secret"
    entry = next(e for e in json.loads((folder / "manifest.json").read_text())["items"]
                 if e["component"] == "clearance")  # on a sheet the decks share
    card = PdfReader(folder / entry["file"]).pages[entry["page"] - 1].extract_text()
    card = " ".join(card.split())
    for n in LEVELS:
        reach = max(t for k in range(1, n + 1) for t in WITHIN_ONE[k])
        assert levels[n]["targets"] == f"L1-L{reach}"
        assert levels[n]["cost"] == CLEARANCE_COST.get(n, 0)
        attack = "L1" if n == 1 else f"L1-L{n}"
        assert f"Attack with {attack} Targets L1-L{reach}" in card, n
    hits = [roll for roll in range(1, 7) if encounter_happens({"enc_deck": ["E-01"]}, roll)]
    assert hits == [5, 6]
    faces = next(i for i in game.component("dice").items if i.id == "encounter-die").faces
    assert sum(face["label"] == "Encounter" for face in faces) == len(hits)
    reference = " ".join(i.fields["title"] + str(i.fields["sections"])
                         for i in game.component("reference").items)
    assert "**Encounter** face (5 or 6 on a plain d6)" in reference


def test_rules_text_never_shrinks_below_the_standard():
    """Body text >= 7 pt on cards and >= 9 pt on reference sheets (standards): the
    styles of rules text may not shrink below that to fit, so a text that does not
    fit is a build warning (tests/test_safe_zone.py holds the bundled games to none)."""
    styles = load_game(ATS).styles
    for name in ("ats-body", "ats-enc-body", "ats-unit"):
        assert min(styles[name]["size"], styles[name]["min_size"] or 99) >= 7, name
    assert styles["ats-sheet-body"]["min_size"] >= 9
