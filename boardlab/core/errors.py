"""Exceptions raised by boardlab.

Every exception a user can trigger with bad input is a :class:`ValueError`, so a
notebook's ``except ValueError`` catches them all, and each one says which rule or
which field is the problem.

>>> from boardlab.core.errors import IllegalAction
>>> issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardlab.core.rules import RuleRef


class BoardlabError(ValueError):
    """Base class of boardlab's input errors."""


class IllegalAction(BoardlabError):
    """A choice that the rules do not allow at this point of the match.

    ``rule`` is the :class:`~boardlab.core.rules.RuleRef` that forbids it and
    ``legal`` the choices that would have been accepted.
    """

    def __init__(self, message: str, *, rule: RuleRef | None = None,
                 legal: tuple[Any, ...] = ()) -> None:
        self.rule = rule
        self.legal = legal
        text = message
        if rule is not None:
            text += f" [{rule.cite()}]"
        if legal:
            shown = ", ".join(str(c) for c in legal[:12])
            more = f" … and {len(legal) - 12} more" if len(legal) > 12 else ""
            text += f". Legal here: {shown}{more}"
        super().__init__(text)


class ConfigError(BoardlabError):
    """A configuration or described position that the rules cannot accept."""


class FormatError(BoardlabError):
    """A malformed saved file; ``path`` names the bad field (``choices[3].colour``)."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path or '<root>'}: {problem}")


# -- bad probability questions (boardlab.prob, a game's odds) --------------------------------
# The same names, signatures and messages as the argument errors the core's bad-input work
# introduces (show_value, ArgumentError, ArgumentTypeError, QuestionError); LimitError is the
# odds layer's own. Defined here so that boardlab.prob can raise them now.

#: At most this many characters of an offending value appear in a message.
SHOWN_CHARS = 200

_REPR = reprlib.Repr()
_REPR.maxstring = SHOWN_CHARS - 20
_REPR.maxother = SHOWN_CHARS - 20
_REPR.maxlong = 60
_REPR.maxlevel = 4


def _clip(text: str, limit: int = SHOWN_CHARS) -> str:
    return text if len(text) <= limit else text[:limit - 5] + " …" + text[-3:]


def show_value(value: Any) -> str:
    """``repr(value)`` cut to at most :data:`SHOWN_CHARS` characters, and never failing.

    Long strings and deep or long containers are abbreviated (``reprlib``), integers
    too long to print are described by their size, and a value whose ``repr`` raises is
    named by its type.

    >>> show_value([[[[[[1]]]]]]), show_value(10 ** 1000)
    ('[[[[[...]]]]]', '<an integer of 1001 digits>')
    >>> len(show_value("x" * 10**6)) <= SHOWN_CHARS
    True
    """
    try:
        if isinstance(value, int) and not isinstance(value, bool) and \
                value.bit_length() > 1000:
            if value.bit_length() < 14000:  # str() refuses more than 4,300 digits
                return f"<an integer of {len(str(abs(value)))} digits>"
            return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
        text = _REPR.repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = f"<a {type(value).__name__} that cannot be shown>"
    return _clip(text)


class QuestionError(ConfigError):
    """A probability question that cannot be answered as asked.

    An argument out of range (a probability above 1, a negative count), an unknown name,
    an answer that would not be a probability, or a question over a declared size limit
    (:class:`LimitError`). It is a :class:`ConfigError` in this release, so that
    ``except ConfigError`` written for boardlab 0.1 odds still catches it.

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


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type (a bool where a whole number is meant, a float
    where an exact number is).

    Also a ``TypeError``, as Python's own wrong-type errors are.

    >>> isinstance(ArgumentTypeError("seed", "abc", "expected an integer"), TypeError)
    True
    """
