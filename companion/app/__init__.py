"""The Kivy table companion: one shell (home, new game, dice, log, undo,
settings, autosave) and a table screen per game. Screens only show state and
send actions; the rules live in companion.games."""
