"""boardlab.prob.dice: collapsed face counts, ignored faces and icon dice vs brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pytest

from boardlab.prob import Dist, IconDie, Icons, count_face, die, face_counts, icon_pool
from boardlab.prob.dice import at_least_icons, icon_count
from tests.prob.brute import brute

F = Fraction


def counts_of(roll: tuple[int, ...], faces: int = 6, ignore: frozenset[int] = frozenset()
              ) -> tuple[int, ...]:
    return tuple(0 if f in ignore else roll.count(f) for f in range(1, faces + 1))


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5])
def test_face_counts_equal_brute_force(n: int) -> None:
    d = face_counts(n)
    assert d.probs == brute(n, counts_of)
    assert len(d) == comb(n + 5, 5)


def test_four_dice_have_126_outcomes_with_multinomial_probabilities() -> None:
    d = face_counts(4)
    assert len(d) == 126
    assert d.P((4, 0, 0, 0, 0, 0)) == F(1, 1296)
    assert d.P((2, 1, 1, 0, 0, 0)) == F(12, 1296)
    assert d.P((1, 1, 1, 1, 0, 0)) == F(24, 1296)
    assert all(sum(o) == 4 for o in d.outcomes)


def test_other_die_sizes() -> None:
    assert face_counts(3, 4).probs == brute(3, lambda r: counts_of(r, 4), faces=4)
    assert die(8) == Dist.uniform(range(1, 9))


def test_ignored_face_is_discarded_without_changing_the_others() -> None:
    closed = frozenset({2})
    d = face_counts(4, ignore=closed)
    assert d.probs == brute(4, lambda r: counts_of(r, ignore=closed))
    assert d.marginal(1) == Dist.point(0)
    for face in (1, 3, 4, 5, 6):
        assert d.marginal(face - 1) == count_face(4, face) == face_counts(4).marginal(face - 1)
    # Dice are not re-rolled: fewer than 4 zombies arrive in all when one shows the 2.
    assert d.map(sum).P(4) == F(5, 6) ** 4
    assert count_face(4, 2, ignore={2}) == Dist.point(0)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_count_face_equals_brute_force(n: int) -> None:
    assert count_face(n, 6).probs == brute(n, lambda r: r.count(6))
    both = count_face(n, {5, 6})
    assert both.probs == brute(n, lambda r: sum(f in (5, 6) for f in r))
    assert count_face(n, [5, 6], ignore={5}) == count_face(n, 6)


def test_count_face_known_values() -> None:
    assert count_face(4, 6).P(4) == F(1, 1296)
    assert count_face(4, 6).at_least(2) == F(19, 144) == F(171, 1296)
    assert count_face(4, range(1, 7)) == Dist.point(4)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: face_counts(-1), "number of dice"),
    (lambda: face_counts(2, 0), "faces"),
    (lambda: count_face(4, 7), r"faces \[7\] not on a 6-sided die"),
    (lambda: face_counts(4, ignore={0}), r"ignored faces \[0\]"),
])
def test_bad_pools_are_refused(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        call()


# -- icons ---------------------------------------------------------------------------------
def test_icons_are_a_hashable_readable_multiset() -> None:
    a = Icons(["Strength", "Speed", "Strength"])
    assert a == Icons({"Strength": 2, "Speed": 1, "Intelligence": 0})
    assert hash(a) == hash(Icons({"Speed": 1, "Strength": 2}))
    assert a["Strength"] == 2 and a["Intelligence"] == 0
    assert "Intelligence" not in a and list(a) == ["Speed", "Strength"] and len(a) == 2
    assert a.total() == 3 and str(a) == "Speed + 2 Strength" and str(Icons()) == "no icons"
    assert eval(repr(a), {"Icons": Icons}) == a
    assert a + Icons(["Speed"]) == Icons({"Speed": 2, "Strength": 2})
    with pytest.raises(TypeError, match="list of icon names"):
        Icons("Strength")
    with pytest.raises(ValueError, match="count -1"):
        Icons({"Speed": -1})


def test_default_die_is_the_level7_ruling() -> None:
    d = IconDie()
    assert d.faces == (Icons(["Strength"]), Icons({"Strength": 2}), Icons(["Speed"]),
                       Icons({"Speed": 2}), Icons(["Intelligence"]), Icons({"Intelligence": 2}))
    assert d.icons == {"Strength", "Speed", "Intelligence"}
    assert eval(repr(d), {"IconDie": IconDie}) == d
    assert IconDie([[], [], ["Skull"]]).dist.P(Icons()) == F(2, 3)
    with pytest.raises(ValueError, match="non-empty"):
        IconDie([])


def brute_icons(dice: list[IconDie]) -> dict[Icons, Fraction]:
    counts: dict[Icons, int] = {}
    rolls = list(product(*(d.faces for d in dice)))
    for roll in rolls:
        total = sum(roll, Icons())
        counts[total] = counts.get(total, 0) + 1
    return {k: F(c, len(rolls)) for k, c in counts.items()}


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_icon_pool_equals_brute_force(n: int) -> None:
    dice = [IconDie()] * n
    assert icon_pool(dice).probs == brute_icons(dice)


def test_mixed_dice_and_at_least_k_icons() -> None:
    dice = [IconDie(), IconDie([["Strength"], ["Strength", "Speed"], []])]
    assert icon_pool(dice).probs == brute_icons(dice)
    three = [IconDie()] * 3
    # Level 7: an enemy damages a barricade on three or more Strength icons.
    strength = brute(3, lambda r: sum({1: 1, 2: 2}.get(f, 0) for f in r))
    assert icon_count(three, "Strength").probs == strength
    want = sum((q for k, q in strength.items() if k >= 3), F(0))
    assert want == F(11, 54)
    assert at_least_icons(three, "Strength", 3).P() == want
    assert icon_count([], "Speed") == Dist.point(0)
