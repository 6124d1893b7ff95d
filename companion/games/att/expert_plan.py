"""The expert's turn plan: which attacks, in which order, and whether to renew, chosen by
looking one turn further than the greedy AI (ai.py) does.

A plan is a sequence of attacks played out fast (playout.fight, the engine's battle
steps); the position it leaves is judged by the opponent's best answer on their turn
(renew or not, then the greedy wave plans at each of our territories, each stopped at its
best wave): a plan is worth the material difference that answer leaves, and nothing beats
a fallen palace. So an attack that wins material but leaves a territory too thin to stop
the counter-attack loses to one that wins less and keeps the palace safe.

Everything here reads what the player sees (light_of): the boards, palaces and powers in
play (playout.lighten's copy), hand and pile sizes, and the base cards of its own hand;
never the opponent's cards, a deck's order or the generator."""

from __future__ import annotations

from companion.games.att import model, playout
from companion.games.att.data import tables
from companion.games.att.worth import BASE_WORTH, TROOP_WORTH, special_worth

WIN = 10_000.0  # a palace falls: nothing else counts


CARD_WORTH = 2.0  # a card in hand: an ability to come, or a base to build
UNKNOWN_BASE = "light"  # the type of a base drawn and built, not known yet
END_ROUND = 36  # from this round on, the bases counted by ATT-END start to matter
END_WEIGHT = 8.0  # a base more at the round cap, a round before the end
RENEW_BIAS = 1.0  # a renewal that costs this little is still called


def light_of(state: dict, seat: int) -> dict:
    """playout.lighten's copy with what a renewal needs: each hand's size, the base types
    in `seat`'s own hand (the opponent's are not known), the round and the first player."""
    light = playout.lighten(state)
    bases = model.army(state, seat).bases
    for i, (player, real) in enumerate(zip(light["players"], state["players"], strict=True)):
        player["cards"] = len(real["hand"])
        player["known"] = [bases[c] for c in real["hand"] if c in bases] if i == seat else []
        player["pile"] = bool(real["draw"]["base"] or real["discard"]["base"])
    light["round"], light["first"] = state["round"], state["first"]
    return light


def copy(light: dict) -> dict:
    """A light copy to change: territories and palaces copied (bases are replaced, not
    changed, by playout.fight)."""
    players = [{**p, "board": [list(t) for t in p["board"]], "palace": list(p["palace"])}
               for p in light["players"]]
    return {**light, "players": players}


def next_turn(light: dict) -> dict:
    """The position as the next turn starts: powers in play and sacrifice bonuses gone
    (ATT-TURN's cleanup)."""
    out = copy(light)
    out["mods"] = [{"power": {}, "after": [], "owed": {}} for _ in (0, 1)]
    for player in out["players"]:
        for territory in player["board"]:
            for s, base in enumerate(territory):
                if base is not None and any(base["troops"]):
                    territory[s] = {**base, "troops": [0] * len(base["troops"])}
    return out


def renew(light: dict, first: int) -> dict:
    """Both players' renewal (ATT-RENEWAL, ATT-EXTRA), the attacking player first: the
    recruits, two cards drawn, and bases built on empty slots of the thinnest territories
    (the ones in hand, then as many as two drawn cards can be)."""
    out = copy(light)
    per_base = tables().limits["per_base"]
    limit = tables().limits["hand"]
    for seat in (first, 1 - first):
        player = out["players"][seat]
        board = player["board"]
        for territory in board:
            for s, base in enumerate(territory):
                if base is not None and len(base["troops"]) < per_base:
                    territory[s] = {**base, "troops": [*base["troops"], 0]}
        for _ in range(model.extra_recruits(out, seat)):
            room = [(len(b["troops"]), t, s) for t, territory in enumerate(board)
                    for s, b in enumerate(territory)
                    if b is not None and len(b["troops"]) < per_base]
            if not room:
                break
            _, t, s = min(room)
            base = board[t][s]
            board[t][s] = {**base, "troops": [*base["troops"], 0]}
        known = sorted(player["known"], key=lambda k: -tables().powers[k])
        kinds = known + [UNKNOWN_BASE] * (2 if player["pile"] else 0)
        cards = min(limit, player["cards"] + 2)
        built = 0
        for kind in kinds:
            empty = [(sum(b is not None for b in territory), t, s)
                     for t, territory in enumerate(board)
                     for s, b in enumerate(territory) if b is None]
            if not empty:
                break
            _, t, s = min(empty)
            board[t][s] = {"card": None, "type": kind, "troops": []}
            built += 1
        player["cards"] = max(0, cards - built)
        player["known"] = known[built:]
    return out


def material(light: dict, seat: int) -> float:
    """playout.material, worked out in one pass (the plan's hottest count)."""
    powers, set_to = tables().powers, light["mods"][seat]["power"]
    worth = 0.0
    for territory in light["players"][seat]["board"]:
        for base in territory:
            if base is not None:
                troops = base["troops"]
                kind = base["type"]
                each = set_to.get(kind, powers[kind]) + TROOP_WORTH
                worth += BASE_WORTH + each * len(troops) + sum(troops)
    for card in light["players"][seat]["palace"]:
        worth += special_worth(light, seat, card)
    return worth


