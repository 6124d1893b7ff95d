"""Which product a piece becomes at each shop (pnp/export/productfit.py, issue 34): by
kind, cut shape and size, within the limits the module states, and refused naming the
nearest products where none takes it."""

import pytest

from pnp.export.productfit import NoProduct, place
from pnp.export.shops import SHOPS
from pnp.load.specs import SHOP_IDS


def test_the_loader_knows_the_shops():
    assert tuple(SHOPS) == SHOP_IDS


@pytest.mark.parametrize("trim,product", [((70, 120), "TarotDeck"), ((44, 63), "MiniDeck"),
                                          ((63, 88), "EuroPokerDeck"),
                                          ((63.5, 88.9), "PokerDeck"),
                                          ((57, 89), "BridgeDeck")])
def test_cards_of_every_size_the_game_crafter_sells(trim, product):
    """Issue 34: tarot (70 x 120) and mini (44 x 63) cards were refused before."""
    placement = place("tgc", ("card",), trim)
    assert placement.product.id == product and placement.mode == "cover"
    assert abs(placement.scale - 1) <= 0.04
    w, h = placement.product.trim_mm  # covered, never stretched
    assert min(trim[0] * placement.scale - w, trim[1] * placement.scale - h) > -1e-6


def test_a_card_scaled_to_cover_knows_the_bleed_it_needs_and_the_safe_zone():
    placement = place("mpc", ("card",), (63, 88))
    assert placement.product.id == "poker" and placement.scale == pytest.approx(88.9 / 88)
    # the upload is 822 x 1122 px: at that scale the drawing must reach this far out
    need = max((822 / 300 * 25.4 / placement.scale - 63) / 2,
               (1122 / 300 * 25.4 / placement.scale - 88) / 2)
    assert placement.render_bleed() == pytest.approx(need + 0.5, abs=0.01)
    assert placement.safe_margin() > 3.0  # the shop's 0.12 in, in the game's mm


def test_a_card_no_product_takes_is_refused_naming_the_nearest():
    with pytest.raises(NoProduct) as refused:
        place("mpc", ("card",), (80, 120))
    message = str(refused.value)
    assert "80 x 120 mm" in message and "MakePlayingCards" in message
    assert "Tarot card (2.75 x 4.75 in, 897 x 1497 px)" in message  # nearest, sized


@pytest.mark.parametrize("trim,shape,product", [((13, 13), "round", "SmallCircleChit"),
                                                ((24, 24), "round", "LargeCircleChit"),
                                                ((30, 25.98), "hex", "MiniHexTile"),
                                                ((25, 25), "square", "LargeSquareChit")])
def test_tokens_go_to_chits_and_tiles_of_their_cut(trim, shape, product):
    assert place("tgc", ("tile",), trim, shape).product.id == product


def test_a_token_too_small_for_any_chit_is_refused():
    with pytest.raises(NoProduct, match=r"6 x 6 mm.*Small Circle Chit \(0.5 x 0.5 in"):
        place("tgc", ("tile",), (6, 6), "round")


def test_a_board_goes_inside_its_product_never_larger():
    board = place("tgc", ("board", "mat", "booklet"), (360, 452))
    assert board.product.id == "QuadFoldBoard" and board.mode == "contain"
    assert board.scale == 1.0
    wide = place("tgc", ("board", "mat", "booklet"), (420, 182))
    assert wide.product.id == "BiFoldBoard" and wide.turned and wide.pixels == (5475, 2775)
    shrunk = place("tgc", ("board", "mat", "booklet"), (450, 250))
    assert 0.8 <= shrunk.scale < 1 and "drawn -" in shrunk.words()


def test_a_named_product_is_used_and_held_to_the_limits():
    sheet = place("tgc", ("board", "mat", "booklet"), (180, 250), pinned="Document")
    assert sheet.product.id == "Document" and sheet.scale == 1.0
    # the document has no bleed: the sheet keeps inside its 1/4 in safe zone
    with pytest.raises(NoProduct, match="names QuarterBoard"):
        place("tgc", ("board", "mat", "booklet"), (180, 250), pinned="QuarterBoard")


def test_a_die_is_its_faces_at_the_face_images_size():
    die = place("tgc", ("die",), (20, 20))
    assert die.product.id == "CustomColorD6" and die.mode == "face"
    assert die.pixels == (180, 180) and die.dpi == pytest.approx(180 / (20 / 25.4))
