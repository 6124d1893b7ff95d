"""The game-independent core every rules engine builds on: state, actions and
rejections, the seeded generator, undo/redo, saves, replay and the simulator."""
