"""Lockup: Breakout's own conformance checks, beside the one every game passes.

The generic check — seeded random matches for 2–5 players and the solitary game at each
difficulty, invariants after every step, exact chance, deep matches with JSON round
trips, undo, replay and refused illegal choices — runs for every registered game in
``tests/test_front_doors.py`` (``BOARDLAB_SLOW=1``: 500 matches per setup, over the 300
per player count and 500 per difficulty of issue 12). Here: Breakout's broken states,
its chance kinds, its urns against brute force and its final scoring over many matches
(1,000 with ``BOARDLAB_SLOW=1``).
"""

from __future__ import annotations

import os
from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import comb

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.conformance import check_node
from boardlab.core.engine import CHANCE
from boardlab.lockup_breakout.draws import arrangements, count_arrangements, draw_many, draw_one

SLOW = os.environ.get("BOARDLAB_SLOW") == "1"
slow = pytest.mark.skipif(not SLOW, reason="full counts: set BOARDLAB_SLOW=1")



def test_conformance_catches_broken_states() -> None:
    """The check is not vacuous: broken states are reported."""
    state = lb.new_match(3, seed=1).state
    assert any("resources" in p for p in check_node(lb.RULES, state._replace(
        resources=((1, 1, 1, -1),) * 3)))
    assert any("crew tokens" in p for p in lb.RULES.invariants(state._replace(
        hands=(("1",),) * 3)))
    guards_turn = lb.position(players=1, difficulty="red")
    top = guards_turn.stack[-1]._replace(who="guards")
    broken = guards_turn._replace(stack=(*guards_turn.stack[:-1], top))
    assert any("guards never decide" in p for p in lb.RULES.invariants(broken))
    assert any("loot tokens" in p for p in lb.RULES.invariants(state._replace(
        loot_pool=(6, 6, 6, 6, 5))))


def test_every_chance_node_sums_to_one_exactly() -> None:
    seen = Counter()
    for players, diff in ((1, "yellow"), (3, ""), (5, "")):
        m = lb.new_match(players, seed=3, difficulty=diff or None)
        while not m.is_over:
            if m.to_move is CHANCE:
                outs = m.outcomes()
                assert sum(p for _, p in outs) == Fraction(1)
                assert all(type(p) is Fraction and p > 0 for _, p in outs)
                seen[m.state.top.kind] += 1
                m.roll()
            else:
                m.push(m.legal()[-1])
    assert {lb.K.TUNNELS, lb.K.LEGEND_DRAW, lb.K.GOALS_DRAW, lb.K.ITEMS_DRAW,
            lb.K.GOON_DRAW, lb.K.GUARD_CARD} <= set(seen)


def test_draws_equal_brute_force_on_small_urns() -> None:
    """The count-based draws against enumerating every order of the pile."""
    for counts in ((2, 1), (3, 0, 2), (1, 1, 1, 1), (2, 2, 1), (4, 1, 2)):
        cards = [i for i, n in enumerate(counts) for _ in range(n)]
        orders = list(permutations(cards))
        for k in range(len(cards) + 1):
            brute = Counter(tuple(sorted(o[:k])) for o in orders)
            exact = dict(draw_many(counts, k))
            assert exact == {h: Fraction(n, len(orders)) for h, n in brute.items()}
        top = Counter(o[0] for o in orders)
        assert dict(draw_one(counts)) == {i: Fraction(n, len(orders)) for i, n in top.items()}
        assert set(arrangements(counts)) == set(orders)
        assert len(arrangements(counts)) == count_arrangements(counts)
    # Multivariate hypergeometric in closed form for the loot pool.
    outs = dict(draw_many((6, 6, 6, 6, 6), 4))
    assert outs[(0, 0, 1, 1)] == Fraction(comb(6, 2) * comb(6, 2), comb(30, 4))


@pytest.mark.parametrize("agents", ["random", "heuristic"])
def test_final_scores_of_many_finished_matches_sum_to_scores(agents: str) -> None:
    n = 1000 if SLOW else 25
    for seed in range(n):
        players = (1, 2, 3, 4, 5)[seed % 5]
        kw = {"difficulty": ("green", "yellow", "red")[seed % 3]} if players == 1 else {}
        make = (lambda c, s=seed: lb.HeuristicAgent(s)) if agents == "heuristic" else None
        m = lb.play(players=players, seed=seed, agents=make, **kw)
        fs = lb.final_scores(m.state)
        assert {c: sum(v.values()) for c, v in fs.items()} == m.scores()
        assert m.state.round == 6 and m.is_over


@slow
def test_heuristic_beats_random_more_often_than_not() -> None:
    """The heuristic agent is a real player: it wins most 2-player matches against random."""
    wins = 0
    for seed in range(200):
        m = lb.play(players=2, seed=seed, agents={"red": lb.HeuristicAgent(seed),
                                                  "blue": lb.RandomAgent(seed)})
        wins += lb.winners(m.state) == ("red",)
    assert wins > 120


