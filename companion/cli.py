"""`pnp replay`, `pnp simulate`, `pnp play` and `pnp table-gallery`: the companion's
rules engines and app from the command line, added to pnp as a plugin (the
`pnp.commands` entry point in pyproject.toml)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from pnp.cli.argtypes import ranged

EXIT_INVALID = 2
MAX_SEED = 2**32 - 1


def add_commands(command) -> None:
    from pnp.cli.options import positive

    r = command("replay", "re-run a saved game and print its log and result", cmd_replay)
    r.add_argument("file", metavar="FILE", help="a save file (the companion's or simulate's)")
    r.add_argument("--json", action="store_true", help="print the result as JSON")
    s = command("simulate", "AI players play complete games", cmd_simulate)
    s.add_argument("game", metavar="GAME",
                   help="id of a game with a rules engine, or a game folder with a table:")
    s.add_argument("--games", type=positive, default=100, help="games to play")
    s.add_argument("--seed", type=seed, default=1, help=f"0 to {MAX_SEED}; same seed, same games")
    s.add_argument("--ai", default=None,
                   help="strategy per seat, e.g. greedy,random (the game's AIs; default "
                        "greedy,greedy, a folder game's random for its fewest players)")
    s.add_argument("--rotate", action="store_true", help="rotate strategies over the seats")
    s.add_argument("--json", action="store_true", help="print the report as JSON")
    s.add_argument("--save", metavar="DIR", help="write every game as a save file")
    s.add_argument("--jobs", type=positive, default=os.cpu_count() or 1,
                   help="processes to play in (one per core; results do not depend on it)")
    p = command("play", "play a game folder's table in the companion app", cmd_play)
    p.add_argument("folder", metavar="FOLDER", help="a game folder whose game.yaml has a table:")
    p.add_argument("rest", nargs="...", help="more options for the companion app")
    g = command("table-gallery", "draw every widget of a declared table with the YAML that "
                "makes it: DIR/table-gallery.md and DIR/table-gallery/*.png (the companion "
                "draws them: it needs a display, e.g. xvfb-run -a)", cmd_table_gallery)
    g.add_argument("--out", default="docs", metavar="DIR", help="where table-gallery.md goes")


seed = ranged(int, 0, MAX_SEED, "a whole number")


def cmd_replay(args) -> int:
    from companion.core.session import SaveError, read_save_file
    from pnp.cli.games import UsageError

    try:
        session = read_save_file(Path(args.file))
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    except SaveError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    rules, state = session.rules, session.state
    if session.notice:
        print(f"{args.file}: {session.notice} ({session.changed})", file=sys.stderr)
    if args.json:
        print(json.dumps({"game": rules.game_id, "actions": len(session.actions),
                          "over": rules.is_over(state), "winners": rules.winning_seats(state),
                          "state": state, "log": [e["text"] for e in session.log()]}))
        return 0
    for event in session.log():
        print(event["text"])
    print()
    print(rules.summary(state))
    return 0


def seat_strategies(strategies: list, index: int, setups: int) -> list:
    """`--rotate`: the strategy each seat of game `index` plays. The simulator plays
    its setups in turn (game i: setup i % setups), so the strategies move on a seat
    once every round of setups: each setup (a pairing of armies, who attacks) is then
    played with every strategy in every seat, not always with the same one."""
    turn = index // setups
    return [strategies[(seat + turn) % len(strategies)] for seat in range(len(strategies))]


def cmd_simulate(args) -> int:
    from companion.core.simulate import simulate
    from companion.games import GAMES, agents_of, is_game_folder, register_folder, rules_for
    from companion.study_line import study_line
    from pnp.cli.games import UsageError, say
    from pnp.cli.options import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated

    if is_game_folder(args.game):  # a designer's own game folder
        try:
            args.game = register_folder(args.game)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if args.game not in GAMES:
        raise UsageError(f"no rules engine for '{args.game}' (engines: "
                         f"{', '.join(sorted(GAMES))})")
    rules = rules_for(args.game)
    agents = agents_of(args.game)
    if args.ai is None:
        low = GAMES[args.game].players.counts[0]
        args.ai = "greedy,greedy" if "greedy" in agents else ",".join(["random"] * low)
    strategies = args.ai.split(",")
    if any(name not in agents for name in strategies):
        raise UsageError(f"--ai takes a comma-separated list of {', '.join(agents)}")
    try:
        setup = rules.simulation_setups(len(strategies))
    except ValueError as exc:
        raise UsageError(f"--ai: {exc}") from None
    save_dir = Path(args.save) if args.save else None
    if save_dir is not None and save_dir.exists() and not save_dir.is_dir():
        raise UsageError(f"--save {save_dir} is a file, not a folder")

    def make(index):
        names = seat_strategies(strategies, index, len(setup)) if args.rotate else strategies
        return [agents[n](args.seed * 7919 + index * 31 + s) for s, n in enumerate(names)], names

    line = study_line(rules.game_id, args.games)
    try:
        report = simulate(rules, make, args.games, args.seed, setup, save_dir, jobs=args.jobs,
                          progress=line)
    except (KeyboardInterrupt, Terminated) as stop:
        if line is not None:  # wiped before any word is said
            line.close()
        if save_dir is None:
            raise
        for part in save_dir.glob(".game-*.json.part"):  # a save cut off mid-write
            part.unlink(missing_ok=True)
        saved = len(list(save_dir.glob("game-*.json")))
        how = "interrupted" if isinstance(stop, KeyboardInterrupt) else "terminated"
        say(f"pnp simulate: {how}; no report, {saved} saved game(s) in {save_dir}")
        return EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else EXIT_TERMINATED
    finally:
        if line is not None:
            line.close()
    data = report.as_json(rules)
    if args.json:
        print(json.dumps(data))
        return 0 if not report.invariant_failures else 1
    print(f"{data['games']} games in {data['seconds']} s "
          f"({data['games'] / max(data['seconds'], 1e-9):.0f} games/s)")
    for seat_no, wins in data["wins_by_seat"].items():
        print(f"  seat {int(seat_no) + 1}: {wins} wins ({100 * wins / data['games']:.1f} %)")
    for name, seats in data["games_by_strategy"].items():
        wins = data["wins_by_strategy"].get(name, 0)
        print(f"  {name}: {wins} wins in {seats} seats ({100 * wins / seats:.1f} %)")
    print(f"  draws: {data['draws']}, average actions: {data['avg_actions']}")
    text = rules.report(data["statistics"])
    if text:
        print(text)
    print(f"invariant failures: {len(report.invariant_failures)}")
    for failure in report.invariant_failures[:20]:
        print(f"  game seed {failure['seed']}, action {failure['action']}: {failure['message']}")
    sys.stdout.flush()
    return 0 if not report.invariant_failures else 1


def cmd_play(args) -> int:
    """The companion app on a game folder's table (its `--game` option)."""
    from companion.__main__ import main
    from companion.games import is_game_folder
    from pnp.cli.games import UsageError

    if not is_game_folder(args.folder):
        raise UsageError(f"{args.folder} is not a game folder (no game.yaml)")
    return main(["--game", str(Path(args.folder)), *args.rest]) or 0


