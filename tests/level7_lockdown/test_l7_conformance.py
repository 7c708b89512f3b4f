"""Level 7's own conformance checks, beside the one every game passes.

The generic check — seeded random matches of every scenario, mode and player count,
invariants after every step (fear ≥ terror, power tokens ≤ 5, terror 8 only as a heart
attack, nothing in two places …), exact chance, deep matches with JSON round trips,
undo, replay and refused illegal choices — runs for every registered game in
``tests/test_front_doors.py``. Here: every match ends within the turn limit (L7-R23),
heuristic players escape, each broken invariant is reported, a custom configuration
travels in the match file.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from boardlab.core.chance import CHANCE
from boardlab.core.conformance import check_node
from boardlab.level7_lockdown import (
    RULES,
    HeuristicAgent,
    Setup,
    new_match,
    play,
)


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


@pytest.mark.slow
def test_l7_conformance_a_custom_configuration_travels_in_the_match_file() -> None:
    from boardlab.core.conformance import check_match
    from boardlab.level7_lockdown import Config, load_match

    cfg = Config(die=(("Strength", "Speed"), ("Intelligence",), ("Speed",)), moves=3)
    m = play(players=2, seed=3, config=cfg)
    again = load_match(m.to_json())
    assert again.state == m.state and again.state.setup.cfg == cfg
    report = check_match(RULES, Setup(players=2, config=cfg), 5, deep=True)
    assert report.violations == [] and report.steps > 50


def test_l7_conformance_every_invariant_check_cites_a_rule_of_the_book() -> None:
    """The box invariants are a table of small checks, each under a rule id the book has."""
    from boardlab.level7_lockdown.invariants import CHECKS
    from boardlab.level7_lockdown.rulebook import BOOK

    for rule_id, check, _ in CHECKS:
        assert BOOK.get(rule_id) is not None, (rule_id, check.__name__)
        assert callable(check)
