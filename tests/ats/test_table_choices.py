"""Choosing on the table instead of from lists (issue 21), and the words a held
card shows, without a window: a player is chosen by tapping their row (the
opponent an Encounter card affects, the player Intel aims at), and every
pictogram on a printed card has its name and meaning from the glossary."""

from __future__ import annotations

from companion.core import printed
from companion.games.ats import view
from companion.games.ats.data import GAME_ID, cards, encounter
from companion.games.ats.picks import Picks
from tests.ats.scenario import RULES


def picks(table, sel=None):
    return Picks(RULES, table.state, RULES.legal_actions(table.state), sel or {})


def test_the_opponent_an_encounter_affects_is_a_tap_on_their_row(table):
    table.state["await"] = {"kind": "choose", "choice": "opponent", "player": 0,
                            "options": [1], "text": "choose the opponent this card affects"}
    marks = picks(table).marks()
    assert marks == {("player", 1): "target"}
    assert picks(table).tap(("player", 1)) == ("act", {"type": "choose", "value": 1})
    assert picks(table).tap(("player", 0))[0] == "say"  # not an opponent
    assert "tap their name" in picks(table).prompt()


def test_intel_aims_at_a_player_by_tapping_their_row(table):
    """R-ATT-10: Use Intel, then the own row (+1) or an opponent's (-1)."""
    table.put(0, 1, attributes=["Intel"])
    sel = {"mode": "intel"}
    # your own row gold ("can"), the opponent's red: Intel's -1 is aimed at them
    assert picks(table, sel).marks() == {("player", 0): "can", ("player", 1): "target"}
    assert picks(table, sel).tap(("player", 0)) == ("act", {"type": "intel", "level": 1,
                                                            "mode": "self"})
    assert picks(table, sel).tap(("player", 1)) == ("act", {
        "type": "intel", "level": 1, "mode": "opponent", "player": 1})
    assert picks(table, sel).tap(("slot", 0, 1))[0] == "say"
    assert picks(table).tap(("player", 1))[0] == "say"  # not in Intel mode: no choice


def test_every_printed_defense_card_names_its_pictograms():
    glossary = printed.game(GAME_ID).vars["glossary"]
    for card in cards()[0].values():
        if not card["id"].startswith("D"):
            continue
        words = view.piece_words("defense", card["id"])
        assert f"[b]{card['unit']} unit[/b]: {glossary['unit_types'][card['unit']]['short']}" \
            in words
        for attribute in card["attributes"]:
            assert f"[b]{attribute}[/b]: {glossary['attributes'][attribute]['short']}" in words
        assert f"[b]Level {card['level']}[/b]" in words


def test_encounter_cards_base_areas_and_tokens_have_their_words():
    for card_id in cards()[1]:
        words = view.piece_words("encounter", card_id)
        assert words.startswith(f"[b]{encounter(card_id)['kind']}[/b]: ")
    held = [c for c in cards()[1] if encounter(c)["effect"]["timing"] == "hold"]
    assert held and all("[b]Held[/b]" in view.piece_words("encounter", c) for c in held)
    foo = next(c for c in cards()[1] if encounter(c)["name"] == "Foo Fighter Swarm")
    assert "[b]Air[/b]: +10 DEF" in view.piece_words("encounter", foo)  # :air: in its text
    assert view.piece_words("base-areas", "B-HQ").startswith("[b]Headquarters (HQ)[/b]")
    assert "cannot attack or strike" in view.piece_words("tokens", "T-DISABLED")
    assert view.piece_words("tokens", "T-CLOAK").startswith("[b]Cloaking[/b]")
    assert view.piece_words("playmat", "PM-1") == ""


def test_own_choices_are_lit_to_choose_and_only_enemy_ones_as_targets(table):
    """Issue 33: cloaking and repairing choose among your own things (gold, "can");
    red ("target") is for an opposing player's, as an Encounter card's damage to
    their base area."""
    table.put(0, 2)
    table.state["await"] = {"kind": "cloak", "player": 0}
    table.state["phase"] = "cleanup"
    legal = [{"type": "cloak", "level": 2}, {"type": "skip"}]
    assert Picks(RULES, table.state, legal, {}).marks() == {("slot", 0, 2): "can"}
    table.state["await"] = {"kind": "choose", "choice": "repair_area", "player": 0,
                            "target": 0, "options": ["HQ", "OPS"], "text": "repair"}
    assert set(picks(table).marks().values()) == {"can"}
    table.state["await"] = {"kind": "choose", "choice": "area", "player": 0, "target": 1,
                            "options": ["HQ", "OPS"], "text": "choose Player 2's base area"}
    assert picks(table).marks() == {("base", 1, "HQ"): "target", ("base", 1, "OPS"): "target"}
