"""Events of a :class:`~boardlab.prob.dist.Dist`: the default event of ``P()``, the
cumulative probabilities and the comparisons that make a Dist of True/False (split from
:mod:`boardlab.prob.dist`; ``Dist`` binds these functions as its methods, so
``d >= 2`` calls :func:`ge` directly).

>>> from boardlab.prob.dist import Dist
>>> (Dist({1: 1, 2: 3}) >= 2).P()
Fraction(3, 4)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from boardlab.core.errors import ArgumentTypeError, show_value

if TYPE_CHECKING:
    from boardlab.prob.dist import Dist


class _TrueEvent:
    """The default event of :meth:`Dist.P`: the outcome ``True``."""

    __slots__ = ()

    def __repr__(d) -> str:
        return "True"


_TRUE = _TrueEvent()


def compare(d: Dist[Any], x: Any, holds: Callable[[Any], bool], what: str) -> Fraction:
    """P(``holds``), a failed comparison reported as one with ``x`` (for ``what``).

    >>> from boardlab.prob.dist import Dist
    >>> compare(Dist({1: 1, 2: 1}), 1, lambda o: o <= 1, "cdf")
    Fraction(1, 2)
    """
    try:
        return d.P(holds)
    except TypeError as err:
        raise ArgumentTypeError(f"Dist.{what}: x", x, f"{what} needs outcomes that can be "
                                f"compared with {show_value(x)}: {err}") from None


def cdf(d: Dist[Any], x: Any) -> Fraction:
    """P(X ≤ x) as a Fraction.

    >>> from boardlab.prob.dist import Dist
    >>> print(Dist.uniform(range(1, 7)).cdf(2))
    1/3
    """
    return d._compare(x, lambda o: o <= x, "cdf")


def at_least(d: Dist[Any], x: Any) -> Fraction:
    """P(X ≥ x) as a Fraction.

    >>> from boardlab.prob.dist import Dist
    >>> print(Dist.uniform(range(1, 7)).at_least(5))
    1/3
    """
    return d._compare(x, lambda o: o >= x, "at_least")



def lt(d: Dist[Any], other: Any) -> Dist[bool]:
    """``d < x``: the Dist of True/False for X < x (``x`` a value or another Dist)."""
    return d._versus(other, lambda a, b: a < b)


def le(d: Dist[Any], other: Any) -> Dist[bool]:
    """``d <= x``: the Dist of True/False for X ≤ x."""
    return d._versus(other, lambda a, b: a <= b)


def gt(d: Dist[Any], other: Any) -> Dist[bool]:
    """``d > x``: the Dist of True/False for X > x."""
    return d._versus(other, lambda a, b: a > b)


def ge(d: Dist[Any], other: Any) -> Dist[bool]:
    """``d >= x``: the Dist of True/False for X ≥ x.

    >>> from boardlab.prob.dist import Dist
    >>> count = Dist({0: 625, 1: 500, 2: 150, 3: 20, 4: 1})  # 6s among four dice
    >>> print((count >= 2).P())
    19/144
    """
    return d._versus(other, lambda a, b: a >= b)


def no_truth(d: Dist[Any]) -> bool:
    """``bool(d)`` raises: a forgotten ``.P()`` must not pass as true.

    >>> from boardlab.prob.dist import Dist
    >>> no_truth(Dist({1: 1}))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: a Dist is neither True nor False: ...
    """
    raise TypeError("a Dist is neither True nor False: for the chance of an event "
                    "write (d >= 2).P() or d.P(event)")
