"""The order in which make test's workers take the test files (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import LONG_FILES

ROOT = Path(__file__).resolve().parent.parent


def test_every_long_file_named_for_the_workers_exists() -> None:
    # A renamed or removed file would silently fall back to the end of the run.
    missing = [name for name in LONG_FILES if not (ROOT / name).is_file()]
    assert missing == []


def test_the_long_files_are_collected_first_longest_first(request: pytest.FixtureRequest) -> None:
    files = list(dict.fromkeys(item.nodeid.split("::", 1)[0]
                               for item in request.session.items))
    long = [name for name in files if name in LONG_FILES]  # those of this run
    assert files[:len(long)] == sorted(long, key=lambda name: -LONG_FILES[name])
