"""A game in progress: the setup, the seed and the actions taken so far.

Everything else is derived by replaying, so saves are tiny and exact, and
undo/redo are a matter of moving along the action list. A save also keeps the
position it was saved in (core.checkpoint): a game whose cards or rules changed
since goes on from there instead of being lost.
"""

from __future__ import annotations

import json
import math
import reprlib

from companion.core.checkpoint import checkpoint, plain, shape_problem, trusted
from companion.core.engine import Rejected, Rules, clone

SAVE_FORMAT = "dossier-save"
SAVE_VERSION = 1
SEED_LIMIT = 2**64
# Limits no real game meets (the longest of 600 simulated games, 6 random players,
# took 761 actions) that bound a replay's time and memory: docs/save-format.md.
MAX_ACTIONS = 10_000
MAX_ACTION_CHARS = 1_000
MAX_SETUP_CHARS = 10_000
MAX_SAVE_BYTES = 4 * 2**20
MAX_MOVES = 2**31  # a kept position's count of the moves behind it, over every resume


class SaveError(ValueError):
    """A save file that cannot be read or does not replay."""


class Session:
    """`start`: a kept position the game goes on from (with `moves_before` moves behind
    it), instead of a new game of `setup` and `seed`."""

    def __init__(self, rules: Rules, setup: dict, seed: int, start: dict | None = None,
                 moves_before: int = 0):
        self.rules = rules
        self.setup = clone(setup)
        self.seed = seed
        self.start = None if start is None else clone(start)
        self.moves_before = moves_before
        # what every save keeps of the start: worked out once, it never changes
        self.kept_start = None if start is None else checkpoint(start, moves_before)
        self.notice = ""  # what reading its save had to do (read_save), for the app to say
        self.changed = ""  # and why: the move that no longer replays
        self.actions: list[dict] = []
        self.redo_stack: list[dict] = []
        if start is None:  # the log opens with what setting the game up said
            state, opened = rules.begin(self.setup, seed)
        else:
            state, opened = clone(start), [{
                "kind": "resumed", "text": f"Moves 1 to {moves_before} are not in this log: "
                "the game went on from the position it was saved in."}]
        self.states = [state]
        self.events: list[list[dict]] = [opened]

    @property
    def state(self) -> dict:
        return self.states[-1]

    def apply(self, action: dict) -> list[dict]:
        """Apply an action (raises Rejected, leaving everything unchanged)."""
        if len(self.actions) >= MAX_ACTIONS:  # a longer game could not be read back
            raise Rejected("SAVE-LIMIT", f"a game holds at most {MAX_ACTIONS} actions")
        outcome = self.rules.apply(self.state, action)
        self.actions.append(clone(action))
        self.states.append(outcome.state)
        self.events.append(outcome.events)
        self.redo_stack.clear()
        return outcome.events

    def undo(self) -> bool:
        if not self.actions:
            return False
        self.redo_stack.append(self.actions.pop())
        self.states.pop()
        self.events.pop()
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        action = self.redo_stack.pop()
        outcome = self.rules.apply(self.state, action)
        self.actions.append(action)
        self.states.append(outcome.state)
        self.events.append(outcome.events)
        return True

    def log(self) -> list[dict]:
        return [event for batch in self.events for event in batch]

    def to_save(self) -> dict:
        return save_data(self.rules, self.setup, self.seed, self.actions, self.state,
                         self.kept_start)

    def dumps(self) -> str:
        return json.dumps(self.to_save(), indent=1, sort_keys=True)


def save_data(rules: Rules, setup: dict, seed: int, actions: list, state: dict | None = None,
              start: dict | None = None) -> dict:
    """A save of a game: its id, setup, seed and actions, and the position they lead to
    (`state`) and start from (`start`, the checkpoint of a game resumed from a kept
    position); a folder game's also names its folder, so the save resumes in a process
    that never registered it (`read_save`)."""
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": rules.game_id,
            "rules_version": rules.save_version, "setup": setup, "seed": seed,
            "actions": actions}
    before = 0 if start is None else start["moves"]
    if start is not None:
        save["start"] = start
    if state is not None:
        save["state"] = checkpoint(state, before + len(actions))
    folder = getattr(rules.spec, "folder", "")
    if folder:
        save["folder"] = folder
    return save


