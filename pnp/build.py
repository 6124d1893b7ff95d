"""Build a game's print-and-play PDFs and manifest.json.

Every component renders to a temporary file; only when the whole game has
rendered without a problem are the files renamed into place, so a failed
build leaves nothing half-written behind.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp import fit, parallel, pieces
from pnp.components import count_label
from pnp.draw import Renderer
from pnp.errors import Problems
from pnp.game import Component, Game
from pnp.impose import PRINTER_MARGIN, arrange
from pnp.output import Output, OutputError, describe
from pnp.pagemarks import LABEL_PT, crop_marks, fold_line, free_bands, label_font, page_furniture
from pnp.pagestream import seal_last_page
from pnp.players import for_players
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


@dataclass
class Result:
    files: list = field(default_factory=list)
    manifest: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    pages: int = 0
    folder: Path | None = None
    notes: list = field(default_factory=list)  # what a rebuild replaced
    min_text_pt: float | None = None


class ComponentPdf(TiledBoards):
    """One component's PDF: pages are planned first so labels can say 'i/n'."""

    def __init__(self, game: Game, comp: Component, options: Options, renderer: Renderer,
                 path: Path, file_name: str, result: Result):
        self.game, self.comp, self.options = game, comp, options
        self.renderer, self.result, self.file_name = renderer, result, file_name
        self.canvas = Canvas(str(path) if isinstance(path, Path) else path, invariant=1,
                             pageCompression=1, initialFontName=label_font(),
                             initialFontSize=LABEL_PT,
                             **({"lang": game.language} if game.translated else {}))
        self.canvas.setTitle(f"{game.name}: {comp.name}")
        self.canvas.setAuthor("Dossier")
        self.canvas.setCreator("Dossier pnp")
        self.canvas.setSubject(f"{game.id}/{comp.id}")
        self.pages: list = []  # callables that draw one page each
        self.sheet_bleeds: dict = {}  # (piece boxes, bleed) -> bleed sides of each
        self.positions = {id(item): item.index or n for n, item in enumerate(comp.items, start=1)}

    def context(self, item, copy: int, extra: dict | None = None) -> dict:
        return {**self.game.vars, **self.comp.vars, "game": self.game.name,
                "component": self.comp.name, **item.fields, "index": self.positions[id(item)],
                "copy": copy,
                "copies": item.copies, **(extra or {})}

    def record(self, item, copy, side, page_no, pos, size):
        sets = self.game.player_sets
        owner = {"printed_id": item.printed_id, "player": item.fields[sets.var]} \
            if self.comp.per_player and sets and sets.var in item.fields else {}
        self.result.manifest.append({
            "component": self.comp.id, "item": item.id, **owner, "copy": copy, "side": side,
            "file": self.file_name, "page": page_no,
            "trim": [round(pos[0], 3), round(pos[1], 3), round(size[0], 3), round(size[1], 3)]})

    def label(self, side: str, page_no: int, total: int, extra: str = "") -> str:
        parts = [self.game.name, self.comp.name, side, *([extra] if extra else []),
                 f"page {page_no}/{total}", self.options.paper.upper() if
                 self.options.paper == "a4" else "US Letter"]
        return " · ".join(parts)

    def finish(self):
        total = len(self.pages)
        for number, draw in enumerate(self.pages, start=1):
            draw(number, total)
            self.canvas.showPage()
            seal_last_page(self.canvas)  # a long deck's pages wait compressed
        self.canvas.save()
        self.result.pages += total

    # -- decks, sheets, tokens: arranged pieces ------------------------------------
    def arranged(self, entries: list, sizes: list, bleed: float, gap: float,
                 has_backs: bool, kind: str):
        """entries: [(item, copy)]; kind: 'card' (crop marks) or 'token' (cut lines)."""
        opts = self.options
        sheets = arrange(sizes, opts.paper, opts.orientation, bleed, gap, opts.duplex, has_backs,
                         fit.room(self.comp.kind, opts))
        mode = opts.duplex if has_backs else "none"
        fronts, backs = [], []
        for sheet in sheets:
            fronts.append(lambda n, t, s=sheet: self.arranged_page(s, entries, sizes, bleed,
                                                                  kind, n, t, "front"))
            if has_backs and mode in ("long", "short"):
                fronts.append(lambda n, t, s=sheet: self.arranged_page(s, entries, sizes, bleed,
                                                                      kind, n, t, "back"))
            elif has_backs and mode == "none":
                backs.append(lambda n, t, s=sheet: self.arranged_page(s, entries, sizes, bleed,
                                                                     kind, n, t, "back"))
        self.pages.extend(fronts + backs)

    def arranged_page(self, sheet, entries, sizes, bleed, kind, number, total, side):
        c = self.canvas
        c.setPageSize((sheet.page[0] * mm, sheet.page[1] * mm))
        sides = ("front", "back") if sheet.fold else (side,)
        rects = []
        for which in sides:
            spots = sheet.fronts if which == "front" else sheet.backs
            boxes = tuple((*pos, *sizes[i]) for i, pos in zip(sheet.pieces, spots, strict=True))
            for index, pos, edges in zip(sheet.pieces, spots, self.bleeds(boxes, bleed),
                                         strict=True):
                item, copy = entries[index]
                size = sizes[index]
                layout = self.layout_for(item, which)
                if layout is None:
                    continue
                self.draw_piece(item, copy, layout, pos, size, bleed, kind, which, edges)
                self.record(item, copy, which, number, pos, size)
                rects.append((pos[0], pos[1], size[0], size[1]))
        if sheet.fold:
            fold_line(c, sheet.page, sheet.fold, self.options.printer_margin)
        if not rects:
            return
        margin = self.options.printer_margin
        bands = crop_marks(c, sheet.page, rects, bleed, margin) if kind == "card" \
            else free_bands(sheet.page, rects, bleed)
        if sheet.fold:
            axis = 0 if sheet.fold[0] == "v" else 1
            bands = [(s, d, span, sorted([*marks, sheet.fold[1]]))
                     if (s in ("top", "bottom")) == (axis == 0) else (s, d, span, marks)
                     for s, d, span, marks in bands]
        side_name = "fronts and backs" if sheet.fold else f"{side}s"
        page_furniture(c, sheet.page, bands, self.label(side_name, number, total), number == 1,
                       margin)

    def bleeds(self, boxes: tuple, bleed: float) -> list:
        """bleed_sides of every piece on a sheet, worked out once for every sheet laid
        out alike (a deck's full sheets)."""
        key = (boxes, bleed)
        if key not in self.sheet_bleeds:
            self.sheet_bleeds[key] = [bleed_sides(box, boxes, bleed) for box in boxes]
        return self.sheet_bleeds[key]

    def piece(self, item) -> str:
        return f"{self.comp.id} '{item.printed_id}'"

    def layout_for(self, item, side: str):
        if side == "front":
            return item.front or self.comp.front
        return item.back or self.comp.back

    def draw_piece(self, item, copy, layout, pos, size, bleed, kind, side, edges=None):
        c = self.canvas
        where = f"{self.comp.id} '{item.printed_id}' {side}"
        ctx = self.context(item, copy, {"side": side, "shape": item.shape or ""})
        if kind == "token":
            c.saveState()
            c.clipPath(pieces.shape_path(c, item.shape, *pos, *size, grow=bleed), stroke=0,
                       fill=0)
            self.renderer.draw(c, layout, ctx, (pos[0] * mm, pos[1] * mm), size, bleed, where,
                               piece=self.piece(item), item_mark=item.mark, reuse=True)
            c.restoreState()
            pieces.draw_cut_line(c, item.shape, *pos, *size)
        else:
            self.renderer.draw(c, layout, ctx, (pos[0] * mm, pos[1] * mm), size, bleed, where,
                               edges, piece=self.piece(item), item_mark=item.mark, reuse=True)

    # -- dice ------------------------------------------------------------------------
    def dice_page(self, sheet, entries, sizes, number, total):
        c = self.canvas
        c.setPageSize((sheet.page[0] * mm, sheet.page[1] * mm))
        rects = []
        for index, pos in zip(sheet.pieces, sheet.fronts, strict=True):
            item, copy = entries[index]
            edge = item.size
            for slot, face in enumerate(item.faces):
                fields = face_fields(face)
                ox, oy = pieces.face_origin(slot, pos[0], pos[1], edge)
                ctx = self.context(item, copy, {**fields, "face": slot + 1})
                self.renderer.draw(c, item.front, ctx, (ox * mm, oy * mm), (edge, edge), 0,
                                   f"{self.piece(item)} face {slot + 1}",
                                   piece=self.piece(item), item_mark=item.mark)
            pieces.draw_net_lines(c, pos[0], pos[1], edge)
            self.record(item, copy, "front", number, pos, sizes[index])
            rects.append((*pos, *sizes[index]))
        page_furniture(c, sheet.page, free_bands(sheet.page, rects, 0),
                       self.label("cube nets", number, total), number == 1,
                       self.options.printer_margin)


