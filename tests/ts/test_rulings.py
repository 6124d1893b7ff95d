"""A scenario per ruling of docs/rulings/top-secret.md (the trickle's are in
test_trickle.py): each test names the ruling it holds the engine to."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.session import Session
from companion.games.ts.data import tables
from companion.games.ts.rules import TsRules
from tests.ts.scenario import Table, at


def test_ts_intel_and_agents_as_printed():
    """TS-INTEL, TS-AGENTS: 47 Intel (six colours of 1,1,2,2,3,3,4 and five Honeypots),
    twelve agents a side, two of each kind."""
    intel = tables().intel.values()
    assert len(intel) == 47
    assert sorted(t.value for t in intel if t.colour == "naval" and not t.honeypot) == \
        [1, 1, 2, 2, 3, 3, 4]
    assert sorted(t.colour for t in intel if t.honeypot) == sorted(tables().colours[1:])
    assert Counter(tables().agents.values()) == {(team, kind): 2 for team in (0, 1)
                                                for kind in tables().kinds}


def test_ts_setup_and_first():
    """TS-SETUP, TS-FIRST: every Intel in the bag, twelve agents a roster; lots or a seat."""
    rules = TsRules()
    state = rules.new_game({"first": 1}, 3)
    assert len(state["bag"]) == 47 and state["agents"] == {}
    assert all(sum(p["roster"].values()) == 12 for p in state["players"])
    assert state["await"] == {"kind": "trickle", "player": 1}
    firsts = {rules.new_game({"first": "lots"}, seed)["first"] for seed in range(20)}
    assert firsts == {0, 1}


def test_ts_turn_order_app_bag():
    """TS-TURN, TS-TRICKLE: trickle (two draws), spawn, actions, then the other player."""
    table = Table()
    table.state.update({"await": {"kind": "trickle", "player": 0}, "due": [at("A2"),
                                                                             at("A6")]})
    table.do(type="trickle")
    assert sum(1 for e in table.events if e["kind"] == "drawn") == 2
    assert table.state["await"]["kind"] == "spawn"
    table.do(type="spawn", kind="hacker", at=at("I4"))
    table.do(type="done")
    assert table.state["await"] == {"kind": "act", "player": 0}
    table.do(type="end_turn")
    assert table.state["await"] == {"kind": "trickle", "player": 1}


def test_ts_trickle_physical_bag_and_dice():
    """TS-TRICKLE, TS-DRAW: the table's bag and dice: each draw by its kind, each die."""
    rules = TsRules()
    session = Session(rules, {"first": 0, "bag": "physical"}, 5)
    assert session.state["await"]["kind"] == "draw"
    session.apply({"type": "draw", "intel": "naval-3"})
    session.apply({"type": "draw", "intel": "politics-honeypot"})
    for colour in tables().colours:
        assert session.state["await"] == {"kind": "roll", "player": 0, "die": colour}
        session.apply({"type": "roll", "value": 2})
    board = session.state["board"]
    assert tables().intel[board[at("B2")]].kind == "naval-3"  # A2 even: down-right
    assert tables().intel[board[at("B6")]].kind == "politics-honeypot"
    assert session.state["await"]["kind"] == "spawn"


def test_ts_spawn_only_on_empty_spawn_tiles_up_to_three():
    """TS-SPAWN."""
    table = Table()
    table.state["await"] = {"kind": "spawn", "player": 0}
    table.intel("I1")
    table.block("I2")
    table.agent(1, "analyst", "I3")
    assert table.refused("TS-SPAWN", type="spawn", kind="hacker", at=at("I1"))
    assert table.refused("TS-SPAWN", type="spawn", kind="hacker", at=at("I2"))
    assert table.refused("TS-SPAWN", type="spawn", kind="hacker", at=at("H3"))
    for space in ("I4", "I5"):
        table.do(type="spawn", kind="hacker", at=at(space))
    table.do(type="spawn", kind="comms", at=at("I6"))  # the third: on to the actions
    assert table.state["await"]["kind"] == "act"


