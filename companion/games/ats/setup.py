"""Above Top Secret: setup (R-SET-1): checking a setup, the starting lines,
dealing, first strike."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected
from companion.core.names import MAX_NAME, plain_text
from companion.core.tasks import WAIT, Steps
from companion.games.ats import model as m
from companion.games.ats.combat import physical
from companion.games.ats.data import (
    GAME_ID,
    HAND_LIMIT,
    LEVELS,
    cards,
)

STATE_VERSION = 1


class FirstStrike(Steps):
    """R-SET-1 step 6: highest d6 goes first; tied highest players reroll
    (`task["seats"]`: who rolls this time, in seat order)."""

    first = "rolls"

    def rolls(self, state, task, events):
        seats = task["seats"]
        if len(seats) > 1:
            rolls = []
            for seat in seats:  # one after the other, as the table rolls them
                value = self.roll(state, task, str(seat), seat, "first strike", physical(state))
                if value is None:
                    return WAIT
                rolls.append(value)
            for seat, value in zip(seats, rolls, strict=True):
                events.append({"kind": "rolled", "text": f"{state['players'][seat]['name']} "
                               f"rolls {value} for first strike", "player": seat,
                               "value": value})
            best = max(rolls)
            task["seats"] = [seat for seat, value in zip(seats, rolls, strict=True)
                             if value == best]
            return "rolls"
        winner = seats[0]
        team = state["players"][winner]["team"]
        state["command"] = team
        state["starters"][team] = state["teams"][team].index(winner)
        events.append({"kind": "command", "text": f"{state['players'][winner]['name']} has "
                       "first strike and the ATS Command token", "player": winner})
        return None


FIRST_STRIKE = FirstStrike()


def check_setup(setup) -> list:
    """The players of a setup (docs/save-format.md) after checking every type, so a
    hand-edited save is refused with a reason (Rejected), never a TypeError."""
    if not isinstance(setup, dict):
        raise Rejected("R-SET-1", "the setup is a mapping")
    specs = setup.get("players")
    if specs is None:
        return []
    if not isinstance(specs, list) or len(specs) > 6:
        raise Rejected("R-TEAM-1", "players: a list of 2 to 6 players")
    for seat, spec in enumerate(specs, start=1):
        if not isinstance(spec, dict):
            raise Rejected("R-SET-1", f"player {seat} is a mapping of name, colour, team")
        for key in ("name", "colour"):
            if not plain_text(spec.get(key, "")):
                raise Rejected("R-SET-1", f"player {seat}: {key} is text of at most "
                               f"{MAX_NAME} characters")
        team = spec.get("team", 0)
        if type(team) is not int:
            raise Rejected("R-TEAM-1", f"player {seat}: team is a whole number")
    return specs


class SetupSteps:
    """Part of AtsRules (rules.py)."""

    def new_game(self, setup: dict, seed: int) -> dict:
        specs = check_setup(setup) or [{"name": "Player 1"}, {"name": "Player 2"}]
        if not 2 <= len(specs) <= 6:
            raise Rejected("R-TEAM-1", "Above Top Secret needs 2 to 6 players")
        teams_given = all("team" in s for s in specs)
        specs = [{**s, "team": s["team"] if teams_given else i} for i, s in enumerate(specs)]
        team_ids = sorted({s["team"] for s in specs})
        if len(team_ids) not in (2, 3) or team_ids != list(range(len(team_ids))):
            raise Rejected("R-TEAM-1", "play with 2 players, or 2 or 3 teams numbered from 0")
        settings = {"dice": setup.get("dice", "digital"), "cards": setup.get("cards", "virtual")}
        if settings["dice"] not in ("digital", "physical") or settings["cards"] not in (
                "virtual", "tracked"):
            raise Rejected("R-SET-1", "dice: digital|physical, cards: virtual|tracked")
        state = {
            "game": GAME_ID, "version": STATE_VERSION, "settings": settings,
            "rng": rng.seed_state(seed), "round": 0, "phase": "setup",
            "players": [m.new_player(s, i) for i, s in enumerate(specs)],
            "teams": [[i for i, s in enumerate(specs) if s["team"] == t] for t in team_ids],
            "command": None, "starters": [0] * len(team_ids), "order": [], "pos": 0,
            "turn": None, "cleanup": None, "winner": None, "tasks": [], "await": None,
        }
        state["await"] = {"kind": "start_card", "player": 0, "level": 1}
        return state

    def on_start_card(self, state, action) -> list[dict]:
        wait = state["await"]
        card_id = action.get("card")
        if card_id not in self.start_choices(state):
            raise Rejected("R-SET-1", f"choose one level-{wait['level']} card for that slot")
        seat, level = wait["player"], wait["level"]
        player = state["players"][seat]
        player["line"][level - 1] = m.new_slot(card_id, 0)
        if level < 5:
            state["await"] = {"kind": "start_card", "player": seat, "level": level + 1}
            return []
        if seat + 1 < len(state["players"]):
            state["await"] = {"kind": "start_card", "player": seat + 1, "level": 1}
            return [{"kind": "line_chosen", "text": f"{player['name']} has chosen a line",
                     "player": seat}]
        self.deal(state)
        seats = list(range(len(state["players"])))
        return [{"kind": "line_chosen", "text": f"{player['name']} has chosen a line",
                 "player": seat}] + self.start_procedure(
            state, FIRST_STRIKE.task("first_strike", seats=seats), "first_strike")

    def deal(self, state) -> None:
        """R-SET-1 steps 3-5: decks, clearance 1, seven cards each."""
        defense_ids, encounter_ids = cards()
        for player in state["players"]:
            if state["settings"]["cards"] == "virtual":
                in_line = {s["card"] for s in player["line"]}
                player["deck"] = [c for c in sorted(defense_ids) if c not in in_line]
                player["enc_deck"] = sorted(encounter_ids)
                rng.shuffle(state, player["deck"])
                rng.shuffle(state, player["enc_deck"])
            else:
                player["deck"] = [m.UNKNOWN] * (len(defense_ids) - len(LEVELS))
                player["enc_deck"] = [m.UNKNOWN] * len(encounter_ids)
            player["hand"], player["deck"] = player["deck"][:HAND_LIMIT], player["deck"][
                HAND_LIMIT:]

    def after_first_strike(self, state) -> list[dict]:
        state["round"] = 1
        events = [{"kind": "revealed", "text": "Both lines are revealed"}]
        return events + self.begin_round(state)

    def start_choices(self, state) -> list[str]:
        return self.by_level[state["await"]["level"]]
