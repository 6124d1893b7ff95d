"""Attack the Tower: the rules follow docs/rulings/attack-the-tower.md exactly.

SPEC is the game's one declaration (plain data, cheap to import). No dice: the rulebook
uses none. The armies a player may choose are the YAML's (vars.armies, read from
game.yaml alone, in a few milliseconds): a further army is its cards and its YAML."""

from companion.core import printed
from companion.core.spec import GameSpec, Option, Players


def army_choices() -> tuple[tuple[str, str], ...]:
    """(army id, name) of every army of cards/attack-the-tower (ATT-ROBOTS, ATT-CORSAIRS)."""
    armies = printed.game_yaml("attack-the-tower")["vars"]["armies"]
    return tuple((army_id, army["name"]) for army_id, army in armies.items())


ARMY_CHOICES = army_choices()

SPEC = GameSpec(
    id="attack-the-tower",
    name="Attack the Tower",
    rules="companion.games.att.rules:AttRules",
    view="companion.games.att.view",
    table="companion.games.att.table:AttTable",
    demo="companion.games.att.demo:demo_session",
    agents={"greedy": "companion.games.att.ai:GreedyAgent",
            "random": "companion.core.agents:RandomAgent"},
    players=Players(modes=(("2 players", (1, 1)),)),
    options=(Option("army_1", "First player's army", ARMY_CHOICES, "robots"),
             Option("army_2", "Second player's army", ARMY_CHOICES, "robots"),
             Option("first", "Who starts", (("lots", "Draw lots"),), "lots", seats=True)),
)
