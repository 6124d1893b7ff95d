"""The pipeline in the tree (issue 31, docs/architecture.md): pnp's stages are
subpackages that depend one way, down the pipeline, with no import circle anywhere,
counting the imports inside functions; few loose modules at pnp's top."""

from __future__ import annotations

import ast
from pathlib import Path

from pnp import REPO_ROOT

PNP = REPO_ROOT / "pnp"
# each stage, and the stages it may import (pnp's own top, `pnp`, may always be)
STAGES = {
    "load": set(),
    "author": {"load"},
    "plan": {"load"},
    "draw": {"load"},
    "sheets": {"load", "plan", "draw"},
    "export": {"load", "plan", "draw", "sheets"},
    "cli": {"load", "author", "plan", "draw", "sheets", "export"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def pnp_imports(path: Path) -> set[str]:
    """The pnp modules a file imports, wherever the import is (top, function, if)."""
    modules = {module_name(p) for p in PNP.rglob("*.py")}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules
                      else node.module for a in node.names}
    return {name for name in found if name in modules}


def graph() -> dict[str, set[str]]:
    return {module_name(p): pnp_imports(p) - {module_name(p)} for p in PNP.rglob("*.py")}


def stage(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in STAGES) else "top"


def test_pnp_has_no_import_circle():
    edges = graph()
    done, path, circles = set(), [], []

    def visit(node):
        if node in path:
            circles.append(path[path.index(node):] + [node])
            return
        if node in done:
            return
        path.append(node)
        for target in sorted(edges.get(node, ())):
            visit(target)
        path.pop()
        done.add(node)

    for node in sorted(edges):
        visit(node)
    assert not circles, circles[:3]


def test_each_stage_imports_only_the_stages_before_it():
    wrong = [f"{source} imports {target}" for source, targets in graph().items()
             for target in targets
             if stage(source) in STAGES and stage(target) in STAGES
             and stage(target) != stage(source) and stage(target) not in STAGES[stage(source)]]
    assert not wrong, wrong


def test_the_top_of_pnp_is_its_stages():
    loose = [p.name for p in PNP.glob("*.py")]
    packages = [p.name for p in PNP.iterdir() if (p / "__init__.py").is_file()]
    assert len(loose) <= 12, loose
    assert set(STAGES) <= set(packages), packages
    assert not (graph()["pnp"]), "pnp/__init__.py imports nothing of its stages"


# -- the companion's games, built alike (docs/game-interface.md, section 0) --------------
EVERY_GAME = {  # module -> the name it defines, the same in every game
    "__init__": "SPEC", "data": None, "rules": None, "setup": "SetupSteps",
    "invariants": "Invariants", "reports": "Reports", "view": None, "table": None,
    "board": None, "ai": "GreedyAgent", "demo": "demo_session"}


def game_packages() -> list[Path]:
    from companion.games import GAMES

    # folder games (GameSpec.folder) are played by one engine, companion.declared: not a
    # game package of its own
    return [REPO_ROOT / Path(*spec.rules.split(":")[0].split(".")[:-1]) for spec in GAMES.values()
            if not spec.folder]


def test_every_game_has_the_same_modules_for_the_same_jobs():
    missing = []
    for package in game_packages():
        for module, name in EVERY_GAME.items():
            path = package / f"{module}.py"
            if not path.is_file():
                missing.append(f"{package.name}/{path.name}")
            elif name is not None:
                tree = ast.parse(path.read_text(encoding="utf-8"))
                defined = {getattr(node, "name", None) for node in tree.body} | {
                    target.id for node in tree.body if isinstance(node, ast.Assign)
                    for target in node.targets if isinstance(target, ast.Name)}
                if name not in defined:
                    missing.append(f"{package.name}/{path.name}: {name}")
    assert len(game_packages()) >= 5 and not missing, missing


def test_no_game_keeps_a_procedure_stack_of_its_own():
    """One task stack, in companion/core/tasks.py; the old per-game ones are gone."""
    stray = [str(p.relative_to(REPO_ROOT)) for package in game_packages()
             for p in package.glob("*.py") if p.stem in {"flow", "procedure", "turn", "rows",
                                                          "boardview"}]
    assert not stray and not (REPO_ROOT / "companion/core/procedure.py").exists(), stray


def test_kv_import_names_are_one_module_each_across_the_app():
    """Kivy keeps every kv file's `#:import NAME module` in one global namespace: two
    games importing their own `look` as the same name made the second game's pieces
    read the first one's colours once both had been shown (a KeyError, the game set
    aside). Each name means one module everywhere."""
    meaning: dict[str, set[str]] = {}
    for kv in sorted((REPO_ROOT / "companion").rglob("*.kv")):
        for line in kv.read_text(encoding="utf-8").splitlines():
            if line.startswith("#:import "):
                name, module = line.split()[1:3]
                meaning.setdefault(name, set()).add(module)
    assert {n: m for n, m in meaning.items() if len(m) > 1} == {}
