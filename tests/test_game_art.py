"""Issue 25, section 1: every card of Against All Tyrants, Above Top Secret and Geheime
Mission shows a game-icons.net picture of its own (the game's art.yaml, read from the
loaded game), every picture is credited in the game's CREDITS.md, and the credits are
printed on its reference sheet (read back from the PDF)."""

from __future__ import annotations

import re
from dataclasses import replace

import pdfplumber
import pytest

from pnp import BUNDLED_GAMES
from pnp.load.game import load_game
from pnp.sheets.build import Options, build_game

# game -> the components whose every card shows its own picture
CARDS = {"against-all-tyrants": ("freedom-fighters", "first-leaders-navy", "robot-uprising"),
         "above-top-secret": ("defense", "encounter"),
         "geheime-mission": ("agents",)}
COMMENT = re.compile(r"^ *([a-z0-9-]+):\s*# '([a-z0-9-]+)' by ([^,]+), game-icons\.net")


@pytest.fixture(scope="module", params=sorted(CARDS))
def game(request):
    return load_game(BUNDLED_GAMES / request.param)


def cards(game) -> dict:
    """{card id: card} over the game's picture components (shared cards once)."""
    return {item.id: item for comp in CARDS[game.id] for item in game.component(comp).items}


def test_every_card_shows_a_picture_the_game_draws(game):
    art = game.vars["art"]
    for card_id in cards(game):
        name = art.get(card_id)
        assert name, f"{game.id} {card_id}: no picture in art.yaml"
        shapes = game.icons.get(name)
        assert shapes and all("path" in shape for shape in shapes), f"{card_id}: '{name}'"
    assert set(art) == set(cards(game)), "art.yaml names cards the game does not have"


def test_no_two_cards_share_a_picture(game):
    art = game.vars["art"]
    seen: dict = {}
    for card_id in cards(game):
        assert art[card_id] not in seen, f"{card_id} and {seen.get(art[card_id])}: " \
            f"'{art[card_id]}'"
        seen[art[card_id]] = card_id


def test_no_two_units_of_a_type_share_a_picture():
    """Above Top Secret: where every Land unit showed the same tank."""
    game = load_game(BUNDLED_GAMES / "above-top-secret")
    by_type: dict = {}
    for item in game.component("defense").items:
        by_type.setdefault(item.fields["unit"], []).append(game.vars["art"][item.id])
    assert len(by_type) == 6
    for unit, pictures in by_type.items():
        assert len(set(pictures)) == len(pictures), unit


def test_every_game_icons_picture_is_credited(game):
    """Each icon an icon file says is a game-icons.net picture (the comment `pnp icons
    add` writes) has its row in CREDITS.md, with the same picture and author; every row
    names an icon the game has."""
    rows = {row["icon"]: row for row in game.credits["rows"]}
    drawn = {}
    for name in ("icons.yaml", "pictures.yaml"):
        for line in (BUNDLED_GAMES / game.id / name).read_text().splitlines():
            found = COMMENT.match(line)
            if found:
                drawn[found[1]] = (found[2], found[3].strip())
    assert set(game.vars["art"].values()) <= set(drawn)
    for icon, (picture, author) in drawn.items():
        row = rows.get(icon)
        assert row, f"{game.id}: '{icon}' ({picture}) is not in CREDITS.md"
        assert (row["picture"], row["author"]) == (picture, author), icon
        assert (row["source"], row["licence"]) == ("game-icons.net", "CC BY 3.0"), icon
        assert author and author != "game-icons.net contributors", icon
    assert set(rows) <= set(game.icons), "CREDITS.md credits icons the game does not have"


# where each game prints its credits: the reference, or (Against All Tyrants, whose four
# reference cards are full) the back of the escalation track
CREDITS_ON = {"against-all-tyrants": "escalation-track"}


def printed_text(game, tmp_path) -> str:
    comp = CREDITS_ON.get(game.id, "reference")
    only = replace(game, components=[game.component(comp)])
    build_game(only, tmp_path, Options())
    with pdfplumber.open(tmp_path / game.folder / f"{comp}.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_credits_are_printed_on_the_reference(game, tmp_path, lang):
    if lang not in game.languages:
        pytest.skip(f"{game.id} has no {lang}")
    if lang != game.language:
        game = load_game(BUNDLED_GAMES / game.id, lang=lang)
    text = printed_text(game, tmp_path)
    assert game.credits["by_author"]
    for entry in game.credits["by_author"]:
        assert f"{entry['author']}:" in text, entry["author"]
        for picture in entry["pictures"].split(", "):
            assert picture in text, f"{game.id}: '{picture}' by {entry['author']} not printed"
    assert "game-icons.net" in text and "3.0" in text
