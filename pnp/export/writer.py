"""`pnp export`: the same drawing as the printed PDFs, as files for shops,
screens and proofs, under OUT/<game-id>/<format>/ with a manifest.json.

Every format starts from the component drawn one piece side a page
(piecepdf.py); images are those pages rasterised by pdfium, so they are
exactly what prints. Writes are all or nothing, as for `pnp build`.

No export is laid out on paper: a piece never has to fit a page or be tiled,
so the paper only sizes a sheet of `size: page`.
"""

from __future__ import annotations

import io
import json
from collections import Counter, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.draw.renderer import Renderer
from pnp.export.pixels import full_size, pixels
from pnp.load.errors import Problems
from pnp.load.formats import DEFAULT_DPI
from pnp.load.players import for_players
from pnp.sheets.output import Output, OutputError, describe
from pnp.sheets.piecepdf import file_stem, render_pieces
from pnp.sheets.printfile import Options, Result, for_game

MAX_IMAGE_PIXELS = 100_000_000  # one exported image; a 1.2 x 1 m board at 300 dpi fits


@dataclass
class ExportOptions:
    format: str = "png"
    dpi: int | None = None
    only: tuple = ()  # component ids; empty: every component
    corners: float | None = None  # png for screens: trim only, corners rounded (mm)
    base_url: str = ""  # tts: where the images will be hosted ("": local file URLs)
    print: Options = field(default_factory=Options)
    shop: str = ""  # a print shop's preset (shops.py): format "shop" at the shop's sizes
    cmyk: bool = False  # format "shop" in CMYK: PDF/X-1a (cmykexport.py); drivethru too
    tiff: bool = False  # with cmyk: each piece side as a CMYK TIFF as well
    style: str = ""  # showcase: fan or spread ("": the game's `showcase: style`, else fan)
    width: int | None = None  # showcase: the picture's width in px (None: SHOWCASE_WIDTH)
    pieces: tuple = ()  # showcase: the pieces named (showpick.py); empty: the game's choice
    palette: bool = False  # showcase for a web page: 256 colours
    cutter: str = "silhouette"  # cut: the cutting machine's software (printcut.py)

    @property
    def resolution(self) -> int:
        return self.dpi or DEFAULT_DPI[self.format]


def export_games(games: list, out_dir: Path, options: ExportOptions,
                 progress=None, keep: list | None = None) -> list[Result]:
    """Export every game; files move into place only when all have rendered. `keep`:
    the manifest's entries for files not made again now (`pnp watch`), listed first."""
    output = Output(out_dir)
    results = []
    try:
        for game in games:
            results.append(_export_game(game, output, options, progress, keep or []))
        written = output.commit()
    except BaseException:
        output.discard()
        raise
    for result in results:
        result.files = [f for f in written if result.folder in f.parents or
                        f.parent == result.folder]
    return results


def chosen(game, only: tuple) -> list:
    return [c for c in game.components if not only or c.id in only]


def _export_game(game, output: Output, options: ExportOptions, progress,
                 keep: list) -> Result:
    options = replace(options, print=for_game(options.print, game))  # its print: section
    if options.format != "csv":  # csv writes the items as the designer keeps them
        game = for_players(game, options.print.players)
    problems = Problems()
    result = Result()
    if options.format not in ("csv", "showcase"):  # a showcase is a screen's width
        for comp in chosen(game, options.only):
            image_size_problems(comp, options, problems)
        if options.shop:
            from pnp.export.shopgroups import shop_problems

            shop_problems(chosen(game, options.only), options.shop, lambda _comp: options.print,
                          problems, result.warnings.append)
    problems.raise_if_any()
    kind = f"shop-{options.shop}" if options.shop else options.format
    target = result.folder = output.folder(f"{game.folder}/{kind}")
    renderer = Renderer(game, problems, result.warnings.append)
    renderer.placeholders = options.print.placeholders  # pnp watch: art still to come
    files = []
    saved = None
    if options.format == "tts":
        from pnp.export.tts import saved_object

        saved = saved_object(game, target, options.base_url)
    if options.format == "showcase":  # one picture of pieces from any components
        from pnp.export.showcase import write_showcase

        try:
            files += write_showcase(game, output, target, options, renderer, problems)
        except OSError as exc:
            raise OutputError(describe(exc, target)) from None
    for comp in chosen(game, options.only) if options.format != "showcase" else ():
        if progress:
            progress(f"{game.label}: {comp.id} -> {options.format}")
        if options.format == "csv":
            files += write_csv(comp, output, target)
            continue
        buffer, digests = io.BytesIO(), []
        pages = render_pieces(game, comp, piece_options(comp, options), renderer, buffer,
                              f"{comp.id}.pdf", Result(), digests)
        problems.raise_if_any()
        try:
            if saved is not None:
                from pnp.export.tts import write_tts

                files += write_tts(saved, comp, pages, buffer.getvalue(), digests, output,
                                   target, options.resolution)
            elif options.shop:
                from pnp.export.shopexport import write_preset
                from pnp.export.shops import SHOPS

                files += write_preset(SHOPS[options.shop], game, comp, pages,
                                      buffer.getvalue(), digests, output, target,
                                      piece_options(comp, options), cmyk=options.cmyk)
            else:
                files += WRITERS[options.format](game, comp, pages, buffer.getvalue(), output,
                                                 target, options, digests)
        except OSError as exc:
            raise OutputError(describe(exc, target)) from None
    renderer.finish()
    problems.raise_if_any()
    if saved is not None:
        final = target / f"{game.id}.json"
        output.write_text(final, saved.text())
        files.append({"file": final.name, "objects": len(saved.objects)})
    manifest = {"game": game.id, **({"language": game.language} if game.translated else {}),
                "format": options.format, **manifest_options(options), **colour(options),
                "files": keep + files,
                **({"decks": saved.decks} if saved is not None else {})}
    output.write_text(target / "manifest.json", json.dumps(manifest, indent=1) + "\n")
    return result


