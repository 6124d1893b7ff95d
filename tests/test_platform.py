"""The platform's boundaries: the core, the shell and the CLI never name a game;
pnp never imports the companion; rules engines import neither Kivy nor
reportlab nor the export-only libraries (they package for Android and test fast)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import bundled

GAMES = bundled()  # a folder game is data, not code: nothing of it to keep out

ROOT = Path(__file__).resolve().parents[1]
GENERIC = [*sorted((ROOT / "companion" / "app").rglob("*.py")),
           *sorted((ROOT / "companion" / "app").rglob("*.kv")),
           *sorted((ROOT / "companion" / "core").rglob("*.py")),
           *(ROOT / "companion" / name for name in ("controller.py", "store.py", "cli.py",
                                                     "__main__.py", "__init__.py"))]


def game_words() -> list[str]:
    words = []
    for spec in GAMES.values():
        package = spec.rules.split(":")[0].rsplit(".", 1)[0]  # companion.games.<pkg>
        words += [spec.id, spec.name, package, package.rsplit(".", 1)[1] + "."]
    return words


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_core_and_the_shell_name_no_game(path):
    text = path.read_text(encoding="utf-8")
    for word in game_words():
        pattern = r"\b" + re.escape(word) if word.endswith(".") else re.escape(word)
        assert not re.search(pattern, text), f"{path.name} names '{word}'"


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("path", sorted((ROOT / "pnp").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_pnp_never_imports_the_companion(path):
    assert not any(name.split(".")[0] == "companion" for name in imports(path))


DOORS = {"companion/core/printed.py", "companion/cardart.py", "companion/cli.py"}


def test_the_companion_reads_printed_data_through_one_door():
    """Only core.printed (a game's YAML, dice faces), cardart (the pictures) and the
    CLI import pnp, at the top or inside a function."""
    found = {str(path.relative_to(ROOT)) for path in sorted((ROOT / "companion").rglob("*.py"))
             if any(name.split(".")[0] == "pnp" for name in imports(path))}
    assert found <= DOORS, sorted(found - DOORS)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_rules_engine_loads_without_kivy_or_reportlab(game_id):
    spec = GAMES[game_id]
    module = spec.rules.split(":")[0]
    if spec.folder.startswith("<data:"):
        pytest.skip("a table given as data lives in its test process only")
    register = (f"from companion.games import register_folder; "
                f"register_folder({spec.folder!r}, {game_id!r}); ") if spec.folder else ""
    code = (f"import sys; {register}from companion.games import rules_for, agents_of, view_of; "
            f"rules_for({game_id!r}); agents_of({game_id!r}); view_of({game_id!r}); "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('kivy', 'reportlab', "
            "'openpyxl', 'pypdfium2'));"
            " print(' '.join(bad)); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, f"{module} pulls in: {done.stdout} {done.stderr[-500:]}"
