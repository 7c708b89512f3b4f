"""Argument checks shared by Mall of Horror's public entry points.

Each check refuses a value with a boardlab error that names the argument or field and
shows at most ~200 characters of what came (:func:`boardlab.core.errors.show_value`).
A bool is not an integer here: ``True`` is refused where a count or a location is meant.

>>> strict_int(3, "Destination.location")
3
>>> strict_int(True, "Destination.location")
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: Destination.location: expected an integer, ...
>>> shown("red", ("red",)), shown("x" * 500, ("red",))[:12]
('red', "'xxxxxxxxxxx")
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from boardlab.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    ConfigError,
    a_type,
    show_value,
)


class UnknownName(ArgumentError, KeyError):
    """An unknown name asked for by key (a rule id): a boardlab error, and a ``KeyError``
    as it always was, so ``except KeyError`` written for boardlab 0.1 still catches it.

    >>> str(UnknownName("rule_id", "MoH-R99", "unknown rule id"))
    "rule_id: unknown rule id (got 'MoH-R99')"
    """

    __str__ = BaseException.__str__  # a KeyError would print the message as a repr


def strict_int(value: Any, field: str, *, error: type[Exception] = ArgumentTypeError) -> int:
    """``value`` if it is an ``int`` (and not a ``bool``), else a type error naming ``field``
    (the ``(value, path)`` signature of :mod:`boardlab.core.validate`; its own "integer"
    wording, which tests pin, and its ``error=ConfigError`` for configurations).

    ``error=ConfigError`` gives a :class:`ConfigError` instead (configurations and
    described positions refuse with it).
    """
    if type(value) is int:  # the fast path: exactly an int
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    what = "expected an integer, not a bool" if isinstance(value, bool) else \
        f"expected an integer, got {a_type(value)}"
    if error is ArgumentTypeError:
        raise ArgumentTypeError(field, value, what)
    raise error(f"{field}: {what} (got {show_value(value)})")


def strict_str(value: Any, field: str, *, error: type[Exception] = ArgumentTypeError) -> str:
    """``value`` if it is a ``str``, else a type error naming ``field``."""
    if isinstance(value, str):
        return value
    what = f"expected a string, got {a_type(value)}"
    if error is ArgumentTypeError:
        raise ArgumentTypeError(field, value, what)
    raise error(f"{field}: {what} (got {show_value(value)})")


def known_name(value: Any, field: str, known: Collection[str], what: str, rule: str,
               *, error: type[Exception] = ConfigError) -> str:
    """``value`` if it is one of ``known``; else an error naming ``field`` and ``rule``.

    >>> known_name("purple", "chief", ("red", "blue"), "colour", "MoH-R3")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: chief: unknown colour 'purple'; one of red, blue (MoH-R3)
    """
    strict_str(value, field, error=ArgumentTypeError if error is ArgumentError else error)
    if value not in known:
        listed = ", ".join(known)
        if error is ArgumentError:
            raise ArgumentError(field, value, f"unknown {what}; one of {listed} ({rule})")
        raise error(f"{field}: unknown {what} {show_value(value)}; one of {listed} ({rule})")
    return value


def shown(value: Any, known: Collection[Any]) -> str:
    """A known name as it is, anything else as a short ``repr`` (for ``__str__``)."""
    if type(value) in (str, int) and value in known:
        return str(value)
    return show_value(value)
