"""Fuzzing: the bundled game folders and save files, mutated at random, must give
success or exit 2 with located messages; never a traceback, an internal error,
or a file or folder left behind by a failure. The bundled games are mutated as the
campaign does (tests/fuzz_campaign.py, which runs hundreds of cases a game)."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLE
from fuzz_campaign import judge, run_case
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli.main import main
from pnp.sheets.output import STAGING
from tests.fuzz_saves import places

LOCATED = re.compile(r"^\S+:\d+:\d+: .+$")
NASTY = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["{name}", "{nope}", "{", "}", "w / 0", "w - 6", "1e308", ":star:",
                     ":nope:", "page", "a4", "poker", "off", "-1", "not x", "x >= 3 and y",
                     "#ff00ff", "none", "round", "deck", "\u00ad", "漢", "../x", "\x00"]),
)
VALUES = st.recursive(NASTY, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)
SETTINGS = settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def mutate(data, path, new):
    if not path:
        return new
    target = data
    for step in path[:-1]:
        target = target[step]
    if new is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = new
    return data


DELETE = object()


def check_run(args: list, out: Path | None, capsys) -> None:
    try:
        code = main(args)
    except SystemExit as leaving:  # argparse
        code = leaving.code
    captured = capsys.readouterr()
    err = captured.err
    assert "Traceback" not in err and "internal error" not in err, err
    assert code in (0, 2), (code, err)
    if code == 2:
        lines = [line for line in err.splitlines() if line and not line.startswith("warning:")]
        body = [line for line in lines if not line.endswith("nothing was written")]
        assert body and all(LOCATED.match(line) or line.startswith("pnp ") for line in body), err
        if out is not None:
            assert not out.exists(), f"a failed build left {list(out.rglob('*'))}"
    if out is not None and out.exists():
        assert not list(out.glob(f"{STAGING}*")), "a staging folder left behind"


def fuzz_game(source: Path, data, capsys, build: bool) -> None:
    with tempfile.TemporaryDirectory() as temp:
        game = Path(temp) / "game"
        shutil.copytree(source, game)
        files = sorted(game.glob("*.yaml"))
        path = data.draw(st.sampled_from(files))
        if data.draw(st.booleans()):  # a structural change
            document = yaml.safe_load(path.read_text())
            where = data.draw(st.sampled_from(list(places(document))))[0]
            new = data.draw(st.one_of(VALUES, st.just(DELETE))) if where else \
                data.draw(VALUES)
            document = mutate(document, where, new)
            path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False))
        else:  # a change to the text: cut, or insert characters
            text = path.read_text()
            at = data.draw(st.integers(0, len(text)))
            text = text[:at] + data.draw(st.text(max_size=8)) + text[at + data.draw(
                st.integers(0, 20)):]
            path.write_text(text)
        out = Path(temp) / "out"
        args = ["build", str(game), "--out", str(out), "-q"] if build else ["check", str(game)]
        check_run(args, out if build else None, capsys)


@settings(SETTINGS, max_examples=120)
@given(data=st.data())
def test_mutated_example_game(data, capsys):
    fuzz_game(EXAMPLE, data, capsys, build=data.draw(st.booleans()))


SEED = 2  # the campaign's default is 1: the suite looks at other cases
BUNDLED = ("above-top-secret", "geheime-mission", "against-all-tyrants", "top-secret",
           "attack-the-tower")


@pytest.mark.parametrize("case", range(12))
@pytest.mark.parametrize("game", BUNDLED)
def test_mutated_bundled_game(game, case, tmp_path, capsys):
    """A few cases of tests/fuzz_campaign.py for each bundled game (values, types,
    structure, raw text and whole files mutated; a fifth of them built): replay one
    with `tests/fuzz_campaign.py --seed 2 --game GAME --case N`."""
    run = run_case(game, case, SEED, 0.2, tmp_path)
    try:
        code = main(run["args"])
    except SystemExit as leaving:  # argparse
        code = leaving.code
    err = capsys.readouterr().err
    assert not judge(run, code, err, tmp_path), (run["mutation"], err)


def a_save() -> dict:
    return {"format": "dossier-save", "version": 1, "game": "above-top-secret",
            "rules_version": 1, "seed": 5, "setup": {"players": [{"name": "A"},
                                                                   {"name": "B"}]},
            "actions": [{"type": "start_card", "card": "D1-01"}]}


@settings(SETTINGS, max_examples=150)
@given(data=st.data())
def test_mutated_save_files_for_replay(data, capsys):
    save = a_save()
    where = data.draw(st.sampled_from(list(places(save))))[0]
    save = mutate(save, where, data.draw(st.one_of(VALUES, st.just(DELETE))) if where
                  else data.draw(VALUES))
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "save.json"
        path.write_text(json.dumps(save, allow_nan=True))
        check_run(["replay", str(path)], None, capsys)


@settings(SETTINGS, max_examples=60)
@given(raw=st.binary(max_size=200))
def test_any_bytes_as_a_save_file(raw, capsys):
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "save.json"
        path.write_bytes(raw)
        check_run(["replay", str(path)], None, capsys)
