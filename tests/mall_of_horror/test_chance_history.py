"""Chance is a function of (seed, history) in Mall of Horror matches (issue 19, item 1)."""

from __future__ import annotations

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.agents import RandomAgent
from boardlab.core.engine import CHANCE, Match
from boardlab.core.errors import ArgumentTypeError


def _advance(match: Match, agent: RandomAgent, rolls: int) -> list[object]:
    """Play on (decisions by ``agent``) until ``rolls`` chance nodes were rolled."""
    out: list[object] = []
    while len(out) < rolls and match.to_move is not None:
        if match.to_move is CHANCE:
            out.append(match.roll())
        else:
            match.push(agent.choose(None, match.legal()))
    return out


def test_a_saved_match_reloaded_mid_game_rolls_what_the_original_rolls() -> None:
    # A 6-player match has about 45 chance nodes: saved after 6, every later roll of
    # the original (the deals, placements, zombie and card draws) must come again.
    compared = 0
    for seed in (1, 2, 3):
        m = moh.new_match(players=6, seed=seed)
        _advance(m, RandomAgent(seed), 6)
        loaded = moh.load_match(m.to_json())
        assert loaded.state == m.state
        original = _advance(m, RandomAgent(99), 100)
        again = _advance(loaded, RandomAgent(99), 100)
        assert m.is_over and len(original) > 30 and again == original
        compared += len(original)
    assert compared >= 100


def test_undo_then_roll_draws_the_same_card_and_dice() -> None:
    m = moh.new_match(players=4, seed=7)
    agent = RandomAgent(7)
    redrawn = 0
    while m.to_move is not None and m.ply < 300:
        if m.to_move is CHANCE:
            outcome = m.roll()
            m.pop()
            assert m.roll() == outcome
            redrawn += 1
        else:
            m.push(agent.choose(None, m.legal()))
    assert redrawn > 20


def test_seek_back_and_roll_follows_the_same_dice_as_the_straight_match() -> None:
    straight = moh.play(players=4, seed=12)
    m = moh.play(players=4, seed=12)
    m.seek(60)
    while m.ply < straight.ply:   # replay its decisions, roll its chance nodes again
        if m.to_move is CHANCE:
            m.roll()
        else:
            m.push(straight.choices[m.ply])
    assert m.choices == straight.choices


def test_a_branch_rolls_like_its_parent_and_another_seed_explores_other_dice() -> None:
    m = moh.new_match(players=4, seed=3)
    _advance(m, RandomAgent(3), 12)
    same = m.branch()
    assert _advance(same, RandomAgent(5), 30) == _advance(m.branch(), RandomAgent(5), 30)
    other = m.branch(seed=4)
    assert _advance(other, RandomAgent(5), 30) != _advance(m.branch(), RandomAgent(5), 30)


def test_an_equal_choice_is_stored_as_the_legal_object() -> None:
    # A fresh Place("pinup", 1) equals the legal Place("pinup", 1); the rules and the
    # record must only ever see the legal object. Place("pinup", True), which compared
    # equal too, cannot be made any more (issue 10: a bool is not a location).
    m = moh.new_match(players=4, seed=1)
    while m.to_move is CHANCE or not any(getattr(c, "location", None) == 1 for c in m.legal()):
        if m.to_move is CHANCE:
            m.roll()
        else:
            m.push(m.legal()[-1])
    legal = next(c for c in m.legal() if c.location == 1)
    with pytest.raises(ArgumentTypeError, match="Place.location: expected a whole number, not a "
                                                "bool"):
        moh.Place(legal.kind, True)  # type: ignore[arg-type]
    odd = moh.Place(legal.kind, 1)
    assert odd == legal and odd is not legal
    events = m.push(odd)
    assert m.choices[-1] is legal and type(m.choices[-1].location) is int
    place = next(e for e in events if e.kind == "place")
    assert type(place.data["location"]) is int and " at 1 " in place.summary + " "
    assert moh.load_match(m.to_json()).choices == m.choices
