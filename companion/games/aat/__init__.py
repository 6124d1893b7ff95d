"""Against All Tyrants: the rules follow docs/rulings/against-all-tyrants.md exactly.

SPEC is the game's one declaration (plain data, cheap to import). No dice: the
rulebook uses none."""

from companion.core.spec import GameSpec, Option, Players

SUBFACTION_CHOICES = (("freedom-fighters", "Freedom Fighters"),
                      ("first-leaders-navy", "First Leader's Navy"),
                      ("robot-uprising", "Robot Uprising"))  # AAT-GEN-3

SPEC = GameSpec(
    id="against-all-tyrants",
    name="Against All Tyrants",
    rules="companion.games.aat.rules:AatRules",
    view="companion.games.aat.view",
    table="companion.games.aat.table:AatTable",
    demo="companion.games.aat.demo:demo_session",
    agents={"greedy": "companion.games.aat.ai:GreedyAgent",
            "random": "companion.core.agents:RandomAgent"},
    players=Players(modes=(("2 players", (1, 1)),)),
    options=(Option("subfaction_1", "First player's subfaction", SUBFACTION_CHOICES,
                    "freedom-fighters"),
             Option("subfaction_2", "Second player's subfaction", SUBFACTION_CHOICES,
                    "first-leaders-navy"),
             Option("attacker", "Attacker", (("random", "Draw lots"),), "random", seats=True),
             Option("cards", "Cards", (("virtual", "Virtual decks"),
                                       ("tracked", "Printed cards")), "virtual",
                    setting="cards")),
)
