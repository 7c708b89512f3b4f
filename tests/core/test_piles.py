"""boardlab.core.piles: a pile's tables from shared parts are from_counts' tables."""

from __future__ import annotations

import random

from boardlab.core.engine import OutcomeTable
from boardlab.core.piles import Pile

NAMES = tuple(f"card{i}" for i in range(24))


def _same(a: OutcomeTable, b: OutcomeTable) -> bool:
    return list(a) == list(b) and (a.denominator, a.cumulative) == (b.denominator,
                                                                    b.cumulative)


def test_top_card_tables_equal_from_counts_on_random_piles() -> None:
    rng = random.Random(27)
    pile = Pile(NAMES, str.upper, tuple)
    seen_single = seen_multi = 0
    for _ in range(2000):
        single = rng.random() < 0.6        # a deck of distinct cards, or copies
        counts = tuple(rng.choice((0, 1) if single else (0, 1, 2, 3)) for _ in NAMES)
        if not sum(counts):
            continue
        seen_single += max(counts) == 1
        seen_multi += max(counts) > 1
        expected = OutcomeTable.from_counts((n.upper(), c)
                                            for n, c in zip(NAMES, counts, strict=True) if c)
        assert _same(pile.one(counts), expected), counts
        assert pile.one(counts) is pile.one(counts)      # cached per counts
    assert seen_single > 500 and seen_multi > 500


def test_shared_parts_are_shared_between_piles_of_one_size() -> None:
    pile = Pile(NAMES, str.upper, tuple)
    a = pile.one((1, 1, 0) + (0,) * 21)
    b = pile.one((0, 1, 1) + (0,) * 21)
    assert a[1] is b[0]                    # CARD1 with probability 1/2: one pair
    assert a.cumulative is b.cumulative    # one cumulative table per size
