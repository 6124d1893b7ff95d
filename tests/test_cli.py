"""The command line: every mistake a plain message and exit 2, never a traceback;
help that states defaults; output that is all or nothing."""

from __future__ import annotations

import errno
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.cli.main import main
from pnp.sheets import build


def run(args, capsys):
    code = main(args)
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "internal error" not in out.err, out.err
    return code, out.out, out.err


def command(*args):
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True,
                          timeout=300)


def test_version_and_help_with_defaults():
    assert command("--version").stdout.startswith("pnp (Dossier) ")
    text = command("build", "--help").stdout
    for default in ("--paper {a4,letter,a3,tabloid,legal} paper size: a4 (A4 210 x 297 mm)",
                    "legal (US Legal 215.9 x 355.6 mm) (default: the game's print: paper, else a4)",
                    "(default: the game's print: duplex, else long)",
                    "(default: the game's print: bleed, else 3.0)", "(default: auto)",
                    "(default: out)"):
        assert default in " ".join(text.split()) or default in text, text


def test_a_mistyped_option_gets_the_commands_own_usage_and_a_hint():
    done = command("build", "above-top-secret", "--ot", "x")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("usage: pnp build")
    assert "unrecognized arguments: --ot x; did you mean '--out'?" in done.stderr


def test_an_unknown_game_lists_the_bundled_ones(capsys):
    code, _, err = run(["build", "above-top-secrt"], capsys)
    assert code == 2
    assert "no game 'above-top-secrt'" in err and "did you mean 'above-top-secret'?" in err
    assert "bundled: above-top-secret" in err


def test_out_naming_a_file_is_refused(game, tmp_path, capsys):
    (tmp_path / "afile").write_text("x")
    code, _, err = run(["build", str(game), "--out", str(tmp_path / "afile"), "-q"], capsys)
    assert code == 2 and "is a file, not a folder" in err


@pytest.mark.parametrize("args,message", [
    (["simulate", "above-top-secret", "--games", "0"], "must be at least 1"),
    (["simulate", "above-top-secret", "--jobs", "0"], "must be at least 1"),
    (["simulate", "above-top-secret", "--seed", "-5"], "must be between 0"),
    (["simulate", "no-such-game"], "no rules engine for 'no-such-game'"),
    (["build", "x", "--bleed", "nan"], "between 0 and 10 mm"),
])
def test_bad_numbers_and_names_on_the_command_line(capsys, args, message):
    with pytest.raises(SystemExit) as leaving:
        code = main(args)
        raise SystemExit(code)
    err = capsys.readouterr().err
    assert leaving.value.code == 2 and message in err, err


@pytest.mark.parametrize("content", ["{}", "[]", "null", '"x"', "", "\x00\xff",
                                     '{"format": "dossier-save", "version": true}'])
def test_replay_of_a_bad_save_is_a_plain_message(tmp_path, capsys, content):
    save = tmp_path / "s.json"
    save.write_text(content, encoding="utf-8", errors="surrogateescape")
    code, _, err = run(["replay", str(save)], capsys)
    assert code == 2 and err.startswith(f"pnp replay: {save}: "), err
    assert err.strip() != f"pnp replay: {save}: ''"


def test_progress_lines_count_pieces_in_words(game, tmp_path, capsys):
    code, _, err = run(["build", str(game), "--out", str(tmp_path / "o")], capsys)
    assert code == 0
    assert "crew (6 cards)" in err and "rules (1 sheet)" in err
    assert "tokens (7 tokens)" in err and "dice (1 die)" in err
    assert "items)" not in err


def test_a_build_for_other_paper_says_what_it_replaced(game, tmp_path, capsys):
    out = tmp_path / "o"
    assert run(["build", str(game), "--out", str(out), "-q"], capsys)[0] == 0
    code, _, err = run(["build", str(game), "--out", str(out), "-q", "--paper", "letter"],
                       capsys)
    assert code == 0 and "replaced the earlier build (paper a4" in err and "paper letter" in err
    manifest = json.loads((out / "star-patrol" / "manifest.json").read_text())
    assert manifest["paper"] == "letter"


def test_files_of_a_removed_component_do_not_linger(game, tmp_path, capsys):
    out = tmp_path / "o"
    assert run(["build", str(game), "--out", str(out), "-q"], capsys)[0] == 0
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text[:text.index("  - id: dice")])
    assert run(["build", str(game), "--out", str(out), "-q"], capsys)[0] == 0
    assert sorted(p.name for p in (out / "star-patrol").iterdir()) == [
        "crew.pdf", "manifest.json", "print-guide.pdf", "rules.pdf", "tokens.pdf"]


def test_a_full_disk_leaves_nothing_behind(game, tmp_path, capsys, monkeypatch):
    def full(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    opened = Path.open  # the manifest is written a line at a time, through Path.open

    def open_full(self, mode="r", *args, **kwargs):
        return full(self) if "w" in mode else opened(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    monkeypatch.setattr(Path, "open", open_full)
    out = tmp_path / "o"
    code, _, err = run(["build", str(game), "--out", str(out), "-q"], capsys)
    assert code == 2 and "No space left on device" in err
    assert not out.exists()


def test_a_folder_that_cannot_be_written(game, tmp_path, capsys, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    code, _, err = run(["build", str(game), "--out", str(tmp_path / "o"), "-q"], capsys)
    assert code == 2 and "Permission denied" in err


def test_ctrl_c_ends_quietly_and_writes_nothing(game, tmp_path, capsys, monkeypatch):
    calls = []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return original(*args, **kwargs)

    original = build.render_file
    monkeypatch.setattr(build, "render_file", interrupted)
    out = tmp_path / "o"
    code, _, err = run(["build", str(game), "--out", str(out), "-q"], capsys)
    assert code == 130 and "interrupted; nothing was written" in err
    assert not out.exists()


def test_docs_are_printed_from_the_install(capsys):
    code, text, _ = run(["docs", "format"], capsys)
    assert code == 0 and "game.yaml" in text


@pytest.mark.parametrize("args", [["docs", "format"], ["docs", "tutorial"]])
def test_a_reader_that_leaves_early_ends_the_command_quietly(args):
    """`pnp docs format | head -2`: the pipe is made one page small, so the command is
    still writing when the reader closes it (a closed pipe, not a missing file)."""
    import fcntl
    import os

    read, write = os.pipe()
    fcntl.fcntl(write, fcntl.F_SETPIPE_SZ, 4096)
    process = subprocess.Popen([sys.executable, "-m", "pnp", *args], stdout=write,
                               stderr=subprocess.PIPE, text=True)
    os.close(write)
    with os.fdopen(read, "rb") as reader:
        first = reader.readline()
    _, err = process.communicate(timeout=300)
    assert first.strip(), "the command wrote nothing"
    assert err == "", err
    assert process.returncode in (0, 1)
