"""companion.study_line: `pnp simulate`'s progress on a terminal, and nothing elsewhere."""

from __future__ import annotations

import io

from companion.study_line import StudyLine, study_line
from pnp.cli.main import main


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def shown(stream: io.StringIO) -> list[str]:
    """The lines written, in order (each begins with a carriage return)."""
    return [part.rstrip() for part in stream.getvalue().split("\r")[1:]]


def test_the_line_says_games_time_and_time_left_and_is_written_over():
    stream, clock = Terminal(), Clock()
    line = StudyLine("attack-the-tower", 10_000, stream, clock)
    line(0)
    clock.now += 3
    line(400)
    clock.now += 0.1  # sooner than `every`: not written
    line(420)
    clock.now += 0.2
    line(2_500)
    assert shown(stream) == ["attack-the-tower: 0 of 10,000 games, 0 s",
                             "attack-the-tower: 400 of 10,000 games, 3 s, about 72 s left",
                             "attack-the-tower: 2,500 of 10,000 games, 3 s, about 10 s left"]


def test_the_last_game_is_always_shown_and_the_line_wiped_at_the_end():
    stream, clock = Terminal(), Clock()
    line = StudyLine("gm", 5, stream, clock)
    line(4)
    line(5)  # at once, yet the last: written
    written = "gm: 5 of 5 games, 0 s"
    assert shown(stream)[-1] == written
    line.close()
    assert stream.getvalue().endswith("\r" + " " * len(written) + "\r")
    line.close()  # twice: nothing more
    assert stream.getvalue().endswith("\r" + " " * len(written) + "\r")


def test_a_shorter_line_covers_the_end_of_a_longer_one():
    stream, clock = Terminal(), Clock()
    line = StudyLine("g", 1_000, stream, clock)
    clock.now += 5
    line(10)  # with the time left
    clock.now += 1
    line(1_000)  # without
    last = stream.getvalue().split("\r")[-1]
    assert len(last) == len("g: 10 of 1,000 games, 5 s, about 495 s left")


def test_only_a_terminal_gets_a_line():
    assert study_line("g", 10, io.StringIO()) is None
    assert isinstance(study_line("g", 10, Terminal()), StudyLine)


def test_pnp_simulate_shows_its_progress_on_a_terminal_and_wipes_it(monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    for jobs in ("1", "2"):
        assert main(["simulate", "geheime-mission", "--games", "6", "--jobs", jobs]) == 0
        lines = shown(terminal)
        # the last count, then spaces over it and back to the line's start
        assert lines[-3].startswith("geheime-mission: 6 of 6 games, "), lines
        assert lines[-2:] == ["", ""] and terminal.getvalue().endswith("\r")
        assert "6 games in" in capsys.readouterr().out  # the report, on standard output
        terminal.seek(0)
        terminal.truncate()


def test_pnp_simulate_writes_no_progress_elsewhere(capsys):
    assert main(["simulate", "geheime-mission", "--games", "6", "--jobs", "2", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and '"games": 6' in captured.out


def test_the_line_is_no_wider_than_the_terminal(monkeypatch):
    """A wrapped line is not written over (a carriage return goes back to the start of
    its last row only): a long folder game's id is cut at the terminal's width."""
    stream, clock = Terminal(), Clock()
    line = StudyLine("a-designers-game-with-a-very-long-name", 10_000, stream, clock)
    monkeypatch.setattr(line, "columns", lambda: 40)
    line(10)
    assert shown(stream) == ["a-designers-game-with-a-very-long-name:"]
    assert StudyLine("g", 1, Terminal()).columns() == 80  # no terminal: a usual width
    stream = Terminal()
    short = StudyLine("g", 1_000, stream, clock)
    monkeypatch.setattr(short, "columns", lambda: 30)
    clock.now += 5
    short(10)  # the estimate goes, not the count
    assert shown(stream) == ["g: 10 of 1,000 games, 5 s"]
