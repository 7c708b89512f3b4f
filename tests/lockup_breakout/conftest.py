"""Shared helpers of the Lockup: Breakout rule tests.

Rule text: /work/shared/rules/002_f4ae64ed8355c7a5.txt (cited by section id, never
quoted); rulings: LB-R1…R4 (RULINGS.md), LB-R5…R35 (the expansion plan) and LB-R36…R45
(docs/rulings.md). Tests are named after the rule they show:
``test_lb_<id without "LB-", dashes as underscores>_…``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.engine import CHANCE, Match


def start(**kwargs: Any) -> Match:
    """A match from a described position (``lb.position`` keywords; pass ``events=[]`` to
    collect the events of the automatic steps before the first decision)."""
    return lb.new_match(start=lb.position(**kwargs), seed=0)


def kinds(events: Iterable[Any], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def ids(events: Iterable[Any], kind: str | None = None) -> list[str]:
    """Rule ids of the events (of one kind)."""
    return [e.rule.id for e in events if kind is None or e.kind == kind]


def first_legal(match: Match, kind: type) -> Any:
    return next(c for c in match.legal() if isinstance(c, kind))


Policy = Callable[[Match], Any]


def drive(match: Match, policy: Policy, *, until: Callable[[Match], bool] | None = None,
          chance: Callable[[Match], Any] | None = None, limit: int = 5000) -> list[Any]:
    """Play on with ``policy`` for decisions and ``chance`` (default: the seeded RNG)
    until ``until(match)`` or the end; returns the events."""
    events: list[Any] = []
    for _ in range(limit):
        if match.is_over or (until is not None and until(match)):
            return events
        if match.to_move is CHANCE:
            if chance is not None:
                outcome = chance(match)
                if outcome is not None:
                    events.extend(match.push(outcome))
                    continue
            match.roll()
            events.extend(match.last_events)
        else:
            events.extend(match.push(policy(match)))
    raise AssertionError("drive() did not stop")


def greedy(match: Match) -> Any:
    """Take every reward (the first option that is not a refusal), step on, no tomes."""
    legal = match.legal()
    for c in legal:
        if isinstance(c, lb.Pass):
            return c
    for c in legal:
        if not isinstance(c, (lb.Decline, lb.Stop, lb.Pass)):
            return c
    return legal[0]


def refuse(match: Match) -> Any:
    """Refuse whatever can be refused (else the first choice)."""
    legal = match.legal()
    for c in legal:
        if isinstance(c, (lb.Decline, lb.Stop, lb.Pass)):
            return c
    return legal[0]


@pytest.fixture
def cfg() -> lb.Config:
    return lb.Config()
