"""Whether a position can start a match: the one check every door runs on a start.

A match may start from a position instead of its setup's first state: a saved match's
``start``, a saved position, ``new_match(start=...)``, ``play(start=...)``, a what-if.
Such a position may be hand-made or hand-edited, so before it is accepted it is checked
as a whole, the same way in every game (:func:`start_problem`):

1. the game's own ``invariants`` (every index in range, every colour or character
   known, the pending procedure consistent with the state and its data present);
2. **at least one legal continuation**: the position is the end, or a decision whose
   player is one of the players and has at least one legal choice (unique, hashable,
   with a rule to cite when another is refused), or a chance node whose outcomes are
   unique and have exact probabilities (``Fraction``) above 0 that sum to 1;
3. **every continuation can be played**: each legal choice or outcome is stepped (at
   most :data:`MAX_STEPPED` of them, spread over the list), and each position it leads
   to must itself be readable and, unless it is the end, offer something.

The game's rules are pure functions, so this changes nothing; any exception they raise
on a damaged position (a ``KeyError`` from a colour that is not seated, an
``IndexError`` from an empty pile) is caught and reported as what broke — it never
escapes. A refusal names the field: ``start`` or ``state`` for a position given in
Python (a :class:`~boardlab.core.errors.ConfigError`), the saved file's path for a file
(a :class:`~boardlab.core.errors.FormatError`).

>>> from tests.core.toy import RULES, ToySetup, ToyState
>>> start_problem(RULES, RULES.initial(ToySetup())) is None
True
>>> check_start(RULES, ToyState(ToySetup(), (-1, 0), 0, None), "start")
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: start: the position is not sound: negative total
>>> start_problem(RULES, ToyState(ToySetup(), (0, 0), 7, True))
'the rules cannot read it (IndexError: tuple index out of range)'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from boardlab.core.chance import CHANCE
from boardlab.core.errors import BoardlabError, FormatError, describe, show_value

__all__ = ["MAX_STEPPED", "check_start", "start_problem"]

#: At most this many legal choices (or chance outcomes) of a start are stepped: all of a
#: list this long (the largest in a real match of any game is 220), else this many spread
#: evenly over it, the first and the last included.
MAX_STEPPED: Final = 256

#: The last positions checked, by identity (kept alive here, so an id is never reused
#: while listed): a what-if study starts many matches from one position, and the front
#: door and the match both check the start they are given.
_SEEN: dict[tuple[int, int], tuple[Any, Any, str | None]] = {}
_SEEN_MAX: Final = 64


def check_start(rules: Any, state: Any, path: str = "start", *,
                error: type[BoardlabError] | None = None) -> None:
    """Refuse ``state`` as a start of a match of ``rules`` if :func:`start_problem`
    finds a problem: a :class:`~boardlab.core.errors.ConfigError` (or ``error``)
    ``"{path}: the position is not sound: ..."``, or with ``error=FormatError`` a
    FormatError whose ``path`` is the saved field."""
    problem = start_problem(rules, state)
    if problem is None:
        return
    if error is FormatError:
        raise FormatError(path, problem)
    if error is None:
        from boardlab.core.errors import ConfigError

        error = ConfigError
    raise error(f"{path}: the position is not sound: {problem}")


def start_problem(rules: Any, state: Any) -> str | None:
    """The first reason ``state`` cannot start a match of ``rules`` (see the module
    notes), or ``None`` when it can. Never raises."""
    key = (id(rules), id(state))
    known = _SEEN.get(key)
    if known is not None and known[0] is rules and known[1] is state:
        return known[2]
    problem = _problem(rules, state)
    if len(_SEEN) >= _SEEN_MAX:
        _SEEN.clear()
    _SEEN[key] = (rules, state, problem)
    return problem


def _problem(rules: Any, state: Any) -> str | None:
    invariants = getattr(rules, "invariants", None)
    if invariants is not None:
        try:
            broken = list(invariants(state))
        except Exception as err:  # noqa: BLE001 - a damaged state: say what broke
            return f"the game cannot read it ({_failure(err)})"
        if broken:
            return str(broken[0])
    problem, options = _node(rules, state)
    if problem is not None or not options:
        return problem
    for option in _spread(options):
        try:
            after, _ = rules.step(state, option)
        except Exception as err:  # noqa: BLE001 - see above
            return f"the rules cannot play {describe(option)} from it ({_failure(err)})"
        problem, _ = _node(rules, after, then=f"after {describe(option)}, ")
        if problem is not None:
            return problem
    return None


def _node(rules: Any, state: Any, then: str = "") -> tuple[str | None, tuple[Any, ...]]:
    """``(problem, options)`` of one node: what to move, and what can be chosen."""
    try:
        mover = rules.to_move(state)
        if mover is None:
            return None, ()
        if mover is CHANCE:
            return _chance(rules.outcomes(state), then)
        if not isinstance(mover, str):
            return f"{then}the player to move is {show_value(mover)}, not a player", ()
        players = rules.scores(state)
        if mover not in players:
            return (f"{then}the player to move, {show_value(mover)}, is not one of the "
                    f"players ({', '.join(map(str, players))})"), ()
        legal = tuple(rules.legal(state))
        if not legal:
            return (f"{then}{mover} is to decide but has no legal choice, so the match "
                    "could not go on"), ()
        if len(set(legal)) != len(legal):
            return f"{then}{mover}'s legal choices repeat a choice", ()
        rules.decision_rule(state).cite()  # a refusal of another choice cites it
    except Exception as err:  # noqa: BLE001 - a damaged state: say what broke
        return f"{then}the rules cannot read it ({_failure(err)})", ()
    return None, legal


def _chance(outcomes: Any, then: str) -> tuple[str | None, tuple[Any, ...]]:
    pairs = tuple(outcomes)
    if not pairs:
        return f"{then}a chance event with no outcome, so the match could not go on", ()
    total = Fraction(0)
    for outcome, p in pairs:
        if type(p) is not Fraction or not 0 < p <= 1:
            return (f"{then}the chance of {describe(outcome)} is {show_value(p)}, not a "
                    "probability above 0"), ()
        total += p
    if total != 1:
        return f"{then}the chances of a chance event add up to {total}, not 1", ()
    drawn = tuple(o for o, _ in pairs)
    if len(set(drawn)) != len(drawn):
        return f"{then}a chance event lists an outcome twice", ()
    return None, drawn


def _spread(options: tuple[Any, ...]) -> tuple[Any, ...]:
    """All of ``options``, or :data:`MAX_STEPPED` of them evenly spread (ends included)."""
    n = len(options)
    if n <= MAX_STEPPED:
        return options
    last = MAX_STEPPED - 1
    return tuple(options[i * (n - 1) // last] for i in range(MAX_STEPPED))


def _failure(err: BaseException) -> str:
    """What a rules function raised, for a message (never the whole of a huge value)."""
    return f"{type(err).__name__}: {describe(err)}"
