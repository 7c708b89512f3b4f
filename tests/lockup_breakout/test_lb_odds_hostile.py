"""Hostile input for every public function of ``lockup_breakout.odds`` (issue 15), as
tests/mall_of_horror/test_odds_hostile.py does for Mall of Horror: arguments drawn mostly
plausible and often absurd; a call gives a valid answer or raises a boardlab error (never
a raw KeyError/IndexError/TypeError from inside), and the pinned refusals name the
argument and the rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardlab import lockup_breakout as lb
from boardlab.core.errors import ArgumentTypeError, QuestionError
from boardlab.lockup_breakout import odds
from tests.prob.hostile import check_answer, count, hostile_settings, junk, maybe, outcome_of

Call = Callable[[Any], tuple[Callable[[], Any], str]]

POSITIONS = [
    lb.position(players=3, tunnels={3: "double", 5: "single"},
                crews={3: ["red seeker", "blue 3*"], 5: ["blue 1*", "green seeker"]}),
    lb.position(players=2, tunnels={1: "double"}, crews={1: ["red seeker", "blue seeker*"]}),
    lb.position(players=1, difficulty="green", tunnels={2: "double"},
                crews={2: ["red seeker"]}),
    lb.position(players=1, difficulty="red", round=6, phase="lightsout",
                tunnels={7: "double"}, crews={7: ["red seeker"]},
                lanterns={"red": "Chapel", "guards": "Reliquary"}),
]
SPACES = ["ENTRANCE", "Stair", "Crossroads", "TOMB", "Outflow", "Nowhere", 3]
NAMES = ["red", "blue", "green", "guards", "purple", "", 0]


def positions() -> st.SearchStrategy[Any]:
    return maybe(st.sampled_from(POSITIONS))


def explain() -> st.SearchStrategy[Any]:
    return maybe(st.booleans())


def kw(data: Any, **strategies: st.SearchStrategy[Any]) -> dict[str, Any]:
    return {k: data.draw(s) for k, s in strategies.items() if data.draw(st.booleans())}


def entry(f: Callable[..., Any], answer: str, positional: list[st.SearchStrategy[Any]],
          **keywords: st.SearchStrategy[Any]) -> Call:
    def call(data: Any) -> tuple[Callable[[], Any], str]:
        args = [data.draw(s) for s in positional]
        kwargs = kw(data, **keywords)
        return (lambda: f(*args, **kwargs)), answer

    return call


def names() -> st.SearchStrategy[Any]:
    return maybe(st.sampled_from(NAMES))


CALLS: dict[str, Call] = {
    "tunnel_layouts": entry(odds.tunnel_layouts, "count", [count(7)], explain=explain()),
    "tunnel_at": entry(odds.tunnel_at, "table", [count(7)],
                       kind=maybe(st.sampled_from(["any", "single", "double", "none", "x"])),
                       explain=explain()),
    "tunnel_among": entry(odds.tunnel_among, "probability",
                          [maybe(st.lists(count(9), max_size=4)), count(7)],
                          every=maybe(st.booleans()), explain=explain()),
    "seeker_contest": entry(odds.seeker_contest, "probability",
                            [positions(), count(8), names()], explain=explain()),
    "loot_look": entry(odds.loot_look, "distribution",
                       [positions(), maybe(st.sampled_from(SPACES))], player=names(),
                       explain=explain()),
    "loot_has": entry(odds.loot_has, "probability",
                      [positions(), maybe(st.sampled_from(SPACES)),
                       maybe(st.sampled_from(["Cache", "Passage", "Gold", ""]))],
                      player=names(), explain=explain()),
    "shapeshifter_chain": entry(odds.shapeshifter_chain, "distribution",
                                [positions(), names()],
                                policy=st.one_of(st.none(), junk()), explain=explain()),
    "reachable": entry(odds.reachable, "any", [positions(), names(), count(9)],
                       affordable=maybe(st.booleans()), explain=explain()),
    "guards_first": entry(odds.guards_first, "probability", [positions()],
                          policy=st.one_of(st.none(), junk()),
                          max_nodes=maybe(st.integers(-5, 200_000)), explain=explain()),
}


def test_every_public_function_has_a_hostile_test() -> None:
    assert set(odds.__all__) == set(CALLS), set(odds.__all__) ^ set(CALLS)
    public = {n for n, f in vars(odds).items() if callable(f) and not n.startswith("_")
              and getattr(f, "__module__", "") == odds.__name__ and not isinstance(f, type)}
    assert public <= set(odds.__all__), public - set(odds.__all__)


@pytest.mark.parametrize("name", sorted(CALLS))
@hostile_settings()
@given(data=st.data())
def test_hostile_odds_arguments_give_an_answer_or_a_boardlab_error(name: str,
                                                                   data: Any) -> None:
    thunk, kind = CALLS[name](data)
    ok, value = outcome_of(thunk)
    if ok:
        check_answer(kind, value)


S = POSITIONS[0]
REFUSALS: list[tuple[Callable[[], Any], type[Exception], str]] = [
    (lambda: odds.tunnel_layouts(True), ArgumentTypeError, "players: must be a whole number"),
    (lambda: odds.tunnel_layouts(6), QuestionError, r"1 \(solitary\) to 5.*LB-R5"),
    (lambda: odds.tunnel_at(3, kind="triple"), QuestionError, "kind must be one of"),
    (lambda: odds.tunnel_among([0, 9]), QuestionError, "unknown location 0.*LB-R8"),
    (lambda: odds.tunnel_among("123"), ArgumentTypeError, "a list of locations"),
    (lambda: odds.tunnel_among([]), QuestionError, "at least one location"),
    (lambda: odds.tunnel_among([1], every=1), ArgumentTypeError, "every: must be True"),
    (lambda: odds.seeker_contest(None, 3, "red"), ArgumentTypeError, "Lockup: Breakout State"),
    (lambda: odds.seeker_contest(S, 1, "red"), QuestionError, "location 1 has no tunnel"),
    (lambda: odds.seeker_contest(S, 3, "purple"), QuestionError, "unknown player 'purple'"),
    (lambda: odds.seeker_contest(S, 3.0, "red"), ArgumentTypeError, "location: must be"),
    (lambda: odds.loot_look(S, "Sewer"), QuestionError, "not a loot space.*LB-setup-loot"),
    (lambda: odds.loot_has(S, "TOMB", "Gold"), QuestionError, "unknown loot token.*LB-R17"),
    (lambda: odds.shapeshifter_chain(S, "red", policy=3), ArgumentTypeError, "policy"),
    (lambda: odds.reachable(S, "red", 0), QuestionError, "advances must be ≥ 1"),
    (lambda: odds.guards_first(S), QuestionError, "a solitary question"),
    (lambda: odds.guards_first(POSITIONS[2], max_nodes=0), QuestionError, "max_nodes"),
]


@pytest.mark.parametrize(("call", "error", "message"), REFUSALS)
def test_bad_questions_are_refused_with_a_message_that_says_why(
        call: Callable[[], Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()


def test_a_question_too_big_to_walk_is_refused_not_hung() -> None:
    """Round 1 of a solitary game: every guard card of every location is a branch."""
    from boardlab.core.errors import LimitError

    with pytest.raises(LimitError, match="max_nodes"):
        odds.guards_first(POSITIONS[2], max_nodes=2_000)
