"""boardlab.prob.dist: construction, exact questions, arithmetic, sampling, display."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
import sympy

from boardlab.core.errors import QuestionError
from boardlab.prob import Dist, show_prob
from boardlab.prob.dist import to_fraction
from tests.prob.brute import brute

F = Fraction
D6 = Dist.uniform(range(1, 7))


# -- construction --------------------------------------------------------------------------
def test_weights_are_normalised_to_exact_fractions() -> None:
    d = Dist({0: 5, 1: 1, 2: 0})
    assert d.probs == {0: F(5, 6), 1: F(1, 6)}
    assert all(type(q) is Fraction for q in d.probs.values())
    assert sum(d.probs.values()) == 1
    assert Dist({"a": F(1, 3), "b": F(1, 3)}).probs == {"a": F(1, 2), "b": F(1, 2)}
    assert Dist({1: sympy.Rational(1, 4), 2: 3}).P(1) == F(1, 13)


@pytest.mark.parametrize(("weights", "message"), [
    ({0: -1, 1: 2}, "negative"),
    ({}, "no outcomes"),
    ({0: 0, 1: 0}, "every weight is 0"),
])
def test_bad_weights_are_refused_with_a_reason(weights: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Dist(weights)


def test_floats_and_non_mappings_are_refused() -> None:
    with pytest.raises(TypeError, match="float"):
        Dist({0: 0.5, 1: 0.5})
    with pytest.raises(TypeError, match="Dist.uniform"):
        Dist([1, 2, 3])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not an int"):
        to_fraction("1/2")
    with pytest.raises(TypeError, match="bool"):
        to_fraction(True)
    with pytest.raises(TypeError, match="bool"):
        Dist({0: True, 1: 1})
    assert type(to_fraction(sympy.Rational(3, 4))) is Fraction


def test_other_constructors() -> None:
    assert Dist.point(3).probs == {3: 1}
    assert Dist.uniform("aab").probs == {"a": F(2, 3), "b": F(1, 3)}
    assert Dist.from_samples([2, 2, 1, 2]) == Dist({1: 1, 2: 3})
    pairs = [("x", F(1, 4)), ("y", F(1, 2)), ("x", F(1, 4))]
    assert Dist.from_pairs(pairs) == Dist({"x": 1, "y": 1})
    with pytest.raises(ValueError, match="sum to 3/4"):
        Dist.from_pairs([("x", F(1, 4)), ("y", F(1, 2))])
    with pytest.raises(ValueError, match="no samples"):
        Dist.from_samples([])


def test_outcomes_sorted_when_possible_else_first_seen() -> None:
    assert Dist({3: 1, 1: 1, 2: 1}).outcomes == (1, 2, 3)
    assert Dist({"sealed": 1, 3: 1, 1: 1}).outcomes == ("sealed", 3, 1)
    assert list(Dist({2: 1, 1: 3}).items()) == [(1, F(3, 4)), (2, F(1, 4))]
    assert len(D6) == 6 and 6 in D6 and 7 not in D6


def test_equality_hash_and_repr_that_evaluates_back() -> None:
    d = Dist({(1, "a"): 2, (0, "b"): 1})
    assert d == Dist({(0, "b"): F(1, 3), (1, "a"): F(2, 3)})
    assert d != Dist({(1, "a"): 1, (0, "b"): 1})
    assert hash(d) == hash(Dist({(0, "b"): 1, (1, "a"): 2}))
    assert repr(Dist({0: 5, 1: 1})) == "Dist({0: Fraction(5, 6), 1: Fraction(1, 6)})"
    assert eval(repr(d), {"Dist": Dist, "Fraction": Fraction}) == d


# -- questions -----------------------------------------------------------------------------
def test_every_answer_is_a_plain_fraction() -> None:
    two = D6 + D6
    answers = [two.P(7), two.P(lambda s: s > 9), two.P(13), two.E(), two.var(), two.cdf(4),
               two.at_least(10), (two >= 10).P()]
    assert answers == [F(1, 6), F(1, 6), 0, 7, F(35, 6), F(1, 6), F(1, 6), F(1, 6)]
    assert all(type(a) is Fraction for a in answers)
    # Mixed with a float it is a plain Python float (never a sympy Float).
    assert type(two.P(7) + 0.5) is float and two.P(7) + 0.5 == 1 / 6 + 0.5


def test_comparisons_make_events() -> None:
    count = Dist({0: 625, 1: 500, 2: 150, 3: 20, 4: 1})   # 6s among four dice
    assert (count >= 2).P() == F(19, 144)
    assert (count > 1) == (count >= 2) and (count < 2).P() == 1 - F(19, 144)
    assert (count <= 0).P() == F(625, 1296)
    assert (count >= 2).probs == {False: F(125, 144), True: F(19, 144)}
    # Against another Dist: independent draws compared (P(first die beats second)).
    assert (D6 > D6).P() == F(15, 36) and (D6 >= D6).P() == F(21, 36)
    with pytest.raises(TypeError, match="neither True nor False"):
        bool(count >= 2)
    with pytest.raises(TypeError, match="neither True nor False"):
        if count >= 2:  # a forgotten .P() is caught
            pass
    with pytest.raises(TypeError, match="True/False outcomes"):
        count.P()
    assert Dist.point(False).P() == 0


def test_old_spellings_warn_and_give_the_same_fractions() -> None:
    two = D6 + D6
    old_new = [("p", (7,), two.P(7)), ("e", (), two.E()), ("variance", (), two.var()),
               ("cdf_f", (4,), two.cdf(4)), ("at_most", (4,), two.cdf(4)),
               ("at_most_f", (4,), two.cdf(4)), ("at_least_f", (10,), two.at_least(10))]
    for old, args, want in old_new:
        with pytest.deprecated_call(match=rf"Dist\.{old}\(\) is deprecated .* use Dist\."):
            got = getattr(two, old)(*args)
        assert got == want and type(got) is Fraction
    from boardlab.prob.dist import to_rational

    with pytest.deprecated_call():
        assert to_rational(F(1, 6)) == sympy.Rational(1, 6)


def test_sum_of_two_d6_is_the_triangular_distribution() -> None:
    two = D6 + D6
    assert two.probs == {s: F(6 - abs(s - 7), 36) for s in range(2, 13)}
    assert two.probs == brute(2, sum)


def test_moments() -> None:
    assert D6.E() == F(7, 2) and D6.var() == F(35, 12)
    assert D6.sd() == sympy.sqrt(sympy.Rational(35, 12))
    assert Dist({F(1, 2): 1, 2: 1}).E() == F(5, 4)


def test_variance_of_a_sum_of_independents_is_the_sum_of_variances() -> None:
    a = Dist({0: 1, 1: 2, 5: 3})
    b = Dist({-2: 1, 3: 4})
    assert (a + b).var() == a.var() + b.var()
    assert (a + b).E() == a.E() + b.E()
    assert (a - b).var() == a.var() + b.var()


def test_moments_need_numbers() -> None:
    pairs = D6.joint(D6)
    with pytest.raises(TypeError, match=r"numeric outcomes.*\(1, 1\).*marginal"):
        pairs.E()
    with pytest.raises(TypeError, match="variance needs numeric"):
        pairs.var()


def test_cumulative_questions() -> None:
    assert D6.cdf(2) == F(1, 3) and D6.cdf(0) == 0 and D6.cdf(6) == 1 and D6.cdf(3) == F(1, 2)
    assert D6.at_least(5) == F(1, 3) and D6.at_least(1) == 1
    assert D6.cdf(2) == (D6 <= 2).P() and D6.at_least(5) == (D6 >= 5).P()
    with pytest.raises(TypeError, match="compared with 'x'"):
        D6.cdf("x")


def test_conditional_probability() -> None:
    two = D6.joint(D6)
    given_first_6 = two.given(lambda r: r[0] == 6)
    assert given_first_6.map(sum).P(lambda s: s >= 10) == F(1, 2)
    # P(A | B) = P(A and B) / P(B), on the sum of two dice.
    total = D6 + D6
    b = total.P(lambda s: s >= 8)
    assert total.given(lambda s: s >= 8).P(12) == total.P(12) / b
    with pytest.raises(ValueError, match="probability 0"):
        D6.given(7)


# -- arithmetic ----------------------------------------------------------------------------
def test_shift_map_joint_marginal() -> None:
    assert (D6 + 1).outcomes == tuple(range(2, 8)) and (10 + D6).P(11) == F(1, 6)
    assert (D6 - 1).outcomes == tuple(range(6))
    assert sum([D6, D6, D6]) == D6.repeat(3)
    parity = D6.map(lambda x: x % 2 == 0)
    assert parity.probs == {False: F(1, 2), True: F(1, 2)}
    j = D6.joint(Dist({"H": 1, "T": 3}))
    assert len(j) == 12 and j.P((6, "T")) == F(1, 8)
    assert j.marginal(0) == D6 and j.marginal(1) == Dist({"H": 1, "T": 3})
    with pytest.raises(TypeError, match="tuple outcomes"):
        D6.marginal(0)
    with pytest.raises(QuestionError, match="no position 2"):  # not a raw IndexError
        j.marginal(2)


def test_repeat_matches_brute_force() -> None:
    assert D6.repeat(4).probs == brute(4, sum)
    assert D6.repeat(1) == D6 and D6.repeat(0) == Dist.point(0)
    assert D6.repeat(5) == D6 + D6 + D6 + D6 + D6
    with pytest.raises(ValueError, match=r"n \(copies\): at least 0 \(got -1\)"):
        D6.repeat(-1)


# -- sampling ------------------------------------------------------------------------------
def test_sampling_is_seeded_and_exactly_weighted() -> None:
    d = Dist({"rare": 1, "common": 9, "never": 0})
    assert d.sample(50, seed=7) == d.sample(50, seed=7)
    assert d.sample(50, seed=7) == d.sample(50, seed=random.Random(7))
    n = 20_000
    draws = (D6 + D6).sample(n, seed=2024)
    for value, q in (D6 + D6).items():
        hits = draws.count(value)
        sigma = math.sqrt(n * q * (1 - q))
        assert abs(hits - n * q) <= 4 * sigma, (value, hits, n * q)
    assert set(d.sample(500, seed=1)) == {"rare", "common"}


def test_sampling_uses_integers_below_the_common_denominator() -> None:
    class Recorder(random.Random):
        bounds: list[int] = []

        def randrange(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            self.bounds.append(args[0])
            return super().randrange(*args, **kwargs)

    rng = Recorder(3)
    Dist({0: F(1, 4), 1: F(1, 6), 2: F(7, 12)}).sample(3, seed=rng)
    assert rng.bounds == [12, 12, 12]
    # The last integer below the denominator falls on the last outcome.
    rng2 = random.Random()
    rng2.randrange = lambda n: n - 1  # type: ignore[method-assign]
    assert Dist({0: 1, 1: 1}).sample(1, seed=rng2) == [1]


# -- display -------------------------------------------------------------------------------
@pytest.mark.parametrize(("p", "fmt", "text"), [
    (F(19, 144), "fraction", "19/144"),
    (F(19, 144), "percent", "13.19 %"),
    (F(19, 144), "one_in", "1 in 7.6"),
    (F(1, 1296), "one_in", "1 in 1,296"),
    (F(1, 1296), "percent", "0.077 %"),
    (F(3, 1000), "one_in", "1 in 333"),
    (F(1, 2), "percent", "50.00 %"),
    (1 - F(1, 46656), "percent", "99.9979 %"),
    (F(0), "one_in", "never"),
    (F(1), "one_in", "certain"),
    (F(1), "fraction", "1"),
    (F(0), "percent", "0.00 %"),
])
def test_show_prob(p: Fraction, fmt: str, text: str) -> None:
    assert show_prob(p, fmt) == text  # type: ignore[arg-type]


def test_show_prob_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="outside"):
        show_prob(F(3, 2))
    with pytest.raises(ValueError, match="unknown format"):
        show_prob(F(1, 2), "decimal")  # type: ignore[arg-type]


def test_table_rows() -> None:
    d = Dist({0: 625, 1: 500, 2: 150, 3: 20, 4: 1})
    rows = d.table()
    assert rows[0] == (0, "625/1296", "625/1296", "1")
    assert rows[2] == (2, "25/216", "425/432", "19/144")
    assert d.table(fmt="percent")[4] == (4, "0.077 %", "100.00 %", "0.077 %")
    assert Dist({"a": 1, "b": 3}).table() == [("a", "1/4", None, None), ("b", "3/4", None, None)]


def test_str_html_and_latex_show_the_fractions() -> None:
    d = Dist({0: 625, 1: 500, 2: 150, 3: 20, 4: 1})
    text = str(d)
    assert "P(≤x)" in text and "19/144" in text and "mean 2/3" in text
    page = d._repr_html_()
    assert page.count("<tr>") == 6 and "<th>P(≥x)</th>" in page and "19/144" in page
    assert "13.19 %" in page
    tex = d._repr_latex_()
    assert tex.startswith("$") and tex.endswith("$")
    assert r"\frac{19}{144}" in tex and r"\frac{1}{1296}" in tex and r"P(X \le x)" in tex
    pairs = Dist({("a", 1): 1, ("b_2", 2): 1})
    assert "P(≤x)" not in str(pairs) and "<th>P(≤x)</th>" not in pairs._repr_html_()
    assert r"\le" not in pairs._repr_latex_() and r"b\_2" in pairs._repr_latex_()
