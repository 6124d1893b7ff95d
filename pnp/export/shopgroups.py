"""A component's pieces sorted into the uploads a shop takes (issue 34): each group is
one product (productfit.py) with the pages that go into it.

- A deck becomes one card product per player's deck and per back: a deck product takes
  one back, so a deck whose cards show several backs is split into a deck per back,
  and the manifest says so.
- Tokens become one chit or tile product per size and cut shape (each chit keeps its
  own back: the shop prints every chit two-sided).
- A sheet becomes a board, mat or booklet per size; a die its faces.
- A piece no product takes is refused: a warning naming the nearest products, and no
  files for it (everything else is still written). A kind the shop does not sell at all
  gets the shop's note instead (MakePlayingCards and DriveThruCards print cards only)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pnp.export.productfit import NoProduct, Placement, place, product_kinds, sells
from pnp.export.shops import SHOPS
from pnp.load.players import slug
from pnp.plan.fit import piece_sizes
from pnp.sheets.piecepdf import owners


@dataclass
class Group:
    """The pages (indices into the component's pages) uploaded as one product."""

    name: str  # its folder
    placement: Placement
    pages: list = field(default_factory=list)
    note: str = ""


def _trims(comp, options) -> list:
    """Each item's trim in mm, as its pages have it (a die: one face)."""
    if comp.kind == "dice":
        return [(item.size, item.size) for item in comp.items]
    return [tuple(size) for size in piece_sizes(comp, options)]


def placements(comp, shop_id: str, options) -> tuple[dict, list[str]]:
    """{item id: Placement} for the items some product takes, and a refusal for each
    size and shape none does ([] and no refusals when the shop sells no such kind)."""
    kinds = product_kinds(comp)
    if not kinds or not sells(shop_id, kinds):
        return {}, []
    found, refused, tried = {}, [], {}
    for item, trim in zip(comp.items, _trims(comp, options), strict=True):
        shape = item.shape or comp.shape
        key = (trim, shape)
        if key not in tried:
            try:
                tried[key] = place(shop_id, kinds, trim, shape, comp.two_sided,
                                   comp.shop.get(shop_id))
            except NoProduct as exc:
                tried[key] = None
                refused.append(f"--shop {shop_id}: {comp.id} "
                               f"{_named(comp, trim, shape, options)}: {exc}")
        if tried[key]:
            found[item.id] = tried[key]
    return found, refused


def _named(comp, trim, shape, options) -> str:
    ids = list(dict.fromkeys(
        i.printed_id for i, t in zip(comp.items, _trims(comp, options), strict=True)
        if t == trim and (i.shape or comp.shape) == shape))  # a player's copy: once
    return "'" + "', '".join(ids[:4]) + "'" + (f" and {len(ids) - 4} more"
                                               if len(ids) > 4 else "")


def refusals(comp, shop_id: str, options) -> list[str]:
    """Why each refused piece of the component gets no file (pnp check --shop too); a
    fold-up standee has no product at any shop here."""
    if comp.kind == "sheet" and comp.standee:
        return [f"--shop {shop_id}: {comp.id}: a fold-up standee; no product of "
                f"{SHOPS[shop_id].name} is catalogued for it (pnp/export/products.py): "
                "print it at home"]
    return placements(comp, shop_id, options)[1]


def shop_options(comp, shop_id: str, options):
    """The print options a component is drawn with for a shop (`pnp export --shop`,
    `pnp check --shop`): the bleed its scaling needs and, for cards and sheets, the
    product's safe zone in the game's mm (a chit keeps the game's own small-piece
    margin: the shop's 1/8 in would leave a 1/2 in chit a quarter inch for its text)."""
    found = placements(comp, shop_id, options)[0]
    if not found:
        return options
    bleed = max([options.bleed, 3.0] + [p.render_bleed() for p in found.values()])
    if comp.kind == "tokens":
        return replace(options, bleed=bleed)
    return replace(options, bleed=bleed,
                   safe_margin=max(p.safe_margin() for p in found.values()))


def groups(game, comp, pages, digests: list, shop_id: str, options) -> list[Group]:
    """The component's uploads, each with its pages in order (`digests`: each page's
    drawing, which tells a deck's backs apart)."""
    found = placements(comp, shop_id, options)[0]
    made: dict = {}
    for owner, indices in owners(game, comp, pages):
        base = f"{comp.id}-{slug(owner)}" if owner else comp.id
        backs = _backs(comp, pages, indices, digests)
        for index in indices:
            page = pages[index]
            placement = found.get(page.item.id)
            if placement is None:
                continue
            key = (base, placement.product.id, backs.get(page.item.id, 0))
            if key not in made:
                made[key] = Group(base, placement)
            made[key].pages.append(index)
    return _named_groups(comp, list(made.items()))


def _backs(comp, pages, indices, digests) -> dict:
    """{item id: which of the deck's distinct backs it shows, in order of first use}:
    a deck only (tokens and sheets keep each piece's own back)."""
    if comp.kind != "deck":
        return {}
    order: dict = {}
    shows = {}
    for index in indices:
        if pages[index].side == "back" and pages[index].copy == 1:
            shows[pages[index].item.id] = order.setdefault(digests[index], len(order))
    return shows


def _named_groups(comp, made: list) -> list[Group]:
    """Folder names: the component's (a player's deck's) own; with its product's id
    where one component fills several products, and `-back-N` for each back where a
    deck's cards show several (with a note saying why it was split)."""
    products: dict = {}
    backs: dict = {}
    for (base, product, back), _group in made:
        products.setdefault(base, set()).add(product)
        backs.setdefault((base, product), set()).add(back)
    named = []
    for (base, product, back), group in made:
        name = base if len(products[base]) == 1 else f"{base}-{slug(product)}"
        split = len(backs[(base, product)])
        if split > 1:
            name = f"{name}-back-{back + 1}"
            group.note = (f"{comp.id}'s cards show {split} different backs and a deck "
                          f"product takes one: uploaded as {split} decks, one a back")
        group.name = name
        named.append(group)
    return named


def shop_problems(components, shop_id: str, options_of, problems, warn) -> None:
    """Before anything is drawn (`pnp export --shop`, `pnp check --shop`): each piece no
    product takes is a warning (the rest still uploads); a game none of whose pieces
    any product takes is refused, at its first component."""
    refused, fits = [], False
    components = list(components)
    for comp in components:
        if unknown_product(comp, shop_id, problems):
            continue
        options = options_of(comp)
        for why in refusals(comp, shop_id, options):
            warn(why)
            refused.append((comp, why))
        fits = fits or bool(placements(comp, shop_id, options)[0])
    if components and not fits:
        shop = SHOPS[shop_id]
        why = "; ".join(why for _c, why in refused) or shop.others
        problems.add(components[0].mark, f"--shop {shop_id}: no piece here is a product "
                     f"{shop.name} sells: {why}")


def unknown_product(comp, shop_id: str, problems) -> bool:
    """A product the game names (`shop:`) that the shop has not, or not of its kind."""
    from pnp.export.products import PRODUCTS

    pinned = comp.shop.get(shop_id)
    if not pinned:
        return False
    kinds = product_kinds(comp)
    ids = [p.id for p in PRODUCTS[shop_id] if p.kind in kinds]
    if pinned in ids:
        return False
    from difflib import get_close_matches

    near = get_close_matches(pinned, ids, n=1)
    hint = f"did you mean {near[0]}? " if near else ""
    problems.add(comp.shop_mark or comp.mark,
                 f"shop: {shop_id}: {SHOPS[shop_id].name} has no product '{pinned}' for "
                 f"{comp.kind}; {hint}its products of that kind: {', '.join(ids) or 'none'} "
                 "(docs/shops.md)")
    return True
