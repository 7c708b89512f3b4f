"""Mall of Horror's own conformance checks, beside the one every game passes.

The generic check over random matches (300 per player count 3–6, invariants after every
step, exact chance, deep matches with JSON round trips, undo, replay and refused illegal
choices) runs for every registered game in ``tests/test_front_doors.py``; here are the
checks that need Mall of Horror's own words: its broken invariants, its chance kinds, a
deep 6-player match and refusals that cite its rules.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.conformance import check_match, check_node
from boardlab.core.errors import IllegalAction
from boardlab.mall_of_horror.game import illegal_candidates


def test_conformance_catches_a_broken_invariant() -> None:
    """The check is not vacuous: a state with a negative zombie count is reported."""
    state = moh.new_match(players=4, seed=1).state
    broken = state._replace(zombies=(0, 0, -1, 0, 0, 0))
    assert any("zombie" in p for p in check_node(moh.RULES, broken))
    over = moh.position(players=4, characters={1: ["red pinup"]}, phase="a")
    crowded = over._replace(chars=tuple(sorted(
        (c, k, 1) for c in ("red", "blue") for k in ("pinup", "toughguy"))))
    assert any("capacity" in p for p in moh.RULES.invariants(crowded))


def test_every_invariant_check_cites_a_rule_of_the_book() -> None:
    """The invariants are a table of small checks, each under a rule id the rulebook has."""
    from boardlab.mall_of_horror.invariants import CHECKS, LATE_CHECKS
    from boardlab.mall_of_horror.rulebook import BOOK

    for rule_id, check in (*CHECKS, *LATE_CHECKS):
        assert BOOK.get(rule_id) is not None, (rule_id, check.__name__)
        assert callable(check)


def test_every_chance_node_sums_to_one_exactly() -> None:
    match = moh.new_match(players=5, seed=3)
    seen = set()
    while not match.is_over:
        if match.to_move is moh.CHANCE:
            outs = match.outcomes()
            assert sum(p for _, p in outs) == Fraction(1)
            assert all(type(p) is Fraction for _, p in outs)
            seen.add(match.state.pending.kind)
            match.roll()
        else:
            match.push(match.legal()[0])
    assert {"deal", "place_roll", "zombies0", "arrival_roll"} <= seen


def test_deep_match_replays_from_json() -> None:
    report = check_match(moh.RULES, moh.Setup(players=6), 77, deep=True,
                         illegal=illegal_candidates)
    assert report.ok, report.violations
    assert report.steps > 50


def test_illegal_choices_at_random_steps_name_the_rule_and_change_nothing() -> None:
    rng = random.Random(5)
    tried = 0
    for seed in range(20):
        match = moh.new_match(players=rng.choice((3, 4, 5, 6)), seed=seed)
        agent = moh.RandomAgent(seed)
        while not match.is_over:
            if rng.random() < 0.2:
                legal = set(match.legal())
                for bad in illegal_candidates(match.state, rng):
                    if bad in legal:
                        continue
                    before, ply, n_events = match.state, match.ply, len(match.events)
                    with pytest.raises(IllegalAction) as err:
                        match.push(bad)
                    assert err.value.rule is not None
                    assert err.value.rule.id in str(err.value)
                    assert match.state is before and match.ply == ply
                    assert len(match.events) == n_events
                    tried += 1
            if match.to_move is moh.CHANCE:
                match.roll()
            else:
                match.push(agent.choose(None, match.legal()))
    assert tried > 500


