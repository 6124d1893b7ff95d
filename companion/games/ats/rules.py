"""Above Top Secret rules engine: legal actions and their effects.

Follows docs/rulings.md exactly; rule ids in rejections and comments refer
to it. The state machine: setup (start cards, first-strike roll), rounds of
turns (encounter roll, draw, main: Intel / attack / sacrifice / end), and
the cleanup steps, with procedures (combat, encounter cards, the first
strike roll) that may stop to ask a player or a real die.
"""

from __future__ import annotations

import unicodedata
from itertools import combinations

from companion.core import rng
from companion.core.engine import Rejected, Rules
from companion.core.procedure import ProcedureRules
from companion.games.ats import model as m
from companion.games.ats.combat import combat, name_of
from companion.games.ats.data import (
    CLEARANCE_COST,
    GAME_ID,
    HAND_LIMIT,
    LEVELS,
    cards,
    defense,
)
from companion.games.ats.effects import encounter_happens, encounter_turn

STATE_VERSION = 1
MAX_NAME = 100  # characters of a player's name or colour
WITHIN_ONE = {lv: [t for t in LEVELS if abs(t - lv) <= 1] for lv in LEVELS}  # R-CLR-2


def first_strike(ctx, seats: list):
    """R-SET-1 step 6: highest d6 goes first; tied highest players reroll."""
    state = ctx.state
    while len(seats) > 1:
        rolls = {}
        for seat in seats:
            rolls[seat] = yield from ctx.roll(seat, "first strike")
        for seat, value in rolls.items():
            ctx.emit("rolled", f"{state['players'][seat]['name']} rolls {value} for first "
                     "strike", player=seat, value=value)
        best = max(rolls.values())
        seats = [seat for seat, value in rolls.items() if value == best]
    winner = seats[0]
    team = state["players"][winner]["team"]
    state["command"] = team
    state["starters"][team] = state["teams"][team].index(winner)
    ctx.emit("command", f"{state['players'][winner]['name']} has first strike and the "
             "ATS Command token", player=winner)


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


def plain_text(value) -> bool:
    """Short text without control characters or lone surrogates, which the screens
    could not show: a name or a colour."""
    return value is None or isinstance(value, str) and len(value) <= MAX_NAME and not any(
        unicodedata.category(ch) in ("Cc", "Cs") for ch in value)


PROCEDURES = {"first_strike": first_strike, "combat": combat, "encounter": encounter_turn}
ANSWERS = {"turn_start": ("roll",), "main": ("intel", "attack", "sacrifice", "end_turn"),
           "advance": ("advance", "skip"), "cloak": ("cloak", "skip")}  # others: the kind


