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
    """Problems of a single node: broken invariants and malformed choices or chance."""
    problems = list(rules.invariants(state))
    mover = rules.to_move(state)
    if mover is CHANCE:
        outs = rules.outcomes(state)
        if not outs:
            problems.append("chance node without outcomes")
        total = Fraction(0)
        for outcome, p in outs:
            if type(p) is not Fraction:
                problems.append(f"probability of {outcome} is {type(p).__name__}, not Fraction")
            elif p <= 0:
                problems.append(f"probability of {outcome} is {p}")
            total += p
        if total != 1:
            problems.append(f"chance probabilities sum to {total}")
        if len({o for o, _ in outs}) != len(outs):
            problems.append("repeated chance outcome")
    elif mover is not None:
        legal = rules.legal(state)
        if not legal:
            problems.append(f"{mover} has no legal choice")
        if len(set(legal)) != len(legal):
            problems.append("repeated legal choice")
    node = getattr(rules, "node", None)
    if node is not None:  # the optional fast path must say what the protocol methods say
        fast_mover, options, step = node(state)
        expected = (rules.outcomes(state) if mover is CHANCE else
                    rules.legal(state) if mover is not None else ())
        if fast_mover != mover or tuple(options) != tuple(expected):
            problems.append(f"node() says {fast_mover!r} with {len(options)} options, the "
                            f"rules {mover!r} with {len(expected)}")
        elif mover is not None:
            first = options[0][0] if mover is CHANCE else options[0]
            fast = step(state, first) if step is not None else None
            if fast is None or (fast[0], as_events(fast[1])) != rules.step(state, first):
                problems.append(f"node()'s step of {first} differs from step()")
    return problems


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
    rng = random.Random(seed ^ 0x5EED)
    agent = RandomAgent(seed)

    def fail(text: str) -> None:
        report.violations.append(f"{rules.name} seed={seed} ply={match.ply}: {text}")

    every = illegal.every if isinstance(illegal, EveryMatch) else 0
    for _ in range(max_plies):
        state = match.state
        for problem in check_node(rules, state):
            fail(problem)
        mover = rules.to_move(state)
        if deep:
            _deep_checks(rules, match, rng, illegal, report, fail)
        elif every and mover is not None and match.ply % every == 0:
            # Not only the deep matches try illegal choices: cheap (one node in
            # ``every``), and the refusals are then soaked like the rest.
            assert illegal is not None
            _probe_illegal(match, rng, illegal, report, fail)
        if mover is None:
            break
        report.steps += 1
        if mover is CHANCE:
            report.chance_nodes += 1
            match.roll()
        else:
            rules.observe(state, mover)
            match.push(agent.choose(None, match.legal()))
    else:
        fail(f"no end within {max_plies} plies")
    if deep:
        replay = Match.from_json(rules, match.to_json())
        if replay.state != match.state:
            fail("replaying the saved record does not reproduce the final state")
    return report


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
