"""Top-Secret's words as a player reads them (view.py, words.py, picks.py): nothing to
decode on the prompts, the header, the undo labels or the log of whole games (a/an,
no stray dash, no printed markdown); Undo says what it undoes as a sentence; a held
piece's words with the printed bold as bold and what the table says of it now."""

from __future__ import annotations

import random
import re

import pytest

from companion.core.engine import Rejected
from companion.core.session import Session
from companion.games.ts import view
from companion.games.ts.ai import GreedyAgent
from companion.games.ts.data import tables
from companion.games.ts.picks import Picks
from companion.games.ts.rules import TsRules
from companion.games.ts.words import held_words, markup, piece_words
from tests.ts.scenario import Table, at

UNDECODED = [(re.compile(r"\ba [AEIOU]"), "a before a vowel"),
             (re.compile(r"\ban [^AEIOUaeiou]"), "an before a consonant"),
             (re.compile(r"(^|\s)-(\s|$)"), "a dash for a missing value"),
             (re.compile(r"\*\*"), "printed markdown"), (re.compile(r"\bNone\b"), "None"),
             (re.compile(r"\s[,:]"), "a space before punctuation")]


def undecoded(text: str) -> list[str]:
    return [f"{why}: {text!r}" for pattern, why in UNDECODED if pattern.search(text)]


@pytest.mark.parametrize("bag, seed", [("app", 4), ("physical", 6)])
def test_whole_games_have_no_words_to_decode(bag, seed):
    rules = TsRules()
    session = Session(rules, {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0,
                              "bag": bag}, seed)
    agents, pick = [GreedyAgent(seed), GreedyAgent(seed + 1)], random.Random(seed)
    found, seen = [], 0
    while not rules.is_over(session.state):
        state = session.state
        legal = rules.legal_actions(state)
        texts = [view.prompt(state), view.status(state)["title"],
                 *(view.badge(state, seat) for seat in (0, 1)),
                 *view.trickle_lines(state),
                 Picks(state, legal, {}).prompt() if state["await"]["kind"] in
                 ("act", "spawn") else ""]
        for action in pick.sample(legal, min(6, len(legal))):
            described = view.describe(state, action)
            assert described.startswith(view.viewing.acting(state)), described
            texts += [view.label(state, action), described]
        if state["await"]["kind"] == "spawn":
            texts += [Picks(state, legal, {"kind": kind}).prompt() for kind in tables().kinds]
        events = session.apply(agents[rules.acting_seat(state)].choose(rules, state))
        texts += [e["text"] for e in events]
        found += [problem for text in texts for problem in undecoded(text)]
        seen += len(texts)
    assert not found, found[:10]
    assert seen > 1000


def test_a_kind_of_agent_takes_its_article():
    table = Table()
    table.state["await"] = {"kind": "spawn", "player": 0}
    legal = table.rules.legal_actions(table.state)
    spawn = {"type": "spawn", "kind": "analyst", "at": at("I1")}
    assert view.label(table.state, spawn) == "Spawn an Analyst on I1"
    assert view.describe(table.state, spawn) == "Ann spawns an Analyst on I1"
    assert Picks(table.state, legal, {"kind": "analyst"}).prompt() == \
        "Spawn an Analyst: tap a lit * tile"
    assert Picks(table.state, legal, {"kind": "hacker"}).prompt() == \
        "Spawn a Hacker: tap a lit * tile"
    table = Table()
    analyst = table.agent(0, "analyst", "G4")
    try:
        table.rules.apply(table.state, {"type": "block", "agent": analyst, "at": at("G5")})
    except Rejected as refused:
        assert "only an Engineer" in refused.message
    else:
        raise AssertionError("an Analyst put a blockade")


