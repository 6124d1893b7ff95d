"""Any game whose table a folder declares in YAML (docs/format.md, section 12): one
engine, view and table screen for them all, under the module names the coded games use
(docs/game-interface.md). `spec.open_folder(folder)` registers a folder's game."""