def replay(rules: Rules, save) -> Session:
    """Rebuild a session from a save; raise SaveError, with a plain reason, for
    anything that is not a save of this game that can go on.

    The moves are replayed. When they no longer replay, or lead elsewhere than the
    position the save kept (the game's cards or rules changed since), the game goes on
    from that position; a save without one (older saves) goes on after the last move
    that replays. Either way `notice` says so."""
    check_save(save)
    if save["game"] != rules.game_id:
        raise SaveError(f"save is for {_short(save['game'])}, not '{rules.game_id}'")
    session, failure = _replay_moves(rules, save)
    if failure is None and ("state" not in save or plain(session.state) ==
                            save["state"]["state"]):
        return session  # the moves lead where the save was: nothing to weigh
    kept = trusted(rules, save, "state")
    if failure is None and kept is None:
        return session  # the kept position is damaged: the moves are what counts
    name = rules.spec.name if rules.spec else rules.game_id
    why = failure or "its moves now lead to another position"
    if kept is not None:
        moves = save["state"]["moves"]
        session = Session(rules, save["setup"], save["seed"], start=kept, moves_before=moves)
        session.changed = why
        session.notice = (f"{name} has changed since this game was saved, so it goes on "
                          f"where it was left, after move {moves}; the moves before it "
                          "cannot be undone.")
        return session
    if session is None or not session.actions and session.start is None:
        raise SaveError(failure)
    done = session.moves_before + len(session.actions)
    session.changed = why
    session.notice = (f"{name} has changed since this game was saved: its moves replay "
                      f"only up to move {done}, so it goes on from there, as this version "
                      "plays it.")
    return session


def _replay_moves(rules: Rules, save: dict) -> tuple[Session | None, str | None]:
    """The save's moves replayed as far as they go, and why they stop (None: all)."""
    start = trusted(rules, save, "start")
    if "start" in save and start is None:
        return None, "the position its moves start from is damaged or no longer plays"
    moves = save["start"]["moves"] if start is not None else 0
    try:
        session = Session(rules, save["setup"], save["seed"], start, moves)
    except Rejected as exc:
        return None, f"the setup is refused: {exc}"
    except Exception as exc:  # a rules error on a setup it should have refused
        return None, f"the setup does not start a game ({_error(exc)})"
    for number, action in enumerate(save["actions"], start=moves + 1):
        try:
            session.apply(action)
        except Exception as exc:  # Rejected, or a rules error on an odd action
            reason = str(exc) if isinstance(exc, Rejected) else _error(exc)
            session.redo_stack.clear()
            return session, f"action {number} {_short(action)} does not replay: {reason}"
    session.redo_stack.clear()
    return session, None


