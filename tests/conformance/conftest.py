"""Every conformance test runs with the folder games in the registry (folders.py)."""

from __future__ import annotations

import pytest

from tests.conformance.folders import joined


@pytest.fixture(autouse=True)
def folder_games():
    with joined():
        yield
