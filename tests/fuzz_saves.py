"""A mutation campaign over save files of every registered game: saves of random games,
cut at a random move, then truncated, bytes flipped, values of other types, keys
removed or added, huge numbers, actions swapped. Each case must either be refused
as a save (SaveError: the app keeps it aside with a notice) or resume: replay, and
every view answer and line the app shows of it. Anything else is a finding.

    .venv/bin/python -m tests.fuzz_saves --cases 300          # every game, 300 each
    .venv/bin/python -m tests.fuzz_saves --game top-secret --cases 1000 --seed 7
    .venv/bin/python -m tests.fuzz_saves --keep tests/data/saves-fuzz --cases 25

`--keep` writes the cases (findings and a sample of the rest) to a folder: the suite
checks them (tests/test_fuzz.py) and the installed wheel resumes each one in the
real app (tests/test_wheel.py)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from pathlib import Path

from companion.core.agents import RandomAgent
from companion.core.session import SaveError, Session, read_save
from companion.games import GAMES, bundled, rules_for
from tests.conformance.test_conformance import setups

HUGE = ("1" + "0" * 400, "-" + "9" * 30, "1e400", "2.5", "true", "null", '""', "[]", "{}",
        '"x"', "0", "-1", "18446744073709551616")
MUTATIONS = ("truncate", "flip", "retype", "remove", "add", "huge", "float", "swap")


def a_save(game_id: str, pick: random.Random) -> dict:
    """A save of a random game of `game_id`, cut after a random number of moves."""
    rules = rules_for(game_id)
    options = setups(GAMES[game_id], rules)
    seed = pick.randrange(2**32)
    session = Session(rules, pick.choice(options), seed)
    agent, moves = RandomAgent(seed), pick.choice([0, 1, 3, 10, 40, 120, 10_000])
    while not rules.is_over(session.state) and len(session.actions) < moves:
        session.apply(agent.choose(rules, session.state))
    return session.to_save()


def places(value, path=()):
    """Every (path, value) inside a JSON or YAML document."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*path, index))


def put(save: dict, path: tuple, new) -> None:
    target = save
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new


def mutate(save: dict, how: str, pick: random.Random) -> bytes:
    """The save's JSON text, changed in the way `how` names."""
    inner = [p for p, _ in places(save) if p]
    if how in ("retype", "remove", "add", "float", "swap"):
        path = pick.choice(inner)
        if how == "retype":
            put(save, path, pick.choice([None, True, False, 2.5, 10**30, -1, "x", "", [],
                                         {}, [1], {"a": 1}]))
        elif how == "remove":
            holder = save
            for step in path[:-1]:
                holder = holder[step]
            del holder[path[-1]]
        elif how == "add":
            holders = [p for p, v in places(save) if isinstance(v, dict)]
            put(save, (*pick.choice(holders), pick.choice(["troops", "x", "by", "type"])),
                pick.choice([1, "y", None, [2]]))
        elif how == "float":
            ints = [p for p, v in places(save) if type(v) is int and p]
            if ints:
                path = pick.choice(ints)
                value = save
                for step in path:
                    value = value[step]
                put(save, path, float(value))
        elif how == "swap" and len(save["actions"]) > 1:
            actions = save["actions"]
            i, j = pick.sample(range(len(actions)), 2)
            actions[i], actions[j] = actions[j], actions[i]
    text = json.dumps(save, indent=1).encode()
    if how == "truncate":
        return text[:pick.randrange(len(text))]
    if how == "flip":
        raw = bytearray(text)
        for _ in range(pick.randint(1, 3)):
            raw[pick.randrange(len(raw))] = pick.randrange(256)
        return bytes(raw)
    if how == "huge":  # a number of the text put in place of a value
        spots = [i for i in range(len(text)) if text[i:i + 1].isdigit() and
                 not text[i - 1:i].isdigit()]
        if spots:
            at = pick.choice(spots)
            end = at
            while end < len(text) and text[end:end + 1].isdigit():
                end += 1
            return text[:at] + pick.choice(HUGE).encode() + text[end:]
    return text


def check(raw: bytes) -> str | None:
    """None when the app can take this save (refused, or resumed and shown); else the
    finding, with its traceback."""
    from companion.progress import progress, turns
    from tests.conformance.test_views import Shell

    try:
        session = read_save(raw)
    except SaveError:
        return None  # kept aside by the store, with its reason
    except Exception:
        return "read_save raised:\n" + traceback.format_exc()
    try:
        game_id = session.rules.game_id
        shell = Shell(game_id)
        shell.state(session)
        if not session.rules.is_over(session.state):
            legal = session.rules.legal_actions(session.state)
            shell.moves(session.state, legal[:12], [{"type": "free_roll"}])
        else:
            shell.view.game_over(session)
        progress(session, time.time())
        turns(session)
    except Exception:
        return "showing it raised:\n" + traceback.format_exc()
    return None


def campaign(game_id: str, count: int, seed: int):
    """(name, bytes, finding) for `count` cases of `game_id`."""
    pick = random.Random(f"{game_id}-{seed}")
    for number in range(count):
        how = MUTATIONS[number % len(MUTATIONS)]
        raw = mutate(a_save(game_id, pick), how, pick)
        yield f"{game_id}-{number:04d}-{how}", raw, check(raw)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=300, help="cases a game")
    parser.add_argument("--game", choices=sorted(bundled()), help="one game (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="write every case here")
    args = parser.parse_args(argv)
    findings = 0
    for game_id in [args.game] if args.game else list(bundled()):
        found = refused = 0
        for name, raw, finding in campaign(game_id, args.cases, args.seed):
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                (args.keep / f"{name}.json").write_bytes(raw)
            if finding:
                found += 1
                print(f"FINDING {name}\n{finding}", file=sys.stderr)
            else:
                try:
                    read_save(raw)
                except SaveError:
                    refused += 1
        findings += found
        print(f"{game_id}: {args.cases} cases, {refused} refused as saves, "
              f"{args.cases - refused - found} resumed, {found} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
