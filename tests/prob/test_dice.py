"""boardlab.prob.dice: collapsed face counts, ignored faces and icon dice vs brute force."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb
from typing import NamedTuple

import pytest

from boardlab.core.engine import CHANCE, Match
from boardlab.core.errors import FormatError
from boardlab.core.serialize import decode, encode
from boardlab.prob import (
    Dist,
    IconDie,
    IconRoll,
    Icons,
    challenge,
    count_face,
    die,
    face_counts,
    icon_pool,
)
from boardlab.prob.dice import at_least_icons, icon_count, roll_outcomes
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


# -- challenges: the margin of a roll over a difficulty -------------------------------------------
# Level 7 lesson numbers (level7_lockdown.md B5, default die L7-R2, illustrative faces).
@pytest.mark.parametrize(("difficulty", "passes"), [
    (4, [F(1, 36), F(19, 216), F(14, 81), F(22, 81), F(91, 243)]),
    (3, [F(1, 12), F(11, 54), F(1, 3), F(37, 81), F(413, 729)]),
    (5, [F(0), F(1, 54), F(79, 1296), F(1, 8), F(199, 972)]),
])
def test_challenge_success_for_two_to_six_dice(difficulty: int, passes: list[Fraction]) -> None:
    got = [(challenge(n, "Intelligence", difficulty) >= 0).P() for n in range(2, 7)]
    assert got == passes


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_challenge_margin_equals_brute_force_on_a_mixed_face_die(n: int) -> None:
    mixed = IconDie([["Strength", "Speed"], ["Strength", "Strength"], [], ["Speed"]])
    for difficulty in range(0, 5):
        margins: dict[int, int] = {}
        rolls = list(product(mixed.faces, repeat=n))
        for roll in rolls:
            m = sum(face["Strength"] for face in roll) - difficulty
            margins[m] = margins.get(m, 0) + 1
        want = Dist(margins)
        assert challenge(n, "Strength", difficulty, die=mixed) == want
        assert (challenge(n, "Strength", difficulty, die=mixed) >= 0) == \
            at_least_icons([mixed] * n, "Strength", difficulty)


def test_the_supply_cache_three_ways() -> None:
    # B5 #3: success, a miss by one, the cache lost; expected items before it is lost.
    for dice, (ok, miss, lost) in ((4, (F(14, 81), F(13, 81), F(2, 3))),
                                   (5, (F(22, 81), F(5, 27), F(44, 81)))):
        m = challenge(dice, "Intelligence", 4)
        assert ((m >= 0).P(), m.P(-1), (m <= -2).P()) == (ok, miss, lost)
    assert F(14, 81) / F(2, 3) == F(7, 27)


@pytest.mark.parametrize(("args", "error", "message"), [
    ((-1, "Speed", 2), ValueError, "number of dice"),
    ((True, "Speed", 2), ValueError, "number of dice"),
    ((2, "Speed", -1), ValueError, "difficulty"),
    ((2, "Sped", 2), ValueError, "on no face of this die"),
])
def test_bad_challenges_are_refused(args: tuple, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        challenge(*args)
    with pytest.raises(TypeError, match="IconDie"):
        challenge(2, "Speed", 2, die=die())  # type: ignore[arg-type]


# -- rolls as chance outcomes that survive the match JSON ---------------------------------------
def test_roll_outcomes_equal_every_ordered_roll_counted() -> None:
    for dice in ([IconDie()] * 3, [IconDie(), IconDie([["Skull"], [], []])], []):
        rolls = list(product(*(d.faces for d in dice)))
        alike = bool(dice) and all(d == dice[0] for d in dice)
        counts: dict[IconRoll, int] = {}
        for roll in rolls:
            faces = [tuple(sorted(n for n in f for _ in range(f[n]))) for f in roll]
            key = IconRoll(tuple(sorted(faces)) if alike else tuple(faces))
            counts[key] = counts.get(key, 0) + 1
        outs = roll_outcomes(dice)
        assert dict(outs) == {k: F(c, len(rolls)) for k, c in counts.items()}
        assert [r for r, _ in outs] == sorted(r for r, _ in outs)
        total = Dist.from_pairs([(r.icons, p) for r, p in outs])
        assert total == icon_pool(dice)


def test_icon_roll_validates_and_reads_back() -> None:
    r = IconRoll((("Speed", "Intelligence"), ()))
    assert r.faces == (("Intelligence", "Speed"), ()) and r.count("Speed") == 1
    assert str(r) == "Intelligence + Speed | no icons"
    for bad, message in [("Speed", "one tuple of icon names"), (("Speed",), "faces\\[0\\]"),
                         (((1,),), "non-empty strings")]:
        with pytest.raises(TypeError, match=message):
            IconRoll(bad)  # type: ignore[arg-type]


@dataclass(frozen=True)
class ChallengeSetup:
    dice: int = 3


class ChallengeState(NamedTuple):
    rolls: tuple[IconRoll, ...]
    dice: int


class ChallengeRules:
    """A toy game: three challenge rolls of icon dice, nothing else (a Level 7 stand-in)."""

    name = "icon-challenge"
    book = None
    setup_type = ChallengeSetup
    state_type = ChallengeState
    choice_types = (IconRoll,)

    def initial(self, setup: ChallengeSetup) -> ChallengeState:
        return ChallengeState((), setup.dice)

    def to_move(self, state: ChallengeState) -> str | None:
        return CHANCE if len(state.rolls) < 3 else None

    def legal(self, state: ChallengeState) -> tuple:
        return ()

    def outcomes(self, state: ChallengeState) -> tuple[tuple[IconRoll, Fraction], ...]:
        return roll_outcomes([IconDie()] * state.dice)

    def step(self, state: ChallengeState, choice: IconRoll) -> tuple[ChallengeState, tuple]:
        return state._replace(rolls=(*state.rolls, choice)), ()

    def decision_rule(self, state: ChallengeState) -> None:
        return None

    def invariants(self, state: ChallengeState) -> list[str]:
        return []


def test_icon_rolls_round_trip_through_match_json() -> None:
    rules = ChallengeRules()
    match = Match(rules, ChallengeSetup(dice=4), seed=11)  # type: ignore[arg-type]
    while match.to_move is CHANCE:
        match.roll()
    text = match.to_json()
    again = Match.from_json(rules, text)  # type: ignore[arg-type]
    assert again.state == match.state and again.choices == match.choices
    assert all(isinstance(r, IconRoll) for r in again.state.rolls)
    assert json.loads(text)["choices"][0]["type"] == "IconRoll"
    assert encode(match.choices[0]) == {"type": "IconRoll",
                                        "faces": [list(f) for f in match.choices[0].faces]}
    assert decode(encode(match.choices[0]), IconRoll) == match.choices[0]
    with pytest.raises(FormatError, match=r"choices\[0\]\.faces\[0\]\[0\]: expected a string"):
        bad = json.loads(text)
        bad["choices"][0]["faces"][0][0] = 7
        Match.from_json(rules, bad)  # type: ignore[arg-type]
