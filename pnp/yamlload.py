"""Safe YAML loading that remembers where every value came from.

Mappings and sequences come back as `YMap` / `YList`, plain containers that
also carry the file:line:col of each key and item, so validation errors can
point at the exact spot. Aliases are allowed but their expansion is capped,
which defuses "billion laughs" documents.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from pnp.errors import InvalidInput, Mark, Problem

MAX_NODES = 200_000
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present


class YMap(dict):
    mark: Mark
    key_marks: dict
    value_marks: dict

    def mark_of(self, key) -> Mark:
        return self.value_marks.get(key, self.key_marks.get(key, self.mark))

    def key_mark(self, key) -> Mark:
        return self.key_marks.get(key, self.mark)


class YList(list):
    mark: Mark
    marks: list


def _mark(file: str, node: yaml.Node) -> Mark:
    return Mark(file, node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    def __init__(self, file: str, loader):
        self.file = file
        self.loader = loader
        self.count = 0
        self.active: set[int] = set()

    def build(self, node: yaml.Node):
        self.count += 1
        if self.count > MAX_NODES:
            raise InvalidInput(
                [_mark(self.file, node).problem(
                    f"document expands to more than {MAX_NODES} values "
                    "(alias expansion refused)")]
            )
        if isinstance(node, yaml.ScalarNode):
            return self.loader.construct_object(node, deep=True)
        if id(node) in self.active:
            raise InvalidInput([_mark(self.file, node).problem("recursive alias refused")])
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                out = YList(self.build(item) for item in node.value)
                out.mark = _mark(self.file, node)
                out.marks = [_mark(self.file, item) for item in node.value]
                return out
            self.loader.flatten_mapping(node)
            out = YMap()
            out.mark = _mark(self.file, node)
            out.key_marks, out.value_marks = {}, {}
            for key_node, value_node in node.value:
                key = self.build(key_node)
                if isinstance(key, (YMap, YList)):
                    raise InvalidInput([_mark(self.file, key_node).problem(
                        "a mapping key must be a plain value")])
                if key in out:
                    raise InvalidInput([_mark(self.file, key_node).problem(
                        f"duplicate key '{key}'")])
                out[key] = self.build(value_node)
                out.key_marks[key] = _mark(self.file, key_node)
                out.value_marks[key] = _mark(self.file, value_node)
            return out
        finally:
            self.active.discard(id(node))


def load_yaml(path: Path, display: str | None = None):
    """Load one YAML file; raise InvalidInput with file:line:col on any error."""
    file = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidInput([Problem(file, 1, 1, "file not found")]) from None
    except UnicodeDecodeError as exc:
        raise InvalidInput([Problem(file, 1, 1, f"not UTF-8 text ({exc.reason})")]) from None
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            empty = YMap()
            empty.mark, empty.key_marks, empty.value_marks = Mark(file, 1, 1), {}, {}
            return empty
        return _Builder(file, loader).build(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = f"YAML syntax error: {exc.problem or exc.context}"
        raise InvalidInput([Problem(file, where[0], where[1], message)]) from None
    except yaml.YAMLError as exc:
        raise InvalidInput([Problem(file, 1, 1, f"YAML error: {exc}")]) from None
    finally:
        loader.dispose()
