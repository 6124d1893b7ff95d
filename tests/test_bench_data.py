"""The bench's generated games stay valid as the bundled games change: the bench only
prints figures and is not part of the suite, so a grown deck the checker refuses (as
when Above Top Secret's pictures came to be chosen by card id) went unseen."""

from __future__ import annotations

import sys

from pnp.cli.main import main

sys.path.insert(0, str(__import__("pnp").REPO_ROOT / "bench"))
from grown import write_grown_ats  # noqa: E402


def test_the_grown_above_top_secret_checks_clean(tmp_path, capsys):
    folder = write_grown_ats(tmp_path / "grown", count=120)
    assert main(["check", str(folder)]) == 0, capsys.readouterr().out[-2000:]
