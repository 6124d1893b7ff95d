"""Wall time and peak memory of commands, each run in a fresh wrapper child.

The wrapper (`python -c WRAPPER cmd...`) starts the command, times it and then
reads its own RUSAGE_CHILDREN: since the wrapper has waited for exactly one
child, ru_maxrss is that command's peak resident set, not the bench's.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from dataclasses import dataclass

WRAPPER = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
proc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
wall = time.perf_counter() - start
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
rss *= 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB on Linux
print(json.dumps({"wall": wall, "rss": rss, "rc": proc.returncode,
                  "stderr": proc.stderr.decode(errors="replace")[-2000:]}))
"""


@dataclass
class Run:
    wall: float  # seconds, median over the runs
    peak: int  # bytes, largest over the runs
    walls: list


def run_once(cmd: list[str], cwd=None, env=None) -> tuple[float, int]:
    """(wall seconds, peak RSS bytes) of one run of `cmd`; raises if it fails."""
    out = subprocess.run([sys.executable, "-c", WRAPPER, *cmd], cwd=cwd, env=env,
                         capture_output=True, text=True, check=True)
    report = json.loads(out.stdout)
    if report["rc"] != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {report['rc']}:\n{report['stderr']}")
    return report["wall"], report["rss"]


def measure(cmds: list[list[str]], runs: int, warmup: int = 0, cwd=None, env=None) -> list[Run]:
    """Run the commands in turn, `runs` rounds (after `warmup` unrecorded rounds), so
    that load from elsewhere on the machine falls on all of them alike."""
    results: list[list] = [[] for _ in cmds]
    for round_no in range(warmup + runs):
        for cmd, result in zip(cmds, results, strict=True):
            wall, rss = run_once(cmd, cwd, env)
            if round_no >= warmup:
                result.append((wall, rss))
    return [Run(statistics.median(w for w, _ in r), max(p for _, p in r), [w for w, _ in r])
            for r in results]
