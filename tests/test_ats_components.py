"""Above Top Secret's printed components (issue 11, "One icon language"), measured
from what the build draws: tokens show the defense cards' icons, damage values are
the biggest thing on their tokens, markers fit the track cells they sit on, the
dice nets' fold lines show on every face colour, and the playmat takes sleeved cards
and keeps its alignment targets apart."""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

import pdfplumber
import pytest
import yaml
from conftest import ATS
from pdfread import PT, manifest

from pnp.draw import reuse
from pnp.draw.renderer import Renderer
from pnp.load.game import load_game
from pnp.load.players import for_players
from pnp.sheets.build import Options, check_game

# token label -> the defense-card attribute it marks (rulings R-ATT-*: Cloaking cloaks a
# card, Protector gives the Protector token, Disabler disables)
STATUS = {"Cloaked": "Cloaking", "Protector": "Protector", "Disabled": "Disabler"}
PLAY = (0.5, 1.5)  # mm a marker may move in its cell, along the cell's shorter side
PICKABLE = 6.0  # mm: the smallest marker a finger can still pick up
SLEEVED = (68.0, 93.0)  # a poker card in a standard sleeve, with room to lay it down
TARGET_SPACING = 10.0


@pytest.fixture(scope="module")
def game():
    return load_game(ATS)


@pytest.fixture(scope="module")
def printed(game):
    """The game's items as a default build prints them (player sets included)."""
    return {item.id: item for comp in for_players(game).components for item in comp.items}


@pytest.fixture(scope="module")
def drawn(game):
    """Every icon the renderer draws for the game: (layout, piece fields, icon name)."""
    seen = []
    real_draw, real_icon = Renderer.draw, Renderer.icon_shapes

    def draw(self, canvas, layout_name, context, *args, **kwargs):
        self.drawing_now = (layout_name, context)
        return real_draw(self, canvas, layout_name, context, *args, **kwargs)

    def icon_shapes(self, name, *args, **kwargs):
        seen.append((*self.drawing_now, name))
        return real_icon(self, name, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Renderer, "draw", draw)
        patch.setattr(Renderer, "icon_shapes", icon_shapes)
        patch.setattr(reuse, "REUSABLE", frozenset())  # every piece drawn in full, none
        # written again from a kept drawing (pnp.draw.reuse), so each piece's icons are seen
        check_game(game, Options())
    return seen


# -- reading the PDFs ------------------------------------------------------------------
@lru_cache(maxsize=16)
def objects(path: str) -> list:
    """Per page: chars, curves, rects and lines, each with a bbox in mm from the
    bottom-left (x0, y0, x1, y1) under the key 'mm'."""
    out = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            h = float(page.height)
            found = {}
            for kind in ("chars", "curves", "rects", "lines"):
                found[kind] = [{**o, "mm": (float(o["x0"]) * PT, (h - float(o["bottom"])) * PT,
                                            float(o["x1"]) * PT, (h - float(o["top"])) * PT)}
                               for o in getattr(page, kind)]
            out.append(found)
    return out


def rgb(value) -> tuple:
    """A pdfplumber colour as 0-1 RGB."""
    if value is None:
        return (0.0, 0.0, 0.0)
    if isinstance(value, (int, float)):
        return (float(value),) * 3
    value = tuple(float(v) for v in value)
    if len(value) == 1:
        return value * 3
    if len(value) == 4:  # CMYK
        c, m, y, k = value
        return tuple((1 - v) * (1 - k) for v in (c, m, y))
    return value


