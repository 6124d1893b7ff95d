"""Top-Secret: the rules follow docs/rulings/top-secret.md exactly.

SPEC is the game's one declaration (plain data, cheap to import)."""

from companion.core.spec import Die, GameSpec, Option, dice_option, parts, seat_option

COLOURS = (("codes", "Codes"), ("signals", "Signals"), ("finance", "Finance"),
           ("science", "Science"), ("naval", "Naval"), ("politics", "Politics"))

SPEC = GameSpec(
    id="top-secret",
    name="Top-Secret",
    **parts(__name__, "Ts", expert=True),
    options=(seat_option("first", "Who starts"),
             dice_option("bag", "Intel bag and dice", ("app", "The app draws and rolls"),
                         ("physical", "Our bag and dice")),
             # TS-SMUGGLER: the Smuggler as printed (the Comms Specialist's abilities), or
             # the variant "Smuggler slips through" (off unless chosen)
             Option("smuggler", "The Smuggler", (
                 ("printed", "As printed: the Comms Specialist's abilities"),
                 ("slips", "Variant: slips through, 2 spaces")), "printed")),
    # TS-TRICKLE: one Intel die a colour, in die order, as printed (cards/top-secret, dice)
    dice=tuple(Die(colour, f"{name} die", piece=f"top-secret:dice/{colour}-die")
               for colour, name in COLOURS),
)
