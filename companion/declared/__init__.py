"""The companion for any game made with Dossier whose game.yaml declares a `table:`
(issue 32): one generic engine, named for no game, that plays the loader's normalised
table (docs/format.md section 12; docs/save-format.md, "A folder game's saves"). A folder game
joins the registry at run time (companion.games.register_folder); its SPEC is built
from the folder (spec.py), not written in code."""
