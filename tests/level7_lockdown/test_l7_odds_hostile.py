"""Hostile input for every public function of ``level7_lockdown.odds`` (the convention of
docs/api.md, "Bad input", which ``mall_of_horror.odds`` set).

Every callable of ``odds.__all__`` has an entry in :data:`CALLS` (checked, so a new
function cannot be forgotten). Arguments are drawn mostly plausible and often absurd; a
call must give a valid answer or raise a boardlab error naming the function and the
argument, within the deadline (tests/prob/hostile.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardlab import level7_lockdown as l7
from boardlab.core.errors import ArgumentTypeError, QuestionError
from boardlab.level7_lockdown import odds
from boardlab.level7_lockdown.config import Config
from tests.prob.hostile import (
    check_answer,
    count,
    hostile_settings,
    junk,
    limits_for_tests,
    maybe,
    outcome_of,
)

Call = Callable[[Any], tuple[Callable[[], Any], str]]

ICONS = st.sampled_from(["Strength", "Speed", "Intelligence", "Luck", ""])
KINDS = st.sampled_from(["guard", "rogue", "warrior", "hunter", "blaster", "dragon"])
STATES = [l7.new_match(players=2, seed=1).state, l7.play(players=2, seed=3).state,
          l7.position(players=1, characters={"Leo": {"tile": "Storage Bay"}}, cronos=None,
                      step="action")]


def dies() -> st.SearchStrategy[Any]:
    faces = st.lists(st.lists(ICONS, max_size=3), min_size=0, max_size=7)
    return st.one_of(st.none(), st.none(), faces, st.just(Config()), junk())


def flags() -> st.SearchStrategy[Any]:
    return maybe(st.booleans())


def kw(data: Any, **strategies: st.SearchStrategy[Any]) -> dict[str, Any]:
    """Some of the keyword arguments (each left out half the time)."""
    return {k: data.draw(s) for k, s in strategies.items() if data.draw(st.booleans())}


def entry(f: Callable[..., Any], kind: str, positional: list[st.SearchStrategy[Any]],
          **keywords: st.SearchStrategy[Any]) -> Call:
    def call(data: Any) -> tuple[Callable[[], Any], str]:
        args = [data.draw(s) for s in positional]
        kwargs = kw(data, **keywords)
        return (lambda: f(*args, **kwargs)), kind
    return call


def _chain_answer(*args: Any, **kwargs: Any) -> Any:
    chain = odds.chase_chain(*args, **kwargs)
    return chain.absorption_probabilities(chain.transient_states[-1])[odds.CAUGHT]


CALLS: dict[str, Call] = {
    "at_least": entry(odds.at_least, "probability", [count(13), ICONS, count(30)], die=dies(),
                      explain=flags()),
    "barricade_activations": entry(odds.barricade_activations, "expectation",
                                   [maybe(KINDS), count(5)], explain=flags()),
    "barricade_attack": entry(odds.barricade_attack, "probability", [maybe(KINDS), count(5)],
                              power=count(6), explain=flags()),
    "blaster_attack": entry(odds.blaster_attack, "probability", [count(9), count(6)],
                            cloud=flags(), downed=flags(), explain=flags()),
    "cache": entry(odds.cache, "table", [count(13)], die=dies(), explain=flags()),
    "cache_items": entry(odds.cache_items, "expectation", [count(13)], die=dies(),
                         explain=flags()),
    "challenge": entry(odds.challenge, "probability", [count(13), ICONS, count(30)],
                       die=dies(), explain=flags()),
    "challenge_odds": entry(odds.challenge_odds, "probability", [ICONS, count(12)],
                            stat=count(9), terror=count(8), weapon=flags(),
                            adrenaline=count(9), dark=flags(), flashlight=flags(),
                            cloud=flags(), explain=flags()),
    "chase": entry(odds.chase, "expectation", [count(9)], pool=count(12), dice=count(9),
                   explain=flags()),
    "chase_chain": entry(_chain_answer, "probability", [count(9)], pool=count(12),
                         dice=count(9)),
    "chase_start": entry(odds.chase_start, "any", [count(9)], pool=count(12)),
    "chase_within": entry(odds.chase_within, "probability", [count(9), count(12)],
                          pool=count(12), dice=count(9), explain=flags()),
    "cronos_moves": entry(odds.cronos_moves, "distribution", [count(20)], explain=flags()),
    "cronos_reach": entry(odds.cronos_reach, "probability", [count(20), count(20)],
                          explain=flags()),
    "departure": entry(odds.departure, "table", [], dice=count(6), threshold=count(6),
                       die=dies(), explain=flags()),
    "dice_for": entry(odds.dice_for, "count", [ICONS], stat=count(9), terror=count(8),
                      weapon=flags(), adrenaline=count(9), dark=flags(),
                      flashlight=flags()),
    "enemy_attack": entry(odds.enemy_attack, "probability", [maybe(KINDS)],
                          toughness=count(9), power=count(6), cloud=flags(),
                          downed=flags(), explain=flags()),
    "icon_count": entry(odds.icon_count, "distribution", [count(13), ICONS], die=dies(),
                        explain=flags()),
    "live_odds": entry(odds.live_odds, "table", [maybe(st.sampled_from(STATES))]),
    "margin": entry(odds.margin, "any", [count(13), ICONS, count(30)], die=dies(),
                    explain=flags()),
    "stand_ins": entry(odds.stand_ins, "any", [st.one_of(st.none(), st.just(Config()),
                                                          junk())]),
    "tank_farm_plan": entry(odds.tank_farm_plan, "probability", [count(20), count(13)],
                            difficulty=count(8), explain=flags()),
    "tank_farm_stays": entry(odds.tank_farm_stays, "probability", [count(20)],
                             explain=flags()),
}


def test_every_public_function_has_a_hostile_test() -> None:
    public = {n for n in odds.__all__ if callable(getattr(odds, n))
              and not isinstance(getattr(odds, n), (type, Config))}
    assert public == set(CALLS), public ^ set(CALLS)


@pytest.mark.parametrize("name", sorted(CALLS))
@hostile_settings()
@given(data=st.data())
def test_hostile_arguments_give_an_answer_or_a_boardlab_error(name: str, data: Any) -> None:
    with limits_for_tests():
        thunk, kind = CALLS[name](data)
        ok, value = outcome_of(thunk)
        if ok:
            check_answer(kind, value)


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: odds.challenge(4.0, "Intelligence", 4), ArgumentTypeError,
     r"level7 odds.challenge: n: expected a whole number, got a float"),
    (lambda: odds.challenge(4, "Luck", 4), QuestionError, r"icon must be one of"),
    (lambda: odds.at_least(2, "Speed", 1, die=[["Speed", 3]]), QuestionError, r"die\[0\]"),
    (lambda: odds.chase(99), QuestionError, r"chase_chain: distance: 1 to 7 \(got 99\)"),
    (lambda: odds.enemy_attack("dragon"), QuestionError, "kind must be one of"),
    (lambda: odds.cache(4, explain="yes"), ArgumentTypeError, "explain: expected True or False"),
    (lambda: odds.dice_for("Strength", config="default"), ArgumentTypeError, "config"),
])
def test_reproducers_are_refused_with_the_argument_named(call: Callable[[], Any],
                                                         error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()
