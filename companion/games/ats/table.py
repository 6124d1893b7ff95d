"""Above Top Secret's table: the players' panels, the prompt, and the action
area that offers exactly the engine's legal actions. The shell's table screen
hosts it, with the toolbar and the pass-and-play cover around it."""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton

from companion.app import theme
from companion.app.widgets import BigButton
from companion.games.ats import view
from companion.games.ats.data import CLEARANCE_COST, defense
from companion.games.ats.widgets import AtsPlayerPanel

Builder.load_file(str(Path(__file__).with_name("table.kv")))


class AtsTable(BoxLayout):
    prompt = StringProperty("")
    events_text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.mode = None  # None, "attack", "targets", "confirm", "sacrifice", "intel", "advance"
        self.pending = None
        self.picked: set = set()
        self.panels: list[AtsPlayerPanel] = []

    @property
    def app(self):
        return App.get_running_app()

    @property
    def state(self):
        return self.app.controller.state

    # -- drawing ---------------------------------------------------------------------
    def refresh(self):
        state = self.state
        status = view.status(state)
        self.prompt = status["prompt"]
        self.events_text = "\n".join(e["text"] for e in self.app.controller.recent
                                     if not e.get("private"))[-1200:]
        self.draw_panels(state, status)
        self.draw_actions()

    def draw_panels(self, state, status):
        seats = list(range(len(state["players"])))
        box = self.ids.panels
        if len(self.panels) != len(seats):
            box.clear_widgets()
            self.panels = [AtsPlayerPanel() for _ in seats]
            for panel in reversed(self.panels):  # seat 1 on top, seat 0 nearest the user
                box.add_widget(panel)
        holder = view.command_holder(state)
        hide = state["phase"] == "setup"
        for seat, widget in zip(seats, self.panels, strict=True):
            widget.flipped = self.app.settings["face_to_face"] and len(seats) == 2 and seat == 1
            widget.show(view.panel(state, seat), seat == holder,
                        seat == status["acting_seat"], hide)

    def button(self, text, action=None, on_press=None, tone="normal", reason=""):
        widget = BigButton(text=text + (f"\n[size=13sp]{reason}[/size]" if reason else ""),
                              tone=tone, disabled=bool(reason))
        if reason:
            widget.height = dp(72)
        widget.bind(on_release=lambda *_: on_press() if on_press else self.act(action))
        self.ids.actions.add_widget(widget)
        return widget

    def note(self, text):
        label = Label(text=text, size_hint_y=None, font_size="15sp", color=theme.MUTED,
                      halign="left", valign="top", markup=True)
        label.bind(width=lambda w, _: setattr(w, "text_size", (w.width - dp(16), None)),
                   texture_size=lambda w, size: setattr(w, "height", size[1] + dp(12)))
        self.ids.actions.add_widget(label)

    def draw_actions(self):
        self.ids.actions.clear_widgets()
        self.ids.action_scroll.scroll_y = 1  # new choices start at the top
        state = self.state
        wait = state["await"]
        if wait is None:
            return
        legal = self.app.controller.legal()
        if wait["kind"] == "main":
            return self.draw_main(legal)
        if wait["kind"] == "advance":
            return self.draw_advance(legal)
        if len(legal) == 6 and all(a["type"] == "roll" and "value" in a for a in legal):
            return self.draw_die_faces(legal)
        for action in legal:
            tone = "primary" if action["type"] in ("roll", "draw") else "normal"
            self.button(view.label(state, action), action, tone=tone)

    def draw_die_faces(self, legal):
        """Physical dice: the six faces as a 3 x 2 keypad, all in reach of a thumb."""
        grid = GridLayout(cols=3, spacing=dp(6), size_hint_y=None, height=dp(124))
        for action in legal:
            face = BigButton(text=str(action["value"]), tone="primary", font_size="26sp")
            face.bind(on_release=lambda *_a, a=action: self.act(a))
            grid.add_widget(face)
        self.note("Tap the number the die shows:")
        self.ids.actions.add_widget(grid)

    def redraw(self):
        """Rebuild the action list on the next frame, not inside the touch that
        asked for it (the ScrollView is still handling that touch)."""
        Clock.schedule_once(lambda _dt: self.draw_actions(), 0)

    # -- the main step: attack, sacrifice, Intel, end --------------------------------------
    def draw_main(self, legal):
        state, seat = self.state, self.state["await"]["player"]
        if self.mode == "attack":
            self.note("Attack with which card?")
            for level, slot in enumerate(state["players"][seat]["line"], start=1):
                if not slot:
                    continue
                options = view.attack_options(self.app.controller.rules, state, seat, level)
                reason = "" if any(o["legal"] for o in options) else (
                    options[0]["reason"] if options else "no target within one level")
                self.button(f"L{level} {defense(slot['card'])['name']}", reason=reason,
                            on_press=lambda lv=level: self.pick_attacker(lv))
            self.button("Back", on_press=self.back)
            return
        if self.mode == "targets":
            self.note("Attack which target? Targets you cannot attack show why.")
            for option in view.attack_options(self.app.controller.rules, state, seat,
                                              self.pending):
                self.button(option["label"], reason=option["reason"],
                            on_press=lambda a=option["action"]: self.confirm(a))
            self.button("Back", on_press=lambda: self.set_mode("attack"))
            return
        if self.mode == "confirm":
            self.note(self.matchup(self.pending))
            self.button("Attack!", self.pending, tone="danger")
            self.button("Back", on_press=lambda: self.pick_attacker(self.pending["level"]))
            return
        if self.mode in ("sacrifice", "intel"):
            for action in legal:
                if action["type"] == self.mode:
                    self.button(view.label(state, action), action)
            self.button("Back", on_press=self.back)
            return
        kinds = {a["type"] for a in legal}
        self.button("Attack", on_press=lambda: self.set_mode("attack"), tone="danger",
                    reason="" if "attack" in kinds else "no legal attack")
        self.button("Sacrifice combat (swap line cards)",
                    on_press=lambda: self.set_mode("sacrifice"),
                    reason="" if "sacrifice" in kinds else "no card of a matching level in hand")
        if "intel" in kinds:
            self.button("Use Intel", on_press=lambda: self.set_mode("intel"))
        self.button("End turn", {"type": "end_turn"})

    def matchup(self, action) -> str:
        state = self.state
        seat = state["await"]["player"]
        mine = view.panel(state, seat)["line"][action["level"] - 1]
        target = action["target"]
        lines = [f"[b]{mine['name']}[/b] ({mine['unit']}, ATK {mine['atk']}"
                 + (f", {', '.join(mine['attributes'])}" if mine["attributes"] else "") + ")"]
        if "area" in target:
            hp = state["players"][target["player"]]["bases"][target["area"]]
            lines.append(f"attacks {view.attack_label(state, seat, action)} ({hp} HP)")
        else:
            theirs = view.panel(state, target["player"])["line"][target["level"] - 1]
            lines.append(f"attacks [b]{theirs['name']}[/b] ({theirs['unit']}, DEF "
                         f"{theirs['def']}, damage {theirs['damage']}"
                         + (f", {', '.join(theirs['attributes'])}" if theirs["attributes"]
                            else "") + ")")
        lines.append("What the dice can do:")
        for chance, text in view.preview(self.app.controller.rules, state, action)[:6]:
            lines.append(f"  {chance * 100:.0f} %: {text}")
        return "\n".join(lines)

    def set_mode(self, mode):
        self.mode = mode
        self.redraw()

    def back(self):
        self.set_mode(None)

    def pick_attacker(self, level):
        self.mode, self.pending = "targets", level
        self.redraw()

    def confirm(self, action):
        self.mode, self.pending = "confirm", action
        self.redraw()

    # -- cleanup: the clearance picker ------------------------------------------------------
    def draw_advance(self, legal):
        state, seat = self.state, self.state["await"]["player"]
        player = state["players"][seat]
        cost = CLEARANCE_COST[player["clearance"] + 1]
        total = sum(defense(player["line"][lv - 1]["card"])["def"] for lv in self.picked)
        self.note(f"Advance to clearance {player['clearance'] + 1} "
                  f"({view.LEVEL_NAMES[player['clearance'] + 1]}): sacrifice line cards with "
                  f"printed DEF {cost} or more. Chosen: [b]{total}[/b] of {cost}.")
        for level, slot in enumerate(player["line"], start=1):
            if not slot:
                continue
            card = defense(slot["card"])
            toggle = ToggleButton(text=f"L{level} {card['name']} (DEF {card['def']})",
                                  state="down" if level in self.picked else "normal",
                                  size_hint_y=None, height=dp(56), font_size="16sp",
                                  background_normal="", background_color=theme.PANEL_HI)
            toggle.bind(on_release=lambda _w, lv=level: self.toggle(lv))
            self.ids.actions.add_widget(toggle)
        chosen = {"type": "advance", "levels": sorted(self.picked)}
        self.button("Advance clearance", chosen, tone="primary",
                    reason="" if chosen in legal else f"choose cards with DEF {cost} or more")
        self.button("Not this round", {"type": "skip"})

    def toggle(self, level):
        self.picked ^= {level}
        self.redraw()

    # -- acting ----------------------------------------------------------------------------
    def act(self, action):
        reason = self.app.act(action)
        if reason:
            self.prompt = reason
            return
        self.mode, self.pending, self.picked = None, None, set()
