"""Argument checks at the edge of every probability function.

Each check names the function and the argument, shows at most about 200 characters of
the value (:func:`~boardlab.core.errors.show_value`) and raises a boardlab error: an
:class:`~boardlab.core.errors.ArgumentTypeError` (also a ``TypeError``) for the wrong
type, a :class:`~boardlab.core.errors.QuestionError` (a ``ValueError``) for a value out
of range. A bool is not a whole number here (``True`` is not a count), and a float is
not an exact number (``0.1`` is not 1/10).

:func:`whole` and :func:`flag` are core's checks (:mod:`boardlab.core.validate`, its
wording and error policy) with the question in front of the argument's path
(``count_face: n``) and the classes of a question: ``QuestionError`` out of range,
``ArgumentTypeError`` for the wrong type.

>>> whole(3, "n", "count_face")
3
>>> whole(True, "n", "count_face")
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: count_face: n: expected a whole number, not a bool ...
>>> whole(-1, "n", "count_face")
Traceback (most recent call last):
...
boardlab.core.errors.QuestionError: count_face: n: at least 0 (got -1)
>>> probability(Fraction(3, 2), "p", "exactly_k_of_n")
Traceback (most recent call last):
...
boardlab.core.errors.QuestionError: exactly_k_of_n: p = 3/2 is not a probability ...
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from boardlab.core import validate
from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value


class UnknownLabel(QuestionError, KeyError):
    """A label that is not there: a row or column of a matrix, a part of a derivation.

    Also a ``KeyError``, so that ``in``, ``.get()`` and ``except KeyError`` work as they do
    for any mapping.
    """

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0])


def whole(value: Any, path: str, function: str, *, low: int | None = 0,
          high: int | None = None) -> int:
    """``value`` as an int in ``[low, high]`` (either end ``None``: open): core's
    :func:`~boardlab.core.validate.whole` at ``function: path``."""
    if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
        return value  # the usual case (a hot path), before the path is even written
    if isinstance(value, numbers.Integral) and not isinstance(value, int):
        value = int(value)  # a numpy or sympy integer is read as its value, as always
    return validate.whole(value, f"{function}: {path}", low=low, high=high,
                          error=QuestionError, type_error=ArgumentTypeError)


def exact(value: Any, name: str, function: str) -> Fraction:
    """``value`` as a Fraction: ints, Fractions and other exact rationals; never a float
    (not exact) or a bool (not a number)."""
    if isinstance(value, bool):
        raise ArgumentTypeError(f"{function}: {name}", value, "a bool is not a number; "
                                "use 0 or 1")
    if isinstance(value, float):
        raise ArgumentTypeError(f"{function}: {name}", value,
                                "a float is not exact; use an int or a Fraction "
                                "(e.g. Fraction(1, 6))")
    if type(value) is Fraction:
        return value
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    raise ArgumentTypeError(f"{function}: {name}", value, "must be an int or a Fraction")


def probability(value: Any, name: str, function: str) -> Fraction:
    """``value`` as a Fraction in [0, 1]."""
    q = exact(value, name, function)
    if not 0 <= q <= 1:
        raise QuestionError(f"{function}: {name} = {show_number(q)} is not a probability "
                            "(it must lie in [0, 1])")
    return q


def show_number(x: Any) -> str:
    """A number for a message: a Fraction as ``3/2`` (not ``Fraction(3, 2)``), at most
    about 200 characters; anything else as :func:`~boardlab.core.errors.show_value`.

    >>> show_number(Fraction(3, 2)), show_number(Fraction(1, 10**300))
    ('3/2', '<a fraction of about 301 digits>')
    """
    if isinstance(x, Fraction):
        if x.denominator == 1:
            return show_value(x.numerator)
        bits = x.numerator.bit_length() + x.denominator.bit_length()
        if bits > 600:  # about 180 digits: too long to show, and str() is slow past 4,300
            return f"<a fraction of about {int(bits * 0.30103) + 1} digits>"
        return str(x)
    return show_value(x)


def flag(value: Any, path: str, function: str) -> bool:
    """``value`` as a bool: ``True`` or ``False`` only (not 0, 1 or a string): core's
    :func:`~boardlab.core.validate.flag` at ``function: path``.

    >>> flag(1, "explain", "chase")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: chase: explain: expected True or False (got 1)
    """
    if value is True or value is False:
        return value
    return validate.flag(value, f"{function}: {path}", error=QuestionError,
                         type_error=ArgumentTypeError)


def callable_arg(value: Any, name: str, function: str) -> Callable[..., Any]:
    """``value``, checked to be callable."""
    if not callable(value):
        raise ArgumentTypeError(f"{function}: {name}", value, "must be a function")
    return value  # type: ignore[no-any-return]


def hashable(value: Any, name: str, function: str) -> None:
    """Refuse a value that cannot be a dict key (an outcome, a state, a label)."""
    try:
        hash(value)
    except TypeError:
        raise ArgumentTypeError(f"{function}: {name}", value,
                                "must be hashable (a number, a string, a tuple …; not a "
                                "list, a dict or a set)") from None
