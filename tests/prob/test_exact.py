"""Exact enumeration: the merged (level-by-level, transposition table) walk equals the
tree walk, visits fewer nodes, and neither has a recursion limit.

Twenty Mall of Horror positions (phases c–f; ties; sealed and closed locations; 3–6
players; Threat, Weapon, Hardware and Sprint cards in hand) are played to the end of the
round through the engine's own chance nodes, with uniformly random ballots, card
windows and victim picks (and destinations or moves where a case says so). The node
counts of both walks are printed at the end of the test run (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.engine import CHANCE
from boardlab.mall_of_horror import RULES
from boardlab.prob import Dist, WalkStats, enumerate_game
from boardlab.prob.exact import enumerate_weights, first_choice_policy, uniform_policy
from tests.prob.conftest import NODE_COUNTS

VOTES = ("ballot", "window", "pick_victim")


def _policy(uniform_kinds: Sequence[str]) -> Callable[[Any, str, Sequence[Any]], Any]:
    """Uniform at the listed decisions (``"destination:red"``: only red's), the first
    legal choice elsewhere."""

    def policy(state: Any, player: str, legal: Sequence[Any]) -> Any:
        kind = state.pending.kind
        if kind in uniform_kinds or f"{kind}:{player}" in uniform_kinds:
            return uniform_policy(state, player, legal)
        return legal[0]

    return policy


def _to_phase(state: Any, phase: str) -> Any:
    """Play on to ``phase`` with the first legal choice and the last chance outcome
    (for 4 dice: 6, 6, 6, 6), a fixed, reproducible way into phase e)."""
    while state.phase != phase:
        if RULES.to_move(state) is CHANCE:
            state, _ = RULES.step(state, RULES.outcomes(state)[-1][0])
        else:
            state, _ = RULES.step(state, RULES.legal(state)[0])
    return state


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[], Any]
    uniform: tuple[str, ...] = VOTES


def _p(**kwargs: Any) -> Callable[[], Any]:
    return lambda: moh.position(**kwargs)


LESSON3 = {6: ["red pinup", "blue toughguy", "green gunman"], 4: ["yellow gunman"],
           3: ["red gunman", "blue pinup"]}

CASES = [
    # phase c: the arrival roll (126 outcomes), then the whole round
    Case("c 4p sealed+closed", _p(players=4, phase="c", characters={
        5: ["red pinup", "blue gunman"], 4: ["green toughguy"], 3: ["yellow pinup"]},
        zombies={5: 1, 1: 7}, sealed=(6,)), uniform=()),
    Case("c 4p two sealed, votes", _p(players=4, phase="c", characters={
        5: ["red pinup", "blue gunman"], 4: ["green toughguy", "yellow pinup"]},
        zombies={5: 2}, sealed=(1, 6)), uniform=("ballot",)),
    Case("c 3p votes", _p(players=3, phase="c", characters={
        5: ["red pinup", "blue girl"], 3: ["yellow pinup"], 4: ["red girl"]},
        zombies={5: 1, 3: 1}), uniform=("ballot",)),
    Case("c 6p", _p(players=6, phase="c", characters={
        1: ["black pinup", "red gunman"], 5: ["green gunman"], 6: ["yellow pinup"],
        2: ["blue pinup", "brown toughguy"], 3: ["red pinup"]}, zombies={1: 2}), uniform=()),
    Case("c 5p two sealed, votes", _p(players=5, phase="c", characters={
        2: ["red pinup", "blue gunman"], 4: ["green gunman"], 5: ["brown pinup"]},
        zombies={2: 1}, sealed=(1, 3)), uniform=("ballot",)),
    # phase d: secret destinations chosen at random; the roll of phase c) is given (without
    # it the dice would be drawn too, 126 more branches under every destination: MoH-R20)
    Case("d 3p destinations", _p(players=3, phase="d", characters={
        4: ["red girl", "blue girl"], 5: ["yellow toughguy"], 6: ["blue pinup", "yellow pinup"]},
        zombies={6: 2}, roll=(1, 3, 5, 6)), uniform=("ballot", "destination")),
    Case("d 4p two destinations", _p(players=4, phase="d", characters={
        4: ["red pinup", "blue pinup"], 5: ["yellow toughguy"], 6: ["green pinup"]},
        zombies={6: 2, 4: 1}, roll=(2, 4, 5, 6)),
        uniform=("ballot", "destination:red", "destination:blue")),
    # phase e: the dice are out (6, 6, 6, 6), characters move at random
    Case("e 4p moves", lambda: _to_phase(moh.position(players=4, phase="c", characters={
        6: ["red pinup", "blue pinup", "red gunman"], 3: ["green pinup", "yellow pinup",
                                                          "blue gunman"]},
        zombies={6: 2, 3: 1}), "e"), uniform=("ballot", "move")),
    Case("e 3p moves", lambda: _to_phase(moh.position(players=3, phase="c", characters={
        6: ["red pinup", "blue girl", "yellow gunman"], 3: ["blue pinup", "yellow pinup"]},
        zombies={6: 2, 3: 1}), "e"), uniform=("ballot", "move")),
    Case("e 5p moves", lambda: _to_phase(moh.position(players=5, phase="c", characters={
        6: ["red pinup", "brown pinup", "blue gunman"], 2: ["green pinup"]},
        zombies={6: 1, 2: 1}), "e"), uniform=("ballot", "move", "window")),
    # phase f: votes, cards and ties
    Case("f 4p lesson position", _p(players=4, phase="f", characters=LESSON3,
                                    zombies={6: 4, 3: 3})),
    Case("f 4p Threat, Weapon, Sprint", _p(players=4, phase="f", characters=LESSON3,
                                           zombies={6: 3, 3: 2},
                                           hands={"red": ["threat", "weapon2"],
                                                  "blue": ["sprint"]})),
    Case("f 4p Weapon, Hardware", _p(players=4, phase="f", characters={
        3: ["red pinup", "green pinup"], 4: ["yellow gunman", "blue pinup"]},
        zombies={3: 3, 4: 1}, hands={"green": ["weapon1"], "yellow": ["hardware"]})),
    Case("f 5p ties, Threat", _p(players=5, phase="f", characters={
        1: ["red pinup", "blue gunman"], 3: ["green pinup", "yellow gunman"],
        5: ["brown toughguy"], 4: ["red toughguy"]},
        zombies={1: 3, 3: 3, 5: 2, 4: 1}, hands={"green": ["threat"]})),
    Case("f 3p Little Girls", _p(players=3, phase="f", characters={
        4: ["red girl", "blue girl", "yellow pinup"], 5: ["yellow toughguy", "red pinup"],
        6: ["blue pinup", "yellow gunman", "red gunman"]}, zombies={4: 1, 5: 2, 6: 2})),
    Case("f 4p sealed", _p(players=4, phase="f", characters={
        5: ["red pinup", "blue pinup"], 4: ["green pinup", "yellow gunman"]},
        zombies={5: 2, 4: 1}, sealed=(6,))),
    Case("f 6p", _p(players=6, phase="f", characters={
        4: ["red pinup"], 2: ["green toughguy", "brown pinup"], 6: ["black pinup"],
        1: ["yellow pinup", "blue gunman"]}, zombies={2: 3, 1: 2})),
    Case("f 5p Parking Lot", _p(players=5, phase="f", characters={
        4: ["red pinup", "blue pinup"], 2: ["green pinup", "yellow pinup"]},
        zombies={4: 1, 2: 2})),
    Case("f 6p Hardware, Threat", _p(players=6, phase="f", characters={
        3: ["black gunman", "brown pinup", "red pinup"], 5: ["red toughguy"],
        6: ["green pinup"]}, zombies={3: 3, 6: 1},
        hands={"brown": ["hardware"], "black": ["threat"]})),
    Case("f 4p tie for the extra zombie", _p(players=4, phase="f", characters={
        1: ["red pinup", "blue pinup"], 3: ["green pinup", "yellow pinup"]},
        zombies={1: 2, 3: 1})),
]


def _walk(case: Case, merge: bool) -> tuple[dict[Any, Fraction], WalkStats]:
    state = case.build()
    start_round = state.round
    stats = WalkStats()
    weights = enumerate_weights(
        RULES, state, stop=lambda st, ev: st.round != start_round,
        value=lambda st, ev: (tuple(sorted(st.eaten)), st.sealed, st.zombies),
        policy=_policy(case.uniform), merge=merge, stats=stats, max_nodes=200_000)
    return weights, stats


def test_the_cases_cover_phases_players_ties_seals_and_cards() -> None:
    assert len(CASES) == len({c.name for c in CASES}) >= 20
    states = [c.build() for c in CASES]
    assert {s.phase for s in states} == {"c", "d", "e", "f"}
    assert {s.setup.players for s in states} == {3, 4, 5, 6}
    assert any(s.sealed for s in states) and any(s.setup.closed for s in states)
    assert any(any(s.hands) for s in states)


@pytest.mark.parametrize("case", CASES, ids=[c.name.replace(" ", "-") for c in CASES])
def test_merged_walk_equals_the_tree_and_visits_fewer_nodes(case: Case) -> None:
    tree, tree_stats = _walk(case, merge=False)
    merged, merged_stats = _walk(case, merge=True)
    NODE_COUNTS[case.name] = (tree_stats.nodes, merged_stats.nodes)
    assert merged == tree
    assert sum(tree.values()) == 1
    assert merged_stats.nodes < tree_stats.nodes and merged_stats.merged > 0
    assert merged_stats.leaves < tree_stats.leaves   # merged paths end once
    assert merged_stats.levels == tree_stats.levels  # the same depth, walked level by level
    assert tree_stats.merged == 0


# -- the walks on small games of their own ------------------------------------------------------
class Walk:
    """A toy game: a counter that a fair coin moves up by 0 or 1, ``steps`` times."""

    def __init__(self, steps: int) -> None:
        self.steps = steps

    def to_move(self, state: tuple[int, int]) -> str | None:
        return CHANCE if state[0] < self.steps else None

    def outcomes(self, state: tuple[int, int]) -> tuple[tuple[int, Fraction], ...]:
        return ((0, Fraction(1, 2)), (1, Fraction(1, 2)))

    def legal(self, state: tuple[int, int]) -> tuple[int, ...]:
        return ()

    def step(self, state: tuple[int, int], choice: int) -> tuple[tuple[int, int], tuple]:
        return (state[0] + 1, state[1] + choice), ()


def _heads(steps: int) -> Dist[int]:
    return Dist({k: comb(steps, k) for k in range(steps + 1)})


def test_merging_turns_an_exponential_tree_into_a_lattice() -> None:
    steps = 200   # 2**200 paths as a tree; about 20,000 states as a DAG
    stats = WalkStats()
    got = enumerate_game(Walk(steps), (0, 0), stop=lambda s, e: False,
                         value=lambda s, e: s[1], merge=True, stats=stats)
    assert got == _heads(steps)
    assert stats.nodes == 1 + sum(2 * (k + 1) for k in range(steps))
    assert stats.levels == steps
    small = WalkStats()
    assert enumerate_game(Walk(12), (0, 0), stop=lambda s, e: False,
                          value=lambda s, e: s[1], stats=small) == _heads(12)
    assert small.nodes == 2**13 - 1 and small.leaves == 2**12


class Chain(Walk):
    """A long decision-free path: one outcome per step (depth ≫ the recursion limit)."""

    def outcomes(self, state: tuple[int, int]) -> tuple[tuple[int, Fraction], ...]:
        return ((1, Fraction(1)),)


@pytest.mark.parametrize("merge", [False, True])
def test_no_recursion_limit(merge: bool) -> None:
    import sys

    depth = 3 * sys.getrecursionlimit()
    stats = WalkStats()
    got = enumerate_game(Chain(depth), (0, 0), stop=lambda s, e: False,
                         value=lambda s, e: s[1], merge=merge, stats=stats)
    assert got == Dist.point(depth) and stats.levels == depth


@pytest.mark.parametrize("merge", [False, True])
def test_budget_and_bad_arguments(merge: bool) -> None:
    with pytest.raises(RuntimeError, match="more than 100 nodes"):
        enumerate_game(Walk(10), (0, 0), stop=lambda s, e: False, value=lambda s, e: s[1],
                       merge=merge, max_nodes=100)
    with pytest.raises(ValueError, match="max_nodes"):
        enumerate_game(Walk(2), (0, 0), stop=lambda s, e: False, value=lambda s, e: s[1],
                       merge=merge, max_nodes=0)


def test_policies_and_stop_at_the_root() -> None:
    s = moh.position(players=4, phase="f", characters=LESSON3, zombies={6: 4, 3: 3})
    stats = WalkStats()
    got = enumerate_game(RULES, s, stop=lambda st, ev: True, value=lambda st, ev: st.phase,
                         merge=True, stats=stats)
    assert got == Dist.point("f") and (stats.nodes, stats.leaves, stats.levels) == (1, 1, 0)
    first = enumerate_game(RULES, s, stop=lambda st, ev: st.round != s.round,
                           value=lambda st, ev: tuple(sorted(st.eaten)),
                           policy=first_choice_policy, merge=True)
    assert first == enumerate_game(RULES, s, stop=lambda st, ev: st.round != s.round,
                                   value=lambda st, ev: tuple(sorted(st.eaten)),
                                   policy=first_choice_policy)
