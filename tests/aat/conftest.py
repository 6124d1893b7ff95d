import pytest

from companion.games.aat import view
from tests.aat.scenario import Table


@pytest.fixture
def t():
    yield Table()
    view.use_rules(None)
