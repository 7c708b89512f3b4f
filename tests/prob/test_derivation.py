"""boardlab.prob.derivation: a self-checking record of the working behind an answer."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
import sympy

from boardlab.prob import Derivation, at_least_k_of_n

F = Fraction


def break_in() -> Derivation:
    return Derivation(
        question="P(zombies break into the Supermarket this round)",
        answer=F(19, 144), favourable=171, total=1296,
        closed_form=at_least_k_of_n(2, 4, F(1, 6)),
        facts=(("defence at 6", "5 (MoH-R5)"), ("zombies in front", "3")),
        steps=("Each die shows 6 with probability 1/6.", "Two of the four dice must show 6."))


def test_it_is_frozen_and_keeps_exact_values() -> None:
    d = break_in()
    assert d.answer == F(19, 144) and d.rational == sympy.Rational(19, 144)
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.answer = F(1, 2)  # type: ignore[misc]
    assert hash(d) == hash(break_in())


def test_favourable_is_worked_out_from_the_total() -> None:
    d = Derivation("P(four 6s)", F(1, 1296), total=1296, facts=[("dice", 4)], steps=["x"])
    assert d.favourable == 1 and d.facts == (("dice", "4"),) and d.steps == ("x",)
    assert Derivation("P(no 6)", sympy.Rational(625, 1296)).answer == F(625, 1296)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"answer": F(19, 144), "favourable": 170, "total": 1296}, "170/1296 outcomes is not"),
    ({"answer": F(1, 7), "total": 36}, "not a whole number of outcomes"),
    ({"answer": F(1, 2), "favourable": 3}, "without a total"),
    ({"answer": F(3, 2)}, "not a probability"),
    ({"answer": F(1, 2), "closed_form": sympy.Rational(1, 3)}, "evaluates to 1/3"),
])
def test_inconsistent_working_is_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Derivation("Q", **kwargs)


def test_a_general_formula_is_not_evaluated() -> None:
    d = Derivation("P(at least k of n)", F(19, 144), closed_form=at_least_k_of_n())
    assert d.closed_form.free_symbols


def test_plain_text() -> None:
    text = str(break_in())
    assert text.splitlines()[0] == "P(zombies break into the Supermarket this round)"
    assert "171 of 1296" in text and "defence at 6: 5 (MoH-R5)" in text
    assert "2. Two of the four dice must show 6." in text
    assert text.endswith("answer: 19/144 ≈ 13.19 % (1 in 7.6)")
    assert "Sum(" in text


def test_html_shows_question_outcomes_closed_form_facts_and_answer() -> None:
    page = break_in()._repr_html_()
    assert "<b>P(zombies break into the Supermarket this round)</b>" in page
    assert "171/1296" in page and "<b>19/144</b>" in page and "13.19 %" in page
    assert "<th>defence at 6</th><td>5 (MoH-R5)</td>" in page
    assert page.count("<li>") == 2 and "binom" in page


def test_latex_shows_the_fractions() -> None:
    tex = break_in()._repr_latex_()
    assert tex.startswith("$") and tex.endswith("$")
    assert r"\frac{171}{1296}" in tex and r"\frac{19}{144}" in tex
    assert r"\sum_{j=2}^{4}" in tex and r"13.19 \%" in tex
    assert r"defence at 6: 5 (MoH-R5)" in tex
