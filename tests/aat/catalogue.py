"""Made-up Against All Tyrants cards in the card-file shape (docs/against-all-tyrants-cards.md):
three legal decks that between them carry every trait, token and effect, so the
engine is tested before (and independently of) the printed card files."""

from __future__ import annotations

from companion.games.aat.data import catalogue


def unit(name, theaters, attack, health, types, traits=(), esc=0, pile="main", **more):
    return {"name": name, "kind": "Unit", "pile": pile, "escalation": esc,
            "theaters": list(theaters), "attack": attack, "health": health,
            "types": list(types), "traits": list(traits), **more}


def effect(name, types, step, esc=0, **more):
    return {"name": name, "kind": "Effect", "pile": "main", "escalation": esc,
            "types": list(types), "effect": step, **more}


def leader(name, health, traits=(), orders=(), esc=0, **more):
    return {"name": name, "kind": "Leader", "pile": "main", "escalation": esc,
            "health": health, "traits": list(traits), "orders": list(orders), **more}


def base(name, theater, orders=(), traits=(), **more):
    return {"name": name, "kind": "Base", "pile": "base", "escalation": 0, "theaters": [theater],
            "health": 30, "orders": list(orders), "traits": list(traits), **more}


def objective(name, role, theaters, health, orders, traits=(), esc=0, types=("Vehicle",),
              **more):
    return {"name": name, "kind": "Objective", "pile": "objective", "escalation": esc,
            "role": role, "theaters": list(theaters), "attack": 0, "health": health,
            "types": list(types), "traits": list(traits), "orders": orders, **more}


def order(name, step, funds=0):
    return {"name": name, "text": name, "effect": step, **({"funds": funds} if funds else {})}


S, P, BOTH = ("Space",), ("Planetside",), ("Space", "Planetside")
REB, HEG = {"faction": "Rebellion"}, {"faction": "Hegemony"}
FF, NV, RU = ({"faction": "Rebellion", "subfaction": "Freedom Fighters"},
              {"faction": "Hegemony", "subfaction": "First Leader's Navy"},
              {"faction": "Rebellion", "subfaction": "Robot Uprising"})

