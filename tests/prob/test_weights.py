"""Integer weights inside Dist, and keep_highest / keep_lowest, against brute force.

Every fast path (the polynomial product of whole-number dice, the big-integer product,
the integer mean and variance, the repeat memo, the cumulative powers and the dynamic
programme of kept dice) is compared with a plain Fraction computation or with counting
every ordered roll.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from boardlab.core.errors import ArgumentTypeError, LimitError, QuestionError
from boardlab.prob import LIMITS, Dist, count_face, die, keep_highest, keep_lowest
from boardlab.prob.weights import convolve, dense, keep_weights
from tests.prob.brute import brute

F = Fraction


def fraction_combine(a: Dist[Any], b: Dist[Any], op: Callable[[Any, Any], Any]
                     ) -> dict[Any, Fraction]:
    """``op`` of two independent draws, the plain way: Fraction products per pair."""
    out: dict[Any, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[op(x, y)] = out.get(op(x, y), F(0)) + p * q
    return out


def random_dist(rng: random.Random, ints: bool = True) -> Dist[Any]:
    size = rng.randint(1, 9)
    low = rng.randint(-5, 5)
    spread = rng.choice([1, 1, 2, 40])  # 40: outcomes far apart (kept as a dict)
    weights: dict[Any, Any] = {}
    for _ in range(size):
        o = low + rng.randint(0, size) * spread
        if not ints:
            o = F(o, rng.randint(1, 3))
        weights[o] = rng.choice([1, 2, 7, F(1, 3), 10**30])
    return Dist(weights)


def slow_convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def test_convolve_equals_multiply_adds_for_small_large_and_huge_weights() -> None:
    rng = random.Random(7)
    for _ in range(500):
        big = rng.choice([1, 200, 10**6, 10**25])
        a = [rng.choice([0, 1, rng.randint(0, big)]) for _ in range(rng.randint(1, 70))]
        b = [rng.choice([0, 1, rng.randint(0, big)]) for _ in range(rng.randint(1, 70))]
        assert convolve(a, b) == slow_convolve(a, b)
    assert dense({0: 1, 10**6: 1}) is None  # far apart: not a list of a million slots


@pytest.mark.parametrize("seed", range(40))
def test_sums_and_differences_equal_fraction_arithmetic(seed: int) -> None:
    rng = random.Random(seed)
    ints = seed % 4 != 3
    a, b = random_dist(rng, ints), random_dist(rng, ints)
    assert (a + b).probs == fraction_combine(a, b, lambda x, y: x + y)
    assert (a - b).probs == fraction_combine(a, b, lambda x, y: x - y)
    assert (a + b).outcomes == tuple(sorted((a + b).outcomes))
    for d in (a, b, a + b, a - b):
        assert sum(d.probs.values()) == 1
        assert all(type(q) is Fraction for q in d.probs.values())
        plain = d.probs
        assert d.E() == sum((o * q for o, q in plain.items()), F(0))
        mean = d.E()
        assert d.var() == sum(((o - mean) ** 2 * q for o, q in plain.items()), F(0))
        assert type(d.E()) is Fraction and type(d.var()) is Fraction


def test_sums_of_bools_and_mixed_outcomes_keep_their_types() -> None:
    coin = Dist({True: 1, False: 1})
    assert (coin + coin).probs == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    mixed = Dist({1: 1, F(1, 2): 1})
    assert (mixed + die(2)).probs == fraction_combine(mixed, die(2), lambda x, y: x + y)


@pytest.mark.parametrize("faces,n", [(2, 5), (6, 3), (7, 4), (20, 2)])
def test_repeat_equals_brute_force_and_is_kept(faces: int, n: int) -> None:
    d = die(faces)
    first = d.repeat(n)
    assert first.probs == brute(n, sum, faces)
    again = d.repeat(n)
    assert again is first  # asked again of the same Dist: the kept answer
    assert Dist.uniform(range(1, faces + 1)).repeat(n) == first  # a fresh die: same answer
    assert d.repeat(0, zero="none") == Dist.point("none")  # n = 0 is never kept


def test_repeat_keeps_a_bounded_number_of_answers() -> None:
    d = Dist({0: 1, 1: 1})
    for n in range(2, 60):
        assert d.repeat(n) == count_face(n, 1, 2)
    assert d._memo is not None and len(d._memo) <= 16
    big = die(100)
    with LIMITS.using(work=10**7):
        assert big.repeat(50) is not big.repeat(50)  # 4,951 outcomes: not kept
    assert not big._memo


def test_equality_across_representations() -> None:
    weights = Dist({1: 2, 2: 2})  # integer weights 2/4, 2/4
    fractions = Dist.from_pairs([(1, F(1, 2)), (2, F(1, 2))])
    assert weights == fractions and hash(weights) == hash(fractions)
    assert weights != Dist({1: 1, 2: 2}) and weights != Dist({1: 1, 3: 1})
    assert Dist({1: 1}) != Dist({1: 1, 2: 1})


def test_probabilities_are_made_lazily_and_exactly() -> None:
    d = die(12).repeat(3)
    assert d._fr is None  # nothing asked yet
    assert d.P(18) == F(brute(3, sum, 12)[18])
    assert d.cdf(3) == F(1, 1728) and d.at_least(36) == F(1, 1728)
    assert (d >= 30).P() == sum((q for o, q in brute(3, sum, 12).items() if o >= 30), F(0))
    assert d.given(lambda x: x <= 4).probs == {3: F(1, 4), 4: F(3, 4)}


def brute_keep(n: int, faces: dict[Any, int], keep: int, highest: bool) -> dict[Any, Fraction]:
    counts: dict[Any, int] = {}
    total = 0
    for roll in product(faces, repeat=n):
        w = 1
        for f in roll:
            w *= faces[f]
        ordered = sorted(roll, reverse=highest)
        v = sum(ordered[:keep], start=0 * ordered[0])
        counts[v] = counts.get(v, 0) + w
        total += w
    return {v: F(c, total) for v, c in counts.items() if c}


@pytest.mark.parametrize("seed", range(30))
def test_keep_highest_and_lowest_equal_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 5)
    keep = rng.randint(1, n)
    ints = seed % 3 != 2
    faces: dict[Any, int] = {}
    for _ in range(rng.randint(1, 6)):
        o = rng.randint(-3, 9)
        faces[o if ints else F(o, rng.randint(1, 4))] = rng.randint(1, 4)
    d = Dist(faces)
    weights = {o: w for o, w in faces.items()}
    assert keep_highest(n, d, keep=keep).probs == brute_keep(n, weights, keep, True)
    assert keep_lowest(n, d, keep=keep).probs == brute_keep(n, weights, keep, False)


@pytest.mark.parametrize("faces,n,keep", [(6, 4, 3), (6, 3, 1), (20, 2, 1), (8, 5, 2),
                                          (4, 4, 4)])
def test_keep_of_a_fair_die_equals_counting_and_the_joint_spelling(faces: int, n: int,
                                                                   keep: int) -> None:
    assert keep_highest(n, faces, keep=keep).probs == brute(
        n, lambda r: sum(sorted(r)[n - keep:]), faces)
    assert keep_lowest(n, faces, keep=keep).probs == brute(
        n, lambda r: sum(sorted(r)[:keep]), faces)
    if n == 2 and keep == 1:
        d = die(faces)
        assert keep_highest(2, faces) == d.joint(d).map(max)
        assert keep_lowest(2, d) == d.joint(d).map(min)


def test_keep_weights_of_many_dice_add_up() -> None:
    w = keep_weights(dict.fromkeys(range(1, 7), 1), 10, 3, True)
    assert sum(w.values()) == 6**10 and min(w) == 3 and max(w) == 18


def test_keep_refuses_bad_questions_with_a_reason() -> None:
    with pytest.raises(QuestionError, match=r"keep: 1 to 3 \(got 4\)"):
        keep_highest(3, 6, keep=4)
    with pytest.raises(QuestionError, match="number of dice"):
        keep_lowest(0, 6)
    with pytest.raises(ArgumentTypeError, match="numeric outcomes"):
        keep_highest(2, Dist({"a": 1, "b": 1}))
    with pytest.raises(ArgumentTypeError, match="faces of a fair die"):
        keep_highest(2, True)
    with pytest.raises(ArgumentTypeError, match="whole number"):
        keep_highest(2, 6, keep=1.0)  # type: ignore[arg-type]
    with pytest.raises(LimitError, match="LIMITS.dice"):
        keep_highest(LIMITS.dice + 1, 6)
    with LIMITS.using(work=1000), pytest.raises(LimitError, match="LIMITS.work"):
        keep_highest(20, 20, keep=10)


def test_a_dist_pickles_and_copies_with_its_answers() -> None:
    import copy
    import pickle

    d = die(6).repeat(3)
    for other in (pickle.loads(pickle.dumps(d)), copy.deepcopy(d), copy.copy(d)):
        assert other == d and other.probs == d.probs and other.outcomes == d.outcomes
        assert other.P(10) == F(27, 216)
