"""companion.app.renderer: multisampling is turned off only for a software renderer,
before the window is made, and Kivy's own setting still wins."""

from __future__ import annotations

import sys
import types

import pytest

from companion.app import renderer


def test_mesa_variables_ask_for_software():
    assert renderer.software_renderer({"LIBGL_ALWAYS_SOFTWARE": "1"}, "darwin")
    assert renderer.software_renderer({"GALLIUM_DRIVER": "llvmpipe"}, "win32")
    assert not renderer.software_renderer({"LIBGL_ALWAYS_SOFTWARE": "0"}, "darwin")
    assert not renderer.software_renderer({}, "win32")


def test_linux_without_a_gpu_device_is_software(monkeypatch):
    monkeypatch.setattr(renderer.glob, "glob", lambda pattern: [])
    assert renderer.software_renderer({}, "linux")
    assert not renderer.software_renderer({"ANDROID_ARGUMENT": "/data/app"}, "linux")
    monkeypatch.setattr(renderer.glob, "glob",
                        lambda pattern: ["/dev/dri/card0"] if "dri" in pattern else [])
    assert not renderer.software_renderer({}, "linux")


@pytest.fixture
def software(monkeypatch):
    """A software renderer, Kivy's setting unset; whatever a test sets is undone (a
    delenv of an unset name records nothing, so the name is set first)."""
    monkeypatch.setattr(renderer, "software_renderer", lambda: True)
    monkeypatch.setenv(renderer.SETTING, "")
    monkeypatch.delenv(renderer.SETTING)


def test_before_kivy_reads_its_configuration_the_environment_says_it(software, monkeypatch):
    monkeypatch.delitem(sys.modules, "kivy.config", raising=False)
    renderer.plain_edges_in_software()
    assert renderer.os.environ[renderer.SETTING] == "0"


def test_after_kivy_read_it_the_configuration_is_set(software, monkeypatch):
    told = {}
    config = types.SimpleNamespace(set=lambda *key: told.setdefault("set", key))
    monkeypatch.setitem(sys.modules, "kivy.config", types.SimpleNamespace(Config=config))
    renderer.plain_edges_in_software()
    assert told["set"] == ("graphics", "multisamples", "0")
    assert renderer.SETTING not in renderer.os.environ


def test_kivys_own_setting_and_a_gpu_are_left_alone(monkeypatch):
    monkeypatch.setenv(renderer.SETTING, "2")
    monkeypatch.setattr(renderer, "software_renderer", lambda: True)
    renderer.plain_edges_in_software()
    assert renderer.os.environ[renderer.SETTING] == "2"
    monkeypatch.delenv(renderer.SETTING)
    monkeypatch.setattr(renderer, "software_renderer", lambda: False)
    renderer.plain_edges_in_software()
    assert renderer.SETTING not in renderer.os.environ
