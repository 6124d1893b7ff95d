"""Load: YAML and spreadsheets to one validated Game (the first stage; nothing here draws)."""
