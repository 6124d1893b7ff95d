"""One print file: the options a build takes, what it gives back, and a component's
pieces drawn into a PDF (sheets shared with other components, boards tiled). The
build (build.py) decides which files to make; this makes one."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.draw.renderer import Renderer
from pnp.load.model import Component, Game
from pnp.plan.impose import PAPER_NAMES, PRINTER_MARGIN
from pnp.plan.packing import plan_file
from pnp.sheets.sheetpdf import PdfFile, SheetPages
from pnp.sheets.tiles import TiledBoards


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
    gutter: float | None = None  # mm between cards (None: 0, or --separated's): fit.deck_gap
    cut_guides: str | None = None  # None, "margins" or "across": pagemarks.cut_guides
    # a picture not there is drawn as a placeholder and warned of, not refused (pnp watch,
    # pnp preview); `draft` (--draft) also says on every page how many (draft_note)
    placeholders: bool = False
    draft: bool = False
    draft_note: str = ""  # "DRAFT: 3 pictures missing": set by the build, first in labels
    crop_marks: str = "fit"  # "long": room for 5 mm marks everywhere (fit.reserved)
    # the options the command line gave: the game's `print:` section sets the others it
    # names (for_game); None: every option is as meant here, the game's defaults unused
    given: frozenset | None = None


def for_game(options: Options, game: Game) -> Options:
    """The options `game` is printed with: its print defaults (pnp.load.printdefaults)
    where the command line left the option out. A game printed without duplex drops
    the back offset it keeps for a duplex print."""
    if options.given is None or not game.print:
        return options
    taken = {name: value for name, value in game.print.items() if name not in options.given}
    chosen = replace(options, **taken)
    if "back_offset" not in options.given and chosen.duplex in ("none", "fold"):
        chosen = replace(chosen, back_offset=(0.0, 0.0))
    return chosen


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
    paper: str = ""  # the paper it was printed for (the game's own, where it has one)


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
        parts = [*([self.options.draft_note] if self.options.draft_note else []),
                 self.game.name, self.comp.name, side, *([extra] if extra else []),
                 f"page {page_no}/{total}", PAPER_NAMES[self.options.paper]]
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
