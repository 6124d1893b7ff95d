"""Problems met while drawing, handed over once each: a bad value at the line that
wrote it (a card's field, a variable) with the layout lines that read it, or else at
the layout line, with the pieces it hits."""

from __future__ import annotations

import difflib

from pnp.draw.alike import per_piece
from pnp.draw.notice import Notice
from pnp.draw.typeset import SHOWN_IDS
from pnp.load.errors import Mark
from pnp.load.origins import bundled
from pnp.load.template import TemplateError, culprit


class Reports:
    """The Renderer's problem collector (needs self.found, self.uses, self.at_origin,
    self.piece, self.element, self.layout_name, self.ctx, self.item_mark, self.origins,
    self.warned, self.warn, self.problems, self.held and report_safe_zone)."""

    placeheld = 0  # pictures drawn as placeholders so far (pnp build --draft counts them)

    def report(self, mark: Mark, message: str, use: tuple | None = None) -> None:
        """A problem of the piece being drawn; reported once per place by finish().
        `use` (key, layout, mark): where a value reported at its origin is read; one
        value is one problem, however many ways its uses fail (said by the first)."""
        if use is not None:
            message = self.at_origin.setdefault(mark, message)
        pieces = self.found.setdefault((mark, message), [])
        if self.piece not in pieces:
            pieces.append(self.piece)
        if use is not None:
            uses = self.uses.setdefault((mark, message), [])
            if use not in uses:
                uses.append(use)

    @per_piece
    def report_at(self, mark: Mark, message: str) -> None:
        """A problem of the piece being drawn at a place of the layout (see alike.py)."""
        self.report(mark, message)

    @per_piece
    def report_failed(self, key: str, exc: Exception) -> None:
        """An element's `key` naming nothing or failing to evaluate: said at the value
        that made it fail where one did, else at the key."""
        if not (isinstance(exc, TemplateError) and self.report_missing(key)):
            element = self.element
            self.report(element["_marks"].get(key, element["_mark"]), str(exc))

    @per_piece
    def report_value(self, key: str, message: str) -> None:
        """A bad value of the element's `key`: at the line that wrote it when one
        template brought it (a colour in `vars`, a card's field), else at the key."""
        element = self.element
        mark = element["_marks"].get(key, element["_mark"])
        origin = self.origin(element.get(key))
        if origin is None or origin == mark:
            self.report(mark, f"{key}: {message}")
        else:
            self.report(origin, message, (key, self.layout_name, mark))

    def report_missing(self, key: str) -> bool:
        """A template naming nothing because a card's value (or a variable) is no entry
        of the mapping it picks from: said at that value. False if that is not why."""
        template = self.element.get(key)
        found = culprit(template, self.ctx)
        origin = self.origin(found[0]) if found else None
        if origin is None:
            return False
        _, value, head, container = found
        if isinstance(container, dict):
            entries = [str(k) for k in container]
            close = difflib.get_close_matches(value, entries, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            said = f"'{value}' is not in {head} ({', '.join(entries[:8])}){hint}"
        else:
            said = f"{value} is no index of {head} ({len(container)} entries)"
        mark = self.element["_marks"].get(key, self.element["_mark"])
        self.report(origin, said, (key, self.layout_name, mark))
        return True

    def origin(self, template) -> Mark | None:
        """Where the value of a template (exactly one `{path}`) was written, if known."""
        if not isinstance(template, str) or "{" not in template:
            return None
        return self.origins.of(template, self.ctx, self.item_mark)

    def warn_once(self, message: str) -> None:
        if message not in self.warned:
            self.warned.add(message)
            self.warn(message)

    def finish(self) -> None:
        """Hand the collected problems over, each once with the pieces it hits."""
        self.report_safe_zone()
        self.report_crowding()
        if not self.placeholders:  # a layout's picture not there: where its name is written
            for mark, message in self.game.pictures_missing:
                self.problems.add(mark, message)
        for (mark, message), pieces in self.found.items():
            where = pieces_text(pieces)
            uses = self.uses.get((mark, message))
            if uses:
                where = f"{used_by(uses)}; {where}"
            self.problems.add(mark, f"{message} ({where})")
        self.found, self.uses, self.at_origin = {}, {}, {}
        self.report_placeholders()

    def report_placeholders(self) -> None:
        """Each picture drawn as a placeholder, once a place, as a warning (a Notice:
        `file`, `line` and `picture` for a preview to show it)."""
        for (mark, src, use), pieces in self.held.items():
            where = pieces_text(pieces)
            if use is not None:
                where = f"{used_by([use])}; {where}"
            self.warn(Notice(f"{mark.file}:{mark.line}:{mark.col}: image '{src}' not found: "
                             f"drawn as a placeholder ({where})", file=mark.file,
                             line=mark.line, picture=src))
        self.placeheld = len({src for _, src, _ in self.held}) + self.placeheld
        self.held = {}


def pieces_text(pieces: list) -> str:
    """'in crew 'C-04'', or 'in 7 pieces: a, b, c, ...'."""
    if len(pieces) == 1:
        return f"in {pieces[0]}"
    more = ", ..." if len(pieces) > SHOWN_IDS else ""
    return f"in {len(pieces)} pieces: {', '.join(pieces[:SHOWN_IDS])}{more}"


def used_by(uses: list) -> str:
    """'used by fill in 'crew-front' at layouts.yaml:8 and ...': the layout lines
    reading a value reported where it was written (a bundled layout by name only)."""
    shown = []
    for key, layout, mark in uses[:SHOWN_IDS]:
        place = "" if bundled(mark) else f" at {mark.file}:{mark.line}"
        shown.append(f"{key} in '{layout}'{place}")
    if len(uses) > SHOWN_IDS:
        shown.append(f"{len(uses) - SHOWN_IDS} more")
    listed = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
    return f"used by {listed}"
