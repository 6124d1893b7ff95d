"""Where the pieces of one print file go: the sheets of paper and each piece's place.

A file's pieces fall into runs cut alike: cards of one size on one grid, sheets apart
(both with crop marks on the block's edges), tokens with their own cut lines, die
nets. Each run is arranged as a component alone would be (impose.arrange), so cards
of several decks abut on one grid exactly as one deck's do. Then a run's part-filled
sheet is stacked under another sheet of the file when both fit one page, each block
keeping its own marks (with room for them between the blocks): the tokens and the
dice, or a standee under its chips, go through the printer once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.plan import fit
from pnp.plan.impose import MARK_GAP, MARK_LEN, MIN_MARK, arrange, flip_axis, mirror

STACK_MARK = 3.0  # length of the crop marks between two stacked blocks
LOOSE_CLEAR = 1.5  # what a block without crop marks keeps clear of its neighbour


@dataclass(frozen=True)
class Side:
    """One printed side of a piece: an item's copy drawn with a layout."""

    item: object
    copy: int
    layout: str | None


@dataclass(frozen=True)
class Piece:
    comp: object
    front: Side
    back: Side | None  # None: nothing printed behind it
    size: tuple


@dataclass
class Run:
    """Pieces cut alike. cut: 'marks' (crop marks on the block's edges), 'line'
    (each token its own cut line) or 'net' (die nets)."""

    cut: str
    bleed: float
    gap: float
    room: float  # the closest a trim line comes to the paper edge
    pieces: list = field(default_factory=list)
    mark: float = MIN_MARK  # the crop marks' length kept room for at the paper edge

    @property
    def backs(self) -> bool:
        return any(piece.back is not None for piece in self.pieces)


@dataclass
class Block:
    """A run's pieces on one sheet: where each front lies and where its back goes."""

    run: Run
    pieces: list
    fronts: list
    backs: list

    def extent(self) -> tuple:
        """(bottom, top) of the block's bleed box, mm from the page's bottom edge."""
        bleed = self.run.bleed
        return (min(y for _, y in self.fronts) - bleed,
                max(y + p.size[1] for p, (_, y) in zip(self.pieces, self.fronts,
                                                       strict=True)) + bleed)

    @property
    def marks(self) -> bool:
        return self.run.cut == "marks"


@dataclass
class Plan:
    """One sheet of paper: its blocks, top to bottom on the front."""

    page: tuple
    blocks: list
    fold: tuple | None = None

    @property
    def backs(self) -> bool:
        return any(block.run.backs for block in self.blocks)


def plan_file(comps: list, options) -> tuple[list, list]:
    """The sheets of one print file, and its sheets too large for the paper
    [(comp, item, copy, size)], tiled after them."""
    runs, big = split_runs(comps, options)
    plans = [plan for run in runs for plan in arranged(run, run.pieces, options,
                                                       options.orientation)]
    if options.duplex == "fold":
        return plans, big  # each half of a folded sheet holds one block
    merged: list = []
    hosts: list = []  # the merged sheets that may still take a block, in order
    least = min((min(piece.size) + 2 * block.run.bleed for plan in plans
                 for block in plan.blocks for piece in block.pieces), default=0.0)
    for plan in plans:
        for n in hosts:
            joined = stack_onto(merged[n], plan, options)
            if joined is not None:
                merged[n] = joined
                break
        else:
            merged.append(plan)
            n = len(merged) - 1
            hosts.append(n)
        if spare(merged[n], options) < least - 0.01:
            hosts.remove(n)  # full: a deck's sheets are not tried again for every other
    return merged, big


def spare(host: Plan, options) -> float:
    """The most a block stacked under `host` could measure, bleed to bleed (stacked()
    needs room for its clearances too): a block of no piece smaller fits nowhere less."""
    blocks = host.blocks
    used = sum(top - bottom for bottom, top in (b.extent() for b in blocks))
    gaps = sum(clearance(a, True) + clearance(b, True) for a, b in zip(blocks, blocks[1:],
                                                                         strict=False))
    return (host.page[1] - 2 * options.printer_margin - clearance(blocks[0], False) - used
            - gaps - clearance(blocks[-1], True))


