"""The benchmark's card data, seeded and stdlib-only.

Shared by the pnp game folder the bench writes (games.py) and by the plain
reportlab floor (plain_reportlab.py), so both draw exactly the same text.
"""

from __future__ import annotations

import random

SEED = 20240611
_VOCABULARY = (
    "agent archive asset bunker cipher clearance contact courier dead drop decoy defect "
    "dossier embassy envoy file forger handler informant intercept ledger mole network "
    "night operative outpost pass photograph radio report safe house signal sleeper "
    "source station surveillance trace transmitter watcher wire alarm border bridge "
    "camera code dawn double film frequency glass harbour key lantern map mirror "
    "orders paper raid relay route shadow silence stamp storm tape train tunnel "
    "umbrella vault warrant whisper window winter the a of to and in your each one "
    "card draw discard reveal gain lose play turn player round"
)
WORDS = _VOCABULARY.split()


def text_cards(count: int = 40, seed: int = SEED) -> list[dict]:
    """`count` cards: id, name, two numbers and a paragraph of 18-40 words."""
    rng = random.Random(seed)
    cards = []
    for i in range(1, count + 1):
        words = [rng.choice(WORDS) for _ in range(rng.randint(18, 40))]
        text = " ".join(words).capitalize() + "."
        name = " ".join(w.capitalize() for w in rng.sample(WORDS, 2))
        cards.append({"id": f"T{i:02d}", "name": name, "attack": rng.randint(0, 9),
                      "defense": rng.randint(0, 9), "text": text})
    return cards
