"""boardlab.prob.derivation: a self-checking record of the working behind an answer."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
import sympy

from boardlab.core.errors import QuestionError
from boardlab.prob import Derivation, Dist, at_least_k_of_n

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
    assert d.answer == F(19, 144) and type(d.answer) is Fraction
    with pytest.deprecated_call(match="Derivation.answer"):
        assert d.rational == sympy.Rational(19, 144)
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
    ({"answer": F(3, 2), "kind": "expectation", "total": 4}, "describe a probability"),
    ({"answer": F(1, 2), "kind": "odds"}, "kind must be one of"),
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


def test_repr_reads_as_a_derivation_not_as_a_constructor() -> None:
    d = break_in()
    assert repr(d) == str(d) and not repr(d).startswith("Derivation(")
    assert repr(d).splitlines()[-1] == "  answer: 19/144 ≈ 13.19 % (1 in 7.6)"


def test_other_kinds_of_answer() -> None:
    mean = Derivation("E[rounds]", F(1296, 671), kind="expectation", steps=["first step"])
    assert mean.answer == F(1296, 671)
    assert str(mean).endswith("answer: 1296/671 ≈ 1.931")
    assert r"\frac{1296}{671} \approx 1.931" in mean._repr_latex_()
    count = Derivation("zombies needed", 4, facts=[("rule", "MoH-R5")])
    assert count.kind == "count" and str(count).endswith("answer: 4")
    dist = Derivation("6s among four dice", Dist({0: 625, 1: 500, 2: 150, 3: 20, 4: 1}))
    assert dist.kind == "distribution" and "19/144" in str(dist)
    assert "<table" in dist._repr_html_()
    with pytest.raises(TypeError, match="count answer is an int"):
        Derivation("zombies needed", True, kind="count")


def test_a_table_answer_keeps_one_part_per_key() -> None:
    six = break_in()
    three = Derivation("P(shop 3 falls)", F(671, 1296), total=1296)
    table = Derivation("P(each location falls)", {3: F(671, 1296), 6: F(19, 144)},
                       parts={3: three, 6: six})
    assert table.kind == "table" and table[6] is six and table[3].favourable == 671
    with pytest.raises(KeyError, match=r"no part 4 .* \[3, 6\]"):
        table[4]
    text = str(table)
    assert "answer: 3: 671/1296, 6: 19/144" in text and "  [6]" in text
    assert text.count("equally likely ordered outcomes") == 2
    assert table._repr_html_().count('class="boardlab-derivation"') == 3
    assert r"\frac{671}{1296}" in table._repr_latex_()
    assert hash(table) == hash(Derivation("P(each location falls)",
                                          {3: F(671, 1296), 6: F(19, 144)},
                                          parts={3: three, 6: six}))
    with pytest.raises(TypeError, match="not a Derivation"):
        Derivation("P", {3: F(1, 2)}, parts={3: F(1, 2)})


def test_the_outcome_space_is_named_and_checked() -> None:
    plain = Derivation("P(double six)", F(1, 36), total=36)
    assert plain.space == "ordered outcomes"
    assert "1 of 36 equally likely ordered outcomes" in str(plain)
    sets = Derivation("P(Explorer is public)", F(2, 5), total=10, space="sets of 2 goals")
    assert "outcomes: 4 of 10 equally likely sets of 2 goals" in str(sets)
    assert sets != Derivation("P(Explorer is public)", F(2, 5), total=10)
    with pytest.raises(TypeError, match="space names the equally likely outcomes"):
        Derivation("P", F(1, 2), total=2, space="")
    with pytest.raises(TypeError, match="space names the equally likely outcomes"):
        Derivation("P", F(1, 2), total=2, space=3)  # type: ignore[arg-type]
    with pytest.raises(QuestionError, match="give total too"):
        Derivation("P", F(1, 2), space="sets of 2 goals")


def test_unpacking_the_old_tuple_still_works_with_a_warning() -> None:
    d = break_in()
    with pytest.deprecated_call(match="working.answer"):
        answer, working = d
    assert answer == F(19, 144) and working is d
