"""The game log, over or beside the table (the table stays where it was): turns under
headings with the round and phase and the acting player in their colour, the latest
at the bottom. A line that names a card can be held to read the card, when the
game's view says which (`event_piece(event) -> (component, item) | None`)."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.utils import escape_markup

from companion.app.covering import covering
from companion.app.widgets import QuietScroll
from companion.app.zoom import Holdable


class LogLine(Holdable, ButtonBehavior, Label):
    """One event of the log (hold it to read the card it names)."""

    event = ObjectProperty(None, allownone=True)


class LogHeading(Label):
    colour = StringProperty("#9aa0a6")


class ListScroll(QuietScroll):
    """A list that scrolls as lists do (the log): not part of the table's no-scroll rule."""


class LogView(ModalView):
    """The log; on a tablet a panel at the side of the table, dimmed; on a phone the
    whole screen (what it covers is not drawn: companion.app.covering).
    The latest turns are shown; 'Earlier turns' adds the ones before."""

    PAGE = 40  # rows at a time (a phone shows about 25): a long game's log opens at once
    wide = BooleanProperty(False)

    def __init__(self, app, **kwargs):
        wide = app.root.width > app.root.height
        super().__init__(size_hint=(0.42, 1) if wide else (1, 1), wide=wide,
                         pos_hint={"right": 1, "top": 1}, **kwargs)
        covering(self)
        self.app = app
        self.rows = self.all_rows()
        self.shown = 0
        self.more(scroll_to_end=True)

    def all_rows(self) -> list:
        """Each row as the widget class and what it is made with: a long game's rows
        become widgets a page at a time, as they are shown."""
        from companion.progress import turns

        session = self.app.controller.session
        piece_of = getattr(self.app.controller.view, "event_piece", None)
        rows = []
        for turn in turns(session) if session else []:
            who = f" · [color={turn.colour}]{escape_markup(turn.name)}[/color]" \
                if turn.name else ""
            rows.append((LogHeading, {"text": f"[b]{escape_markup(turn.title)}{who}[/b]",
                                      "colour": turn.colour}))
            for text, event in turn.lines:
                rows.append((LogLine, {"text": text, "event": event,
                                       "piece": piece_of(event) if piece_of else None}))
        return rows

    def more(self, scroll_to_end: bool = False) -> None:
        """Show PAGE more rows above those shown."""
        box = self.ids.rows
        start = max(0, len(self.rows) - self.shown - self.PAGE)
        for kind, made in reversed(self.rows[start:len(self.rows) - self.shown]):
            box.add_widget(kind(**made), index=len(box.children))  # at the top
        self.shown = len(self.rows) - start
        self.ids.earlier.opacity = 1 if start else 0
        self.ids.earlier.disabled = not start
        self.ids.earlier.height = dp(52) if start else 0
        if scroll_to_end:
            self.ids.scroll.scroll_y = 0  # the latest turn in sight


def open_log() -> LogView:
    view = LogView(App.get_running_app())
    view.open(animation=False)  # at once, as a held card (companion.app.zoom)
    return view