def cmd_table_gallery(args) -> int:
    """The companion's table gallery (companion.gallery), drawn by the app in a window:
    DIR/table-gallery.md and its pictures, all or nothing; the pictures an older page
    named that this one does not are dropped with it (nothing else is)."""
    import shutil
    import tempfile

    from companion.gallery import draw, pictures_named
    from pnp import ASSETS
    from pnp.cli.games import UsageError
    from pnp.sheets.output import Output

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise UsageError("the companion app draws the pictures and needs a display (none "
                         f"is set): xvfb-run -a pnp table-gallery --out {args.out}")
    out = Path(args.out)
    page = out / "table-gallery.md"
    try:
        old = set(pictures_named(page.read_text(encoding="utf-8")))
    except OSError:
        old = set()
    with tempfile.TemporaryDirectory(prefix="dossier-table-gallery-") as temp:
        text = draw(ASSETS / "example", Path(temp))
        names = pictures_named(text)
        output = Output(out)
        try:
            folder = output.folder("table-gallery")
            for name in names:
                shutil.copyfile(Path(temp) / name, output.temporary(folder / name))
            output.write_text(page, text)
            output.removed += [folder / name for name in old - set(names)]
            output.commit()
        except BaseException:
            output.discard()
            raise
    print(f"table gallery: {page} and {len(names)} pictures in {folder}/")
    return 0