def test_undo_says_what_it_undoes_as_a_sentence():
    table = Table(bag="physical")
    state = table.state
    state["await"] = {"kind": "draw", "player": 0, "space": at("A2")}
    codes3 = next(t.kind for t in tables().intel.values() if t.kind == "codes-3")
    assert view.describe(state, {"type": "draw", "intel": codes3}) == \
        "Ann draws Codes 3 onto A2"
    state["await"] = {"kind": "roll", "player": 0, "die": "naval"}
    assert view.describe(state, {"type": "roll", "value": 3}) == \
        "Ann's Naval die: 3, down-left"
    state["await"] = {"kind": "trickle", "player": 0}
    assert view.describe(state, {"type": "trickle"}) == "Ann's draw and roll of the dice"
    state["await"] = {"kind": "act", "player": 0}
    hacker = table.agent(0, "hacker", "G4")
    analyst = table.agent(1, "analyst", "G5")
    assert view.describe(state, {"type": "pin", "agent": hacker, "target": analyst}) == \
        "Ann's Hacker pins the Analyst"
    assert view.describe(state, {"type": "move", "agent": hacker, "to": at("F4")}) == \
        "Ann's Hacker moves to F4"
    assert view.describe(state, {"type": "end_turn"}) == "Ann ends the turn"


def test_the_header_says_the_actions_left_only_while_they_count():
    table = Table()
    assert view.badge(table.state, 0) == "Ann  0/20  ·  3 actions"
    assert view.badge(table.state, 1) == "Bob  0/20"
    table.state["actions"] = 1
    assert view.badge(table.state, 0).endswith("1 action")
    table.state["await"] = {"kind": "spawn", "player": 0}
    assert view.badge(table.state, 0) == "Ann  0/20"
    assert view.status(table.state)["title"] == f"Round 1 · Spawn · Bag {len(table.state['bag'])}"
    table.state["await"] = {"kind": "act", "player": 0}
    table.state["actions"] = 0
    assert "no actions left" in view.prompt(table.state)
    assert view.badge(table.state, 0) == "Ann  0/20  ·  end turn"  # never "0 actions"
    table.state["await"] = {"kind": "keep", "player": 0}
    assert view.badge(table.state, 0) == "Ann  0/20"


def test_the_printed_bold_is_bold_never_stars():
    for kind in tables().kinds:
        agent = next(a for a, (_, k) in tables().agents.items() if k == kind)
        words = piece_words("agents", agent)
        assert "**" not in words and words.startswith(f"[b]{tables().kind_names[kind]}:[/b]")
    assert markup("**1 action:** give 1 [of] its") == "[b]1 action:[/b] give 1 &bl;of&br; its"


def test_a_held_piece_says_what_the_table_says_of_it():
    table = Table()
    hacker = table.agent(0, "hacker", "G4", held=[("codes", 3), ("naval", 2)])
    table.state["pins"][hacker] = 2  # until the end of Bob's next turn
    words = held_words(table.state, at("G4"))
    assert "Ann's, on G4." in words
    assert "Holds Codes 3, Naval 2: 5 points when it retires" in words
    assert "[b]Pinned:[/b]" in words and "the end of Bob's next turn" in words
    table.block("F3")
    assert "Ann's, on F3: it goes at the end of Bob's next turn." in \
        held_words(table.state, at("F3"))
    table.state["turn"] = 2
    assert "the end of Bob's turn (this one)" in held_words(table.state, at("F3"))
    table.intel("B2", "science", 4)
    assert held_words(table.state, at("B2")).endswith("Loose on B2.")
    assert held_words(table.state, at("A1")) == ""


def test_the_sheet_tells_the_pieces_that_did_more_than_fall():
    table = Table()
    table.intel("B2", "codes")
    table.block("C2")
    table.intel("B4", "naval", 2)
    table.intel("B6", "science", 4)
    bob = table.agent(1, "engineer", "C7")
    table.fall(codes=1, naval=2, science=2)
    lines = view.trickle_lines(table.state)
    assert lines == ["Codes 1: B2 to C3, redirected by a blockade",
                     "Science 4: B6 to C7, caught by Bob's Engineer",
                     "1 more fell one row"], lines
    assert bob in table.state["agents"]
