"""Hypothesis profiles for the property tests of the core (tests/core/test_hostile.py,
tests/core/test_replay_machine.py).

``make test`` runs the ``ci`` profile: derandomized (every run draws the same examples, so
a failure reproduces), no example database written, sized to keep the core's property
tests well under a minute together. ``BOARDLAB_HYPOTHESIS=soak`` (``make soak``) runs many
more examples with fresh randomness, printing the blob that reproduces any failure. The
odds layer's hostile tests choose their own settings from the same variable
(tests/prob/hostile.py).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=30, derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "soak", max_examples=2_000, deadline=None, print_blob=True, database=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("soak" if os.environ.get("BOARDLAB_HYPOTHESIS") == "soak" else "ci")


#: The longest test files: seconds of one pytest-xdist worker in a whole run (3 December
#: 2026, the 2-core machine under load, so only their order matters). ``make test`` hands
#: the files to its workers in the order of the collection (``--no-loadscope-reorder``),
#: and the collection puts these first, longest first, then the others by their number of
#: tests (pytest-xdist's own order): a long file is not left for the end of the run while
#: the other worker has nothing to do. A file missing here only runs later.
LONG_FILES = {
    "tests/test_front_doors.py": 405, "tests/browser/test_board_layout.py": 276,
    "tests/lite/test_browser.py": 209, "tests/level7_lockdown/test_frozen_behaviour.py": 205,
    "tests/test_seat_views.py": 168, "tests/advice/test_hidden.py": 155,
    "tests/notebooks/test_student_edition.py": 142,
    "tests/mall_of_horror/test_frozen_behaviour.py": 120,
    "tests/advice/test_brute_force.py": 118, "tests/lockup_breakout/test_lb_hostile_files.py": 93,
    "tests/lockup_breakout/test_frozen_behaviour.py": 81,
    "tests/classroom/test_wire_secrets.py": 76, "tests/browser/test_lab.py": 75,
    "tests/test_hostile_sizes.py": 67, "tests/classroom/test_pages.py": 64,
    "tests/test_hostile_games.py": 57, "tests/level7_lockdown/test_l7_scenarios.py": 42,
    "tests/lite/test_without_matplotlib.py": 37, "tests/classroom/test_sigkill.py": 32,
    "tests/mall_of_horror/test_board.py": 32,
}


def _file(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test (marked ``browser``: Chromium, a server, a kernel) is also ``slow``,
    so ``make check`` (``-m "not slow"``) leaves it to ``make test`` without each new
    browser test file having to say so. Runs before ``-m`` deselects. Then the files are
    put in the order the workers should take them (:data:`LONG_FILES`); the tests of a
    file keep their order."""
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.slow)
    tests = Counter(_file(item) for item in items)
    items.sort(key=lambda item: (-LONG_FILES.get(_file(item), 0), -tests[_file(item)]))
