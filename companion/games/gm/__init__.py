"""Geheime Mission: the rules follow docs/rulings/geheime-mission.md exactly.

SPEC is the game's one declaration (plain data, cheap to import)."""

from companion.core.spec import GameSpec, Option, Players

SPEC = GameSpec(
    id="geheime-mission",
    name="Geheime Mission",
    rules="companion.games.gm.rules:GmRules",
    view="companion.games.gm.view",
    table="companion.games.gm.table:GmTable",
    demo="companion.games.gm.demo:demo_session",
    agents={"greedy": "companion.games.gm.ai:GreedyAgent",
            "random": "companion.core.agents:RandomAgent"},
    players=Players(modes=(("2 players", (1, 1)),)),
    options=(Option("first", "Who starts", (("lots", "Draw lots"),), "lots", seats=True),
             Option("cards", "Cards", (("virtual", "Virtual deck"),
                                       ("printed", "Printed cards")), "virtual",
                    setting="cards")),
)