def check_save(save) -> None:
    """Raise SaveError unless `save` has the layout and types of docs/save-format.md
    (whether it replays is for `replay`)."""
    if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
        raise SaveError("not a Dossier save file")
    version = save.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # True == 1: not a version
        raise SaveError(f"unsupported save version {_short(version)}")
    missing = [key for key in ("game", "setup", "seed", "actions") if key not in save]
    if missing:
        raise SaveError(f"save file is incomplete: no {', '.join(map(repr, missing))}")
    game, setup, seed, actions = save["game"], save["setup"], save["seed"], save["actions"]
    if not isinstance(game, str):
        raise SaveError(f"'game' is a game id, not {_short(game)}")
    if "folder" in save and not isinstance(save["folder"], str):
        raise SaveError(f"'folder' is a game folder's path, not {_short(save['folder'])}")
    if "rules_version" in save and type(save["rules_version"]) is not int:
        raise SaveError(f"'rules_version' is a whole number, not {_short(save['rules_version'])}")
    for key in ("start", "state"):
        problem = key in save and shape_problem(save[key], key, MAX_MOVES)
        if problem:
            raise SaveError(problem)
    if not isinstance(setup, dict):
        raise SaveError(f"'setup' is a mapping, not {_short(setup)}")
    _check_size(setup, MAX_SETUP_CHARS, "'setup'")
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise SaveError(f"'seed' is a whole number from 0 to 2**64 - 1, not {_short(seed)}")
    if not isinstance(actions, list):
        raise SaveError(f"'actions' is a list, not {_short(actions)}")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"{len(actions)} actions: a save holds at most {MAX_ACTIONS}")
    for number, action in enumerate(actions, start=1):
        if not isinstance(action, dict):
            raise SaveError(f"action {number} is a mapping, not {_short(action)}")
        _check_size(action, MAX_ACTION_CHARS, f"action {number}")


def parse_save(raw: str | bytes) -> dict:
    """The save in a file's text or bytes, checked by `check_save`. Strict JSON:
    NaN, Infinity and 1e999, which Python's json would take, are refused."""
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{len(raw)} bytes: a save file is at most {MAX_SAVE_BYTES}")
    if not raw.strip():
        raise SaveError("not JSON: the file is empty")
    try:
        save = json.loads(raw, parse_constant=_no_constant, parse_float=_finite)
    except UnicodeDecodeError:
        raise SaveError("not JSON: the file is not UTF-8 text") from None
    except RecursionError:
        raise SaveError("not JSON: nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, or an integer of over 4300 digits
        raise SaveError(f"not JSON: {exc}") from None
    check_save(save)
    return save


def read_save(raw: str | bytes) -> Session:
    """A save file's text or bytes, replayed by its game's rules: the one way the
    app and `pnp replay` read a save. Raises SaveError, and nothing else, for any
    content."""
    from companion.games import GAMES, register_folder, rules_for

    save = parse_save(raw)
    if "folder" in save:  # a folder game: registered again from its folder (same id if free)
        try:
            save = {**save, "game": register_folder(save["folder"], save["game"])}
        except (OSError, ValueError) as exc:
            raise SaveError(f"the game's folder {_short(save['folder'])} does not load: "
                            f"{str(exc)[:300]}") from None
    try:
        rules = rules_for(save["game"])
    except KeyError:
        raise SaveError(f"unknown game {_short(save['game'])} (known: "
                        f"{', '.join(sorted(GAMES))})") from None
    return replay(rules, save)


def read_save_file(path) -> Session:
    """`read_save` of a file, reading no more than a save may hold (OSError when
    it cannot be read at all)."""
    with open(path, "rb") as handle:
        return read_save(handle.read(MAX_SAVE_BYTES + 1))


def loads(rules: Rules, text: str | bytes) -> Session:
    return replay(rules, parse_save(text))


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"{text[:20]} is out of range")
    return value


def _check_size(value, limit: int, what: str) -> None:
    """Each action is kept, and may be carried in every later state: a size limit
    per item keeps a replay's memory bounded (docs/save-format.md)."""
    try:
        size = len(json.dumps(value, separators=(",", ":"), allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:  # a dict built in code
        raise SaveError(f"{what} is not JSON data ({_error(exc)})") from None
    if size > limit:
        raise SaveError(f"{what} is {size} characters of JSON: at most {limit}")


_REPR = reprlib.Repr()  # Python 3.11's takes no arguments
_REPR.maxlevel, _REPR.maxdict, _REPR.maxlist, _REPR.maxstring, _REPR.maxother = 3, 6, 6, 60, 60


def _short(value) -> str:
    """A value for a message: bounded, however big the value is."""
    return _REPR.repr(value)


def _error(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc)[:200]}"
