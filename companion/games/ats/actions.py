"""What the prompt sheet and the hand strip show for each prompt: the moves the
table cannot show as buttons, the extras (the attack's preview, a real die's
faces, the cards to order, the Encounter card being resolved) and the strip's
cards (the hand, or the cards to name from a list). Everything the table shows
is chosen on the table (picks.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.app import theme
from companion.app.frame import Move, end_turn_move
from companion.games.ats import choices, results, view
from companion.games.ats.data import CLEARANCE_COST, defense
from companion.games.ats.lists import Lists, column, words

HAND_KINDS = {"main", "reinforce", "discard", "turn_start", "draw"}


@dataclass
class Sheet:
    prompt: str
    moves: list = field(default_factory=list)
    extras: list = field(default_factory=list)
    title: str = ""
    cards: list = field(default_factory=list)

    def extra(self):
        return column(*self.extras)


class Sheets:
    """Sheet(prompt, moves, extras, strip title and cards) for the current prompt."""

    def __init__(self, table, picks, marks: dict):
        self.table, self.picks, self.marks = table, picks, marks
        self.lists = Lists(table, picks)

    def act(self, action):
        return lambda: self.table.act(action)

    def select(self, sel):
        return lambda: self.table.select(sel)

    def make(self) -> Sheet:
        picks = self.picks
        sheet = Sheet(picks.prompt())
        getattr(self, "sheet_" + picks.wait["kind"], self.sheet_choose)(sheet)
        if not sheet.cards and self.shows_hand():
            own = picks.wait.get("choice") != "order"  # there: what Remote Viewing showed
            sheet.cards = self.lists.hand(self.marks, own)
            count = len(picks.state["players"][picks.seat]["hand"])
            sheet.title = f"Your hand ({count}) · hold a card to read it" if own else \
                "Hold a card to read it" if sheet.cards else ""
        if sheet.cards and self.crowded():  # the strip takes the room the card would
            sheet.extras = [e for e in sheet.extras if not getattr(e, "encounter", False)]
        return sheet

    def shows_hand(self) -> bool:
        """The hand where a prompt may use it or the player plans with it (behind the
        cover, virtual decks), not while an attack is being aimed."""
        picks, wait = self.picks, self.picks.wait
        if not picks.virtual or view.private_seat(picks.state) != picks.seat:
            return False
        if wait.get("choice") == "order" and self.crowded():
            return False  # the cards to order take the room; the hand comes next
        if "attacker" in picks.sel or picks.sel.get("mode") == "intel":
            return False
        if wait["kind"] == "turn_start" and picks.state["settings"]["dice"] == "physical":
            return False
        return wait["kind"] in HAND_KINDS or wait.get("choice") in ("discard", "bottom", "order")

    def crowded(self) -> bool:
        """A phone with three players or more: a row each leaves less room."""
        return not self.table.landscape and len(self.picks.state["players"]) > 2

    def card_list(self, sheet: Sheet, actions: list, title: str) -> None:
        sheet.cards, tabs = self.lists.cards(actions)
        sheet.title = title + " · hold a card to read it"
        if tabs is not None:
            sheet.extras.append(tabs)

    # -- the prompts -------------------------------------------------------------------
    def sheet_start_card(self, sheet: Sheet) -> None:
        level = self.picks.wait["level"]
        self.card_list(sheet, self.picks.legal, f"Level {level} cards: tap one for your line")

    def sheet_turn_start(self, sheet: Sheet) -> None:
        if self.picks.state["settings"]["dice"] == "physical":
            sheet.extras.append(self.lists.keypad("encounter"))
        else:
            sheet.moves.append(Move("Roll the Encounter die and draw a card",
                                    self.act({"type": "roll"}), "primary"))

    def sheet_roll(self, sheet: Sheet) -> None:
        sheet.extras.append(self.lists.keypad("combat"))

    def sheet_draw(self, sheet: Sheet) -> None:
        sheet.moves.append(Move("Draw a card", self.act({"type": "draw"}), "primary"))

    def sheet_main(self, sheet: Sheet) -> None:
        picks, sel = self.picks, self.picks.sel
        end = end_turn_move(view.label(picks.state, {"type": "end_turn"}),
                            self.act({"type": "end_turn"}),
                            view.unfinished(picks.state, picks.legal))
        if "target" in sel:
            action = {"type": "attack", "level": sel["attacker"], "target": sel["target"]}
            sheet.extras.append(words(matchup(picks, action)))
            sheet.moves += [Move("Attack!", self.act(action), "primary"),  # the main move: gold
                            Move("Back", self.select({"attacker": sel["attacker"]}))]
        elif sel.get("mode") == "intel":
            sheet.moves.append(Move("Back", self.select({})))
        elif picks.swapping():
            level = sel.get("level")
            if level and not picks.virtual:
                self.card_list(sheet, [a for a in picks.legal if a["type"] == "swap"
                                       and a["level"] == level],
                               f"Which level {level} card? Tap it")
            sheet.moves.append(end if picks.state["turn"]["sacrificed"] else
                               Move("Back", self.select({})))
        elif "attacker" in sel:
            sheet.moves += [Move("Cancel attack", self.select({})), end]
        else:
            kinds = {a["type"] for a in picks.legal}
            if "swap" in kinds:
                sheet.moves.append(Move("Sacrifice", self.select({"mode": "sacrifice"})))
            if "intel" in kinds:
                sheet.moves.append(Move("Use Intel", self.select({"mode": "intel"})))
            sheet.moves.append(end)

    def sheet_reinforce(self, sheet: Sheet) -> None:
        picks = self.picks
        if not picks.virtual:
            level = picks.wait["level"]
            self.card_list(sheet, [a for a in picks.legal if a["card"]],
                           f"Which level {level} card fills the gap? Tap it")
        none = [a for a in picks.legal if a["card"] is None]
        if none:
            sheet.moves.append(Move("No card of that level in hand", self.act(none[0])))

    def sheet_discard(self, sheet: Sheet) -> None:
        if not self.picks.virtual:
            self.card_list(sheet, self.picks.legal, "Which card do you discard? Tap it")

    def sheet_advance(self, sheet: Sheet) -> None:
        picks = self.picks
        player = picks.state["players"][picks.seat]
        cost = CLEARANCE_COST[player["clearance"] + 1]
        picked = picks.sel.get("picked", [])
        total = sum(defense(player["line"][lv - 1]["card"])["def"] for lv in picked)
        chosen = {"type": "advance", "levels": sorted(picked)}
        sheet.extras.append(words(
            f"To clearance {player['clearance'] + 1} "
            f"({view.LEVEL_NAMES[player['clearance'] + 1]}): tap line cards with printed "
            f"DEF {cost} or more. Chosen: {total} of {cost}.", theme.MUTED))
        enough = chosen in picks.legal
        sheet.moves += [Move("Advance clearance" if enough else "Advance: not enough DEF yet",
                             self.act(chosen), "primary", disabled=not enough),
                        Move("Not this round", self.act({"type": "skip"}))]

    def sheet_cloak(self, sheet: Sheet) -> None:
        sheet.moves.append(Move("No cloak this round", self.act({"type": "skip"})))

    def sheet_choose(self, sheet: Sheet) -> None:
        """A choice an Encounter card asks for comes with the card; what the table shows
        is tapped there; the rest are cards to name or Yes / No."""
        picks = self.picks
        choice = picks.wait.get("choice")
        card = results.current_encounter(self.table.app.controller.session)
        if choice == "order" and self.crowded():
            card = None  # the prompt says what to do; the cards to order take the room
        if choice == "use_held":
            from companion.games.ats.data import encounter

            card = encounter(picks.wait["card"])
        if card:
            sheet.extras.append(self.lists.encounter_card(card))
        answers = picks.answers()
        rest = [a for a in picks.legal if a not in answers.values()]
        if choice == "order":
            row, chosen = self.lists.order()
            sheet.extras.append(row)
            done = chosen if chosen in picks.wait["options"] else None
            sheet.moves += [Move("Undo the last tap", self.select({"order": chosen[:-1]}),
                                 disabled=not chosen),
                            Move("Put them back in this order", self.act(
                                {"type": "choose", "value": done}), "primary",
                                 disabled=done is None)]
        elif choice == "reveal":
            sheet.cards = self.lists.encounters(rest)
            sheet.title = "Which Encounter card came up? Tap it · hold a card to read it"
        elif not (answers and not rest):
            cards = [a for a in rest if choices.card_of(a)]
            if cards:
                what = "Which card? Tap it" if choice != "search" else \
                    "Your Defense Deck: tap the card to take"
                self.card_list(sheet, cards, what)
            sheet.moves += [Move(view.label(picks.state, a), self.act(a))
                            for a in rest if not choices.card_of(a)]


def matchup(picks, action) -> str:
    """The attacker against its target, and what the dice can do."""
    state, seat = picks.state, picks.seat
    mine = view.panel(state, seat)["line"][action["level"] - 1]
    target = action["target"]
    lines = [f"{mine['name']} (ATK {mine['atk']}) attacks"]
    if "area" in target:
        hp = state["players"][target["player"]]["bases"][target["area"]]
        lines[0] += f" {view.attack_label(state, seat, action)} ({hp} HP)"
    else:
        theirs = view.panel(state, target["player"])["line"][target["level"] - 1]
        owner = state["players"][target["player"]]["name"]
        lines[0] += (f" {owner}'s {theirs['name']} (DEF {theirs['def']}"
                     + (f", {theirs['damage']} damage" if theirs["damage"] else "") + ")")
    for chance, text in view.preview(picks.rules, state, action)[:3]:
        lines.append(f"{chance * 100:.0f} %: {text}")
    return "\n".join(lines)
