"""Build a game's print-and-play PDFs and manifest.json.

Every component renders to a temporary file; only when the whole game has
rendered without a problem are the files renamed into place, so a failed
build leaves nothing half-written behind.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from pnp.draw.alike import Memo
from pnp.draw.renderer import Renderer
from pnp.load.components import count_label
from pnp.load.errors import Problems
from pnp.load.groups import files
from pnp.load.model import Game
from pnp.load.players import for_players
from pnp.plan import fit
from pnp.sheets import parallel
from pnp.sheets.guide import FILE, write_guide
from pnp.sheets.output import Output, OutputError, describe
from pnp.sheets.printfile import Options, Result, for_game, render_file


def manifest_chunks(manifest: dict):
    """The manifest as JSON, one page or piece a line: readable, and written by json's C
    encoder (an indented dump of a 10,000-card deck takes a second), a line at a time
    (the whole text of a 10,000-card deck's is 3 MB, made thrice over to join it)."""
    lists = [key for key in ("pages", "items") if key in manifest]
    head = {k: v for k, v in manifest.items() if k not in lists}
    text = json.dumps(head)[:-1]
    for key in lists:
        yield text + f', "{key}": '
        start = "[\n  "
        for entry in manifest[key]:
            yield start + json.dumps(entry, separators=(", ", ": "))
            start = ",\n  "
        text = "[]" if start == "[\n  " else "\n]"
    yield text + "}\n"


def build_games(games: list, out_dir: Path, options: Options, progress=None,
                keep: dict | None = None, jobs: int | None = None) -> list[Result]:
    """Render every component of each game into out_dir/<game-id>/ (another language
    than the game's first: out_dir/<game-id>/<lang>/); the files
    are moved into place only when every game has rendered (see output.py). Games
    are rendered side by side, one process each, on up to `jobs` cores (every core)."""
    output = Output(out_dir)
    try:
        apart = parallel.workers(len(games), jobs)
        if apart > 1:
            output.make_out_dir()  # this run's, not a worker's: removed last on failure
        parts = parallel.each(
            lambda i, say: _render_alone(games[i], out_dir, options, say, keep, output.owner),
            len(games), apart, undo=lambda part: part[0].discard(), say=progress)
        for staged, _ in parts:
            output.adopt(staged)
        results = [result for _, result in parts]
        written = output.commit()
    except BaseException:
        output.discard()
        raise
    for result in results:
        result.files = [f for f in written if f.parent == result.folder]
    return results


def _render_alone(game: Game, out_dir: Path, options: Options, progress, keep,
                  owner: int) -> tuple[Output, Result]:
    """One game into a staging folder of its own (a worker process's part of a run);
    a failure leaves nothing behind."""
    output = Output(out_dir, owner)
    try:
        return output, _render_game(game, output, options, progress, keep)
    except BaseException:
        output.discard()
        raise


def build_game(game: Game, out_dir: Path, options: Options, progress=None) -> Result:
    return build_games([game], out_dir, options, progress)[0]


def _render_game(game: Game, output: Output, options: Options, progress,
                 keep: dict | None = None) -> Result:
    """`keep`: {"items", "pages"} of the manifest for the files not rebuilt now (`pnp
    watch`): they stay listed, and their PDFs stay in place."""
    options = for_game(options, game)
    game = for_players(game, options.players)
    problems = Problems()
    result = Result(paper=options.paper)
    fit.fit_problems(game, options, problems, result.warnings.append)
    problems.raise_if_any()
    target = result.folder = output.folder(game.folder)
    if options.draft:
        options = replace(options, draft_note=draft_note(game, options))
    renderer = Renderer(game, problems, result.warnings.append)
    renderer.placeholders = options.placeholders or options.draft
    for stem, comps in files(game.components):
        name = f"{stem}.pdf"
        if progress:
            for comp in comps:
                progress(f"{game.label}: {comp.id} ({count_label(comp)})")
        temp = output.temporary(target / name)
        try:
            render_file(game, comps, stem, options, renderer, temp, result)
        except OSError as exc:
            raise OutputError(describe(exc, target / name)) from None
    renderer.finish()
    problems.raise_if_any()
    keep = keep or {}
    pages = keep.get("pages", []) + result.page_list
    manifest = {"game": game.id, **({"language": game.language} if game.translated else {}),
                "paper": options.paper, "duplex": options.duplex, "bleed": options.bleed,
                **({"back_offset": list(options.back_offset)} if any(options.back_offset)
                   else {}),
                "sheets": sum(1 for page in pages if "back_of" not in page),
                "pages": pages, "items": keep.get("items", []) + result.manifest}
    note = output.replacing(target, manifest, {f"{stem}.pdf" for stem, _ in
                                               files(game.components)} |
                            {entry["file"] for entry in keep.get("items", ())} | {FILE})
    result.notes += [note] if note else []
    try:
        write_guide(output.temporary(target / FILE), game, manifest, options)
    except OSError as exc:
        raise OutputError(describe(exc, target / FILE)) from None
    output.write_text(target / "manifest.json", manifest_chunks(manifest))
    result.min_text_pt = renderer.min_drawn
    return result


def draft_note(game: Game, options: Options) -> str:
    """What every page of a draft says (--draft): how many pictures are placeholders,
    counted by drawing the game once in memory first (a page's label is drawn before
    the last page is)."""
    renderer = Renderer(game, Problems(), lambda _warning: None)
    renderer.placeholders, renderer.memo = True, Memo()
    for stem, comps in files(game.components):
        render_file(game, comps, stem, options, renderer, None, Result(manifest=None))
    renderer.finish()
    count = renderer.placeheld
    return f"DRAFT: {count} picture{'' if count == 1 else 's'} missing" if count else "DRAFT"


def check_game(game: Game, options: Options, options_for=None, more_problems=None) -> Result:
    """Render everything (every player set) to find per-card problems; write nothing.
    A side drawn alike is painted once (alike.py), and no page or manifest is kept.
    `options_for(comp, options)`: a component's own options (a shop's safe zone, from the
    command line: sheets never import the export stage); `more_problems(components,
    problems, warn)`: what that caller refuses or warns of besides."""
    options = for_game(options, game)
    game = for_players(game, every=True)
    problems = Problems()
    result = Result(manifest=None)
    fit.fit_problems(game, options, problems, result.warnings.append)
    if more_problems:
        more_problems(game.components, problems, result.warnings.append)
    problems.raise_if_any()
    renderer = Renderer(game, problems, result.warnings.append)
    renderer.placeholders = options.placeholders or options.draft
    renderer.memo = Memo()
    for stem, comps in files(game.components):
        if options_for is None:
            render_file(game, comps, stem, options, renderer, None, result)
            continue
        for comp in comps:  # each with its own options, in the file's order
            render_file(game, [comp], stem, options_for(comp, options), renderer, None, result)
    renderer.finish()
    problems.raise_if_any()
    result.min_text_pt = renderer.min_drawn
    return result
