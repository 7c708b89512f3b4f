"""The one argument-checking layer: every check is ``check(value, path, ...)``.

Each check returns the value it accepts (normalised: an ``int`` subclass becomes an
``int``) or raises the boardlab error the error policy asks for, naming ``path`` — an
argument (``"seed"``), a field (``"start.round"``) or a place in a saved file.

The error policy (docs/bad-input.md, "The error policy"):

- one wording everywhere, this module's: ``path: problem (got value)``, built by the
  error class's :meth:`~boardlab.core.errors.BoardlabError.at`; ``rule=`` adds the rule
  or limit that sets a range (``"LB-R5"``, ``"LIMITS.copies"``) in brackets;
- a value of the right type but **out of range**, **too long** or **unknown** raises
  ``error``: :class:`~boardlab.core.errors.ArgumentError` by default (a function's
  argument), or the class a caller names — a game's configuration and described position
  pass ``error=ConfigError``, a choice ``error=IllegalAction``;
- a value of the wrong **type** raises ``type_error``: by default the type-error partner
  of ``error`` (:class:`~boardlab.core.errors.ArgumentTypeError`,
  :class:`~boardlab.core.errors.ConfigTypeError`,
  :class:`~boardlab.core.errors.IllegalTypeError`), a subclass of ``error`` *and* of
  ``TypeError``, so ``except ConfigError`` written before keeps catching it; any other
  ``error`` class is its own type error unless ``type_error=`` says otherwise;
- a bool is never a whole number here, ``0``/``1`` are never flags, and a string is
  never a list.

A game does not define its own int, bool, str or mapping checker
(tests/test_validation_layer.py); it calls these.

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
>>> whole(9, "players", low=1, high=5, error=ConfigError)
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: players: 1 to 5 (got 9)
>>> name("purple", "viewer", ("red", "blue"), what="seat")
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentError: viewer: not a seat of this match; one of red, blue ...
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from itertools import islice
from typing import Any, TypeVar

from boardlab.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    BoardlabError,
    ConfigError,
    ConfigTypeError,
    IllegalAction,
    IllegalTypeError,
    a_type,
    too_many_digits,
)

__all__ = ["PUBLIC", "flag", "instance", "is_whole", "mapping", "name", "owned", "sequence",
           "text", "viewer", "whole"]

#: The viewer who knows only what every player knows (a spectator, a projector).
PUBLIC = "public"

T = TypeVar("T")

#: An error class of the policy: out of range or unknown (``error=``), wrong type
#: (``type_error=``).
Error = type[BoardlabError]

#: The type-error partner of each error class (see the module's error policy).
_TYPE_ERRORS: dict[type[BoardlabError], type[BoardlabError]] = {
    ArgumentError: ArgumentTypeError, ConfigError: ConfigTypeError,
    IllegalAction: IllegalTypeError,
}


def _rule(rule: str | None) -> str:
    return f" ({rule})" if rule else ""


def _wrong_type(value: Any, path: str, problem: str, error: Error,
                type_error: Error | None) -> BoardlabError:
    """The type error of the policy: ``type_error``, else ``error``'s partner."""
    cls = type_error or _TYPE_ERRORS.get(error, error)
    return cls.at(path, value, problem)


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a whole number in the sense of :func:`whole` (an ``int``, not
    a bool), for a check that collects problems instead of raising.

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return value.__class__ is int or (isinstance(value, int) and not isinstance(value, bool))


