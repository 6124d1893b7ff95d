"""Top-Secret: the rules follow docs/rulings/top-secret.md exactly.

SPEC is the game's one declaration (plain data, cheap to import)."""

from companion.core.spec import Die, GameSpec, Option, Players

COLOURS = (("codes", "Codes"), ("signals", "Signals"), ("finance", "Finance"),
           ("science", "Science"), ("naval", "Naval"), ("politics", "Politics"))

SPEC = GameSpec(
    id="top-secret",
    name="Top-Secret",
    rules="companion.games.ts.rules:TsRules",
    view="companion.games.ts.view",
    table="companion.games.ts.table:TsTable",
    demo="companion.games.ts.demo:demo_session",
    agents={"greedy": "companion.games.ts.ai:GreedyAgent",
            "random": "companion.core.agents:RandomAgent"},
    players=Players(modes=(("2 players", (1, 1)),)),
    options=(Option("first", "Who starts", (("lots", "Draw lots"),), "lots", seats=True),
             Option("bag", "Intel bag and dice", (("app", "The app draws and rolls"),
                                                  ("physical", "Our bag and dice")), "app",
                    setting="dice")),
    # TS-TRICKLE: one Intel die a colour, in die order, as printed (cards/top-secret, dice)
    dice=tuple(Die(colour, f"{name} die", piece=f"top-secret:dice/{colour}-die")
               for colour, name in COLOURS),
)
