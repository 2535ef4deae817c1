"""Run independent tasks on every core and hand the results back in task order.

Builds split into editions (one kit in one language); each is laid out and
rendered by one worker. Results come back in the order the tasks were given,
so findings print, and files are written, the same whatever `--jobs` is.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

_task_fn: Callable[[Any], Any] | None = None
_tasks: Sequence[Any] = ()


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows have no affinity call
        return os.cpu_count() or 1


def _install(fn: Callable[[Any], Any] | None, tasks: Sequence[Any]) -> None:
    global _task_fn, _tasks
    _task_fn, _tasks = fn, tasks


def _run(index: int) -> Any:
    assert _task_fn is not None
    return _task_fn(_tasks[index])


def ordered_map(
    fn: Callable[[T], R], tasks: Sequence[T], jobs: int, done: Callable[[int], None] | None = None
) -> list[R]:
    """`[fn(task) for task in tasks]`, spread over up to `jobs` processes.

    Where processes fork, workers inherit the tasks and only an index crosses
    the pipe; elsewhere each worker receives the tasks once when it starts.
    `fn` must be a module-level function. `done(n)` is called as the first n
    results are in, for progress.
    """
    if jobs <= 1 or len(tasks) <= 1:
        results = []
        for task in tasks:
            results.append(fn(task))
            if done is not None:
                done(len(results))
        return results
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    workers = min(jobs, len(tasks))
    if context.get_start_method() == "fork":
        _install(fn, tasks)
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    else:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_install, initargs=(fn, tasks))
    try:
        with pool:
            results = []
            for result in pool.map(_run, range(len(tasks))):
                results.append(result)
                if done is not None:
                    done(len(results))
            return results
    finally:
        _install(None, ())  # drop the references; the caller keeps its own