def test_ts_actions_three_a_turn_and_move_in_the_field():
    """TS-ACTIONS, TS-MOVE, TS-BLOCKADE: three moves, never out of the Field, never onto
    an agent or a blockade; Intel on the space is picked up."""
    table = Table()
    agent = table.agent(0, "analyst", "F3")
    table.agent(1, "engineer", "F4")
    table.block("G3")
    piece = table.intel("E3", "codes", 2)
    assert table.refused("TS-MOVE", type="move", agent=agent, to=at("F4"))
    assert table.refused("TS-MOVE", type="move", agent=agent, to=at("G3"))
    table.do(type="move", agent=agent, to=at("E3"))
    assert table.where(piece) == agent
    assert table.refused("TS-MOVE", type="move", agent=agent, to=at("D3"))  # not the Field
    table.do(type="move", agent=agent, to=at("E2"))
    table.do(type="move", agent=agent, to=at("E1"))
    assert table.refused("TS-MOVE", type="move", agent=agent, to=at("E2"))  # none left


def test_ts_transfer_to_an_adjacent_agent_of_ones_own():
    """TS-TRANSFER."""
    table = Table()
    giver = table.agent(0, "analyst", "F3", held=[("codes", 1)])
    far = table.agent(0, "hacker", "H3")
    near = table.agent(0, "hacker", "F4")
    enemy = table.agent(1, "hacker", "G3")
    piece = table.state["agents"][giver]["held"][0]
    assert table.refused("TS-TRANSFER", type="transfer", agent=giver, to=far, intel=piece)
    assert table.refused("TS-TRANSFER", type="transfer", agent=giver, to=enemy, intel=piece)
    table.do(type="transfer", agent=giver, to=near, intel=piece)
    assert table.where(piece) == near


def test_ts_retire_scores_on_a_spawn_tile_not_the_turn_it_came():
    """TS-RETIRE, TS-SCORE."""
    table = Table()
    fresh = table.agent(0, "hacker", "I2", held=[("codes", 4)], fresh=True)
    agent = table.agent(0, "analyst", "I4", held=[("naval", 3), ("science", 2)])
    away = table.agent(0, "engineer", "H3", held=[("codes", 1)])
    assert table.refused("TS-RETIRE", type="retire", agent=fresh)
    assert table.refused("TS-RETIRE", type="retire", agent=away)
    actions = table.state["actions"]
    table.do(type="retire", agent=agent)
    assert table.state["players"][0]["score"] == 5 and table.state["actions"] == actions
    assert agent in table.state["gone"] and agent not in table.state["agents"]


def test_ts_ability_paid_with_a_held_piece_that_goes_to_the_bag():
    """TS-ABILITY and TS-ENGINEER: a far blockade costs one Intel and no action."""
    table = Table()
    engineer = table.agent(0, "engineer", "G4", held=[("codes", 3)])
    paid = table.state["agents"][engineer]["held"][0]
    table.do(type="block", agent=engineer, at=at("C3"), pay=paid)
    assert table.where(paid) == "bag" and table.state["actions"] == 3
    table.do(type="block", agent=engineer, at=at("G5"))  # adjacent: one action
    assert table.state["actions"] == 2
    assert table.refused("TS-ENGINEER", type="block", agent=engineer, at=at("C4"))


def test_ts_engineer_needs_an_unoccupied_space_and_a_free_marker():
    """TS-ENGINEER: no agent, no loose Intel, no blockade; eight markers."""
    table = Table()
    engineer = table.agent(0, "engineer", "G4")
    table.intel("G5")
    table.agent(1, "hacker", "G3")
    assert table.refused("TS-ENGINEER", type="block", agent=engineer, at=at("G5"))
    assert table.refused("TS-ENGINEER", type="block", agent=engineer, at=at("G3"))
    for space in ("A1", "A3", "A4", "A5", "A7", "B1", "B2", "B3"):
        table.block(space)
    assert table.refused("TS-ENGINEER", type="block", agent=engineer, at=at("F4"))


def test_ts_blockades_and_pins_last_to_the_end_of_the_opponents_next_turn():
    """TS-ENGINEER, TS-PIN: placed in turn t, removed at the end of turn t + 1."""
    table = Table()
    engineer = table.agent(0, "engineer", "G4")
    hacker = table.agent(0, "hacker", "F3")
    enemy = table.agent(1, "analyst", "F4")
    table.do(type="block", agent=engineer, at=at("G5"))
    table.do(type="pin", agent=hacker, target=enemy)
    table.do(type="end_turn")
    assert any(table.state["walls"]) and enemy in table.state["pins"]
    table.state["await"] = {"kind": "act", "player": 1}  # Bob's turn, past his trickle
    assert table.refused("TS-PIN", type="move", agent=enemy, to=at("E4"))
    table.do(type="end_turn")
    assert not any(table.state["walls"]) and enemy not in table.state["pins"]


