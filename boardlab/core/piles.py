"""A pile's chance tables built from shared parts: exact, and cheap to make.

A pile of named cards is a tuple of counts per kind. :class:`Pile` gives the table of
its top card and of ``k`` cards drawn at once as
:class:`~boardlab.core.engine.OutcomeTable`\\ s: the very tables
:meth:`~boardlab.core.engine.OutcomeTable.from_counts` builds from the same outcomes
and weights, assembled from parts shared across piles (one ``(outcome, probability)``
pair per kind, count and pile size, one cumulative table per size of a uniform table, a
skeleton of multisets per kinds present and ``k``). A game whose chance nodes draw from
piles that change every draw (a deck dealt card by card) gets its tables for a few
C-level passes instead of Fraction arithmetic (docs/engine-patterns.md, "Chance tables
from shared parts"); Lockup: Breakout and Level 7 use it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, combinations, combinations_with_replacement, compress, repeat
from math import comb, gcd
from typing import Any

from boardlab.core.engine import OutcomeTable

__all__ = ["Pile"]


class Pile:
    """The chance tables of one pile of named cards, cached per counts.

    ``one(counts)`` is the top card (``draw(name)`` per kind, weighted by its count) and
    ``many(counts, k)`` the ``k`` cards drawn at once (``draw_set(sorted names)`` per
    multiset, weighted ``∏ C(nᵢ, xᵢ)``): the very tables :meth:`OutcomeTable.from_counts`
    builds from those outcomes and weights — same outcomes, same order, same
    probabilities, same sampling table — without its per-outcome checks. The parts are
    shared: one ``(outcome, probability)`` pair per kind, count and pile size, one outcome
    per drawn set, one probability per weight and total, one cumulative table per size of
    a uniform table; a multi-card table's weights come from a per-(kinds, k) skeleton of
    the multisets, so a new pile costs a few C-level passes. Both caches are bounded.

    >>> pile = Pile(("b", "a"), str.upper, "+".join)
    >>> pile.one((3, 1)) == OutcomeTable.from_counts([("B", 3), ("A", 1)])
    True
    >>> t = pile.many((2, 1), 2)
    >>> [(o, str(p)) for o, p in t], t.denominator, t.cumulative
    ([('b+b', '1/3'), ('a+b', '2/3')], 3, (1, 3))
    """

    __slots__ = ("names", "draw", "draw_set", "_one", "_many", "_pairs", "_units", "_sets",
                 "_outs")

    #: Tables kept per pile before a cache is emptied: top-card tables are a few hundred
    #: bytes (their pairs are shared), multi-card tables a few KB.
    ONE_LIMIT = 16384
    LIMIT = 4096

    def __init__(self, names: tuple[str, ...], draw: Callable[[str], Any],
                 draw_set: Callable[[tuple[str, ...]], Any]) -> None:
        self.names = names
        self.draw = draw
        self.draw_set = draw_set
        self._one: dict[tuple[int, ...], OutcomeTable] = {}
        self._many: dict[tuple[tuple[int, ...], int], OutcomeTable] = {}
        #: pile size → per kind, per count: the shared (outcome, count / size) pair
        self._pairs: dict[int, list[list[tuple[Any, Fraction]]]] = {}
        #: pile size → per kind: the shared (outcome, 1 / size) pair (single copies)
        self._units: dict[int, list[tuple[Any, Fraction]]] = {}
        self._sets = _Sets(self)
        #: (kinds present, k) → the outcomes of every multiset, in the skeleton's order
        self._outs: dict[tuple[tuple[int, ...], int], tuple[Any, ...]] = {}

    def one(self, counts: tuple[int, ...]) -> OutcomeTable:
        """The top card of the pile (cached per counts)."""
        table = self._one.get(counts)
        if table is None:
            table = self._build_one(counts)
        return table

    def many(self, counts: tuple[int, ...], k: int) -> OutcomeTable:
        """``k`` cards drawn at once, as sorted name sets (cached per counts and ``k``)."""
        table = self._many.get((counts, k))
        if table is None:
            table = self._build_many(counts, k)
        return table

    def _build_one(self, counts: tuple[int, ...]) -> OutcomeTable:
        total = sum(counts)
        if total <= 0:
            raise ValueError("cannot draw from an empty pile")
        if min(counts) < 0:
            raise ValueError(f"outcome counts must be positive integers, got {min(counts)!r}")
        if max(counts) == 1:     # single copies (a deck of distinct cards): uniform
            units = self._units.get(total)
            if units is None:
                p = Fraction(1, total)
                units = self._units[total] = [(self.draw(name), p) for name in self.names]
            table = _table(list(compress(units, counts)), total, _steps(total))
        else:
            table = self._build_weighted(counts, total)
        if len(self._one) >= self.ONE_LIMIT:
            self._one.clear()
        self._one[counts] = table
        return table

    def _build_weighted(self, counts: tuple[int, ...], total: int) -> OutcomeTable:
        """The top card of a pile with several copies of some kind."""
        rows = self._pairs.get(total)
        if rows is None:
            rows = self._pairs[total] = [[] for _ in self.names]
        pairs, cumulative, acc = [], [], 0
        g = gcd(*counts)
        for i, n in enumerate(counts):
            if n:
                row = rows[i]
                if len(row) <= n:
                    draw = self.draw(self.names[i])
                    row.extend((draw, Fraction(m, total)) for m in range(len(row), n + 1))
                pairs.append(row[n])
                acc += n // g
                cumulative.append(acc)
        return _table(pairs, total // g, tuple(cumulative))

    def _build_many(self, counts: tuple[int, ...], k: int) -> OutcomeTable:
        total = sum(counts)
        if not 0 <= k <= total:
            raise ValueError(f"cannot draw {k} cards from a pile of {total}")
        if min(counts, default=0) < 0:
            raise ValueError(f"cannot draw from a pile with a negative count: {counts!r}")
        kinds = [i for i, n in enumerate(counts) if n]
        sets = self._sets
        if max(counts, default=0) <= 1:
            # Single copies (the item deck): every k-subset is equally likely, in the order
            # combinations of the sorted kinds come in (draw_weights' order, weights 1).
            outs = list(map(sets.__getitem__, combinations(kinds, k)))
            size = len(outs)
            table = _table(list(zip(outs, repeat(_probabilities(size)[1]))), size,
                           _steps(size))
        else:
            weights = _weights(kinds, counts, k)
            nonzero = list(filter(None, weights))
            whole = sum(nonzero)
            g = gcd(*nonzero)
            table = _table(
                list(zip(compress(self._multisets(kinds, k), weights),
                         map(_probabilities(whole).__getitem__, nonzero), strict=True)),
                whole // g,
                tuple(accumulate(nonzero if g == 1 else [w // g for w in nonzero])))
        if len(self._many) >= self.LIMIT:
            self._many.clear()
        self._many[(counts, k)] = table
        return table


    def _multisets(self, kinds: list[int], k: int) -> tuple[Any, ...]:
        """The outcome of every multiset of ``k`` of ``kinds``, in :func:`_weights`' order
        (those the pile cannot hold included: their weight is 0); cached per kinds and
        ``k``, since piles with the same kinds present share them."""
        key = (tuple(kinds), k)
        outs = self._outs.get(key)
        if outs is None:
            if len(self._outs) >= self.LIMIT:
                self._outs.clear()
            # combinations_with_replacement of the sorted kinds: the multisets in
            # draw_weights' (lexicographic) order.
            outs = self._outs[key] = tuple(
                map(self._sets.__getitem__, combinations_with_replacement(kinds, k)))
        return outs


class _Sets(dict[tuple[int, ...], Any]):
    """A pile's drawn sets (sorted kind indices) → their shared outcome, made when first
    drawn (bounded: the sets of one pile are few)."""

    __slots__ = ("pile",)

    def __init__(self, pile: Pile) -> None:
        super().__init__()
        self.pile = pile

    def __missing__(self, cards: tuple[int, ...]) -> Any:
        if len(self) > 65536:
            self.clear()
        names = self.pile.names
        outcome = self[cards] = self.pile.draw_set(tuple(sorted([names[i] for i in cards])))
        return outcome


class _Probabilities(dict[int, Fraction]):
    """Weight → ``Fraction(weight, total)`` for one total, made when first asked."""

    __slots__ = ("total",)

    def __init__(self, total: int) -> None:
        super().__init__()
        self.total = total

    def __missing__(self, weight: int) -> Fraction:
        if len(self) > 16384:
            self.clear()
        p = self[weight] = Fraction(weight, self.total)
        return p


_PROBABILITIES: dict[int, _Probabilities] = {}


def _probabilities(total: int) -> _Probabilities:
    probs = _PROBABILITIES.get(total)
    if probs is None:
        if len(_PROBABILITIES) > 4096:
            _PROBABILITIES.clear()
        probs = _PROBABILITIES[total] = _Probabilities(total)
    return probs


@lru_cache(maxsize=256)
def _steps(size: int) -> tuple[int, ...]:
    """The cumulative weights ``1, 2, …, size`` of a uniform table (shared)."""
    return tuple(range(1, size + 1))


def _table(pairs: list[tuple[Any, Fraction]], denominator: int,
           cumulative: tuple[int, ...]) -> OutcomeTable:
    """An :class:`OutcomeTable` from its parts, as ``from_counts`` leaves it (the reduced
    weights' cumulative sums over their sum)."""
    table = tuple.__new__(OutcomeTable, pairs)
    object.__setattr__(table, "denominator", denominator)
    object.__setattr__(table, "cumulative", cumulative)
    return table


def _weights(kinds: list[int], counts: tuple[int, ...], k: int) -> list[int]:
    """``∏ C(nᵢ, xᵢ)`` of every multiset of ``k`` of ``kinds`` in lexicographic order (0 for
    those needing more copies of a kind than the pile holds: ``C(n, x) = 0`` for x > n).

    >>> _weights([0, 2], (3, 0, 2), 2)
    [3, 6, 1]
    """
    factors: list[int] = []
    for i in kinds:
        factors.extend(_comb_row(counts[i], k))
    arity, skeleton = _skeleton(len(kinds), k)
    f = factors
    if arity == 1:
        return [f[a] for (a,) in skeleton]
    if arity == 2:
        return [f[a] * f[b] for a, b in skeleton]
    if arity == 3:
        return [f[a] * f[b] * f[c] for a, b, c in skeleton]
    if arity == 4:
        return [f[a] * f[b] * f[c] * f[d] for a, b, c, d in skeleton]
    if arity == 5:
        return [f[a] * f[b] * f[c] * f[d] * f[e] for a, b, c, d, e in skeleton]
    get = f.__getitem__
    return [_product(map(get, ix)) for ix in skeleton]


def _product(values: Any) -> int:
    out = 1
    for v in values:
        out *= v
    return out


@lru_cache(maxsize=512)
def _comb_row(n: int, k: int) -> tuple[int, ...]:
    """``C(n, 0), …, C(n, k)``."""
    return tuple(comb(n, r) for r in range(k + 1))


@lru_cache(maxsize=256)
def _skeleton(m: int, k: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The multisets of ``k`` of ``m`` kinds in lexicographic order, each as the indices
    of its factors ``C(n_j, x_j)`` in the row-major table ``(m, k + 1)`` that
    :func:`_weights` builds, padded to one length with index 0 (``C(n_0, 0) = 1``).

    >>> _skeleton(2, 2)
    (2, ((2, 0), (1, 4), (5, 0)))
    """
    width = k + 1
    rows = []
    for cards in combinations_with_replacement(range(m), k):
        runs: dict[int, int] = {}
        for j in cards:
            runs[j] = runs.get(j, 0) + 1
        rows.append([j * width + x for j, x in runs.items()])
    arity = max(1, max((len(r) for r in rows), default=1))
    return arity, tuple(tuple(r + [0] * (arity - len(r))) for r in rows)
