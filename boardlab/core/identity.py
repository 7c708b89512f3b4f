"""Identity caches of the soundness checks: "these are the very objects that passed".

The games' states are immutable and share most of their fields from one step to the
next, so a check whose inputs are the very objects (``is``, not ``==``) it last found
sound need not run again. The caller keeps the last key it found sound (a strong
reference, so that no id is reused while it is remembered).

>>> a, b = (1, 2), (3,)
>>> same_objects((a, b), (a, b)), same_objects((a, b), ((1, 2), b)), same_objects(None, (a,))
(True, False, False)
"""

from __future__ import annotations

from typing import Any

__all__ = ["same_objects"]


def same_objects(last: tuple[Any, ...] | None, key: tuple[Any, ...]) -> bool:
    """Whether ``key`` holds the very objects of ``last``, in order (a plain loop: it
    runs for every check after every step of a soak)."""
    if last is None or len(last) != len(key):
        return False
    for a, b in zip(last, key):  # noqa: B905, SIM110 - equal lengths; no generator: faster
        if a is not b:
            return False
    return True
