"""Author: what a designer starts from: `pnp new`, and icons from game-icons.net."""
