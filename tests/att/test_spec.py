"""The game's declaration: the armies offered on the new-game form are the YAML's, so
that a further army is its cards and its YAML (issue 23, section 2)."""

from __future__ import annotations

from companion.games.att import SPEC
from companion.games.att.data import tables


def test_the_form_offers_every_army_of_the_yaml_by_its_name():
    offered = {option.id: option.choices for option in SPEC.options}
    armies = tuple((army.id, army.name) for army in tables().armies.values())
    assert offered["army_1"] == offered["army_2"] == armies
    assert len(armies) >= 2
