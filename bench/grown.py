"""Above Top Secret with its defense deck grown to any size (issue 24 section 4's case
for `pnp check` against `pnp build`): a copy of the bundled game whose defense.yaml
holds `count` distinct cards: the 40 designed ones in turn, each under an id of its own
(and with its designed card's picture in art.yaml)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
ATS = ROOT / "cards" / "above-top-secret"


def write_grown_ats(root: Path, count: int = 10_000) -> Path:
    """The game folder at `root`; the deck's 40-card rules are dropped (they are the
    only thing a grown deck breaks)."""
    shutil.copytree(ATS, root)
    designed = yaml.safe_load((ATS / "defense.yaml").read_text())["cards"]
    cards = []
    for n in range(count):
        card = dict(designed[n % len(designed)])
        card["id"] = f"{card['id']}-{n // len(designed):03d}"
        cards.append(card)
    (root / "defense.yaml").write_text(yaml.safe_dump({"cards": cards}, sort_keys=False,
                                                      allow_unicode=True, width=100))
    art = yaml.safe_load((ATS / "art.yaml").read_text())  # each card's picture, by id
    art.update({card["id"]: art[card["id"].rsplit("-", 1)[0]] for card in cards})
    (root / "art.yaml").write_text(yaml.safe_dump(art, sort_keys=False))
    game = (root / "game.yaml").read_text()
    rules = "    rules: {count: 40, unique: [id, name], per: [{field: level, count: 8}]}\n"
    if rules not in game:
        raise RuntimeError("bench/grown.py: the defense deck's rules line has changed")
    (root / "game.yaml").write_text(re.sub(re.escape(rules), "", game, count=1))
    return root
