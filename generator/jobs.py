"""The process pool under the generator's name: it lives in pnpkit.validator.jobs, so the playtests share it.

Kept for generator/exports/run.py, which imports `ordered_map` from here; new code imports pnpkit.validator.jobs.
"""

from __future__ import annotations

from pnpkit.validator.jobs import default_jobs, ordered_map

__all__ = ["default_jobs", "ordered_map"]
