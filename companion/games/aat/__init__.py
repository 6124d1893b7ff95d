"""Against All Tyrants: the rules follow docs/rulings/against-all-tyrants.md exactly.

SPEC is the game's one declaration (plain data, cheap to import). No dice: the
rulebook uses none."""

from companion.core.spec import GameSpec, cards_option, parts, per_seat, seat_option

SUBFACTION_CHOICES = (("freedom-fighters", "Freedom Fighters"),
                      ("first-leaders-navy", "First Leader's Navy"),
                      ("robot-uprising", "Robot Uprising"))  # AAT-GEN-3

SPEC = GameSpec(
    id="against-all-tyrants",
    name="Against All Tyrants",
    **parts(__name__, "Aat", expert=True),
    options=(*per_seat("subfaction", "subfaction", SUBFACTION_CHOICES,
                       ("freedom-fighters", "first-leaders-navy")),
             seat_option("attacker", "Attacker", lots="random"),
             cards_option()),
)
