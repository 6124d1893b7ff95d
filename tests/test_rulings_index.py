"""docs/rulings.md lists every ruling of every game's rulings file, and every rule
id an engine names in a rejection is a ruling there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games import bundled

GAMES = bundled()  # a folder game declares no rule ids

ROOT = Path(__file__).resolve().parents[1]
HEADING = re.compile(r"^## ((?:R|GM|AAT|TS|ATT)(?:-[A-Z0-9]+)+): (.+)$", re.M)
FILES = sorted(p.stem for p in (ROOT / "docs" / "rulings").glob("*.md"))
RULE_ID = re.compile(r"\"((?:R|GM|AAT|TS|ATT)(?:-[A-Z0-9]+)+)\"")


def rulings(game_id: str) -> dict:
    return dict(HEADING.findall((ROOT / "docs" / "rulings" / f"{game_id}.md").read_text()))


@pytest.mark.parametrize("game_id", FILES)
def test_every_ruling_is_in_the_index(game_id):
    """Every game's rulings file, its engine written yet or not."""
    index = (ROOT / "docs" / "rulings.md").read_text()
    found = rulings(game_id)
    assert found, f"docs/rulings/{game_id}.md has no rulings"
    assert f"(rulings/{game_id}.md)" in index
    for rule, title in found.items():
        assert f"- `{rule}` {title}" in index, rule


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_id_an_engine_names_is_a_ruling(game_id):
    package = ROOT / Path(*GAMES[game_id].rules.split(":")[0].split(".")[:-1])
    named = {rule for path in package.glob("*.py") for rule in
             RULE_ID.findall(path.read_text())}
    assert named, "the engine names no ruling"
    assert named <= set(rulings(game_id)), named - set(rulings(game_id))
