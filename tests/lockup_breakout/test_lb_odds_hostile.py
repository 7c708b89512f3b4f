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
from tests.odds_checklist import public_functions
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


def small_escape_score(*args: Any, max_nodes: Any = 3_000, **kwargs: Any) -> Any:
    """escape_score with a small default max_nodes (the real default walks 400,000)."""
    return odds.escape_score(*args, max_nodes=max_nodes, **kwargs)


LEGENDS = ["The Bone Choir", "The Pale Gaoler", "The Lamp Keeper", "Nobody", "", 1]
GOALS = ["Explorer", "Collector", "explorer", "", None]
GUARD_CARDS = ["blue 0", "blue 4", "green 3", "red 6 seeker", "yellow 2", "blue 9", 4]
DIFFICULTIES = ["green", "yellow", "red", "easy", "hard", "blue", "", 2]
CONFIGS = [None, lb.Config(legends=lb.Config().legends[:3], goals_drawn=5),
           lb.Config(goons=lb.Config().goons[:3]), "config"]


def configs() -> st.SearchStrategy[Any]:
    return maybe(st.sampled_from(CONFIGS))


def difficulties() -> st.SearchStrategy[Any]:
    return maybe(st.sampled_from(DIFFICULTIES))


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
    # max_nodes always given and small: early positions are refused, not walked for minutes.
    "escape_score": entry(small_escape_score, "expectation",
                          [positions(), names()], policy=st.one_of(st.none(), junk()),
                          max_nodes=maybe(st.integers(-5, 3_000)), explain=explain()),
    "guards_first": entry(odds.guards_first, "probability", [positions()],
                          policy=st.one_of(st.none(), junk()),
                          max_nodes=maybe(st.integers(-5, 200_000)), explain=explain()),
    "legend_sources": entry(odds.legend_sources, "any", [count(12)]),
    "legend_active": entry(odds.legend_active, "probability",
                           [maybe(st.sampled_from(LEGENDS)), count(8)], config=configs(),
                           explain=explain()),
    "legend_comes_up": entry(odds.legend_comes_up, "probability",
                             [maybe(st.sampled_from(LEGENDS))], config=configs(),
                             explain=explain()),
    "fungoids_expected": entry(odds.fungoids_expected, "expectation", [], config=configs(),
                               explain=explain()),
    "fungoid_offered": entry(odds.fungoid_offered, "probability", [], config=configs(),
                             explain=explain()),
    "goal_public": entry(odds.goal_public, "probability", [maybe(st.sampled_from(GOALS))],
                         config=configs(), explain=explain()),
    "guards_win_both": entry(odds.guards_win_both, "probability",
                             [maybe(st.lists(count(7), min_size=1, max_size=3)),
                              difficulties()], config=configs(), explain=explain()),
    "live_odds": entry(odds.live_odds, "table", [positions()], viewer=names(),
                       explain=explain()),
    "legend_guard_beats": entry(odds.legend_guard_beats, "probability",
                                [count(7), difficulties()],
                                seen=maybe(st.lists(st.sampled_from(GUARD_CARDS),
                                                    max_size=9)),
                                config=configs(), explain=explain()),
}


