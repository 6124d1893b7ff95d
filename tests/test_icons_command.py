"""`pnp icons add` and `pnp icons search` (issue 25, section 1): a game-icons.net
picture becomes a one-colour `path:` icon with its credit in CREDITS.md, which the
layouts print. Only the small fixture tests/data/game-icons-small.json is read:
never the network."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import math
import tarfile
from pathlib import Path

import pytest

from pnp.author import iconlib, svgpath
from pnp.cli.main import main
from pnp.load import credits
from pnp.load.errors import InvalidInput
from pnp.load.game import load_game
from tests.conftest import edit

FIXTURE = Path(__file__).parent / "data" / "game-icons-small.json"


def add(game, *pictures, extra=()):
    return main(["icons", "add", str(game), *pictures, "--from", str(FIXTURE), *extra])


def snapshot(folder: Path) -> dict:
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


# -- drawing: curves flattened, holes kept -------------------------------------------------
def test_a_ring_with_a_hole_becomes_two_outlines_in_the_100_box():
    rings = iconlib.load(str(FIXTURE)).picture("square-ring").rings
    assert [sorted(r) for r in rings] == [
        sorted([(12.5, 12.5), (87.5, 12.5), (87.5, 87.5), (12.5, 87.5)]),
        sorted([(25, 25), (25, 75), (75, 75), (75, 25)])]
    assert svgpath.area(rings[0]) * svgpath.area(rings[1]) < 0  # wound apart: a hole


def test_arcs_stay_within_the_tolerance_of_their_circle():
    outer, inner = iconlib.load(str(FIXTURE)).picture("coin").rings
    for ring, radius in ((outer, 208 / 5.12), (inner, 144 / 5.12)):
        assert len(ring) > 30  # a circle, not a polygon of a few sides
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
            mid = math.dist(((x0 + x1) / 2, (y0 + y1) / 2), (50, 50))
            assert radius - iconlib.TOLERANCE - 0.1 <= mid <= radius + 0.1
            assert abs(math.dist((x0, y0), (50, 50)) - radius) <= 0.1


def test_cubic_curves_stay_within_the_tolerance_of_the_true_curve():
    rings = svgpath.rings("M0 0C0 100 100 100 100 0z", 0.1)
    points = rings[0]

    def true_point(t):
        u = 1 - t
        return (3 * u * t * t * 100 + t ** 3 * 100, 3 * u * u * t * 100 + 3 * u * t * t * 100)

    def distance(p):
        return min(_segment_distance(p, a, b) for a, b in zip(points, points[1:], strict=False))

    assert max(distance(true_point(i / 200)) for i in range(201)) <= 0.1 + 1e-9


def _segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def test_smooth_and_quadratic_commands_and_aliases_are_read():
    library = iconlib.load(str(FIXTURE))
    wave = library.picture("wave").rings
    assert len(wave) == 1 and len(wave[0]) > 20
    assert library.picture("old-coin").rings == library.picture("coin").rings


def test_overlapping_parts_that_even_odd_would_hollow_are_refused():
    with pytest.raises(iconlib.LibraryError, match="overlap"):
        iconlib.load(str(FIXTURE)).picture("overlap")
    data = json.loads(FIXTURE.read_text())  # drawn even-odd by its own SVG: kept hollow
    data["icons"]["overlap"]["body"] = data["icons"]["overlap"]["body"].replace(
        "<path ", '<path fill-rule="evenodd" ')
    assert len(iconlib.Library(data, "test").picture("overlap").rings) == 2


# -- the command -----------------------------------------------------------------------------
def test_add_writes_the_shape_and_the_credit(game, capsys):
    assert add(game, "tower=game-icons:tower", "coin=game-icons:coin",
               extra=["--author", "Lorc"]) == 0
    loaded = load_game(game)
    assert loaded.icons["tower"][0]["path"] == [list(map(list, r)) for r in
                                                iconlib.load(str(FIXTURE)).picture("tower").rings]
    assert "star" in loaded.icons  # the game's own icons are kept
    rows = {row["icon"]: row for row in loaded.credits["rows"]}
    assert rows["tower"] == {"icon": "tower", "picture": "tower", "author": "Lorc",
                             "source": "game-icons.net", "licence": "CC BY 3.0"}
    assert loaded.credits["text"] == "game-icons.net, CC BY 3.0: Lorc: tower, coin."
    text = (game / "icons.yaml").read_text()
    assert "tower:  # 'tower' by Lorc, game-icons.net (CC BY 3.0)" in text
    assert "CC BY 3.0" in (game / "CREDITS.md").read_text()


def test_without_an_author_the_credit_says_game_icons_net_contributors(game):
    assert add(game, "tower=game-icons:tower") == 0
    assert load_game(game).credits["rows"][0]["author"] == "game-icons.net contributors"


def test_an_unknown_picture_is_exit_2_naming_it_and_nothing_is_written(game, capsys):
    before = snapshot(game)
    assert add(game, "tower=game-icons:tower", "tank=game-icons:towerr") == 2
    err = capsys.readouterr().err
    assert "no picture 'towerr'" in err and "did you mean tower" in err
    assert snapshot(game) == before


@pytest.mark.parametrize("picture, message", [
    ("x=game-icons:overlap", "overlap"), ("x=game-icons:broken", "a number expected"),
    ("x=game-icons:round", "plain paths"), ("x=noun-project:tower", "not an icon set"),
    ("X=game-icons:tower", "NAME=game-icons:ICON-ID"), ("star=game-icons:tower", "--replace")])
def test_a_picture_that_cannot_be_added_writes_nothing(game, capsys, picture, message):
    before = snapshot(game)
    assert add(game, picture) == 2
    assert message in capsys.readouterr().err
    assert snapshot(game) == before


def test_replace_redraws_an_icon_in_place_keeping_the_rest_of_the_file(game):
    before = (game / "icons.yaml").read_text()
    assert add(game, "star=game-icons:tower", extra=["--replace"]) == 0
    after = (game / "icons.yaml").read_text()
    assert after.index("star:") == before.index("star:")  # where it was
    assert before.splitlines()[0] == after.splitlines()[0]  # comments kept
    tower = iconlib.load(str(FIXTURE)).picture("tower").rings
    assert load_game(game).icons["star"] == [{"path": [list(map(list, r)) for r in tower]}]
    assert add(game, "star=game-icons:coin", extra=["--replace"]) == 0
    rows = load_game(game).credits["rows"]
    assert [(r["icon"], r["picture"]) for r in rows] == [("star", "coin")]  # one row, replaced


def test_file_must_be_an_icon_file_the_game_lists(game, capsys):
    before = snapshot(game)
    assert add(game, "tower=game-icons:tower", extra=["--file", "other.yaml"]) == 2
    assert "not an icon file game.yaml lists" in capsys.readouterr().err
    assert snapshot(game) == before
    edit(game / "game.yaml", "icons: [icons.yaml]", "icons: [icons.yaml, pictures.yaml]")
    assert add(game, "tower=game-icons:tower") == 0  # the last listed file, made new
    assert "tower" in (game / "pictures.yaml").read_text()
    assert "tower" not in (game / "icons.yaml").read_text()
    assert load_game(game).icons["tower"]


def test_search_lists_the_ids_with_every_word(capsys):
    assert main(["icons", "search", "coin", "--from", str(FIXTURE)]) == 0
    assert capsys.readouterr().out.split() == ["coin", "old-coin"]


def test_from_takes_the_package_folder_and_the_tarball(tmp_path):
    package = tmp_path / "node_modules" / "@iconify-json" / "game-icons"
    package.mkdir(parents=True)
    (package / "icons.json").write_bytes(FIXTURE.read_bytes())
    assert iconlib.load(str(tmp_path)).search("tower") == ["tower"]
    tarball = tmp_path / "game-icons-1.2.4.tgz"
    tarball.write_bytes(_tarball(FIXTURE.read_bytes()))
    assert iconlib.load(str(tarball)).search("wave") == ["wave"]


def _tarball(icons: bytes) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as archive:
        info = tarfile.TarInfo("package/icons.json")
        info.size = len(icons)
        archive.addfile(info, io.BytesIO(icons))
    return out.getvalue()


def test_the_download_is_checked_then_cached_and_read_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    packed = _tarball(FIXTURE.read_bytes())
    calls = []

    def download(url):
        calls.append(url)
        return packed

    with pytest.raises(iconlib.LibraryError, match="checksum"):
        iconlib.load(download=download)  # not the registry's tarball
    assert not list(tmp_path.rglob("*.json"))
    digest = "sha512-" + base64.b64encode(hashlib.sha512(packed).digest()).decode()
    monkeypatch.setattr(iconlib, "INTEGRITY", digest)
    assert iconlib.load(download=download).search("tower") == ["tower"]
    assert calls == [iconlib.TARBALL] * 2
    assert iconlib.load(download=download).search("coin") == ["coin", "old-coin"]
    assert len(calls) == 2  # the second time from the cache
    cached = tmp_path / "dossier" / f"game-icons-{iconlib.VERSION}.json"
    assert json.loads(cached.read_text())["prefix"] == "game-icons"


# -- the credits: one table, printed by the layouts ----------------------------------------
def test_a_credits_row_with_the_wrong_cells_is_a_problem_at_its_line(game):
    assert add(game, "tower=game-icons:tower") == 0
    edit(game / "CREDITS.md", "| tower | tower |", "| tower |")
    with pytest.raises(InvalidInput) as caught:
        load_game(game)
    line = (game / "CREDITS.md").read_text().splitlines().index(
        next(x for x in (game / "CREDITS.md").read_text().splitlines()
             if x.startswith("| tower"))) + 1
    assert any(p.file.endswith("CREDITS.md") and p.line == line and "5 cells" in p.message
               for p in caught.value.problems)


def test_credits_sum_up_by_source_licence_and_author():
    rows = [{"icon": "a", "picture": "fox-head", "author": "Lorc", "source": "game-icons.net",
             "licence": "CC BY 3.0"},
            {"icon": "b", "picture": "owl", "author": "Delapouite", "source": "game-icons.net",
             "licence": "CC BY 3.0"},
            {"icon": "c", "picture": "frog", "author": "Lorc", "source": "game-icons.net",
             "licence": "CC BY 3.0"},
            {"icon": "d", "picture": "fox-head", "author": "Lorc", "source": "game-icons.net",
             "licence": "CC BY 3.0"},
            {"icon": "e", "picture": "back", "author": "Dossier", "source": "", "licence": "MIT"}]
    assert credits.summary(rows) == ("game-icons.net, CC BY 3.0: Lorc: fox head, frog; "
                                     "Delapouite: owl. MIT: Dossier: back.")
    assert credits.authors(rows) == "Lorc, Delapouite, Dossier"
    assert credits.by_author(rows) == [
        {"author": "Lorc", "source": "game-icons.net", "licence": "CC BY 3.0",
         "pictures": "fox head, frog"},
        {"author": "Delapouite", "source": "game-icons.net", "licence": "CC BY 3.0",
         "pictures": "owl"},
        {"author": "Dossier", "source": "", "licence": "MIT", "pictures": "back"}]


def test_a_layout_prints_the_credits(game, tmp_path):
    import pdfplumber

    from pnp.sheets.build import Options, build_game

    assert add(game, "tower=game-icons:tower", extra=["--author", "Lorc"]) == 0
    edit(game / "layouts.yaml", "      - {type: richtext, x: 14, y: 32,",
         '      - {type: text, x: 14, y: "h - 14", w: "w - 28", h: 6, style: sheet-body,\n'
         '         text: "Pictures: {credits.text}"}\n      - {type: richtext, x: 14, y: 32,')
    loaded = load_game(game)
    build_game(loaded, tmp_path, Options())
    with pdfplumber.open(tmp_path / loaded.id / "rules.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "Pictures: game-icons.net, CC BY 3.0: Lorc: tower." in text


@pytest.mark.parametrize("entry, message", [
    ({"width": 10**400}, "its view box's width is a number beyond 10,000, not a size"),
    ({"width": "abc"}, "its view box's width is 'abc', not a size"),
    ({"height": 0}, "its view box's height is 0, not a size"),
    ({"left": None}, "its view box's left is None, not a place"),
    ({"top": True}, "its view box's top is True, not a place"),
    ({"body": '<path d="M0 0L1e300 0L10 1e300Z"/>'}, "draws far outside its view box"),
])
def test_a_set_from_any_file_has_its_numbers_checked_before_use(game, tmp_path, capsys,
                                                                entry, message):
    """--from reads any file: a view box of 10**400 ended in an OverflowError (exit 70),
    a point at 1e300 wrote an icon file that the game then refused."""
    icon = {"body": '<path d="M0 0L10 0L10 10Z"/>', **entry}
    source = tmp_path / "icons.json"
    source.write_text(json.dumps({"prefix": "game-icons", "icons": {"tank": icon}}))
    before = snapshot(game)
    assert main(["icons", "add", str(game), "tank=game-icons:tank", "--from",
                 str(source)]) == 2
    err = capsys.readouterr().err
    assert message in err and "internal error" not in err, err
    assert snapshot(game) == before
