"""Play many games: each from its own seed, in chunks any pool can run, merged in game order.

Game i of a run with seed S plays from `random.Random(f"{S}:{i}")` (a string seed is
hashed the same way in every process), so the records, and everything summarised
from them, are the same whatever the chunking or the number of workers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from . import engine as engine_for
from . import metrics
from .policies import POLICIES

CHUNKS_PER_JOB = 4
"""Chunks per worker: small enough to even out, large enough that the pipe costs nothing."""


@dataclass(frozen=True)
class Task:
    game: str
    rules: Any
    policy: str
    seed: int
    start: int
    stop: int
    move_cap: int


def game_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"{seed}:{index}")


def play_game(engine: ModuleType, rules: Any, policy: str, rng: random.Random, move_cap: int) -> dict:
    """One game from setup to its end, or to `move_cap` decisions (then a timeout)."""
    choose = POLICIES[policy]
    state = engine.new_game(rules, rng)
    moves = 0
    legal, apply, terminal = engine.legal_actions, engine.apply, engine.is_terminal
    while not terminal(state):
        if moves >= move_cap:
            return engine.record(state, True)
        actions = legal(state)
        apply(state, choose(engine, state, actions, rng), rng)
        moves += 1
    return engine.record(state, False)


def run_chunk(task: Task) -> list[dict]:
    engine = engine_for(task.game)
    return [
        play_game(engine, task.rules, task.policy, game_rng(task.seed, i), task.move_cap)
        for i in range(task.start, task.stop)
    ]


def chunks(game: str, rules: Any, policy: str, seed: int, games: int, jobs: int, move_cap: int) -> list[Task]:
    count = max(1, min(games, jobs * CHUNKS_PER_JOB))
    bounds = [games * k // count for k in range(count + 1)]
    return [Task(game, rules, policy, seed, bounds[k], bounds[k + 1], move_cap) for k in range(count)]


Mapper = Callable[[Callable[[Task], list[dict]], Sequence[Task], int], list[list[dict]]]


def _serial(fn: Callable[[Task], list[dict]], tasks: Sequence[Task], jobs: int) -> list[list[dict]]:
    return [fn(task) for task in tasks]


# ---------------------------------------------------------------- executors

EXECUTOR_HELP = "local (a process pool on this machine), dask:ADDRESS (a running Dask scheduler) or dask:local"
CLUSTER_EXTRA = "pip install 'pnpkit[cluster]'"
CONNECT_SECONDS = 20
"""How long a Dask client waits for its scheduler before giving up."""


class ExecutorError(ValueError):
    """An executor that cannot be used: a wrong name, a missing extra, a scheduler out of reach."""


@contextmanager
def executor(spec: str, jobs: int | None, local: Mapper, local_jobs: int) -> Iterator[tuple[Mapper, int]]:
    """The map that runs the chunks, and the workers it has, open for the `with` block.

    `local` is this machine's process pool, `local_jobs` its default size. `dask:ADDRESS` connects to a
    running scheduler (its threads are the default jobs); `dask:local` starts a LocalCluster on
    127.0.0.1 with one single-threaded worker process per job. Results do not depend on the choice:
    games are seeded by their index, so the chunks can run anywhere, in any order.
    """
    if spec == "local":
        yield local, jobs or local_jobs
        return
    kind, _, address = spec.partition(":")
    if kind != "dask" or not address:
        raise ExecutorError(f"--executor {spec!r}: use {EXECUTOR_HELP}")
    try:
        import distributed
    except ImportError:
        raise ExecutorError(f"--executor {spec}: Dask's distributed is not installed; {CLUSTER_EXTRA}") from None
    cluster = None
    try:
        if address == "local":
            cluster = distributed.LocalCluster(
                n_workers=jobs or local_jobs,
                threads_per_worker=1,
                host="127.0.0.1",
                dashboard_address=None,
                silence_logs=40,
            )
            client = distributed.Client(cluster, timeout=CONNECT_SECONDS)
        else:
            client = distributed.Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as exc:
        if cluster is not None:
            cluster.close()
        raise ExecutorError(f"--executor {spec}: cannot reach the Dask scheduler ({exc})") from None
    try:
        workers = jobs or max(1, sum(client.nthreads().values()))
        yield _dask_map(client), workers
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _dask_map(client: Any) -> Mapper:
    def mapper(fn: Callable[[Task], list[dict]], tasks: Sequence[Task], jobs: int) -> list[list[dict]]:
        futures = client.map(fn, list(tasks), pure=False)
        return client.gather(futures)  # in the order of the tasks, whichever worker ran them

    return mapper


def simulate(
    game: str,
    rules: Any,
    players: int,
    games: int,
    seed: int,
    policy: str,
    move_cap: int,
    jobs: int = 1,
    mapper: Mapper = _serial,
) -> dict:
    """Play `games` games and summarise them: the shared metrics and the game's own measures."""
    engine = engine_for(game)
    tasks = chunks(game, rules, policy, seed, games, jobs, move_cap)
    records = [record for part in mapper(run_chunk, tasks, jobs) for record in part]
    return {
        "metrics": metrics.summarise(records, players),
        "game": engine.summarise(records, rules),
    }


def measures(engine: ModuleType, result: dict) -> dict[str, dict]:
    """The rate measures of one result, shared and the game's own, by dotted name."""
    out = metrics.rate_measures(result["metrics"])
    for name in engine.MEASURES:
        value: Any = result["game"]
        for part in name.split("."):
            value = value[part]
        out[f"game.{name}"] = value
    return out
