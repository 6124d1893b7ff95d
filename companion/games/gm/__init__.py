"""Geheime Mission: the rules follow docs/rulings/geheime-mission.md exactly.

SPEC is the game's one declaration (plain data, cheap to import)."""

from companion.core.spec import GameSpec, cards_option, parts, seat_option

SPEC = GameSpec(
    id="geheime-mission",
    name="Geheime Mission",
    **parts(__name__, "Gm", expert=True),
    options=(seat_option("first", "Who starts"),
             cards_option(printed="printed", virtual="Virtual deck")),
)
