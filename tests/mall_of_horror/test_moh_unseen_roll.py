"""A phase d) described without its arrival roll (issue 26, MoH-R20).

``position(..., phase="d")`` with no ``roll=`` used to start phase e) with no zombie
arriving, while the odds enumerated the roll as unknown. Now the dice rolled in phase c),
which no one has seen, are a chance node of the match (``unseen_roll``), drawn once the
destinations are chosen, with the arrival roll's exact odds: the engine, the odds, the
seat views and the advice read the same position.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from boardlab.advice import advise
from boardlab.core.engine import CHANCE
from boardlab.core.errors import ConfigError
from boardlab.mall_of_horror.config import Config
from boardlab.mall_of_horror.odds import round_odds
from boardlab.mall_of_horror.unseen import worlds

FOUR = {6: ["red pinup", "blue pinup"], 4: ["yellow pinup"], 1: ["green pinup"]}


def _to_the_roll(match: Any) -> Any:
    """Choose the first legal destinations until the match waits for a chance node."""
    while match.to_move is not CHANCE:
        match.push(match.legal()[0])
    return match


def _ordered_rolls(dice: int) -> dict[tuple[int, ...], Fraction]:
    """The 6^dice ordered rolls, counted by their sorted faces: the brute-force table."""
    counts = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=dice))
    return {faces: Fraction(n, 6**dice) for faces, n in counts.items()}


@pytest.mark.parametrize("dice", [1, 2, 4])
def test_moh_R20_described_phase_d_without_a_roll_draws_it_before_phase_e(dice, rule_ids):
    state = moh.position(characters=FOUR, phase="d", config=Config(dice=dice))
    assert state.roll == () and state.lookers == () and state.pending.kind == "destination"
    match = _to_the_roll(moh.new_match(start=state, seed=1))
    s = match.state
    assert (s.pending.kind, s.phase, len(s.destinations)) == ("unseen_roll", "d", 4)
    table = {o.faces: p for o, p in match.outcomes()}
    assert table == _ordered_rolls(dice)
    faces = (1, 3, 3, 6)[:dice]
    before = s.zombies
    events = match.push(moh.Dice(faces))
    assert rule_ids(events, "unseen_roll") == ["MoH-R20"]
    unseen = next(e for e in events if e.kind == "unseen_roll")
    assert unseen.visible_to == ()            # the faces show first in the arrivals
    kinds = [e.kind for e in events]
    assert kinds.index("unseen_roll") < kinds.index("reveal_destinations") \
        < kinds.index("arrivals")
    assert next(e for e in events if e.kind == "arrivals").data["dice"] == faces
    after = match.state
    assert after.phase == "e" and after.pending.kind == "move" and after.roll == ()
    expected = list(before)
    for f in faces:
        expected[f - 1] += 1
    assert after.zombies == tuple(expected)


def test_moh_R20_no_destination_to_choose_goes_straight_to_the_roll():
    # Every location but the Parking Lot is sealed or closed and everyone stands there
    # (MoH-R18): phase d) asks no one, and the unseen roll is the first thing drawn.
    state = moh.position(characters={4: ["yellow pinup", "red pinup", "blue pinup",
                                         "green pinup"]}, sealed=(1, 3, 5, 6), phase="d")
    assert state.pending.kind == "unseen_roll" and state.phase == "d"
    assert {o.faces: p for o, p in moh.RULES.outcomes(state)} == _ordered_rolls(4)


def test_moh_R20_a_given_roll_is_not_drawn_again():
    state = moh.position(characters=FOUR, phase="d", roll=(2, 2, 2, 2))
    match = moh.new_match(start=state, seed=1)
    for _ in range(4):
        match.push(match.legal()[0])
    assert match.state.phase == "e" and match.state.pending.kind == "move"
    assert match.state.zombies == state.zombies     # every die on the closed 2 (MoH-R3)


# -- the odds agree with the engine -----------------------------------------------------
#: Three players, each holding a Sprint card: each mover sprints a character back to
#: where it stands, so the characters stand in phase f) where they stood in phase d),
#: which is what round_odds assumes.
THREE = {6: ["red pinup", "blue toughguy", "blue pinup"], 3: ["yellow gunman"],
         4: ["red gunman"], 1: ["yellow pinup", "yellow toughguy"], 5: ["red girl"]}
SPRINTS = {"red": ["sprint"], "blue": ["sprint"], "yellow": ["sprint"]}


def _fallen_after(match: Any, faces: tuple[int, ...]) -> frozenset[int]:
    """Locations the zombies break into this round after the unseen roll ``faces``:
    every mover stays (Sprint back), every later choice the first legal one."""
    match.push(moh.Dice(faces))
    start_round, fallen = match.state.round, set()
    pushed = 1
    while not match.is_over and match.state.round == start_round:
        if match.to_move is CHANCE:
            events = match.roll()
        elif match.state.pending.kind == "move":
            mover = match.to_move
            events = match.push(next(
                m for m in match.legal()
                if m.sprint and m.to == match.state.where(mover, m.kind)))
        else:
            events = match.push(match.legal()[0])
        pushed += 1
        fallen |= {e.data["location"] for e in events if e.kind in ("threat", "parking")}
    for _ in range(pushed):
        match.pop()
    return frozenset(fallen)


def test_moh_R20_round_odds_equal_brute_force_through_the_match():
    state = moh.position(players=3, characters=THREE, zombies={1: 1},
                         hands=SPRINTS, phase="d")
    odds = round_odds(state)
    match = _to_the_roll(moh.new_match(start=state, seed=1))
    assert match.state.pending.kind == "unseen_roll"
    brute: dict[int, Fraction] = {loc: Fraction(0) for loc in odds}
    for faces, p in _ordered_rolls(4).items():   # the 6^4 ordered rolls
        for loc in _fallen_after(match, faces):
            brute[loc] += p
    assert brute == odds
    # By hand: 3, 4 and 5 fall to one die of four (1 - (5/6)^4 = 671/1296); 6 (defence 4,
    # two extra zombies for the most characters and Pin-Ups: MoH-R13) and 1 (defence 3,
    # one zombie waiting) need two dice on them: 1 - (5/6)^4 - 4 (1/6) (5/6)^3 = 19/144.
    one, two = Fraction(671, 1296), Fraction(19, 144)
    assert odds == {1: two, 3: one, 4: one, 5: one, 6: two}


# -- hidden information: a roll no seat has seen reads alike either way -----------------
def test_moh_R20_seats_see_the_same_with_an_unseen_roll_or_none():
    hidden = moh.position(characters=FOUR, phase="d", roll=(1, 3, 3, 6))
    unseen = moh.position(characters=FOUR, phase="d")
    assert hidden.lookers == ()               # a Chief not elected this round (MoH-R10)
    for seat in hidden.seats:
        assert moh.observe(hidden, seat) == moh.observe(unseen, seat)
        # the seat's worlds draw the hidden roll by its chance; the unseen one is left to
        # the match's chance node, which has the same table
        drawn, exact, _ = worlds(hidden, seat, limit=1000, seed=0)
        assert exact and {w.roll: p for w, p in drawn} == _ordered_rolls(4)
        left, exact, _ = worlds(unseen, seat, limit=1000, seed=0)
        assert exact and [(w.roll, p) for w, p in left] == [((), 1)]


def test_moh_R20_advice_weighs_the_unseen_roll_by_its_chance():
    # Yellow has not seen the roll either way: the same exact values (the one roll
    # drawn by the advisor's worlds, the other by the match's chance node).
    chars = {6: ["red pinup"], 3: ["yellow pinup"]}
    hidden = moh.position(players=3, characters=chars, zombies={6: 2, 3: 2},
                          phase="d", roll=(1, 3, 4, 6))
    unseen = moh.position(players=3, characters=chars, zombies={6: 2, 3: 2}, phase="d")
    budget = {"seconds": 3600, "matches": 0}
    a = advise(moh.new_match(start=hidden, seed=1), horizon="round", budget=budget)
    b = advise(moh.new_match(start=unseen, seed=1), horizon="round", budget=budget)
    assert a.exact and b.exact and a.seat == b.seat == "yellow"
    assert [r.score for r in a.rows] == [r.score for r in b.rows]
    assert [r.choice for r in a.rows] == [r.choice for r in b.rows]


# -- refusals and saved files ------------------------------------------------------------
def test_moh_R20_lookers_without_a_roll_are_refused():
    with pytest.raises(ConfigError, match="lookers: without a roll there is nothing to "
                                          "look at; give roll="):
        moh.position(characters=FOUR, phase="d", lookers=["yellow"])
    # the elected Chief looked only if the roll is given (MoH-c)
    assert moh.position(characters=FOUR, phase="d", chief_elected=True,
                        chief="red").lookers == ()
    assert moh.position(characters=FOUR, phase="d", chief_elected=True, chief="red",
                        roll=(1, 1, 1, 1)).lookers == ("red",)


def test_moh_R20_a_saved_match_through_the_unseen_roll_round_trips():
    match = _to_the_roll(moh.new_match(start=moh.position(characters=FOUR, phase="d"),
                                       seed=5))
    match.roll()
    match.push(match.legal()[0])
    saved = match.to_json()
    loaded = moh.load_match(saved)
    assert loaded.state == match.state and loaded.ply == match.ply
    assert loaded.to_json() == saved
    assert json.loads(saved)["start"]["roll"] == []
    # a position saved at the node itself loads waiting for it
    at_node = _to_the_roll(moh.new_match(start=moh.position(characters=FOUR, phase="d"),
                                         seed=5))
    again = moh.load_match(at_node.to_json())
    assert again.state.pending.kind == "unseen_roll" and again.to_json() == at_node.to_json()