def test_ts_double_agent_gives_to_any_agent_anywhere():
    """TS-DOUBLE: a Honeypot given to an enemy agent takes it out."""
    table = Table()
    double = table.agent(0, "double-agent", "G4")
    trap = table.piece("naval", honeypot=True)
    table.state["bag"].remove(trap)
    table.state["agents"][double]["held"].append(trap)
    enemy = table.agent(1, "analyst", "E1")
    table.do(type="double", agent=double, to=enemy, intel=trap)
    assert enemy not in table.state["agents"] and table.where(trap) == "bag"


def test_ts_comms_moves_loose_intel_within_two_spaces():
    """TS-COMMS: up for one action, down for one action and one Intel, onto an agent
    it is possessed; not beyond two spaces."""
    table = Table()
    comms = table.agent(0, "comms", "G4", held=[("codes", 1)])
    near = table.intel("E4", "naval")
    far = table.intel("C4", "finance")
    table.do(type="comms", agent=comms, intel=near, to=at("D4"))
    assert table.where(near) == "D4"
    assert table.refused("TS-COMMS", type="comms", agent=comms, intel=far, to=at("B3"))
    enemy = table.agent(1, "hacker", "F4")
    back = table.intel("E5", "science")
    paid = table.state["agents"][comms]["held"][0]
    table.do(type="comms", agent=comms, intel=back, to=at("F4"), pay=paid)
    assert table.where(back) == enemy and table.where(paid) == "bag"


def test_ts_analyst_draws_one_more_with_three_pieces():
    """TS-ANALYST: keep it and it scores."""
    table = Table()
    analyst = table.agent(0, "analyst", "I1", held=[("codes", 1), ("codes", 2),
                                                    ("codes", 3)])
    table.state["bag"] = [table.piece("naval", 4)]
    table.do(type="retire", agent=analyst)
    assert table.state["await"]["kind"] == "keep"
    table.do(type="keep", keep=True)
    assert table.state["players"][0]["score"] == 1 + 2 + 3 + 4


def test_ts_analyst_draws_a_honeypot_back_into_the_bag():
    """TS-ANALYST: a drawn Honeypot scores nothing."""
    table = Table()
    analyst = table.agent(0, "analyst", "I1", held=[("codes", 1), ("codes", 2),
                                                    ("codes", 3)])
    trap = table.piece("naval", honeypot=True)
    table.state["bag"] = [trap]
    table.do(type="retire", agent=analyst)
    assert table.state["await"]["kind"] == "act" and table.state["bag"] == [trap]
    assert table.state["players"][0]["score"] == 6


@pytest.mark.parametrize("bag", ["app", "physical"])
def test_ts_analyst_reaching_twenty_wins_before_its_draw(bag):
    """TS-ANALYST, TS-WIN: the rulebook's win is immediate; no draw is asked for or
    made."""
    table = Table(bag)
    table.state["players"][0]["score"] = 14
    analyst = table.agent(0, "analyst", "I1", held=[("codes", 1), ("codes", 2),
                                                    ("codes", 3)])
    bag_before = list(table.state["bag"])
    events = table.do(type="retire", agent=analyst)
    assert table.state["await"] is None and table.rules.winning_seats(table.state) == [0]
    assert table.state["players"][0]["score"] == 20 and table.state["bag"] == bag_before
    assert [e["kind"] for e in events] == ["retired", "game_over"]


def test_ts_smuggler_as_printed_has_the_comms_specialists_abilities():
    """TS-SMUGGLER: as printed (the default), the Comms Specialist's two abilities, with
    TS-COMMS's reach; no slipping through."""
    assert TsRules().new_game({}, 1)["settings"]["smuggler"] == "printed"
    table = Table()
    smuggler = table.agent(0, "smuggler", "G4", held=[("codes", 1)])
    near = table.intel("E4", "naval")
    far = table.intel("C4", "finance")
    table.do(type="comms", agent=smuggler, intel=near, to=at("D4"))
    assert table.where(near) == "D4" and table.state["actions"] == 2
    assert table.refused("TS-COMMS", type="comms", agent=smuggler, intel=far, to=at("B3"))
    enemy = table.agent(1, "hacker", "F4")
    back = table.intel("E5", "science")
    paid = table.state["agents"][smuggler]["held"][0]
    table.do(type="comms", agent=smuggler, intel=back, to=at("F4"), pay=paid)
    assert table.where(back) == enemy and table.where(paid) == "bag"
    assert table.refused("TS-SMUGGLER", type="smuggle", agent=smuggler, to=at("G6"))
    assert not [a for a in table.rules.legal_actions(table.state) if a["type"] == "smuggle"]