def whole(value: Any, path: str, *, low: int | None = None, high: int | None = None,
          rule: str | None = None, error: Error = ArgumentError,
          type_error: Error | None = None) -> int:
    """``value`` as an ``int`` (not a bool), within ``low``…``high`` when given.

    >>> whole(0, "indent", low=0)
    0
    >>> whole(1.0, "ply")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: ply: expected a whole number, got a float (got 1.0)
    """
    if value.__class__ is int and (low is None or value >= low) and (
            value <= high if high is not None else value.bit_length() < 14_000):
        return value  # the fast path: an int in range (a hot path of the engines)
    if value.__class__ is not int:
        if isinstance(value, bool):
            raise _wrong_type(value, path, "expected a whole number, not a bool", error,
                              type_error)
        if not isinstance(value, int):
            raise _wrong_type(value, path, f"expected a whole number, got {a_type(value)}",
                              error, type_error)
        value = int(value)
    if high is None and too_many_digits(value):  # a bound would say so in its own words
        raise error.at(path, value, "a whole number of at most "
                       f"{sys.get_int_max_str_digits():,} digits{_rule(rule)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            span = f"{low} to {high}"
        elif low is not None:
            span = f"at least {low}"
        else:
            span = f"at most {high}"
        raise error.at(path, value, span + _rule(rule))
    return int(value)


def flag(value: Any, path: str, *, error: Error = ArgumentError,
         type_error: Error | None = None) -> bool:
    """``value`` if it is a ``bool`` (``0``/``1`` are not flags).

    >>> flag(False, "explain")
    False
    >>> flag(1, "seeker", error=ConfigError)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigTypeError: seeker: expected True or False (got 1)
    """
    if value is True or value is False:
        return value
    raise _wrong_type(value, path, "expected True or False", error, type_error)


def text(value: Any, path: str, *, shortest: int = 0, longest: int | None = None,
         blank: bool = True, rule: str | None = None, error: Error = ArgumentError,
         type_error: Error | None = None) -> str:
    """``value`` if it is a ``str`` of ``shortest`` to ``longest`` characters (and, if
    ``blank`` is false, not only spaces).

    >>> text("red", "viewer")
    'red'
    >>> text("", "name", shortest=1, error=ConfigError)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: name: expected a non-empty string (got '')
    """
    if value.__class__ is not str and not isinstance(value, str):
        raise _wrong_type(value, path, f"expected a string, got {a_type(value)}", error,
                          type_error)
    if len(value) < shortest or (not blank and not value.strip()):
        what = "a non-empty string" if shortest <= 1 else f"at least {shortest} characters"
        raise error.at(path, value, f"expected {what}{_rule(rule)}")
    if longest is not None and len(value) > longest:
        raise error.at(path, value, f"at most {longest:,} characters{_rule(rule)}, not "
                                    f"{len(value):,}")
    return value


def name(value: Any, path: str, known: Collection[str], *, what: str = "name",
         where: str = "of this match", rule: str | None = None, error: Error = ArgumentError,
         type_error: Error | None = None) -> str:
    """``value`` if it is one of ``known`` (a string of the right type first). The
    refusal reads "not a ``what`` ``where``; one of …": a name of the match by default,
    ``where=""`` for a word of a fixed vocabulary (``what="known feature"``).

    >>> name("red", "seat", ("red", "blue"), what="seat")
    'red'
    >>> name("pool", "features[1]", ("lift", "vent"), what="known feature", where="",
    ...      error=ConfigError)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: features[1]: not a known feature; one of lift, vent ...
    """
    if value.__class__ is str and value in known:
        return value  # the usual case, before the general checks below
    text(value, path, error=error, type_error=type_error)
    if value not in known:
        listed = ", ".join(map(str, known)) or "none"
        place = f" {where}" if where else ""
        raise error.at(path, value, f"not a {what}{place}; one of {listed}{_rule(rule)}")
    return str(value)


def sequence(value: Any, path: str, *, what: str = "a list", longest: int | None = None,
             rule: str | None = None, optional: bool = False, ordered: bool = False,
             error: Error = ArgumentError, type_error: Error | None = None) -> list[Any]:
    """The items of ``value``, a list, tuple, set or other iterable (never a string or a
    mapping; only a list or tuple when ``ordered``), at most ``longest`` of them: more
    are refused after reading one past the limit, so an endless iterator is refused too;
    ``None`` is an empty one when ``optional``. ``what`` says what was meant, for the
    message.

    >>> sequence((1, 2), "roll")
    [1, 2]
    >>> sequence("red", "lookers", what="a list of colours", error=ConfigError)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigTypeError: lookers: expected a list of colours, got a str ...
    >>> sequence(iter(int, 1), "tiles", longest=3, rule="limits.tiles", error=ConfigError)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: tiles: at most 3 entries (limits.tiles) (got more than 3)
    """
    if value is None and optional:
        return []
    if isinstance(value, str | bytes | Mapping) or not isinstance(
            value, list | tuple if ordered else Iterable):
        raise _wrong_type(value, path, f"expected {what}, got {a_type(value)}", error,
                          type_error)
    items = list(value if longest is None else islice(value, longest + 1))
    if longest is not None and len(items) > longest:
        got = len(value) if isinstance(value, Collection) else _MoreThan(longest)
        raise error.at(path, got, f"at most {longest:,} entries{_rule(rule)}")
    return items


class _MoreThan:
    """How many entries an iterator held, for a message: it is not read to its end."""

    def __init__(self, longest: int) -> None:
        self.longest = longest

    def __repr__(self) -> str:
        return f"more than {self.longest:,}"


@contextmanager
def owned(owner: str) -> Iterator[None]:
    """Name ``owner`` in every :class:`~boardlab.core.errors.ConfigError` raised inside:
    a record's own checks say which record refused (``"tile 'Hub'"``, ``"config"``),
    and the error's ``field`` stays a path inside that record
    (:meth:`~boardlab.core.errors.ConfigError.own`).

    >>> with owned("config"):
    ...     whole(0, "moves", low=1, high=6, error=ConfigError)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: config: moves: 1 to 6 (got 0)
    """
    try:
        yield
    except ConfigError as err:
        err.own(owner)
        raise  # the same error (class, field, traceback), now owned


def mapping(value: Any, path: str, *, what: str = "a mapping (a dict)",
            longest: int | None = None, rule: str | None = None, optional: bool = False,
            text_keys: bool = False, error: Error = ArgumentError,
            type_error: Error | None = None) -> Mapping[Any, Any]:
    """``value`` if it is a mapping of at most ``longest`` entries (``what`` says what
    it maps, for the message); ``None`` is an empty one when ``optional``; with
    ``text_keys`` every key must be a string.

    >>> mapping(None, "hands", optional=True)
    {}
    >>> mapping([1], "zombies", what="a mapping of locations to zombies", error=ConfigError)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigTypeError: zombies: expected a mapping of locations to ...
    >>> mapping({1: 2, 3: 4}, "barricades", longest=1, rule="limits.markers")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentError: barricades: at most 1 entries (limits.markers) (got 2)
    """
    if value is None and optional:
        return {}
    if not isinstance(value, Mapping):
        raise _wrong_type(value, path, f"expected {what}, got {a_type(value)}", error,
                          type_error)
    if longest is not None and len(value) > longest:
        raise error.at(path, len(value), f"at most {longest:,} entries{_rule(rule)}")
    if text_keys:
        for key in value:
            if not isinstance(key, str):
                raise _wrong_type(key, f"{path} (a key)", f"expected a string key, got "
                                  f"{a_type(key)}", error, type_error)
    return value


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
