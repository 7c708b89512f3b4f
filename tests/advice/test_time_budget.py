"""The budget's seconds hold for the sampled part too (issue 30).

Once the enumeration has used the seconds, the choices are estimated from one block of
sampled lines (and simulated matches) each, not from all the budget asks for: the clock
is read between blocks. No test here times anything: the clock is a fake one
(``boardlab.advice.budget.CLOCK``), and what is asserted is how many samples were drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Any

import pytest

from boardlab import registry
from boardlab.advice import Budget, advise
from boardlab.advice import budget as budget_module
from boardlab.advice.advise import BLOCK
from boardlab.core.engine import Match
from tests.advice import brute

#: A first destination decision of 4 players (some 10^5 positions to the end of the
#: round) and a Breakout roll call (dozens of choices): big positions.
POINTS = {"mall-of-horror": {"players": 4}, "lockup-breakout": {}}


def _big(game_name: str) -> Match[Any, Any]:
    game = registry.get(game_name)
    return max((m for m in brute.decision_points(game, range(2), 1, **POINTS[game_name])),
               key=lambda m: len(m.legal()))


@pytest.fixture
def late_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock a second later at every look: any budget under a second is spent at once."""
    ticks = count()
    monkeypatch.setattr(budget_module, "CLOCK", lambda: float(next(ticks)))
    yield


@pytest.mark.parametrize("game_name", list(POINTS))
def test_a_tiny_time_budget_on_a_big_position_is_estimated_from_one_block(
        game_name: str, late_clock: None) -> None:
    match = _big(game_name)
    before = match.to_json()
    a = advise(match, horizon="round", omniscient=True,
               budget=Budget(seconds=0.5, samples=400, matches=200))
    assert not a.exact and [r.choice for r in a.rows] == list(match.legal())
    for r in a.rows:
        assert not r.exact and r.samples == BLOCK
        assert r.low is not None and r.high is not None and r.low <= r.score <= r.high
        assert r.win is not None and r.win.matches == BLOCK
    assert any("not exact (more than 0.5 s)" in w and
               f"the time budget stopped them at {BLOCK} of 400" in w for w in a.assumes)
    assert any(f"from {BLOCK} simulated matches per choice (the time budget stopped them "
               f"at {BLOCK} of 200)" in w for w in a.assumes)
    assert match.to_json() == before


def test_with_time_to_spare_the_blocks_are_the_whole_sample(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that never moves: every block is drawn, and the rows are the ones of the
    # sampled lines drawn in one go (sample k of each choice is the same line).
    monkeypatch.setattr(budget_module, "CLOCK", lambda: 0.0)
    match = _big("mall-of-horror")
    a = advise(match, horizon="round", omniscient=True,
               budget=Budget(nodes=10, samples=7, matches=5, seconds=1))
    assert all(r.samples == 7 and r.win is not None and r.win.matches == 5 for r in a.rows)
    assert not any("time budget stopped" in w for w in a.assumes)
    there = advise(match, horizon="round", omniscient=True,
                   budget=Budget(nodes=10, samples=7, matches=5, seconds=1, workers=2))
    assert [(r.score, r.low, r.high, r.win, r.final_diff) for r in a.rows] == \
        [(r.score, r.low, r.high, r.win, r.final_diff) for r in there.rows]
