"""Exact draws from shuffled piles, by counts (lazy and exchangeable), for chance nodes.

A pile is a tuple of counts per card kind. Drawing ``k`` cards without looking at their
order gives a sorted multiset with the multivariate hypergeometric probability
``∏ C(n_i, k_i) / C(N, k)``; the tunnel layout is one uniform multiset arrangement. The
reference arithmetic is :mod:`boardlab.prob.urn`'s (:func:`draw_many` imports it when
called; ``boardlab.prob`` is not needed to play). The engine's tables come from
:class:`Pile`: integer weights ``∏ C(n_i, k_i)`` over shared parts, the very tables the
Fractions give (tests compare them) — kind indices, sorted, as cached
:class:`~boardlab.core.engine.OutcomeTable`\\ s that sample in one ``randrange``.

>>> [(cards, str(p)) for cards, p in draw_many((2, 1), 2)]
[((0, 0), '1/3'), ((0, 1), '2/3')]
>>> len(arrangements((3, 3, 1))), count_arrangements((4, 2, 1)), count_arrangements((5, 1, 1))
(140, 105, 42)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, combinations, combinations_with_replacement, compress, repeat
from math import comb, gcd
from typing import Any

from boardlab.core.engine import OutcomeTable


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


# -- a pile's chance tables, built from shared parts ------------------------------------------
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

    >>> from boardlab.lockup_breakout.choices import Draw, DrawMany
    >>> pile = Pile(("b", "a"), Draw, DrawMany)
    >>> pile.one((3, 1)) == OutcomeTable.from_counts([(Draw("b"), 3), (Draw("a"), 1)])
    True
    >>> t = pile.many((2, 1), 2)
    >>> [(str(o), str(p)) for o, p in t], t.denominator, t.cumulative
    ([('draw b, b', '1/3'), ('draw a, b', '2/3')], 3, (1, 3))
    """

    __slots__ = ("names", "draw", "draw_set", "_one", "_many", "_pairs", "_sets", "_outs")

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
        table = _table(pairs, total // g, tuple(cumulative))
        if len(self._one) >= self.ONE_LIMIT:
            self._one.clear()
        self._one[counts] = table
        return table

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


__all__ = ["Pile", "arrangements", "count_arrangements", "draw_many", "draw_one",
           "draw_weights", "uniform"]
