"""`pnp table-gallery`: every widget of a declared table beside the `table:` YAML that
makes it (DIR/table-gallery.md, DIR/table-gallery/*.png), as docs/gallery.md shows the
print's elements.

One game folder serves every entry: pnp's example game (Star Patrol) whose `table:` is
the union of the entries' snippets, with a small track sheet of its own. The companion
plays it (companion.gallery_shots): a seeded game, moved on by the rules' own legal
actions, each picture the real widget found on the table (or the real dialog) as the
app draws it. Here: the entries, the folder and the page; nothing here needs a window.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import yaml

GAME = "game.yaml"  # the file every entry's `table:` is part of
PLAIN = re.compile(r"[A-Za-z0-9_./-]+( [A-Za-z0-9_./-]+)*")  # text YAML reads unquoted

# Each section's entries: a title, what a player sees and does with it (`says`), the part
# of game.yaml's `table:` that makes it, and what else it adds to the folder (`more`: a
# file, what that part is, its YAML). Its pictures are named by `key` (key[-name].png).
ENTRIES_YAML = """
Players:
  - key: players
    title: Players and whose turn
    says: Each player is a line in their colour at the top of the table, the player who
      plays now the framed block at the bottom; tap a line (or More) for that player's
      sheet, with their counters and zones, out of the game, the end of the game.
    table: |-
      table:
        players:
          names: [Ann, Bob, Cleo, Dan]
          colors: ["#b0413e", "#4f6d9a", "#9c6310", "#3d7a4a"]
  - key: teams
    title: Teams
    says: Players sit alternately in teams (four players, the first and third against the
      second and fourth); every line says its player's team.
    table: |-
      table:
        players:
          teams: 2
Counters:
  - key: counter
    title: A counter per player
    says: Each player has one. Tap - or + to change it by its step, kept within its bounds
      (a button at a bound is greyed); hold it to type a number.
    table: |-
      table:
        counters:
          - {id: energy, name: Energy, start: 4, min: 0, max: 10, step: 2}
  - key: shared
    title: A shared counter
    says: One for the whole table, in the middle between the players; whoever plays
      changes it the same way.
    table: |-
      table:
        counters:
          - {id: supply, name: Supply, per: shared, start: 12, min: 0}
  - key: token
    title: A counter with its printed token
    says: The token the game prints for it is a small badge before its name, from the same
      YAML as the print.
    table: |-
      table:
        counters:
          - {id: score, name: Score, token: tokens/score-1}
  - key: track
    title: A counter on a printed track
    says: The sheet the counter is kept on is drawn in a tile of its own, under its name;
      touch the picture to see the track as printed, large. The track is a sheet of the
      game with a `track` element (gallery.md, Tracks).
    table: |-
      table:
        counters:
          - {id: alert, name: Alert, per: shared, min: 0, max: 10, track: alert-track}
    more:
      - file: game.yaml
        what: The sheet, a component of `game.yaml` (its layout file listed there)
        yaml: |-
          layouts: [track.yaml]
          components:
            - {id: alert-track, kind: sheet, name: Alert track, size: [110, 22],
               front: alert-track, items: [{id: alert}]}
      - file: track.yaml
        what: Its layout, in `track.yaml`
        yaml: |-
          layouts:
            alert-track:
              elements:
                - {type: background, fill: "#fbf8f0"}
                - {type: track, x: 4, y: 5, w: 102, h: 12, start: 0, stop: 10,
                   stroke: "#24305e", highlight: 10, highlight_fill: "#b0413e",
                   style: basic-title}
