"""Above Top Secret: the rules, following docs/rulings.md exactly."""
