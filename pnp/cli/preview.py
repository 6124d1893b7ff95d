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
    import contextlib
    import webbrowser

    from pnp.cli.games import UsageError, load_languages, resolve_game, say
    from pnp.cli.options import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated
    from pnp.cli.previewserver import serve
    from pnp.cli.previewstate import Preview
    from pnp.load.errors import InvalidInput

    folder = resolve_game(args.game)
    if args.lang == "all":
        raise UsageError("the preview shows one language at a time: --lang CODE")
    if args.lang:
        with contextlib.suppress(InvalidInput):  # a broken game: the page shows it
            load_languages(folder, args.lang)  # a language it lacks: exit 2 now
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
