"""Mall of Horror's behaviour on valid input is a contract: the same seeds, the same matches.

The fixture holds one hash per seeded match (``frozen.py``): 1,000 random-agent matches
and 100 heuristic-agent matches for each of 3–6 players. Choices, chance outcomes, event
texts and data, visibility and scores all go into each hash.
"""

from __future__ import annotations

import json

import pytest

from tests.mall_of_horror.frozen import FIXTURE, PLAYERS, SEEDS, fingerprint

_FROZEN = json.loads(FIXTURE.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("agents", sorted(SEEDS))
@pytest.mark.parametrize("players", PLAYERS)
def test_same_matches_as_the_verified_engine(players: int, agents: str) -> None:
    expected = _FROZEN[agents][str(players)]
    assert len(expected) == len(SEEDS[agents])
    changed = [seed for seed, want in zip(SEEDS[agents], expected, strict=True)
               if fingerprint(players, seed, agents) != want]
    assert changed == [], f"{len(changed)} seeded matches changed, first seeds: {changed[:10]}"


@pytest.mark.parametrize("agents", sorted(SEEDS))
def test_the_first_seeds_are_the_verified_matches(agents: str) -> None:
    # make check's share of the fixture: the first 10 seeds of every player count.
    changed = [(players, seed) for players in PLAYERS for seed in SEEDS[agents][:10]
               if fingerprint(players, seed, agents) != _FROZEN[agents][str(players)][seed]]
    assert changed == [], f"seeded matches changed (players, seed): {changed[:10]}"


def test_fingerprint_sees_a_change() -> None:
    # The hash must depend on the match: neighbouring seeds give different matches.
    assert fingerprint(4, 0, "random") != fingerprint(4, 1, "random")
