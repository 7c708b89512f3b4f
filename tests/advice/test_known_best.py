"""In a position with a known best choice the advisor picks it, by a positive exact
margin (issue 30, must hold 2): one position per game.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from boardlab import mall_of_horror as moh
from boardlab import registry
from boardlab.advice import advise
from tests.advice import brute

#: A time budget no loaded machine reaches: exactness here must not depend on the load.
SLOW = 3600


def _at(game_name: str, seed: int, ply: int) -> Any:
    for match in brute.decision_points(registry.get(game_name), range(seed, seed + 1), 1):
        if match.ply == ply:
            return match
    raise AssertionError("the seeded match no longer passes that ply")


def test_mall_of_horror_the_one_location_no_zombie_reaches() -> None:
    # Red, the elected Chief, has seen the roll (3, 4, 5, 6): a zombie arrives at each
    # of 3–6, where four wait already; the Restroom (1) has none and gets none. Its
    # lone Pin-Up is safest there (MoH-c, MoH-d, MoH-f) — the others may still follow.
    state = moh.position(players=3, characters={3: ["red pinup"], 5: ["yellow toughguy"],
                                                6: ["blue gunman"]},
                         zombies={3: 4, 4: 4, 5: 4, 6: 4}, phase="d", chief="red",
                         chief_elected=True, roll=(3, 4, 5, 6))
    match = moh.new_match(start=state, seed=1)
    advice = advise(match, horizon="round", budget={"seconds": SLOW, "matches": 0})
    assert advice.exact and advice.seat == "red"
    assert advice.choice == moh.GAME.parse_choice("choose destination 1", state)
    assert [r.score for r in advice.rows] == [Fraction(77, 32), 0, Fraction(7, 8),
                                              Fraction(49, 32)]
    assert advice.margin == Fraction(7, 8) > 0
    assert advice.best.values["pinup survives"] == Fraction(11, 32)
    # The same numbers by brute force through the Match API, to the end of the round.
    expected = brute.choice_values(moh.GAME, match, 0, mark=lambda s: s.round)
    assert [r.score for r in advice.rows] == [v[0] for v in expected]


def test_lockup_breakout_taking_a_reward_of_stars() -> None:
    # A reward on offer (LB-R13's rewards: stars here): taking it gains its stars,
    # declining gains nothing.
    match = _at("lockup-breakout", 0, 47)
    assert [str(c) for c in match.legal()] == ["take it", "decline"]
    advice = advise(match, horizon=1, budget={"seconds": SLOW, "matches": 0}, omniscient=True)
    assert str(advice.choice) == "take it"
    assert advice.margin == 3 and advice.best.values["stars gained"] == 3


def test_level7_stepping_onto_the_exit() -> None:
    # Tile 11 is the exit: moving there, the character gets away (L7-R23).
    match = _at("level7-lockdown", 0, 115)
    advice = advise(match, horizon=1, budget={"seconds": SLOW, "matches": 0}, explain=True)
    assert str(advice.choice) == "move to tile 11"
    assert advice.margin == 1 and advice.exact
    who = [k for k, v in advice.best.values.items() if k.endswith("gets away") and v == 1]
    assert len(who) == 1 and advice.best.values["team escapes"] == 1
    assert any("with chance 1" in r for r in advice.reasons)


def test_the_toy_adds_what_reaches_the_target(toy: None) -> None:
    from boardlab.core.engine import Match
    from tests.core.toy import RULES, ToySetup, ToyState

    # a has 3 of 5 and the coin showed heads: adding 2 wins at once (T-2).
    state = ToyState(ToySetup(), (3, 0), 0, True)
    match = Match(RULES, ToySetup(), state=state)
    advice = advise(match, horizon=1, budget={"seconds": SLOW, "matches": 20})
    assert str(advice.choice) == "add 2" and advice.margin == 1
    assert advice.best.values == {"gained": 2, "reached": 1}
    assert advice.best.win is not None and advice.best.win.mean == 1
