"""Exceptions raised by boardlab.

Every exception a user can trigger with bad input is a :class:`ValueError`, so a
notebook's ``except ValueError`` catches them all, and each one says which rule or
which field is the problem.

>>> from boardlab.core.errors import IllegalAction
>>> issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations

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