def manifest_options(options: ExportOptions) -> dict:
    """The options a format's files were made with: a spreadsheet has no pixels or
    bleed; a tts export has a resolution per image (face sheets are scaled to fit
    4096 px, boards capped at BOARD_DPI), given with each file instead."""
    if options.format == "csv":
        return {}
    if options.format == "tts":
        return {"bleed": options.print.bleed}
    if options.format == "showcase":  # its pieces at their trim, at no resolution
        return {}
    if options.shop:
        from pnp.export.shops import SHOPS

        shop = SHOPS[options.shop]
        return {"shop": shop.name, "dpi": shop.dpi}
    return {"dpi": options.resolution, "bleed": options.print.bleed}


def colour(options: ExportOptions) -> dict:
    if not options.cmyk:
        return {}
    from pnp.export.cmykexport import colour_manifest

    return {"colour": colour_manifest()}


def piece_options(comp, options: ExportOptions) -> Options:
    """The print options a component is drawn with (a shop's preset: shopexport)."""
    if not options.shop:
        return options.print
    from pnp.export.shopgroups import shop_options

    return shop_options(comp, options.shop, options.print)


def image_size_problems(comp, options: ExportOptions, problems: Problems) -> None:
    """An image too large to make is refused at its item before anything is drawn,
    with the highest resolution that would do (tts decks scale to fit by themselves)."""
    from pnp.sheets.piecepdf import plan

    if options.format == "tts" and comp.kind == "deck":
        return
    dpi = options.resolution
    if options.format == "tts" and comp.kind == "sheet":
        from pnp.export.tts import BOARD_DPI

        dpi = min(dpi, BOARD_DPI)
    reported, pages = set(), plan(comp, options.print)
    if options.format == "sheet":  # one image of every front
        fronts = [full_size(p, dpi) for p in pages if p.side in ("front", "face 1")]
        total = sum(w * h for w, h in fronts)
        if total > MAX_IMAGE_PIXELS:
            best = int(dpi * (MAX_IMAGE_PIXELS / total) ** 0.5)
            problems.add(comp.mark, f"the proof sheet of '{comp.id}' would have {total:,} px "
                                    f"at {dpi} dpi; an exported image has at most "
                                    f"{MAX_IMAGE_PIXELS // 1_000_000} million pixels: use "
                                    f"--dpi {best} or lower")
        return
    for page in pages:
        width, height = full_size(page, dpi)
        if width * height <= MAX_IMAGE_PIXELS or page.item.mark in reported:
            continue  # once per item as written, not per copy or player set
        reported.add(page.item.mark)
        best = int(dpi * (MAX_IMAGE_PIXELS / (width * height)) ** 0.5)
        name = page.item.fields["id"]
        problems.add(page.item.mark, f"{comp.id} '{name}' would be {width} x {height} "
                                     f"px at {dpi} dpi; an exported image has at most "
                                     f"{MAX_IMAGE_PIXELS // 1_000_000} million pixels: use "
                                     f"--dpi {best} or lower")


