"""Layouts: pure functions from models to scene pages. None of them knows PDF or SVG."""
