"""Bad input to ``advise`` gets the front door's errors and changes nothing (issue 30).

An unknown or wrong seat, a finished match, a chance node, a horizon of 0 or 10**9, a
negative budget, an opponent policy that answers something illegal; a cancelled
computation (Ctrl-C inside it) leaves the match as it was.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab import mall_of_horror as moh
from boardlab.advice import Budget, advise
from boardlab.core.errors import ArgumentError, ArgumentTypeError, BoardlabError
from tests.prob.hostile import examples


def _decision() -> Any:
    m = moh.new_match(players=3, seed=4)
    while m.to_move == moh.CHANCE or m.state.pending.kind != "destination":
        m.roll() if m.to_move == moh.CHANCE else m.push(m.legal()[0])
    return m


MATCH = _decision()
CASES = [
    (dict(seat="purple"), ArgumentError, "seat: not a colour"),
    (dict(seat=3), ArgumentTypeError, "seat:"),
    (dict(seat="yellow"), ArgumentError, "it is blue's decision"),
    (dict(horizon=0), ArgumentError, "horizon: 1 to 2000"),
    (dict(horizon=10**9), ArgumentError, "horizon: 1 to 2000"),
    (dict(horizon=True), ArgumentTypeError, "horizon:"),
    (dict(horizon="game"), ArgumentError, "horizon:"),
    (dict(budget=-1), ArgumentError, "budget: a budget is not negative"),
    (dict(budget={"seconds": -2}), ArgumentError, "budget.seconds:"),
    (dict(budget={"nodes": 1.5}), ArgumentTypeError, "budget.nodes:"),
    (dict(budget={"depth": 3}), ArgumentTypeError, "budget:"),
    (dict(budget="lots"), ArgumentTypeError, "budget:"),
    (dict(seed="x"), ArgumentTypeError, "seed:"),
    (dict(explain=1), ArgumentTypeError, "explain:"),
    (dict(opponents="genius"), ArgumentError, "opponents:"),
    (dict(opponents={"purple": "random"}), ArgumentError, "opponents:"),
    (dict(opponents={"blue": "random"}), ArgumentError, "leave it out"),
    (dict(opponents=42), ArgumentTypeError, "opponents:"),
    (dict(opponents=lambda view, legal: "nowhere"), ArgumentError, "not legal here"),
    (dict(opponents=lambda view, legal: {legal[0]: -1}), ArgumentError, "not negative"),
    (dict(opponents=lambda view, legal: {legal[0]: 0.5}), ArgumentTypeError, "exact"),
    (dict(opponents=lambda view, legal: list(legal)), ArgumentTypeError,
     "or a list of (choice, weight) pairs"),
    (dict(opponents=lambda view, legal: []), ArgumentTypeError, "(choice, weight) pairs"),
    (dict(opponents=lambda view, legal: [("nowhere", 1)]), ArgumentError, "not legal here"),
]


@pytest.mark.parametrize(("kwargs", "error", "text"), CASES)
def test_bad_arguments_are_refused_and_change_nothing(kwargs: dict[str, Any], error: type,
                                                      text: str) -> None:
    before = MATCH.to_json()
    with pytest.raises(BoardlabError) as caught:
        advise(MATCH, horizon=kwargs.pop("horizon", 3),
               budget=kwargs.pop("budget", {"matches": 0}), **kwargs)
    assert type(caught.value) is error, caught.value
    assert text in str(caught.value)
    assert MATCH.to_json() == before


def test_a_policy_may_answer_with_pairs_as_with_a_mapping() -> None:
    def pairs(view: Any, legal: Any) -> Any:
        return [(legal[0], 1), (legal[-1], 2)]

    def mapping(view: Any, legal: Any) -> Any:
        return {legal[0]: 1, legal[-1]: 2}

    one = advise(MATCH, horizon=3, budget={"matches": 0}, opponents=pairs)
    two = advise(MATCH, horizon=3, budget={"matches": 0}, opponents=mapping)
    assert [r.score for r in one.rows] == [r.score for r in two.rows]
    assert all(r.exact for r in one.rows)


def test_a_finished_match_and_a_chance_node_have_no_advice() -> None:
    over = moh.play(players=3, seed=1)
    with pytest.raises(ArgumentError, match="the match is over"):
        advise(over)
    with pytest.raises(ArgumentError, match="waits for chance"):
        advise(moh.new_match(players=3, seed=1))
    with pytest.raises(ArgumentTypeError, match="expected a match or a position"):
        advise("not a match")


def test_ctrl_c_inside_the_enumeration_leaves_the_match_unchanged() -> None:
    before = MATCH.to_json()
    calls = []

    def interrupting(view: Any, legal: Any) -> Any:
        calls.append(1)
        if len(calls) > 20:
            raise KeyboardInterrupt
        return legal[0]
    with pytest.raises(KeyboardInterrupt):
        advise(MATCH, horizon=8, opponents=interrupting, budget={"matches": 0})
    assert MATCH.to_json() == before
    # and it still works (a time budget no loaded machine reaches)
    assert advise(MATCH, horizon=2, budget={"matches": 0, "seconds": 3600}).exact


def test_a_budget_too_small_is_estimated_and_labelled() -> None:
    a = advise(MATCH, horizon="round", budget=Budget(nodes=50, samples=30, matches=0))
    assert not a.exact and not any(r.exact for r in a.rows)
    assert all(r.samples == 30 and r.low <= r.score <= r.high for r in a.rows)  # type: ignore[operator]
    assert any("not exact (more than 50 positions)" in w for w in a.assumes)


@settings(max_examples=examples(60), deadline=None)
@given(horizon=st.one_of(st.integers(-10**12, 10**12), st.booleans(), st.floats(),
                         st.text(max_size=6), st.none()),
       seat=st.one_of(st.none(), st.text(max_size=8), st.integers(), st.booleans()),
       budget=st.one_of(st.none(), st.integers(-5, 3), st.floats(),
                        st.dictionaries(st.sampled_from(["nodes", "seconds", "memory_mb",
                                                         "samples", "matches", "x"]),
                                        st.one_of(st.integers(-3, 3), st.floats(
                                            allow_nan=True), st.booleans()), max_size=2)))
def test_any_arguments_give_advice_or_a_boardlab_error(horizon: Any, seat: Any,
                                                       budget: Any) -> None:
    before = MATCH.to_json()
    try:
        a = advise(MATCH, seat, horizon=horizon, budget=budget if budget is not None else
                   {"matches": 0})
    except BoardlabError:
        pass
    else:
        assert [r.choice for r in a.rows] == list(MATCH.legal())
    assert MATCH.to_json() == before