Zones:
  - key: pile
    title: A draw pile
    says: Face down, its printed back and how many cards it holds, framed when a tap
      draws. Tap to draw a card; hold for all it offers now (here, one card or several).
    table: |-
      table:
        zones:
          - {id: deck, name: Crew deck, cards: [crew], role: pile}
  - key: hand
    title: The hand
    says: The acting player's cards as printed, in a strip under the table, those that can
      be played now first. Tap one for what it can do, hold it to read it.
    table: |-
      table:
        zones:
          - {id: hand, name: Hand, per: player, role: hand}
        setup:
          - deal: 1
  - key: played
    title: Cards in play
    says: Each player's played cards face up, the last one on top with the count. Tap for
      all of them, hold the top card to read it.
    table: |-
      table:
        zones:
          - {id: played, name: Played, per: player, role: play}
  - key: discard
    title: A discard pile
    says: An open zone, its top card face up and how many lie there; tap for its cards. An
      empty draw pile takes it back, shuffled.
    table: |-
      table:
        zones:
          - {id: discard, name: Discard, role: discard}
  - key: removed
    title: Cards out of the game
    says: Open as well, the cards taken out of play, the last one on top.
    table: |-
      table:
        zones:
          - {id: gone, name: Out of the game, role: removed}
  - key: hidden
    title: A hidden zone of each player
    says: Face down, the printed back and the count, the same for every player to see; its
      owner taps it to draw from it or holds it to turn its cards up.
    table: |-
      table:
        zones:
          - {id: reserve, name: Reserve, per: player, show: hidden}
Dice:
  - key: die
    title: A printed die
    says: The Dice button opens the roller. Tap the die to roll it (logged, and undone like
      a move); its printed face shows what came up.
    table: |-
      table:
        dice: [power-die]
  - key: plain-die
    title: A plain die
    says: "`dN` is a die of N sides with the numbers 1 to N, rolled in the same roller."
    table: |-
      table:
        dice: [d6]
Turns:
  - key: phases
    title: Phases
    says: The top bar says the round, the turn, the phase and who plays; the sheet says
      what a tap does now, with Next phase (the main move, naming the phase) and End turn
      (asked first while phases are left, or when no card was played).
    table: |-
      table:
        turns:
          phases:
            - {id: draw, name: Draw, allows: [draw, change]}
            - {id: play, name: Play, allows: [play, discard, move, change]}
  - key: effects
    title: A card's effects
    says: A card played does what its deck's effects say (here its printed power goes to
      its player's score); the sheet says what happened and Undo what it would take back.
    table: |-
      table:
        effects:
          crew:
            - {change: score, by: card.power}
  - key: end
    title: The end of the game
    says: When the condition holds the game ends and the winner is named, with every
      player's counters; the players may also end it from a player's sheet.
    table: |-
      table:
        end:
          when: "round > 2"
          winner: {highest: score}
"""


SECTIONS = yaml.safe_load(ENTRIES_YAML)  # section -> its entries
ENTRIES = [entry for entries in SECTIONS.values() for entry in entries]


def parts(entry: dict) -> list[tuple]:
    """What an entry adds to the folder: (file, what it is, YAML), its table first."""
    return [(GAME, "The counter, in `game.yaml`" if entry.get("more") else "",
             entry["table"]), *((m["file"], m["what"], m["yaml"]) for m in entry.get("more", []))]


def merge(into, part, where: str = ""):
    """`part` added to `into`: mappings key by key, lists item by item (an item already
    there once), anything else the same (two entries saying different things is a bug)."""
    if isinstance(into, dict) and isinstance(part, dict):
        for key, value in part.items():
            into[key] = merge(into[key], value, f"{where}.{key}") if key in into else value
        return into
    if isinstance(into, list) and isinstance(part, list):
        return into + [item for item in part if item not in into]
    if into != part:
        raise ValueError(f"the gallery's entries disagree at {where[1:]}: {into!r}, {part!r}")
    return into


def files() -> dict:
    """Every file the entries add to: its content, all entries' snippets merged."""
    found: dict = {}
    for entry in ENTRIES:
        for name, _what, text in parts(entry):
            found[name] = merge(found.get(name, {}), yaml.safe_load(text), "")
    return found


