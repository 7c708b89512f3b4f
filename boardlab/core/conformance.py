"""The conformance check every game passes (after OpenSpiel's random simulation test).

First, the game's declared procedure table must be complete
(:func:`~boardlab.core.procedure.procedure_problems`: every pending kind has a mover
and a step, every declared key of a dispatch table a handler, every cited rule is in
the book). Then, over seeded random matches it checks, after every step, that the game's invariants
hold, that decisions offer unique non-empty choices, and that every chance node's
probabilities are positive :class:`~fractions.Fraction` values summing to exactly 1.
A game whose illegal-choice maker is an :class:`EveryMatch` has it tried in every
match, at every ``PROBE_EVERY``-th ply: each must be refused, naming a rule, without
changing anything.
On "deep" matches it also checks at every step that the position round-trips through
JSON, that ``pop()`` restores the previous state exactly, that illegal choices are
refused (at every ply), and that replaying the saved record reproduces the final state.

>>> from boardlab.core.conformance import ConformanceReport
>>> ConformanceReport().ok
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any

from boardlab.core.agents import RandomAgent
from boardlab.core.engine import (
    CHANCE,
    Match,
    Rules,
    position_from_json,
    position_to_json,
)
from boardlab.core.errors import IllegalAction
from boardlab.core.events import as_events
from boardlab.core.outcomes import OutcomeTable
from boardlab.core.procedure import rules_procedure_problems
from boardlab.core.simulate import paused_gc


@dataclass
class ConformanceReport:
    """What a conformance run looked at, and every violation it found."""

    matches: int = 0
    steps: int = 0
    chance_nodes: int = 0
    deep_matches: int = 0
    illegal_tried: int = 0
    violations: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations

    def merge(self, other: ConformanceReport) -> None:
        self.matches += other.matches
        self.steps += other.steps
        self.chance_nodes += other.chance_nodes
        self.deep_matches += other.deep_matches
        self.illegal_tried += other.illegal_tried
        self.violations.extend(other.violations)


IllegalMaker = Callable[[Any, random.Random], Iterable[Any]]
#: A match that is not deep-checked tries an :class:`EveryMatch` maker's candidates at
#: every ``PROBE_EVERY``-th ply (a deep match tries them at every ply).
PROBE_EVERY = 32


class EveryMatch:
    """An illegal-choice maker that every match tries, not only the deep ones (at every
    ``every``-th ply, so it stays cheap): a game opts in by declaring its maker so.

    >>> maker = EveryMatch(lambda state, rng: iter(()))
    >>> list(maker(None, random.Random(0))), maker.every
    ([], 32)
    """

    def __init__(self, make: IllegalMaker, every: int = PROBE_EVERY) -> None:
        self.make = make
        self.every = every

    def __call__(self, state: Any, rng: random.Random) -> Iterable[Any]:
        return self.make(state, rng)


def table_problems(rules: Rules[Any, Any]) -> list[str]:
    """What is missing from the game's declared procedure table (``rules.procedure``),
    each named with the game: every game declares one, and it must be complete."""
    return [f"{rules.name}: {problem}" for problem in rules_procedure_problems(rules)]


def check_node(rules: Rules[Any, Any], state: Any) -> list[str]:
    """Problems of a single node: broken invariants and malformed choices or chance.

    >>> from tests.core.toy import RULES, ToySetup
    >>> check_node(RULES, RULES.initial(ToySetup()))
    []
    """
    problems, _, _, first = _node_checks(rules, state, None)
    if first is not _NOTHING:
        _compare_step(rules, state, first, None, problems)
    return problems


#: No fast step is left to compare (the node has no ``node()``, or the match is over,
#: or ``node()`` already disagreed with the protocol methods).
_NOTHING: Any = object()


def _node_checks(rules: Rules[Any, Any], state: Any,
                 legal_of: Callable[[], tuple[Any, ...]] | None
                 ) -> tuple[list[str], Any, tuple[Any, ...], Any]:
    """:func:`check_node` but its last check: ``(problems, mover, choices, first)``.

    ``choices`` is what the protocol methods offer (``rules.legal`` at a decision,
    ``rules.outcomes`` at a chance node), asked once: the rules are pure functions, so
    asking again (as the check did before) could only give the same answer.
    ``legal_of`` answers ``rules.legal(state)`` (a match's cached ``legal()``: the very
    call, made once for both the check and the ply). ``first`` is ``(choice, fast step
    result)`` still to compare with ``rules.step`` (:func:`_compare_step`), or
    :data:`_NOTHING`.
    """
    problems = list(rules.invariants(state))
    mover = rules.to_move(state)
    expected: Any = ()
    if mover is CHANCE:
        outs = expected = rules.outcomes(state)
        if _SOUND_TABLES.get(id(outs)) is not outs:  # else: the very table that passed
            problems.extend(_chance_problems(outs))
    elif mover is not None:
        legal = expected = rules.legal(state) if legal_of is None else legal_of()
        if not legal:
            problems.append(f"{mover} has no legal choice")
        if len(set(legal)) != len(legal):
            problems.append("repeated legal choice")
    first: Any = _NOTHING
    node = getattr(rules, "node", None)
    if node is not None:  # the optional fast path must say what the protocol methods say
        fast_mover, options, step = node(state)
        if fast_mover != mover or tuple(options) != tuple(expected):
            problems.append(f"node() says {fast_mover!r} with {len(options)} options, the "
                            f"rules {mover!r} with {len(expected)}")
        elif mover is not None:
            choice = options[0][0] if mover is CHANCE else options[0]
            first = (choice, step(state, choice) if step is not None else None)
    return problems, mover, expected, first


def _chance_problems(outs: Any) -> list[str]:
    """What is wrong with the outcomes of a chance node; an
    :class:`~boardlab.core.outcomes.OutcomeTable` found sound is remembered (by
    identity: games cache their tables, and a table is immutable — a tuple of
    ``(outcome, Fraction)`` pairs of the game's frozen outcome values).

    >>> _chance_problems([("a", Fraction(1, 2))])
    ['chance probabilities sum to 1/2']
    """
    problems: list[str] = []
    if not outs:
        problems.append("chance node without outcomes")
    total = _total(outs, problems)
    if total != 1:
        problems.append(f"chance probabilities sum to {total}")
    if len({o for o, _ in outs}) != len(outs):
        problems.append("repeated chance outcome")
    if not problems and outs.__class__ is OutcomeTable:
        if len(_SOUND_TABLES) >= 4096:  # a bound on memory only
            _SOUND_TABLES.clear()
        _SOUND_TABLES[id(outs)] = outs  # held: the id is not reused while remembered
    return problems


#: The outcome tables found sound, by id (see :func:`_chance_problems`).
_SOUND_TABLES: dict[int, Any] = {}


def _total(outs: Any, problems: list[str]) -> Any:
    """The sum of the probabilities of ``outs``, after noting each that is no positive
    :class:`~fractions.Fraction` in ``problems``. When all are Fractions the sum is
    taken in whole numbers over their least common denominator: the very value the
    Fractions add up to, without a normalising gcd per addition.

    >>> _total([("a", Fraction(1, 3)), ("b", Fraction(1, 6))], [])
    Fraction(1, 2)
    """
    exact = True
    for outcome, p in outs:
        if type(p) is not Fraction:
            problems.append(f"probability of {outcome} is {type(p).__name__}, not Fraction")
            exact = False
        elif p.numerator <= 0:  # a Fraction's denominator is positive: p <= 0, faster
            problems.append(f"probability of {outcome} is {p}")
    if not exact:  # a float or an int among them: added as before, whatever it gives
        total = Fraction(0)
        for _, p in outs:
            total += p
        return total
    den = lcm(*[p.denominator for _, p in outs])
    return Fraction(sum(p.numerator * (den // p.denominator) for _, p in outs), den)


def _compare_step(rules: Rules[Any, Any], state: Any, first: tuple[Any, Any],
                  stepped: tuple[Any, Any] | None, problems: list[str]) -> None:
    """The fast step of ``first`` must be ``rules.step``'s: ``stepped`` is that step's
    result when the match has just played the very choice from ``state`` (None: step
    here)."""
    choice, fast = first
    slow = rules.step(state, choice) if stepped is None else stepped
    if fast is None or (fast[0], as_events(fast[1])) != slow:
        problems.append(f"node()'s step of {choice} differs from step()")


def _same_choice(a: Any, b: Any) -> bool:
    """``a`` and ``b`` are one choice to a pure step: the same object, or equal values of
    one type (a game's choices are immutable values)."""
    return a is b or (a.__class__ is b.__class__ and a == b)


def check_match(rules: Rules[Any, Any], setup: Any, seed: int, *, deep: bool = False,
                illegal: IllegalMaker | None = None,
                max_plies: int = 50_000) -> ConformanceReport:
    """Play one seeded random match, checking every node (and more when ``deep``), after
    the game's procedure table (:func:`table_problems`)."""
    with paused_gc():  # the match is dropped before the collector runs again
        return _check_match(rules, setup, seed, deep, illegal, max_plies)


def _check_match(rules: Rules[Any, Any], setup: Any, seed: int, deep: bool,
                 illegal: IllegalMaker | None, max_plies: int) -> ConformanceReport:
    report = ConformanceReport(matches=1, deep_matches=int(deep))
    report.violations.extend(table_problems(rules))
    match = Match(rules, setup, seed=seed)
    play = _Play(rules, match, report, seed, illegal, RandomAgent(seed))

    every = illegal.every if isinstance(illegal, EveryMatch) else 0
    for _ in range(max_plies):
        if deep or (every and match.ply % every == 0):
            going = play.checked_ply(deep)
        else:
            going = play.fast_ply()
        if not going:
            break
    else:
        play.fail(f"no end within {max_plies} plies")
    if deep:
        replay = Match.from_json(rules, match.to_json())
        if replay.state != match.state:
            play.fail("replaying the saved record does not reproduce the final state")
    return report


class _Play:
    """One match of :func:`check_match` ply by ply: the checks of a node, then its ply."""

    def __init__(self, rules: Rules[Any, Any], match: Match[Any, Any],
                 report: ConformanceReport, seed: int, illegal: IllegalMaker | None,
                 agent: RandomAgent) -> None:
        self.rules, self.match, self.report, self.seed = rules, match, report, seed
        self.illegal, self.agent = illegal, agent
        self.rng = random.Random(seed ^ 0x5EED)

    def fail(self, text: str, ply: int | None = None) -> None:
        """Record a violation at ``ply`` (default: the match's ply now)."""
        at = self.match.ply if ply is None else ply
        self.report.violations.append(f"{self.rules.name} seed={self.seed} ply={at}: {text}")

    def checked_ply(self, deep: bool) -> bool:
        """Every check of the node in the plain order (with the deep checks, or the
        illegal choices of an :class:`EveryMatch` maker), then its ply; False at the end.
        """
        rules, match = self.rules, self.match
        state = match.state
        problems, mover, _, first = _node_checks(rules, state, None)
        if first is not _NOTHING:
            _compare_step(rules, state, first, None, problems)
        for problem in problems:
            self.fail(problem)
        if deep:
            _deep_checks(rules, match, self.rng, self.illegal, self.report, self.fail)
        elif mover is not None:
            # Not only the deep matches try illegal choices: cheap (one node in
            # ``every``), and the refusals are then soaked like the rest.
            assert self.illegal is not None
            _probe_illegal(match, self.rng, self.illegal, self.report, self.fail)
        if mover is None:
            return False
        self.report.steps += 1
        if mover is CHANCE:
            self.report.chance_nodes += 1
            match.roll()
        else:
            rules.observe(state, mover)
            match.push(self.agent.choose(None, match.legal()))
        return True

    def fast_ply(self) -> bool:
        """The same checks as :meth:`checked_ply` without deep checks or probes, two
        calls fewer: the match's cached ``legal()`` is the check's ``rules.legal``, and
        when the match is about to play the very choice whose fast step the check
        compares, the match's own step is the ``rules.step`` to compare it with (the
        rules are pure functions). False at the end."""
        rules, match, report = self.rules, self.match, self.report
        state, ply = match.state, match.ply
        problems, mover, choices, first = _node_checks(rules, state, match.legal)
        if mover is None:
            for problem in problems:
                self.fail(problem)
            return False
        report.steps += 1
        chosen: Any = None
        if mover is CHANCE:  # the roll surely draws the first outcome when it is the only one
            reuse = first is not _NOTHING and len(choices) == 1 and \
                _same_choice(choices[0][0], first[0])
        else:  # the agent's pick, as below (it draws nothing else)
            chosen = self.agent.choose(None, match.legal()) if choices else None
            reuse = first is not _NOTHING and bool(choices) and \
                _same_choice(chosen, first[0])
        if not reuse:
            if first is not _NOTHING:
                _compare_step(rules, state, first, None, problems)
            for problem in problems:
                self.fail(problem)
        if mover is CHANCE:
            report.chance_nodes += 1
            match.roll()
        else:
            self._observe(state, mover, first[0] if reuse else _NOTHING)
            if not choices:
                chosen = self.agent.choose(None, match.legal())  # raises, as it did
            match.push(chosen)
        if reuse:  # the ply's record holds exactly what rules.step returned
            _compare_step(rules, state, first, (match.state, match._records[ply][1]),
                          problems)
            for problem in problems:
                self.fail(problem, ply)
        return True

    def _observe(self, state: Any, mover: Any, unstepped: Any) -> None:
        """``rules.observe``, which must not fail; when it does, the step the check
        would have taken before it (``unstepped``, unless :data:`_NOTHING`) is taken
        first, so that a match that crashes crashes as it did."""
        try:
            self.rules.observe(state, mover)
        except Exception:
            if unstepped is not _NOTHING:
                self.rules.step(state, unstepped)
            raise


def _deep_checks(rules: Rules[Any, Any], match: Match[Any, Any], rng: random.Random,
                 illegal: IllegalMaker | None, report: ConformanceReport,
                 fail: Callable[[str], None]) -> None:
    state = match.state
    if position_from_json(rules, position_to_json(rules, state)) != state:
        fail("position does not round-trip through JSON")
    if match.ply:
        before = match.records[-1].before
        choice = match.pop()
        if match.state != before:
            fail("pop() did not restore the previous state")
        match.push(choice)
        if match.state != state:
            fail("pushing the popped choice again gave another state")
    if illegal is not None and rules.to_move(state) is not None:
        _probe_illegal(match, rng, illegal, report, fail)


def _probe_illegal(match: Match[Any, Any], rng: random.Random, illegal: IllegalMaker,
                   report: ConformanceReport, fail: Callable[[str], None]) -> None:
    """Push the game's candidate choices that are not legal here: each must be refused
    with a rule and leave the match exactly as it was."""
    state = match.state  # after a deep check's re-push: equal, but another object
    legal = set(match.legal())
    for bad in illegal(state, rng):
        if bad in legal:
            continue
        report.illegal_tried += 1
        ply = match.ply
        try:
            match.push(bad)
        except IllegalAction as err:
            if err.rule is None:
                fail(f"refusal of {bad} names no rule")
        else:
            fail(f"illegal choice {bad} was accepted")
            match.pop()
        if match.state is not state or match.ply != ply:
            fail(f"refused choice {bad} changed the match")


def check_game(rules: Rules[Any, Any], setups: Iterable[tuple[Any, int]], *, deep_every: int = 0,
               illegal: IllegalMaker | None = None) -> ConformanceReport:
    """Run :func:`check_match` over ``(setup, seed)`` pairs; every ``deep_every``-th deep."""
    report = ConformanceReport()
    for i, (setup, seed) in enumerate(setups):
        deep = bool(deep_every) and i % deep_every == 0
        report.merge(check_match(rules, setup, seed, deep=deep, illegal=illegal))
    return report
