"""docs/table-gallery.md never goes stale (issue 32): `pnp table-gallery` draws it again
here, on the tests' Xvfb, and the committed page must be what it writes; the pictures
it names are committed PNGs of about the fresh ones' size that show something (not
compared pixel by pixel: Mesa draws a little differently from machine to machine);
every YAML block is part of the game folder the gallery played; and every kind of
counter, zone and die the table's schema offers (pnp/load/tablespec.py) is in some
entry, so a new kind fails this test until the gallery has it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
import yaml
from PIL import Image

from companion.gallery import make_folder, pictures_named
from pnp import ASSETS, REPO_ROOT
from pnp.load.tablespec import COUNTER, ROLES, SHOW, ZONE

DOCS = REPO_ROOT / "docs"
PAGE = DOCS / "table-gallery.md"
BLOCK = re.compile(r"```yaml\n(.*?)```", re.DOTALL)
DICE = ("printed", "plain")  # a printed dice item (its `piece`), or dN (none)
SIZE_TOLERANCE = 0.10


@pytest.fixture(scope="module")
def drawn(display, tmp_path_factory):
    out = tmp_path_factory.mktemp("table-gallery")
    done = subprocess.run([sys.executable, "-m", "pnp", "table-gallery", "--out", str(out)],
                          env=display, cwd=REPO_ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    assert "Traceback" not in done.stderr, done.stderr[-4000:]
    return out


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The game folder the gallery plays: each YAML file's content, and the table as
    pnp's loader reads it (defaults filled in)."""
    from pnp.load.game import load_game

    folder = make_folder(ASSETS / "example", tmp_path_factory.mktemp("played") / "game")
    files = {p.name: yaml.safe_load(p.read_text(encoding="utf-8"))
             for p in sorted(folder.glob("*.yaml"))}
    return files, load_game(folder).table


def test_the_committed_page_is_what_pnp_table_gallery_writes(drawn):
    assert (drawn / "table-gallery.md").read_text() == PAGE.read_text(), \
        "docs/table-gallery.md is stale: run `xvfb-run -a pnp table-gallery --out docs` " \
        "and commit it"


def test_every_picture_is_committed_a_png_of_its_size_showing_something(drawn):
    names = pictures_named(PAGE.read_text())
    assert names and len(set(names)) == len(names)
    assert sorted(names) == sorted(p.name for p in (DOCS / "table-gallery").iterdir())
    assert sorted(names) == sorted(p.name for p in (drawn / "table-gallery").iterdir())
    for name in names:
        with Image.open(DOCS / "table-gallery" / name) as old, \
                Image.open(drawn / "table-gallery" / name) as new:
            assert old.format == "PNG", name
            for had, has in zip(old.size, new.size, strict=True):
                assert abs(had - has) <= SIZE_TOLERANCE * has, \
                    f"{name} is {old.size}, drawn now {new.size}: run pnp table-gallery"
            colours = old.convert("RGB").getcolors(1 << 24)
            assert len(colours) > 1, f"{name} is blank"


def part_of(part, whole) -> bool:
    """Whether `part` is in `whole`: a mapping's keys each part of the same key's
    value, a list's items each an item of the list, anything else equal."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(
            key in whole and part_of(value, whole[key]) for key, value in part.items())
    if isinstance(part, list):
        return isinstance(whole, list) and all(item in whole for item in part)
    return part == whole


def test_every_yaml_block_is_part_of_the_game_played(played):
    files, _table = played
    blocks = [yaml.safe_load(b) for b in BLOCK.findall(PAGE.read_text())]
    assert blocks and all(isinstance(b, dict) for b in blocks)
    for block in blocks:
        assert any(part_of(block, content) for content in files.values()), block
    tables = [b for b in blocks if "table" in b]
    assert tables[-1] == {"table": files["game.yaml"]["table"]}  # the whole table, last


def wanted() -> set[str]:
    """Every kind of counter, zone and die a table may declare, from the schema."""
    return ({f"counter {key}" for key in COUNTER.fields}
            | {f"counter per {p}" for p in COUNTER.fields["per"].spec.choices}
            | {f"zone role {role}" for role in ROLES} | {f"zone show {s}" for s in SHOW}
            | {f"zone per {p}" for p in ZONE.fields["per"].spec.choices}
            | {f"die {kind}" for kind in DICE})


def shown(page: str, table: dict) -> set[str]:
    """What the entries' `table:` blocks declare (the whole table at the end left out),
    each counter, zone and die as the loader reads it (a zone's `show` by its role)."""
    found = set()
    loaded = {kind: {x["id"]: x for x in table[kind]} for kind in ("counters", "zones", "dice")}
    for block in [yaml.safe_load(b) for b in BLOCK.findall(page)][:-1]:
        part = block.get("table") or {}
        for counter in part.get("counters", []):
            found |= {f"counter {key}" for key in counter}
            found.add(f"counter per {loaded['counters'][counter['id']]['per']}")
        for zone in part.get("zones", []):
            read = loaded["zones"][zone["id"]]
            found |= {f"zone role {read['role']}", f"zone show {read['show']}",
                      f"zone per {read['per']}"}
        found |= {f"die {'printed' if loaded['dice'][d]['piece'] else 'plain'}"
                  for d in part.get("dice", [])}
    return found


def test_every_kind_of_counter_zone_and_die_is_shown(played):
    assert wanted() - shown(PAGE.read_text(), played[1]) == set()


def test_a_missing_entry_is_noticed(played):
    page = PAGE.read_text()
    without_removed = re.sub(r"### Cards out of the game.*?(?=### )", "", page, flags=re.DOTALL)
    assert wanted() - shown(without_removed, played[1]) == {"zone role removed"}
    without_plain_die = re.sub(r"### A plain die.*?(?=## )", "", page, flags=re.DOTALL)
    assert wanted() - shown(without_plain_die, played[1]) == {"die plain"}
