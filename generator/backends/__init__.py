"""Backends translate a scene Document into a file format; they hold no layout logic."""
