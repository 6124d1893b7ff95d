"""The Kivy table companion: one shell (home, new game, dice, log, undo,
settings, autosave) and a table screen per game. Screens only show state and
send actions; the rules live in companion.games."""

from companion.app.renderer import plain_edges_in_software

plain_edges_in_software()  # before any window is made (companion.app.renderer)
