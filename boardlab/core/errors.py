"""Exceptions raised by boardlab, and how their messages show a bad value.

Every exception a user can trigger with bad input is a :class:`BoardlabError`, hence a
:class:`ValueError`, so a notebook's ``except ValueError`` catches them all; each one
says which rule, field or argument is the problem. The classes:

========================  ==============================================================
class                     raised for
========================  ==============================================================
:class:`IllegalAction`    a choice the rules forbid here (names the rule, lists the legal
                          choices); :class:`IllegalTypeError` (also a ``TypeError``) for a
                          choice built with a field of the wrong type
:class:`ConfigError`      a configuration, option or described position the rules cannot
                          accept (``field`` names the bad field); :class:`ConfigTypeError`
                          (also a ``TypeError``) for a field of the wrong type
:class:`QuestionError`    a probability question that cannot be answered as asked (an
                          argument out of range); :class:`LimitError` for a question over
                          a declared size limit (``boardlab.prob.LIMITS``)
:class:`FormatError`      a malformed saved file or JSON value (``path`` names the field)
:class:`ArgumentError`    a bad argument to a public function (``argument`` names it);
                          :class:`ArgumentTypeError` (also a ``TypeError``) for the wrong
                          type, :class:`PlyError` (also an ``IndexError``) for a ply the
                          match does not have
:class:`UnknownRule`      a rule id no rule book holds (also a ``KeyError``)
:class:`ChoiceTextError`  text that names no legal choice (lists the legal ones)
========================  ==============================================================

A message shows at most about 200 characters of an offending value
(:func:`show_value`), so a 20 MB field never becomes a 20 MB message.

>>> from boardlab.core.errors import IllegalAction
>>> issubclass(IllegalAction, ValueError)
True
>>> show_value("x" * 1000)[:12], len(show_value("x" * 1000)) <= 200
("'xxxxxxxxxxx", True)
"""

from __future__ import annotations

import reprlib
import sys
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from boardlab.core.rules import RuleRef

__all__ = [
    "SHOWN_CHARS", "ArgumentError", "ArgumentTypeError", "BoardlabError", "ChoiceTextError",
    "ConfigError", "ConfigTypeError", "FormatError", "IllegalAction", "IllegalTypeError",
    "LimitError", "PlyError",
    "QuestionError", "UnknownRule", "a_type", "describe", "show_value", "too_many_digits",
]

#: At most this many characters of an offending value appear in a message.
SHOWN_CHARS = 200


