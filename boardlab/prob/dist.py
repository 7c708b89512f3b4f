"""Dist: a finite probability distribution with exact ``Fraction`` probabilities.

Every answer is a :class:`fractions.Fraction` (as in icepool): exact, cheap, from the
standard library, and it stays exact under ``+ - * /`` with ints and Fractions (mixed
with a float it becomes a float, as any Fraction does). sympy is kept for closed
forms and derivations (:mod:`boardlab.prob.symbolic`) and for :meth:`Dist.sd`, whose
value is rarely rational. One spelling per question:

=========================  ==========================================================
question                   spelling (a ``Fraction`` unless said)
=========================  ==========================================================
P(event)                   ``d.P(event)``; ``event`` a value or a predicate
P(comparison)              ``(d >= 2).P()``: ``<``, ``<=``, ``>``, ``>=`` against a
                           number (or another Dist) give a Dist of True/False, and
                           ``P()`` with no event is P(True)
mean                       ``d.E()``
variance                   ``d.var()``
standard deviation         ``d.sd()``: a sympy ``sqrt``, exact (the one sympy result)
P(X ≤ x), P(X ≥ x)         ``d.cdf(x)``, ``d.at_least(x)``
=========================  ==========================================================

``d == other`` compares two distributions (it is never an event: P(X = 2) is
``d.P(2)``), and a Dist is neither true nor false (``if d >= 2:`` raises, so that a
forgotten ``.P()`` is caught). The older spellings ``p``, ``e``, ``variance``,
``cdf_f``, ``at_most``, ``at_most_f`` and ``at_least_f`` still work in this release but
emit a :class:`DeprecationWarning`. sympy and matplotlib are imported only inside the
methods that need them.

>>> from boardlab.prob import Dist
>>> d6 = Dist.uniform(range(1, 7))
>>> two = d6 + d6
>>> print(two.P(7), two.E(), two.var())
1/6 7 35/6
>>> (two >= 10).P()
Fraction(1, 6)
>>> Dist({0: 5, 1: 1})
Dist({0: Fraction(5, 6), 1: Fraction(1, 6)})
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast, overload

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.prob import distevents, distshow
from boardlab.prob.checks import hashable, whole
from boardlab.prob.deprecation import deprecated_method, warn_deprecated

# The topics split from this module; every name stays importable from here
# (``from boardlab.prob.dist import show_prob, HIGHLIGHT`` ...).
from boardlab.prob.distevents import _TRUE
from boardlab.prob.distinput import pair_probs, sample_counts, scaled_weights
from boardlab.prob.distshow import BAND, BASE, HIGHLIGHT, MEAN
from boardlab.prob.exactnum import (
    ProbFormat,
    _is_number,
    _predicate,
    escape_html,
    fraction_latex,
    latex_escape,
    show_prob,
    sympy_rational,
    to_fraction,
    to_rational,
)
from boardlab.prob.limits import check_limit
from boardlab.prob.weights import convolve, dense, fractions_of, from_dense

if TYPE_CHECKING:
    from sympy import Expr

__all__ = [
    "BAND", "BASE", "HIGHLIGHT", "MEAN", "Dist", "ProbFormat", "escape_html",
    "fraction_latex", "latex_escape", "show_prob", "sympy_rational", "to_fraction",
    "to_rational",
]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

class Dist(Generic[T]):
    """A finite distribution: outcomes (any hashable values) with exact probabilities.

    ``Dist(weights)`` takes a mapping outcome → weight, where weights are ints (counts)
    or Fractions; they are divided by their total, so probabilities sum to exactly 1.
    Outcomes with weight 0 are dropped. A Dist is immutable and hashable. Inside it
    keeps integer weights over a common denominator and makes its Fractions when first
    asked for them; ``repeat`` answers are kept with the Dist (a few of them).

    >>> Dist({"hit": 1, "miss": 2}).probs
    {'hit': Fraction(1, 3), 'miss': Fraction(2, 3)}
    """

    __slots__ = ("_w", "_den", "_fr", "_sorted", "_numeric", "_ints_only", "_memo")

    _w: dict[T, int] | None           # integer weights over _den (boardlab.prob.weights)
    _den: int
    _fr: dict[T, Fraction] | None     # the same as Fractions, made when first needed
    _sorted: bool
    _numeric: bool
    _ints_only: bool                  # every outcome is an int (not a bool)
    _memo: dict[int, Dist[Any]] | None  # repeat(n) answers, a few per Dist

    def __init__(self, weights: Mapping[T, int | Fraction]) -> None:
        scaled = scaled_weights(weights)
        self._set(scaled, sum(scaled.values()), None)

    def _set(self, weights: dict[T, int] | None, den: int,
             probs: dict[T, Fraction] | None, ordered: bool = False) -> None:
        """Store integer ``weights`` over ``den`` or the Fractions ``probs`` (at least one;
        the other is made when needed), sorted by outcome when outcomes compare.
        ``ordered``: the weights are already sorted (a sum of whole-number dice)."""
        kept: dict[T, Any] = weights if weights is not None else probs  # type: ignore[assignment]
        if ordered:
            self._sorted = True
        else:
            try:
                order = sorted(kept)  # type: ignore[type-var]
            except Exception:  # noqa: BLE001 - outcomes that cannot be compared (or whose
                # comparison fails) keep their first-seen order
                self._sorted = False
            else:
                kept = {o: kept[o] for o in order}
                self._sorted = True
        if weights is not None:
            self._w, self._den, self._fr = kept, den, None
        else:
            self._w, self._den, self._fr = None, 0, kept
        self._memo = None
        kinds = set(map(type, kept))
        self._ints_only = kinds == {int}
        self._numeric = self._ints_only or all(issubclass(k, numbers.Rational) for k in kinds)

    @classmethod
    def _trusted(cls, probs: dict[U, Fraction]) -> Dist[U]:
        """A Dist from probabilities already known to be positive and to sum to 1."""
        d: Dist[U] = object.__new__(Dist)
        d._set(None, 0, {o: q for o, q in probs.items() if q})
        return d

    @classmethod
    def _from_weights(cls, weights: dict[U, int], den: int,
                      ordered: bool = False) -> Dist[U]:
        """A Dist from integer weights ≥ 0 over ``den`` (zero weights are dropped)."""
        d: Dist[U] = object.__new__(Dist)
        d._set({o: w for o, w in weights.items() if w}, den, None, ordered)
        return d

    @property
    def _probs(self) -> dict[T, Fraction]:
        """outcome → probability as Fractions, made from the weights on first use."""
        probs = self._fr
        if probs is None:
            assert self._w is not None
            probs = self._fr = fractions_of(self._w, self._den)
        return probs

    def _weights(self) -> tuple[dict[T, int], int]:
        """outcome → integer weight, and the denominator they are over."""
        weights = self._w
        if weights is None:
            probs = self._fr
            assert probs is not None
            den = lcm(*(q.denominator for q in probs.values()))
            weights = {o: q.numerator * (den // q.denominator) for o, q in probs.items()}
            self._den = den  # before _w: a reader that sees the weights sees their den
            self._w = weights
        return weights, self._den

    def _keys(self) -> dict[T, Any]:
        """Whichever of the two mappings is there (for the outcomes alone)."""
        return self._w if self._w is not None else self._probs

    # -- other ways to make one ------------------------------------------------------------
    @classmethod
    def uniform(cls, outcomes: Iterable[U]) -> Dist[U]:
        """Every listed outcome equally likely; an outcome listed twice counts twice
        (a die with two blank faces).

        >>> Dist.uniform(["blank", "blank", "skull"]).P("blank")
        Fraction(2, 3)
        """
        return cls.from_samples(outcomes)

    @classmethod
    def point(cls, outcome: U) -> Dist[U]:
        """The distribution that is certain to be ``outcome``.

        >>> Dist.point(0).P(0)
        Fraction(1, 1)
        """
        hashable(outcome, "outcome", "Dist.point")
        return cls._from_weights({outcome: 1}, 1)

    @classmethod
    def from_samples(cls, samples: Iterable[U]) -> Dist[U]:
        """The empirical distribution of ``samples``: each count divided by their number.

        >>> Dist.from_samples([1, 1, 2, 6])
        Dist({1: Fraction(1, 2), 2: Fraction(1, 4), 6: Fraction(1, 4)})
        """
        counts: dict[U, int] = sample_counts(samples)
        return Dist(counts)

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[U, int | Fraction]]) -> Dist[U]:
        """From ``(outcome, probability)`` pairs, as a game's chance node lists them.

        Pairs with the same outcome are merged. The probabilities must sum to exactly 1
        (for unnormalised weights use ``Dist({...})``).

        >>> Dist.from_pairs([(0, Fraction(1, 2)), (1, Fraction(1, 4)), (0, Fraction(1, 4))])
        Dist({0: Fraction(3, 4), 1: Fraction(1, 4)})
        """
        merged: dict[U, Fraction] = pair_probs(pairs)
        return Dist(merged)

    # -- looking inside --------------------------------------------------------------------
    @property
    def outcomes(self) -> tuple[T, ...]:
        """The possible outcomes: sorted when they can be compared, else first-seen order."""
        return tuple(self._keys())

    @property
    def probs(self) -> dict[T, Fraction]:
        """A copy of the mapping outcome → probability, in the order of :attr:`outcomes`."""
        return dict(self._probs)

    @property
    def is_numeric(self) -> bool:
        """True when every outcome is an int or a Fraction (so E, var, ≤ and ≥ apply)."""
        return self._numeric

    def __len__(self) -> int:
        return len(self._keys())

    def items(self) -> Iterator[tuple[T, Fraction]]:
        """The ``(outcome, probability)`` pairs, in the order of :attr:`outcomes`.

        >>> list(Dist({"a": 1, "b": 3}).items())
        [('a', Fraction(1, 4)), ('b', Fraction(3, 4))]
        """
        return iter(self._probs.items())

    def __iter__(self) -> Iterator[tuple[T, Fraction]]:
        """Deprecated: ``for outcome, p in d.items()`` (``d.outcomes`` for the outcomes).

        In this release iterating a Dist still yields ``(outcome, probability)`` pairs,
        with a :class:`DeprecationWarning`; from 0.3 it yields the outcomes, as a mapping
        does and as ``in`` tests them.
        """
        warn_deprecated("iterating a Dist (it yields pairs; from 0.3 the outcomes)",
                        "d.items() for (outcome, probability) pairs, d.outcomes for the "
                        "outcomes")
        return iter(self._probs.items())

    def __contains__(self, outcome: object) -> bool:
        """``x in dist``: is ``x`` a possible outcome (as ``x in d.outcomes``)?"""
        try:
            return outcome in self._keys()
        except TypeError:  # an unhashable value is no outcome
            return False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        if self._fr is not None and other._fr is not None:
            return self._fr == other._fr
        mine, den = self._weights()
        theirs, other_den = other._weights()
        if len(mine) != len(theirs):
            return False
        # equal probabilities: w / den == v / other_den, compared without a gcd
        for o, w in mine.items():
            v = theirs.get(o)
            if v is None or w * other_den != v * den:
                return False
        return True

    def __hash__(self) -> int:
        return hash(frozenset(self._probs.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{o!r}: {q!r}" for o, q in self._probs.items())
        return f"Dist({{{inner}}})"

    # -- probabilities -----------------------------------------------------------------------
    def P(self, event: Any = _TRUE) -> Fraction:
        """P(event) as a Fraction; ``event`` is a predicate or a value.

        With no event, the Dist must be of True/False outcomes (a comparison such as
        ``d >= 2``) and the answer is P(True).

        >>> d6 = Dist.uniform(range(1, 7))
        >>> d6.P(lambda x: x > 4), d6.P(6), (d6 > 4).P()
        (Fraction(1, 3), Fraction(1, 6), Fraction(1, 3))
        """
        if event is _TRUE:
            weights, den = self._weights()
            bad = [o for o in weights if not isinstance(o, bool)]
            if bad:
                raise ArgumentTypeError("Dist.P()", bad[0], "P() without an event needs a "
                                        "Dist of True/False outcomes (from a comparison such "
                                        f"as d >= 2), but {show_value(bad[0])} is an outcome; "
                                        "give the event: d.P(value) or d.P(predicate)")
            flags: dict[Any, int] = weights  # True/False outcomes, checked above
            return Fraction(flags.get(True, 0), den)
        holds = _predicate(event)
        weights, den = self._weights()
        return Fraction(sum(w for o, w in weights.items() if holds(o)), den)

    def given(self, event: Any) -> Dist[T]:
        """The conditional distribution given ``event`` (a predicate or a value).

        >>> d6 = Dist.uniform(range(1, 7))
        >>> print(d6.given(lambda x: x % 2 == 0).P(6))
        1/3
        """
        holds = _predicate(event)
        weights, _ = self._weights()
        kept = {o: w for o, w in weights.items() if holds(o)}
        if not kept:
            raise QuestionError("Dist.given: cannot condition on an event of probability 0")
        return Dist._from_weights(kept, sum(kept.values()), self._sorted)

    # -- moments -----------------------------------------------------------------------------
    def _need_numbers(self, what: str) -> None:
        if not self._numeric:
            bad = next(o for o in self._keys() if not _is_number(o))
            raise ArgumentTypeError(f"Dist: {what}", bad, f"{what} needs numeric outcomes "
                                    "(int or Fraction), but this Dist has the outcome "
                                    f"{show_value(bad)} ({type(bad).__name__}); turn outcomes "
                                    "into numbers first with .map(f) or .marginal(i)")

    def E(self) -> Fraction:
        """The mean as a Fraction (numeric outcomes only).

        >>> print(Dist.uniform(range(1, 7)).E())
        7/2
        """
        self._need_numbers("the mean")
        if self._ints_only:  # one integer sum, one division
            ints, den = cast("tuple[dict[int, int], int]", self._weights())
            return Fraction(sum(o * w for o, w in ints.items()), den)
        probs: dict[Any, Fraction] = self._probs  # numeric outcomes, checked above
        return sum((o * q for o, q in probs.items()), Fraction(0))

    def var(self) -> Fraction:
        """The variance as a Fraction (numeric outcomes only).

        >>> print(Dist.uniform(range(1, 7)).var())
        35/12
        """
        self._need_numbers("the variance")
        if self._ints_only:  # E(X²) − E(X)², in integers over den²
            ints, den = cast("tuple[dict[int, int], int]", self._weights())
            first = sum(o * w for o, w in ints.items())
            second = sum(o * o * w for o, w in ints.items())
            return Fraction(second * den - first * first, den * den)
        mu = self.E()
        probs: dict[Any, Fraction] = self._probs
        return sum(((o - mu) ** 2 * q for o, q in probs.items()), Fraction(0))

    def sd(self) -> Expr:
        """The standard deviation, exact: ``sympy.sqrt`` of the variance.

        The one answer that is not a Fraction: a square root is rarely rational. For a
        float, ``math.sqrt(d.var())``.

        >>> Dist.uniform(range(1, 7)).sd()
        sqrt(105)/6
        """
        from sympy import sqrt

        return sqrt(sympy_rational(self.var()))

    # -- cumulative (boardlab.prob.distevents, bound here as methods) -------------------
    cdf = distevents.cdf
    at_least = distevents.at_least
    _compare = distevents.compare

    # Deprecated spellings (boardlab 0.1): they warn and give the same Fraction.
    p = deprecated_method("p", "Dist.P(), which returns the same Fraction", P)
    e = deprecated_method("e", "Dist.E(), which now returns a Fraction", E)
    variance = deprecated_method("variance", "Dist.var(), which now returns a Fraction", var)
    cdf_f = deprecated_method("cdf_f", "Dist.cdf(), which now returns a Fraction", cdf)
    at_most = deprecated_method("at_most", "Dist.cdf()", cdf)
    at_most_f = deprecated_method("at_most_f", "Dist.cdf(), which now returns a Fraction", cdf)
    at_least_f = deprecated_method("at_least_f", "Dist.at_least(), which now returns a "
                                   "Fraction", at_least)

    # -- events from comparisons ---------------------------------------------------------------
    def _versus(self, other: Any, op: Callable[[Any, Any], bool]) -> Dist[bool]:
        try:
            if isinstance(other, Dist):
                return self._combine(other, lambda a, b: bool(op(a, b)))
            return self.map(lambda o: bool(op(o, other)))
        except TypeError as err:
            if isinstance(err, ArgumentTypeError):
                raise
            raise ArgumentTypeError("Dist comparison", other, "these outcomes cannot be "
                                    f"compared with it: {err}") from None

    __lt__ = distevents.lt
    __le__ = distevents.le
    __gt__ = distevents.gt
    __ge__ = distevents.ge
    __bool__ = distevents.no_truth

    # -- new distributions from old ----------------------------------------------------------
    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """The distribution of ``f(outcome)``; outcomes with equal images merge.

        >>> Dist.uniform(range(1, 7)).map(lambda x: x % 2).probs
        {0: Fraction(1, 2), 1: Fraction(1, 2)}
        """
        if not callable(f):
            raise ArgumentTypeError("Dist.map: f", f, "must be a function of one outcome")
        weights, den = self._weights()
        out: dict[U, int] = {}
        get = out.get
        for o, w in weights.items():
            y = f(o)
            try:
                out[y] = get(y, 0) + w
            except TypeError:
                hashable(y, "f(outcome)", "Dist.map")
                raise
        return Dist._from_weights(out, den)

    def _combine(self, other: Dist[Any], op: Callable[[Any, Any], Any],
                 sign: int = 0) -> Dist[Any]:
        """The Dist of ``op(a, b)`` for independent ``a`` and ``b``; ``sign`` = 1 or −1
        says that ``op`` is ``a + b`` or ``a − b``, which whole-number dice do as a
        polynomial product."""
        # One multiply-add per pair of outcomes: measured before any is done.
        check_limit("combining two Dists", "work", len(self) * len(other),
                    "pairs of outcomes")
        mine, den = cast("tuple[dict[Any, int], int]", self._weights())
        theirs, other_den = other._weights()
        if sign and self._ints_only and other._ints_only:
            a, b = dense(mine), dense(theirs)
            if a is not None and b is not None:
                low, values = b
                if sign < 0:  # a − b = a + (−b): the list of −b is b's reversed
                    low, values = -(low + len(values) - 1), values[::-1]
                return Dist._from_weights(from_dense(a[0] + low, convolve(a[1], values)),
                                          den * other_den, ordered=True)
        out: dict[Any, int] = {}
        get = out.get
        for a_, wa in mine.items():
            for b_, wb in theirs.items():
                try:
                    y = op(a_, b_)
                    out[y] = get(y, 0) + wa * wb
                except TypeError as err:
                    raise ArgumentTypeError("combining two Dists", (a_, b_), "these outcomes "
                                            f"cannot be combined: {err}") from None
        return Dist._from_weights(out, den * other_den)

    @overload
    def __add__(self: Dist[int], other: Dist[int] | int) -> Dist[int]: ...
    @overload
    def __add__(self: Dist[Fraction], other: Dist[Fraction] | Dist[int] | Fraction | int
                ) -> Dist[Fraction]: ...
    @overload
    def __add__(self, other: Any) -> Dist[Any]: ...

    def __add__(self, other: Any) -> Dist[Any]:
        """``d1 + d2``: sum of two independent draws; ``d + 3``: every outcome shifted.

        Outcomes are added with their own ``+``, so any type that adds works
        (icon multisets, for instance); tuples would concatenate.
        """
        if isinstance(other, Dist):
            return self._combine(other, lambda a, b: a + b, 1)
        if _is_number(other):
            return self._shift(lambda o: o + other, other)
        return NotImplemented

    def __radd__(self, other: Any) -> Dist[Any]:
        # ``3 + d`` and ``sum([d1, d2])`` (which starts from 0).
        if _is_number(other):
            return self._shift(lambda o: other + o, other)
        return NotImplemented

    @overload
    def __sub__(self: Dist[int], other: Dist[int] | int) -> Dist[int]: ...
    @overload
    def __sub__(self: Dist[Fraction], other: Dist[Fraction] | Dist[int] | Fraction | int
                ) -> Dist[Fraction]: ...
    @overload
    def __sub__(self, other: Any) -> Dist[Any]: ...

    def __sub__(self, other: Any) -> Dist[Any]:
        """``d1 - d2``: difference of independent draws; ``d - 3``: shift down."""
        if isinstance(other, Dist):
            return self._combine(other, lambda a, b: a - b, -1)
        if _is_number(other):
            return self._shift(lambda o: o - other, other)
        return NotImplemented

    def _shift(self, f: Callable[[Any], Any], by: Any) -> Dist[Any]:
        try:
            return self.map(f)
        except TypeError as err:
            if isinstance(err, ArgumentTypeError):
                raise
            raise ArgumentTypeError("shifting a Dist", by, "these outcomes cannot be shifted "
                                    f"by it: {err}") from None

    @overload
    def repeat(self: Dist[int], n: int) -> Dist[int]: ...
    @overload
    def repeat(self, n: int, *, zero: Any = 0) -> Dist[Any]: ...

    def repeat(self, n: int, *, zero: Any = 0) -> Dist[Any]:
        """The sum of ``n`` independent copies (``n`` dice of this kind, added up).

        ``zero`` is the empty sum, returned for ``n == 0``. ``2 * d`` is deliberately not
        defined: it would be ambiguous between doubling one roll and adding two.

        >>> Dist.uniform(range(1, 7)).repeat(3).P(18)
        Fraction(1, 216)
        """
        n = whole(n, "n (copies)", "Dist.repeat")
        check_limit("Dist.repeat", "dice", n, "copies")
        hashable(zero, "zero", "Dist.repeat")
        memo = self._memo
        if n and memo is not None and n in memo:  # asked before of this same Dist
            return memo[n]
        copies = n
        result: Dist[Any] | None = None
        power: Dist[Any] = self
        while n:  # binary powering: log2(n) convolutions of growing size
            if n & 1:
                result = power if result is None else result + power
            n >>= 1
            if n:
                power = power + power
        if result is None:
            return Dist.point(zero)
        # Keep a few answers per Dist (a Dist is immutable, so they stay right): asking
        # the same question of the same die again is a lookup, as in icepool.
        if memo is None:
            memo = self._memo = {}
        if copies > 1 and len(memo) < _REPEAT_MEMO and len(result) <= _MEMO_OUTCOMES:
            memo[copies] = result
        return result

    def joint(self, other: Dist[U]) -> Dist[tuple[T, U]]:
        """The distribution of the pair ``(x, y)`` for independent ``x`` and ``y``.

        >>> coin = Dist.uniform("HT")
        >>> coin.joint(coin).P(("H", "T"))
        Fraction(1, 4)
        """
        if not isinstance(other, Dist):
            raise ArgumentTypeError("Dist.joint: other", other, "must be a Dist")
        return self._combine(other, lambda a, b: (a, b))

    def marginal(self, i: int) -> Dist[Any]:
        """The distribution of position ``i`` of tuple outcomes.

        >>> Dist({(1, "a"): 1, (2, "a"): 1, (2, "b"): 2}).marginal(1).P("a")
        Fraction(1, 2)
        """
        i = whole(i, "i", "Dist.marginal", low=None)
        for o in self._keys():
            if not isinstance(o, tuple):
                raise ArgumentTypeError("Dist.marginal", o, "marginal() needs tuple outcomes, "
                                        f"but this outcome is a {type(o).__name__}")
            if not -len(o) <= i < len(o):
                raise QuestionError(f"Dist.marginal: outcome {show_value(o)} has no position "
                                    f"{show_value(i)}")
        return self.map(lambda o: o[i])  # type: ignore[index]

    # -- sampling and presentation (boardlab.prob.distshow, bound here as methods) ---------
    sample = distshow.sample
    table = distshow.table
    plot = distshow.plot
    _header = distshow.header_of
    _summary = distshow.summary_of
    __str__ = distshow.as_text
    _repr_html_ = distshow.as_html
    _repr_latex_ = distshow.as_latex

#: How many ``repeat`` answers one Dist keeps (its memo is bounded: docs/api.md), and
#: how many outcomes a kept answer may have (a huge one is worked out again instead).
_REPEAT_MEMO = 16
_MEMO_OUTCOMES = 4096


