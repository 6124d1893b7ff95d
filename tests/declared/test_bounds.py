"""A counter's bounds (pnp.load.table fills them in; companion.declared.bounds for a table
given as data): no `min` declared is min 0, kept by every change (a tap, a typed number,
an effect); a negative `min` lets it go below 0; a counter that cannot keep the default
is an error where the designer wrote it."""

from __future__ import annotations

import shutil

import pytest

from companion.core.engine import Rejected
from companion.declared.bounds import bounded
from companion.games import register_folder
from pnp import ASSETS
from tests.declared.fixtures import act, counter, effect, hand, session, table
from tests.declared.test_effects import to_play_phase


def coins(s, seat=0):
    return s.state["counters"]["seats"][seat]["coins"]


def test_a_counter_with_no_min_stops_at_0_for_a_tap_a_typed_number_and_an_effect():
    s = session(effects={"crew": [effect("change", counter="coins", by="-5", to=None,
                                         who="self")]})
    to_play_phase(s)  # (the Draw phase allows draws only)
    changes = [a for a in s.rules.legal_actions(s.state) if a["type"] == "change"
               and a["counter"] == "coins"]
    assert [a["delta"] for a in changes] == [1]  # no -1 offered at 0
    with pytest.raises(Rejected, match="D-BOUNDS"):
        act(s, type="change", counter="coins", seat=0, delta=-1)
    with pytest.raises(Rejected, match="D-BOUNDS"):
        act(s, type="change", counter="coins", seat=0, to=-3)
    act(s, type="change", counter="coins", seat=0, delta=1)
    act(s, type="play", card=hand(s.state)[0])  # -5 from 1: kept at 0
    assert coins(s) == 0


def test_a_negative_min_lets_a_counter_go_below_0():
    s = session(counters=[counter("coins", 0, -3)])
    to_play_phase(s)
    act(s, type="change", counter="coins", seat=0, delta=-1)
    act(s, type="change", counter="coins", seat=0, to=-3)
    assert coins(s) == -3
    with pytest.raises(Rejected, match="D-BOUNDS"):
        act(s, type="change", counter="coins", seat=0, delta=-1)


def test_declared_bounds_are_kept_as_written():
    kept = bounded(table(counters=[counter("hp", 10, 2, 20), counter("debt", -2, -9)]))
    assert [(c["min"], c["max"]) for c in kept["counters"]] == [(2, 20), (-9, None)]
    assert [c["min"] for c in bounded(table())["counters"]] == [0, 0, 0, 0]


@pytest.mark.parametrize(("written", "bad"), [
    ("{id: debt, name: Debt, start: -2}", -2),
    ("{id: debt, name: Debt, max: -1, start: -4}", -4)])
def test_a_counter_below_0_with_no_min_is_an_error_where_it_is_written(tmp_path, written,
                                                                        bad):
    folder = tmp_path / "debts"
    shutil.copytree(ASSETS / "example", folder)
    yaml = folder / "game.yaml"
    text = yaml.read_text(encoding="utf-8").replace("id: example", "id: debts", 1)
    anchor = "  counters:\n"
    text = text.replace(anchor, anchor + f"    - {written}\n", 1)
    yaml.write_text(text, encoding="utf-8")
    line = text[:text.index(written)].count("\n") + 1
    column = len("    - ") + written.index("start:") + len("start: ") + 1
    with pytest.raises(ValueError) as raised:
        register_folder(folder)
    message = str(raised.value)
    assert f"{yaml}:{line}:{column}: counter 'debt': start {bad} is below 0" in message
    assert "declare min:" in message


def test_a_table_given_as_data_says_which_counter():
    from companion.declared.spec import register_table

    with pytest.raises(ValueError, match=r"table: counter 'debt': start -1 is below 0"):
        register_table("debts", "Debts", table(counters=[counter("hp", 10, 0),
                                                         counter("debt", -1)]), games={})
