"""Brute force for the boardlab.prob tests: count every ordered roll."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product
from typing import Any


def brute(n: int, value: Callable[[tuple[int, ...]], Any], faces: int = 6
          ) -> dict[Any, Fraction]:
    """Distribution of ``value(roll)`` over all faces**n ordered rolls, by counting."""
    counts: dict[Any, int] = {}
    for roll in product(range(1, faces + 1), repeat=n):
        v = value(roll)
        counts[v] = counts.get(v, 0) + 1
    return {v: Fraction(c, faces**n) for v, c in counts.items()}