def contrast(a: tuple, b: tuple) -> float:
    """WCAG contrast ratio of two 0-1 RGB colours."""
    def lum(colour):
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
                   for c in colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((lum(a), lum(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def hex_rgb(text: str) -> tuple:
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))


def inside(box, rect, tol=0.05) -> bool:
    """Is bbox `box` (x0, y0, x1, y1) within `rect` (x, y, w, h)?"""
    x, y, w, h = rect
    return (box[0] >= x - tol and box[1] >= y - tol and box[2] <= x + w + tol
            and box[3] <= y + h + tol)


def size_of(box) -> tuple:
    return box[2] - box[0], box[3] - box[1]


def dashed(stroke) -> bool:
    return bool(stroke.get("dash") and stroke["dash"][0])


def entries(folder, component):
    return [e for e in manifest(folder)["items"] if e["component"] == component]


# -- 1. one icon language --------------------------------------------------------------
def test_status_tokens_draw_the_icons_the_defense_cards_draw(game, drawn):
    attributes = game.vars["glossary"]["attributes"]
    on_cards: dict = {}  # attribute -> icons drawn on every card that has it
    on_tokens: dict = {}  # token label -> icons drawn on that side
    for layout, ctx, name in drawn:
        if layout == "defense-front":
            for attribute in ctx.get("attributes") or []:
                on_cards.setdefault(attribute, Counter())[name] += 1
        elif layout in ("token-front", "token-back"):
            label = ctx["label"] if layout == "token-front" else ctx["back_label"]
            on_tokens.setdefault(label, set()).add(name)
    assert set(STATUS) <= set(on_tokens), "a status token was not drawn"
    for label, attribute in STATUS.items():
        icon = attributes[attribute]["icon"]
        cards_with_it = sum(1 for item in game.component("defense").items
                            if attribute in (item.fields.get("attributes") or []))
        assert cards_with_it and on_cards[attribute][icon] >= cards_with_it, \
            f"the {attribute} cards do not all draw '{icon}'"
        assert on_tokens[label] == {icon}, \
            f"'{label}' tokens draw {sorted(on_tokens[label])}, the {attribute} cards '{icon}'"


def test_an_attribute_icon_on_a_token_means_that_attribute(game):
    """One picture, one meaning: a token side showing an attribute's icon is that
    attribute's token, and every side of a status token shows the same picture."""
    by_icon = {e["icon"]: name for name, e in game.vars["glossary"]["attributes"].items()}
    units = {e["icon"] for e in game.vars["glossary"]["unit_types"].values()}
    for item in game.component("tokens").items:
        for label_key, icon_key in (("label", "icon"), ("back_label", "back_icon")):
            label, icon = item.fields[label_key], item.fields[icon_key]
            assert icon not in units, f"{item.id} shows the unit icon '{icon}'"
            if icon in by_icon:
                assert STATUS.get(label) == by_icon[icon], \
                    f"{item.id}: '{label}' shows the {by_icon[icon]} icon"
            if label in STATUS:
                assert icon == game.vars["glossary"]["attributes"][STATUS[label]]["icon"], \
                    f"{item.id}: '{label}' shows '{icon}', not the {STATUS[label]} icon"


def test_every_icon_of_the_game_is_drawn_somewhere(drawn):
    own = set(yaml.safe_load((ATS / "icons.yaml").read_text())["icons"])
    used = {name for *_, name in drawn}
    assert own - used == set(), "icons nothing draws: remove them from icons.yaml"


# -- 2. damage values ------------------------------------------------------------------
def side_fields(item, side: str) -> tuple:
    """(label, icon) of a token side."""
    f = item.fields
    return (f["label"], f["icon"]) if side == "front" else (f["back_label"], f["back_icon"])


def test_the_damage_value_is_the_largest_thing_on_its_token(build, printed):
    folder, _ = build(ATS)
    sides = []  # (manifest entry, printed value) of every damage token side
    for entry in entries(folder, "tokens"):
        label, icon = side_fields(printed[entry["item"]], entry["side"])
        if icon == "damage" and label:
            sides.append((entry, label))
    tokens = sum(i.copies for i in printed.values()
                 if i.fields.get("icon") == "damage" and i.fields.get("label"))
    assert tokens >= 5 and len(sides) == 2 * tokens
    for entry, value in sides:
        page = objects(str(folder / entry["file"]))[entry["page"] - 1]
        trim = entry["trim"]
        where = f"{entry['item']} {entry['side']}"
        chars = [c for c in page["chars"] if inside(c["mm"], trim) and c["text"].strip()]
        number = [c for c in chars if c["text"] in value]
        assert "".join(c["text"] for c in sorted(number, key=lambda c: c["x0"])) == value, where
        size = min(float(c["size"]) for c in number)
        assert size >= 14 and all("Bold" in c["fontname"] for c in number), where
        assert max(float(c["size"]) for c in chars) <= size + 0.01, f"{where}: larger text"
        # the icon: the white shapes on the token (the cut line is stroked, not filled)
        shapes = [o["mm"] for o in page["curves"] + page["rects"]
                  if o.get("fill") and inside(o["mm"], trim, 2.5)
                  and contrast(rgb(o.get("non_stroking_color")), (1, 1, 1)) < 1.1]
        assert shapes, f"{where}: no icon"
        extent = max(max(s[2] for s in shapes) - min(s[0] for s in shapes),
                     max(s[3] for s in shapes) - min(s[1] for s in shapes))
        assert size * PT >= 1.25 * extent, \
            f"{where}: value {size:.1f} pt ({size * PT:.1f} mm), icon {extent:.1f} mm"
        # contrast of the number with the token's ground: the largest fill under its centre
        cx, cy = trim[0] + trim[2] / 2, trim[1] + trim[3] / 2
        ground = max((o for o in page["rects"] + page["curves"] if o.get("fill")
                      and o["mm"][0] <= cx <= o["mm"][2] and o["mm"][1] <= cy <= o["mm"][3]),
                     key=lambda o: size_of(o["mm"])[0] * size_of(o["mm"])[1])
        ratio = contrast(rgb(number[0]["non_stroking_color"]), rgb(ground["non_stroking_color"]))
        assert ratio >= 3.0, f"{where}: contrast {ratio:.2f}:1 (large bold text needs 3:1)"


# -- 3. markers fit their tracks -------------------------------------------------------
def track_cell(folder, component: str) -> tuple:
    """The cells of the track on a component's cards: the most common stroked, filled
    rect on them (on the first page they are on, which they may share with other
    decks); its size and its line width (mm)."""
    first = entries(folder, component)[0]
    cards = [e["trim"] for e in entries(folder, component)
             if (e["file"], e["page"]) == (first["file"], first["page"])]
    rects = [r for r in objects(str(folder / first["file"]))[first["page"] - 1]["rects"]
             if r.get("stroke") and r.get("fill") and any(inside(r["mm"], t) for t in cards)]
    sizes = Counter((round(size_of(r["mm"])[0], 2), round(size_of(r["mm"])[1], 2),
                     round(float(r["linewidth"]) * PT, 3)) for r in rects)
    (w, h, line), count = sizes.most_common(1)[0]
    assert count >= 5, f"no track found on the {component} cards"
    return w, h, line


def marker_sizes(folder, printed, icon: str) -> list:
    """Measured size (w, h) of every marker (a token without a label) showing `icon`:
    its cut line."""
    found = []
    for entry in entries(folder, "tokens"):
        fields = printed[entry["item"]].fields
        if fields.get("label") or fields.get("icon") != icon or entry["side"] != "front":
            continue
        page = objects(str(folder / entry["file"]))[entry["page"] - 1]
        x, y, w, h = entry["trim"]
        cuts = [o["mm"] for o in page["curves"] + page["rects"] + page["lines"]
                if o.get("stroke") and not o.get("fill")
                and math.isclose((o["mm"][0] + o["mm"][2]) / 2, x + w / 2, abs_tol=0.05)
                and math.isclose((o["mm"][1] + o["mm"][3]) / 2, y + h / 2, abs_tol=0.05)
                and math.isclose(size_of(o["mm"])[0], w, abs_tol=0.1)]
        assert cuts, f"{entry['item']}: no cut line"
        found.append(size_of(cuts[0]))
    assert found, f"no '{icon}' markers"
    return found


# base-damage markers on a base area's HP track; the clearance marker on the clearance card
@pytest.mark.parametrize("icon, component", [("damage", "base-areas"),
                                             ("clearance", "clearance")])
def test_markers_fit_the_cells_of_their_track(build, printed, icon, component):
    folder, _ = build(ATS)
    cell_w, cell_h, line = track_cell(folder, component)
    clear = (cell_w - line, cell_h - line)  # inside the cell's lines
    for w, h in marker_sizes(folder, printed, icon):
        assert w <= clear[0] - PLAY[0] and h <= clear[1] - PLAY[0], \
            f"'{icon}' marker {w:.1f} x {h:.1f} mm, {component} cell {cell_w:.1f} x {cell_h:.1f}"
        assert min(clear) - max(w, h) <= PLAY[1], f"'{icon}' marker needlessly small"
        assert min(w, h) >= PICKABLE - 0.01, f"'{icon}' marker too small to pick up"


def test_every_tokens_cut_line_shows_on_its_ground(build):
    """Issue 25: the cut is a dark line over a light halo, so it shows on a light token
    (the dark core) and on a dark one (Stealth, damage, the Command token: the rims)."""
    folder, _ = build(ATS)
    for entry in entries(folder, "tokens"):
        if entry["side"] != "front":
            continue
        page = objects(str(folder / entry["file"]))[entry["page"] - 1]
        x, y, w, h = entry["trim"]
        strokes = [o for o in page["curves"] + page["rects"] + page["lines"]
                   if o.get("stroke") and not o.get("fill")
                   and math.isclose((o["mm"][0] + o["mm"][2]) / 2, x + w / 2, abs_tol=0.05)
                   and math.isclose((o["mm"][1] + o["mm"][3]) / 2, y + h / 2, abs_tol=0.05)
                   and math.isclose(size_of(o["mm"])[0], w, abs_tol=0.3)]
        grounds = [rgb(o["non_stroking_color"]) for o in page["curves"] + page["rects"]
                   if o.get("fill") and inside(o["mm"], (x - 3, y - 3, w + 6, h + 6))
                   and size_of(o["mm"])[0] >= w - 0.1]
        assert strokes and grounds, entry["item"]
        width = {rgb(o["stroking_color"]): float(o["linewidth"]) for o in strokes}
        core = [c for c, lw in width.items() if contrast(c, (1, 1, 1)) >= 4.5 and lw < 0.6]
        halo = [c for c, lw in width.items() if contrast(c, (0, 0, 0)) >= 15 and lw >= 1.0]
        assert core and halo, f"{entry['item']}: cut line {width}"
        assert max(contrast(c, grounds[0]) for c in width) >= 3, entry["item"]


# -- 4. fold lines on every face colour ------------------------------------------------
def what_is_at(faces, tabs, px, py):
    """A face's colour, "tab", or None (the paper) at a point of a net."""
    for face in faces:
        x0, y0, x1, y1 = face["mm"]
        if x0 < px < x1 and y0 < py < y1:
            return rgb(face["non_stroking_color"])
    for tab in tabs:
        x0, y0, x1, y1 = tab["mm"]
        if x0 < px < x1 and y0 < py < y1:
            return "tab"
    return None


def test_folds_leave_no_ink_on_the_faces(build, game):
    """Issue 25: a die's folds show nothing on the folded cube. Cuts are solid and dark
    against the paper; a fold with a glue tab is dashed inside the tab, off the face; a
    fold between two faces has no line along it, only ticks beyond the net where it
    meets the paper, or runs in line with a cut edge."""
    folder, _ = build(ATS)
    sizes = {i.id: i.size for i in game.component("dice").items}
    nets = entries(folder, "dice")
    assert nets
    for net in nets:
        page = objects(str(folder / net["file"]))[net["page"] - 1]
        edge, trim = sizes[net["item"]], net["trim"]
        faces = [r for r in page["rects"] if r.get("fill") and inside(r["mm"], trim)
                 and all(math.isclose(s, edge, abs_tol=0.05) for s in size_of(r["mm"]))]
        tabs = [c for c in page["curves"] if c.get("fill") and inside(c["mm"], trim)
                and math.isclose(max(size_of(c["mm"])), edge, abs_tol=0.1)
                and min(size_of(c["mm"])) < edge / 2]
        assert len(faces) == 6 and len(tabs) == 7, f"{net['item']}: faces or glue tabs missing"
        reach = 4.5  # a tick ends 4 mm beyond the net
        lines = [ln for ln in page["lines"]
                 if inside(ln["mm"], (trim[0] - reach, trim[1] - reach, trim[2] + 2 * reach,
                                      trim[3] + 2 * reach))]
        cuts = tab_folds = 0
        for ln in lines:
            x0, y0, x1, y1 = ln["mm"]
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            where = f"{net['item']} line at ({mx:.1f}, {my:.1f}) mm"
            for face in faces:  # nothing along or across a face, even 0.3 mm inside it
                fx0, fy0, fx1, fy1 = face["mm"]
                assert not (fx0 + 0.3 < mx < fx1 - 0.3 and fy0 + 0.3 < my < fy1 - 0.3), where
            if dashed(ln):
                tab_folds += 1
                assert what_is_at(faces, tabs, mx, my) == "tab", where
                upright = math.isclose(x0, x1)
                gap = min(abs((x0 if upright else y0) - w) for face in faces
                          for w in (face["mm"][0::2] if upright else face["mm"][1::2]))
                assert 0.3 <= gap <= 1.0, f"{where}: a tab's fold {gap:.2f} mm off the face"
                continue
            length = math.hypot(x1 - x0, y1 - y0)
            if math.isclose(length, edge, abs_tol=0.1) and inside(ln["mm"], trim):
                cuts += 1
                assert max(contrast(rgb(ln["stroking_color"]), (1, 1, 1)), 0) >= 4.5, where
                dx, dy = (0.6, 0) if math.isclose(x0, x1) else (0, 0.6)
                sides = [what_is_at(faces, tabs, mx - dx, my - dy),
                         what_is_at(faces, tabs, mx + dx, my + dy)]
                assert None in sides, f"{where}: a solid line between two faces"
            else:  # a fold's tick, beyond the net
                assert what_is_at(faces, tabs, mx, my) is None, where
        assert (cuts, tab_folds) == (7, 7), f"{net['item']}: {cuts} cuts, {tab_folds} tab folds"


# -- 5. the playmat --------------------------------------------------------------------
def test_playmat_slots_take_sleeved_cards_inside_the_mat(build):
    folder, _ = build(ATS)
    tile = entries(folder, "playmat")[0]
    page = objects(str(folder / "playmat.pdf"))[tile["page"] - 1]  # every tile draws all
    x, y, w, h = tile["trim"]
    slots = [o for o in page["curves"] + page["rects"] if o.get("stroke")
             and 60 < size_of(o["mm"])[1] < h]
    # 4 base areas and clearance above the line's 5 levels: the decks and the discard pile
    # lie beside the mat, which stays whole on one A3 or Tabloid sheet (its footer says so)
    assert len(slots) == 10
    text = "".join(c["text"] for c in page["chars"])
    for pile in ("DefenseDeck", "EncounterDeck", "DiscardPile"):
        assert pile in text.replace(" ", ""), f"the footer does not place the {pile}"
    for slot in slots:
        line = float(slot["linewidth"]) * PT
        sw, sh = size_of(slot["mm"])
        at = f"slot at ({slot['mm'][0] - x:.1f}, {y + h - slot['mm'][3]:.1f}) mm"
        assert sw - line >= SLEEVED[0] and sh - line >= SLEEVED[1], \
            f"{at} is {sw - line:.1f} x {sh - line:.1f} mm inside its line"
        assert inside(slot["mm"], (x + 5, y + 5, w - 10, h - 10)), f"{at}: too close to the edge"


def targets(page) -> list:
    """Centres of the alignment targets: stroked 4 mm circles (drawn white, then black)."""
    found = set()
    for c in page["curves"]:
        cw, ch = size_of(c["mm"])
        if c.get("stroke") and not c.get("fill") and math.isclose(cw, 4, abs_tol=0.3) \
                and math.isclose(ch, 4, abs_tol=0.3):
            found.add((round((c["mm"][0] + c["mm"][2]) / 2, 1),
                       round((c["mm"][1] + c["mm"][3]) / 2, 1)))
    return sorted(found)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_playmat_alignment_targets_stand_apart(build, paper):
    folder, _ = build(ATS, paper=paper)
    pages = objects(str(folder / "playmat.pdf"))
    assert len(pages) >= 2
    for number, page in enumerate(pages, start=1):
        found = targets(page)
        assert len(found) >= 2, f"page {number}: no targets"
        close = [(a, b, round(math.dist(a, b), 1)) for i, a in enumerate(found)
                 for b in found[i + 1:] if math.dist(a, b) < TARGET_SPACING]
        assert close == [], f"{paper} page {number}: targets closer than {TARGET_SPACING} mm"
