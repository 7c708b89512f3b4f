"""Exact draws from shuffled piles, by counts (lazy and exchangeable), for chance nodes.

A pile is a tuple of counts per card kind. Drawing ``k`` cards without looking at their
order gives a sorted multiset with the multivariate hypergeometric probability
``∏ C(n_i, k_i) / C(N, k)``; the tunnel layout is one uniform multiset arrangement. The
reference arithmetic is :mod:`boardlab.prob.urn`'s (:func:`draw_many` imports it when
called; ``boardlab.prob`` is not needed to play). The engine's tables come from
:class:`~boardlab.core.piles.Pile`: integer weights ``∏ C(n_i, k_i)`` over shared
parts, the very tables the Fractions give (tests compare them) — kind indices, sorted,
as cached
:class:`~boardlab.core.engine.OutcomeTable`\\ s that sample in one ``randrange``.

>>> [(cards, str(p)) for cards, p in draw_many((2, 1), 2)]
[((0, 0), '1/3'), ((0, 1), '2/3')]
>>> len(arrangements((3, 3, 1))), count_arrangements((4, 2, 1)), count_arrangements((5, 1, 1))
(140, 105, 42)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

from boardlab.core.engine import OutcomeTable
from boardlab.core.piles import Pile


@lru_cache(maxsize=4096)
def draw_one(counts: tuple[int, ...]) -> OutcomeTable:
    """The kind of the top card of a shuffled pile: ``(index, probability)`` pairs.

    >>> tuple(draw_one((3, 0, 1)))
    ((0, Fraction(3, 4)), (2, Fraction(1, 4)))
    """
    if sum(counts) <= 0:
        raise ValueError("cannot draw from an empty pile")
    return OutcomeTable.from_counts((i, n) for i, n in enumerate(counts) if n)


@lru_cache(maxsize=4096)
def draw_many(counts: tuple[int, ...], k: int) -> OutcomeTable:
    """``k`` cards from a shuffled pile as sorted kind indices, with exact chances.

    >>> sum(p for _, p in draw_many((6, 6, 6, 6, 6), 5))
    Fraction(1, 1)
    """
    total = sum(counts)
    if not 0 <= k <= total:
        raise ValueError(f"cannot draw {k} cards from a pile of {total}")
    if max(counts, default=0) <= 1:
        # One copy of each kind (the item deck): every k-subset is equally likely, the
        # hypergeometric product being 1 / C(N, k) for each. Combinations of the sorted
        # kinds come in the order the general path sorts them into.
        return OutcomeTable.from_counts(
            (cards, 1) for cards in combinations([i for i, n in enumerate(counts) if n], k))
    from boardlab.prob.urn import draw

    pairs = sorted((tuple(i for i, xi in enumerate(x) for _ in range(xi)), p)
                   for x, p in draw(counts, k).items())
    return OutcomeTable(pairs)


def draw_weights(counts: tuple[int, ...], k: int) -> list[tuple[tuple[int, ...], int]]:
    """:func:`draw_many` as integer weights: ``(sorted kind indices, ∏ C(nᵢ, xᵢ))`` in the
    same order (the probabilities are the weights over ``C(N, k)``).

    >>> draw_weights((2, 1), 2)
    [((0, 0), 1), ((0, 1), 2)]
    >>> [(c, str(p)) for c, p in draw_many((3, 0, 2), 2)] == [
    ...     (c, str(Fraction(w, 10))) for c, w in draw_weights((3, 0, 2), 2)]
    True
    """
    total = sum(counts)
    if not 0 <= k <= total:
        raise ValueError(f"cannot draw {k} cards from a pile of {total}")
    kinds = [i for i, n in enumerate(counts) if n]
    if max(counts, default=0) <= 1:
        return [(cards, 1) for cards in combinations(kinds, k)]
    out = []
    # Sorted multisets come out of combinations_with_replacement in lexicographic order,
    # the order draw_many sorts its outcomes into; those needing more copies of a kind
    # than the pile holds are dropped.
    for cards in combinations_with_replacement(kinds, k):
        w = 1
        j = 0
        while j < k:
            kind = cards[j]
            run = 1
            while j + run < k and cards[j + run] == kind:
                run += 1
            n = counts[kind]
            if run > n:
                w = 0
                break
            w *= comb(n, run)
            j += run
        if w:
            out.append((cards, w))
    return out


def count_arrangements(counts: tuple[int, ...]) -> int:
    """Distinct orders of a multiset: ``n! / ∏ n_i!`` (42, 105, 140 for the tunnel sets)."""
    from boardlab.prob.urn import count_arrangements as count

    return count(counts)


@lru_cache(maxsize=64)
def arrangements(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct order of a multiset of kind indices, in lexicographic order: the
    orders of :func:`boardlab.prob.urn.arrangements`, in its order (a test compares them),
    without importing :mod:`boardlab.prob` (the tunnel layout is every match's first
    chance node).

    >>> arrangements((1, 2))
    ((0, 1, 1), (1, 0, 1), (1, 1, 0))
    """
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts):
        raise ValueError(f"counts must be whole numbers of at least 0, got {counts!r}")
    items = [i for i, c in enumerate(counts) for _ in range(c)]
    n = len(items)
    out = []
    while True:
        out.append(tuple(items))
        # The next lexicographic permutation (Narayana): equal items never swap places,
        # so every distinct order comes exactly once.
        j = n - 2
        while j >= 0 and items[j] >= items[j + 1]:
            j -= 1
        if j < 0:
            return tuple(out)
        m = n - 1
        while items[m] <= items[j]:
            m -= 1
        items[j], items[m] = items[m], items[j]
        items[j + 1:] = reversed(items[j + 1:])


def uniform(outcomes: tuple[object, ...]) -> OutcomeTable:
    """Equally likely outcomes (a whole arrangement of a pile, one per layout)."""
    p = Fraction(1, len(outcomes))
    return OutcomeTable((o, p) for o in outcomes)


__all__ = ["Pile", "arrangements", "count_arrangements", "draw_many", "draw_one",
           "draw_weights", "uniform"]
