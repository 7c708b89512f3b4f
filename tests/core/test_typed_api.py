"""The public API as a type checker sees it: ``make typecheck`` checks this file strictly.

Each ``assert_type`` is checked by mypy (a wrong generic fails ``make test`` there) and
is a no-op when pytest runs the same functions, which also check the values.
"""

from __future__ import annotations

from fractions import Fraction
from typing import assert_type

from boardlab import mall_of_horror as moh
from boardlab.core import CHANCE, Chance, Event, Match, Rules
from boardlab.mall_of_horror.choices import Choice
from boardlab.mall_of_horror.state import State
from boardlab.prob import Dist


def test_dist_keeps_its_outcome_type() -> None:
    d6 = Dist.uniform(range(1, 7))
    assert_type(d6, Dist[int])
    assert_type(d6 + d6, Dist[int])
    assert_type(d6 - 1, Dist[int])
    assert_type(d6.repeat(2), Dist[int])
    assert_type(d6 >= 5, Dist[bool])
    assert_type(d6.map(str), Dist[str])
    assert_type(d6.joint(d6), Dist[tuple[int, int]])
    assert_type(d6.P(6), Fraction)
    assert (d6 + d6).P(12) == Fraction(1, 36) and (d6 >= 5).P() == Fraction(1, 3)


def test_a_mall_of_horror_match_is_typed_by_its_state_and_choices() -> None:
    m = moh.new_match(players=4, seed=1)
    assert_type(m, Match[State, Choice])
    assert_type(m.state, State)
    assert_type(m.legal(), tuple[Choice, ...])
    assert_type(m.roll(), Choice)
    assert_type(m.last_events, tuple[Event, ...])
    rules: Rules[State, Choice] = moh.RULES  # the rules satisfy the protocol
    assert rules.name == "mall-of-horror"


def test_to_move_narrows_with_is() -> None:
    m = moh.new_match(players=4, seed=1)
    mover = m.to_move
    assert_type(mover, str | Chance | None)
    assert mover is CHANCE
    while True:
        mover = m.to_move
        if mover is CHANCE:
            m.roll()
            continue
        break
    assert_type(mover, str | None)  # CHANCE narrowed away by `is`
    assert mover == "yellow"
