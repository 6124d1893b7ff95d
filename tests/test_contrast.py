"""Text contrast on the bundled cards meets WCAG AA: 4.5:1 for text under 14 pt,
3:1 for larger or bold display text. The pairs are the games' own: each text
style (its colour blended over the ground when it is translucent) on every
ground the layouts put it on, read from the game's YAML."""

from __future__ import annotations

import pytest

from pnp import BUNDLED_GAMES
from pnp.load.game import load_game


def rgb(hex_colour: str, ground: tuple | None = None) -> tuple:
    """An #rrggbb[aa] colour as 0-1 RGB, a translucent one blended over `ground`."""
    text = hex_colour.lstrip("#")
    r, g, b = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
    alpha = int(text[6:8], 16) / 255 if len(text) == 8 else 1.0
    if ground is not None and alpha < 1:
        r, g, b = (alpha * c + (1 - alpha) * d for c, d in zip((r, g, b), ground, strict=True))
    return r, g, b


def luminance(colour: tuple) -> float:
    def channel(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = map(channel, colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(text: str, ground: str) -> float:
    back = rgb(ground)
    light, dark = sorted((luminance(rgb(text, back)), luminance(back)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def needed(style: dict) -> float:
    large = style["size"] >= 18 or (style["size"] >= 14 and style["bold"])
    return 3.0 if large else 4.5


def ats_pairs(game):
    v = game.vars
    headers = [*v["level_colors"].values(), *v["player_colors"].values(),
               *v["kind_colors"].values()]
    on_headers = ["ats-name", "ats-sub", "ats-level", "ats-chip", "ats-stat",
                  "ats-stat-label", "ats-token", "ats-token-big"]
    pairs = [(s, g) for s in on_headers for g in headers]
    pairs += [(s, g) for s in ("ats-id-light", "ats-back-small", "ats-back-title")
              for g in ("#10201a", "#1d1d1b")]  # encounter and defense/base backs
    pairs += [(s, g) for s in ("ats-back-small", "ats-back-title")
              for g in v["player_colors"].values()]  # base-area backs' colour panels
    pairs += [("ats-stamp", "#1b2233")]  # the defense backs' "Above Top Secret" stamp
    pairs += [(s, "#efeadb") for s in ("ats-body", "ats-unit", "ats-flavor", "ats-id",
                                       "ats-heading")]  # the cards' paper
    return pairs


def gm_pairs(game):
    v = game.vars
    pairs = [(s, v[c]) for s in game.styles if s.startswith("gm-value") for c in
             ("blue", "red", "green")]
    return pairs + [(s, v["paper"]) for s in ("gm-name", "gm-call") if s in game.styles]


def aat_pairs(game):
    v = game.vars
    sides = list(v["side_colors"].values())  # card and reference-card headers
    pairs = [(s, g) for s in ("aat-name", "aat-ally") for g in sides]
    pairs += [("aat-esc", v["ink"]), ("aat-stat", v["ink"]), ("aat-strip", v["steel"])]
    pairs += [(s, v["paper"]) for s in ("aat-body", "aat-flavor", "aat-id", "aat-ref",
                                        "aat-ref-foot")]
    pairs += [("aat-pile", g) for g in v["pile_colors"].values()]
    pairs += [("aat-ref-role", g) for g in v["role_colors"].values()]
    pairs += [(s, g) for s in ("aat-back-title", "aat-back-small")
              for g in [*v["deck_dark"].values(), v["ink"]]]  # deck and reference backs
    tokens = game.component("tokens").items
    pairs += [("aat-token", t.fields["color"]) for t in tokens]
    pairs += [("aat-token-big", t.fields["color"]) for t in tokens if t.fields.get("value")]
    pairs += [("aat-token-role", t.fields["color"]) for t in tokens if t.fields.get("note")]
    pairs += [(s, v["ink"]) for s in ("aat-sheet-title", "aat-sheet-note")]
    pairs += [(s, v["paper"]) for s in ("aat-sheet-body", "aat-sheet-caption", "aat-sheet-label",
                                        "aat-sheet-text", "aat-sheet-foot", "aat-track-incident")]
    pairs += [("aat-track-level", g) for g in v["level_colors"].values()]
    pairs += [("aat-track-incident", v["level_colors"][4])]  # the 4th space's pictogram
    for theater, ground in v["mat_colors"].items():
        band = v["mat_band"][theater]
        pairs += [(f"aat-mat-title-{theater}", band), (f"aat-mat-note-{theater}", band),
                  (f"aat-mat-label-{theater}", ground)]
        pairs += [(f"aat-mat-slot-{theater}", ground)]  # the Leaders slot
        pairs += [(f"aat-mat-slot-{theater}", _over(f"{colour}33", ground))  # the base slot
                  for colour in v["role_colors"].values()]
    return pairs


def _over(colour: str, ground: str) -> str:
    """A translucent #rrggbbaa painted over an opaque ground, as #rrggbb."""
    r, g, b = rgb(colour, rgb(ground))
    return "#" + "".join(f"{round(c * 255):02x}" for c in (r, g, b))


def ts_pairs(game):
    v = game.vars
    pairs = [(s, v["paper"]) for s in ("ts-ref-head", "ts-ref-body", "ts-ref-kind",
                                        "ts-ref-cost", "ts-ref-small", "ts-ref-foot",
                                        "ts-board-title", "ts-board-sub", "ts-case", "ts-case-no",
                                        "ts-stamp", "ts-zone", "ts-zone-note", "ts-drop",
                                        "ts-legend", "ts-board-foot", "ts-track-head")]
    pairs += [(s, v["ink"]) for s in ("ts-ref-title", "ts-ref-side")]
    pairs += [(s, v["paper_light"]) for s in ("ts-space-name", "ts-legend", "ts-track",
                                              "ts-marker-title", "ts-marker-note")]
    pairs += [("ts-track", v["hazard"]), ("ts-legend-light", v["field"]),
              ("ts-space-name-field", v["field"])]
    return pairs


def att_pairs(game):
    v = game.vars
    armies = list(v["armies"].values())
    kinds = [k["color"] for k in v["kinds"].values()]
    sets = [s["fill"] for s in v["sets"].values()]
    pairs = [(s, g) for s in ("att-title", "att-sub", "att-chip", "att-troop-power")
             for g in kinds]  # card headers, trait chips, a troop's power
    pairs += [(s, g) for s in ("att-label", "att-troop", "att-small", "att-body", "att-note",
                               "att-foot", "att-badge-label", "att-ring")
              for g in [*(a["paper"] for a in armies), v["white"]]]  # the card's paper
    pairs += [(s, a[g]) for s in ("att-power", "att-back-army", "att-back-kind", "att-count",
                                  "att-count-word")
              for a in armies for g in ("dark", "mid")]  # badges, backs and counters
    pairs += [(s, g) for s in ("att-back-set", "att-ref-set", "att-board-set",
                               "att-palace-power") for g in sets]
    pairs += [(s, v["stone"]) for s in ("att-ref-title", "att-ref-th", "att-board-title",
                                        "att-board-note", "att-palace-title",
                                        "att-palace-label", "att-palace-note",
                                        "att-special-name")]
    pairs += [(s, g) for s in ("att-ref-head", "att-ref-body", "att-ref-cell",
                               "att-ref-cell-bold", "att-ref-foot")
              for g in (v["slot"], v["path"])]  # the reference sheet and its table's stripes
    pairs += [(s, v["path"]) for s in ("att-board-head", "att-board-sub", "att-pile-label")]
    pairs += [(s, v["slot"]) for s in ("att-slot-name", "att-slot-note")]
    return pairs


PAIRS = {"above-top-secret": ats_pairs, "geheime-mission": gm_pairs,
         "against-all-tyrants": aat_pairs, "top-secret": ts_pairs,
         "attack-the-tower": att_pairs}


@pytest.mark.parametrize("game_id", sorted(p.name for p in BUNDLED_GAMES.iterdir()))
def test_every_text_colour_pair_meets_wcag_aa(game_id):
    game = load_game(BUNDLED_GAMES / game_id)
    pairs = PAIRS[game_id](game)
    assert pairs, "no colour pairs checked"
    failing = []
    for style_name, ground in pairs:
        style = game.styles[style_name]
        ratio = contrast(style["color"], ground)
        if ratio < needed(style):
            failing.append(f"{style_name} {style['color']} on {ground}: {ratio:.2f}:1 "
                           f"(needs {needed(style)}:1)")
    assert failing == []


def test_the_contrast_formula():
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert contrast("#ffffff80", "#000000") < 6  # half white over black is a mid grey
