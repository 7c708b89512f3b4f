"""Exact chance: outcome tables, exact sampling and the stream helpers of bulk play
(split from :mod:`boardlab.core.engine`, which re-exports the public names).

>>> from fractions import Fraction
>>> chance_table([("a", Fraction(1, 2)), ("b", Fraction(1, 2))])
(2, (1, 2))
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from math import gcd, lcm
from typing import Any

from boardlab.core.agents import RandomAgent
from boardlab.core.chance import CHANCE
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.core.protocol import Rules, ToMove

__all__ = ["OutcomeTable", "chance_table", "sample_outcome"]


class OutcomeTable(tuple):  # type: ignore[type-arg]
    """Chance outcomes with exact probabilities, and the integer table to sample them.

    A game returns one from a cached function for its large, long-lived chance nodes
    (dice, a deck): sampling it is then one ``randrange`` and a bisection, with nothing
    recomputed and nothing cached in the engine. It is a tuple of ``(outcome,
    probability)`` pairs like any other outcome list, and as immutable.

    >>> t = OutcomeTable([("a", Fraction(1, 3)), ("b", Fraction(2, 3))])
    >>> t.denominator, t.cumulative, t[1]
    (3, (1, 3), ('b', Fraction(2, 3)))
    """

    denominator: int
    cumulative: tuple[int, ...]

    def __new__(cls, pairs: Iterable[tuple[Any, Fraction]]) -> OutcomeTable:
        table = super().__new__(cls, pairs)
        den, cumulative = _cumulative(table)
        object.__setattr__(table, "denominator", den)
        object.__setattr__(table, "cumulative", cumulative)
        return table

    @classmethod
    def from_counts(cls, counts: Iterable[tuple[Any, int]]) -> OutcomeTable:
        """Outcomes weighted by whole counts (cards of each kind in a deck).

        Each probability is ``count / total``; the sampling table is built from the
        counts directly, with no Fraction arithmetic, and is the very table the
        probabilities give (so sampling draws exactly what it would draw from them).

        >>> t = OutcomeTable.from_counts([("a", 2), ("b", 4)])
        >>> t[0], t.denominator, t.cumulative
        (('a', Fraction(1, 3)), 3, (1, 3))
        """
        outcomes, weights = [], []
        for outcome, n in counts:
            if n.__class__ is not int or n <= 0:
                raise ValueError(f"outcome counts must be positive integers, got {n!r}")
            outcomes.append(outcome)
            weights.append(n)
        if not weights:
            raise ValueError("an outcome table needs at least one outcome")
        total = sum(weights)
        g = gcd(*weights)  # the table of the reduced probabilities: see above
        table = tuple.__new__(cls, [(o, _fraction(n, total))
                                    for o, n in zip(outcomes, weights, strict=True)])
        object.__setattr__(table, "denominator", total // g)
        object.__setattr__(table, "cumulative",
                           tuple(accumulate([n // g for n in weights] if g > 1 else weights)))
        return table

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an OutcomeTable is immutable")


@lru_cache(maxsize=2048)
def _fraction(numerator: int, denominator: int) -> Fraction:
    return Fraction(numerator, denominator)  # immutable: safe to share


def chance_table(outcomes: Sequence[tuple[Any, Fraction]]) -> tuple[int, tuple[int, ...]]:
    """``(denominator, cumulative weights)`` of an outcome list, for exact sampling.

    >>> chance_table([("a", Fraction(1, 6)), ("b", Fraction(5, 6))])
    (6, (1, 6))
    """
    if isinstance(outcomes, OutcomeTable):
        return outcomes.denominator, outcomes.cumulative
    try:
        return _cumulative(outcomes)
    except (TypeError, ValueError, AttributeError) as err:
        raise _bad_outcomes(outcomes) from err


def _cumulative(outcomes: Sequence[tuple[Any, Fraction]]) -> tuple[int, tuple[int, ...]]:
    den = 1
    for _, p in outcomes:
        den = lcm(den, p.denominator)
    cumulative, acc = [], 0
    for _, p in outcomes:
        acc += p.numerator * (den // p.denominator)
        cumulative.append(acc)
    if acc != den:
        raise ValueError("chance probabilities do not sum to 1")
    return den, tuple(cumulative)


def sample_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """Draw one outcome with its exact probability using ``rng``.

    The draw is exact: a uniform integer below the common denominator picks the
    outcome, so no float rounding ever biases a rare outcome. A node with a single
    outcome consumes nothing from ``rng``.

    >>> from fractions import Fraction
    >>> sample_outcome([("a", Fraction(1, 3)), ("b", Fraction(2, 3))], random.Random(0))
    'b'
    """
    try:
        if len(outcomes) == 1:
            return outcomes[0][0]
        if isinstance(outcomes, OutcomeTable):
            den, cumulative = outcomes.denominator, outcomes.cumulative
        else:
            den, cumulative = _cumulative(outcomes)
        draw = rng.randrange(den)
    except (TypeError, ValueError, AttributeError, IndexError, KeyError) as err:
        if not isinstance(rng, random.Random):
            raise ArgumentTypeError("rng", rng, "expected a random.Random") from None
        raise _bad_outcomes(outcomes) from err
    return outcomes[bisect_right(cumulative, draw)][0]


def _bad_outcomes(outcomes: Any) -> ArgumentError:
    return ArgumentError("outcomes", outcomes, "expected (outcome, Fraction) pairs whose "
                         "probabilities sum to 1")


def node_of(rules: Rules[Any, Any]) -> Any:
    """``node(state)`` built from the protocol methods, for games without the fast path
    (bulk play and the advice's enumeration both use it)."""
    to_move, legal, outcomes, step = rules.to_move, rules.legal, rules.outcomes, rules.step

    def node(state: Any) -> tuple[ToMove, Any, Any]:
        mover = to_move(state)
        if mover is None:
            return None, (), None
        return mover, outcomes(state) if mover is CHANCE else legal(state), step
    return node


def _advance(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> None:
    """Consume from ``rng`` exactly what :func:`sample_outcome` would, and nothing else."""
    if len(outcomes) > 1:
        rng.randrange(chance_table(outcomes)[0])


_INLINE: list[bool] = []  # whether _randbelow may be written out (checked once)


def _inline_randbelow() -> bool:
    """Whether ``random.Random._randbelow`` is the draw :meth:`Match._play` writes out.

    CPython's ``_randbelow_with_getrandbits(n)`` draws ``getrandbits(n.bit_length())``
    until the value is below ``n``. ``_play`` repeats those draws inline; this checks
    once per process, on a few hundred draws, that this Python's ``_randbelow`` gives
    exactly the same values, and otherwise ``_play`` calls it.
    """
    if not _INLINE:
        ok = (random.Random._randbelow  # type: ignore[attr-defined]  # CPython's draw
              is random.Random._randbelow_with_getrandbits)  # type: ignore[attr-defined]
        if ok:
            a, b = random.Random(12345), random.Random(12345)
            for n in (*range(1, 70), 126, 127, 128, 129, 1000, 1296, 65536):
                for _ in range(3):
                    k = n.bit_length()
                    r = b.getrandbits(k)
                    while r >= n:
                        r = b.getrandbits(k)
                    if a._randbelow(n) != r:  # type: ignore[attr-defined]
                        ok = False
        _INLINE.append(ok)
    return _INLINE[0]


def _uniform_bits(agent: Any) -> Any:
    """``getrandbits`` of a plain random agent (whose pick ``_play`` draws), else None."""
    if type(agent) is RandomAgent:
        return agent.rng.getrandbits
    return None


_node_of = node_of  # the engine's older name