def test_every_public_function_has_a_hostile_test() -> None:
    assert set(odds.__all__) == set(CALLS), set(odds.__all__) ^ set(CALLS)
    public = public_functions(odds)   # the package's modules too (split by topic)
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
    (lambda: odds.tunnel_layouts(True), ArgumentTypeError, "players: expected a whole number, "
                                                           "not a bool"),
    (lambda: odds.tunnel_layouts(6), QuestionError, r"1 \(solitary\) to 5.*LB-R5"),
    (lambda: odds.tunnel_at(3, kind="triple"), QuestionError, "kind must be one of"),
    (lambda: odds.tunnel_among([0, 9]), QuestionError, "unknown location 0.*LB-R8"),
    (lambda: odds.tunnel_among("123"), ArgumentTypeError, "a list of locations"),
    (lambda: odds.tunnel_among([]), QuestionError, "at least one location"),
    (lambda: odds.tunnel_among([1], every=1), ArgumentTypeError, "every: expected True or False"),
    (lambda: odds.seeker_contest(None, 3, "red"), ArgumentTypeError, "Lockup: Breakout State"),
    (lambda: odds.seeker_contest(S, 1, "red"), QuestionError, "location 1 has no tunnel"),
    (lambda: odds.seeker_contest(S, 3, "purple"), QuestionError, "unknown player 'purple'"),
    (lambda: odds.seeker_contest(S, 3.0, "red"), ArgumentTypeError, "location: expected a whole "
                                                                    "number"),
    (lambda: odds.loot_look(S, "Sewer"), QuestionError, "not a loot space.*LB-setup-loot"),
    (lambda: odds.loot_has(S, "TOMB", "Gold"), QuestionError, "unknown loot token.*LB-R17"),
    (lambda: odds.shapeshifter_chain(S, "red", policy=3), ArgumentTypeError, "policy"),
    (lambda: odds.reachable(S, "red", 0), QuestionError, r"advances: 1 to 64 \(got 0\)"),
    (lambda: odds.guards_first(S), QuestionError, "a solitary question"),
    (lambda: odds.escape_score(S, "purple"), QuestionError, "unknown side 'purple'"),
    (lambda: odds.escape_score(S, "red", policy="first"), ArgumentTypeError, "policy"),
    (lambda: odds.escape_score(S, "red", max_nodes=True), ArgumentTypeError, "max_nodes"),
    (lambda: odds.guards_first(POSITIONS[2], max_nodes=0), QuestionError, "max_nodes"),
    (lambda: odds.legend_active("The Bone Choir", 7), QuestionError, r"round: 1 to 6 \(got 7\)"),
    (lambda: odds.legend_active("The Bone Choir", True), ArgumentTypeError, "round: expected a "
                                                                            "whole number"),
    (lambda: odds.legend_active("Nobody", 1), QuestionError, "unknown legend card.*LB-R16"),
    (lambda: odds.legend_comes_up("The Bone Choir", config="x"), ArgumentTypeError,
     "config: must be a Lockup: Breakout Config"),
    (lambda: odds.legend_sources(0), QuestionError, r"cards: at least 1 \(got 0\)"),
    (lambda: odds.fungoids_expected(config=CONFIGS[2]), QuestionError,
     "goon deck of this config has 7 cards.*LB-R42"),
    (lambda: odds.fungoid_offered(explain="yes"), ArgumentTypeError, "explain"),
    (lambda: odds.goal_public("Hoarder"), QuestionError, "unknown goal 'Hoarder'.*LB-R14"),
    (lambda: odds.guards_win_both((2,), "green"), ArgumentTypeError, "two crew strengths"),
    (lambda: odds.guards_win_both("22", "green"), ArgumentTypeError, "two crew strengths"),
    (lambda: odds.guards_win_both((2, True), "green"), ArgumentTypeError, "strengths: expected a "
                                                                          "whole number"),
    (lambda: odds.guards_win_both((2, -1), "green"), QuestionError, r"strengths: at least 0 "
                                                                    r"\(got -1\)"),
    (lambda: odds.guards_win_both((2, 2), "blue"), QuestionError,
     "unknown difficulty 'blue'.*LB-solo-setup"),
    (lambda: odds.legend_guard_beats(2.0, "green"), ArgumentTypeError, "strength: expected a "
                                                                       "whole number, got a float"),
    (lambda: odds.legend_guard_beats(2, "green", seen=["red 6 seeker"]), QuestionError,
     "not a card of the green guard deck"),
    (lambda: odds.legend_guard_beats(2, "green", seen=["blue 4", "blue 4"]), QuestionError,
     "more times than the deck holds it"),
    (lambda: odds.legend_guard_beats(2, "green", seen=["blue 1"] * 8), QuestionError,
     "at most the 7 location cards.*LB-solo-rollcall"),
    (lambda: odds.legend_guard_beats(2, "green", seen="blue 1"), ArgumentTypeError,
     "seen: must be a list"),
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
