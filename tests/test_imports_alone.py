"""Every module of every game's package imports on its own, as the first of its game:
a table screen imports calc first, a study ai, a test whatever it tests. Attack the
Tower's playout and clash once imported each other, and clash read at import a name
playout set only after importing it: the table screen failed so, where every test of
the game had imported clash first (CI caught it; att/worth.py now holds what both read)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys

from pnp import REPO_ROOT

GAMES = REPO_ROOT / "companion" / "games"
ALONE = """
import importlib, json, sys, traceback
failed = {}
for name in sys.argv[1:]:
    package = name.rsplit(".", 1)[0]
    for loaded in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[loaded]  # the game as if never imported
    try:
        importlib.import_module(name)
    except Exception:
        failed[name] = traceback.format_exc(limit=-3)
print(json.dumps(failed))
"""


def kivy_free(path) -> bool:
    """The modules a study and the rules engines use (the table screens need a window)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        if any(n == "kivy" or n.startswith("kivy.") for n in names):
            return False
    return True


def game_modules() -> list[str]:
    return sorted(".".join(p.relative_to(REPO_ROOT).with_suffix("").parts)
                  for p in GAMES.glob("*/*.py") if p.name != "__init__.py" and kivy_free(p))


def test_every_game_module_imports_first_on_its_own():
    modules = game_modules()
    assert "companion.games.att.playout" in modules and "companion.games.att.clash" in modules
    done = subprocess.run([sys.executable, "-c", ALONE, *modules], capture_output=True,
                          text=True, timeout=300, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr
    failed = json.loads(done.stdout.strip().splitlines()[-1])
    assert not failed, "\n".join(f"{name}:\n{why}" for name, why in failed.items())