CARDS = {
    # Rebellion faction cards (both Rebellion decks)
    "RB-01": unit("Militia", P, 2, 3, ["Trooper"], ["Mass"], **REB),
    "RB-02": unit("Raider Wing", S, 2, 2, ["Ship"], ["Fighter", "Bomber 1"], **REB),
    "RB-03": unit("Gunship", BOTH, 3, 4, ["Vehicle"], ["Pierce 1"], esc=1, **REB),
    "RB-04": effect("Shield Dome", ["Support"], {"shield": 2, "target": "own-unit"}, **REB),
    "RB-05": effect("Sabotage", ["Tactic"], [{"disrupt": 1, "target": "enemy-unit"}], **REB),
    "RB-06": effect("Barrage", ["Tactic"], {"damage": 2, "target": "enemy-units"}, esc=1, **REB),
    "RB-07": unit("Field Medic", P, 1, 3, ["Character"], ["Rallied"],
                  effect={"repair": 2, "target": "own-unit"}, **REB),
    "RB-08": unit("Defender Squad", BOTH, 1, 5, ["Blocker"], ["Defender"], **REB),
    "RB-09": leader("Cell Leader", 4, ["Command Trooper: 2"],
                    [order("Rally", {"shield": 1, "target": "own-units"})], **REB),
    "RB-10": unit("Infiltrator", BOTH, 2, 2, ["Team"], ["Infiltrate", "Stealth", "Mark 1"],
                  pile="special", **REB),
    "RB-11": unit("Torpedo Boat", S, 1, 3, ["Ship"], ["Fighter", "Torpedo 2"], **REB),
    "RB-12": effect("Supply Run", ["Resource"], {"draw": 2}, **REB),
    "RB-13": unit("Smugglers", P, 0, 2, ["Business"], ["Funds 2"], **REB),
    "RB-14": effect("Black Market", ["Tactic"], {"damage": 3, "target": "enemy-unit"},
                    funds=2, **REB),
    # Freedom Fighters
    "FF-01": base("Orbital Hideout", "Space", **FF),
    "FF-02": base("Mountain Camp", "Planetside",
                  [order("Call Volunteers", {"deploy": 1, "type": "Trooper",
                                             "from": ["special", "hand"]}, funds=1)], **FF),
    "FF-03": unit("Evac Shuttle", BOTH, 0, 3, ["Transport"], ["Stealth"], **FF),
    "FF-04": unit("Dropship", BOTH, 1, 4, ["Transport", "Vehicle"], ["Transport 2: Trooper"],
                  **FF),
    "FF-05": unit("Martyr Brigade", P, 2, 3, ["Trooper"], ["Sympathized 2"], **FF),
    "FF-06": unit("Commando", P, 3, 3, ["Team"], ["Mark 2", "Unique"], pile="special", **FF),
    "FF-07": leader("Commander Vey", 5, ["Unique"],
                    [order("Strike", {"damage": 1, "target": "enemy-unit"})], **FF),
    "FF-08": unit("Volunteers", P, 1, 2, ["Trooper"], ["Rallied", "Mass"], pile="special",
                  **FF),
    "FF-09": unit("Resistance Expert", P, 1, 3, ["Character"], ["Tactic Expert"], **FF),
    "FF-10": effect("Uprising", ["Tactic"], {"damage": {"count": "own-units", "type": "Trooper"},
                                             "target": "enemy-unit"}, **FF),
    "FF-11": objective("Rogue Transport", "Attacker", BOTH, 4,
                       [order("Load Supplies", {"objective": "load-supplies"})],
                       types=("Transport",), **FF),
    # Hegemony faction cards
    "HG-01": unit("Line Trooper", P, 2, 3, ["Trooper"], ["Mass"], **HEG),
    "HG-02": unit("Interceptor", S, 2, 2, ["Ship"], ["Fighter"], **HEG),
    "HG-03": unit("Destroyer", S, 4, 7, ["Ship"], ["Capital", "Armor 1", "Point-Defense 2"],
                  esc=1, **HEG),
    "HG-04": unit("Garrison", P, 1, 5, ["Blocker"], ["Defender"], **HEG),
    "HG-05": unit("Bunker Gun", P, 2, 4, ["Emplacement"], ["Defended", "Armor 2"], **HEG),
    "HG-06": effect("Orbital Strike", ["Tactic"], {"damage": 4, "target": "enemy-unit"}, esc=2,
                    **HEG),
    "HG-07": effect("Jammer", ["Tactic"], {"disrupt": 2, "target": "enemy-unit"}, **HEG),
    "HG-08": leader("Admiral Kor", 5, ["Command Ship: 1"],
                    [order("Refit", {"repair": 2, "target": "own-unit"})], **HEG),
    "HG-09": unit("Cloaked Frigate", S, 3, 4, ["Ship"], ["Stealth", "Repeater 1"], esc=1, **HEG),
    "HG-10": effect("Logistics", ["Resource"], [{"draw": 1}, {"funds": 1}], **HEG),
    "HG-11": unit("Loyalists", P, 1, 2, ["Trooper"], ["Rallied", "Mass"], pile="special", **HEG),
    # First Leader's Navy
    "NV-01": base("Flagship Dock", "Space", [order("Scramble", {"shield": 1,
                                                               "target": "own-base"})], **NV),
    "NV-02": base("Citadel", "Planetside", traits=["Armor 1"], **NV),
    "NV-03": unit("Battleship", S, 5, 9, ["Ship"], ["Capital", "Armor 2", "Repeater 1"], esc=2,
                  **NV),
    "NV-04": unit("Flak Cruiser", S, 2, 6, ["Ship"], ["Capital", "Point-Defense 3"], **NV),
    "NV-05": unit("Marine Lander", BOTH, 1, 4, ["Transport", "Vehicle"],
                  ["Transport 1: Trooper", "Stealth"], **NV),
    "NV-06": unit("Special Agent", BOTH, 2, 2, ["Character"], ["Infiltrate", "Mark 1", "Pierce"],
                  pile="special", **NV),
    "NV-07": unit("Ship Expert", S, 2, 3, ["Ship"], ["Tactic Expert", "Supply 1"], **NV),
    "NV-08": objective("Transmitter Beacon", "Defender", P, 5,
                       [order("Charge", {"objective": "charge"}),
                        order("Transmit", {"objective": "transmit"})], **NV),
    "NV-09": objective("Finality Planet Cracker", "Attacker", S, 12,
                       [order("Fire", {"objective": "fire"})], ["Capital"], esc=5, **NV),
    # Robot Uprising
    "RU-01": base("Server Moon", "Space", **RU),
    "RU-02": base("Foundry", "Planetside", [order("Boot", {"compute": 1})], **RU),
    "RU-03": unit("Server Farm", P, 0, 4, ["Computer"], ["Mainframe", "Backup 2"], **RU),
    "RU-04": unit("Logic Drone", BOTH, 2, 2, ["Drone", "Robot"], ["Compute 1"], **RU),
    "RU-05": unit("Hive Node", P, 1, 5, ["Computer", "Robot"], ["Mainframe", "Compute 2"],
                  esc=1, **RU),
    "RU-06": unit("Assault Frame", P, 3, 4, ["Frame", "Robot"], ["Armor 1"], **RU),
    "RU-07": effect("Overclock", ["Function"], {"compute": 3}, **RU),
    "RU-08": unit("Swarm", S, 1, 1, ["Drone"], ["Fighter", "Mass", "Repeater 1"], **RU),
    "RU-09": leader("Core Mind", 4, ["Unique"], [order("Process", {"compute": 1})], **RU),
    "RU-10": unit("Function Expert", P, 1, 2, ["Robot"], ["Function Expert", "Supply 1"], **RU),
    "RU-11": effect("Mass Compute", ["Function"], {"compute": {"count": "own-units",
                                                               "type": "Robot"}}, **RU),
    "RU-12": unit("Data Courier", BOTH, 1, 3, ["Robot", "Computer"], ["Mainframe",
                                                                      "Infiltrate"],
                  pile="special", **RU),
    "RU-14": unit("Repair Bot", P, 1, 2, ["Robot"], ["Rallied", "Mass"], pile="special", **RU),
    "RU-13": objective("Singularity Core", "Defender", P, 6,
                       [order("Ascend", {"objective": "ascend"})], ["Mainframe"],
                       types=("Computer",), **RU),
}

