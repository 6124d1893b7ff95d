"""Against All Tyrants' decks obey the deckbuilding rules (AAT-DECK-1, AAT-FAC-1), and
`pnp check` refuses a deck that breaks them, at the card."""

from __future__ import annotations

import re
import shutil
from collections import Counter

import pytest

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.load.game import load_game

FOLDER = BUNDLED_GAMES / "against-all-tyrants"
DECKS = {"freedom-fighters": ("Rebellion", "Freedom Fighters"),
         "first-leaders-navy": ("Hegemony", "First Leader's Navy"),
         "robot-uprising": ("Rebellion", "Robot Uprising")}


@pytest.fixture(scope="module")
def game():
    return load_game(FOLDER, check_fonts=False)


@pytest.mark.parametrize("deck", DECKS)
def test_each_deck_is_composed_as_the_rules_say(game, deck):
    """AAT-DECK-1: 2 bases (one per theater), 30 main, 5 Special Forces, 3 objective cards;
    AAT-FAC-1: every card of the deck's faction, its subfaction's or a faction card."""
    items = game.component(deck).items
    piles = Counter()
    for item in items:
        piles[item.fields["pile"]] += item.copies
    assert piles == {"base": 2, "main": 30, "special": 5, "objective": 3}
    bases = [i.fields["theaters"] for i in items if i.fields["kind"] == "Base"]
    assert sorted(bases) == [["Planetside"], ["Space"]]
    assert all(i.fields["health"] == 30 for i in items if i.fields["kind"] == "Base")
    faction, subfaction = DECKS[deck]
    for item in items:
        assert item.fields["faction"] == faction, item.id
        assert item.fields["subfaction"] in (subfaction, None), item.id
        traits = item.fields["traits"] or []
        limit = None if "Mass" in traits else 1 if "Unique" in traits else 3
        assert limit is None or item.copies <= limit, item.id


def test_the_rebellion_decks_share_their_faction_cards(game):
    """AAT-FAC-1 item 3: both Rebellion decks hold every Rebellion faction card, the
    Hegemony deck none of them, and no deck another subfaction's card."""
    def faction_cards(deck):
        return {i.id: i.copies for i in game.component(deck).items if not i.fields["subfaction"]}
    assert faction_cards("freedom-fighters") == faction_cards("robot-uprising") != {}
    assert not set(faction_cards("first-leaders-navy")) & set(faction_cards("robot-uprising"))


def copy_game(tmp_path):
    target = tmp_path / "aat"
    shutil.copytree(FOLDER, target)
    return target


def check(folder, capsys) -> str:
    code = main(["check", str(folder)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    return err


def card_block(text: str, card_id: str) -> tuple[int, int]:
    """Where a card's mapping starts and ends in a data file."""
    start = text.index(f"- id: {card_id}\n")
    end = text.find("\n  - id:", start + 1)
    return start, len(text) if end < 0 else end


def set_copies(path, card_id: str, copies: int) -> int:
    """Give a card `copies`; returns its line number."""
    text = path.read_text()
    start, end = card_block(text, card_id)
    block = re.sub(r"\n    copies: \d+", "", text[start:end])
    block = block.replace("\n", f"\n    copies: {copies}\n", 1)
    path.write_text(text[:start] + block + text[end:])
    return text[:start].count("\n") + 1


def test_a_fourth_copy_is_refused_at_the_card(tmp_path, capsys):
    folder = copy_game(tmp_path)
    line = set_copies(folder / "freedom-fighters.yaml", "FF-03", 4)
    err = check(folder, capsys)
    assert re.search(rf"freedom-fighters\.yaml:{line}:\d+: 'FF-03' has 4 copies; "
                     r"'freedom-fighters' allows at most 3", err), err


def test_a_second_copy_of_a_unique_card_is_refused(tmp_path, capsys):
    folder = copy_game(tmp_path)
    path = folder / "freedom-fighters.yaml"
    text = path.read_text()
    unique = re.search(r"- id: (FF-\d+)\n(?:    .*\n)*?    traits: \[Unique", text).group(1)
    set_copies(path, unique, 2)
    assert f"'{unique}' has 2 copies; 'freedom-fighters' allows at most 1 (Unique)" in \
        check(folder, capsys)


def test_a_mass_card_may_have_more_than_three(tmp_path):
    folder = copy_game(tmp_path)
    game = load_game(folder, check_fonts=False)
    mass = [i for c in DECKS for i in game.component(c).items
            if "Mass" in (i.fields["traits"] or [])]
    assert mass and max(i.copies for i in mass) > 3


def test_a_card_of_the_other_faction_is_refused_in_both_decks_that_share_it(tmp_path, capsys):
    folder = copy_game(tmp_path)
    path = folder / "rebellion.yaml"
    text = path.read_text()
    start, end = card_block(text, "RB-01")
    path.write_text(text[:start] + text[start:end].replace("faction: Rebellion",
                                                           "faction: Hegemony") + text[end:])
    err = check(folder, capsys)
    for deck in ("freedom-fighters", "robot-uprising"):
        assert f"'RB-01': faction 'Hegemony' does not belong in '{deck}' (only Rebellion)" \
            in err, err


def test_the_wrong_number_of_main_cards_is_named(tmp_path, capsys):
    folder = copy_game(tmp_path)
    text = (folder / "robot-uprising.yaml").read_text()
    main_card = re.search(r"- id: (RU-\d+)\n(?:    .*\n)*?    pile: main", text).group(1)
    set_copies(folder / "robot-uprising.yaml", main_card, 0)
    assert "'robot-uprising' must have 30 cards with pile main, has" in check(folder, capsys)
