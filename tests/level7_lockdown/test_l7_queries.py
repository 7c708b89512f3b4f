"""Level 7's public queries give the rules' own answers (L7-R4, L7-terror-stats,
L7-terror-gain, L7-terror-floor), on every state of random matches, and refuse bad
arguments by name."""

from __future__ import annotations

import pytest

from boardlab import level7_lockdown as l7
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.level7_lockdown.config import ICONS
from boardlab.level7_lockdown.rules import Work


def _states() -> list[l7.State]:
    out = []
    for seed, (players, scenario) in enumerate([(2, "sandbox"), (3, "12"), (4, "9"),
                                                (1, "13")]):
        match = l7.play(players, scenario=scenario, seed=seed)
        out += [r.before for r in match.records[::7]]
    return out


STATES = _states()


def test_l7_R4_total_fear_and_terror_stats_are_the_rules_own() -> None:
    assert len(STATES) > 100
    for state in STATES:
        work = Work(state)
        for c in state.chars:
            assert l7.total_fear(state, c.name) == work.total_fear(c)
            view = l7.observe(state, state.setup.seats[0])
            assert l7.total_fear(view, c.name) == work.total_fear(c)
            for icon in ICONS:
                assert l7.stat(state, c.name, icon) == work.stat(c, icon)


@pytest.mark.parametrize("n", [0, 1, 3, 7, 12])
def test_l7_terror_gain_and_floor_match_the_working_copy(n: int) -> None:
    for state in STATES[::3]:
        for i, c in enumerate(state.chars):
            gained = Work(state)
            gained.gain_fear(i, n, "a test", "L7-terror-gain")
            after = gained.chars[i]
            if after.status == c.status:  # a heart attack sets its own fear and terror
                assert l7.fear_gain(state, c.name, n) == (after.fear, after.terror)
            lost = Work(state)
            lost.lose_fear(i, n, "a test", "L7-terror-floor")
            assert l7.fear_loss(state, c.name, n) == lost.chars[i].fear


def test_l7_queries_refuse_bad_arguments_by_name() -> None:
    state = STATES[0]
    with pytest.raises(ArgumentTypeError, match="^position: expected a Level 7"):
        l7.total_fear(None, "Leo")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="^character: not a character of this match"):
        l7.stat(state, "Zed", "Strength")
    with pytest.raises(ArgumentError, match="^icon: not a stat"):
        l7.stat(state, "Leo", "Luck")
    with pytest.raises(ArgumentTypeError, match="^n: expected a whole number, not a bool"):
        l7.fear_gain(state, "Leo", True)
    with pytest.raises(ArgumentError, match="^n: 0 to 100"):
        l7.fear_loss(state, "Leo", -1)
