"""The generic conformance check (boardlab.core.conformance) passed by Level 7.

200 seeded random sandbox matches for each of 1–4 players: invariants after every step
(fear ≥ terror, power tokens ≤ 5, terror 8 only as a heart attack, nothing in two
places …), exact chance summing to 1; every 40th match "deep": JSON round trips, pop()
restores, refused illegal choices change nothing, the saved record replays to the same
final state; every match ends within the turn limit (L7-R23).
``BOARDLAB_L7_MATCHES=N`` changes the count per player number.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from boardlab.core.chance import CHANCE
from boardlab.core.conformance import check_game, check_node
from boardlab.core.engine import Match
from boardlab.level7_lockdown import (
    RULES,
    Access,
    Attack,
    CardDraw,
    Door,
    EndStep,
    Explore,
    Extinguish,
    FallDown,
    HeuristicAgent,
    ItemDraw,
    LowerTerror,
    Move,
    Peek,
    Place,
    Roll,
    Search,
    Setup,
    Smash,
    StandUp,
    TileDraw,
    Vent,
    new_match,
    play,
)

MATCHES = int(os.environ.get("BOARDLAB_L7_MATCHES", "200"))
DEEP_EVERY = 40
NAMES = ("guard#1", "rogue#1", "warrior#2", "hunter#1", "blaster#1", "blaster#2", "cronos",
         "Leo")


def _door(rng: random.Random) -> Door:
    return Door(rng.randint(0, 1), rng.randint(-2, 2), rng.randint(-2, 2),
                rng.choice("NESW"))


def illegal_candidates(state: Any, rng: random.Random) -> Iterator[Any]:
    """A few random choices of every kind; the check keeps those that are not legal."""
    esc = rng.choice(("", "bullrush", "outwit"))
    yield Move(rng.randint(0, 9), esc, rng.randint(0, 5))
    yield Vent(rng.randint(0, 9))
    yield Explore(_door(rng), esc)
    yield Peek(_door(rng))
    yield Place(rng.randint(-2, 2), rng.randint(-2, 2), rng.randint(0, 4))
    yield rng.choice((StandUp(), FallDown(), LowerTerror(), EndStep(), Extinguish()))
    yield Attack(rng.choice(NAMES), rng.randint(0, 9))
    yield Smash(_door(rng), rng.randint(0, 2))
    yield Search(rng.randint(0, 9))
    yield Access(_door(rng), rng.random() < 0.5)
    yield TileDraw(rng.choice(("Hub", "Armory", "Exit Shaft", "Nowhere")))
    yield CardDraw(rng.choice(("Quiet", "Hunger", "Nothing")))
    yield ItemDraw(rng.choice(("Pistol", "Laser")))
    yield Roll(rng.randint(0, 9), rng.randint(0, 9), rng.randint(0, 9))


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_l7_conformance_random_sandbox_matches(players: int) -> None:
    setups = [(Setup(players=players), 1000 * players + seed) for seed in range(MATCHES)]
    report = check_game(RULES, setups, deep_every=DEEP_EVERY, illegal=illegal_candidates)
    assert report.violations == []
    assert report.matches == MATCHES
    assert report.deep_matches == -(-MATCHES // DEEP_EVERY)
    assert report.illegal_tried > 5 * report.deep_matches
    assert report.chance_nodes > 20 * MATCHES


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_l7_conformance_the_first_ten_sandbox_matches(players: int) -> None:
    # make check's share of the test above: its first 10 matches, the first one deep.
    setups = [(Setup(players=players), 1000 * players + seed) for seed in range(10)]
    report = check_game(RULES, setups, deep_every=10, illegal=illegal_candidates)
    assert report.violations == []
    assert (report.matches, report.deep_matches) == (10, 1)
    assert report.illegal_tried > 5
    assert report.chance_nodes > 20 * 10


def test_l7_conformance_every_match_ends_within_the_turn_limit() -> None:
    for seed in range(40):
        m = play(players=1 + seed % 4, seed=seed)
        assert m.is_over and m.state.round <= m.state.setup.rounds + 1
        assert m.events[-1].kind == "game_over" and m.events[-1].rule.id == "L7-R23"


def test_l7_conformance_heuristic_players_escape_sometimes() -> None:
    results: Counter[str] = Counter()
    for seed in range(30):
        m = play(players=2, seed=seed, agents=lambda seat, s=seed: HeuristicAgent(seed=s))
        results.update(c.status for c in m.state.chars)
    assert results["escaped"] > 0 and sum(results.values()) == 60


def test_l7_conformance_catches_broken_invariants() -> None:
    """The check is not vacuous: each state invariant of the brief is reported."""
    s = new_match(players=2).state
    leo = s.chars[0]
    cases = {
        "below terror": s._replace(chars=(leo._replace(fear=2, terror=3), s.chars[1])),
        "terror 8": s._replace(chars=(leo._replace(fear=8, terror=8), s.chars[1])),
        "power tokens": s._replace(enemies=tuple(e._replace(power=6) if e.kind == "blaster"
                                                 else e for e in s.enemies)),
        "two places": s._replace(reserves=(("guard", (1, 2, 3, 4)), ("rogue", (1, 2, 3)),
                                           ("warrior", (1, 2)), ("hunter", ()),
                                           ("blaster", ()))),
        "tile 'Hub' is in two places": s._replace(stacks=(("A", ("Hub",)),) + s.stacks[1:]),
    }
    for words, broken in cases.items():
        problems = check_node(RULES, broken)
        assert any(words in p for p in problems), (words, problems)


def test_l7_conformance_every_chance_node_is_exact() -> None:
    m = new_match(players=3, seed=5)
    kinds: Counter[str] = Counter()
    while not m.is_over:
        if m.to_move is CHANCE:
            outs = m.outcomes()
            assert sum(p for _, p in outs) == Fraction(1)
            assert all(type(p) is Fraction and p > 0 for _, p in outs)
            kinds[m.state.pending.kind] += 1
            m.roll()
        else:
            m.push(m.legal()[-1])
    assert kinds["roll"] > 0 and kinds["event_draw"] > 0


def test_l7_conformance_json_undo_and_replay_of_a_whole_match() -> None:
    m = play(players=2, seed=11)
    again = Match.from_json(RULES, m.to_json())
    assert again.state == m.state and again.choices == m.choices
    final = m.state
    while m.ply:
        m.pop()
    assert m.state == RULES.initial(m.setup)
    for choice in again.choices:
        m.push(choice)
    assert m.state == final


def test_l7_conformance_a_custom_configuration_travels_in_the_match_file() -> None:
    from boardlab.core.conformance import check_match
    from boardlab.level7_lockdown import Config, load_match

    cfg = Config(die=(("Strength", "Speed"), ("Intelligence",), ("Speed",)), moves=3)
    m = play(players=2, seed=3, config=cfg)
    again = load_match(m.to_json())
    assert again.state == m.state and again.state.setup.cfg == cfg
    report = check_match(RULES, Setup(players=2, config=cfg), 5, deep=True)
    assert report.violations == [] and report.steps > 50
