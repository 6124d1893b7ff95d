"""The print-shop product catalogue (pnp/export/products.py, issue 34): figures that
hold for every entry, the pinned ones, and the look-ups the export will use."""

from pathlib import Path

import pytest

from pnp.export import products
from pnp.export.products import DRIVETHRU_PDF, KINDS, PRODUCTS, closeness, find, fitting, nearest
from pnp.export.shops import SHOPS

ALL = [p for ps in PRODUCTS.values() for p in ps]


def test_every_shop_has_a_catalogue():
    assert set(PRODUCTS) == set(SHOPS)
    for shop, ps in PRODUCTS.items():
        assert ps and all(p.shop == shop for p in ps)
        assert len({p.id for p in ps}) == len(ps), f"{shop}: an id twice"


@pytest.mark.parametrize("p", ALL, ids=lambda p: f"{p.shop}-{p.id}")
def test_every_entry_is_whole(p):
    assert p.kind in KINDS
    assert p.unit in ("in", "mm")
    assert p.dpi == 300
    assert all(v > 0 for v in p.trim) and all(v > 0 for v in p.pixels)
    assert all(b >= 0 for b in p.bleed) and p.safe >= 0
    assert p.faces >= 1
    assert p.name and p.source.strip()
    assert p.source.startswith("assumed: ") or not p.source.startswith("assumed")
    # the safe zone leaves room inside the trim
    assert 2 * p.safe < min(p.trim)
    if p.shape == "rounded":
        assert 0 <= p.corner < min(p.trim) / 2


@pytest.mark.parametrize("p", [p for p in ALL if p.exact],
                         ids=lambda p: f"{p.shop}-{p.id}")
def test_pixels_are_the_trim_grown_by_its_bleed(p):
    for got, want in zip(p.pixels, p.expected_pixels, strict=True):
        assert abs(got - want) <= 1, (p.id, p.pixels, p.expected_pixels)
    # and the bleed the upload carries is never negative
    assert min(p.bleed_px) >= 0


def test_the_inexact_ones_say_why():
    odd = [p for p in ALL if not p.exact]
    assert {p.kind for p in odd} <= {"die", "box"}
    assert all(p.note for p in odd)
    d6 = find("tgc", "CustomColorD6")
    assert d6.faces == 6 and d6.pixels == (180, 180)
    assert d6.pixels[0] < d6.trim_px[0]  # the face image is smaller than the face


def test_pinned_figures():
    assert find("tgc", "PokerDeck").pixels == (825, 1125)
    assert find("tgc", "MiniDeck").pixels == (600, 825)
    assert find("tgc", "TarotDeck").pixels == (900, 1500)
    assert find("tgc", "QuadFoldBoard").pixels == (5475, 5475)
    assert find("mpc", "poker").pixels == (822, 1122)
    assert find("mpc", "poker").bleed_px == (36, 36)
    assert find("drivethru", "us-poker").pixels == (825, 1125)


@pytest.mark.parametrize("shop,pid,pixels", [("tgc", "PokerDeck", (825, 1125)),
                                             ("mpc", "poker", (822, 1122)),
                                             ("drivethru", "us-poker", (825, 1125))])
def test_the_poker_cards_are_issue_24s(shop, pid, pixels):
    """The poker cards' pixels issue 24 gave: 1/8 in bleed (MPC's 0.12 in) a side."""
    product = find(shop, pid)
    assert product.pixels == pixels and product.trim_px == (750, 1050)
    assert product.bleed_px == ((36.0, 36.0) if shop == "mpc" else (37.5, 37.5))
    assert product.safe_mm == pytest.approx(3.048 if shop == "mpc" else 3.175)
    assert not product.assumed


def test_tarot_and_mini_cards_find_a_tgc_product():
    """Issue 34: a 70 x 120 mm tarot and a 44 x 63 mm mini card, refused today."""
    tarot = fitting("tgc", 70, 120, "card", tolerance=0.03)
    assert tarot and tarot[0].id == "TarotDeck"
    mini = fitting("tgc", 44, 63, "card", tolerance=0.03)
    assert mini and mini[0].id == "MiniDeck"
    # turned a quarter: the same products
    assert fitting("tgc", 120, 70, "card", tolerance=0.03)[0].id == "TarotDeck"


def test_nearest_orders_by_closeness():
    found = nearest("tgc", 63, 88, "card")
    scores = [closeness(p, 63, 88) for p in found]
    assert scores == sorted(scores)
    assert found[0].id == "EuroPokerDeck" and found[1].id == "PokerDeck"
    assert all(p.kind == "card" for p in found)
    assert nearest("tgc", 63, 88)[0].id in ("EuroPokerDeck", "SmallBooklet")


def test_fitting_keeps_only_the_close_ones():
    assert fitting("tgc", 100, 100, "card", tolerance=0.01) == []
    near = nearest("tgc", 100, 100, "card")[0]
    assert near.id in ("SquareDeck", "CircleDeck")  # 88.9 mm: the refusal names it
    assert [p.id for p in fitting("mpc", 63.5, 88.9, "card", 0.001)] == ["poker"]


def test_kinds_and_aliases():
    assert {p.kind for p in nearest("tgc", 25, 25, "chit")} == {"tile"}
    assert nearest("tgc", 450, 450, "board")[0].id == "QuadFoldBoard"
    assert nearest("tgc", 16, 16, "die")[0].faces == 6
    assert nearest("tgc", 216, 279, "sheet")[0].id == "Document"
    assert nearest("mpc", 450, 450, "board") == []  # not catalogued there
    with pytest.raises(ValueError):
        nearest("tgc", 1, 1, "spaceship")


def test_drivethru_pdf_geometry():
    poker = find("drivethru", "us-poker")
    assert DRIVETHRU_PDF.page_in(poker) == pytest.approx((2.75, 3.75))
    assert DRIVETHRU_PDF.trim_box_pt(poker) == pytest.approx((9, 9, 189, 261))
    assert "front" in DRIVETHRU_PDF.order and "back" in DRIVETHRU_PDF.order
    assert DRIVETHRU_PDF.standard == "PDF/X-1a:2003"


def test_no_drawing_libraries():
    imports = [line for line in Path(products.__file__).read_text().splitlines()
               if line.startswith(("import ", "from "))]
    assert not [line for line in imports if "reportlab" in line or "PIL" in line]
