"""What the dice can do: every sequence of die results after an action (taking
the first option at each choice), each with its probability, summarised by
outcome. For any game whose procedures (on the task stack, core.tasks) roll dice and
ask choices: `rules.with_entered_dice(state)` and `rules.die(id)`."""

from __future__ import annotations

from collections import Counter

from companion.core.engine import Rejected


def outcomes(rules, state: dict, action: dict, summarise, limit: int = 2000) -> list[tuple]:
    """[(probability, summary)] best first; `summarise(before, after)` names an end
    state. Dice are entered, as with real dice, so every face can be tried."""
    trial = rules.with_entered_dice(state)
    found: Counter = Counter()
    stack = [(trial, [], 1.0)]
    explored = 0
    while stack and explored < limit:
        position, taken, chance = stack.pop()
        try:
            after = rules.apply(position, action if not taken else taken[-1]).state
        except Rejected:
            continue
        explored += 1
        wait = after.get("await") or {}
        if after.get("tasks") and wait.get("kind") == "roll":
            die = rules.die(wait.get("die", "d6"))
            faces = len(die.faces)
            for value in range(1, faces + 1):
                stack.append((after, [*taken, {"type": "roll", "value": value}],
                              chance / faces))
        elif after.get("tasks") and wait.get("kind") == "choose":
            stack.append((after, [*taken, {"type": "choose", "value": wait["options"][0]}],
                          chance))
        else:
            found[summarise(state, after)] += chance
    return sorted(((p, text) for text, p in found.items()), reverse=True)
