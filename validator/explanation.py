"""One finding code explained, for `pnpkit codes CODE` (validator.explanations holds them all)."""

from __future__ import annotations

from typing import NamedTuple


class Explanation(NamedTuple):
    why: str
    """Why the finding is a problem: what would go wrong in print or at the table."""
    bad: str
    """A few lines that raise it."""
    fix: str
    """How to put it right."""
