"""Fuzzing: damaged copies of the real kits, run through `pnpkit validate` and `pnpkit build` as whole processes,
keep every promise (see tests/fuzzing.py). Every kept case from a campaign is replayed.

In CI the examples are few and derandomised (the `ci` profile), so the run is short and never flakes;
`make fuzz` runs the `campaign` profile: many random examples, and each failure found is saved to
tests/fuzz_cases/ as a regression case before the test fails.
"""

from __future__ import annotations

import os

import pytest
from fuzzing import Mutation, check_promises, keep, kept_cases, mutations
from hypothesis import HealthCheck, given, settings
from hypothesis.control import current_build_context

settings.register_profile(
    "ci", max_examples=8, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
settings.register_profile(
    "campaign",
    max_examples=int(os.environ.get("PNPKIT_FUZZ_EXAMPLES", "400")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
PROFILE = os.environ.get("PNPKIT_FUZZ", "ci")
KEEP = PROFILE == "campaign"


def _checked(m: Mutation, root, build: bool) -> None:
    try:
        check_promises(m, root, build)
    except Exception:
        if KEEP and current_build_context().is_final:  # the shrunk example Hypothesis reports, not each step
            keep(m)
        raise


@pytest.mark.slow
@settings(settings.get_profile(PROFILE))
@given(m=mutations())
def test_validate_keeps_its_promises_on_damaged_kits(tmp_path_factory, m):
    _checked(m, tmp_path_factory.mktemp("fuzz"), build=False)


@pytest.mark.slow
@settings(settings.get_profile(PROFILE), max_examples=max(4, settings.get_profile(PROFILE).max_examples // 4))
@given(m=mutations())
def test_build_keeps_its_promises_on_damaged_kits(tmp_path_factory, m):
    _checked(m, tmp_path_factory.mktemp("fuzz"), build=True)


@pytest.mark.parametrize("m", kept_cases(), ids=lambda m: m.name())
def test_kept_fuzz_case(tmp_path, m):
    check_promises(m, tmp_path, build=True)