def bleed_sides(rect, others, bleed) -> tuple:
    """Bleed per side (left, bottom, right, top): none where another piece
    abuts on the shared cut line, so no card paints over its neighbour."""
    x, y, w, h = rect
    eps = 0.01

    def touching(cond, overlap):
        return any(cond(o) and overlap(o) for o in others if o[:2] != (x, y))

    def spans_y(o):
        return o[1] < y + h - eps and o[1] + o[3] > y + eps

    def spans_x(o):
        return o[0] < x + w - eps and o[0] + o[2] > x + eps

    return (0.0 if touching(lambda o: abs(o[0] + o[2] - x) < eps, spans_y) else bleed,
            0.0 if touching(lambda o: abs(o[1] + o[3] - y) < eps, spans_x) else bleed,
            0.0 if touching(lambda o: abs(o[0] - (x + w)) < eps, spans_y) else bleed,
            0.0 if touching(lambda o: abs(o[1] - (y + h)) < eps, spans_x) else bleed)


def face_fields(face) -> dict:
    """A die face's template fields: a plain face is `label`; a blank face (null, "",
    {}) has an empty label, so a layout reading {label} draws nothing there."""
    if isinstance(face, dict):
        return {"label": "", **face}
    return {"label": "" if face is None else face}


def copied_sizes(comp, options) -> list:
    """fit.piece_sizes, once per copy: the size of each entry of render_component."""
    return [size for item, size in zip(comp.items, fit.piece_sizes(comp, options), strict=True)
            for _ in range(item.copies)]


