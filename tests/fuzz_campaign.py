"""A fuzzing campaign over the bundled games: mutate a game folder (tests/mutations.py),
run `pnp check` on it (or `pnp build`, for a share of the cases), and report every
finding: a traceback, an internal error (exit 70), an exit other than 0 or 2, a
message that is not located (`file:line:col: ...`; a warning names at least its
file and line), a hang, or a file left behind after a failure (an output folder, a
staging folder or a folder set aside). --export-share runs a share of the cases as
`pnp export` in several formats; --stacked makes one to three mutations a case.

    .venv/bin/python tests/fuzz_campaign.py                       # 300 cases a game
    .venv/bin/python tests/fuzz_campaign.py --game top-secret --cases 1000 --jobs 2
    .venv/bin/python tests/fuzz_campaign.py --game geheime-mission --case 17 --keep /tmp/c

Each case is seeded by (--seed, game, case number), so `--case N` replays case N
exactly (and `--keep DIR` leaves its mutated folder and output there). Each case
runs in a child forked from this process once pnp is imported (no interpreter
start-up to pay; nothing one case does reaches another), killed after --timeout
seconds (a hang). Findings are grouped by their cause (the exception and the
innermost pnp frame, or the message with its numbers and names taken out); the
summary gives, for each game, the cases run, how they ended, and each group with
its first case. --report FILE writes it all as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # the mutations, and the pnp beside them
from mutations import copy_game, mutate  # noqa: E402

from pnp import BUNDLED_GAMES  # noqa: E402
from pnp.cli.main import main  # noqa: E402

LOCATED = re.compile(r"^\S[^:]*:(\d+:\d+|\d+(: column '[^']*')?|[^:!]+![A-Z]+\d+): \S")
WARNED = re.compile(r"^\S[^:]*:\d+(:\d+)?: \S")
FINE = re.compile(r"^(\d+ problem\(s\); nothing was written|warning: .*|note: .*)$")
OPTIONS = [[], [], ["--paper", "letter"], ["--duplex", "fold"], ["--duplex", "none"],
           ["--separated"], ["--bleed", "0"], ["--players", "2"], ["--printer-margin", "0"],
           ["--bleed", "10", "--paper", "letter"], ["--back-offset", "1.5,-0.5"],
           ["--safe-margin", "0"], ["--separated", "--duplex", "short"]]  # each builds all
EXPORTS = [["--format", "png", "--dpi", "30"], ["--format", "sheet", "--dpi", "30"],
           ["--format", "tts", "--dpi", "30"], ["--format", "csv"],
           ["--format", "showcase", "--width", "600"], ["--format", "png", "--dpi", "30",
                                                       "--corners", "3"]]


def run_case(game: str, number: int, seed: int, build_share: float, where: Path,
             export_share: float = 0.0, stacked: bool = False) -> dict:
    """Mutate a copy of the game in `where` and say what the command will be."""
    rng = random.Random(f"{seed}:{game}:{number}")
    folder = copy_game(BUNDLED_GAMES / game, where / "game")
    done = mutate(rng, folder, rng.choice((1, 1, 1, 2, 3)) if stacked else 1)
    build = rng.random() < build_share
    export = not build and rng.random() < export_share
    args = ["check", str(folder)]
    if build:
        args = ["build", str(folder), "--out", str(where / "out"), "-q", *rng.choice(OPTIONS)]
    elif export:
        args = ["export", str(folder), "--out", str(where / "out"), "-q", *rng.choice(EXPORTS)]
    if game == "geheime-mission" and rng.random() < 0.2:  # its second language, or both
        args += ["--lang", rng.choice(["en", "all"])]
    return {"game": game, "case": number, "mutation": done, "args": args}


def child(args: list, where: Path) -> None:
    """In the forked child: run pnp, its stderr to a file; exit with its status."""
    err = os.open(where / "stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(err, 2)
    sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
    try:
        code = main(args)
    except SystemExit as leaving:  # argparse
        code = leaving.code if isinstance(leaving.code, int) else 2
    except BaseException:  # noqa: BLE001 - a traceback is what the campaign looks for
        import traceback

        traceback.print_exc()
        code = 99
    sys.stderr.flush()
    os._exit(code)


def judge(case: dict, code: int | None, err: str, where: Path) -> list[str]:
    """The findings of one case (empty: it ended as it should)."""
    found = []
    if code is None:
        return ["hang"]
    if "Traceback" in err or code == 99:
        found.append("traceback: " + traceback_cause(err))
    if "internal error" in err or code == 70:
        line = next((x for x in err.splitlines() if "internal error" in x), err[-200:])
        found.append("internal error: " + normal(line.split("internal error", 1)[1]))
    if code not in (0, 2, 70, 99):
        found.append(f"exit {code}")
    if code == 2 and not found:
        lines = [line for line in err.splitlines() if line and not FINE.match(line)]
        for line in lines:
            if not LOCATED.match(line):
                found.append("unlocated: " + normal(line))
    for line in err.splitlines():  # a warning names its place too (a line, at least)
        if line.startswith("warning: ") and not WARNED.match(line[len("warning: "):]):
            found.append("unlocated warning: " + normal(line))
    out = where / "out"
    if case["args"][0] in ("build", "export") and out.exists():
        if code != 0:
            found.append("left behind: " + ", ".join(sorted(p.name for p in out.iterdir())))
        elif any(out.rglob(".pnp-*")):
            found.append("left behind: a hidden folder after success")
    return list(dict.fromkeys(found))


def traceback_cause(err: str) -> str:
    frames = re.findall(r'File "([^"]*)", line \d+, in (\S+)', err)
    ours = [f"{Path(f).name}:{fn}" for f, fn in frames if "/pnp/" in f]
    last = err.strip().splitlines()[-1] if err.strip() else "?"
    return f"{normal(last)} at {ours[-1] if ours else '?'}"


def normal(text: str) -> str:
    """A message with what varies from case to case taken out, to group by cause."""
    text = re.sub(r"/\S*?/(game|out)/", "", text.strip())
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r'"[^"]*"', '"…"', text)
    return re.sub(r"\d+(\.\d+)?", "N", text)[:160]


def campaign(games: list, cases: range, seed: int, build_share: float, jobs: int,
             timeout: float, keep: Path | None, export_share: float = 0.0,
             stacked: bool = False) -> list[dict]:
    results, running, todo = [], {}, [(g, n) for g in games for n in cases]
    base = Path(tempfile.mkdtemp(prefix="pnp-fuzz-"))
    try:
        while todo or running:
            while todo and len(running) < jobs:
                game, number = todo.pop(0)
                where = (keep or base) / f"{game}-{number}"
                shutil.rmtree(where, ignore_errors=True)
                where.mkdir(parents=True)
                case = run_case(game, number, seed, build_share, where, export_share,
                                stacked)
                pid = os.fork()
                if pid == 0:
                    child(case["args"], where)
                running[pid] = (case, where, time.monotonic() + timeout)
            results += reap(running, keep is None)
            time.sleep(0.005)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return sorted(results, key=lambda r: (r["game"], r["case"]))


def reap(running: dict, tidy: bool) -> list[dict]:
    ended = []
    for pid, (case, where, deadline) in list(running.items()):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done == 0 and time.monotonic() < deadline:
            continue
        if done == 0:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            code = None
        else:
            code = os.waitstatus_to_exitcode(status)
        err = (where / "stderr").read_text(errors="replace")
        case.update(code=code, findings=judge(case, code, err, where), stderr=err[-2000:])
        ended.append(case)
        del running[pid]
        if tidy:
            shutil.rmtree(where, ignore_errors=True)
    return ended


def summary(results: list[dict]) -> str:
    lines = []
    for game in dict.fromkeys(r["game"] for r in results):
        mine = [r for r in results if r["game"] == game]
        runs = {c: sum(r["args"][0] == c for r in mine) for c in ("check", "build", "export")}
        codes = {c: sum(r["code"] == c for r in mine) for c in (0, 2)}
        found = [r for r in mine if r["findings"]]
        lines.append(f"{game}: {len(mine)} cases ({runs['check']} check, {runs['build']} build, "
                     f"{runs['export']} export); "
                     f"exit 0: {codes[0]}, exit 2: {codes[2]}; findings: {len(found)}")
    groups: dict = {}
    for r in results:
        for finding in r["findings"]:
            groups.setdefault(finding, []).append(r)
    lines.append(f"{len(groups)} distinct finding(s)")
    for finding, hit in sorted(groups.items(), key=lambda g: -len(g[1])):
        first = hit[0]
        lines.append(f"- {finding}  [{len(hit)} case(s); first: --game {first['game']} --case "
                     f"{first['case']}: {first['mutation']}; pnp {' '.join(first['args'][:1])}]")
    return "\n".join(lines)


def arguments() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", action="append", help="a bundled game id (default: all five)")
    p.add_argument("--cases", type=int, default=300, help="cases a game (default 300)")
    p.add_argument("--case", type=int, help="run this one case only (to replay it)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--build-share", type=float, default=0.2,
                   help="share of cases run as pnp build (default 0.2)")
    p.add_argument("--export-share", type=float, default=0.0,
                   help="share of cases run as pnp export, of several formats (default 0)")
    p.add_argument("--stacked", action="store_true",
                   help="one to three mutations a case (default: one)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=120, help="seconds before a case hangs")
    p.add_argument("--keep", type=Path, help="leave each case's folder here")
    p.add_argument("--report", type=Path, help="write the results as JSON")
    return p.parse_args()


if __name__ == "__main__":
    args = arguments()
    games = args.game or sorted(p.name for p in BUNDLED_GAMES.iterdir()
                                if (p / "game.yaml").is_file())
    cases = range(args.case, args.case + 1) if args.case is not None else range(args.cases)
    start = time.monotonic()
    found = campaign(games, cases, args.seed, args.build_share, args.jobs, args.timeout,
                     args.keep, args.export_share, args.stacked)
    print(summary(found))
    print(f"{len(found)} cases in {time.monotonic() - start:.0f} s")
    if args.case is not None:
        print(found[0]["stderr"])
    if args.report:
        args.report.write_text(json.dumps(found, indent=1, ensure_ascii=False))
