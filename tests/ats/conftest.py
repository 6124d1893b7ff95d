import pytest

from companion.games.ats.data import cards
from tests.ats.scenario import Table


@pytest.fixture
def table():
    made: list = []
    yield Table(made)
    for card_id in made:
        cards()[0].pop(card_id, None)
