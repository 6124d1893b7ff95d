"""The print shops `pnp export GAME --shop tgc|mpc|drivethru` uploads to: each shop's
name, the resolution its templates take, and what it prints. What each sells, at the
pixels of its templates, is products.py; which product a piece becomes, productfit.py;
the files, shopexport.py (and cardpdf.py for DriveThruCards' deck PDF)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shop:
    id: str
    name: str
    upload: str  # what the preset writes, for --help
    dpi: int = 300
    others: str = ""  # what it does not print, said of a component of that kind


SHOPS = {
    "tgc": Shop("tgc", "The Game Crafter",
                "cards of every size, chits and tiles, boards, mats, custom dice and "
                "booklets, each at its template's pixels"),
    "mpc": Shop("mpc", "MakePlayingCards", "cards of every size it sells, as PNG",
                others="MakePlayingCards prints cards only here: tokens, boards and dice "
                       "are not part of this preset"),
    "drivethru": Shop("drivethru", "DriveThruCards",
                      "a print-ready PDF a deck, each card with its 1/8 in bleed",
                      others="DriveThruCards prints cards only: tokens, boards and dice "
                             "are not part of this preset"),
}
