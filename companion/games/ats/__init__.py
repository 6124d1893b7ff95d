"""Above Top Secret: the rules follow docs/rulings/above-top-secret.md exactly.

SPEC is the game's one declaration (plain data, cheap to import)."""

from companion.core.spec import Die, GameSpec, Players, cards_option, dice_option, parts

SPEC = GameSpec(
    id="above-top-secret",
    name="Above Top Secret",
    **parts(__name__, "Ats", expert=True),
    players=Players(modes=(("2 players", (1, 1)), ("2 teams of 2", (2, 2)),
                           ("3 players", (1, 1, 1)), ("3 teams of 2", (2, 2, 2))),
                    colours=("Red", "Blue", "Green", "Yellow", "Purple", "Grey"),
                    alternate=True),  # the printed sets' colours (game.yaml player_colors)
    options=(dice_option("dice", "Dice", ("digital", "App dice"), ("physical", "Real dice")),
             cards_option()),
    dice=(Die("d6", "d6"),  # the printed dice (cards/above-top-secret, component dice):
          Die("combat", "Combat die", piece="above-top-secret:dice/combat-die"),
          Die("encounter", "Encounter die", piece="above-top-secret:dice/encounter-die")),
)
