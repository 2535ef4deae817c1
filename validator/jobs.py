"""Run independent tasks on every core and hand the results back in task order: pnpkit's one process pool.

Builds split into editions (one kit in one language), exports into files, playtests into chunks of games;
each task runs in one worker. Results come back in the order the tasks were given, so findings print, and
files are written, the same whatever `--jobs` is. The pool lives in the validator because the playtests
(validator/playtest) use it too and the validator never imports the generator; the generator imports it here.

Workers leave stop requests to the parent: they ignore Ctrl-C (the terminal
sends it to every process of the command), die quietly on SIGTERM, and die
with the parent even when it is killed outright. When the parent stops, or a
task fails, the workers are ended at once rather than left to finish.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

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


def _worker_start() -> None:
    """A new worker: the parent handles stop requests and ends its workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if sys.platform == "linux":
        _die_with_parent()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


def _worker_start_with(fn: Callable[[Any], Any], tasks: Sequence[Any]) -> None:
    _worker_start()
    _install(fn, tasks)


def _die_with_parent() -> None:
    """Linux: SIGTERM this worker when the parent dies, even by SIGKILL, so no worker is orphaned."""
    import ctypes

    pr_set_pdeathsig = 1
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:  # the parent died before the request was made
        os._exit(1)


_STOP_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}


@contextmanager
def _signals_blocked():
    """Workers are born with stop signals blocked, so none arrives before `_worker_start` set them up;
    the parent receives what arrived meanwhile as soon as they are unblocked."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers now: nothing they would still produce is wanted."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
            process.join(timeout=5)


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
    import multiprocessing  # loaded only for a pool: a one-edition build never starts one (15 ms saved)
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    workers = min(jobs, len(tasks))
    initializer: Callable[..., None] = _worker_start
    initargs: tuple[Any, ...] = ()
    if context.get_start_method() == "fork":
        _install(fn, tasks)
    else:
        initializer, initargs = _worker_start_with, (fn, tasks)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=initializer, initargs=initargs)
    try:
        with _signals_blocked():  # the workers start while the tasks are handed out
            answers = pool.map(_run, range(len(tasks)))
        results = []
        for result in answers:
            results.append(result)
            if done is not None:
                done(len(results))
        pool.shutdown()
        return results
    except BaseException:  # a stop request, or a task that failed: the other tasks' work is not wanted
        _stop(pool)
        raise
    finally:
        _install(None, ())  # drop the references; the caller keeps its own