def arranged(run: Run, chosen: list, options, orientation: str) -> list:
    """`chosen` pieces of a run on sheets of their own (impose.arrange)."""
    sizes = [piece.size for piece in chosen]
    return [Plan(sheet.page, [Block(run, [chosen[i] for i in sheet.pieces], sheet.fronts,
                                    sheet.backs)], sheet.fold)
            for sheet in arrange(sizes, options.paper, orientation, run.bleed, run.gap,
                                 options.duplex, run.backs, run.room, seams(run, chosen))]


def stack_onto(host: Plan, plan: Plan, options) -> Plan | None:
    """`host` with the block of `plan` stacked under it (arranged again the way the
    host's page is turned, if need be), or None."""
    block = plan.blocks[0]
    if host.page != plan.page:
        turned = "landscape" if host.page[0] > host.page[1] else "portrait"
        try:
            again = arranged(block.run, block.pieces, options, turned)
        except ValueError:  # a piece that fits the paper only the other way round
            return None
        if len(again) != 1:
            return None
        block = again[0].blocks[0]
    return stacked(host, block, options)


def seams(run: Run, pieces: list) -> dict:
    """Where cards of the next deck begin in a grid of abutting cards: on a row of
    their own, both decks' full bleed between the rows, so a card cut 0.5 mm off shows
    its own bleed, never a sliver of another deck's colour (only one deck's cards,
    designed alike at their edges, abut)."""
    if run.cut != "marks":
        return {}
    seam = max(run.gap, 2 * run.bleed)
    return {n: seam for n in range(1, len(pieces)) if pieces[n].comp is not pieces[n - 1].comp}


def split_runs(comps: list, options) -> tuple[list, list]:
    runs: dict = {}
    big = []
    for comp in comps:
        for key, run, piece in component_pieces(comp, options, big):
            if options.duplex == "fold":  # a folded sheet's fronts keep to their half
                key = (*key, piece.back is not None)
            runs.setdefault(key, run).pieces.append(piece)
    return list(runs.values()), big


def component_pieces(comp, options, big: list):
    """(run key, a fresh run of its kind, piece) for each piece of `comp`; sheets too
    large for the paper go to `big`."""
    bleed, kind = options.bleed, comp.kind
    room = fit.room(kind, options)
    sizes = fit.piece_sizes(comp, options)
    if kind == "sheet":
        yield from sheet_pieces(comp, options, sizes, big)
        return
    if kind == "deck":
        gap = fit.deck_gap(options)
        key, make = ("deck", tuple(comp.size), gap), lambda: Run(
            "marks", bleed, gap, room, mark=fit.reserved(options))
    elif kind == "tokens":
        tb = fit.piece_bleed("tokens", bleed)
        key, make = ("tokens",), lambda: Run("line", tb, 2 * tb + 2.0, room)
    else:
        key, make = ("dice",), lambda: Run("net", 0.0, 4.0, room)
    backs = kind == "deck" or (kind == "tokens" and any(item.back or comp.back
                                                        for item in comp.items))
    for item, size in zip(comp.items, sizes, strict=True):
        for copy in range(1, item.copies + 1):
            front = Side(item, copy, item.front or comp.front)
            back = Side(item, copy, item.back or comp.back) if backs else None
            yield key, make(), Piece(comp, front, back, size)


def sheet_pieces(comp, options, sizes: list, big: list):
    bleed = options.bleed
    area = fit.printable(options.paper, bleed, options.printer_margin,
                         mark=fit.reserved(options))
    run = lambda: Run("marks", bleed, 2 * bleed + 3, fit.room("sheet", options),  # noqa: E731
                      mark=fit.reserved(options))
    entries = list(zip(comp.items, sizes, strict=True))
    for first, second in sheet_pairs(comp, entries, options):
        (item, size), back = first, second[0] if second else None
        for copy in range(1, item.copies + 1):
            if not fit.fits(size, area, options.orientation):
                big.append((comp, item, copy, size))
                continue
            front = Side(item, copy, item.front or comp.front)
            behind = Side(back, copy, back.front or comp.front) if back is not None else None
            yield ("sheet",), run(), Piece(comp, front, behind, size)


