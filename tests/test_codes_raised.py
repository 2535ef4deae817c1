"""Every finding code is raised by some test: each is named in a test's expectations (a bad case's Want, an
assertion, or an as-written fixture's EXPECTED), so a code no test can produce is noticed when it is added."""

from __future__ import annotations

from conftest import REPO


def _all_codes() -> set[str]:
    from pnpkit.validator import codes
    from pnpkit.validator.games import GAMES

    for tag in GAMES:
        GAMES[tag]  # importing a game registers its codes
    return set(codes.CODES)


def _test_text() -> str:
    tests = REPO / "tests"
    files = [*tests.glob("*.py"), *tests.glob("fixtures/as-written/*/EXPECTED")]
    return "\n".join(path.read_text(encoding="utf-8") for path in files if path.name != "test_codes_raised.py")


def test_every_code_is_expected_by_some_test():
    text = _test_text()
    unexpected = sorted(code for code in _all_codes() if f'"{code}"' not in text and code not in text.split())
    assert unexpected == []


def test_the_check_can_fail():
    assert "PK999" not in _all_codes() and '"PK999"' not in _test_text()
