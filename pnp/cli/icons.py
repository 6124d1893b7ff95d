"""`pnp icons add` and `pnp icons search`: game-icons.net pictures as a game's icons.

`add` draws each named picture into one of the game's icon files as a one-colour
`path:` shape (so a layout gives it the piece's colour) and puts its credit in the
game's CREDITS.md, which the layouts print from (pnp.load.credits). Every picture is
found and drawn before anything is written; then both files are written whole
(temporary name, fsync, rename), so a failure leaves the game as it was."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

from pnp.author import iconlib
from pnp.author.iconfiles import IconFileError, with_icons
from pnp.cli.games import UsageError, resolve_game, say
from pnp.load import credits

NOTES = textwrap.fill(
    f"The {iconlib.SOURCE} pictures come from the `{iconlib.PACKAGE}` package (version "
    f"{iconlib.VERSION}, the icon set of https://github.com/game-icons/icons; each author as "
    "in that repository's folders, or \"game-icons.net contributors\" where none was given). "
    f"Licence: Creative Commons Attribution 3.0 Unported (CC BY 3.0), {iconlib.LICENCE_URL}. "
    "Changes: each SVG path is redrawn as straight segments (its curves flattened to within "
    f"{iconlib.TOLERANCE} of the 100 x 100 icon box) and filled even-odd in one colour, chosen "
    "by each piece, without the set's background square.", width=90, break_on_hyphens=False)
HEADER = (f"# Pictures from {iconlib.SOURCE} ({iconlib.LICENCE}; authors in CREDITS.md), "
          "drawn by `pnp icons add`:\n# each SVG path with its curves flattened to straight "
          "segments and filled even-odd.")


def add_commands(command) -> None:
    """`pnp icons` with its two actions (pnp.cli.main's `command` helper makes the parser)."""
    parser = command("icons", "pictures from game-icons.net as a game's icons, credited",
                     run_icons)
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = actions.add_parser(
        "add", help="draw pictures into the game's icon file and credit them in CREDITS.md",
        description="Draw each picture into one of the game's icon files as a one-colour "
        "`path:` shape and add its credit (icon, picture, author, source, licence) to the "
        "game's CREDITS.md, which a layout prints as {credits.text}. Nothing is written "
        "unless every picture is found.")
    add.add_argument("game", metavar="GAME", help="bundled game id or game folder")
    add.add_argument("pictures", nargs="+", metavar="NAME=game-icons:ICON-ID",
                     help="the icon's name in the game, and the picture (`pnp icons search`)")
    add.add_argument("--author", default=iconlib.ANYONE,
                     help="who drew these pictures, as game-icons.net names them (the "
                          "package has no author per picture)")
    add.add_argument("--file", metavar="FILE",
                     help="icon file to write, one game.yaml lists under `icons` (default: "
                          "the file that has the icon already, else the last listed)")
    add.add_argument("--replace", action="store_true",
                     help="redraw an icon the game has already")
    _from_option(add)
    search = actions.add_parser("search", help="list the picture ids that contain words",
                                description="List the ids of game-icons.net pictures "
                                "containing every WORD (see them at https://game-icons.net).")
    search.add_argument("words", nargs="+", metavar="WORD")
    _from_option(search)


def _from_option(parser) -> None:
    parser.add_argument("--from", dest="source", metavar="PATH",
                        help="icons.json of the @iconify-json/game-icons package, the "
                             "unpacked package, its node_modules folder or the .tgz (default: "
                             f"a cached copy of version {iconlib.VERSION}, downloaded from the "
                             "npm registry on first use)")


def run_icons(args) -> int:
    try:
        return (add if args.action == "add" else search)(args)
    except (iconlib.LibraryError, IconFileError) as exc:
        raise UsageError(str(exc)) from None


def search(args) -> int:
    library = iconlib.load(args.source)
    found = library.search(" ".join(args.words))
    for icon_id in found:
        print(icon_id)
    say(f"{len(found)} picture{'' if len(found) == 1 else 's'} in {library.prefix}")
    return 0


def add(args) -> int:
    root = resolve_game(args.game).resolve()
    specs = [iconlib.parse_spec(text) for text in args.pictures]
    names = [name for name, _, _ in specs]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise UsageError(f"icon {', '.join(twice)} named twice")
    files, existing = _icon_files(root)
    library = iconlib.load(args.source)
    pictures, problems = {}, []
    for name, prefix, icon_id in specs:
        if prefix != library.prefix:
            problems.append(f"{name}: '{prefix}' is not an icon set here (only "
                            f"{library.prefix})")
            continue
        try:
            pictures[name] = library.picture(icon_id)
        except KeyError:
            near = library.near(icon_id)
            problems.append(f"{name}: no picture '{icon_id}' in {library.prefix}" +
                            (f" (did you mean {', '.join(near)}?)" if near else
                             " (`pnp icons search WORD` lists them)"))
        except iconlib.LibraryError as exc:
            problems.append(f"{name}: {exc}")
        if name in existing and not args.replace:
            problems.append(f"{name}: the game has this icon already ({existing[name]}); "
                            "--replace redraws it")
    if problems:
        raise UsageError("; ".join(problems) + "; nothing was written")
    writes = _changes(root, files, existing, pictures, args)
    _write_all(writes)
    for name, picture in pictures.items():
        count = len(picture.rings)
        print(f"{name}: '{picture.id}' by {args.author} ({count} outline"
              f"{'' if count == 1 else 's'})")
    say(f"wrote {', '.join(str(path.relative_to(root)) for path in writes)} in {root}")
    return 0


def _icon_files(root: Path) -> tuple[list[str], dict]:
    """The icon files game.yaml lists, and where each icon is defined (name -> file)."""
    from pnp.load.errors import InvalidInput
    from pnp.load.yamlload import YMap, load_yaml

    game = load_yaml(root / "game.yaml", str(root / "game.yaml"))
    listed = game.get("icons") if isinstance(game, YMap) else None
    if not isinstance(listed, list) or not listed or not all(isinstance(f, str) for f in listed):
        raise UsageError(f"{root / 'game.yaml'} lists no icon file: add `icons: [icons.yaml]` "
                         "to it (the file is made on the first picture)")
    existing = {}
    for name in listed:
        try:
            data = load_yaml(root / name, name) if (root / name).is_file() else None
        except InvalidInput as exc:
            raise UsageError(f"{name}: {exc.problems[0]}") from None
        for icon in (data.get("icons") or {}) if isinstance(data, YMap) else {}:
            existing[icon] = name
    return listed, existing


def _changes(root: Path, files: list, existing: dict, pictures: dict, args) -> dict:
    """{path: new text} for the icon files touched and CREDITS.md."""
    if args.file is not None and args.file not in files:
        raise UsageError(f"--file {args.file} is not an icon file game.yaml lists "
                         f"({', '.join(files)})")
    by_file: dict = {}
    for name, picture in pictures.items():
        target = existing.get(name) or args.file or files[-1]
        comment = f"'{picture.id}' by {args.author}, {picture.source} ({picture.licence})"
        by_file.setdefault(target, {})[name] = (picture.rings, comment)
    writes = {}
    for name, new in by_file.items():
        path = _inside(root, name)
        writes[path] = with_icons(_text(path), new, name, HEADER)
    rows = [{"icon": name, "picture": p.id, "author": args.author, "source": p.source,
             "licence": p.licence} for name, p in pictures.items()]
    path = root / credits.FILE
    try:
        writes[path] = credits.with_rows(_text(path), rows, "Credits and licences of the "
                                         "pictures", NOTES)
    except ValueError as exc:
        raise UsageError(f"{exc}; nothing was written") from None
    return writes


def _inside(root: Path, name: str) -> Path:
    try:
        path = (root / name).resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # a loop of links, a NUL byte
        raise UsageError(f"icon file {name} cannot be opened: "
                         f"{getattr(exc, 'strerror', None) or exc}") from None
    if not path.is_relative_to(root.resolve()):
        raise UsageError(f"icon file {name} is outside the game folder")
    return path


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") \
            from None


def _write_all(writes: dict) -> None:
    """Every file under a temporary name first, then each renamed into place."""
    temps = {}
    try:
        for path, text in writes.items():
            temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            temps[path] = temp
            with open(temp, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        for path, temp in temps.items():
            os.replace(temp, path)
    except OSError as exc:
        raise UsageError(f"cannot write {exc.filename}: {exc.strerror or exc}; nothing was "
                         "written") from None
    finally:
        for temp in temps.values():
            temp.unlink(missing_ok=True)
