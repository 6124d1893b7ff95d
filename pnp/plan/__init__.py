"""Plan: pieces on paper: sizes, page geometry, packing pieces onto sheets."""
