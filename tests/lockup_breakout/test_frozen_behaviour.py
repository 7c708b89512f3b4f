"""Lockup: Breakout's behaviour on valid input is a contract: the same seeds, the same matches.

The fixture holds one hash per seeded match (``frozen.py``): 150 random-agent matches and
10 heuristic-agent matches for each setup (solitary at green, yellow and red; 2–5
players). Choices, chance outcomes, event texts and data, visibility, the score
breakdown and the final position all go into each hash, and for the first seeds the
legal choices and chance tables of every ply too. Generated from the engine the soak
verified; a faster engine must leave every hash as it was.
"""

from __future__ import annotations

import json

import pytest

from tests.lockup_breakout.frozen import FIXTURE, SEEDS, SETUPS, fingerprint

_FROZEN = json.loads(FIXTURE.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("agents", sorted(SEEDS))
@pytest.mark.parametrize("setup", list(SETUPS))
def test_same_matches_as_the_verified_engine(setup: str, agents: str) -> None:
    expected = _FROZEN[agents][setup]
    assert len(expected) == len(SEEDS[agents])
    changed = [seed for seed, want in zip(SEEDS[agents], expected, strict=True)
               if fingerprint(setup, seed, agents) != want]
    assert changed == [], f"{len(changed)} seeded matches changed, first seeds: {changed[:10]}"


@pytest.mark.parametrize("agents", sorted(SEEDS))
def test_the_first_seeds_are_the_verified_matches(agents: str) -> None:
    # make check's share of the fixture: the first 2 seeds of every setup (their hashes
    # also cover every ply's offer).
    changed = [(setup, seed) for setup in SETUPS for seed in SEEDS[agents][:2]
               if fingerprint(setup, seed, agents) != _FROZEN[agents][setup][seed]]
    assert changed == [], f"seeded matches changed (setup, seed): {changed[:10]}"


def test_fingerprint_sees_a_change() -> None:
    # The hash must depend on the match: neighbouring seeds give different matches.
    assert fingerprint("4", 0, "random") != fingerprint("4", 1, "random")
    assert fingerprint("1-red", 0, "random") != fingerprint("1-green", 0, "random")
