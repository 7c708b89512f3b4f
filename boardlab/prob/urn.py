"""Draws without replacement from counted piles: decks, bags, stacks, face-down tokens.

A pile is given by *counts*: a sequence ``(3, 1, 2)`` (3 of kind 0, 1 of kind 1, 2 of
kind 2) or a mapping ``{"threat": 3, "hidden": 1}`` (labels in the mapping's order).
Every item is equally likely to be drawn, as after a fair shuffle.

* :func:`draw` — how many of each kind ``k`` draws bring, order ignored (the
  multivariate hypergeometric distribution over sorted multisets);
* :func:`draw_ordered` — the sequence of kinds ``k`` draws bring, in order;
* :func:`draw_one` — the top card, as the pairs a game's chance node lists;
* :func:`hypergeometric` and :func:`hypergeometric_tail` — successes among ``n`` draws
  from ``N`` items of which ``K`` succeed;
* :func:`arrangements` and :func:`count_arrangements` — every distinct order of a whole
  pile (multiset permutations) and how many there are.

sympy forms of the same formulas are in :mod:`boardlab.prob.symbolic`
(:func:`~boardlab.prob.symbolic.hypergeometric_pmf`, …); the tests compare every function
here with brute force over ``itertools`` for every pile of up to 8 items.

>>> from boardlab.prob.urn import count_arrangements, draw, hypergeometric_tail
>>> count_arrangements((5, 1, 1)), count_arrangements((4, 2, 1)), count_arrangements((3, 3, 1))
(42, 105, 140)
>>> print(hypergeometric_tail(7, 3, 2, 1))   # 2 of 7 places picked: one of my 3 among them?
5/7
>>> draw({"tunnel": 2, "blank": 5}, 2).P(("tunnel", "tunnel"))
Fraction(1, 21)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import permutations
from math import comb, factorial, perm, prod
from typing import Any

from boardlab.prob.dist import Dist

#: A pile: counts per kind, as a sequence (kinds are 0, 1, …) or a mapping label → count.
Counts = Sequence[int] | Mapping[Any, int]


def _check_int(x: Any, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise TypeError(f"{what} must be a whole number, not {x!r}")
    if x < 0:
        raise ValueError(f"{what} must be ≥ 0, not {x}")
    return int(x)


def _pile(counts: Counts, labels: Sequence[Hashable] | None = None
          ) -> tuple[tuple[int, ...], tuple[Hashable, ...] | None]:
    """``counts`` as a tuple of ints, and the labels of its kinds (``None``: 0, 1, …)."""
    if isinstance(counts, Mapping):
        if labels is not None:
            raise TypeError("labels= is for a sequence of counts; a mapping already names "
                            "its kinds")
        names: tuple[Hashable, ...] | None = tuple(counts)
        values = tuple(counts.values())
    elif isinstance(counts, (str, bytes)) or not isinstance(counts, Sequence):
        raise TypeError(f"counts must be a sequence of ints or a mapping label → count, "
                        f"not {counts!r}")
    else:
        values = tuple(counts)
        names = None if labels is None else tuple(labels)
        if names is not None and len(names) != len(values):
            raise ValueError(f"{len(values)} counts but {len(names)} labels")
    if names is not None and len(set(names)) != len(names):
        raise ValueError(f"labels must be different from each other: {list(names)}")
    for i, c in enumerate(values):
        _check_int(c, f"count of kind {names[i] if names is not None else i!r}")
    return values, names


def _check_k(k: Any, total: int) -> int:
    draws = _check_int(k, "the number of draws")
    if draws > total:
        raise ValueError(f"cannot draw {draws} items from a pile of {total}")
    return draws


def _vectors(counts: tuple[int, ...], k: int) -> Iterator[tuple[int, ...]]:
    """Every count vector x with 0 ≤ x[i] ≤ counts[i] and sum(x) = k."""
    if not counts:
        if k == 0:
            yield ()
        return
    head, rest = counts[0], counts[1:]
    room = sum(rest)
    for x in range(min(head, k), max(0, k - room) - 1, -1):
        for tail in _vectors(rest, k - x):
            yield (x, *tail)


def draw(counts: Counts, k: int, *, labels: Sequence[Hashable] | None = None) -> Dist[Any]:
    """What ``k`` draws without replacement bring, order ignored.

    From a sequence of counts the outcomes are count vectors (how many of each kind);
    from a mapping (or with ``labels=``) they are sorted multisets: tuples of labels in
    the order of the kinds. P(x) = Π C(cᵢ, xᵢ) / C(N, k).

    >>> draw((3, 1), 2)
    Dist({(1, 1): Fraction(1, 2), (2, 0): Fraction(1, 2)})
    >>> print(draw({"threat": 3, "hidden": 1}, 2).P(("threat", "hidden")))
    1/2
    """
    values, names = _pile(counts, labels)
    _check_k(k, sum(values))
    weights = {x: prod(comb(c, xi) for c, xi in zip(values, x, strict=True))
               for x in _vectors(values, k)}
    if names is None:
        return Dist(weights)
    return Dist({tuple(names[i] for i, xi in enumerate(x) for _ in range(xi)): w
                 for x, w in weights.items()})


def draw_ordered(counts: Counts, k: int, *, labels: Sequence[Hashable] | None = None
                 ) -> Dist[tuple[Any, ...]]:
    """The sequence of kinds ``k`` draws without replacement bring, in the order drawn.

    Outcomes are tuples of kinds (indices, or labels for a mapping). P(s) is
    Π cᵢ!/(cᵢ − xᵢ)! over N!/(N − k)!, where xᵢ counts kind i in s: every sequence with
    the same counts is equally likely (exchangeability).

    >>> print(draw_ordered({"lair": 1, "lab": 1, "other": 5}, 2).P(("lab", "lair")))
    1/42
    """
    values, names = _pile(counts, labels)
    total = sum(values)
    _check_k(k, total)
    probs: dict[tuple[Any, ...], Fraction] = {}
    sequences = perm(total, k)
    for x in _vectors(values, k):
        # Every order of the same draw x is equally likely: Π c!/(c − x)! of the
        # N!/(N − k)! ordered draws each, so one Fraction serves them all.
        p = Fraction(prod(perm(c, xi) for c, xi in zip(values, x, strict=True)), sequences)
        if names is None:
            probs.update(dict.fromkeys(_orders(x), p))
        else:
            for order in _orders(x):
                probs[tuple(names[i] for i in order)] = p
    return Dist._trusted(probs)


def draw_one(counts: Counts, *, labels: Sequence[Hashable] | None = None
             ) -> tuple[tuple[Any, Fraction], ...]:
    """The top card of a shuffled pile: ``(kind, probability)`` pairs in the kinds' order.

    Kinds with no card are left out; the order is the pile's (not sorted), as a game's
    chance node lists its outcomes. This is the draw Mall of Horror's truck search uses
    (``rules.draw_outcomes``).

    >>> draw_one((3, 0, 0, 0, 0, 0, 1), labels=("threat", "camera", "sprint", "hardware",
    ...                                          "weapon1", "weapon2", "hidden"))
    (('threat', Fraction(3, 4)), ('hidden', Fraction(1, 4)))
    """
    values, names = _pile(counts, labels)
    total = sum(values)
    if not total:
        raise ValueError("cannot draw from an empty pile")
    return tuple((names[i] if names is not None else i, Fraction(c, total))
                 for i, c in enumerate(values) if c)


def _check_hyper(N: int, K: int, n: int) -> None:
    _check_int(N, "N (items in the pile)")
    _check_int(K, "K (items that count as successes)")
    _check_int(n, "n (items drawn)")
    if K > N:
        raise ValueError(f"K = {K} successes cannot exceed the N = {N} items")
    if n > N:
        raise ValueError(f"cannot draw n = {n} items from N = {N}")


def hypergeometric(N: int, K: int, n: int) -> Dist[int]:
    """Successes among ``n`` draws without replacement from ``N`` items, ``K`` of them
    successes: P(k) = C(K, k) C(N − K, n − k) / C(N, n).

    >>> print(hypergeometric(7, 2, 2).P(2))   # both of two given cards among 7
    1/21
    """
    _check_hyper(N, K, n)
    return Dist({k: comb(K, k) * comb(N - K, n - k)
                 for k in range(max(0, n - (N - K)), min(n, K) + 1)})


def hypergeometric_tail(N: int, K: int, n: int, k: int) -> Fraction:
    """P(at least ``k`` successes) among ``n`` draws from ``N`` items with ``K`` successes.

    The complement rule in one call: ``hypergeometric_tail(N, K, n, 1)`` is
    1 − C(N − K, n)/C(N, n).

    >>> print(hypergeometric_tail(7, 4, 2, 1))   # 2 of 7 drawn, 4 good: at least one good
    6/7
    """
    _check_hyper(N, K, n)
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"k must be a whole number, not {k!r}")
    hits = sum(comb(K, j) * comb(N - K, n - j) for j in range(max(k, 0), min(n, K) + 1))
    return Fraction(hits, comb(N, n))


def count_arrangements(counts: Counts) -> int:
    """How many distinct orders a whole pile has: N! / (c₁! c₂! ⋯) (a multinomial).

    >>> count_arrangements({"blank": 5, "tunnel": 1, "double": 1})
    42
    """
    values, _ = _pile(counts)
    return factorial(sum(values)) // prod(factorial(c) for c in values)


def arrangements(counts: Counts, *, labels: Sequence[Hashable] | None = None
                 ) -> Iterator[tuple[Any, ...]]:
    """Every distinct order of a whole pile (multiset permutations), each once.

    Orders come in lexicographic order of the kinds' positions; items are kind indices,
    or labels for a mapping. There are :func:`count_arrangements` of them, all equally
    likely after a fair shuffle (``Dist.uniform(arrangements(...))``).

    >>> list(arrangements((2, 1)))
    [(0, 0, 1), (0, 1, 0), (1, 0, 0)]
    >>> ["".join(a) for a in arrangements({"T": 1, "b": 2})]
    ['Tbb', 'bTb', 'bbT']
    """
    values, names = _pile(counts, labels)
    if names is None:
        yield from _orders(values)
        return
    for order in _orders(values):
        yield tuple(names[i] for i in order)


def _orders(counts: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every distinct order of kind indices with these counts, lexicographically."""
    items = [i for i, c in enumerate(counts) for _ in range(c)]
    if all(c <= 1 for c in counts):  # all different: itertools' own order is the same
        yield from permutations(items)
        return
    n = len(items)
    while True:
        yield tuple(items)
        # The next lexicographic permutation (Narayana): equal items never swap places,
        # so every distinct order comes exactly once.
        j = n - 2
        while j >= 0 and items[j] >= items[j + 1]:
            j -= 1
        if j < 0:
            return
        m = n - 1
        while items[m] <= items[j]:
            m -= 1
        items[j], items[m] = items[m], items[j]
        items[j + 1:] = reversed(items[j + 1:])
