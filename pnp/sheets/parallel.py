"""Work spread over the machine's cores: one forked process a task (each builds one
game), the results in order. Forking shares the parent's loaded games, so nothing
but each task's result crosses between processes; where processes cannot fork
(Windows, macOS's default), or on one core, the tasks run one after another."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor, wait

_task = None  # what the forked workers run: set just before the pool forks
_said = None  # where the workers' messages go back to the parent (a queue)


def cores() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def workers(tasks: int, jobs: int | None = None) -> int:
    """How many processes `tasks` tasks get: one each, up to `jobs` (default: every
    core); 1 where forking is not possible."""
    if tasks < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(tasks, jobs or cores()))


def _run(index: int):
    return _task(index, _said.put if _said is not None else None)


def each(task, count: int, jobs: int, undo=None, say=None) -> list:
    """[task(0, say), ..., task(count - 1, say)], each in a process of its own (at most
    `jobs` at once); what a task says (progress) reaches `say` in this process, as it
    comes. If any fails, or this process is stopped meanwhile (Ctrl-C, SIGTERM),
    `undo(result)` is called for each task that succeeded, then the first failure (in
    task order) or the stop is raised."""
    global _task, _said
    if jobs < 2:
        return [task(index, say) for index in range(count)]
    context = multiprocessing.get_context("fork")
    _task, _said = task, context.SimpleQueue() if say is not None else None
    said = _said
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
    futures: list = []
    try:
        futures = [pool.submit(_run, index) for index in range(count)]
        while wait(futures, timeout=0.05).not_done:
            relay(said, say)
        relay(said, say)
        failed = [f.exception() for f in futures if f.exception() is not None]
        if failed:
            raise failed[0]
        return [future.result() for future in futures]
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)  # the running tasks end first
        for future in futures:
            if undo is not None and future.done() and not future.cancelled() and \
                    future.exception() is None:
                undo(future.result())
        raise
    finally:
        pool.shutdown(wait=True)
        _task = _said = None


def relay(queue, say) -> None:
    """Pass on what the workers have said so far."""
    while queue is not None and not queue.empty():
        say(queue.get())
