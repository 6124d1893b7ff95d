"""Hold a card to read it: any piece on the screen (in a hand, on the table, in a
list, in the log) opens the printed card, drawn from the same YAML and layout as
the print (companion.cardart), with the game's words for what its icons and
keywords mean below it, and a close button.

A widget takes part by mixing in `Holdable` (before a ButtonBehavior, so a hold
is not also a tap) and setting `piece` to (component id, printed id) or
(component id, printed id, side)."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.widgets import BigButton

HOLD_SECONDS = 0.45  # Android's long-press timeout is 0.4-0.5 s
SLOP_DP = 12  # a finger that moves further scrolls, it does not hold

_art: dict = {}


def card_art(game_id: str):
    """One CardArt a game, its cache in the app's data folder."""
    from pathlib import Path

    from companion.cardart import CardArt
    from companion.games import GAMES

    if game_id not in _art:
        app = App.get_running_app()
        folder = getattr(app, "data_dir", None) or getattr(app, "user_data_dir", None)
        cache = Path(folder) / "card-images" if folder else None
        own = GAMES[game_id].folder if game_id in GAMES else ""  # a folder game's
        _art[game_id] = CardArt(game_id, cache, folder=Path(own) if own else None)
    return _art[game_id]


_ahead: dict = {}


def draw_ahead(game_id: str) -> None:
    """Have the game's pieces drawn in the background as its table opens (once a game
    and run; companion.cardart.CardArt.draw_ahead), unless DOSSIER_DRAW_AHEAD=0 (the
    UI tests, which hold few cards, keep the machine for themselves)."""
    import os

    if game_id not in _ahead and os.environ.get("DOSSIER_DRAW_AHEAD", "1") != "0":
        _ahead[game_id] = card_art(game_id).draw_ahead()


def stop_drawing_ahead() -> None:
    """The app closes: no drawing goes on after it."""
    for process in _ahead.values():
        if process is not None and process.poll() is None:
            process.terminate()


class Hold:
    """Mixin: a touch held HOLD_SECONDS on the widget calls `on_hold()`, and the touch
    that ends it is no tap as well; a finger that moves away scrolls instead."""

    def on_touch_down(self, touch):
        if self.collide_point(*touch.pos) and self.holds() and \
                not getattr(touch, "is_mouse_scrolling", False):
            touch.ud[("hold", id(self))] = Clock.schedule_once(
                lambda _dt: self._held(touch), HOLD_SECONDS)
        return super().on_touch_down(touch)

    def on_touch_move(self, touch):
        event = touch.ud.get(("hold", id(self)))
        if event is not None and (abs(touch.x - touch.ox) > dp(SLOP_DP) or
                                  abs(touch.y - touch.oy) > dp(SLOP_DP)):
            event.cancel()
        return super().on_touch_move(touch)

    def on_touch_up(self, touch):
        event = touch.ud.pop(("hold", id(self)), None)
        if event is not None:
            event.cancel()
        if touch.ud.get(("held", id(self))):  # the hold did its thing: no tap as well
            if touch.grab_current is self:
                touch.ungrab(self)
            if hasattr(self, "_do_release"):
                self._do_release()
            return True
        return super().on_touch_up(touch)

    def _held(self, touch) -> None:
        touch.ud[("held", id(self))] = True
        for child in self.walk(restrict=True):  # a button under the finger: no tap
            if child is not self and getattr(child, "state", None) == "down":
                touch.ungrab(child)
                child.state = "normal"
        self.on_hold()

    def holds(self) -> bool:
        """Whether a hold does anything here (else a long touch is a tap)."""
        return True

    def on_hold(self) -> None:
        pass


class Holdable(Hold):
    """Mixin: holding the widget opens its `piece` in a CardZoom."""

    piece = ObjectProperty(None, allownone=True)

    def holds(self) -> bool:
        return bool(self.piece)

    def on_hold(self) -> None:
        open_piece(*self.piece)


def open_piece(component: str, item: str, side: str = "front") -> CardZoom:
    """A piece held (on the table, in the log): drawn by the game itself where its view
    can (`piece_widget(component, item) -> Widget | None`: at the screen's resolution),
    else its printed picture."""
    app = App.get_running_app()
    controller = app.controller
    game_id = controller.rules.game_id
    words_of = getattr(controller.view, "piece_words", None)
    words = words_of(component, item) if words_of else ""
    drawn = getattr(controller.view, "piece_widget", None)
    picture = drawn(component, item) if drawn else None
    return show(picture or card_art(game_id).path(component, item, side), words)


def show(picture, words: str = "") -> CardZoom:
    zoom = CardZoom(picture, words)
    zoom.open(animation=False)  # at once: a held card answers the hold, no fade to wait for
    return zoom


class CardZoom(ModalView):
    """The printed piece as large as the screen allows, its words below, Close: on a
    panel of its own (the table does not show through the words), the table dimmed
    around it. `picture`: a file, or a widget a game draws its piece with."""

    def __init__(self, picture, words: str = "", **kwargs):
        super().__init__(size_hint=(0.94, 0.94), background="", background_color=theme.PANEL,
                         overlay_color=(0, 0, 0, 0.7), **kwargs)
        box = BoxLayout(orientation="vertical", padding=dp(8), spacing=dp(8))
        if isinstance(picture, Widget):
            box.add_widget(picture)
        elif picture is not None:
            box.add_widget(Image(source=str(picture), fit_mode="contain"))
        words_label = Label(text=words or ("" if picture else "No picture of this card"),
                            markup=True, font_size="16sp", color=theme.TEXT,
                            size_hint_y=None if picture else 1, halign="left", valign="top")
        words_label.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)),
                         texture_size=lambda w, s: setattr(w, "height", s[1])
                         if picture else None)
        if words or picture is None:
            box.add_widget(words_label)
        close = BigButton(text="Close", tone="primary")
        close.bind(on_release=lambda *_a: self.dismiss())
        box.add_widget(close)
        self.add_widget(box)
