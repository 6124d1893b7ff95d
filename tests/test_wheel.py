"""A plain `pip install` of the wheel works from any folder: the bundled games,
layouts, fonts, kv files and docs travel inside it.

The wheel is built from a copy of the repository's sources, installed without
its dependencies into a fresh venv that borrows them from the test venv (so the
test needs no network), and every command runs from an unrelated folder."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig

import pytest
from PIL import Image

from pnp import REPO_ROOT
from tests.ui import xvfb

SOURCES = ("pnp", "companion", "cards", "layouts", "docs", "pyproject.toml", "README.md")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(bin folder of a fresh venv holding only the wheel, a folder to run in)."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    for name in SOURCES:
        path = REPO_ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, source / name)
    wheels = root / "wheels"
    # the pinned setuptools of the test venv builds it (requirements.lock), not the newest
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--verbose",
                            "--no-build-isolation", "-w", str(wheels), str(source)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    (root / "build.log").write_text(built.stdout + built.stderr)
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = next(venv.glob("lib/python*/site-packages"))
    (site / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                    "install", "--no-deps", "--quiet", *map(str, wheels.glob("*.whl"))],
                   check=True, timeout=600)
    work = root / "elsewhere"
    work.mkdir()
    return venv / "bin", work


def run(installed, *command, env=None):
    bin_dir, work = installed
    done = subprocess.run([str(bin_dir / command[0]), *command[1:]], cwd=work,
                          capture_output=True, text=True, timeout=600, env=env)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def test_the_wheel_builds_without_setuptools_warnings(installed):
    """A warning today is an error at setuptools' next deadline (a data folder missing
    from `packages`, a deprecated `license` table)."""
    log = (installed[0].parent.parent / "build.log").read_text()
    warnings = [line for line in log.splitlines() if "Warning" in line or "deprecated" in line]
    assert not warnings, "\n".join(warnings)


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    done = run(installed, "python", "-c", "import pnp, companion; print(pnp.BUNDLED_GAMES); "
               "print(companion.__file__)")
    assert str(REPO_ROOT) not in done.stdout, done.stdout
    assert "site-packages/pnp/bundled/cards" in done.stdout


def test_version_list_and_help(installed):
    assert run(installed, "pnp", "--version").stdout.startswith("pnp (Dossier) ")
    listed = run(installed, "pnp", "list")
    assert listed.returncode == 0 and "above-top-secret" in listed.stdout
    help_text = " ".join(run(installed, "pnp", "build", "--help").stdout.split())
    for option in ("--paper", "--duplex", "--bleed", "--orientation", "--out"):
        assert option in help_text
    assert "print: paper, else a4)" in help_text and "print: duplex, else long)" in help_text
    assert "print: bleed, else 3.0)" in help_text and "(default: out)" in help_text


def test_build_every_bundled_game_and_a_new_one(installed):
    _, work = installed
    assert run(installed, "pnp", "build", "above-top-secret", "--out", "one", "-q"
               ).returncode == 0
    assert (work / "one" / "above-top-secret" / "cards.pdf").is_file()  # the decks share it
    done = run(installed, "pnp", "build", "--all", "--out", "all", "-q")
    assert done.returncode == 0, done.stderr
    manifest = json.loads((work / "all" / "above-top-secret" / "manifest.json").read_text())
    assert manifest["items"]
    assert run(installed, "pnp", "new", "mine").returncode == 0
    done = run(installed, "pnp", "build", "mine", "--out", "mine-out", "-q")
    assert done.returncode == 0, done.stderr


def test_errors_point_to_docs_a_pip_user_has(installed):
    _, work = installed
    (work / "empty").mkdir()
    done = run(installed, "pnp", "build", "empty")
    assert done.returncode == 2
    assert "pnp docs format" in done.stderr and "docs/format.md" not in done.stderr
    docs = run(installed, "pnp", "docs", "format")
    assert docs.returncode == 0 and "game.yaml" in docs.stdout
    from pnp.cli.main import DOC_TOPICS

    for topic in DOC_TOPICS:  # every topic `pnp docs` offers travels in the wheel
        assert run(installed, "pnp", "docs", topic).returncode == 0, topic


def test_simulate_and_replay(installed):
    _, work = installed
    done = run(installed, "pnp", "simulate", "above-top-secret", "--games", "2", "--jobs", "1",
               "--save", "saves")
    assert done.returncode == 0, done.stderr
    replayed = run(installed, "pnp", "replay", str(work / "saves" / "game-00001.json"))
    assert replayed.returncode == 0 and "Winner" in replayed.stdout


def test_companion_demo_screenshot_with_an_empty_home(installed, tmp_path):
    process, display = xvfb.start()
    try:
        home = tmp_path / "home"
        home.mkdir()
        env = {**xvfb.environment(display, home), "HOME": str(home)}
        env.pop("KIVY_HOME", None)
        shot = tmp_path / "demo.png"
        done = run(installed, "dossier-companion", "--demo", "--screenshot", str(shot), env=env)
        assert done.returncode == 0, done.stderr[-3000:]
        with Image.open(shot) as image:
            colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 20, "the screenshot has no content"
    finally:
        process.terminate()
        process.wait(10)



def test_the_installed_app_resumes_every_save_of_the_kept_fuzz_campaign(installed, tmp_path):
    """Each save of tests/data/saves-fuzz, started on as a fresh start would: a save
    that replays opens its table (or its result), any other is kept aside with a
    notice on the home screen; none stops the app (issue 30)."""
    from companion.core.session import SaveError, read_save

    kept = REPO_ROOT / "tests" / "data" / "saves-fuzz"
    process, display = xvfb.start()
    try:
        env = {**xvfb.environment(display, tmp_path), "HOME": str(tmp_path)}
        done = run(installed, "python", str(REPO_ROOT / "tests" / "ui" / "resume_saves.py"),
                   str(kept), env=env)
    finally:
        process.terminate()
        process.wait(10)
    assert done.returncode == 0, done.stderr[-3000:]
    ended = json.loads(done.stdout.splitlines()[-1])
    assert sorted(ended) == sorted(p.name for p in kept.glob("*.json"))
    for name, shown in ended.items():
        try:
            read_save((kept / name).read_bytes())
        except SaveError:
            assert shown["screen"] == "home" and "set aside" in shown["notice"], (name, shown)
        else:
            assert shown["screen"] in ("table", "gameover"), (name, shown)
