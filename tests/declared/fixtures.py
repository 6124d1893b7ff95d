"""A small game folder whose table uses the whole vocabulary, written where a test asks:
a deck of ten cards, hit points with bounds, a shared escalation, three phases, a hand
limit, triggers, card effects and a die."""

from __future__ import annotations

from pathlib import Path

GAME = """\
id: duel-of-wits
name: Duel of Wits
players: {min: 2, max: 3}
vars: {back_color: "#2f2f4f", color: "#5a3d7a"}
components:
  - id: spells
    kind: deck
    name: Spells
    size: poker
    front: basic-card-front
    back: basic-card-back
    fields: {name: text, power: int, kind: text, text: text}
    items:
      - {id: S-01, name: Spark, power: 2, kind: hurt, text: "", copies: 4}
      - {id: S-02, name: Mend, power: 1, kind: heal, text: "", copies: 3}
      - {id: S-03, name: Insight, power: 0, kind: wit, text: "", copies: 3}
  - id: dice
    kind: dice
    name: Dice
    face: basic-die-face
    items:
      - {id: fate, faces: [1, 2, 3, 4, 5, 6]}
table:
  players:
    colors: ["#aa3333", "#3333aa", "#33aa33"]
  counters:
    - {id: hp, name: Hit points, start: 10, min: 0, max: 12}
    - {id: escalation, name: Escalation, per: shared, start: 0, min: 0, max: 5}
  zones:
    - {id: deck, name: Deck, cards: [spells], role: pile}
    - {id: hand, name: Hand, per: player, role: hand}
    - {id: discard, name: Discard, role: discard}
  dice: [fate, d6]
  setup:
    - deal: 3
  turns:
    phases:
      - {id: draw, name: Draw, allows: [draw], start: [{draw: 1}]}
      - {id: cast, name: Cast, allows: [play, change, roll, move, reveal, return, discard]}
      - {id: rest, name: Rest, allows: []}
    end_of_round:
      - {change: escalation, by: 1}
  rules:
    triggers:
      - {when: "hp <= 0", do: out}
      - {when: "escalation >= 5", do: end}
    limits:
      - {zone: hand, max: 4, at: end_of_turn}
  effects:
    spells:
      - {when: "card.kind == 'hurt'", change: hp, by: "0 - card.power", who: others}
      - {when: "card.kind == 'heal'", change: hp, by: card.power}
      - {when: "card.kind == 'wit'", draw: 2}
  end:
    winner: {highest: hp}
    rounds: 30
"""


def duel_folder(root: Path, text: str = GAME) -> Path:
    folder = root / "duel-of-wits"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return folder