def test_ts_smuggler_variant_is_a_setup_option_off_by_default():
    """TS-SMUGGLER: the variant is offered on the new-game form, as printed by default."""
    from companion.games.ts import SPEC

    option = next(o for o in SPEC.options if o.id == "smuggler")
    assert option.default == "printed" and [v for v, _ in option.choices] == ["printed",
                                                                             "slips"]
    assert TsRules().new_game({"smuggler": "slips"}, 1)["settings"]["smuggler"] == "slips"


def test_ts_smuggler_variant_moves_two_spaces_through_agents_and_blockades():
    """TS-SMUGGLER, the variant "Smuggler slips through": one action; no Comms
    Specialist's abilities then."""
    table = Table(smuggler="slips")
    smuggler = table.agent(0, "smuggler", "G4")
    table.agent(1, "hacker", "G5")
    table.block("F4")
    piece = table.intel("G6", "codes")
    table.do(type="smuggle", agent=smuggler, to=at("G6"))  # through the enemy on G5
    assert table.where(piece) == smuggler and table.state["actions"] == 2
    assert table.refused("TS-SMUGGLER", type="smuggle", agent=smuggler, to=at("G3"))
    near = table.intel("E5", "naval")
    assert table.refused("TS-SMUGGLER", type="comms", agent=smuggler, intel=near,
                         to=at("D5"))


def test_ts_hacker_pins_once_a_turn_and_takes_from_a_pinned_enemy():
    """TS-HACKER, TS-PIN: once a turn per Hacker; the take needs an adjacent pinned enemy
    and one Intel."""
    table = Table()
    hacker = table.agent(0, "hacker", "F3", held=[("codes", 1)])
    enemy = table.agent(1, "analyst", "F4", held=[("naval", 4)])
    other = table.agent(1, "comms", "E3")
    loot = table.state["agents"][enemy]["held"][0]
    paid = table.state["agents"][hacker]["held"][0]
    assert table.refused("TS-HACKER", type="take", agent=hacker, target=enemy, intel=loot,
                         pay=paid)  # not pinned yet
    table.do(type="pin", agent=hacker, target=enemy)
    assert table.refused("TS-HACKER", type="pin", agent=hacker, target=other)  # once a turn
    table.do(type="take", agent=hacker, target=enemy, intel=loot, pay=paid)
    assert table.where(loot) == hacker and table.where(paid) == "bag"


def test_ts_pin_keeps_an_agent_from_moving_retiring_and_passing_intel():
    """TS-PIN: "switch out" read as passing its Intel on; an unpin frees it."""
    table = Table()
    mine = table.agent(0, "analyst", "I3", held=[("codes", 1)])
    friend = table.agent(0, "hacker", "I4")
    table.state["pins"][mine] = table.state["turn"] + 1
    piece = table.state["agents"][mine]["held"][0]
    assert table.refused("TS-PIN", type="move", agent=mine, to=at("H3"))
    assert table.refused("TS-PIN", type="retire", agent=mine)
    assert table.refused("TS-PIN", type="transfer", agent=mine, to=friend, intel=piece)
    table.do(type="unpin", agent=friend, target=mine)
    table.do(type="move", agent=mine, to=at("H3"))


def test_ts_win_at_twenty_at_once():
    """TS-WIN: mid-turn, the moment the score reaches 20."""
    table = Table()
    table.state["players"][0]["score"] = 18
    agent = table.agent(0, "hacker", "I2", held=[("codes", 2)])
    table.do(type="retire", agent=agent)
    assert table.state["await"] is None and table.rules.winning_seats(table.state) == [0]


@pytest.mark.parametrize("case", ["no agents", "rounds"])
def test_ts_end_when_no_one_can_score_or_the_last_round_is_over(case):
    """TS-END."""
    table = Table()
    table.state["players"][0]["score"] = 5
    if case == "no agents":
        for player in table.state["players"]:
            player["roster"] = {k: 0 for k in player["roster"]}
    else:
        table.state["round"] = tables().limits["rounds"]
        table.state["first"] = 0
        table.state["await"] = {"kind": "act", "player": 1}
    table.do(type="end_turn")
    assert table.state["await"] is None and table.rules.winning_seats(table.state) == [0]