def make_folder(example: Path, target: Path) -> Path:
    """Star Patrol (pnp's example game, in `example`) with the gallery's table, track
    sheet and layout."""
    shutil.copytree(example, target)
    game = yaml.safe_load((target / GAME).read_text(encoding="utf-8"))
    game.pop("table", None)  # the example's own, replaced by the entries'
    # four players' game (gallery_shots.SETUP) with the entries' deal of one: the
    # example's own deal of three is for two players, so it allows no more
    game["players"] = {"min": 2, "max": 4}
    for name, content in files().items():
        merged = merge(game, content, "") if name == GAME else content
        (target / name).write_text(yaml.safe_dump(merged, sort_keys=False, allow_unicode=True),
                                   encoding="utf-8")
    return target


def flow(value) -> str:
    """A value as one line of YAML, its keys in their order, text quoted where needed."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    if isinstance(value, str) and PLAIN.fullmatch(value) and yaml.safe_load(value) == value:
        return value
    return json.dumps(value)  # JSON's strings, numbers and true/false are YAML's too


def table_text() -> str:
    """The whole `table:` the gallery plays, written as the entries write theirs."""
    def block(key, value, depth: int) -> list[str]:
        pad = "  " * depth
        if isinstance(value, dict) and depth == 1:  # the table's own keys
            return [f"{pad}{key}:", *(line for k, v in value.items()
                                      for line in block(k, v, depth + 1))]
        if isinstance(value, list) and any(isinstance(item, dict) for item in value):
            return [f"{pad}{key}:", *(f"{pad}  - {flow(item)}" for item in value)]
        return [f"{pad}{key}: {flow(value)}"]
    table = files()[GAME]["table"]
    return "\n".join(["table:", *(line for k, v in table.items() for line in block(k, v, 1))])


def markdown(shots: dict) -> str:
    """The page: each entry's words, YAML and pictures (`shots`: key -> [(file, caption)])."""
    out = ["# Table gallery: every widget of a declared table, beside the YAML that makes it",
           "", "Each picture is the companion app's own widget (or dialog), drawn by the app "
           "for a game folder whose `game.yaml` declares a `table:` (docs/format.md, section "
           "12): pnp's example game, Star Patrol, with the table at the end of this page, "
           "every entry's YAML a part of it. Four players play a game set up with a fixed "
           "seed and moved on by the rules' own legal moves; the pictures are at density 2 "
           "(two pixels a dp), on the table's background. Made by `pnp table-gallery --out "
           "docs` (it needs a display: `xvfb-run -a pnp table-gallery --out docs` on a "
           "machine without one); tests/ui/test_table_gallery.py makes it again and fails "
           "when this page is stale. What prints: [gallery.md](gallery.md).", "",
           "Contents: " + ", ".join(f"[{s}](#{s.lower()})" for s in SECTIONS) +
           ", [The whole table](#the-whole-table)", ""]
    for section, entries in SECTIONS.items():
        out += [f"## {section}", ""]
        for x in entries:
            out += [f"### {x['title']}", "", x["says"], ""]
            for _name, what, text in parts(x):
                out += ([f"{what}:", ""] if what else []) + ["```yaml", text, "```", ""]
            pictures = shots[x["key"]]
            for file, caption in pictures:
                out += ([f"{caption}:", ""] if len(pictures) > 1 else []) + [
                    f"![{caption}](table-gallery/{file})", ""]
    return "\n".join([*out, "## The whole table", "", "The `table:` of the game folder, all "
                      "the entries' YAML together (the track sheet's component and layout "
                      "are in the track's entry).", "", "```yaml", table_text(), "```", ""])


def pictures_named(page: str) -> list[str]:
    return re.findall(r"\]\(table-gallery/([a-z0-9-]+\.png)\)", page)


def draw(example: Path, pictures: Path) -> str:
    """The page, its pictures saved in `pictures`; `example` is pnp's example game
    (the CLI, the companion's one door to pnp, says where it is)."""
    import tempfile

    from companion.gallery_shots import shoot

    with tempfile.TemporaryDirectory(prefix="dossier-table-gallery-") as temp:
        return markdown(shoot(make_folder(example, Path(temp) / "star-patrol"), pictures))
