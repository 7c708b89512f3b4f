"""Choices from text: ``match.push("add 2")``, as python-chess's ``push_san``.

A game reads its own choices from text with a ``parse_choice(text, state)`` hook, on its
rules object or on its game spec (:meth:`boardlab.registry.Game.parse_choice`), which
the game's front door hands in (:func:`use_parser`: core never looks a game up in the
registry, which is above it). Without one, :func:`choice_from_text` reads text as one
legal choice's own ``str()`` form, ignoring case, spacing and a final full stop. Text
that names no legal choice (or several) raises
:class:`~boardlab.core.errors.ChoiceTextError`, which cites the rule of the decision and
lists the legal choices.

>>> from tests.core.toy import RULES, ToySetup
>>> from boardlab.core.engine import Match
>>> m = Match(RULES, ToySetup(), seed=1)
>>> choice_from_text("  Add   2. ", (Add1 := m.roll() and m.legal())) == Add1[1]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from boardlab.core.chance import CHANCE
from boardlab.core.errors import ArgumentTypeError, ChoiceTextError, describe, show_value

if TYPE_CHECKING:
    from boardlab.core.engine import Rules

__all__ = ["choice_from_text", "normalise", "parse_choice", "parser_for", "use_parser"]

#: How many legal choices a refusal lists before "… and N more".
LISTED = 30

#: Text longer than this names no choice (it is refused without being read).
MAX_TEXT = 1_000


def normalise(text: str) -> str:
    """Text as choices are compared: case-folded, single spaces, no final full stop.

    >>> normalise("  Vote   for RED. ")
    'vote for red'
    """
    return " ".join(text.casefold().split()).rstrip(".!").strip()


def choice_from_text(text: str, legal: Sequence[Any]) -> Any:
    """The one choice of ``legal`` whose ``str()`` reads as ``text`` (see :func:`normalise`).

    A :class:`~boardlab.core.errors.ChoiceTextError` (without a rule: the caller adds
    it) if none or several do.
    """
    if len(text) > MAX_TEXT:
        raise refusal(text, legal)
    want = normalise(text)
    found = [c for c in legal if normalise(describe(c)) == want]
    if len(found) == 1:
        return found[0]
    raise refusal(text, legal, several=found)


def refusal(text: str, legal: Sequence[Any], *, several: Sequence[Any] = (),
            rule: Any = None, mover: Any = None) -> ChoiceTextError:
    """The error for ``text`` that names no choice of ``legal`` (or several of them)."""
    if not legal:
        return ChoiceTextError(f"{show_value(text)}: there is no choice to make here",
                               rule=rule)
    who = "" if mover is None else (" outcome" if mover is CHANCE else f" choice for {mover}")
    if len(several) > 1:
        error = ChoiceTextError(f"{show_value(text)} names {len(several)} legal{who}s; "
                                "say which", rule=rule, legal=several)
        error.candidates = tuple(several)
        return error
    listed = tuple(legal[:LISTED])
    error = ChoiceTextError(f"{show_value(text)} names no legal{who}", rule=rule,
                            legal=listed)
    if len(legal) > LISTED:
        error.args = (f"{error.args[0]} … and {len(legal) - LISTED} more",)
    error.legal = tuple(legal)
    return error


#: Parsers handed in for rules objects without a hook of their own, by the rules object's
#: id (the rules object kept beside it, so a reused id never matches another object).
_PARSERS: dict[int, tuple[Any, Callable[[str, Any], Any]]] = {}


def use_parser(rules: Rules[Any, Any], parse: Callable[[str, Any], Any]) -> None:
    """Read text for ``rules`` with ``parse(text, state)`` (unless the rules object has
    a ``parse_choice`` of its own). A game's front door
    (:class:`boardlab.gamekit.FrontDoor`) and the registry hand in the game spec's
    :meth:`~boardlab.registry.Game.parse_choice` when the game overrides it.

    >>> from tests.core.toy import RULES
    >>> use_parser(RULES, lambda text, state: "read by the hook")
    >>> parser_for(RULES)("anything", None)
    'read by the hook'
    >>> del _PARSERS[id(RULES)]
    """
    _PARSERS[id(rules)] = (rules, parse)


def parser_for(rules: Rules[Any, Any]) -> Any:
    """The game's ``parse_choice(text, state)`` hook, or ``None`` if it has none.

    The rules object's own hook first, then the one handed in for it (:func:`use_parser`).
    """
    hook = getattr(rules, "parse_choice", None)
    if hook is not None:
        return hook
    handed = _PARSERS.get(id(rules))
    return handed[1] if handed is not None and handed[0] is rules else None


def parse_choice(rules: Rules[Any, Any], state: Any, text: str,
                 legal: Sequence[Any] | None = None) -> Any:
    """The legal choice (or outcome) ``text`` names at ``state``, for ``rules``.

    ``legal`` is what :meth:`boardlab.core.engine.Match.legal` gives (computed if not
    given). A refusal cites the rule of the decision.
    """
    if not isinstance(text, str):
        raise ArgumentTypeError("text", text, "a choice given as text is a string")
    mover = rules.to_move(state)
    if legal is None:
        legal = () if mover is None else (
            tuple(o for o, _ in rules.outcomes(state)) if mover is CHANCE
            else rules.legal(state))
    hook = parser_for(rules)
    try:
        if hook is not None:
            return hook(text, state)
        return choice_from_text(text, legal)
    except ChoiceTextError as err:
        if err.rule is not None:
            raise
        raise refusal(text, legal, several=err.candidates, rule=rules.decision_rule(state),
                      mover=mover) from None
