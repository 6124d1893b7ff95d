"""The action area under the prompt: the hand (virtual decks, behind the cover),
then what cannot be tapped on the table: buttons, the die keypad, cards named
from a printed hand grouped by level with the likely ones first, and the
attack preview before it is declared."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.stacklayout import StackLayout

from companion.app import theme
from companion.app.widgets import BigButton
from companion.games.ats import choices, results, view
from companion.games.ats.data import CLEARANCE_COST, defense
from companion.games.ats.widgets import AtsTile

TILES_FLAT = 8  # more card choices than this are grouped by level


class ActionArea:
    def __init__(self, table):
        self.table = table
        self.marks: dict = {}

    @property
    def box(self):
        return self.table.ids.actions

    # -- pieces ----------------------------------------------------------------------
    def button(self, text, action=None, on_press=None, tone="normal", reason="", half=False):
        widget = BigButton(text=text + (f"\n[size=14sp]{reason}[/size]" if reason else ""),
                           tone=tone, disabled=bool(reason))
        if reason:
            widget.height = dp(76)
        widget.bind(on_release=lambda *_: on_press() if on_press else self.table.act(action))
        if not half:
            self.box.add_widget(widget)
        return widget

    def row(self, *buttons):
        height = max(b.height for b in buttons)
        grid = GridLayout(cols=len(buttons), spacing=dp(6), size_hint_y=None, height=height)
        for widget in buttons:
            widget.height = height
            grid.add_widget(widget)
        self.box.add_widget(grid)

    def note(self, text, colour=theme.MUTED):
        label = Label(text=text, size_hint_y=None, font_size="15sp", color=colour,
                      halign="left", valign="top", markup=True)
        label.bind(width=lambda w, _: setattr(w, "text_size", (w.width, None)),
                   texture_size=lambda w, size: setattr(w, "height", size[1] + dp(6)))
        self.box.add_widget(label)

    def tiles(self, entries, on_tap):
        """Card tiles (card id, mark, what a tap passes), in rows as wide as the area."""
        box = StackLayout(spacing=dp(6), size_hint_y=None)
        box.bind(minimum_height=box.setter("height"))
        for card_id, mark, payload in entries:
            tile = AtsTile().show(defense(card_id))
            tile.mark = mark if mark != "off" else ""
            tile.disabled = mark == "off"
            tile.thing = payload if isinstance(payload, tuple) else None  # a hand card
            tile.action = payload if isinstance(payload, dict) else None
            tile.bind(on_release=lambda _t, p=payload: on_tap(p))
            box.add_widget(tile)
        self.box.add_widget(box)

    # -- what the prompt needs ---------------------------------------------------------
    def draw(self, picks) -> None:
        self.box.clear_widgets()
        self.table.ids.action_scroll.scroll_y = 1
        handler = getattr(self, "draw_" + picks.wait["kind"], self.draw_list)
        handler(picks)
        if view.private_seat(picks.state) == picks.seat and picks.virtual:
            for what, cards in results.seen(self.table.app.controller.session, picks.seat):
                self.note(f"Only you see this: {what}", theme.TEXT)
                self.tiles([(card, "", None) for card in cards], lambda _p: None)
            if picks.hand():
                self.hand(picks)

    def hand(self, picks):
        expects = any(thing[0] == "hand" for thing in self.marks)
        entries = [(card, self.marks.get(("hand", card), "off" if expects else ""),
                    ("hand", card)) for card in picks.hand()]
        self.note(f"Your hand ({len(entries)})")
        self.tiles(entries, self.table.tap_thing)

    def draw_turn_start(self, picks):
        if picks.state["settings"]["dice"] == "physical":
            self.keypad(picks.legal, "Roll the Encounter die and tap its number:")
        else:
            self.button("Roll the Encounter die and draw a card", {"type": "roll"},
                        tone="primary")

    def draw_draw(self, picks):
        self.button("Draw a card", {"type": "draw"}, tone="primary")

    def draw_main(self, picks):
        table, sel = self.table, picks.sel
        if "target" in sel:
            action = {"type": "attack", "level": sel["attacker"], "target": sel["target"]}
            self.note(matchup(picks, action), theme.TEXT)
            self.row(self.button("Attack!", action, tone="danger", half=True),
                     self.button("Back", on_press=lambda: table.select(
                         {"attacker": sel["attacker"]}), half=True))
            return
        if sel.get("mode") == "intel":
            for action in picks.legal:
                if action["type"] == "intel":
                    self.button(view.label(picks.state, action), action)
            self.button("Back", on_press=lambda: table.select({}))
            return
        kinds = {a["type"] for a in picks.legal}
        if picks.swapping():
            level = sel.get("level")
            if level and not picks.virtual:
                self.card_list(picks, [a for a in picks.legal
                                       if a["type"] == "swap" and a["level"] == level])
            if picks.state["turn"]["sacrificed"]:
                self.button("End turn", {"type": "end_turn"})
            else:
                self.button("Back", on_press=lambda: table.select({}))
            return
        row = []
        if "attacker" in sel:
            row.append(self.button("Cancel attack", half=True, on_press=lambda: table.select({})))
        else:
            if "swap" in kinds:
                row.append(self.button("Sacrifice", half=True,
                                       on_press=lambda: table.select({"mode": "sacrifice"})))
            if "intel" in kinds:
                row.append(self.button("Use Intel", half=True,
                                       on_press=lambda: table.select({"mode": "intel"})))
        row.append(self.button("End turn", {"type": "end_turn"}, half=True))
        self.row(*row)

    def draw_advance(self, picks):
        player = picks.state["players"][picks.seat]
        cost = CLEARANCE_COST[player["clearance"] + 1]
        picked = picks.sel.get("picked", [])
        total = sum(defense(player["line"][lv - 1]["card"])["def"] for lv in picked)
        self.note(f"Advance to clearance {player['clearance'] + 1} "
                  f"({view.LEVEL_NAMES[player['clearance'] + 1]}): tap line cards with "
                  f"printed DEF {cost} or more. Chosen: [b]{total}[/b] of {cost}.")
        chosen = {"type": "advance", "levels": sorted(picked)}
        self.row(self.button("Advance clearance", chosen, tone="primary", half=True,
                             reason="" if chosen in picks.legal else "not enough DEF yet"),
                 self.button("Not this round", {"type": "skip"}, half=True))

    def draw_cloak(self, picks):
        self.button("No cloak this round", {"type": "skip"})

    def draw_roll(self, picks):
        self.keypad(picks.legal, f"Roll the die for {picks.wait.get('purpose', '')} "
                                 "and tap its number:")

    def draw_list(self, picks):
        """Prompts answered on the table need no list; the rest get cards or buttons.
        A choice an Encounter card asks for comes with the card's text."""
        card = results.current_encounter(self.table.app.controller.session)
        if card:
            self.note(f"[b]{card['name']}[/b]: {card['text']}", theme.TEXT)
        answers = picks.answers()
        rest = [a for a in picks.legal if a not in answers.values()]
        if answers and not rest:
            return
        if picks.wait.get("choice") == "reveal":  # printed Encounter cards, by kind
            for kind, found in choices.by_kind(rest):
                self.note(f"{kind} ({len(found)})")
                for pair in (found[:2], found[2:]):
                    if pair:
                        self.row(*[self.button(view.label(picks.state, a), a, half=True)
                                   for a in pair])
            return
        buttons = [a for a in rest if not choices.card_of(a)]  # first: "no such card" too
        labels = [view.label(picks.state, a) for a in buttons]
        if 1 < len(buttons) <= 3 and max(map(len, labels)) <= 16:  # Yes / No: side by side
            self.row(*[self.button(t, a, half=True) for t, a in zip(labels, buttons,
                                                                     strict=True)])
        else:
            for text, action in zip(labels, buttons, strict=True):
                self.button(text, action)
        cards = [a for a in rest if choices.card_of(a)]
        if cards:
            self.card_list(picks, cards)

    def card_list(self, picks, actions):
        """Cards to choose from: likely first; above TILES_FLAT, one level at a time."""
        if len(actions) <= TILES_FLAT:
            ordered = choices.likely_first(picks.state, actions)
            self.tiles([(choices.card_of(a), "", a) for a in ordered], self.table.act)
            return
        groups = dict(choices.by_level(picks.state, actions))
        tab = picks.sel.get("tab") or choices.likely_level(picks.state, actions)
        tabs = GridLayout(cols=len(groups), spacing=dp(4), size_hint_y=None, height=dp(48))
        for level, found in groups.items():
            toggle = Factory.AtsTab(text=f"L{level} ({len(found)})",
                                    state="down" if level == tab else "normal")
            toggle.bind(on_release=lambda _w, lv=level: self.table.select(
                {**picks.sel, "tab": lv}))
            tabs.add_widget(toggle)
        self.box.add_widget(tabs)
        self.tiles([(choices.card_of(a), "", a) for a in groups.get(tab, [])], self.table.act)

    def keypad(self, legal, text):
        """Real dice: the six faces as a 3 x 2 keypad, all in reach of a thumb."""
        self.note(text)
        grid = GridLayout(cols=3, spacing=dp(6), size_hint_y=None, height=dp(118))
        for action in legal:
            face = BigButton(text=str(action["value"]), tone="primary", font_size="26sp")
            face.bind(on_release=lambda *_a, a=action: self.table.act(a))
            grid.add_widget(face)
        self.box.add_widget(grid)


def matchup(picks, action) -> str:
    """The attacker against its target, and what the dice can do."""
    state, seat = picks.state, picks.seat
    mine = view.panel(state, seat)["line"][action["level"] - 1]
    target = action["target"]
    lines = [f"[b]{mine['name']}[/b] (ATK {mine['atk']}) attacks"]
    if "area" in target:
        hp = state["players"][target["player"]]["bases"][target["area"]]
        lines[0] += f" {view.attack_label(state, seat, action)} ({hp} HP)"
    else:
        theirs = view.panel(state, target["player"])["line"][target["level"] - 1]
        owner = state["players"][target["player"]]["name"]
        lines[0] += (f" {owner}'s [b]{theirs['name']}[/b] (DEF {theirs['def']}"
                     + (f", {theirs['damage']} damage" if theirs["damage"] else "") + ")")
    for chance, text in view.preview(picks.rules, state, action)[:4]:
        lines.append(f"{chance * 100:.0f} %: {text}")
    return "\n".join(lines)