def test_single_copy_draws_equal_the_urns_hypergeometric_table() -> None:
    """Piles of single copies (the item deck) take a shortcut: uniform k-subsets. Its table
    (outcomes, probabilities, sampling table) is the one the general urn path builds, so
    seeded matches draw exactly what they drew before."""
    from boardlab.core.engine import OutcomeTable
    from boardlab.prob.urn import draw

    for counts in ((1,) * 12, (1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1), (0, 1), (1, 1, 1)):
        for k in range(sum(counts) + 1):
            fast = draw_many.__wrapped__(counts, k)
            general = OutcomeTable(sorted(
                (tuple(i for i, xi in enumerate(x) for _ in range(xi)), p)
                for x, p in draw(counts, k).items()))
            assert tuple(fast) == tuple(general)
            assert (fast.cumulative, fast.denominator) == (general.cumulative,
                                                            general.denominator)
            assert len(fast) == comb(sum(counts), k)


def test_arrangements_come_in_the_urns_order() -> None:
    """The tunnel layouts are enumerated without importing boardlab.prob; the orders, and
    their order (a seeded match samples by position), are the urn's."""
    from boardlab.prob.urn import arrangements as urn_arrangements

    for counts in ((5, 1, 1), (4, 2, 1), (3, 3, 1), (1, 2), (2, 0, 2), (1, 1, 1, 1), (0,),
                   (3,), ()):
        assert arrangements(counts) == tuple(urn_arrangements(counts)), counts
    with pytest.raises(ValueError, match="whole numbers"):
        arrangements((1, -1))


def test_top_card_tables_equal_the_count_tables() -> None:
    """The engine's top-card tables (tomes, goons, legends, guard cards) are built from
    shared (outcome, probability) pairs; on random piles each equals, sampling table
    included, the table ``OutcomeTable.from_counts`` builds from the same counts, and an
    empty pile is refused."""
    import random

    from boardlab.core.engine import OutcomeTable
    from boardlab.lockup_breakout.rules import _one

    rng = random.Random(11)
    names = tuple("zyxwvutsrqponm")
    checked = 0
    for _ in range(600):
        kinds = rng.randint(1, 14)
        counts = tuple(rng.choice((0, 0, 1, 2, 3, 6, 12)) for _ in range(kinds))
        if not sum(counts):
            continue
        named = names[:kinds]
        want = OutcomeTable.from_counts((lb.Draw(named[i]), n)
                                        for i, n in enumerate(counts) if n)
        got = _one(named, counts)
        assert tuple(got) == tuple(want), counts
        assert (got.denominator, got.cumulative) == (want.denominator, want.cumulative)
        assert got is _one(named, counts)       # cached per pile and counts
        checked += 1
    assert checked > 500
    with pytest.raises(ValueError, match="cannot draw from an empty pile"):
        _one(names[:3], (0, 0, 0))
    with pytest.raises(ValueError, match="positive integers, got -1"):
        _one(names[:3], (2, -1, 1))


def test_named_draws_from_integer_weights_equal_the_fraction_tables() -> None:
    """The engine builds multi-card draws (items, goals, loot stacks, Shapeshifter goons)
    from integer weights ∏ C(nᵢ, xᵢ). On random piles its tables equal, outcome for
    outcome, the Fraction tables of ``draw_many`` with the cards named, sampling table
    included, so seeded matches draw exactly what they drew before; and the weights
    agree with brute force over every order of a small pile."""
    import random

    from boardlab.core.engine import OutcomeTable
    from boardlab.lockup_breakout.draws import draw_weights
    from boardlab.lockup_breakout.rules import _many

    rng = random.Random(7)
    names = tuple("lkjihgfedcba")      # not in index order: outcomes sort by name
    checked = 0
    for _ in range(600):
        kinds = rng.randint(1, 9)
        counts = tuple(rng.choice((0, 0, 1, 1, 2, 3, 6)) for _ in range(kinds))
        if not sum(counts):
            continue
        k = rng.randint(0, min(sum(counts), 5))
        named = names[:kinds]
        want = OutcomeTable((lb.DrawMany(tuple(sorted(named[i] for i in cards))), p)
                            for cards, p in draw_many(counts, k))
        got = _many(named, counts, k)
        assert tuple(got) == tuple(want), (counts, k)
        assert (got.denominator, got.cumulative) == (want.denominator, want.cumulative)
        checked += 1
    assert checked > 500
    pile = (2, 0, 1, 2)
    cards = [i for i, n in enumerate(pile) for _ in range(n)]
    orders = list(permutations(cards))
    for k in range(len(cards) + 1):
        brute = Counter(tuple(sorted(o[:k])) for o in orders)
        weights = dict(draw_weights(pile, k))
        total = sum(weights.values())
        assert total == comb(len(cards), k)
        assert {h: Fraction(w, total) for h, w in weights.items()} == \
            {h: Fraction(n, len(orders)) for h, n in brute.items()}
    with pytest.raises(ValueError, match="cannot draw 4 cards from a pile of 3"):
        draw_weights((1, 2), 4)
    with pytest.raises(ValueError, match="cannot draw 4 cards from a pile of 3"):
        _many(names[:2], (1, 2), 4)
    with pytest.raises(ValueError, match="negative count"):
        _many(names[:3], (3, -1, 2), 2)