def sheet_pairs(comp, entries: list, options) -> list:
    """[(front, back or None)] of (item, size): a two-sided sheet's items 1 and 2,
    3 and 4... of each player set (its `index`) back to back. On a gutterfold page a
    pair too large for half the paper prints one side a sheet."""
    if not comp.two_sided:
        return [(entry, None) for entry in entries]
    half = fit.folded(options.paper, options.bleed, options.printer_margin,
                      mark=fit.reserved(options))
    out, n = [], 0
    while n < len(entries):
        item, size = entries[n]
        position = item.index or n + 1
        partner = entries[n + 1] if n + 1 < len(entries) else None
        if position % 2 and partner is not None and (partner[0].index or n + 2) == \
                position + 1:
            if options.duplex == "fold" and not fit.fits(size, half, options.orientation):
                out += [(entries[n], None), (partner, None)]
            else:
                out.append((entries[n], partner))
            n += 2
            continue
        out.append((entries[n], None))
        n += 1
    return out


def clearance(block: Block, inner: bool) -> float:
    """Room a block keeps beyond its bleed: towards the paper edge, room for its crop
    marks (or none); towards another block, marks of STACK_MARK or a small gap."""
    if inner:
        return MARK_GAP + STACK_MARK if block.marks else LOOSE_CLEAR
    return MARK_GAP + block.run.mark if block.marks else 0.0


def stacked(host: Plan, block: Block, options) -> Plan | None:
    """`host` with `block` (arranged on a page like host's) stacked under its blocks,
    the stack centred on the page; None when they do not fit one page. The room left
    over lengthens the crop marks first (longer(): between the blocks and towards the
    paper edges alike), then centres the stack."""
    blocks = [*host.blocks, block]
    margin = options.printer_margin
    heights = [top - bottom for bottom, top in (b.extent() for b in blocks)]
    gaps = [clearance(a, True) + clearance(b, True) for a, b in zip(blocks, blocks[1:],
                                                                      strict=False)]
    need = (clearance(blocks[0], False) + sum(heights) + sum(gaps)
            + clearance(blocks[-1], False))
    room = host.page[1] - 2 * margin
    if need > room + 1e-6:
        return None
    above, gaps, _ = longer(blocks, gaps, room - need)
    top = host.page[1] - margin - clearance(blocks[0], False) - above
    placed = []
    for n, b in enumerate(blocks):
        bottom, old_top = b.extent()
        dy = top - old_top
        fronts = [(x, round(y + dy, 4)) for x, y in b.fronts]
        placed.append(Block(b.run, b.pieces, fronts, backs_of(b.pieces, fronts, host.page,
                                                              options.duplex)))
        top -= (old_top - bottom) + (gaps[n] if n < len(gaps) else 0.0)
    return Plan(host.page, placed)


def longer(blocks: list, gaps: list, slack: float) -> tuple:
    """Share `slack` (mm of page height the stack does not need) so that crop marks
    reserved shorter than MARK_LEN grow towards it: MIN_MARK towards the paper edges,
    STACK_MARK between two blocks (a block without marks wants nothing). When the slack
    cannot give every mark its full length, each gets the same share of what it lacks.
    Returns (room above the stack, the gaps between blocks, room below it)."""
    wants = [MARK_LEN - blocks[0].run.mark if blocks[0].marks else 0.0,
             *[(MARK_LEN - STACK_MARK) * (a.marks + b.marks)
               for a, b in zip(blocks, blocks[1:], strict=False)],
             MARK_LEN - blocks[-1].run.mark if blocks[-1].marks else 0.0]
    share = min(1.0, slack / sum(wants)) if sum(wants) > 0 else 0.0
    grown = [want * share for want in wants]
    rest = (slack - sum(grown)) / 2
    return (grown[0] + rest, [gap + more for gap, more in zip(gaps, grown[1:-1], strict=True)],
            grown[-1] + rest)


def backs_of(items: list, fronts: list, page: tuple, duplex: str) -> list:
    """Where each piece's back goes once the sheet is turned (impose.mirror)."""
    axis = flip_axis(duplex, page[0] < page[1])
    return [mirror(pos, piece.size, page, axis) if axis else pos
            for piece, pos in zip(items, fronts, strict=True)]
