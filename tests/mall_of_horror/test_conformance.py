"""The generic conformance check (boardlab.core.conformance) passed by Mall of Horror.

300 seeded random matches per player count 3–6: invariants after every step, exact
chance; a sample of them "deep": JSON round-trips, pop() restores, refused illegal
choices change nothing, the saved record replays to the same final state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.conformance import check_game, check_match, check_node
from boardlab.core.engine import Match
from boardlab.core.errors import IllegalAction
from boardlab.mall_of_horror.config import CARDS, KINDS
from boardlab.mall_of_horror.state import State

MATCHES_PER_COUNT = 300
DEEP_EVERY = 30  # 10 deep matches per player count


def illegal_candidates(state: State, rng: random.Random) -> Iterator[Any]:
    """A few random choices of every kind; the check keeps those that are not legal."""
    colours = (*moh.COLOURS, "purple")
    yield moh.Vote(rng.choice(colours))
    yield moh.Destination(rng.randint(0, 7))
    yield moh.Move(rng.choice(KINDS), rng.randint(1, 6), rng.random() < 0.5)
    yield moh.PlayCard(rng.choice(CARDS), rng.randint(1, 6),
                       rng.choice((None, *KINDS)))
    yield moh.Pass()
    yield moh.Place(rng.choice(KINDS), rng.randint(1, 6))
    yield moh.Sacrifice(rng.choice(KINDS))
    yield moh.PlaceZombie(rng.randint(0, 7))
    yield moh.TruckSplit(rng.choice(CARDS), rng.choice(CARDS), rng.choice(colours))
    yield moh.Dice(tuple(sorted(rng.randint(1, 6) for _ in range(rng.choice((2, 4))))))
    yield moh.Draw(rng.choice(CARDS))
    yield moh.TieBreak(rng.choice(colours))


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance_random_matches(players: int) -> None:
    setups = [(moh.Setup(players=players), 1000 * players + seed)
              for seed in range(MATCHES_PER_COUNT)]
    report = check_game(moh.RULES, setups, deep_every=DEEP_EVERY, illegal=illegal_candidates)
    assert report.violations == []
    assert report.matches == MATCHES_PER_COUNT
    assert report.deep_matches == MATCHES_PER_COUNT // DEEP_EVERY
    assert report.illegal_tried > 1000     # the refusals were really exercised
    assert report.chance_nodes > 10 * MATCHES_PER_COUNT


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance_the_first_ten_matches(players: int) -> None:
    # make check's share of the test above: its first 10 matches, the first one deep.
    setups = [(moh.Setup(players=players), 1000 * players + seed) for seed in range(10)]
    report = check_game(moh.RULES, setups, deep_every=10, illegal=illegal_candidates)
    assert report.violations == []
    assert (report.matches, report.deep_matches) == (10, 1)
    assert report.illegal_tried > 1000
    assert report.chance_nodes > 10 * 10


def test_conformance_catches_a_broken_invariant() -> None:
    """The check is not vacuous: a state with a negative zombie count is reported."""
    state = moh.new_match(players=4, seed=1).state
    broken = state._replace(zombies=(0, 0, -1, 0, 0, 0))
    assert any("zombie" in p for p in check_node(moh.RULES, broken))
    over = moh.position(players=4, characters={1: ["red pinup"]}, phase="a")
    crowded = over._replace(chars=tuple(sorted(
        (c, k, 1) for c in ("red", "blue") for k in ("pinup", "toughguy"))))
    assert any("capacity" in p for p in moh.RULES.invariants(crowded))


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


def test_pop_then_push_and_seek_and_branch_are_exact() -> None:
    match = moh.play(players=4, seed=11)
    final, plies = match.state, match.ply
    mid = plies // 2
    middle_state = match.records[mid].before
    match.seek(mid)
    assert match.state == middle_state and match.recorded_plies == plies
    match.seek(plies)
    assert match.state is final
    other = match.branch(mid)
    assert other.state == middle_state and other.ply == mid
    assert match.state is final  # the original is untouched
    replayed = Match(moh.RULES, match.setup, seed=11)
    for choice in match.choices:
        replayed.push(choice)
    assert replayed.state == final
