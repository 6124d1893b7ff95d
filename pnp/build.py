"""Build a game's print-and-play PDFs and manifest.json.

Every component renders to a temporary file; only when the whole game has
rendered without a problem are the files renamed into place, so a failed
build leaves nothing half-written behind.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pnp import fit, parallel
from pnp.alike import Memo
from pnp.components import count_label
from pnp.draw import Renderer
from pnp.errors import Problems
from pnp.groups import files
from pnp.impose import PRINTER_MARGIN
from pnp.model import Component, Game
from pnp.output import Output, OutputError, describe
from pnp.packing import plan_file
from pnp.players import for_players
from pnp.sheetpdf import PdfFile, SheetPages, face_fields  # noqa: F401 (face_fields re-exported)
from pnp.tiles import TiledBoards


@dataclass
class Options:
    paper: str = "a4"
    duplex: str = "long"
    bleed: float = 3.0
    orientation: str = "auto"
    separated: bool = False
    safe_margin: float = 3.0  # text closer to the trim than this is warned about (0: off)
    players: int | None = None  # player sets to print (None: the game's own count)
    printer_margin: float = PRINTER_MARGIN  # nothing drawn closer to the paper edge
    back_offset: tuple = (0.0, 0.0)  # mm (X right, Y up on the printed back): backoffset.py


@dataclass
class Result:
    files: list = field(default_factory=list)
    manifest: list | None = field(default_factory=list)  # None: pnp check keeps none
    warnings: list = field(default_factory=list)
    pages: int = 0
    sheets: int = 0  # sheets of paper: a front page and the page printed on its back
    page_list: list = field(default_factory=list)  # {file, page[, back_of]} per page
    folder: Path | None = None
    notes: list = field(default_factory=list)  # what a rebuild replaced, what a margin cut
    min_text_pt: float | None = None


class ComponentPdf(TiledBoards):
    """One component's pieces in a PDF: its variables, layouts and manifest entries.
    Several share one `file` (a PdfFile) when they share sheets."""

    def __init__(self, game: Game, comp: Component, options: Options, renderer: Renderer,
                 path: Path, file_name: str, result: Result, file: PdfFile | None = None):
        self.game, self.comp, self.options = game, comp, options
        self.renderer, self.result, self.file_name = renderer, result, file_name
        self.file = file or PdfFile(game, comp.name, comp.id, path, file_name, result)
        self.canvas, self.pages = self.file.canvas, self.file.pages
        self.positions = {id(item): item.index or n for n, item in enumerate(comp.items, start=1)}

    def context(self, item, copy: int, extra: dict | None = None) -> dict:
        return {"credits": self.game.credits, **self.game.vars, **self.comp.vars,
                "game": self.game.name,
                "component": self.comp.name, **item.fields, "index": self.positions[id(item)],
                "copy": copy,
                "copies": item.copies, **(extra or {})}

    def record(self, item, copy, side, page_no, pos, size, behind=None):
        """A manifest entry; `behind`: the item whose back this one is printed on (the
        front of a two-sided sheet)."""
        if self.result.manifest is None:  # pnp check: no manifest to write
            return
        sets = self.game.player_sets
        owner = {"printed_id": item.printed_id, "player": item.fields[sets.var]} \
            if self.comp.per_player and sets and sets.var in item.fields else {}
        self.result.manifest.append({
            "component": self.comp.id, "item": item.id, **owner, "copy": copy, "side": side,
            **({"behind": behind.id} if behind is not None else {}),
            "file": self.file_name, "page": page_no,
            "trim": [round(pos[0], 3), round(pos[1], 3), round(size[0], 3), round(size[1], 3)]})

    def label(self, side: str, page_no: int, total: int, extra: str = "") -> str:
        parts = [self.game.name, self.comp.name, side, *([extra] if extra else []),
                 f"page {page_no}/{total}", self.options.paper.upper() if
                 self.options.paper == "a4" else "US Letter"]
        return " · ".join(parts)

    def finish(self):
        self.file.finish()

    def piece(self, item) -> str:
        return f"{self.comp.id} '{item.printed_id}'"

    def layout_for(self, item, side: str):
        if side == "front":
            return item.front or self.comp.front
        return item.back or self.comp.back


def render_file(game, comps: list, stem: str, options, renderer, path, result):
    """One print file: the sheets its components share (packing.py), then the tiles of
    its boards larger than the paper."""
    file_name = f"{stem}.pdf"
    title = ", ".join(comp.name for comp in comps)
    file = PdfFile(game, title, stem if len(comps) > 1 else comps[0].id, path, file_name,
                   result)
    parts = {comp.id: ComponentPdf(game, comp, options, renderer, path, file_name, result, file)
             for comp in comps}
    plans, big = plan_file(comps, options)
    SheetPages(game, file, parts, options).add(plans)
    for comp, item, copy, size in big:
        parts[comp.id].tiled(item, copy, size, options.bleed)
    file.finish()


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
    game = for_players(game, options.players)
    problems = Problems()
    result = Result()
    fit.fit_problems(game, options, problems, result.warnings.append)
    problems.raise_if_any()
    target = result.folder = output.folder(game.folder)
    renderer = Renderer(game, problems, result.warnings.append)
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
                            {entry["file"] for entry in keep.get("items", ())})
    result.notes += [note] if note else []
    output.write_text(target / "manifest.json", manifest_chunks(manifest))
    result.min_text_pt = renderer.min_drawn
    return result


def check_game(game: Game, options: Options) -> Result:
    """Render everything (every player set) to find per-card problems; write nothing.
    A side drawn alike is painted once (alike.py), and no page or manifest is kept."""
    game = for_players(game, every=True)
    problems = Problems()
    result = Result(manifest=None)
    fit.fit_problems(game, options, problems, result.warnings.append)
    problems.raise_if_any()
    renderer = Renderer(game, problems, result.warnings.append)
    renderer.memo = Memo()
    for stem, comps in files(game.components):
        render_file(game, comps, stem, options, renderer, None, result)
    renderer.finish()
    problems.raise_if_any()
    result.min_text_pt = renderer.min_drawn
    return result
