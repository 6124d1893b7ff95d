"""The last trickle on the board (trails.py), measured on a phone's layout over the
trickles of whole games: every piece that moved has an arrow, no arrow lies over a
piece (a value stays readable), its head ends outside the piece it points to and
points the way the piece went; each reason's word sits at its piece and covers no
value; the redirected piece shows the way it could not go."""

from __future__ import annotations

from math import atan2, hypot

import pytest

from companion.core.session import Session
from companion.games.ts import trails, view
from companion.games.ts.ai import GreedyAgent
from companion.games.ts.geometry import OFF, TOKEN, board, chips
from companion.games.ts.rules import TsRules
from tests.ts.scenario import Table, at

PHONE = (0, 0, 1080, 1120)  # the board's box on a phone in portrait (pixels)
FONT = 31.5  # 12 sp at density 2.625
SIDES = ("Black", "White")


def layout(box=PHONE):
    r, centres = board().place(*box, 73, 10)
    return r, centres


def size(label, words: str) -> tuple:
    sign = FONT * 1.1 if getattr(label, "sign", "") else 0
    return len(words) * FONT * 0.6 + FONT * 0.7 + sign, FONT * 1.4


def trickles(seeds=(3, 8, 13), per_game=12):
    """States just after a trickle in whole games between greedy players, with its moves."""
    rules = TsRules()
    for seed in seeds:
        session = Session(rules, {"first": 0, "bag": "app"}, seed)
        agents, found = [GreedyAgent(seed), GreedyAgent(seed + 1)], 0
        while not rules.is_over(session.state) and found < per_game:
            state = session.state
            session.apply(agents[rules.acting_seat(state)].choose(rules, state))
            moves = view.trickle_shown(session.state, session.actions)
            if moves and session.actions[-1]["type"] == "trickle":
                found += 1
                yield session.state, moves


def placed(state, moves, box=PHONE):
    r, centres = layout(box)
    found = trails.marks(state, moves, centres, r)
    trails.place_tags(trails.whose(state, centres, r, SIDES) + found, state, centres, r,
                      size, box)
    return r, centres, found


def values(state, centres, r) -> list:
    """Where values are printed: loose Intel and the chips agents hold (x, y, radius)."""
    out = [(x, y, TOKEN * r) for (x, y), piece in zip(centres, state["board"], strict=True)
           if piece is not None]
    for agent in state["agents"].values():
        x, y = centres[agent["at"]]
        out += [(x + cx, y + cy, c) for cx, cy, c in chips(len(agent["held"]), r)]
    return out


def test_every_piece_that_moved_has_an_arrow_over_no_piece():
    checked = 0
    for state, moves in trickles():
        r, centres, found = placed(state, moves)
        pieces = trails.pieces_at(state, centres, r)
        for m, move in zip(found, moves, strict=True):
            if move["to"] == move["from"]:
                assert not m.shaft and m.tag, move  # it stayed: a word, no arrow
                continue
            assert m.shaft and m.head, move
            barbs = [m.head[k:k + 2] for k in (0, 2, 4)]
            for x, y, radius in pieces:
                assert not inside(m.shaft, x, y, radius), move
                assert not any(hypot(bx - x, by - y) < radius for bx, by in barbs), move
            tip = m.head[2:4]
            if move["to"] != OFF and state["board"][move["to"]] is not None:
                assert hypot(tip[0] - m.end[0], tip[1] - m.end[1]) > TOKEN * r, move
            checked += 1
    assert checked > 100


def inside(shaft, x, y, radius) -> bool:
    """Whether any point of a segment lies within a disc."""
    x1, y1, x2, y2 = shaft
    return any(hypot(x1 + (x2 - x1) * k / 40 - x, y1 + (y2 - y1) * k / 40 - y) < radius * 0.98
               for k in range(41))


def test_an_arrow_points_the_way_its_piece_went():
    for state, moves in trickles(seeds=(5,), per_game=6):
        r, centres, found = placed(state, moves)
        for m in found:
            if not m.shaft:
                continue
            x1, y1, x2, y2 = m.shaft
            way = atan2(m.end[1] - m.start[1], m.end[0] - m.start[0])
            assert abs(atan2(y2 - y1, x2 - x1) - way) < 0.35, m
            assert y2 < y1  # down the board, always


