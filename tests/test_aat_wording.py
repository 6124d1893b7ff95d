"""Against All Tyrants' words read as a player says them: a count's plural spelled out
(no "(s)"), and no possessive in front of a name that starts with "The"."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat import view


def test_a_name_that_starts_with_the_follows_its_owner_in_brackets():
    assert m.owned("Player 2", "The Waking Foundry") == "The Waking Foundry (Player 2)"
    assert m.owned("Player 1", "Levy Conscripts") == "Player 1's Levy Conscripts"


def test_prompts_count_in_words_without_an_s_in_brackets():
    state = {"await": {"player": 0, "kind": "command", "left": 1},
             "players": [{"name": "Player 1"}, {"name": "Player 2"}], "played": 0}
    assert view.prompt_text(state) == "Player 1: instruct up to 1 more unit, or done"
    state["await"] = {"player": 0, "kind": "repeat", "left": 2}
    assert view.prompt_text(state) == "Player 1: Repeater: 2 more attacks, or stop"
    assert "(s)" not in view.prompt_text(state)
