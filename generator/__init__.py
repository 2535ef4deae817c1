"""pnpkit's generator: layouts build a backend-free scene; thin backends draw it as PDF or SVG."""

from pnpkit.validator import __version__

__all__ = ["__version__"]
