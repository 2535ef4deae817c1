"""Where the games run does not change what they show: the same seed gives the same JSON with one process,
two, or a Dask cluster on localhost; and a cluster executor without Dask installed is a usage error."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest
from conftest import KITS, cli

from pnpkit.validator.kit import load_kit
from pnpkit.validator.playtest import element_shift as es
from pnpkit.validator.playtest import readings, runner

KIT = KITS["element-shift"]
ARGS = ("simulate", KIT, "--games", "60", "--players", "3", "--seed", "7", "--format", "json")
HAS_DASK = importlib.util.find_spec("distributed") is not None


def _json(*extra: str) -> dict:
    result = cli(*ARGS, *extra)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _rules() -> es.Rules:
    kit = load_kit(KIT).model
    return es.prepare(kit, 3, readings.for_kit(es.READINGS, kit).resolve({}))  # type: ignore[arg-type]


def test_jobs_do_not_change_the_report():
    one, two = _json("--jobs", "1"), _json("--jobs", "2")
    assert one == two
    assert one["runs"][0]["metrics"]["games"] == 60


def test_chunking_does_not_change_the_records():
    """However the games are cut into chunks, game i plays from the same seed: the same summary."""
    rules = _rules()
    results = [runner.simulate("element-shift", rules, 3, 37, 5, "random", 2000, jobs) for jobs in (1, 3, 10)]
    assert results[0] == results[1] == results[2]
    assert len(runner.chunks("element-shift", rules, "random", 5, 37, 10, 2000)) == 37  # one game a chunk


def test_an_unknown_executor_is_a_usage_error():
    result = cli(*ARGS, "--executor", "slurm:here")
    assert result.returncode == 2
    assert "dask:ADDRESS" in result.stderr


def test_dask_without_distributed_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed: importing it fails
    result = cli(*ARGS, "--executor", "dask:local")
    assert result.returncode == 2
    assert "pnpkit[cluster]" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.fixture(scope="module")
def local_cluster():
    """A one-worker, in-process Dask cluster listening on 127.0.0.1 only."""
    if not HAS_DASK:
        pytest.skip("distributed is not installed (pip install 'pnpkit[cluster]')")
    import distributed

    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
    )
    try:
        yield cluster
    finally:
        cluster.close(timeout=30)


def test_a_dask_cluster_gives_the_same_json_as_local(local_cluster):
    address = local_cluster.scheduler_address
    assert address.startswith("tcp://127.0.0.1:")
    local = _json("--jobs", "2")
    on_cluster = _json("--executor", f"dask:{address}")
    assert on_cluster == local
    assert on_cluster["runs"][0]["metrics"]["games"] == 60


def test_the_dask_map_keeps_the_order_of_the_tasks(local_cluster):
    rules = _rules()
    with runner.executor(f"dask:{local_cluster.scheduler_address}", 4, runner._serial, 1) as (mapper, jobs):
        assert jobs == 4
        on_cluster = runner.simulate("element-shift", rules, 3, 30, 9, "random", 2000, jobs, mapper)
    assert on_cluster == runner.simulate("element-shift", rules, 3, 30, 9, "random", 2000, 1)


def test_an_unreachable_scheduler_is_a_usage_error(monkeypatch):
    if not HAS_DASK:
        pytest.skip("distributed is not installed")
    monkeypatch.setattr(runner, "CONNECT_SECONDS", 2)
    result = cli(*ARGS, "--executor", "dask:tcp://127.0.0.1:9")  # the discard port: nothing listens
    assert result.returncode == 2
    assert "cannot reach the Dask scheduler" in result.stderr
