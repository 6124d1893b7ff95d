"""Documents without aliases are built straight from the parser's events, holding no
node tree: the values and marks are those the node tree gives."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from pnp import ASSETS, BUNDLED_GAMES, REPO_ROOT
from pnp.load.errors import InvalidInput
from pnp.load.yamlload import (
    NO_DOCUMENT,
    YList,
    YMap,
    _Builder,
    _EventBuilder,
    _Loader,
    _scan,
    load_yaml,
)

FILES = sorted({*BUNDLED_GAMES.rglob("*.yaml"), *ASSETS.rglob("*.yaml"),
                *(REPO_ROOT / "layouts").glob("*.yaml")})
SNIPPETS = {
    "tags": "x: !!binary aGVsbG8=\ny: !!set {a, b}\nz: 2024-01-02\nn: 010\nm: 0x1F\n"
            "o: 1_000\np: 1:20\nq: '010'\nr: 09\ns: 1e5\nt: .inf\nu: !!str 12\nv: null\n",
    "nested": "a: [1, {b: [2, 3]}, 's']\nc:\n  - d: e\n    f: [g]\n",
    "null document": "~\n",
    "empty document": "---\n",
    "empty stream": "",
    "two documents": "a: 1\n---\nb: 2\n",
    "duplicate key": "a: 1\na: 2\n",
    "key that is a list": "? [a, b]\n: c\n",
    "long value": "x: " + "a" * 20_001 + "\n",
    "unknown tag": "x: !custom foo\n",
}


def both(text: str):
    """(what the node tree gives, what the events give): a value or the error's text."""
    out = []
    for builder in ("tree", "events"):
        loader = _Loader(text)
        try:
            if builder == "tree":
                node = loader.get_single_node()
                out.append(NO_DOCUMENT if node is None else _Builder("f", loader).build(node))
            else:
                out.append(_EventBuilder("f", loader).document())
        except Exception as exc:  # noqa: BLE001 - the same failure either way
            out.append(f"{type(exc).__name__}: {exc}")
        finally:
            loader.dispose()
    return out


def same(a, b, where: str = "") -> None:
    assert type(a) is type(b), where
    if isinstance(a, YMap):
        assert list(a) == list(b), where
        assert (a.mark, a.key_marks, a.value_marks) == (b.mark, b.key_marks, b.value_marks)
        for key in a:
            same(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, YList):
        assert len(a) == len(b) and (a.mark, a.marks) == (b.mark, b.marks), where
        for n, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{n}]")
    else:
        assert a == b or a != a, where  # nan is nan
        assert getattr(a, "yaml_value", None) == getattr(b, "yaml_value", None) or a != a


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_a_file_without_aliases_reads_the_same_from_events(path):
    text = path.read_text()
    if _scan(text, str(path))[1]:
        pytest.skip("aliases or merge keys: read through the node tree")
    same(*both(text), path.name)


@pytest.mark.parametrize("name", SNIPPETS)
def test_values_and_failures_read_the_same_from_events(name):
    same(*both(SNIPPETS[name]), name)


def test_aliases_and_merge_keys_are_read_through_the_node_tree(tmp_path):
    path = tmp_path / "merge.yaml"
    path.write_text("base: &b {x: 1}\nitem:\n  <<: *b\n  y: 2\nalso: *b\n")
    assert _scan(path.read_text(), "f")[1]
    data = load_yaml(path)
    assert data["item"] == {"x": 1, "y": 2} and data["also"] == {"x": 1}
    assert data["also"] is not data["base"]  # each alias its own copy, as before
    with pytest.raises(InvalidInput, match="more than 40 deep"):
        path.write_text("[" * 41 + "]" * 41)
        load_yaml(path)


def test_a_long_file_is_read_without_a_node_tree(tmp_path):
    """The peak while loading stays close to the values loaded: the node tree of a
    file this long (with two marks per value) would be larger than the values."""
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n" + "".join(f"  - {{id: C{n}, name: Card {n}, power: {n % 9}, "
                                         f"text: 'Some rules text for card {n}.'}}\n"
                                         for n in range(3000)))
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        data = load_yaml(path)
        kept, peak = (m - start for m in tracemalloc.get_traced_memory())
    finally:
        tracemalloc.stop()
    assert len(data["cards"]) == 3000
    assert peak < kept * 1.3, (kept, peak)


def test_empty_file_is_an_empty_mapping(tmp_path):
    path = tmp_path / "empty.yaml"
    path.write_text("")
    assert load_yaml(path) == {} and isinstance(load_yaml(path), YMap)
    assert load_yaml(Path(path)).mark.line == 1


TAGGED = {
    "object on a list": "x: !!python/object/apply:os.system [echo hi]\n",
    "object on a mapping": "x: !!python/object:builtins.dict {a: 1}\n",
    "object on a text": "x: !!python/name:os.system\n",
    "local tag on a list": "x: !mine [a, b]\n",
    "a set": "x: !!set {a, b}\n",
    "an ordered map": "x: !!omap [{a: 1}]\n",
    "a list tagged a mapping": "x: !!map [a]\n",
    "deep in a list": "x:\n  - a\n  - [b, !!python/tuple [c]]\n",
    "through an alias": "x: &a !!python/object/apply:os.system [echo]\ny: *a\n",
}


@pytest.mark.parametrize("text", TAGGED.values(), ids=TAGGED.keys())
def test_a_tag_that_is_not_yamls_own_is_refused_where_it_is_written(tmp_path, text):
    """Object and local tags (and !!set, !!omap, whose meaning would be lost) are never
    read past, on any value, by either builder."""
    path = tmp_path / "tagged.yaml"
    path.write_text(text)
    with pytest.raises(InvalidInput) as error:
        load_yaml(path, "tagged.yaml")
    (problem,) = error.value.problems
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "!" in row)
    assert (problem.file, problem.line) == ("tagged.yaml", line), problem
    assert "YAML tag '!" in problem.message and "is not allowed" in problem.message


def test_yamls_own_tags_still_read(tmp_path):
    path = tmp_path / "plain.yaml"
    path.write_text("a: !!str 12\nb: !!int '7'\nc: !!float 1\nd: !!binary aGk=\ne: !!seq [1]\n"
                    "f: !!map {g: 1}\nh: !!null ''\ni: !!bool yes\nj: ! plain\n")
    assert load_yaml(path) == {"a": "12", "b": 7, "c": 1.0, "d": b"hi", "e": [1],
                               "f": {"g": 1}, "h": None, "i": True, "j": "plain"}
