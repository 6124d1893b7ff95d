"""A Top-Secret piece held on the table or in the roster, shown large: drawn with Kivy
instructions at the screen's own resolution (pieces.py), cut to its printed shape (a
round Intel, a hexagonal agent tile with its name and rule as printed, the round
blockade with its placer and when it goes), on an opaque panel; below it, its words
with the printed bold as bold (words.py), and what the table says of it now: in the
shell's CardZoom, as a printed card is shown."""

from __future__ import annotations

from kivy.app import App
from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.zoom import CardZoom, show
from companion.games.ts import pieces
from companion.games.ts.board import TEAMS
from companion.games.ts.data import tables
from companion.games.ts.model import frees
from companion.games.ts.words import held_words, markup, piece_words

TILE = (30.0, 26.0)  # the agent tile as it prints (mm), and where its parts lie on it


class TsPiece(Widget):
    """One piece, as large as the widget allows: `kind` 'agent' (`team`, `agent_kind`),
    'intel' (`item`) or 'blockade' (`team` the placer's, `names`: the placer, the player
    at the end of whose turn it goes, whether that is this turn)."""

    def __init__(self, kind: str, item: str = "", team: str = "", agent_kind: str = "",
                 names: tuple = (), **kwargs):
        super().__init__(**kwargs)
        self.kind, self.item, self.team, self.agent_kind = kind, item, team, agent_kind
        self.names = names
        self.now = len(names) > 2 and names[2]  # a blockade going at the end of this turn
        self.labels: list = []
        if kind == "agent":
            look = pieces.looks()
            ink = pieces.colour(look["teams"][team]["ink"])
            self.labels = [Label(text=tables().kind_names[agent_kind], bold=True, color=ink,
                                 halign="center"),
                           Label(text=markup(look["kinds"][agent_kind]["short"]), markup=True,
                                 color=ink, halign="center", valign="middle")]
            for label in self.labels:
                self.add_widget(label)
        self.bind(pos=self.draw, size=self.draw)

    def draw(self, *_args) -> None:
        self.canvas.before.clear()
        cx, cy = self.center
        with self.canvas.before:
            Color(rgba=theme.PANEL_HI)  # a lighter table under it: a black tile shows
            RoundedRectangle(pos=self.pos, size=self.size, radius=[dp(10)])
            if self.kind == "intel":
                pieces.intel(self.item, cx, cy, min(self.width, self.height) * 0.45)
            elif self.kind == "blockade":
                self.draw_blockade(cx, cy, min(self.width, self.height) * 0.48)
            else:
                self.draw_agent(cx, cy)

    def draw_agent(self, cx, cy) -> None:
        """The tile as it prints: a flat-topped hexagon, 30 mm across the corners, its
        pictogram, name, a line and its rule."""
        s = min(self.width / TILE[0], self.height / TILE[1]) * 0.96
        look = pieces.looks()["teams"][self.team]
        top = cy + TILE[1] / 2 * s
        pieces.polygon(pieces.hex_points(cx, cy, TILE[0] / 2 * s * 1.02, flat=True),
                       pieces.colour(look["line"]))
        pieces.polygon(pieces.hex_points(cx, cy, TILE[0] / 2 * s, flat=True),
                       pieces.colour(look["fill"]))
        ink = pieces.colour(look["ink"])
        pieces.icon(self.agent_kind, cx, top - 4.7 * s, 6.6 * s, ink)
        name, rule = self.labels  # the name on one line, as printed (narrowed to fit)
        name.font_size = 2.7 * s
        name.texture_update()
        if name.texture_size[0] > 22 * s:
            name.font_size *= 22 * s / name.texture_size[0]
            name.texture_update()
        name.size = name.texture_size
        name.center = (cx, top - 9.7 * s)
        pieces.polygon([(cx - 5 * s, top - 12.0 * s), (cx + 5 * s, top - 12.0 * s),
                        (cx + 5 * s, top - 12.2 * s), (cx - 5 * s, top - 12.2 * s)],
                       pieces.colour(look["line"]))
        rule.font_size = 2.35 * s
        rule.line_height = 0.95
        rule.text_size = (19.5 * s, None)
        rule.texture_update()
        rule.size = rule.texture_size
        rule.center = (cx, top - 12.6 * s - max(rule.height, 10.4 * s) / 2)

    def draw_blockade(self, cx, cy, radius) -> None:
        """The blockade as it prints: its placer's side up, when it goes."""
        placer, goes = self.names[:2]
        pieces.hazard_disc(cx, cy, radius)
        ink = pieces.colour(pieces.INK)
        pieces.icon("blockade", cx, cy + radius * 0.42, radius * 0.5, ink)
        pieces.text("BLOCKADE", cx, cy + radius * 0.07, radius * 0.16, ink)
        look = pieces.looks()["teams"][self.team]
        pieces.pill(f"{placer}'s", cx, cy - radius * 0.2, radius * 0.13,
                    pieces.colour(look["fill"]), pieces.colour(look["ink"]), ink)
        pieces.text(f"until {goes}'s", cx, cy - radius * 0.42, radius * 0.12, ink, bold=False)
        pieces.text(f"{'' if self.now else 'next '}turn ends", cx, cy - radius * 0.56,
                    radius * 0.12, ink, bold=False)


def hold_space(space: int) -> CardZoom | None:
    """The piece on a space of the board, held."""
    state = App.get_running_app().controller.state
    agent_id, intel = state["spots"][space], state["board"][space]
    if agent_id is not None:
        agent = state["agents"][agent_id]
        piece = TsPiece("agent", team=TEAMS[agent["seat"]], agent_kind=agent["kind"])
    elif intel is not None:
        piece = TsPiece("intel", item=intel)
    elif state["walls"][space]:
        goes = frees(state, state["walls"][space])
        piece = TsPiece("blockade", team=TEAMS[1 - goes],
                        names=(state["players"][1 - goes]["name"],
                               state["players"][goes]["name"],
                               state["walls"][space] == state["turn"]))
    else:
        return None
    return show(piece, held_words(state, space))


def hold_kind(team: str, kind: str) -> CardZoom:
    """A kind of agent of the roster, held."""
    agent_id = next(a for a, (seat, k) in tables().agents.items()
                    if TEAMS[seat] == team and k == kind)
    return show(TsPiece("agent", team=team, agent_kind=kind), piece_words("agents", agent_id))


def piece_widget(component: str, item: str) -> TsPiece | None:
    """A piece the log names (view.event_piece), drawn as on the table: an agent of the
    roster (its tile) or an Intel."""
    if component == "agents" and item in tables().agents:
        seat, kind = tables().agents[item]
        return TsPiece("agent", team=TEAMS[seat], agent_kind=kind)
    if component == "intel" and item in tables().intel:
        return TsPiece("intel", item=item)
    return None
