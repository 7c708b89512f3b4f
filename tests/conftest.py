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

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=30, derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "soak", max_examples=2_000, deadline=None, print_blob=True, database=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("soak" if os.environ.get("BOARDLAB_HYPOTHESIS") == "soak" else "ci")