def write_png(game, comp, pages, pdf: bytes, output, target, options,
              digests=None) -> list[dict]:
    """One RGB PNG per piece side at trim + bleed, the dpi stored in the file. A side
    drawn alike on several pieces (`digests`: a deck's common back) is rasterised and
    encoded once, its bytes written to each of its files."""
    from pnp.export.raster import rasterise, rounded

    folder = output.folder(str((target / comp.id).relative_to(output.out_dir)))
    dpi, files = options.resolution, []
    digests = digests or [str(index) for index in range(len(pages))]
    first = {}  # digest -> the first page drawn so
    for index, digest in enumerate(digests):
        first.setdefault(digest, index)
    alike = Counter(digests)
    sizes = [full_size(p, dpi) for p in pages]
    shown = sorted(first.values())

    def encode(image) -> bytes:
        data = io.BytesIO()
        # zlib's fastest level: a third less time for files a fifth larger (measured
        # on the bench's deck); lossless either way
        image.save(data, format="PNG", dpi=(dpi, dpi), compress_level=1)
        return data.getvalue()

    with ThreadPoolExecutor(max_workers=2) as pool:  # PNG encoding beside rasterising
        pending: deque = deque()
        encoded: dict = {}  # digest -> the future of its PNG bytes, for sides drawn alike
        for index, image in zip(shown, rasterise(pdf, dpi, sizes, shown), strict=True):
            page = pages[index]
            if options.corners is not None:  # for screens: the trim, corners transparent
                image = rounded(image, pixels(page.bleed, dpi),
                                [pixels(v, dpi) for v in page.size],
                                pixels(options.corners, dpi))
            job = pool.submit(encode, image)
            if alike[digests[index]] > 1:
                encoded[digests[index]] = job
            pending.append((job, output.temporary(folder / f"{file_stem(page)}.png")))
            sizes[index] = image.size
            while len(pending) > 4:  # a few images in flight, never the whole deck
                done, path = pending.popleft()
                path.write_bytes(done.result())
        for done, path in pending:
            path.write_bytes(done.result())
        for index, page in enumerate(pages):
            final = folder / f"{file_stem(page)}.png"
            if index != first[digests[index]]:  # a copy of a side drawn alike
                output.temporary(final).write_bytes(encoded[digests[index]].result())
            files.append(entry(comp, page, final, target, sizes[first[digests[index]]]))
    return files


def write_shop(game, comp, pages, pdf: bytes, output, target, options,
               digests=None) -> list[dict]:
    """The one-piece-a-page PDF (TrimBox, BleedBox), and the same pieces as PNG; or,
    with --cmyk, the PDF in CMYK (and with --tiff the pieces as CMYK TIFFs:
    cmykexport.py)."""
    if options.cmyk:
        from pnp.export.cmykexport import write_cmyk_shop

        return write_cmyk_shop(game, comp, pages, pdf, output, target, options, digests)
    final = target / f"{comp.id}.pdf"
    output.temporary(final).write_bytes(pdf)
    w, h = (round(v + 2 * pages[0].bleed, 3) for v in pages[0].size) if pages else (0, 0)
    files = [{"file": final.name, "component": comp.id, "pages": len(pages),
              "page_mm": [w, h], "order": [[p.item.id, p.copy, p.side] for p in pages]}]
    return files + write_png(game, comp, pages, pdf, output, target, options, digests)


def write_sheet(game, comp, pages, pdf: bytes, output, target, options,
                _digests=None) -> list[dict]:
    """A proof sheet: every front in a grid at screen resolution, each with its id."""
    from pnp.export.raster import proof_sheet, rasterise

    dpi = options.resolution
    fronts = [p for p in pages if p.side in ("front", "face 1")]
    index = [pages.index(p) for p in fronts]
    images = list(rasterise(pdf, dpi, [full_size(p, dpi) for p in pages], index))
    sheet = proof_sheet(images, [f"{p.item.id}" + (f" ({p.copy})" if p.item.copies > 1
                                                    else "") for p in fronts], game.name,
                        comp.name)
    final = target / f"{comp.id}.png"
    sheet.save(output.temporary(final), format="PNG", dpi=(dpi, dpi))
    return [{"file": final.name, "component": comp.id, "pieces": len(fronts),
             "pixels": list(sheet.size)}]


def write_csv(comp, output, target) -> list[dict]:
    """The component's items as a spreadsheet (tables.write_csv): data: it back as is."""
    from pnp.load.tables import write_csv as items_csv

    final = target / f"{comp.id}.csv"
    output.write_text(final, items_csv(comp))
    return [{"file": final.name, "component": comp.id, "items": len(comp.items)}]


def entry(comp, page, final: Path, target: Path, size: tuple) -> dict:
    return {"file": str(final.relative_to(target)), "component": comp.id,
            "item": page.item.id, "copy": page.copy, "side": page.side,
            "pixels": list(size)}


def write_cut(game, comp, pages, pdf: bytes, output, target, options,
              digests=None) -> list[dict]:
    from pnp.export.cutexport import write_cut as write

    return write(game, comp, pages, pdf, output, target, options, digests)


WRITERS = {"png": write_png, "shop": write_shop, "sheet": write_sheet, "cut": write_cut}
