"""The `pnp` command's entry point (the console script and `python -m pnp`), kept to
what imports in an instant: a Ctrl-C while the rest of pnp loads and the command line
is parsed ends quietly (exit 130), as it does while the command runs, never with a
KeyboardInterrupt traceback."""

import sys

EXIT_INTERRUPTED = 130


def main(argv: list[str] | None = None) -> int:
    try:
        from pnp.cli.main import main as run

        return run(argv)
    except KeyboardInterrupt:  # while importing; cli.main() says it for the rest
        print("pnp: interrupted; nothing was written", file=sys.stderr, flush=True)
        return EXIT_INTERRUPTED
