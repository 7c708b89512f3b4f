"""The odds checklists: each public odds function names the test that checks it exactly
(brute force or an independent computation) and the test that checks it against the
engine (a seeded simulation at 4σ, or the engine's own choices or counts).

>>> missing_tests({"f": (("test_a",), ("test_b",))}, {"test_a": print})
['f: no test named test_b']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Function name → (its exact tests, its engine tests).
Checks = Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]


def missing_tests(checks: Checks, namespace: Mapping[str, Any]) -> list[str]:
    """What the checklist ``checks`` lacks in a test module's ``namespace`` (its
    ``globals()``): a function without both kinds of test, or a test name not defined."""
    tests = {name for name, value in namespace.items()
             if name.startswith("test_") and callable(value)}
    problems = []
    for name, (exact, engine) in checks.items():
        if not exact or not engine:
            problems.append(f"{name}: needs an exact test and an engine test")
        missing = [t for t in (*exact, *engine) if t not in tests]
        if missing:
            problems.append(f"{name}: no test named {', '.join(missing)}")
    return problems
