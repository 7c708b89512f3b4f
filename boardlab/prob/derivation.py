"""Derivation: the working behind an exact answer, ready to show in a notebook.

An odds function called with ``explain=True`` returns ``(answer, derivation)``. The
derivation says what was asked, how many equally likely outcomes count out of how
many, the closed form when there is one, the rule facts used and the steps taken. It
checks itself: ``favourable / total`` and a closed form without free symbols must both
equal the answer.

>>> from fractions import Fraction
>>> from boardlab.prob.derivation import Derivation
>>> d = Derivation("P(at least 2 of 4 dice show 6)", Fraction(19, 144), total=6**4,
...                facts=(("dice", "4"),), steps=("Count the rolls with two or more 6s.",))
>>> d.favourable
171
>>> print(d)
P(at least 2 of 4 dice show 6)
  outcomes: 171 of 1296 equally likely ordered outcomes
  facts:
    dice: 4
  steps:
    1. Count the rolls with two or more 6s.
  answer: 19/144 ≈ 13.19 % (1 in 7.6)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from boardlab.prob.dist import latex_escape, show_prob, to_fraction, to_rational

if TYPE_CHECKING:
    from sympy import Rational


@dataclass(frozen=True, slots=True)
class Derivation:
    """The working for one probability.

    ``favourable`` and ``total`` count outcomes in a space of equally likely outcomes
    (for dice, the F^n ordered rolls even when the work was done on collapsed counts:
    171 of 1296, not 19 of 144). Give ``total`` alone and ``favourable`` is worked out
    from the answer. ``closed_form`` is a sympy expression or ``None``; ``facts`` are
    ``(name, value)`` pairs citing the rules used, e.g. ``("defence", "5 (MoH-R5)")``.
    """

    question: str
    answer: Fraction
    favourable: int | None = None
    total: int | None = None
    closed_form: Any = None
    facts: tuple[tuple[str, str], ...] = ()
    steps: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        answer = to_fraction(self.answer, what="answer")
        if not 0 <= answer <= 1:
            raise ValueError(f"answer {answer} is not a probability")
        object.__setattr__(self, "answer", answer)
        object.__setattr__(self, "facts", tuple((str(k), str(v)) for k, v in self.facts))
        object.__setattr__(self, "steps", tuple(str(s) for s in self.steps))
        if self.total is not None:
            if not isinstance(self.total, int) or self.total < 1:
                raise ValueError(f"total must be a whole number ≥ 1, not {self.total!r}")
            if self.favourable is None:
                count = answer * self.total
                if count.denominator != 1:
                    raise ValueError(f"answer {answer} is not a whole number of outcomes out "
                                     f"of {self.total}")
                object.__setattr__(self, "favourable", count.numerator)
            elif Fraction(self.favourable, self.total) != answer:
                raise ValueError(f"{self.favourable}/{self.total} outcomes is not the answer "
                                 f"{answer}")
        elif self.favourable is not None:
            raise ValueError("favourable outcomes given without a total")
        if self.closed_form is not None:
            self._check_closed_form(answer)

    def _check_closed_form(self, answer: Fraction) -> None:
        from sympy import sympify

        expr = sympify(self.closed_form)
        if expr.free_symbols:
            return  # a general formula: it shows the shape, not this number
        value = expr.doit()
        if value != to_rational(answer):
            raise ValueError(f"closed form {expr} evaluates to {value}, not the answer "
                             f"{answer}")

    @property
    def rational(self) -> Rational:
        """The answer as a sympy Rational."""
        return to_rational(self.answer)

    def _answer_text(self) -> str:
        return (f"{self.answer} ≈ {show_prob(self.answer, 'percent')} "
                f"({show_prob(self.answer, 'one_in')})")

    def _outcomes_text(self) -> str | None:
        if self.total is None:
            return None
        return f"{self.favourable} of {self.total} equally likely ordered outcomes"

    def __str__(self) -> str:
        lines = [self.question]
        outcomes = self._outcomes_text()
        if outcomes:
            lines.append(f"  outcomes: {outcomes}")
        if self.closed_form is not None:
            lines.append(f"  closed form: {self.closed_form}")
        if self.facts:
            lines.append("  facts:")
            lines += [f"    {k}: {v}" for k, v in self.facts]
        if self.steps:
            lines.append("  steps:")
            lines += [f"    {i}. {s}" for i, s in enumerate(self.steps, 1)]
        lines.append(f"  answer: {self._answer_text()}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        parts = [f'<div class="boardlab-derivation"><p><b>{e(self.question)}</b></p>']
        outcomes = self._outcomes_text()
        if outcomes:
            parts.append(f"<p>Outcomes that count: {self.favourable}/{self.total} "
                         f"({e(outcomes)})</p>")
        if self.closed_form is not None:
            from sympy import latex

            parts.append(f"<p>Closed form: <code>{e(str(self.closed_form))}</code> "
                         f"\\({e(latex(self.closed_form))}\\)</p>")
        if self.facts:
            rows = "".join(f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in self.facts)
            parts.append(f"<table><caption>Rule facts used</caption>{rows}</table>")
        if self.steps:
            parts.append("<ol>" + "".join(f"<li>{e(s)}</li>" for s in self.steps) + "</ol>")
        parts.append(f"<p>Answer: <b>{self.answer}</b> ≈ "
                     f"{e(show_prob(self.answer, 'percent'))} "
                     f"({e(show_prob(self.answer, 'one_in'))})</p></div>")
        return "".join(parts)

    def _repr_latex_(self) -> str:
        from sympy import latex

        rows = [r"\textbf{" + latex_escape(self.question) + "}"]
        if self.total is not None:
            rows.append(rf"\text{{outcomes that count: }} \frac{{{self.favourable}}}"
                        rf"{{{self.total}}}")
        if self.closed_form is not None:
            rows.append(r"\text{closed form: } " + latex(self.closed_form))
        for k, v in self.facts:
            rows.append(r"\text{" + latex_escape(f"{k}: {v}") + "}")
        for i, s in enumerate(self.steps, 1):
            rows.append(r"\text{" + latex_escape(f"{i}. {s}") + "}")
        pct = latex_escape(show_prob(self.answer, "percent"))
        rows.append(r"\text{answer: } " + latex(self.rational) + r" \approx \text{" + pct
                    + "}")
        return r"$\displaystyle \begin{array}{l} " + r" \\ ".join(rows) + r" \end{array}$"