class _ShortRepr(reprlib.Repr):
    def repr_instance(self, x: Any, level: int) -> str:
        try:
            text = repr(x)
        except Exception:  # noqa: BLE001 - a broken __repr__: say what it is instead
            return f"<{a_type(x)} that cannot be shown>"
        if len(text) > self.maxother:
            half = max(0, (self.maxother - 3) // 2)
            text = text[:half] + "..." + text[len(text) - half:]
        return text


_REPR = _ShortRepr()
_REPR.maxstring = SHOWN_CHARS - 20
_REPR.maxother = SHOWN_CHARS - 20
_REPR.maxlong = 60
_REPR.maxlevel = 4


def _clip(text: str, limit: int = SHOWN_CHARS) -> str:
    return text if len(text) <= limit else text[:limit - 5] + " …" + text[-3:]


def too_many_digits(value: Any) -> bool:
    """Whether ``value`` is an integer too long for Python to write in decimal (more than
    ``sys.get_int_max_str_digits()`` digits: 4,300 by default), so that ``str``, ``repr``
    and an f-string of it raise ``ValueError``. Such a number is refused wherever it comes
    in (a saved file, a count), before any message tries to show it.

    >>> too_many_digits(10 ** 4299), too_many_digits(10 ** 4300), too_many_digits("9")
    (False, True, False)
    """
    if type(value) is not int and not (isinstance(value, int) and not isinstance(value, bool)):
        return False
    if value.bit_length() < 14_000:  # fewer than 4,215 digits: printable under any limit
        return False                 # of at least 4,300 (Python's default and minimum)
    limit = sys.get_int_max_str_digits()
    return bool(limit) and abs(value) >= _power_of_ten(limit)


@lru_cache(maxsize=4)
def _power_of_ten(digits: int) -> int:
    return int(10 ** digits)  # int: mypy types a power of ints as Any (it may be a float)


def show_value(value: Any) -> str:
    """``repr(value)`` cut to at most :data:`SHOWN_CHARS` characters, and never failing.

    Long strings and deep or long containers are abbreviated (``reprlib``), integers
    too long to print are described by their size, and a value whose ``repr`` raises is
    named by its type.

    >>> show_value([[[[[[1]]]]]]), show_value(10 ** 1000)
    ('[[[[[...]]]]]', '<an integer of 1001 digits>')
    """
    try:
        if isinstance(value, int) and not isinstance(value, bool) and \
                value.bit_length() > 1000:
            if value.bit_length() < 14000:  # str() refuses more than 4,300 digits
                return f"<an integer of {len(str(abs(value)))} digits>"
            return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
        text = _REPR.repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = f"<{a_type(value)} that cannot be shown>"
    return _clip(text)


def a_type(value: Any) -> str:
    """The type of ``value`` with its article, for a message: "an int", "a float".

    >>> a_type(3), a_type(1.5), a_type(None)
    ('an int', 'a float', 'a NoneType')
    """
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def describe(obj: Any) -> str:
    """``str(obj)`` for a message, falling back to :func:`show_value` if ``str`` fails.

    A choice built with an unknown name may raise inside its own ``__str__`` (a card the
    game has no name for); the refusal must still be said.

    >>> class Broken:
    ...     def __str__(self): raise KeyError("nuke")
    ...     def __repr__(self): return "Broken('nuke')"
    >>> describe(Broken())
    "Broken('nuke')"
    """
    try:
        text = str(obj)
    except Exception:  # noqa: BLE001 - see above
        return show_value(obj)
    return _clip(text)


class BoardlabError(ValueError):
    """Base class of boardlab's input errors."""

    @classmethod
    def at(cls, path: str, value: Any, problem: str) -> Self:
        """This error for ``value`` refused at ``path``, worded the one way every check of
        :mod:`boardlab.core.validate` words it: ``path: problem (got value)``.

        >>> str(IllegalAction.at("Move.to", "x", "expected a whole number, got a str"))
        "Move.to: expected a whole number, got a str (got 'x')"
        """
        return cls(f"{path}: {problem} (got {show_value(value)})")


class IllegalAction(BoardlabError):
    """A choice that the rules do not allow at this point of the match.

    ``rule`` is the :class:`~boardlab.core.rules.RuleRef` that forbids it and
    ``legal`` the choices that would have been accepted.
    """

    def __init__(self, message: str, *, rule: RuleRef | None = None,
                 legal: Sequence[Any] = ()) -> None:
        self.rule = rule
        self.legal = tuple(legal)
        text = message
        if rule is not None:
            text += f" [{rule.cite()}]"
        if legal:
            text += f". Legal here: {list_choices(self.legal)}"
        super().__init__(text)


class IllegalTypeError(IllegalAction, TypeError):
    """A choice built with a field of the wrong type (``Move(to="3")``): an
    :class:`IllegalAction`, so a match refuses it as any illegal choice, and a
    ``TypeError``.
    """


def list_choices(legal: Sequence[Any], limit: int = 12) -> str:
    """The first ``limit`` choices as text, and how many more there are.

    >>> list_choices(["a", "b", "c"], limit=2)
    'a, b … and 1 more'
    """
    shown = ", ".join(describe(c) for c in legal[:limit])
    more = f" … and {len(legal) - limit} more" if len(legal) > limit else ""
    return shown + more


class ConfigError(BoardlabError):
    """A configuration or described position that the rules cannot accept.

    ``field`` names the bad field when one check refused one field (``""`` when the
    message is about the whole configuration) and ``problem`` says what is wrong with it;
    a file loader reports ``problem`` at the field's full path
    (:func:`boardlab.core.serialize.decode`). ``owner`` names the record the field
    belongs to when the record names itself in its messages (``"tile 'Hub'"``, set by
    :func:`boardlab.core.validate.owned`): ``field`` is then a path inside that record,
    and the message starts with the owner.

    >>> err = ConfigError.at("tomes[0].count", 0, "at least 1")
    >>> str(err), err.field, err.problem
    ('tomes[0].count: at least 1 (got 0)', 'tomes[0].count', 'at least 1 (got 0)')
    >>> ConfigError("no player seat is left").field
    ''
    >>> err = ConfigError(field="rooms", problem="two rooms share a cell", owner="tile 'Hub'")
    >>> str(err), err.field, err.owner
    ("tile 'Hub': rooms: two rooms share a cell", 'rooms', "tile 'Hub'")
    """

    field: str
    problem: str
    owner: str

    def __init__(self, message: str = "", *, field: str = "", problem: str = "",
                 owner: str = "") -> None:
        self.field = field
        self.problem = problem or message
        self.owner = owner
        if not message:
            message = f"{field}: {problem}" if field else problem
        super().__init__(f"{owner}: {message}" if owner else message)

    def own(self, owner: str) -> Self:
        """This error, as said by the record ``owner``: ``owner`` is set and the message
        starts with it; an error that has an owner already (a record inside the record)
        keeps its own.

        >>> str(ConfigError.at("moves", 0, "1 to 6").own("config"))
        'config: moves: 1 to 6 (got 0)'
        """
        if owner and not getattr(self, "owner", ""):
            self.owner = owner
            self.args = (f"{owner}: {self}", *self.args[1:])
        return self

    @classmethod
    def at(cls, path: str, value: Any, problem: str) -> Self:
        """See :meth:`BoardlabError.at`; ``field`` is ``path``."""
        got = f"{problem} (got {show_value(value)})"
        return cls(f"{path}: {got}", field=path, problem=got)


class ConfigTypeError(ConfigError, TypeError):
    """A field of a configuration or described position with a value of the wrong type
    (a bool where a whole number is meant): a :class:`ConfigError`, so ``except
    ConfigError`` catches it, and a ``TypeError`` like :class:`ArgumentTypeError`.

    >>> from boardlab.core.validate import whole
    >>> whole("2", "players", error=ConfigError)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigTypeError: players: expected a whole number, got a str (got '2')
    """


class QuestionError(ConfigError):
    """A probability question that cannot be answered as asked.

    An argument out of range (a probability above 1, a negative count), an unknown name,
    an answer that would not be a probability, or a question over a declared size limit
    (:class:`LimitError`). It is a :class:`ConfigError` in this release, so that
    ``except ConfigError`` written for boardlab 0.1 odds still catches it; from 0.3 it
    derives from :class:`BoardlabError` only.

    >>> from boardlab.prob import exactly_k_of_n
    >>> from fractions import Fraction
    >>> exactly_k_of_n(1, 4, Fraction(3, 2))
    Traceback (most recent call last):
    ...
    boardlab.core.errors.QuestionError: exactly_k_of_n: p = 3/2 is not a probability ...
    """


class LimitError(QuestionError):
    """An exact question larger than a declared limit, refused before any work starts.

    ``limit`` names the limit (a field of :data:`boardlab.prob.LIMITS`), ``value`` is the
    size asked for and ``allowed`` the limit in force; the message says how to raise it.

    >>> from boardlab.prob import count_face
    >>> count_face(10**6, 6)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.LimitError: count_face: 1000000 dice is over the limit of 1000 dice ...
    """

    def __init__(self, message: str, *, limit: str, value: Any, allowed: Any) -> None:
        self.limit = limit
        self.value = value
        self.allowed = allowed
        super().__init__(message)


class FormatError(BoardlabError):
    """A malformed saved file; ``path`` names the bad field (``choices[3].colour``)."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = _clip(path, 120)
        self.problem = _clip(problem, 4 * SHOWN_CHARS)
        super().__init__(f"{self.path or '<root>'}: {self.problem}")

    @classmethod
    def at(cls, path: str, value: Any, problem: str) -> Self:
        """See :meth:`BoardlabError.at`."""
        return cls(path, f"{problem} (got {show_value(value)})")


class ArgumentError(BoardlabError):
    """A bad argument to a public function: ``argument`` names it, ``value`` is what came.

    >>> str(ArgumentError("ply", 99, "outside 0..3"))
    'ply: outside 0..3 (got 99)'
    """

    def __init__(self, argument: str, value: Any, problem: str) -> None:
        self.argument = argument
        self.value = value
        self.problem = problem
        super().__init__(f"{argument}: {problem} (got {show_value(value)})")

    @classmethod
    def at(cls, path: str, value: Any, problem: str) -> Self:
        """See :meth:`BoardlabError.at`."""
        return cls(path, value, problem)


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type (a bool where a whole number is meant, a float
    where an exact number is, a float seed).

    Also a ``TypeError``, as Python's own wrong-type errors are.

    >>> isinstance(ArgumentTypeError("seed", "abc", "expected an integer"), TypeError)
    True
    """


class PlyError(ArgumentError, IndexError):
    """A ply the match does not have (``seek``, ``branch``), or ``pop`` with no ply.

    Also an ``IndexError``, as a list's ``pop()`` from nothing is.
    """


class UnknownRule(BoardlabError, KeyError):
    """A rule id that the rule book does not hold (also a ``KeyError``, as before).

    >>> str(UnknownRule("MoH-zz", "Mall of Horror", ["MoH-a", "MoH-b"]))
    "Mall of Horror has no rule 'MoH-zz' (its 2 rules run MoH-a … MoH-b)"
    """

    def __init__(self, rule_id: Any, book: str, known: Sequence[str] = (),
                 close: Sequence[str] = ()) -> None:
        self.rule_id = rule_id
        self.book = book
        text = f"{book} has no rule {show_value(rule_id)}"
        if close:
            text += f"; did you mean {', '.join(close)}?"
        elif len(known) == 1:
            text += f" (its only rule is {known[0]})"
        elif known:
            text += f" (its {len(known)} rules run {known[0]} … {known[-1]})"
        super().__init__(text)

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0])


class ChoiceTextError(IllegalAction):
    """Text that names no legal choice here, or several (``candidates`` then holds them).

    An :class:`IllegalAction`: ``rule`` is the rule of the decision, ``legal`` the
    legal choices.
    """

    candidates: tuple[Any, ...] = ()
