"""The odds checklists: each public odds function names the test that checks it exactly
(brute force or an independent computation) and the test that checks it against the
engine (a seeded simulation at 4σ, or the engine's own choices or counts).

>>> missing_tests({"f": (("test_a",), ("test_b",))}, {"test_a": print})
['f: no test named test_b']
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from types import ModuleType
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


def public_functions(odds: ModuleType) -> set[str]:
    """The public functions defined in an odds module or package: in the module itself,
    or in any module of the package (an odds package split by topic re-exports them).

    >>> import boardlab.prob.checks as checks
    >>> "flag" in public_functions(checks)
    True
    """
    modules = [odds]
    if hasattr(odds, "__path__"):
        modules += [importlib.import_module(f"{odds.__name__}.{info.name}")
                    for info in pkgutil.iter_modules(odds.__path__)]
    return {name for module in modules for name, f in vars(module).items()
            if callable(f) and not name.startswith("_") and not isinstance(f, type)
            and getattr(f, "__module__", "") == module.__name__}
