"""The balance study under expert play (companion/games/ats/expert_study.py)."""

from __future__ import annotations

from companion.games.ats.data import cards
from companion.games.ats.expert_study import study, summary


def test_the_study_starts_the_experts_with_lines_of_every_kind():
    rules, report = study(4, 2)
    starts = {key[6:] for key, n in report.counters.items() if key.startswith("start:") and n}
    assert report.games == 4 and sum(report.wins_by_seat.values()) + report.draws == 4
    assert len(starts) > 20  # 40 cards dealt at random; the preferred line would be 5
    assert starts <= set(cards()[0])
    text = summary(rules, report)
    assert text.startswith("4 games") and "D5-08 Powered Armor" in text
