"""The companion for any game made with Dossier whose game.yaml declares a `table:`
(issue 32): one generic engine, named for no game, that plays the loader's normalised
table (docs: /work/shared-contract/declared-table.md, sections 2 to 4). A folder game
joins the registry at run time (companion.games.register_folder); its SPEC is built
from the folder (spec.py), not written in code."""
