"""The `pnp` command: build, check, list, new, (and later replay, simulate)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from pnp import BUNDLED_GAMES
from pnp.errors import InvalidInput

EXIT_INVALID = 2


def resolve_game(name: str) -> Path:
    """A game id of a bundled game, or a path to any game folder."""
    path = Path(name)
    if (path / "game.yaml").is_file() or path.exists():
        return path
    bundled = BUNDLED_GAMES / name
    return bundled if bundled.is_dir() else path


def bundled_ids() -> list[str]:
    return sorted(p.name for p in BUNDLED_GAMES.iterdir() if (p / "game.yaml").is_file()) \
        if BUNDLED_GAMES.is_dir() else []


def add_print_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")
    parser.add_argument("--duplex", choices=("long", "short", "none", "fold"), default="long",
                        help="long/short: backs on the next page, mirrored for that duplex "
                             "flip; none: backs on pages of their own after the fronts; "
                             "fold: fronts and backs side by side with a fold line")
    parser.add_argument("--bleed", type=float, default=3.0, metavar="MM")
    parser.add_argument("--orientation", choices=("auto", "portrait", "landscape"),
                        default="auto")
    parser.add_argument("--separated", action="store_true",
                        help="cards apart, each with its full bleed (fewer per page)")


def options_from(args):
    from pnp.build import Options

    if not 0 <= args.bleed <= 10:
        print("pnp: --bleed must be between 0 and 10 mm", file=sys.stderr)
        raise SystemExit(EXIT_INVALID)
    return Options(paper=args.paper, duplex=args.duplex, bleed=args.bleed,
                   orientation=args.orientation, separated=args.separated)


def cmd_build(args) -> int:
    from pnp.build import build_game
    from pnp.game import load_game

    games = args.games or (bundled_ids() if args.all else [])
    if not games:
        print("pnp build: name a game (or --all)", file=sys.stderr)
        return EXIT_INVALID
    options = options_from(args)
    loaded = [load_game(resolve_game(name)) for name in games]  # all valid before any write
    for game in loaded:
        start = time.perf_counter()
        result = build_game(game, Path(args.out), options,
                            progress=None if args.quiet else lambda m: print(m, file=sys.stderr))
        for warning in result.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        if not args.quiet:
            print(f"{game.id}: {len(result.files) - 1} PDFs, {result.pages} pages in "
                  f"{time.perf_counter() - start:.2f} s -> {Path(args.out) / game.id}")
    return 0


def cmd_check(args) -> int:
    from pnp.build import check_game
    from pnp.game import load_game

    game = load_game(resolve_game(args.game))
    result = check_game(game, options_from(args))
    for warning in result.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    count = sum(item.copies for comp in game.components for item in comp.items)
    print(f"{game.id}: OK ({len(game.components)} components, {count} items, "
          f"{len(result.warnings)} warnings)")
    return 0


def cmd_list(args) -> int:
    from pnp.game import load_game

    for game_id in bundled_ids():
        try:
            game = load_game(BUNDLED_GAMES / game_id)
            parts = ", ".join(f"{c.id} ({sum(i.copies for i in c.items)})"
                              for c in game.components)
            print(f"{game.id:22} {game.name}: {parts}")
        except InvalidInput as exc:
            print(f"{game_id:22} INVALID ({len(exc.problems)} problems)")
    return 0


def cmd_new(args) -> int:
    from pnp.newgame import create

    path = create(Path(args.dir))
    print(f"created {path}: build it with `pnp build {path}`")
    return 0


def cmd_replay(args) -> int:
    import json

    from companion.core.session import SaveError, replay
    from companion.games import rules_for

    try:
        data = json.loads(Path(args.file).read_text())
        rules = rules_for(data.get("game", ""))
        session = replay(rules, data)
    except (OSError, ValueError, KeyError, SaveError) as exc:
        print(f"pnp replay: {args.file}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    state = session.state
    if args.json:
        print(json.dumps({"game": rules.game_id, "actions": len(session.actions),
                          "winner": state.get("winner"), "round": state.get("round"),
                          "state": state, "log": [e["text"] for e in session.log()]}))
        return 0
    for event in session.log():
        print(event["text"])
    print()
    print(rules.summary(state))
    return 0


def cmd_simulate(args) -> int:
    import json

    from companion.core.simulate import simulate
    from companion.games import rules_for

    try:
        rules = rules_for(args.game)
    except KeyError:
        print(f"pnp simulate: no rules engine for '{args.game}'", file=sys.stderr)
        return EXIT_INVALID
    strategies = args.ai.split(",")
    agents = rules.agents()
    if any(name not in agents for name in strategies):
        print(f"pnp simulate: --ai takes {', '.join(agents)}", file=sys.stderr)
        return EXIT_INVALID
    setup = rules.simulation_setup(len(strategies))

    def make(index):
        names = [strategies[(seat + index) % len(strategies)] if args.rotate else
                 strategies[seat] for seat in range(len(strategies))]
        return [agents[n](args.seed * 7919 + index * 31 + s) for s, n in enumerate(names)], names

    report = simulate(rules, make, args.games, args.seed, setup,
                      Path(args.save) if args.save else None, jobs=max(1, args.jobs))
    data = report.as_json()
    if args.json:
        print(json.dumps(data))
        return 0 if not report.invariant_failures else 1
    print(f"{data['games']} games in {data['seconds']} s "
          f"({data['games'] / max(data['seconds'], 1e-9):.0f} games/s)")
    for seat, wins in data["wins_by_seat"].items():
        print(f"  seat {int(seat) + 1}: {wins} wins ({100 * wins / data['games']:.1f} %)")
    for name, seats in data["games_by_strategy"].items():
        wins = data["wins_by_strategy"].get(name, 0)
        print(f"  {name}: {wins} wins in {seats} seats ({100 * wins / seats:.1f} %)")
    print(f"  draws: {data['draws']}, average rounds: {data['avg_rounds']}")
    print(rules.report_cards(data["counters"], data["games"]))
    print(f"invariant failures: {len(report.invariant_failures)}")
    for failure in report.invariant_failures[:20]:
        print(f"  game seed {failure['seed']}, action {failure['action']}: {failure['message']}")
    return 0 if not report.invariant_failures else 1


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pnp", description="Dossier print-and-play toolkit")
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="render games to print-ready PDFs")
    b.add_argument("games", nargs="*", metavar="GAME", help="game id or folder")
    b.add_argument("--all", action="store_true", help="every bundled game")
    b.add_argument("--out", default="out", metavar="DIR")
    b.add_argument("--quiet", "-q", action="store_true")
    add_print_options(b)
    b.set_defaults(run=cmd_build)
    c = sub.add_parser("check", help="validate a game without writing anything")
    c.add_argument("game", metavar="GAME")
    add_print_options(c)
    c.set_defaults(run=cmd_check)
    sub.add_parser("list", help="list the bundled games").set_defaults(run=cmd_list)
    r = sub.add_parser("replay", help="re-run a saved game and print its log and result")
    r.add_argument("file", metavar="FILE")
    r.add_argument("--json", action="store_true")
    r.set_defaults(run=cmd_replay)
    s = sub.add_parser("simulate", help="AI players play complete games")
    s.add_argument("game", metavar="GAME")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--ai", default="greedy,greedy", help="strategy per seat, e.g. greedy,random")
    s.add_argument("--rotate", action="store_true", help="rotate strategies over the seats")
    s.add_argument("--json", action="store_true")
    s.add_argument("--save", metavar="DIR", help="write every game as a save file")
    s.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="processes to play in (default: one per core; results do not "
                        "depend on it)")
    s.set_defaults(run=cmd_simulate)
    n = sub.add_parser("new", help="start a new game folder from a working example")
    n.add_argument("dir", metavar="DIR")
    n.set_defaults(run=cmd_new)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except InvalidInput as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{len(exc.problems)} problem(s); nothing was written", file=sys.stderr)
        return EXIT_INVALID
    except FileExistsError as exc:
        print(f"pnp: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except ValueError as exc:
        print(f"pnp: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except BrokenPipeError:  # `pnp ... | head`: the reader left; end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
