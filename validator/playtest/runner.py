"""Play many games: each from its own seed, in chunks any pool can run, merged in game order.

Game i of a run with seed S plays from `random.Random(f"{S}:{i}")` (a string seed is
hashed the same way in every process), so the records, and everything summarised
from them, are the same whatever the chunking or the number of workers.

`plan` and `report` are the playtest of a loaded kit as a library call: `pnpkit simulate` prints the report,
`pnpkit build --playtest` draws it on the kit book's last page; both load the kit once and build no parser.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import ENGINES, metrics
from . import engine as engine_for
from .policies import POLICIES

if TYPE_CHECKING:
    from ..findings import Location
    from ..kit import LoadedKit
    from .contract import Engine
    from .readings import KitReadings

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


def play_game(engine: Engine, rules: Any, policy: str, rng: random.Random, move_cap: int) -> dict:
    """One game from setup to its end, or to `move_cap` decisions (then a timeout)."""
    choose: Callable[..., Any] = POLICIES[policy]  # policies.Policy still names the engine a module
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


def measures(engine: Engine, result: dict) -> dict[str, dict]:
    """The rate measures of one result, shared and the game's own, by dotted name."""
    out = metrics.rate_measures(result["metrics"])
    for name in engine.MEASURES:
        value: Any = result["game"]
        for part in name.split("."):
            value = value[part]
        out[f"game.{name}"] = value
    return out


# ---------------------------------------------------------------- a kit's playtest

DEFAULT_SEED = 1
DEFAULT_POLICY = "random"


class PlaytestError(ValueError):
    """A playtest that cannot be played: the kit's game has no engine."""


def game_engine(game: str) -> Engine:
    """The engine that plays `game`; PlaytestError, naming the games that have one, when there is none."""
    if game not in ENGINES:
        raise PlaytestError(f"{game} has no playtest engine yet; games that have one: {', '.join(sorted(ENGINES))}")
    return engine_for(game)


@dataclass(frozen=True)
class Plan:
    """A playtest checked before any game is played: the readings to play and the first one's rules, so a
    caller can refuse its own options (a move cap, a report's file name) before the games cost anything."""

    loaded: LoadedKit
    engine: Engine
    players: int
    kit_readings: KitReadings
    choices: list[dict[str, str]]
    """The readings each run plays: the kit's defaults with the fixed ones, or every combination."""
    first_rules: Any
    default_move_cap: int


def plan(
    loaded: LoadedKit,
    players: int | None = None,
    fixed: Sequence[str] = (),
    all_readings: bool = False,
) -> Plan:
    """The playtest of a loaded kit without errors at `players` (default: its most), with the `fixed` readings
    (`ID=CHOICE` texts) and the rest the kit's defaults, or every combination of the rest.

    PlaytestError for a game with no engine, readings.ReadingError for a reading the kit does not have."""
    from . import readings

    kit: Any = loaded.model
    module = game_engine(kit.game)
    players = kit.players.max if players is None else players
    kit_readings = readings.for_kit(module.READINGS, kit)
    chosen = dict(kit_readings.parse(text) for text in fixed)
    choices = kit_readings.combinations(chosen) if all_readings else [kit_readings.resolve(chosen)]
    first_rules = module.prepare(kit, players, choices[0])
    return Plan(loaded, module, players, kit_readings, choices, first_rules, module.default_move_cap(first_rules))


def report(
    planned: Plan,
    games: int,
    seed: int = DEFAULT_SEED,
    policy: str = DEFAULT_POLICY,
    move_cap: int | None = None,
    jobs: int = 1,
    mapper: Mapper = _serial,
) -> dict:
    """Play the plan's runs and return the report `pnpkit simulate --format json` prints: the settings, each
    reading as the kit declares it, each run's results and, for several runs, the measures that moved."""
    loaded, module = planned.loaded, planned.engine
    kit: Any = loaded.model
    cap = planned.default_move_cap if move_cap is None else move_cap
    runs = []
    for choices in planned.choices:
        rules = planned.first_rules if choices == planned.choices[0] else module.prepare(kit, planned.players, choices)
        result = simulate(kit.game, rules, planned.players, games, seed, policy, cap, jobs, mapper)
        runs.append({"readings": choices, **result})
    locate = loaded.source.locate
    found: dict[str, Any] = {
        "kit": kit.id,
        "game": kit.game,
        "players": planned.players,
        "games": games,
        "seed": seed,
        "policy": policy,
        "move_cap": cap,
        "readings": {rid: _reading(rid, r, planned.kit_readings, locate) for rid, r in module.READINGS.items()},
        "reading_problems": [f"{locate(p.path)}: {p.message}" for p in planned.kit_readings.problems],
        "runs": runs,
    }
    if len(runs) > 1:
        base = measures(module, runs[0])
        found["comparison"] = [
            {
                "readings": {k: v for k, v in run["readings"].items() if v != runs[0]["readings"][k]},
                "moved": metrics.moved(base, measures(module, run)),
            }
            for run in runs[1:]
        ]
    return found


def playtest(loaded: LoadedKit, games: int, jobs: int = 1, mapper: Mapper = _serial) -> dict:
    """`report` at the kit's defaults (most players, seed 1, random play, the kit's readings)."""
    return report(plan(loaded), games, jobs=jobs, mapper=mapper)


def _reading(rid: str, engine_reading: Any, kit_readings: KitReadings, locate: Callable[[tuple], Location]) -> dict:
    """One engine reading as the report shows it: whether the kit declares it (and where), its choices and the
    default played."""
    declared = kit_readings.declared.get(rid)
    playable = kit_readings.playable.get(rid)
    shown = playable or engine_reading
    return {
        "question": shown.question,
        "choices": {c: m for c, m in zip(shown.choices, shown.meaning, strict=True)},
        "default": kit_readings.defaults[rid],
        "declared": str(locate(declared.path)) if declared is not None and playable is not None else None,
        "names": {c.id: c.name.model_dump(exclude_none=True) for c in declared.reading.choices}
        if declared is not None
        else {},
    }
