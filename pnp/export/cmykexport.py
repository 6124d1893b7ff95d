"""`pnp export --format shop --cmyk`: the shop format for a printer that asks for CMYK.
The component's one-piece-a-page PDF as PDF/X-1a:2001 (cmykpdf.py): what a shop that
asks for CMYK takes. With `--tiff`, also each piece side as a CMYK TIFF at the export's
resolution, LZW-compressed, carrying the profile (a TIFF is what takes CMYK pixels: PNG
has no CMYK); they cost about 45 ms a side, most of such an export's time, so they are
made only when asked for."""

from __future__ import annotations

import io
from collections import Counter, deque
from concurrent.futures import ThreadPoolExecutor

from pnp.export import cmyk
from pnp.export.cmykpdf import PDFX_CONFORMANCE, convert, walk_pages
from pnp.export.pixels import full_size


def colour_manifest() -> dict:
    """What the manifest says of the colour every file of the export is in."""
    return {"space": "CMYK", "profile": cmyk.PROFILE_NAME, "condition": cmyk.CONDITION,
            "condition_info": cmyk.CONDITION_INFO, "ink_limit_percent": cmyk.INK_LIMIT * 100,
            "pdf": PDFX_CONFORMANCE}


def write_cmyk_shop(game, comp, pages, pdf: bytes, output, target, options,
                    digests=None) -> list[dict]:

    final = target / f"{comp.id}.pdf"
    tiffs: list = []
    if options.tiff:
        pool = ThreadPoolExecutor(max_workers=2)  # the PDF walked beside the TIFFs made
        walked = pool.submit(walk_pages, pdf, digests)
        with pool:
            tiffs = _write_tiffs(comp, pages, pdf, output, target, options, digests, pool)
        converted = convert(pdf, f"{game.name}: {comp.name}", walked.result())
    else:
        converted = convert(pdf, f"{game.name}: {comp.name}", digests=digests)
    output.temporary(final).write_bytes(converted.pdf)
    w, h = (round(v + 2 * pages[0].bleed, 3) for v in pages[0].size) if pages else (0, 0)
    return [{"file": final.name, "component": comp.id, "pages": len(pages),
             "page_mm": [w, h], "order": [[p.item.id, p.copy, p.side] for p in pages],
             "rasterised": [{"page": number, "box_mm": [round(v * 25.4 / 72, 2) for v in box]}
                            for number, box in converted.rasters]}, *tiffs]


def _write_tiffs(comp, pages, pdf: bytes, output, target, options, digests, pool) -> list:
    """Each piece side as a CMYK TIFF (a side drawn alike on several pieces converted
    and encoded once), converted and encoded on `pool` beside the rasterising."""
    from pnp.export.raster import rasterise
    from pnp.sheets.piecepdf import file_stem

    files = []
    folder = output.folder(str((target / comp.id).relative_to(output.out_dir)))
    dpi = options.resolution
    digests = digests or [str(index) for index in range(len(pages))]
    first: dict = {}  # a side's drawing -> the first page drawn so: encoded once
    for index, digest in enumerate(digests):
        first.setdefault(digest, index)
    shown = sorted(first.values())
    sizes = [full_size(p, dpi) for p in pages]
    alike = Counter(digests)
    kept = {}  # the TIFF of a side drawn alike on several pieces, for its copies

    def encode(image) -> bytes:
        data = io.BytesIO()
        cmyk.image_cmyk(image).save(data, format="TIFF", compression="tiff_lzw",
                                    dpi=(dpi, dpi), icc_profile=profile)
        return data.getvalue()

    profile = cmyk.profile_bytes()
    pending: deque = deque()
    for index, image in zip(shown, rasterise(pdf, dpi, sizes, shown), strict=True):
        pending.append((index, pool.submit(encode, image)))
        sizes[index] = image.size
        while len(pending) > 4:  # a few images in flight, never the whole deck
            _write(*pending.popleft(), pages, digests, alike, kept, folder, output)
    while pending:
        _write(*pending.popleft(), pages, digests, alike, kept, folder, output)
    for index, page in enumerate(pages):
        tiff = folder / f"{file_stem(page)}.tif"
        if index != first[digests[index]]:
            output.temporary(tiff).write_bytes(kept[digests[index]])
        files.append({"file": str(tiff.relative_to(target)), "component": comp.id,
                      "item": page.item.id, "copy": page.copy, "side": page.side,
                      "pixels": list(sizes[first[digests[index]]])})
    return files


def _write(index, job, pages, digests, alike, kept, folder, output) -> None:
    from pnp.sheets.piecepdf import file_stem

    data = job.result()
    output.temporary(folder / f"{file_stem(pages[index])}.tif").write_bytes(data)
    if alike[digests[index]] > 1:
        kept[digests[index]] = data
