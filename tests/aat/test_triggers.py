"""The order of simultaneous triggers (AAT-CMB-4) and destruction (AAT-CMB-3)."""

from __future__ import annotations


def destroy_now(t):
    """Run the destruction check as an attack or effect would."""
    t.state["tasks"].append({"do": "destroy"})
    t.state["await"] = None
    t.events += t.rules.run(t.state)


def test_current_player_resolves_all_their_triggers_first_in_their_order(t):
    """AAT-CMB-4 points 2 and 3: the current player's triggers first, ordered by them;
    a card a trigger puts into play resolves its own immediate traits at once."""
    supplier = t.card(traits=["Rallied", "Supply 1"], theaters=("Space", "Planetside"))
    rallied = t.card(traits=["Rallied"])
    t.hand(0, supplier, rallied)
    t.hand(1, rallied)
    t.player(0)["special"] = []
    t.player(1)["special"] = []
    t.player(0)["deck"] = ["RB-01", "RB-01"]
    mine = [t.put(0, "Planetside", traits=["Sympathized 1"], damage=4),
            t.put(0, "Space", traits=["Sympathized 1"], damage=4,
                  theaters=("Space", "Planetside"))]
    theirs = t.put(1, "Planetside", traits=["Sympathized 1"], damage=4)
    t.start(spare=True)
    destroy_now(t)
    assert t.state["incidents"] == 3
    assert t.waiting("choose", "trigger") and t.state["await"]["player"] == 0
    assert t.options() == [f"{mine[0]}:sympathized", f"{mine[1]}:sympathized"]
    t.choose(f"{mine[1]}:sympathized")
    assert t.waiting("choose", "pick") and t.state["await"]["player"] == 0
    t.choose({"card": supplier, "from": "hand", "theater": "Space"})
    assert t.player(0)["hand"] == [rallied, "RB-01"]  # Supply resolved at once
    assert t.waiting("choose", "pick") and t.state["await"]["player"] == 0
    t.choose("done")  # the second of mine
    assert t.waiting("choose", "pick") and t.state["await"]["player"] == 1
    t.choose({"card": rallied, "from": "hand", "theater": "Planetside"})
    assert t.piece(theirs) is None and t.waiting("combat")


def test_entering_card_orders_its_own_immediate_traits(t):
    """AAT-CMB-4 point 2: a card with two triggers is ordered by its owner: Supply first
    lets the Transport carry a card just drawn."""
    trooper = t.card()
    carrier = t.card(types=["Vehicle"], traits=["Supply 1", "Transport 1: Trooper"])
    t.player(0)["special"] = []
    t.player(0)["deck"] = [trooper]
    t.hand(0, carrier)
    t.start("deploy")
    t.act({"type": "play", "card": carrier, "theater": "Planetside"})
    assert t.waiting("choose", "trigger")
    uid = t.state["await"]["options"][0].split(":")[0]
    t.choose(f"{uid}:supply")
    assert t.options() == [{"card": trooper, "from": "hand", "theater": "Planetside"}, "done"]


def test_all_destroyed_cards_leave_together_before_triggers(t):
    """AAT-CMB-3, AAT-CMB-4 point 4: a Mainframe destroyed in the same event cannot
    receive Backup tokens."""
    saver = t.put(0, "Planetside", traits=["Mainframe", "Backup 3"], types=["Computer"],
                  tokens={"computation": 3}, damage=4)
    other = t.put(0, "Planetside", traits=["Mainframe"], types=["Computer"], damage=4)
    t.start(spare=True)
    destroy_now(t)
    assert t.piece(saver) is None and t.piece(other) is None
    assert "computation_lost" in t.kinds() or not any(
        p["tokens"].get("computation") for p in t.state["table"].values())
