"""Draw: one side of one piece, drawn from its layout onto a canvas."""
