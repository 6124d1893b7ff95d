"""The expert's worth of playing one card: a weighted sum of what the play does.

The first 52 weights were fitted (bench/gm_expert_fit.py: softmax regression) to the
win chances that rollouts gave each card in about 10,000 positions of greedy games, so
the sum ranks cards the way looking ahead would, at the cost of a few sums; then all
81 were tuned on wins against greedy by two policy-gradient steps
(bench/gm_expert_tune.py: +0.6 points, docs/balance.md). The features:
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
  leads, when he carries the suitcase)?
- (more) the two best cards kept for each place, the card's own values near night, and
  the result by the score and by the place."""

from __future__ import annotations

from companion.games.gm.expert_read import VALUE, greedy_answer

BASIS = tuple((v / 9, max(0, v - 5) / 4, max(0, v - 7) / 2) for v in range(10))
CITY, DEFEND, ATTACK = 0, 1, 2
WEIGHTS = (  # fitted by bench/gm_expert_fit.py, then tuned on wins by bench/gm_expert_tune.py
    0.1842, 0.1259, 0.4514, -0.0314, 0.5996, 0.2873, -0.1528, 0.8127, 0.6302,  # own card
    0.4452, 0.0551, 0.9129, 0.1824,  # answer won, tied: city, embassy
    0.7609, 0.9093, 1.5363, 0.5922,  # lead won, tied: city, embassy
    0.0541, -0.1531, 0.4895, -0.0223, 0.2844, 1.2085, -0.0318, 0.6054, 0.8857,  # his answer
    -0.0616, -1.6479, 0.1221, 0.6889, 0.4711, 0.7088, 0.2336, 1.0885,  # near night: tie, win
    -0.7047, -1.7974,  # lost, within 12: ahead / not
    1.2403, 1.5808, 0.3654, 0.3563, -0.4187, 0.5255, -0.1702, -0.2833, 0.2366, -0.2261,  # kept
    0.2839, 0.5619, 0.2010, 0.6309, 0.5187, 0.0077,  # the next duel: answers, then leads
    -0.0740, 0.0904, 0.1218, 0.4935, 0.0099, -0.4672, -0.0509, -0.0234, -0.1474,  # kept, two
    0.0859, -0.1112, 0.0253, -0.0572, 0.0751, -0.0180,  # own card, within 12 and 6
    -0.0444, -0.0987, -0.2081, -0.2579, -0.0263, -0.0142, 0.1880, 0.1368,  # by the score
    0.0081, 0.1474, 0.3023, 0.2242, -0.1931, -0.3476,  # won, tied: by place
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
    f = [0.0] * 52  # then more(): 81 in all
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
    return f + more(card, rest, role, left, score, last, win, tie)


def more(card: int, rest: list[int], role: int, left: int, score: tuple, last: int | None,
         win: float, tie: float) -> list[float]:
    """Features 52-80, found by their policy gradient (bench/gm_expert_tune.py): the two
    best cards kept for each place (the best again within 12 cards of night), the card's
    own values within 12 and within 6, the result by the score (no suitcase yet: a tie
    there leads towards a draw, which is no win; behind; ahead) and by place."""
    late, later = float(left <= 12), float(left <= 6)
    f = []
    for r in range(3):
        top = sorted((VALUE[r][c] for c in rest), reverse=True) + [0, 0]
        f += [top[0] / 9, top[1] / 9, top[0] / 9 * late]
    own = [VALUE[r][card] / 9 for r in range(3)]
    f += [v * late for v in own] + [v * later for v in own]
    nothing = float(score[0] == score[1] == 0 and last is None)
    side = ahead(score, last)
    f += [win * nothing, tie * nothing, win * nothing * late, tie * nothing * late,
          win * (side < 0), tie * (side < 0), win * (side > 0), tie * (side > 0)]
    for r in range(3):
        f += [win * (role == r), tie * (role == r)]
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