def render_component(game, comp, options, renderer, path, file_name, result):
    renderer.safe = options.safe_margin if comp.kind != "dice" else 0.0  # nets are folded
    pdf = ComponentPdf(game, comp, options, renderer, path, file_name, result)
    bleed = options.bleed
    entries = [(item, copy) for item in comp.items for copy in range(1, item.copies + 1)]
    if comp.kind == "deck":
        gap = 2 * bleed + 3 if options.separated else 0.0
        pdf.arranged(entries, [comp.size] * len(entries), bleed, gap, True, "card")
    elif comp.kind == "sheet":
        fitting, big = [], []
        area = fit.printable(options.paper, bleed, options.printer_margin)
        for item, copy in entries:
            size = fit.sheet_size(item.size or comp.size, options)
            if fit.fits(size, area, options.orientation):
                fitting.append((item, copy, size))
            else:
                big.append((item, copy, size))
        if fitting:
            gap = 2 * bleed + 3  # sheets always stand apart, each with its full bleed
            pdf.arranged([(item, copy) for item, copy, _ in fitting],
                         [size for *_, size in fitting], bleed, gap, False, "card")
        for item, copy, size in big:
            pdf.tiled(item, copy, size, bleed)
    elif comp.kind == "tokens":
        tb = fit.piece_bleed("tokens", bleed)
        has_backs = any(item.back or comp.back for item in comp.items)
        pdf.arranged(entries, copied_sizes(comp, options), tb, 2 * tb + 2.0, has_backs, "token")
    else:  # dice
        sizes = copied_sizes(comp, options)
        sheets = arrange(sizes, options.paper, options.orientation, 0, 4.0, "none", False,
                         fit.room("dice", options))
        for sheet in sheets:
            pdf.pages.append(lambda n, t, s=sheet: pdf.dice_page(s, entries, sizes, n, t))
    pdf.finish()


def manifest_chunks(manifest: dict):
    """The manifest as JSON, one piece a line: readable, and written by json's C
    encoder (an indented dump of a 10,000-card deck takes a second), a line at a time
    (the whole text of a 10,000-card deck's is 3 MB, made thrice over to join it)."""
    head = {k: v for k, v in manifest.items() if k != "items"}
    yield json.dumps(head)[:-1] + ', "items": '
    start = "[\n  "
    for item in manifest["items"]:
        yield start + json.dumps(item, separators=(", ", ": "))
        start = ",\n  "
    yield "[]}\n" if start == "[\n  " else "\n]}\n"


def build_games(games: list, out_dir: Path, options: Options, progress=None,
                keep: list | None = None, jobs: int | None = None) -> list[Result]:
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
                 keep: list | None = None) -> Result:
    """`keep`: manifest entries of components not rebuilt now (`pnp watch`): they stay
    listed, and their PDFs stay in place."""
    game = for_players(game, options.players)
    problems = Problems()
    result = Result()
    fit.fit_problems(game, options, problems, result.warnings.append)
    problems.raise_if_any()
    target = result.folder = output.folder(game.folder)
    renderer = Renderer(game, problems, result.warnings.append)
    for comp in game.components:
        name = f"{comp.id}.pdf"
        if progress:
            progress(f"{game.label}: {comp.id} ({count_label(comp)})")
        temp = output.temporary(target / name)
        try:
            render_component(game, comp, options, renderer, temp, name, result)
        except OSError as exc:
            raise OutputError(describe(exc, target / name)) from None
    renderer.finish()
    problems.raise_if_any()
    manifest = {"game": game.id, **({"language": game.language} if game.translated else {}),
                "paper": options.paper, "duplex": options.duplex,
                "bleed": options.bleed, "items": (keep or []) + result.manifest}
    note = output.replacing(target, manifest, {f"{c.id}.pdf" for c in game.components} |
                            {entry["file"] for entry in keep or ()})
    result.notes = [note] if note else []
    output.write_text(target / "manifest.json", manifest_chunks(manifest))
    result.min_text_pt = renderer.min_drawn
    return result


def check_game(game: Game, options: Options) -> Result:
    """Render everything in memory (every player set) to find per-card problems;
    write nothing."""
    game = for_players(game, every=True)
    problems = Problems()
    result = Result()
    fit.fit_problems(game, options, problems, result.warnings.append)
    problems.raise_if_any()
    renderer = Renderer(game, problems, result.warnings.append)
    for comp in game.components:
        render_component(game, comp, options, renderer, io.BytesIO(), f"{comp.id}.pdf", result)
    renderer.finish()
    problems.raise_if_any()
    result.min_text_pt = renderer.min_drawn
    return result
