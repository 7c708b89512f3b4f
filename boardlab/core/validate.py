"""The one argument-checking layer: every check is ``check(value, path, ...)``.

Each check returns the value it accepts (normalised: an ``int`` subclass becomes an
``int``) or raises the boardlab error the error policy asks for, naming ``path`` — an
argument (``"seed"``), a field (``"start.round"``) or a place in a saved file:

- a value of the wrong **type** is an :class:`~boardlab.core.errors.ArgumentTypeError`
  (also a ``TypeError``); a bool is never a whole number here;
- a value of the right type but **out of range** or **unknown** is an
  :class:`~boardlab.core.errors.ArgumentError` (or the ``error=`` class a caller asks
  for, such as a game's ``ConfigError``), with the rule that sets the range when one does.

>>> whole(3, "players", low=1, high=5)
3
>>> whole(True, "players")
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: players: expected a whole number, not a bool (got True)
>>> whole(9, "players", low=1, high=5, rule="LB-R5")
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentError: players: 1 to 5 (LB-R5) (got 9)
>>> name("purple", "viewer", ("red", "blue"), what="seat")
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentError: viewer: not a seat of this match; one of red, blue ...
"""

from __future__ import annotations

import sys
from collections.abc import Collection
from typing import Any, TypeVar

from boardlab.core.errors import ArgumentError, ArgumentTypeError, a_type, too_many_digits

__all__ = ["PUBLIC", "flag", "instance", "name", "text", "viewer", "whole"]

#: The viewer who knows only what every player knows (a spectator, a projector).
PUBLIC = "public"

T = TypeVar("T")


def _rule(rule: str | None) -> str:
    return f" ({rule})" if rule else ""


def whole(value: Any, path: str, *, low: int | None = None, high: int | None = None,
          rule: str | None = None, error: type[ArgumentError] = ArgumentError) -> int:
    """``value`` as an ``int`` (not a bool), within ``low``…``high`` when given.

    >>> whole(0, "indent", low=0)
    0
    >>> whole(1.0, "ply")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: ply: expected a whole number, got a float (got 1.0)
    """
    if type(value) is not int:  # the fast path: exactly an int
        if isinstance(value, bool):
            raise ArgumentTypeError(path, value, "expected a whole number, not a bool")
        if not isinstance(value, int):
            raise ArgumentTypeError(path, value,
                                    f"expected a whole number, got {a_type(value)}")
        value = int(value)
    if high is None and too_many_digits(value):  # a bound would say so in its own words
        raise error(path, value, "a whole number of at most "
                    f"{sys.get_int_max_str_digits():,} digits{_rule(rule)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            span = f"{low} to {high}"
        elif low is not None:
            span = f"at least {low}"
        else:
            span = f"at most {high}"
        raise error(path, value, span + _rule(rule))
    return int(value)


def flag(value: Any, path: str) -> bool:
    """``value`` if it is a ``bool`` (``0``/``1`` are not flags).

    >>> flag(False, "explain")
    False
    """
    if not isinstance(value, bool):
        raise ArgumentTypeError(path, value, "expected True or False")
    return value


def text(value: Any, path: str) -> str:
    """``value`` if it is a ``str``.

    >>> text("red", "viewer")
    'red'
    """
    if not isinstance(value, str):
        raise ArgumentTypeError(path, value, f"expected a string, got {a_type(value)}")
    return value


def name(value: Any, path: str, known: Collection[str], *, what: str = "name",
         rule: str | None = None, error: type[ArgumentError] = ArgumentError) -> str:
    """``value`` if it is one of ``known`` (a string of the right type first).

    >>> name("red", "seat", ("red", "blue"), what="seat")
    'red'
    """
    text(value, path)
    if value not in known:
        listed = ", ".join(map(str, known)) or "none"
        raise error(path, value, f"not a {what} of this match; one of {listed}{_rule(rule)}")
    return str(value)


def instance(value: Any, path: str, cls: type[T] | tuple[type[Any], ...], expected: str) -> T:
    """``value`` if it is an instance of ``cls``; ``expected`` says what was meant.

    >>> instance(None, "match", int, "a Match (new_match(...) or load_match(...))")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: match: expected a Match (new_match(...) ...
    """
    if not isinstance(value, cls):
        raise ArgumentTypeError(path, value, f"expected {expected}")
    return value


def viewer(value: Any, path: str, seats: Collection[str], *, public: bool = True) -> str | None:
    """Whose knowledge a function shows: ``None`` (a narrator: everything), a seat, or,
    where ``public`` allows, :data:`PUBLIC` (only what every player knows).

    >>> viewer("public", "viewer", ("red", "blue")), viewer(None, "viewer", ("red",))
    ('public', None)
    >>> viewer(3, "viewer", ("red",))
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: viewer: a viewer is a seat, 'public' or None (got 3)
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise ArgumentTypeError(path, value, "a viewer is a seat, 'public' or None"
                                if public else "a viewer is a seat or None")
    if public and value == PUBLIC:
        return value
    if value not in seats:
        more = f", {PUBLIC!r}" if public else ""
        raise ArgumentError(path, value, f"not a seat of this match; one of "
                            f"{', '.join(seats)}{more} or None")
    return value
