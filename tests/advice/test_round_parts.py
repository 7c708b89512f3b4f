"""Mall of Horror's advice to the end of the round, with phase f) split into parts and
a vote's ballots counted as one plan (``advice_parts``, ``advice_leap``): the exact
values, score and every measure, equal the brute force through the public Match API.

The brute force pushes and pops every ballot, card, tie-break and victim to the end of
the round (``mark``: the round changes); the advice splits the attacks location by
location, leaves out what is over, names other colours' characters alike at the
Parking Lot and takes a vote's random ballots by their tally. On at least 30 positions
of seeded random matches (3 and 4 players): positions of phase f), and the last move of
phase e) (whose attacks follow in the same step).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import islice
from typing import Any

import pytest

from boardlab import registry
from boardlab.advice import advise
from boardlab.mall_of_horror.advice_parts import parts, plain_kinds
from boardlab.mall_of_horror.advice_votes import leap
from tests.advice import brute
from tests.shares import PARTS, share

MOH = registry.get("mall-of-horror")


def _mark(state: Any) -> Any:
    return MOH.advice_mark(state, "round")


def _positions() -> Iterator[Any]:
    """Phase f) decisions of 4- and 3-player matches, and last moves of phase e)."""
    for players, seeds in ((4, range(6)), (3, range(3))):
        for match in brute.decision_points(MOH, seeds, 1, players=players):
            s = match.state
            last_move = s.pending.kind == "move" and s.pending.index == len(s.pending.order) - 1
            if s.phase == "f" or (last_move and len(s.chars) <= 8):
                yield match


#: The positions checked: every third of those found (they come in runs of one attack).
POSITIONS = 36


def _checked() -> list[Any]:
    return list(islice(islice(_positions(), 0, None, 3), POSITIONS))


def exact_round_rows(match: Any) -> list[tuple[Fraction, ...]]:
    """The narrator's exact advice to the end of the round: each row's score and
    measures (also used by test_round_merges.py)."""
    a = advise(match, horizon="round", omniscient=True, budget={"seconds": 3600, "matches": 0})
    assert all(r.exact for r in a.rows)
    return [(r.score, *(Fraction(v) for v in r.values.values())) for r in a.rows]


def test_the_positions_cover_what_is_split() -> None:
    points = _checked()
    assert len(points) >= 30
    kinds = {(m.state.phase, m.state.pending.kind, m.state.pending.purpose) for m in points}
    assert {("f", "window", "sacrifice"), ("f", "ballot", "sacrifice"),
            ("f", "window", "meal"), ("f", "ballot", "meal"), ("e", "move", "")} <= kinds
    split = [parts(m.state, seat, "round") for m in points for seat in m.state.setup.colours]
    # For one seat or another (the positions deeper in the tree are valued for every
    # seat's advice): split in two, left out (the seat stands nowhere the zombies still
    # break in), or one smaller position.
    assert sum(p is not None and len(p) == 2 for p in split) >= 3
    assert sum(p == () for p in split) >= 3
    assert sum(p is not None and len(p) == 1 for p in split) >= 3
    voting = [m for m in points if m.state.pending.kind == "ballot"
              and leap(m.state, str(m.to_move)) is not None]
    assert len(voting) >= 5


@pytest.mark.parametrize("part", PARTS)
def test_round_values_equal_the_brute_force(part: str) -> None:
    differ = 0
    for match in share(_checked(), part, 6):
        before = match.to_json()
        expected = brute.choice_values(MOH, match, 0, mark=_mark)
        assert exact_round_rows(match) == expected, (match.ply, match.state.pending)
        assert match.to_json() == before
        differ += len(set(expected)) > 1
    assert differ > 0


def test_other_colours_at_the_parking_lot_are_named_alike() -> None:
    # Three players: a Little Girl too. Renamed kinds keep who is hidden.
    from boardlab.mall_of_horror.position import position

    s = position(players=3, characters={4: ["red girl", "red toughguy", "blue pinup",
                                            "blue gunman", "yellow pinup"]})
    s = s._replace(hidden=(("red", "toughguy"),))
    got = plain_kinds(s, "blue")
    assert got.chars == (("blue", "gunman", 4), ("blue", "pinup", 4), ("red", "girl", 4),
                         ("red", "pinup", 4), ("yellow", "girl", 4))
    assert got.hidden == (("red", "pinup"),)


def test_a_vote_plan_weighs_every_ballot_sequence() -> None:
    # The plan's chances over the tallies equal the ballots counted one by one.
    for match in islice((m for m in brute.decision_points(MOH, range(3), 1, players=4)
                         if m.state.pending.kind == "ballot"), 10):
        s = match.state
        seat = next(c for c in s.setup.colours if c not in s.pending.order[s.pending.index:])\
            if len(set(s.pending.order[s.pending.index:])) < len(s.setup.colours) else None
        if seat is None:
            continue
        plan, after = leap(s, seat)
        assert plan.total == len(s.pending.candidates) ** (len(s.pending.order)
                                                           - s.pending.index)
        assert sum(w for w, _ in plan.branches) == plan.total
        assert len(after) == len(plan.branches)
