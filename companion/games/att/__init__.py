"""Attack the Tower: the rules follow docs/rulings/attack-the-tower.md exactly.

SPEC is the game's one declaration (plain data, cheap to import). No dice: the rulebook
uses none. The armies a player may choose are the YAML's (vars.armies, read from
game.yaml alone, in a few milliseconds): a further army is its cards and its YAML."""

from companion.core import printed
from companion.core.spec import GameSpec, parts, per_seat, seat_option


def army_choices() -> tuple[tuple[str, str], ...]:
    """(army id, name) of every army of cards/attack-the-tower (ATT-ROBOTS, ATT-CORSAIRS)."""
    armies = printed.game_yaml("attack-the-tower")["vars"]["armies"]
    return tuple((army_id, army["name"]) for army_id, army in armies.items())


ARMY_CHOICES = army_choices()

SPEC = GameSpec(
    id="attack-the-tower",
    name="Attack the Tower",
    **parts(__name__, "Att", expert=True),
    options=(*per_seat("army", "army", ARMY_CHOICES, ("robots", "robots")),
             seat_option("first", "Who starts")),
)
