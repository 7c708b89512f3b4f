"""Exact draws from shuffled piles, by counts (lazy and exchangeable).

A pile is a tuple of counts per card kind. Drawing ``k`` cards without looking at their
order gives a sorted multiset with the multivariate hypergeometric probability
``∏ C(n_i, k_i) / C(N, k)``; the tunnel layout is one uniform multiset arrangement.
These small functions stand in for ``boardlab.prob.urn`` (being written in parallel);
they keep the same meaning so that swapping them is a one-line change per call.

>>> [(cards, str(p)) for cards, p in draw_many((2, 1), 2)]
[((0, 0), '1/3'), ((0, 1), '2/3')]
>>> len(arrangements((3, 3, 1))), count_arrangements((4, 2, 1)), count_arrangements((5, 1, 1))
(140, 105, 42)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb, factorial


@cache
def draw_one(counts: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """The kind of the top card of a shuffled pile: ``(index, probability)`` pairs.

    >>> draw_one((3, 0, 1))
    ((0, Fraction(3, 4)), (2, Fraction(1, 4)))
    """
    total = sum(counts)
    if total <= 0:
        raise ValueError("cannot draw from an empty pile")
    return tuple((i, Fraction(n, total)) for i, n in enumerate(counts) if n)


@cache
def draw_many(counts: tuple[int, ...], k: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """``k`` cards from a shuffled pile as sorted kind indices, with exact chances.

    >>> sum(p for _, p in draw_many((6, 6, 6, 6, 6), 5))
    Fraction(1, 1)
    """
    total = sum(counts)
    if not 0 <= k <= total:
        raise ValueError(f"cannot draw {k} cards from a pile of {total}")
    den = comb(total, k)
    out: list[tuple[tuple[int, ...], Fraction]] = []

    def walk(i: int, left: int, chosen: tuple[int, ...], ways: int) -> None:
        if left == 0:
            out.append((chosen, Fraction(ways, den)))
            return
        if i == len(counts):
            return
        for take in range(min(left, counts[i]), -1, -1):
            walk(i + 1, left - take, chosen + (i,) * take, ways * comb(counts[i], take))

    walk(0, k, (), 1)
    out.sort()
    return tuple(out)


def count_arrangements(counts: tuple[int, ...]) -> int:
    """Distinct orders of a multiset: ``n! / ∏ n_i!`` (42, 105, 140 for the tunnel sets)."""
    ways = factorial(sum(counts))
    for n in counts:
        ways //= factorial(n)
    return ways


@cache
def arrangements(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct order of a multiset of kind indices, in lexicographic order.

    >>> arrangements((1, 2))
    ((0, 1, 1), (1, 0, 1), (1, 1, 0))
    """
    out: list[tuple[int, ...]] = []
    left = list(counts)
    n = sum(counts)

    def walk(prefix: tuple[int, ...]) -> None:
        if len(prefix) == n:
            out.append(prefix)
            return
        for i, c in enumerate(left):
            if c:
                left[i] -= 1
                walk(prefix + (i,))
                left[i] += 1

    walk(())
    return tuple(out)