def test_no_word_covers_a_value_and_words_do_not_overlap():
    words = 0
    for state, moves in trickles():
        r, centres, found = placed(state, moves)
        spots = values(state, centres, r)
        rects = []
        for m in found:
            if not m.tag:
                continue
            w, h = size(m, m.tag)
            area = trails.rect(m.tag_at, w, h)
            for x, y, radius in spots:  # a value's middle half stays in sight
                assert not trails.hits(area, x, y, radius * 0.5), (m.tag, board().names)
            assert not any(trails.overlap(area, other) for other in rects), m.tag
            rects.append(area)
            words += 1
    assert words > 20


def test_a_word_sits_at_its_piece():
    for state, moves in trickles(seeds=(3,), per_game=8):
        r, centres, found = placed(state, moves)
        for m in found:
            if m.tag:
                near = m.end if m.shaft and m.why not in ("off", "redirected off") else m.start
                assert hypot(m.tag_at[0] - near[0], m.tag_at[1] - near[1]) < 1.3 * r, m


def test_a_redirected_piece_shows_the_blockade_it_could_not_pass():
    table = Table()
    table.intel("B2", "codes")
    table.block("C2")
    table.fall(codes=1)  # odd: down-left, onto the blockade at C2, so to C3
    moves = table.state["last"]["moves"]
    r, centres, found = placed(table.state, moves)
    (m,) = found
    assert m.why == "redirected" and m.tag == "turned"
    tx, ty = m.tick[2:]
    bx, by = centres[at("C2")]
    dx, dy = centres[at("C3")]
    assert hypot(tx - bx, ty - by) < hypot(tx - dx, ty - dy)  # the stroke goes to C2
    assert m.ghost  # B2 is empty now: a ring where it was


@pytest.mark.parametrize("why, word", [("off", "to bag"), ("crowded", "waits"),
                                       ("possessed", "caught")])
def test_each_reason_has_its_word(why, word):
    table = Table()
    if why == "off":
        table.intel("I1", "codes")
    elif why == "crowded":
        table.intel("B2", "codes")
        table.intel("C2", "codes", 2)
        table.block("D1")
        table.block("D2")
    else:
        table.intel("B2", "codes")
        table.agent(0, "hacker", "C2")
    table.fall(codes=1)
    moves = table.state["last"]["moves"]
    r, centres, found = placed(table.state, moves)
    assert word in [m.tag for m in found], [(m.why, m.tag) for m in found]


def test_the_trickle_stays_on_show_while_the_player_spawns():
    table = Table()
    table.intel("B2", "codes")
    table.fall(codes=1)
    state = table.state
    state["await"] = {"kind": "spawn", "player": 0}
    assert view.trickle_shown(state, [{"type": "trickle"}])
    assert view.trickle_shown(state, [{"type": "trickle"}, {"type": "spawn"}])
    state["await"] = {"kind": "act", "player": 0}
    assert not view.trickle_shown(state, [{"type": "trickle"}, {"type": "done"}])
    state["await"] = {"kind": "roll", "player": 0, "die": "codes"}  # the next turn's dice
    assert not view.trickle_shown(state, [{"type": "roll", "value": 2}])


def test_whose_blockades_and_pins_say_the_whole_name_where_it_covers_no_value():
    """A blockade's and a pin's player by name (or their side where the name has no
    room), never cut short, never over a value; at the blockade, near the pinned agent."""
    table = Table()
    table.state["players"][0]["name"] = "Player 1"
    table.state["players"][1]["name"] = "Player 2"
    hacker = table.agent(0, "hacker", "G4", held=[("codes", 3), ("naval", 2), ("codes", 1)])
    table.agent(1, "engineer", "G5", held=[("science", 4), ("naval", 1)])
    table.state["pins"][hacker] = 2
    table.block("F3")
    table.block("H6", until=1)
    table.intel("F4", "politics", 2)
    r, centres = layout()
    labels = trails.whose(table.state, centres, r, SIDES)
    trails.place_tags(labels, table.state, centres, r, size, PHONE)
    assert sorted((label.sign, label.seat) for label in labels) == \
        [("hourglass", 0), ("hourglass", 1), ("pin", 1)]
    spots = values(table.state, centres, r)
    for label in labels:
        assert label.tag in (("Player 1", "Player 2")[label.seat], SIDES[label.seat])
        if label.tag_at:
            area = trails.rect(label.tag_at, *size(label, label.tag))
            assert not any(trails.hits(area, x, y, radius * 0.5) for x, y, radius in spots)
    crowded = next(label for label in labels if label.seat == 1 and label.sign == "hourglass")
    assert crowded.tag == "White" and crowded.tag_at[1] < centres[at("F3")][1]  # no room
    alone = next(label for label in labels if label.seat == 0 and label.sign == "hourglass")
    assert alone.tag == "Player 1" and alone.tag_at[1] < centres[at("H6")][1]
