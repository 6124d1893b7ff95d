"""The expert's worth of playing one card: a weighted sum of what the play does.

The weights were fitted (bench/gm_expert_fit.py: softmax regression) to the win
chances that rollouts gave each card in about 10,000 positions of greedy games, so the
sum ranks cards the way looking ahead would, at the cost of a few sums. Fits of the
same kind differ by a point or two of wins against greedy (5,000-game matches). The
features:
- the card's own values in the three places (what the hand loses by playing it);
- the duel's result: an answer's is known once the lead is on the table; a lead's is
  a chance, against the hands the other player may hold (expert_track);
- what his answer to a lead costs him: the greedy AI answers with its cheapest winner,
  so a low lead can draw a card out of him that is strong somewhere else;
- near night (twelve cards or fewer in the pile, and six) a tie, a win and a loss again,
  by whether the player is ahead: a tie burns two cards of the clock;
- the best card the hand keeps for the place the result leads to (a won answer: the
  defence at the embassy; a tie: the same place again; a lost city: the attack);
- the next duel, against the hands he may hold: does that best card beat his best
  card for it (his attack when I defend next, his strongest defence, which greedy
  leads, when he carries the suitcase)?"""

from __future__ import annotations

from companion.games.gm.expert_read import VALUE, greedy_answer

BASIS = tuple((v / 9, max(0, v - 5) / 4, max(0, v - 7) / 2) for v in range(10))
CITY, DEFEND, ATTACK = 0, 1, 2
WEIGHTS = (  # fitted by bench/gm_expert_fit.py
    0.159, 0.144, 0.345, -0.024, 0.586, 0.223, -0.135, 0.685, 0.902,  # own card
    0.622, 0.366, 1.106, 0.530,  # answer won, tied: city, embassy
    0.576, 0.451, 1.234, 0.368,  # lead won, tied: city, embassy
    -0.074, -0.053, 0.312, 0.219, 0.260, 0.571, -0.145, 0.329, 0.951,  # his answer's card
    0.035, -0.089, 0.372, 0.492, 0.428, -0.013, 0.138, 0.871,  # near night: tie, win
    -0.566, -0.858,  # lost, within 12: ahead / not
    1.062, 1.062, 0.679, 0.380, -0.228, 0.585, 0.396, -0.352, 0.160, -0.585,  # best card kept
    0.422, 0.308, 0.378, 0.401, 0.411, 0.259,  # the next duel: answers, then leads
)


def ahead(score: tuple, last: int | None) -> int:
    """1 if the player would win were it night now, -1 if he would lose, 0 a draw."""
    if score[0] != score[1]:
        return 1 if score[0] > score[1] else -1
    return 0 if last is None else (1 if last == 0 else -1)


def features(card: int, hand: list[int], role: int, lead: int | None, left: int,
             score: tuple, last: int | None, hands: list[list[int]] | None) -> list[float]:
    """What playing `card` (role 0 city, 1 defend, 2 attack) against `lead` (None: a
    lead, then `hands` are the other player's possible hands) does. `score` and `last`
    (0 me, 1 the other, None) are from the player's side; `left` the pile's count."""
    f = [0.0] * 52
    for r in range(3):
        b = BASIS[VALUE[r][card]]
        f[r * 3], f[r * 3 + 1], f[r * 3 + 2] = -b[0], -b[1], -b[2]
    value = VALUE[role][card]
    rest = [c for c in hand if c != card]
    mine = [max(VALUE[r][c] for c in rest) if rest else 0 for r in range(3)]
    if lead is not None:
        win, tie = float(value > lead), float(value == lead)
        base = 9 if role == CITY else 11
        if hands and (win or not tie):  # the next duel, against the hands he may hold
            share = 1 / len(hands)
            for best in maxima(hands):
                if win:  # I defend next (GM-EMBASSY, GM-FLIGHT) against his attack
                    f[46 if role == CITY else 48] += share * beats(mine[DEFEND], best[3])
                elif role == CITY:  # he defends: his strongest defence against my attack
                    f[47] += share * beats(mine[ATTACK], best[0])
    else:
        answer = CITY if role == CITY else ATTACK
        win = tie = 0.0
        share = 1 / len(hands)
        answers = {}
        for possible, best in zip(hands, maxima(hands), strict=True):
            his = greedy_answer(possible, answer, value)
            his_value = VALUE[answer][his]
            if value > his_value:
                win += 1
                if role == CITY:  # I defend next against the attack he keeps
                    f[49] += share * beats(mine[DEFEND], best[5] if his == best[4] else best[3])
            elif value == his_value:
                tie += 1
            else:  # he defends next (the city lost, or snatched) with his best kept
                kept = best[2] if his == best[1] else best[0]
                f[50 if role == CITY else 51] += share * beats(mine[ATTACK], kept)
            answers[his] = answers.get(his, 0) + 1
        for his, n in answers.items():
            for r in range(3):
                b = BASIS[VALUE[r][his]]
                f[17 + r * 3] += b[0] * share * n
                f[18 + r * 3] += b[1] * share * n
                f[19 + r * 3] += b[2] * share * n
        win, tie = win * share, tie * share
        base = 13 if role == CITY else 15
    f[base], f[base + 1] = win, tie
    lose = 1.0 - win - tie
    up = ahead(score, last) > 0
    for k, near in ((26, 6), (30, 12)):
        if left <= near:
            f[k + (0 if up else 1)] = tie
            f[k + (2 if up else 3)] = win
    if left <= 12:
        f[34 if up else 35] = lose
    if rest:
        city, defend, attack = (v / 9 for v in mine)
        if role == ATTACK:  # won: I defend next; tied: I attack again
            f[36], f[37] = win * defend, tie * attack
        elif role == CITY and lead is not None:  # won: defend; tied: city; lost: attack
            f[38], f[39], f[40] = win * defend, tie * city, lose * attack
        elif role == CITY:
            f[41], f[42], f[43] = win * defend, tie * city, lose * attack
        else:  # a defence: tied, defend again; snatched, attack
            f[44], f[45] = tie * defend, lose * attack
    return f


def beats(mine: int, his: int) -> float:
    """My best value for the next duel against his best: my defence holds if his every
    attack is lower; my attack snatches if his strongest defence (greedy's lead) is
    lower. A tie counts a half."""
    return 1.0 if mine > his else 0.5 if mine == his else 0.0


MEMO = [None, None]  # the last hands read, and their maxima (one reading, five cards)


def maxima(hands: list[list[int]]) -> list[tuple]:
    """For each hand: his best defence, its card, his second defence, then the same
    for the attack (the best he keeps when that card has gone)."""
    if MEMO[0] is not hands:
        out = []
        for hand in hands:
            row = []
            for value in (VALUE[DEFEND], VALUE[ATTACK]):
                top = sorted(hand, key=value.__getitem__, reverse=True)
                row += [value[top[0]], top[0], value[top[1]] if len(top) > 1 else 0]
            out.append(tuple(row))
        MEMO[0], MEMO[1] = hands, out
    return MEMO[1]


def worth(*args) -> float:
    """The weighted sum of `features(*args)`: the higher, the better the play."""
    return sum(w * x for w, x in zip(WEIGHTS, features(*args), strict=True) if x)
