"""Mall of Horror's advice key merges a vote's ballots by who can still lead the tally
(``MallOfHorror.advice_key``): the merged values equal the brute force (issue 30)."""

from __future__ import annotations

from fractions import Fraction
from itertools import islice
from typing import Any

import pytest

from boardlab import registry
from boardlab.advice import advise
from tests.advice import brute

MOH = registry.get("mall-of-horror")


def _ballots(seeds: range) -> Any:
    """Ballots with at least three voters still to vote, from seeded random play."""
    for match in brute.decision_points(MOH, seeds, 1, players=4):
        p = match.state.pending
        if p.kind == "ballot" and len(p.order) - p.index >= 3:
            yield match


@pytest.mark.slow
def test_ballots_merged_by_standing_equal_the_brute_force() -> None:
    checked = differ = 0
    for match in islice(_ballots(range(40)), 12):
        p = match.state.pending
        plies = len(p.order) - p.index + 2  # the vote, then two plies of what follows
        expected = brute.choice_values(MOH, match, plies)
        a = advise(match, horizon=plies, omniscient=True,
                   budget={"seconds": 3600, "matches": 0})
        got = [(r.score, *(Fraction(v) for v in r.values.values())) for r in a.rows]
        assert all(r.exact for r in a.rows) and got == expected, match.ply
        checked += 1
        differ += len(set(expected)) > 1
    assert checked == 12 and differ > 0