DECKS = {
    "freedom-fighters": {"FF-01": 1, "FF-02": 1, "RB-01": 4, "RB-02": 3, "RB-03": 2,
                         "RB-04": 1, "RB-05": 2, "RB-06": 1, "RB-07": 1, "RB-08": 2,
                         "RB-09": 1, "RB-11": 1, "RB-12": 1, "RB-13": 1, "RB-14": 1,
                         "FF-03": 3, "FF-04": 2, "FF-05": 1, "FF-07": 1, "FF-09": 1,
                         "FF-10": 1, "RB-10": 1, "FF-06": 1, "FF-08": 3, "FF-11": 3},
    "first-leaders-navy": {"NV-01": 1, "NV-02": 1, "HG-01": 5, "HG-02": 3, "HG-03": 2,
                           "HG-04": 2, "HG-05": 2, "HG-06": 2, "HG-07": 2, "HG-08": 1,
                           "HG-09": 2, "HG-10": 2, "NV-03": 2, "NV-04": 2, "NV-05": 2,
                           "NV-07": 1, "NV-06": 2, "HG-11": 3, "NV-08": 2, "NV-09": 1},
    "robot-uprising": {"RU-01": 1, "RU-02": 1, "RB-01": 1, "RB-02": 2, "RB-05": 2,
                       "RB-06": 1, "RB-08": 2, "RB-12": 1, "RB-13": 1, "RU-03": 3,
                       "RU-04": 3, "RU-05": 3, "RU-06": 3, "RU-07": 2, "RU-08": 2,
                       "RU-09": 1, "RU-10": 1, "RU-11": 1, "RB-10": 1, "RU-12": 2,
                       "RU-14": 2, "RB-07": 1, "RU-13": 3},
}


def sample(extra: dict | None = None) -> dict:
    """A fresh catalogue (tests may add cards to it) of the three sample decks."""
    cards = {cid: dict(fields) for cid, fields in CARDS.items()}
    cards.update(extra or {})
    return catalogue(cards, DECKS)
