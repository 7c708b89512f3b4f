"""boardlab.prob.urn against itertools brute force, for every pile of up to 8 items.

The brute force never uses a formula: it labels the N items 0 … N−1 (so that every
item is equally likely, as after a fair shuffle), lists every subset, every ordered
draw or every order of the whole pile with ``itertools``, and counts.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations, product
from math import comb, factorial

import pytest
import sympy

from boardlab.prob import Dist
from boardlab.prob.symbolic import (
    hypergeometric_at_least,
    hypergeometric_pmf,
    multiset_arrangements,
    multivariate_hypergeometric,
)
from boardlab.prob.urn import (
    arrangements,
    count_arrangements,
    draw,
    draw_one,
    draw_ordered,
    hypergeometric,
    hypergeometric_tail,
)

MAX_ITEMS = 8


def _vectors(kinds: int, least: int) -> list[tuple[int, ...]]:
    """Every vector of ``kinds`` counts, each at least ``least``, with sum at most 8, in
    the order of ``product(range(least, 9), repeat=kinds)`` filtered by the sum; the
    prefixes that cannot stay within 8 items are cut early (the unpruned filter walks
    8**8 vectors for 8 kinds and took seconds at import)."""
    if kinds == 0:
        return [()]
    return [(first, *rest) for first in range(least, MAX_ITEMS + 1 - least * (kinds - 1))
            for rest in _vectors(kinds - 1, least) if first + sum(rest) <= MAX_ITEMS]


def _piles() -> list[tuple[int, ...]]:
    """Every count vector of at most 8 items: all vectors of 1–4 kinds (empty kinds
    included), and every vector of 5–8 non-empty kinds."""
    piles = [c for kinds in range(1, 5) for c in _vectors(kinds, 0)]
    piles += [c for kinds in range(5, MAX_ITEMS + 1) for c in _vectors(kinds, 1)]
    return piles


PILES = _piles()


def _items(counts: tuple[int, ...]) -> list[int]:
    """The pile as a list of kinds, one entry per item (items are told apart by place)."""
    return [kind for kind, c in enumerate(counts) for _ in range(c)]


def _normalised(counter: Counter, total: int) -> dict:
    """Counts over ``total`` as Fractions (one Fraction per distinct count: fast)."""
    share = {v: Fraction(v, total) for v in set(counter.values())}
    return {k: share[v] for k, v in counter.items()}


def _as_counts(d: Dist, total: int) -> dict:
    """A Dist as whole numbers of outcomes out of ``total`` (each must be whole).

    Probabilities shared between outcomes are converted once (compared as ints, the
    1.8 million ordered draws of this file check in a fraction of the time)."""
    whole: dict[int, int] = {}
    out = {}
    for outcome, q in d.probs.items():
        n = whole.get(id(q))
        if n is None:
            scaled = q * total
            assert scaled.denominator == 1, (outcome, q, total)
            n = whole[id(q)] = scaled.numerator
        out[outcome] = n
    return out


def test_the_piles_cover_every_shape_up_to_eight_items() -> None:
    assert len(PILES) == len(set(PILES)) == 714 + sum(
        comb(n - 1, m - 1) for n in range(1, 9) for m in range(5, 9))
    assert max(sum(c) for c in PILES) == MAX_ITEMS and (0,) in PILES


def test_draw_equals_every_subset_counted() -> None:
    for counts in PILES:
        items = _items(counts)
        n = len(items)
        for k in range(n + 1):
            seen = Counter(tuple(sum(1 for i in chosen if items[i] == kind)
                                 for kind in range(len(counts)))
                           for chosen in combinations(range(n), k))
            assert draw(counts, k).probs == _normalised(seen, comb(n, k)), (counts, k)


def test_draw_with_labels_gives_sorted_multisets() -> None:
    names = "abcd"
    for counts in PILES:
        if len(counts) > len(names):
            continue
        items = _items(counts)
        pile = dict(zip(names, counts, strict=False))
        for k in range(len(items) + 1):
            seen = Counter(tuple(sorted(names[items[i]] for i in chosen))
                           for chosen in combinations(range(len(items)), k))
            want = _normalised(seen, comb(len(items), k))
            assert draw(pile, k).probs == want, (counts, k)
            assert draw(counts, k, labels=names[:len(counts)]).probs == want


@pytest.mark.slow    # 8! shuffles of each 8-item pile
def test_shuffles_counted_give_every_ordered_draw_and_every_arrangement() -> None:
    """Shuffle the labelled items every possible way (N! orders, equally likely): the
    distinct orders are the arrangements, and the first k items an ordered draw of k."""
    for counts in PILES:
        items = _items(counts)
        n = len(items)
        shuffles = Counter(permutations(items))
        assert list(arrangements(counts)) == sorted(shuffles), counts
        assert count_arrangements(counts) == multiset_arrangements(counts) == len(shuffles)
        prefixes = shuffles
        for k in range(n, -1, -1):   # the first k items of every shuffle, k = n … 0
            assert _as_counts(draw_ordered(counts, k), factorial(n)) == prefixes, (counts, k)
            shorter: Counter[tuple[int, ...]] = Counter()
            for order, times in prefixes.items():
                shorter[order[:-1]] += times
            prefixes = shorter
        if items:
            seen = Counter(items)
            assert draw_one(counts) == tuple((kind, Fraction(seen[kind], n))
                                             for kind in sorted(seen))
        else:
            with pytest.raises(ValueError, match="empty pile"):
                draw_one(counts)
    assert ["".join(a) for a in arrangements({"x": 1, "a": 1})] == ["xa", "ax"]
    assert list(draw_ordered({"x": 1, "a": 2}, 2).probs) == [("a", "a"), ("a", "x"),
                                                              ("x", "a")]


def test_hypergeometric_and_its_tails_equal_counting() -> None:
    for n_items in range(MAX_ITEMS + 1):
        for good in range(n_items + 1):
            pile = [1] * good + [0] * (n_items - good)
            for drawn in range(n_items + 1):
                seen = Counter(sum(c) for c in combinations(pile, drawn))
                want = _normalised(seen, comb(n_items, drawn))
                d = hypergeometric(n_items, good, drawn)
                assert d.probs == want
                assert d == draw((n_items - good, good), drawn).map(lambda x: x[1])
                for k in range(-1, drawn + 2):
                    tail = sum((p for s, p in want.items() if s >= k), Fraction(0))
                    assert hypergeometric_tail(n_items, good, drawn, k) == tail
                    assert d.at_least(k) == tail


@pytest.mark.slow
def test_sympy_forms_equal_the_fractions() -> None:
    for n_items in range(0, MAX_ITEMS + 1, 2):
        for good in range(n_items + 1):
            for drawn in range(n_items + 1):
                d = hypergeometric(n_items, good, drawn)
                for k in range(drawn + 1):
                    assert hypergeometric_pmf(n_items, good, drawn, k) == d.P(k)
                assert hypergeometric_at_least(n_items, good, drawn, 1).doit() == d.at_least(1)
    for counts in [(3, 1, 2), (2, 2, 2, 1), (5, 1, 1), (0, 4)]:
        for k in range(sum(counts) + 1):
            for x, p in draw(counts, k).items():
                assert multivariate_hypergeometric(x, counts) == p
    N, K, n, k = sympy.symbols("N K n k")
    assert hypergeometric_pmf() == sympy.binomial(K, k) * sympy.binomial(N - K, n - k) \
        / sympy.binomial(N, n)


def test_the_lesson_numbers_of_the_breakout_plan() -> None:
    # Tunnel layouts (A5 #1): 7 cards dealt to 7 places; 2/3/4 plain tunnels + one double.
    assert [count_arrangements((5, 1, 1)), count_arrangements((4, 2, 1)),
            count_arrangements((3, 3, 1))] == [42, 105, 140]
    layouts = Dist.uniform(arrangements({"blank": 4, "tunnel": 2, "double": 1}))
    assert layouts.P(lambda a: a[0] != "blank") == Fraction(3, 7)
    assert layouts.P(lambda a: a[0] == "double") == Fraction(1, 7)
    # A5 #2: at least one of my 3 locations among the 2 with tunnels of 7.
    assert hypergeometric_tail(7, 3, 2, 1) == 1 - Fraction(comb(4, 2), comb(7, 2)) \
        == Fraction(5, 7)
    # A5 #13: a given goal among 2 public goals of G = 6.
    assert hypergeometric(6, 1, 2).P(1) == Fraction(2, 6)


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: draw((3, -1), 1), ValueError, r"count of kind 1: at least 0 \(got -1\)"),
    (lambda: draw((3, True), 1), TypeError, "whole number"),
    (lambda: draw((3, 1), 5), ValueError, "cannot draw 5 items from a pile of 4"),
    (lambda: draw((3, 1), 1.0), TypeError, "number of draws"),
    (lambda: draw("abc", 1), TypeError, "sequence of ints or a mapping"),
    (lambda: draw((1, 2), 1, labels="a"), ValueError, "2 counts but 1 labels"),
    (lambda: draw({"a": 1}, 1, labels="a"), TypeError, "already names"),
    (lambda: draw((1, 2), 1, labels="aa"), ValueError, "different"),
    (lambda: draw_ordered({"a": 2}, 3), ValueError, "cannot draw 3"),
    (lambda: hypergeometric(5, 6, 1), ValueError, "cannot exceed"),
    (lambda: hypergeometric(5, 2, 6), ValueError, "cannot draw n = 6"),
    (lambda: hypergeometric_tail(5, 2, 2, 1.5), TypeError, "k: expected a whole number"),
    (lambda: list(arrangements({"a": -2})), ValueError, "count of kind 'a'"),
])
def test_bad_piles_are_refused_with_a_reason(call, error, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=message):
        call()


# -- Mall of Horror's deck draw is the urn's draw_one -------------------------------------------
def _reachable_decks() -> list[tuple[int, ...]]:
    """Every unseen deck a Mall of Horror match can hold: at most the box's 3 of each
    card and 6 Weapons split between strengths 1 and 2 (MoH Box Contents, MoH-R2, any
    weapon_strengths), never empty when a card is drawn."""
    return [(t, c, s, h, w1, w2, hid)
            for t, c, s, h, hid in product(range(4), repeat=5)
            for w1 in range(7) for w2 in range(7 - w1)
            if t + c + s + h + hid + w1 + w2 > 0]


def test_mall_of_horror_draws_equal_the_urn_for_every_reachable_deck() -> None:
    from boardlab.mall_of_horror.choices import Draw
    from boardlab.mall_of_horror.config import CARDS, Config
    from boardlab.mall_of_horror.rules import draw_outcomes

    decks = _reachable_decks()
    assert len(decks) == 4**5 * 28 - 1
    for strengths in ((1, 1, 1, 2, 2, 2), (1,) * 6, (2,) * 6):
        assert Config(weapon_strengths=strengths).deck() in decks
    for deck in decks:
        assert draw_outcomes(deck) == tuple((Draw(card), p) for card, p in
                                            draw_one(deck, labels=CARDS))
