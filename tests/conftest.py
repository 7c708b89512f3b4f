"""Hypothesis profiles for the property tests of the core (tests/core/test_hostile.py,
tests/core/test_replay_machine.py).

``make test`` runs the ``ci`` profile: derandomized (every run draws the same examples, so
a failure reproduces), no example database written, sized to keep the core's property
tests well under a minute together. ``make check`` sets ``BOARDLAB_HYPOTHESIS=check``:
the same, with a third of the examples (the inner loop; make test and CI draw them all).
``BOARDLAB_HYPOTHESIS=soak`` (``make soak``) runs many more examples with fresh
randomness, printing the blob that reproduces any failure. The odds layer's hostile tests
choose their own settings from the same variable (tests/prob/hostile.py).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from tests.prob.hostile import PROFILE, QUICK_SHARE

settings.register_profile(
    "ci", max_examples=30, derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "soak", max_examples=2_000, deadline=None, print_blob=True, database=None,
    suppress_health_check=[HealthCheck.too_slow])
# make check's share of the ci profile's examples: the one rule of tests/prob/hostile.py.
settings.register_profile(
    "check", max_examples=max(5, 30 // QUICK_SHARE), derandomize=True, database=None,
    deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(PROFILE if PROFILE in ("soak", "check") else "ci")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test (marked ``browser``: Chromium, a server, a kernel) is also ``slow``,
    so ``make check`` (``-m "not slow"``) leaves it to ``make test`` without each new
    browser test file having to say so. Runs before ``-m`` deselects."""
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.slow)
