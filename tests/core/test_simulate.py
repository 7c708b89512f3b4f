"""boardlab.core.simulate and the policies of boardlab.prob.exact."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.agents import RandomAgent
from boardlab.core.engine import Match
from boardlab.core.simulate import agent_table, play_many
from boardlab.prob.exact import enumerate_weights, first_choice_policy


def _make(seed: int) -> Match:
    return moh.new_match(players=4, seed=seed)


def _agents(match: Match, seed: int) -> dict[str, RandomAgent]:
    return agent_table(match.state.setup.colours, None, seed)


def _rounds(match: Match) -> int:
    return match.state.round


def test_play_many_matches_play_and_is_the_same_on_processes() -> None:
    seeds = list(range(6))
    here = play_many(_make, seeds, _agents, _rounds)
    assert here == [moh.play(players=4, seed=s).state.round for s in seeds]
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert play_many(_make, seeds, _agents, _rounds, executor=pool) == here


def test_agent_table_rejects_a_missing_player() -> None:
    with pytest.raises(ValueError, match="no agent for blue"):
        agent_table(("red", "blue"), {"red": RandomAgent(1)}, None)


def test_first_choice_policy_is_deterministic_where_uniform_is_not() -> None:
    state = moh.position(players=4, characters={6: ["red pinup", "blue pinup"],
                                                4: ["green pinup"]}, phase="f")
    assert state.pending.kind == "ballot"

    def stop(s, events):  # noqa: ANN001, ANN202 - a small local predicate
        return any(e.kind == "chosen" for e in events)

    def who(s, events):  # noqa: ANN001, ANN202
        return next(e.who for e in events if e.kind == "chosen")

    fixed = enumerate_weights(moh.RULES, state, stop=stop, value=who,
                              policy=first_choice_policy)
    assert len(fixed) == 1 and sum(fixed.values()) == Fraction(1)
    mixed = enumerate_weights(moh.RULES, state, stop=stop, value=who)
    assert mixed == {"red": Fraction(1, 2), "blue": Fraction(1, 2)}
