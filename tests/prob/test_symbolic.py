"""boardlab.prob.symbolic: every closed form equals enumeration of the dice."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from boardlab.prob import at_least_k_of_n, binomial_tail_value, count_face, face_counts
from boardlab.prob.symbolic import binomial_symbols, exactly_k_of_n, multinomial_probability
from tests.prob.brute import brute

F = Fraction
SIXTH = F(1, 6)


def test_the_tail_is_an_unevaluated_sum_in_n_k_p() -> None:
    tail = at_least_k_of_n()
    k, n, p = binomial_symbols()
    assert isinstance(tail, sympy.Sum)
    assert tail.free_symbols == {k, n, p}
    assert tail.subs({k: 2, n: 4, p: sympy.Rational(1, 6)}).doit() == sympy.Rational(19, 144)
    assert tail.subs({"k": 4, "n": 4, "p": SIXTH}).doit() == sympy.Rational(1, 1296)
    numeric = at_least_k_of_n(2, 4, SIXTH)
    assert isinstance(numeric, sympy.Sum) and numeric.doit() == sympy.Rational(19, 144)


def test_symbols_passed_in_are_used() -> None:
    # The odds code passes its own plain symbols and substitutes them afterwards.
    n_, k_, p_ = sympy.symbols("n k p")
    tail = at_least_k_of_n(k_, n_, p_)
    assert tail.subs({k_: 3, n_: 4, p_: sympy.Rational(1, 6)}).doit() == sympy.Rational(7, 432)


def test_known_dice_values() -> None:
    assert binomial_tail_value(4, 4, SIXTH) == F(1, 1296)
    assert binomial_tail_value(2, 4, SIXTH) == F(19, 144) == F(171, 1296)
    assert brute(4, lambda r: r.count(6) >= 2)[True] == F(19, 144)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_tails_equal_enumeration(n: int) -> None:
    counts = count_face(n, 6)
    for k in range(0, n + 2):
        want = counts.at_least(k)
        assert binomial_tail_value(k, n, SIXTH) == want
        assert at_least_k_of_n(k, n, SIXTH).doit() == sympy.Rational(want.numerator,
                                                                     want.denominator)
        if k <= n:
            assert exactly_k_of_n(k, n, SIXTH) == sympy.Rational(counts.P(k).numerator,
                                                                counts.P(k).denominator)


def test_two_faces_at_once_is_p_one_third() -> None:
    want = count_face(4, {5, 6}).at_least(3)
    assert binomial_tail_value(3, 4, F(1, 3)) == want == F(1, 9)


def test_multinomial_equals_face_counts() -> None:
    d = face_counts(4)
    for outcome, q in d.items():
        assert multinomial_probability(outcome, [SIXTH] * 6) == sympy.Rational(
            q.numerator, q.denominator)
    a, b = sympy.symbols("a b")
    general = multinomial_probability([a, b], [sympy.Rational(1, 6), sympy.Rational(5, 6)])
    # Two kinds (a 6, or not) make the multinomial the binomial.
    for k in range(5):
        assert general.subs({a: k, b: 4 - k}) == exactly_k_of_n(k, 4, SIXTH)
    with pytest.raises(ValueError, match="2 counts but 3 probabilities"):
        multinomial_probability([1, 1], [SIXTH] * 3)


def test_inexact_or_impossible_inputs_are_refused() -> None:
    with pytest.raises(TypeError, match="float"):
        at_least_k_of_n(1, 4, 0.5)
    with pytest.raises(TypeError, match="float"):
        binomial_tail_value(1, 4, 0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a probability"):
        binomial_tail_value(1, 4, F(7, 6))
