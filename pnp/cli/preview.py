"""`pnp preview GAME`: every piece as it prints, in the browser, drawn again within a
second of each save (previewstate.py keeps it, previewserver.py serves it)."""

from __future__ import annotations

import argparse


def port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def add_command(command) -> None:
    from pnp.cli.options import add_lang_option

    p = command("preview", "show every piece of a game in the browser, as it prints, "
                "updated as its files are saved", cmd_preview)
    p.add_argument("game", metavar="GAME", help="bundled game id or game folder")
    p.add_argument("--port", type=port, default=0, metavar="N",
                   help="the port on 127.0.0.1 to serve the page on (0: a free one, "
                        "printed on start)")
    p.add_argument("--no-browser", action="store_true",
                   help="do not open the page in the browser")
    add_lang_option(p, "")


def cmd_preview(args) -> int:
    import webbrowser

    from pnp.cli.games import UsageError, resolve_game, say
    from pnp.cli.options import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated
    from pnp.cli.previewserver import serve
    from pnp.cli.previewstate import Preview

    folder = resolve_game(args.game)
    preview = Preview(folder, args.lang)
    try:
        server, url = serve(preview, args.port)
    except OSError as exc:
        raise UsageError(f"cannot serve on 127.0.0.1:{args.port}: "
                         f"{exc.strerror or exc}") from None
    print(f"previewing {folder} at {url} (Ctrl-C to stop)", flush=True)
    if not args.no_browser:
        webbrowser.open(url)
    try:
        preview.run()
    except (KeyboardInterrupt, Terminated) as stop:
        say("pnp preview: stopped")
        return EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else EXIT_TERMINATED
    finally:
        server.shutdown()
        server.server_close()
    return 0
