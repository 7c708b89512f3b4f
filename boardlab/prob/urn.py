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

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.prob.checks import whole
from boardlab.prob.dist import Dist
from boardlab.prob.limits import LIMITS, check_limit

#: A pile: counts per kind, as a sequence (kinds are 0, 1, …) or a mapping label → count.
Counts = Sequence[int] | Mapping[Any, int]


def _pile(counts: Counts, labels: Sequence[Hashable] | None = None, *,
          function: str = "urn") -> tuple[tuple[int, ...], tuple[Hashable, ...] | None]:
    """``counts`` as a tuple of ints, and the labels of its kinds (``None``: 0, 1, …),
    checked: whole counts ≥ 0, distinct hashable labels, at most ``LIMITS.pile`` items
    (and kinds)."""
    if isinstance(counts, Mapping):
        if labels is not None:
            raise ArgumentTypeError(f"{function}: labels", labels, "labels= is for a sequence "
                                    "of counts; a mapping already names its kinds")
        check_limit(function, "pile", len(counts), "kinds")
        names: tuple[Hashable, ...] | None = tuple(counts)
        values = tuple(counts.values())
    elif isinstance(counts, (str, bytes)) or not isinstance(counts, Sequence):
        raise ArgumentTypeError(f"{function}: counts", counts, "counts must be a sequence of "
                                "ints or a mapping label → count")
    else:
        check_limit(function, "pile", len(counts), "kinds")
        values = tuple(counts)
        if labels is None:
            names = None
        elif not isinstance(labels, Sequence):  # a string is a sequence of one-letter labels
            raise ArgumentTypeError(f"{function}: labels", labels, "labels must be a sequence "
                                    "with one label per kind")
        else:
            names = tuple(labels)
        if names is not None and len(names) != len(values):
            raise QuestionError(f"{function}: {len(values)} counts but {len(names)} labels")
    if names is not None:
        try:
            distinct = len(set(names))
        except TypeError:
            raise ArgumentTypeError(f"{function}: labels", names,
                                    "labels must be hashable (strings, numbers, tuples)") \
                from None
        if distinct != len(names):
            raise QuestionError(f"{function}: labels must be different from each other: "
                                f"{show_value(list(names))}")
    for i, c in enumerate(values):
        whole(c, f"count of kind {show_value(names[i]) if names is not None else i}",
              function)
    check_limit(function, "pile", sum(values))
    return values, names


def _check_k(k: Any, total: int, function: str = "urn") -> int:
    draws = whole(k, "the number of draws", function)
    if draws > total:
        raise QuestionError(f"{function}: cannot draw {show_value(draws)} items from a pile "
                            f"of {total}")
    return draws


def _capped_counts(values: Sequence[int], k: int, ordered: bool, cap: int) -> int:
    """How many outcomes ``k`` draws have (count vectors, or sequences when ``ordered``),
    counted by dynamic programming over the kinds and capped at ``cap`` + 1."""
    ways = [1] + [0] * k
    for c in values:
        new = [0] * (k + 1)
        for j in range(k + 1):
            total = 0
            for x in range(min(c, j) + 1):
                total += ways[j - x] * (comb(j, x) if ordered else 1)
            new[j] = min(total, cap + 1)
        ways = new
    return ways[k]


def _check_outcomes(function: str, values: tuple[int, ...], k: int, ordered: bool) -> None:
    """Refuse a draw with more outcomes than ``LIMITS.outcomes`` before listing them."""
    kinds = [c for c in values if c]
    m = len(kinds)
    total = sum(kinds)
    bound = min(m**k, perm(total, k)) if ordered else comb(k + m - 1, m - 1) if m else 1
    cap = LIMITS.outcomes
    if bound <= cap:
        return
    what = "sequences" if ordered else "count vectors"
    cost = m * (k + 1) * (min(max(kinds), k) + 1)
    if cost > LIMITS.work:  # too costly to count exactly: refuse on the bound
        check_limit(function, "outcomes", bound, f"{what} (at most)")
    # The bound can be far too high: count them, stopping just past the limit.
    check_limit(function, "outcomes", _capped_counts(kinds, k, ordered, cap), what,
                more_than=True)


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
    values, names = _pile(counts, labels, function="draw")
    k = _check_k(k, sum(values), "draw")
    _check_outcomes("draw", values, k, ordered=False)
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
    values, names = _pile(counts, labels, function="draw_ordered")
    total = sum(values)
    k = _check_k(k, total, "draw_ordered")
    _check_outcomes("draw_ordered", values, k, ordered=True)
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
    values, names = _pile(counts, labels, function="draw_one")
    total = sum(values)
    if not total:
        raise QuestionError("draw_one: cannot draw from an empty pile")
    return tuple((names[i] if names is not None else i, Fraction(c, total))
                 for i, c in enumerate(values) if c)


def _check_hyper(N: int, K: int, n: int, function: str) -> None:
    whole(N, "N (items in the pile)", function)
    whole(K, "K (items that count as successes)", function)
    whole(n, "n (items drawn)", function)
    check_limit(function, "pile", N)
    if K > N:
        raise QuestionError(f"{function}: K = {K} successes cannot exceed the N = {N} items")
    if n > N:
        raise QuestionError(f"{function}: cannot draw n = {n} items from N = {N}")


def hypergeometric(N: int, K: int, n: int) -> Dist[int]:
    """Successes among ``n`` draws without replacement from ``N`` items, ``K`` of them
    successes: P(k) = C(K, k) C(N − K, n − k) / C(N, n).

    >>> print(hypergeometric(7, 2, 2).P(2))   # both of two given cards among 7
    1/21
    """
    _check_hyper(N, K, n, "hypergeometric")
    return Dist({k: comb(K, k) * comb(N - K, n - k)
                 for k in range(max(0, n - (N - K)), min(n, K) + 1)})


def hypergeometric_tail(N: int, K: int, n: int, k: int) -> Fraction:
    """P(at least ``k`` successes) among ``n`` draws from ``N`` items with ``K`` successes.

    The complement rule in one call: ``hypergeometric_tail(N, K, n, 1)`` is
    1 − C(N − K, n)/C(N, n).

    >>> print(hypergeometric_tail(7, 4, 2, 1))   # 2 of 7 drawn, 4 good: at least one good
    6/7
    """
    _check_hyper(N, K, n, "hypergeometric_tail")
    k = whole(k, "k", "hypergeometric_tail", low=None)
    lo, hi = max(k, 0, n - (N - K)), min(n, K)  # below n − (N − K) a term is 0
    if lo > hi:
        return Fraction(0)
    # C(K, j) C(N − K, n − j) from one term to the next by exact integer ratios, instead
    # of two fresh binomials per term.
    term = comb(K, lo) * comb(N - K, n - lo)
    hits = 0
    for j in range(lo, hi + 1):
        hits += term
        if j < hi:
            term = term * (K - j) * (n - j) // ((j + 1) * (N - K - n + j + 1))
    return Fraction(hits, comb(N, n))


def count_arrangements(counts: Counts) -> int:
    """How many distinct orders a whole pile has: N! / (c₁! c₂! ⋯) (a multinomial).

    >>> count_arrangements({"blank": 5, "tunnel": 1, "double": 1})
    42
    """
    values, _ = _pile(counts, function="count_arrangements")
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
    values, names = _pile(counts, labels, function="arrangements")  # checked now, not later
    if names is None:
        return _orders(values)
    return (tuple(names[i] for i in order) for order in _orders(values))


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
