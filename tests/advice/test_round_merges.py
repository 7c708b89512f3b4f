"""Mall of Horror's advice to the end of the round merges what cannot differ: the vote
of the Parking Lot's last meal is valued apart from the attacks after it (no window
follows it there, as after a sacrifice's vote), and the destinations already moved to
are left out of the advice key (phase f reads none, a move reads its own only). The
exact values, score and every measure, equal the brute force through the public Match
API, on positions of seeded random matches of 3 and 4 players where these apply.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

import pytest

from boardlab import registry
from boardlab.mall_of_horror.advice_parts import parts
from boardlab.mall_of_horror.config import PARKING
from tests.advice import brute
from tests.advice.test_round_parts import exact_round_rows
from tests.shares import PARTS, share

MOH = registry.get("mall-of-horror")
#: A vote's decisions and chance after its window (MoH-R7, MoH-R8).
VOTES = ("ballot", "tiebreak", "pick_victim")
#: The positions checked (those found come in runs of one vote or one round's moves).
POSITIONS = 40


def _mark(state: Any) -> Any:
    return MOH.advice_mark(state, "round")


def _last_meal(state: Any) -> bool:
    p = state.pending
    return (state.phase == "f" and p.kind in VOTES and p.purpose == "meal"
            and state.zombies[PARKING - 1] == 1)


def _later_move(state: Any) -> bool:
    # A move after the first, with the last still to come; few characters, so that the
    # brute force over the last move and the whole of phase f) stays small.
    p = state.pending
    return (state.phase == "e" and p.kind == "move" and 1 <= p.index == len(p.order) - 2
            and len(state.chars) <= 6)


def _positions() -> Iterator[tuple[int, Any]]:
    for players, seeds in ((4, range(8)), (3, range(6))):
        for match in brute.decision_points(MOH, seeds, 1, players=players):
            if _last_meal(match.state) or _later_move(match.state):
                yield players, match


def _checked() -> list[tuple[int, Any]]:
    return list(islice(_positions(), POSITIONS))


def test_the_positions_cover_both_merges() -> None:
    points = _checked()
    assert len(points) >= 30
    assert {players for players, _ in points} == {3, 4}
    meals = [m for _, m in points if _last_meal(m.state)]
    moves = [m for _, m in points if _later_move(m.state)]
    assert len(meals) >= 10 and len(moves) >= 5
    # The last meal's vote is split from later attacks (two parts) for some seat, and
    # is a smaller position of its own (one part) for another.
    split = [parts(m.state, seat, "round") for m in meals for seat in m.state.setup.colours]
    assert sum(p is not None and len(p) == 2 and p[0][0].pending.purpose == "meal"
               for p in split) >= 1
    assert sum(p is not None and len(p) == 1 for p in split) >= 3
    # A move after the first: the key leaves the spent destinations out.
    for m in moves:
        s = m.state
        assert MOH.advice_key(s).destinations == s.destinations[s.pending.index:]


@pytest.mark.parametrize("part", PARTS)
def test_merged_values_equal_the_brute_force(part: str) -> None:
    differ = 0
    for _, match in share(_checked(), part, 5):
        before = match.to_json()
        expected = brute.choice_values(MOH, match, 0, mark=_mark)
        assert exact_round_rows(match) == expected, (match.ply, match.state.pending)
        assert match.to_json() == before
        differ += len(set(expected)) > 1
    assert differ > 0


def test_a_board_meets_whatever_destinations_led_to_it() -> None:
    # In phase f) the destinations are spent: two boards alike but for them share a key.
    from boardlab.mall_of_horror.position import position

    s = position(characters={3: ["red pinup"], 5: ["blue pinup", "blue gunman"]},
                 zombies={5: 3}, phase="c")
    board = s._replace(phase="f", destinations=(("red", 3), ("blue", 5)))
    other = board._replace(destinations=(("blue", 5), ("red", 1)))
    assert MOH.advice_key(board) == MOH.advice_key(other) == MOH.advice_key(
        board._replace(destinations=()))
