"""UI tests run the real Kivy window on an Xvfb the tests start and stop."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.ui import xvfb

os.environ.setdefault("KIVY_NO_ARGS", "1")  # before Kivy is imported: leave pytest's argv alone
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "ui"


@pytest.fixture(scope="session")
def display(tmp_path_factory):
    process, name = xvfb.start()
    home = tmp_path_factory.mktemp("kivy-home")
    env = xvfb.environment(name, home)
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    yield env
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def app(display, tmp_path_factory):
    """One app window for every in-process UI test (Kivy makes one window a process)."""
    from kivy.config import Config

    Config.set("graphics", "width", "480")
    Config.set("graphics", "height", "800")
    Config.set("widgets", "scroll_timeout", "40")  # taps decide fast; the driver waits less
    from companion.app.main import DossierApp
    from tests.ui.driver import pump

    application = DossierApp(data_dir=str(tmp_path_factory.mktemp("saves")))
    application._run_prepare()
    pump()
    yield application
    application.stop()