class AtsRules(ProcedureRules, Rules):
    game_id = GAME_ID
    save_version = STATE_VERSION
    procedures = PROCEDURES

    def __init__(self):
        self.all_ids = frozenset(cards()[0])  # also loads the card data once, up front
        self.by_level = {lv: sorted(c for c, d in cards()[0].items() if d["level"] == lv)
                         for lv in LEVELS}
        self.handlers = {name[3:]: getattr(self, name) for name in dir(self)
                         if name.startswith("on_")}  # what answers each `await` kind
        self.main_moves = {name[3:]: getattr(self, name) for name in dir(self)
                           if name.startswith("do_")}  # intel, attack, sacrifice, end_turn

    # -- a new game ----------------------------------------------------------------------
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
            "turn": None, "cleanup": None, "winner": None, "await": None,
        }
        state["await"] = {"kind": "start_card", "player": 0, "level": 1}
        return state

    # -- what may be done ------------------------------------------------------------------
    def legal_actions(self, state: dict) -> list[dict]:
        wait = state["await"]
        if wait is None:
            return []
        kind, seat = wait["kind"], wait.get("player")
        if kind == "choose":
            return [{"type": "choose", "value": o} for o in wait["options"]]
        if kind in ("roll", "turn_start"):
            if state["settings"]["dice"] == "physical":
                return [{"type": "roll", "value": v} for v in range(1, 7)]
            return [{"type": "roll"}]
        if kind == "start_card":
            return [{"type": "start_card", "card": c} for c in self.start_choices(state)]
        if kind == "draw":
            return [{"type": "draw"}]
        if kind == "main":
            return self.main_actions(state, seat)
        if kind == "reinforce":
            options = m.hand_choices(state, seat, wait["level"])
            extra = [None] if state["settings"]["cards"] == "tracked" else []
            return [{"type": "reinforce", "card": c} for c in options + extra]
        if kind == "advance":
            return [{"type": "skip"}] + [{"type": "advance", "levels": list(levels)}
                                         for levels in self.advance_options(state, seat)]
        if kind == "cloak":
            return [{"type": "skip"}] + [{"type": "cloak", "level": lv}
                                         for lv, s in self.line(state, seat) if s]
        if kind == "discard":
            return [{"type": "discard", "card": c} for c in m.hand_choices(state, seat)]
        return []

    def main_actions(self, state, seat) -> list[dict]:
        actions = [{"type": "end_turn"}]
        turn = state["turn"]
        player = state["players"][seat]
        if not turn["intel"]:
            for level, slot in enumerate(player["line"][:m.clearance(player)], start=1):
                if slot and m.has(slot, "Intel"):
                    actions.append({"type": "intel", "level": level, "mode": "self"})
                    actions += [{"type": "intel", "level": level, "mode": "opponent",
                                 "player": q} for q in m.opponents(state, seat)]
                    break
        if turn["attacked"] or turn["sacrificed"]:
            return actions
        actions += self.attack_actions(state, seat)
        actions += [{"type": "sacrifice", "swaps": [{"level": defense(c)["level"], "card": c}]}
                    for c in m.hand_choices(state, seat)]
        return actions

    def attack_actions(self, state, seat) -> list[dict]:
        """Every legal attack (the same as `attack_problem` allows, built directly)."""
        player = state["players"][seat]
        rivals = []  # (seat, per level: None for a gap else whether a Space unit, areas)
        for q in m.opponents(state, seat):
            enemy = state["players"][q]
            rivals.append((q, [s and m.unit(s) == "Space" for s in enemy["line"]],
                           m.standing_areas(enemy)))
        out = []
        for level, slot in enumerate(player["line"][:m.clearance(player)], start=1):
            if slot is None or slot["disabled"]:
                continue
            hits_space = m.unit(slot) in ("Missile", "Space")
            for q, space, areas in rivals:
                for t in WITHIN_ONE[level]:
                    if space[t - 1] is None:  # a gap: attack a standing base area through it
                        out += [{"type": "attack", "level": level,
                                 "target": {"player": q, "level": t, "area": a}} for a in areas]
                    elif hits_space or not space[t - 1]:
                        out.append({"type": "attack", "level": level,
                                    "target": {"player": q, "level": t}})
                if m.has(slot, "Bypass"):
                    out += [{"type": "attack", "level": level,
                             "target": {"player": q, "area": a, "bypass": True}} for a in areas]
        return out

    def targets(self, state, seat, level) -> list[dict]:
        """Every target an attack from this slot could name (legal or not)."""
        out = []
        for q in m.opponents(state, seat):
            enemy = state["players"][q]
            for t in (level - 1, level, level + 1):
                if t not in LEVELS:
                    continue
                if enemy["line"][t - 1]:
                    out.append({"player": q, "level": t})
                else:
                    out += [{"player": q, "level": t, "area": a} for a in m.standing_areas(enemy)]
            slot = state["players"][seat]["line"][level - 1]
            if slot and m.has(slot, "Bypass"):
                out += [{"player": q, "area": a, "bypass": True} for a in m.standing_areas(enemy)]
        return out

    def attack_problem(self, state, seat, level, target) -> tuple | None:
        """Why this attack may not be declared (rule, reason), or None (R-CMB-1)."""
        turn, player = state["turn"], state["players"][seat]
        if turn["attacked"] or turn["sacrificed"]:
            return ("R-TURN-1", "only one attack or Sacrifice per turn")
        if level not in LEVELS or not player["line"][level - 1]:
            return ("R-CMB-1", "attack with a card in your line")
        slot = player["line"][level - 1]
        if not m.cleared(player, level):
            return ("R-CLR-2", f"clearance {m.clearance(player)} does not allow level {level}")
        if slot["disabled"]:
            return ("R-CMB-7", "a Disabled card cannot attack")
        q = target.get("player")
        if q not in m.opponents(state, seat):
            return ("R-TEAM-1", "attack an opposing player still in the game")
        enemy = state["players"][q]
        if target.get("bypass"):
            if not m.has(slot, "Bypass"):
                return ("R-ATT-4", "only a Bypass card attacks a base area directly")
            if target.get("area") not in m.standing_areas(enemy):
                return ("R-CMB-6", "choose a standing base area")
            return None
        t = target.get("level")
        if t not in LEVELS or abs(t - level) > 1:
            return ("R-CLR-2", "the target must be within one level of the attacking card")
        victim = enemy["line"][t - 1]
        if victim is None:
            if target.get("area") not in m.standing_areas(enemy):
                return ("R-CMB-6", "a gap lets you attack a standing base area: choose one")
            return None
        if "area" in target:
            return ("R-CMB-1", "there is no gap at that level")
        if not m.can_strike(slot, victim):
            return ("R-UNIT-3", "only Missile and Space units can attack a Space unit")
        return None

    def advance_options(self, state, seat) -> list[tuple]:
        player = state["players"][seat]
        if player["clearance"] >= 5:
            return []
        cost = CLEARANCE_COST[player["clearance"] + 1]
        levels = [lv for lv, s in enumerate(player["line"], start=1) if s]
        printed = [defense(s["card"])["def"] for s in player["line"] if s]
        return [chosen for r in range(1, len(levels) + 1)
                for chosen, values in zip(combinations(levels, r), combinations(printed, r),
                                          strict=True)
                if sum(values) >= cost]

    def start_choices(self, state) -> list[str]:
        return self.by_level[state["await"]["level"]]

    @staticmethod
    def line(state, seat):
        return list(enumerate(state["players"][seat]["line"], start=1))

    # -- doing it --------------------------------------------------------------------------
    def step(self, state: dict, action: dict) -> list[dict]:
        if not isinstance(action, dict) or "type" not in action:
            raise Rejected("R-ACTION", "an action is a mapping with a 'type'")
        wait = state["await"]
        if wait is None and action["type"] != "free_roll":
            raise Rejected("R-WIN-1", "the game is over")
        if action["type"] == "free_roll":
            return self.free_roll(state, action)
        if state.get("proc"):
            self.check_roll(state, action)
            if action["type"] == "roll" and not self.physical_dice(state):
                raise Rejected("R-DIE-1", "the app rolls its own dice in this game")
            return self.answer_procedure(state, action)
        handler = self.handlers.get(wait["kind"])
        if handler is None or action["type"] not in ANSWERS.get(wait["kind"], (wait["kind"],)):
            raise Rejected("R-TURN-1", f"now: {wait['kind'].replace('_', ' ')}, "
                           f"not '{action['type']}'")
        return handler(state, action)

    def free_roll(self, state, action) -> list[dict]:
        """The dice roller, any time: rolled on the game's generator, so it is logged
        and replays exactly. Changes nothing else."""
        die = action.get("die", "d6")
        if die not in ("d6", "combat", "encounter"):
            raise Rejected("R-DIE-1", "the dice are d6, combat and encounter")
        value = rng.randint(state.get("proc") or state, 1, 6)  # mid-procedure: its stream
        text = {"d6": f"d6: {value}", "combat": f"Combat die: {value}",
                "encounter": f"Encounter die: {value} ("
                             + ("encounter" if value >= 5 else "all clear") + ")"}[die]
        return [{"kind": "free_roll", "text": f"Dice roller: {text}", "die": die,
                 "value": value}]

    def check_roll(self, state, action):
        if action["type"] == "roll" and state["settings"]["dice"] == "physical":
            value = action.get("value")
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise Rejected("R-DIE-1", "enter the die's result, 1 to 6")

    def after_procedure(self, state, then) -> list[dict]:
        """A procedure has ended: eliminations, then `after_<then>` carries the game on."""
        events = self.eliminations(state)
        if state["phase"] == "over":
            return events
        turn = state.get("turn")
        if turn and state["players"][turn["player"]]["out"]:  # R-WIN-1: out at once
            return events + self.end_turn(state)
        return events + getattr(self, "after_" + then)(state)

    # setup ---------------------------------------------------------------------------------
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
                 "player": seat}] + self.start_procedure(state, "first_strike",
                                                         {"seats": seats}, "first_strike")

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

    # rounds and turns ------------------------------------------------------------------
    def begin_round(self, state) -> list[dict]:
        team = state["teams"][state["command"]]
        starter = team[state["starters"][state["command"]] % len(team)]
        seats = list(range(len(state["players"])))
        state["order"] = [s for s in seats[starter:] + seats[:starter]
                          if not state["players"][s]["out"]]
        state["pos"] = 0
        state["phase"] = "turn"
        return [{"kind": "round", "text": f"Round {state['round']} begins",
                 "round": state["round"]}] + self.begin_turn(state)

    def begin_turn(self, state) -> list[dict]:
        while state["pos"] < len(state["order"]) and \
                state["players"][state["order"][state["pos"]]]["out"]:
            state["pos"] += 1
        if state["pos"] >= len(state["order"]):
            return self.begin_cleanup(state)
        seat = state["order"][state["pos"]]
        m.expire(state, "turn_start", seat)
        state["turn"] = {"player": seat, "attacked": False, "sacrificed": False,
                         "intel": False}
        events = [{"kind": "turn", "text": f"{state['players'][seat]['name']}'s turn",
                   "player": seat}]
        if not state["players"][seat]["enc_deck"]:  # R-ENC-1: no cards, no roll
            return events + self.after_encounter(state)
        state["await"] = {"kind": "turn_start", "player": seat}
        return events

    def on_turn_start(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        if state["settings"]["dice"] == "physical":
            self.check_roll(state, action)
            value = action["value"]
        elif "value" in action:
            raise Rejected("R-DIE-1", "the app rolls its own dice in this game")
        else:
            value = rng.randint(state, 1, 6)
        player = state["players"][seat]
        hit = encounter_happens(player, value)
        events = [{"kind": "rolled", "text": f"{player['name']} rolls the Encounter die: "
                   f"{value}" + (", an encounter!" if hit else ", all clear"), "value": value,
                   "player": seat}]
        if not hit:
            return events + self.after_encounter(state)
        return events + self.start_procedure(state, "encounter",
                                             {"drawer": seat, "roll": value}, "encounter")

    def after_encounter(self, state) -> list[dict]:
        seat = state["turn"]["player"]
        state["await"] = {"kind": "draw", "player": seat}
        return []

    def on_draw(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        player = state["players"][seat]
        if not player["deck"]:
            player["out"] = True
            events = [{"kind": "eliminated", "text": f"{player['name']} cannot draw and is "
                       "out of the game", "player": seat}] + self.check_over(state)
            return events if state["phase"] == "over" else events + self.end_turn(state)
        player["hand"].append(player["deck"].pop(0))
        state["await"] = {"kind": "main", "player": seat}
        return [{"kind": "drew", "text": f"{player['name']} draws a card", "player": seat}]

    def on_main(self, state, action) -> list[dict]:
        return self.main_moves[action["type"]](state, action)

    def do_end_turn(self, state, action) -> list[dict]:
        return self.end_turn(state)

    def do_intel(self, state, action) -> list[dict]:
        """R-ATT-10."""
        seat, turn = state["turn"]["player"], state["turn"]
        player = state["players"][seat]
        if turn["intel"] or turn["attacked"] or turn["sacrificed"]:
            raise Rejected("R-ATT-10", "Intel once per turn, before attacking or sacrificing")
        level = action.get("level")
        slot = player["line"][level - 1] if level in LEVELS else None
        if not slot or not m.has(slot, "Intel") or not m.cleared(player, level):
            raise Rejected("R-ATT-10", "use a cleared, non-Disabled Intel card in your line")
        if action.get("mode") == "self":
            player["clr_mods"].append({"amount": 1, "until": {"event": "turn_end",
                                                              "player": seat}})
            text = f"{player['name']} uses Intel: clearance +1 this turn"
        elif action.get("mode") == "opponent" and action.get("player") in m.opponents(state,
                                                                                       seat):
            target = state["players"][action["player"]]
            target["clr_mods"].append({"amount": -1, "until": {"event": "turn_end",
                                                               "player": action["player"]}})
            text = f"{player['name']} uses Intel: {target['name']}'s clearance -1"
        else:
            raise Rejected("R-ATT-10", "mode is 'self' or 'opponent' with an opposing player")
        turn["intel"] = True
        slot["protector"], slot["touched"] = False, True
        return [{"kind": "intel", "text": text, "player": seat}]

    def do_attack(self, state, action) -> list[dict]:
        seat = state["turn"]["player"]
        target = action.get("target")
        if not isinstance(target, dict):
            raise Rejected("R-CMB-1", "name a target")
        problem = self.attack_problem(state, seat, action.get("level"), target)
        if problem:
            raise Rejected(*problem)
        state["turn"]["attacked"] = True
        return self.start_procedure(state, "combat", {
            "attacker": seat, "level": action["level"], "target": dict(target)}, "combat")

    def after_combat(self, state) -> list[dict]:
        return self.end_turn(state)

    def do_sacrifice(self, state, action) -> list[dict]:
        """R-SAC-1: swap line cards (or fill gaps) with same-level cards from hand."""
        seat, turn = state["turn"]["player"], state["turn"]
        if turn["attacked"] or turn["sacrificed"]:
            raise Rejected("R-SAC-1", "Sacrifice replaces the turn's attack")
        swaps = action.get("swaps")
        if not swaps or not isinstance(swaps, list) or not all(isinstance(s, dict)
                                                                for s in swaps):
            raise Rejected("R-SAC-1", "place at least one card")
        levels = [s.get("level") for s in swaps]
        if len(set(levels)) != len(levels) or any(lv not in LEVELS for lv in levels):
            raise Rejected("R-SAC-1", "one card per level")
        player = state["players"][seat]
        remaining = list(player["hand"])
        for swap in swaps:
            if swap.get("card") not in m.hand_choices(state, seat, swap["level"], remaining):
                raise Rejected("R-SAC-1", f"{swap.get('card')} is not a level-{swap['level']} "
                               "card in your hand")
            remaining.remove(swap["card"] if swap["card"] in remaining else m.UNKNOWN)
        events = []
        for swap in swaps:
            old = player["line"][swap["level"] - 1]
            if old:
                player["discard"].append(old["card"])
            m.take_from_hand(player, swap["card"])
            player["line"][swap["level"] - 1] = m.new_slot(swap["card"], state["round"])
            events.append({"kind": "sacrificed", "text": f"{player['name']} puts "
                           f"{defense(swap['card'])['name']} in level {swap['level']}"
                           + (f", discarding {name_of(old)}" if old else ""), "player": seat})
        turn["sacrificed"] = True
        return events + self.end_turn(state)

    def end_turn(self, state) -> list[dict]:
        seat = state["turn"]["player"]
        m.expire(state, "turn_end", seat)
        state["pos"] += 1
        return self.begin_turn(state)

    # cleanup ---------------------------------------------------------------------------
    def begin_cleanup(self, state) -> list[dict]:
        """R-CLN-1 steps 1 and 2 for everyone; then the steps that need choices."""
        state["phase"] = "cleanup"
        state["turn"] = None
        m.expire(state, "cleanup")
        events = [{"kind": "cleanup", "text": f"Cleanup of round {state['round']}"}]
        for seat, player in enumerate(state["players"]):
            for slot in player["line"]:
                if not slot:
                    continue
                slot["disabled"] = slot["cloaked"] = False
                if (not slot["touched"] and not slot["protector"]
                        and slot["placed"] < state["round"] and m.has(slot, "Protector")):
                    slot["protector"] = True
                    events.append({"kind": "protector", "text": f"{name_of(slot)} gains the "
                                   "Protector token", "player": seat})
                slot["touched"] = False
                slot["damage"] = 0
        state["cleanup"] = {"step": 3, "pos": 0}
        return events + self.next_cleanup(state)

    def next_cleanup(self, state) -> list[dict]:
        """Find the next player and step that needs a decision (R-CLN-1 3-6)."""
        cleanup = state["cleanup"]
        order = [s for s in state["order"] if not state["players"][s]["out"]]
        while cleanup["step"] <= 6:
            while cleanup["pos"] < len(order):
                seat = order[cleanup["pos"]]
                wait = self.cleanup_wait(state, seat, cleanup["step"])
                if wait:
                    state["await"] = wait
                    return []
                cleanup["pos"] += 1
            cleanup["step"] += 1
            cleanup["pos"] = 0
        return self.pass_command(state)

    def next_player_in_cleanup(self, state) -> list[dict]:
        """Steps 4 and 5 take one decision per player: go on to the next one."""
        state["cleanup"]["pos"] += 1
        return self.next_cleanup(state)

    def cleanup_wait(self, state, seat, step) -> dict | None:
        player = state["players"][seat]
        if step == 3:
            if None not in player["line"] or not player["hand"]:
                return None
            if state["settings"]["cards"] == "tracked":  # any gap, while a card is unknown
                fillable = range(1, 6) if m.UNKNOWN in player["hand"] else ()
            else:
                fillable = {defense(c)["level"] for c in player["hand"]}
            done = state["cleanup"].get("none", {}).get(str(seat), ())
            for level, slot in enumerate(player["line"], start=1):
                if slot is None and level in fillable and level not in done:
                    return {"kind": "reinforce", "player": seat, "level": level}
        elif step == 4:
            if player["clearance"] < 5 and sum(
                    defense(s["card"])["def"] for s in player["line"] if s) >= CLEARANCE_COST[
                    player["clearance"] + 1]:
                return {"kind": "advance", "player": seat}
        elif step == 5:
            if any(m.has(s, "Cloaking") for s in player["line"][:player["clearance"]] if s):
                return {"kind": "cloak", "player": seat}
        elif step == 6 and len(player["hand"]) > HAND_LIMIT:
            return {"kind": "discard", "player": seat}
        return None

    def on_reinforce(self, state, action) -> list[dict]:
        wait = state["await"]
        seat, level = wait["player"], wait["level"]
        player = state["players"][seat]
        card_id = action.get("card")
        if card_id is None and state["settings"]["cards"] == "tracked":
            state["cleanup"].setdefault("none", {}).setdefault(str(seat), []).append(level)
            return self.next_cleanup(state)
        if card_id not in m.hand_choices(state, seat, level):
            raise Rejected("R-CLN-1", f"reinforce level {level} with a level-{level} card "
                           "from your hand")
        m.take_from_hand(player, card_id)
        player["line"][level - 1] = m.new_slot(card_id, state["round"])
        return [{"kind": "reinforced", "text": f"{player['name']} reinforces level {level} "
                 f"with {defense(card_id)['name']}", "player": seat}] + self.next_cleanup(state)

    def on_advance(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        if action["type"] == "skip":
            return self.next_player_in_cleanup(state)
        levels = action.get("levels")
        levels = tuple(sorted(levels)) if isinstance(levels, list) and all(
            isinstance(lv, int) for lv in levels) else None
        if levels not in self.advance_options(state, seat):
            raise Rejected("R-CLR-3", "discard line cards whose printed DEF reaches the cost")
        player = state["players"][seat]
        for level in levels:
            player["discard"].append(player["line"][level - 1]["card"])
            player["line"][level - 1] = None
        player["clearance"] += 1
        return [{"kind": "advanced", "text": f"{player['name']} advances to clearance "
                 f"{player['clearance']}", "player": seat}] + self.next_player_in_cleanup(state)

    def on_cloak(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        if action["type"] == "skip":
            return self.next_player_in_cleanup(state)
        player = state["players"][seat]
        level = action.get("level")
        slot = player["line"][level - 1] if level in LEVELS else None
        if not slot:
            raise Rejected("R-ATT-5", "cloak one of your line cards")
        slot["cloaked"] = True
        for lv, s in self.line(state, seat):
            if s and m.has(s, "Cloaking") and lv <= player["clearance"]:
                s["protector"], s["touched"] = False, True
                break
        return [{"kind": "cloaked", "text": f"{player['name']} cloaks {name_of(slot)}",
                 "player": seat}] + self.next_player_in_cleanup(state)

    def on_discard(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        player = state["players"][seat]
        card_id = action.get("card")
        if card_id not in m.hand_choices(state, seat):
            raise Rejected("R-CLN-1", "discard a card from your hand")
        m.take_from_hand(player, card_id)
        player["discard"].append(card_id)
        return [{"kind": "discarded", "text": f"{player['name']} discards down toward "
                 f"{HAND_LIMIT}", "player": seat}] + self.next_cleanup(state)

    def pass_command(self, state) -> list[dict]:
        """R-CLN-1 step 7 and R-TEAM-1."""
        teams = state["teams"]
        alive = {p["team"] for p in state["players"] if not p["out"]}
        current = state["command"]
        nxt = next(t for t in [(current + i) % len(teams) for i in range(1, len(teams) + 1)]
                   if t in alive)
        if nxt != current:
            state["starters"][nxt] = self.next_starter(state, nxt)
        state["command"] = nxt
        state["round"] += 1
        state["cleanup"] = None
        starter = teams[nxt][state["starters"][nxt]]
        return [{"kind": "command", "text": f"The ATS Command token passes to "
                 f"{state['players'][starter]['name']}", "player": starter}] + \
            self.begin_round(state)

    def next_starter(self, state, team) -> int:
        members = state["teams"][team]
        index = state["starters"][team]
        for step in range(1, len(members) + 1):
            candidate = (index + step) % len(members)
            if not state["players"][members[candidate]]["out"]:
                return candidate
        return index

    # the end -----------------------------------------------------------------------------
    def eliminations(self, state) -> list[dict]:
        events = []
        for seat, player in enumerate(state["players"]):
            if not player["out"] and not any(player["bases"].values()):  # none standing
                player["out"] = True
                events.append({"kind": "eliminated", "text": f"{player['name']}'s last base "
                               "area falls: out of the game", "player": seat})
        return events + (self.check_over(state) if events else [])

    def check_over(self, state) -> list[dict]:
        alive = [t for t, members in enumerate(state["teams"])
                 if any(not state["players"][s]["out"] for s in members)]
        if len(alive) > 1:
            return []
        state["phase"] = "over"
        state["await"] = None
        state.pop("proc", None)
        if not alive:
            state["winner"] = {"team": None, "draw": True}
            return [{"kind": "game_over", "text": "Everyone is out: a draw"}]
        state["winner"] = {"team": alive[0], "draw": False}
        names = " and ".join(state["players"][s]["name"] for s in state["teams"][alive[0]])
        verb = "wins" if len(state["teams"][alive[0]]) == 1 else "win"
        return [{"kind": "game_over", "text": f"{names} {verb}", "team": alive[0]}]

    # -- simulator and reports -------------------------------------------------------------
    def agents(self) -> dict:
        from companion.games.ats.ai import GreedyAgent, RandomAgent

        return {"greedy": GreedyAgent, "random": RandomAgent}

    def simulation_setup(self, seats: int) -> dict:
        return {"players": [{"name": f"Seat {i + 1}", "team": i} for i in range(seats)],
                "dice": "digital", "cards": "virtual"}

    def report_cards(self, counters: dict, games: int) -> str:
        """Per card: how often it was destroyed and how often it destroyed another."""
        rows = []
        for card_id, card in sorted(cards()[0].items()):
            lost = counters.get(f"destroyed:{card_id}", 0)
            kills = counters.get(f"kills:{card_id}", 0)
            starts = counters.get(f"start:{card_id}", 0)
            wins = counters.get(f"start_win:{card_id}", 0)
            rate = f"{100 * wins / starts:5.1f} %" if starts else "    -  "
            rows.append(f"  {card_id} {card['name'][:22]:22} started {starts:5d}, side won "
                        f"{rate}; destroyed {lost / games:5.2f}/game, destroyed others "
                        f"{kills / games:5.2f}/game")
        return "cards:\n" + "\n".join(rows)

    def summary(self, state: dict) -> str:
        lines = [f"Round {state['round']}, phase {state['phase']}"]
        for player in state["players"]:
            bases = ", ".join(f"{a} {hp}" for a, hp in player["bases"].items())
            line = ", ".join(f"L{lv} {name_of(s)}" if s else f"L{lv} gap"
                             for lv, s in enumerate(player["line"], start=1))
            lines.append(f"{player['name']}{' (out)' if player['out'] else ''}: {bases}; "
                         f"clearance {m.clearance(player)}; deck {len(player['deck'])}, hand "
                         f"{len(player['hand'])}, discard {len(player['discard'])}; {line}")
        winner = state.get("winner")
        if winner:
            lines.append("Result: draw" if winner["draw"] else "Winner: " + " and ".join(
                state["players"][s]["name"] for s in state["teams"][winner["team"]]))
        return "\n".join(lines)

    # -- invariants (simulator and property tests) ------------------------------------------
    def snapshot_for_checks(self, state: dict):
        return [[a for a, hp in p["bases"].items() if hp == 0] for p in state["players"]]

    def winning_seats(self, state: dict) -> list[int]:
        winner = state.get("winner")
        if not winner or winner["team"] is None:
            return []
        return list(state["teams"][winner["team"]])

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        """Cards destroyed and destroying; each starting card and whether its side won."""
        tally = {}
        winners = set(self.winning_seats(state))
        starts = [a["card"] for a in actions if a["type"] == "start_card"]
        for index, card_id in enumerate(starts):
            seat = index // len(LEVELS)
            for key in (f"start:{card_id}", *([f"start_win:{card_id}"] if seat in winners
                                              else [])):
                tally[key] = tally.get(key, 0) + 1
        for event in events:
            if event["kind"] == "destroyed":
                key = f"destroyed:{event['card']}"
                tally[key] = tally.get(key, 0) + 1
                if event.get("by"):
                    key = f"kills:{event['by']}"
                    tally[key] = tally.get(key, 0) + 1
        return tally

    def conserved(self, player, tracked: bool) -> bool:
        """All 40 defense cards across deck, hand, discard, removed and line: each
        known card once (tracked mode: the rest are "?")."""
        held = (player["deck"] + player["hand"] + player["discard"] + player["removed"]
                + [s["card"] for s in player["line"] if s])
        if len(held) != len(self.all_ids):
            return False
        if not tracked:
            return set(held) == self.all_ids
        known = [c for c in held if c != m.UNKNOWN]
        return len(set(known)) == len(known) and self.all_ids.issuperset(known)

    def invariants(self, state: dict, previous=None) -> list[str]:
        broken = []
        if previous is not None:
            for player, gone in zip(state["players"], previous, strict=True):
                if gone and any(player["bases"][area] != 0 for area in gone):
                    broken.append(f"{player['name']}: a destroyed base area came back")
        tracked = state["settings"]["cards"] == "tracked"
        for player in state["players"]:
            name = player["name"]
            if not 0 <= min(player["bases"].values()) <= max(player["bases"].values()) <= 100:
                broken.append(f"{name}: base HP out of 0-100")
            if not 1 <= player["clearance"] <= 5 or not 1 <= m.clearance(player) <= 5:
                broken.append(f"{name}: clearance out of 1-5")
            if state["phase"] != "setup" and not self.conserved(player, tracked):
                broken.append(f"{name}: defense cards not conserved")
        alive = {p["team"] for p in state["players"] if not p["out"]}
        if (state["phase"] == "over") != (len(alive) <= 1 and state["phase"] != "setup"):
            broken.append("game over does not match the win condition")
        if state["phase"] in ("turn", "cleanup") and state["command"] not in range(
                len(state["teams"])):
            broken.append("no single holder of the Command token")
        return broken