def score(light: dict, seat: int) -> float:
    """The material difference, `seat`'s view (playout.material), with the cards in hand
    and, near the round cap, the bases that ATT-END counts."""
    worth = material(light, seat) - material(light, 1 - seat)
    players = light["players"]
    worth += CARD_WORTH * (players[seat]["cards"] - players[1 - seat]["cards"])
    if light["round"] >= END_ROUND:
        count = [sum(1 for _ in model.slots(p)) for p in players]
        worth += END_WEIGHT * (light["round"] - END_ROUND + 1) * (count[seat] - count[1 - seat])
    return worth


def has_troops(light: dict, seat: int, t: int) -> bool:
    return any(base and base["troops"] for base in light["players"][seat]["board"][t])


def strength(light: dict, seat: int, t: int) -> int:
    return sum(model.power(light, seat, base["type"], b)
               for base in light["players"][seat]["board"][t] if base
               for b in base["troops"])


def targets(light: dict, seat: int) -> list[int]:
    """The opponent's territories that may be attacked (ATT-EMPTY)."""
    return [t for t in range(tables().limits["territories"])
            if not model.territory_empty(light, 1 - seat, t)]


def answer(light: dict, seat: int, floor: float = float("-inf")) -> float:
    """What the position after `seat`'s turn is worth to `seat` once the opponent has
    answered: the least over the opponent's renewal choice and greedy wave plans (every
    source at one target, strongest or weakest first, stopped after any wave). At or
    below `floor` it stops: the plan is no better than one already found."""
    foe = 1 - seat
    calm = next_turn(light)
    worst = score(calm, seat)
    if worst <= floor:
        return worst
    renewed = renew(calm, foe)
    starts = [(worst, calm), (score(renewed, seat), renewed)]
    worst = min(worst, starts[1][0])
    if worst <= floor:
        return worst
    for base, start in starts:
        for target in targets(start, foe):
            swing = threat(start, foe, target)
            if swing >= WIN:
                return -WIN
            worst = min(worst, base - swing)
            if worst <= floor:
                return worst
    return worst


def side_key(light: dict, seat: int, only: int | None = None) -> tuple:
    board = light["players"][seat]["board"]
    return tuple(None if b is None else (b["type"], tuple(b["troops"]))
                 for i, territory in enumerate(board) if only is None or i == only
                 for b in territory)


THREATS: dict = {}  # (boards, palaces) -> threat(); pure results


def threat(light: dict, attacker: int, target: int) -> float:
    """The most `attacker` gains (the defender's material lost less its own) by sending
    every territory with troops at `target`, strongest or weakest first, stopped after
    its best wave; WIN if the palace falls. No power in play (a turn's start)."""
    defender = 1 - attacker
    players = light["players"]
    key = (players[attacker]["army"], players[defender]["army"], side_key(light, attacker),
           side_key(light, defender, target), tuple(players[attacker]["palace"]),
           tuple(players[defender]["palace"]),
           sum(None not in t for i, t in enumerate(players[defender]["board"]) if i != target))
    known = THREATS.get(key)
    if known is not None:
        return known
    sources = sorted((t for t in range(3) if has_troops(light, attacker, t)),
                     key=lambda t: strength(light, attacker, t))
    best = float("-inf") if sources else 0.0
    for order in ([sources[::-1], sources] if len(sources) > 1 else [sources]):
        trial = copy(light)
        lost = [0.0, 0.0]
        for source in order:
            if model.territory_empty(trial, defender, target) or \
                    not has_troops(trial, attacker, source):
                break
            if playout.fight(trial, attacker, source, target, [], lost):
                best = WIN
                break
            best = max(best, lost[defender] - lost[attacker])
        if best >= WIN:
            break
    if len(THREATS) > 200_000:
        THREATS.clear()
    THREATS[key] = best
    return best


def best_first(light: dict, seat: int, attacked: list, specials: list,
               floor: float = float("-inf")) -> tuple:
    """(the first attack of the best plan or None to end the turn, its worth): every
    sequence of attacks from territories that have not attacked, each answered by the
    opponent (`answer`). A worth at or below `floor` is only a bound."""
    best = [None, answer(light, seat, floor)]
    best[1] = max(best[1], floor)

    def search(node: dict, used: list, first, aim=None):
        for source in range(3):
            if source in used or not has_troops(node, seat, source):
                continue
            for target in targets(node, seat):
                if aim is not None and target != aim:
                    continue
                if first is None and specials and playout.fight(
                        copy(node), seat, source, target, specials, [0.0, 0.0]):
                    best[0] = {"type": "attack", "from": source, "to": target,
                               "specials": list(specials)}
                    best[1] = WIN
                    return
                trial = copy(node)
                action = first or {"type": "attack", "from": source, "to": target,
                                   "specials": []}
                if playout.fight(trial, seat, source, target, [], [0.0, 0.0]):
                    worth = WIN
                else:
                    worth = answer(trial, seat, best[1])
                if worth > best[1]:
                    best[0], best[1] = action, worth
                if worth >= WIN:
                    return
                search(trial, used + [source], action, target)

    search(light, list(attacked), None)
    return best[0], best[1]


def free_specials(state: dict, seat: int) -> list:
    return [c for c in state["players"][seat]["palace"] if c not in state["joined"]]
