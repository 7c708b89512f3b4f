"""Derivation: an exact answer together with its working, ready to show in a notebook.

The convention for every odds function of every game: ``f(..., explain=True)`` returns
a ``Derivation`` whose :attr:`~Derivation.answer` is exactly what ``f(...)`` returns
(a Fraction, an int, a :class:`~boardlab.prob.dist.Dist` or a mapping of them). The
derivation says what was asked, how many equally likely outcomes count out of how
many, the closed form when there is one, the rule facts used and the steps taken; an
answer per key (per location, say) keeps one sub-derivation per key in
:attr:`~Derivation.parts` (``working[6]`` reads the one for key 6). It displays itself
as a derivation: plain text for ``print`` and ``repr``, HTML and LaTeX in a notebook.
It checks itself: ``favourable / total`` and a closed form without free symbols must
both equal the answer.

>>> from fractions import Fraction
>>> from boardlab.prob.derivation import Derivation
>>> d = Derivation("P(at least 2 of 4 dice show 6)", Fraction(19, 144), total=6**4,
...                facts=(("dice", "4"),), steps=("Count the rolls with two or more 6s.",))
>>> d.favourable
171
>>> d
P(at least 2 of 4 dice show 6)
  outcomes: 171 of 1296 equally likely ordered outcomes
  facts:
    dice: 4
  steps:
    1. Count the rolls with two or more 6s.
  answer: 19/144 ≈ 13.19 % (1 in 7.6)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.prob.checks import UnknownLabel
from boardlab.prob.deprecation import warn_deprecated
from boardlab.prob.dist import (
    Dist,
    escape_html,
    fraction_latex,
    latex_escape,
    show_prob,
    sympy_rational,
    to_fraction,
)

if TYPE_CHECKING:
    from sympy import Rational

A = TypeVar("A")

#: What kind of answer a derivation explains; it decides the checks and the display.
#: ``"probability"``: a Fraction in [0, 1]; ``"expectation"``: a Fraction (a mean);
#: ``"count"``: an int; ``"distribution"``: a Dist; ``"table"``: a mapping key → Fraction.
AnswerKind = Literal["probability", "expectation", "count", "distribution", "table"]
ANSWER_KINDS: tuple[str, ...] = ("probability", "expectation", "count", "distribution",
                                 "table")


def _guess_kind(answer: Any) -> AnswerKind:
    if isinstance(answer, Dist):
        return "distribution"
    if isinstance(answer, Mapping):
        return "table"
    if isinstance(answer, int) and not isinstance(answer, bool):
        return "count"
    return "probability"


def _pairs(items: Any, what: str) -> list[tuple[Any, Any]]:
    """``items`` as a list of pairs (facts are ``(name, value)``, parts ``(key, part)``)."""
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"Derivation: {what}", items, f"{what} are (key, value) pairs")
    out = []
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise ArgumentTypeError(f"Derivation: {what}", item,
                                    f"each of the {what} is a (key, value) pair")
        out.append(item)
    return out


def _checked_answer(answer: Any, kind: str) -> Any:
    """A Derivation's ``answer`` checked for its ``kind`` (a probability or a mean as a
    Fraction).

    >>> _checked_answer(1, "probability")
    Fraction(1, 1)
    """
    if kind in ("probability", "expectation"):
        value: Any = to_fraction(answer, what="answer")
        if kind == "probability" and not 0 <= value <= 1:
            raise QuestionError(f"Derivation: answer {value} is not a probability (for a "
                                "mean give kind='expectation')")
        return value
    if kind == "count":
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise ArgumentTypeError("Derivation: answer", answer, "a count answer is an int")
    elif kind == "distribution":
        if not isinstance(answer, Dist):
            raise ArgumentTypeError("Derivation: answer", answer,
                                    "a distribution answer is a Dist")
    elif not isinstance(answer, Mapping):
        raise ArgumentTypeError("Derivation: answer", answer, "a table answer is a mapping")
    return answer


def _check_closed_form_type(closed_form: Any) -> None:
    """A closed form is a sympy expression or an exact number (never a string)."""
    if closed_form is not None:
        from sympy import Basic

        if isinstance(closed_form, bool) or not isinstance(closed_form, (Basic, int,
                                                                         Fraction)):
            raise ArgumentTypeError("Derivation: closed_form", closed_form,
                                    "must be a sympy expression or an exact number (a "
                                    "string is not accepted: it would be evaluated)")


def _check_parts(parts: tuple[tuple[Any, Any], ...]) -> None:
    """Every part of a table answer is a Derivation."""
    for key, part in parts:
        if not isinstance(part, Derivation):
            raise ArgumentTypeError("Derivation: parts", part, f"part {show_value(key)} is "
                                    f"a {type(part).__name__}, not a Derivation")


def _check_space(space: Any, total: Any) -> None:
    """``space`` names the equally likely outcomes; a named one needs ``total``."""
    if not isinstance(space, str) or not space.strip():
        raise ArgumentTypeError("Derivation: space", space,
                                "space names the equally likely outcomes, e.g. 'sets of "
                                "2 goals'")
    if space != "ordered outcomes" and total is None:
        raise QuestionError("Derivation: space names the outcomes of favourable/total; "
                            "give total too")


def _favourable(value: Any, favourable: Any, total: Any, kind: str) -> int | None:
    """The favourable outcomes of ``favourable/total`` (worked out from the answer when
    not given), checked against the answer.

    >>> _favourable(Fraction(1, 4), None, 8, "probability")
    2
    """
    if total is None:
        if favourable is not None:
            raise QuestionError("Derivation: favourable outcomes given without a total")
        return None
    if kind != "probability":
        raise QuestionError("Derivation: favourable/total outcomes describe a "
                            "probability answer")
    if not isinstance(total, int) or isinstance(total, bool) or total < 1:
        raise QuestionError(f"Derivation: total must be a whole number ≥ 1, not "
                            f"{show_value(total)}")
    if favourable is None:
        count = value * total
        if count.denominator != 1:
            raise QuestionError(f"Derivation: answer {value} is not a whole number of "
                                f"outcomes out of {total}")
        return int(count.numerator)
    if not isinstance(favourable, int) or isinstance(favourable, bool):
        raise ArgumentTypeError("Derivation: favourable", favourable, "must be a whole number")
    if Fraction(favourable, total) != value:
        raise QuestionError(f"Derivation: {favourable}/{total} outcomes is not "
                            f"the answer {value}")
    return favourable


def _decimal(q: Fraction, digits: int = 4) -> str:
    """``q`` rounded to ``digits`` significant decimals, written without exponent."""
    return f"{float(q):.{digits}g}" if abs(q) < 10**digits else f"{float(q):,.0f}"


@dataclass(frozen=True, slots=True, repr=False, init=False, eq=False)
class Derivation(Generic[A]):
    """The working for one answer (see the module docstring for the convention).

    ``favourable`` and ``total`` count outcomes in a space of equally likely outcomes
    (for dice, the F^n ordered rolls even when the work was done on collapsed counts:
    171 of 1296, not 19 of 144). Give ``total`` alone and ``favourable`` is worked out
    from the answer. ``space`` names what those outcomes are (default ``"ordered
    outcomes"``; e.g. ``"sets of 2 goals"`` for an unordered deal, where every set is
    equally likely but the orders are not counted). ``closed_form`` is a sympy
    expression or ``None``; ``facts`` are
    ``(name, value)`` pairs citing the rules used, e.g. ``("defence", "5 (MoH-R5)")``.
    ``kind`` is guessed from the answer (a Fraction is taken for a probability) and
    given as ``"expectation"`` for a mean. ``parts`` are ``(key, Derivation)`` pairs,
    one per key of a table answer.
    """

    question: str
    answer: A
    favourable: int | None
    total: int | None
    closed_form: Any
    facts: tuple[tuple[str, str], ...]
    steps: tuple[str, ...]
    kind: AnswerKind
    parts: tuple[tuple[Hashable, Derivation[Any]], ...]
    space: str

    def __init__(self, question: str, answer: A, favourable: int | None = None,
                 total: int | None = None, closed_form: Any = None,
                 facts: Any = (), steps: Any = (), *, kind: AnswerKind | None = None,
                 parts: Any = (), space: str = "ordered outcomes") -> None:
        kind = _guess_kind(answer) if kind is None else kind
        if not isinstance(kind, str) or kind not in ANSWER_KINDS:
            raise QuestionError(f"Derivation: kind must be one of {ANSWER_KINDS}, not "
                                f"{show_value(kind)}")
        if not isinstance(question, str) or not question:
            raise ArgumentTypeError("Derivation: question", question,
                                    "question must be a non-empty string")
        value = _checked_answer(answer, kind)
        facts = _pairs(facts, "facts")
        parts_t = tuple(_pairs(parts.items() if isinstance(parts, Mapping) else parts,
                               "parts"))
        if isinstance(steps, (str, bytes)) or not isinstance(steps, Iterable):
            raise ArgumentTypeError("Derivation: steps", steps, "steps are a list of strings")
        _check_closed_form_type(closed_form)
        _check_parts(parts_t)
        _check_space(space, total)
        favourable = _favourable(value, favourable, total, kind)
        set_ = object.__setattr__
        set_(self, "question", question)
        set_(self, "answer", value)
        set_(self, "kind", kind)
        set_(self, "closed_form", closed_form)
        set_(self, "facts", tuple((str(k), str(v)) for k, v in facts))  # checked pairs
        set_(self, "steps", tuple(str(s) for s in steps))
        set_(self, "parts", parts_t)
        set_(self, "favourable", favourable)
        set_(self, "total", total)
        set_(self, "space", space)
        if closed_form is not None:
            self._check_closed_form(value)

    def _check_closed_form(self, answer: Any) -> None:
        from sympy import sympify

        expr = sympify(self.closed_form)
        if expr.free_symbols or self.kind not in ("probability", "expectation", "count"):
            return  # a general formula: it shows the shape, not this number
        value = expr.doit()
        if value != sympy_rational(answer):
            raise QuestionError(f"Derivation: closed form {show_value(expr)} evaluates to "
                                f"{show_value(value)}, not the answer {answer}")

    # -- equality and access -------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        answer = (tuple(self.answer.items()) if isinstance(self.answer, Mapping)
                  else self.answer)
        return (self.question, answer, self.favourable, self.total, str(self.closed_form),
                self.facts, self.steps, self.kind, self.parts, self.space)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Derivation):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __getitem__(self, key: Hashable) -> Derivation[Any]:
        """The sub-derivation for ``key`` (a location, say) of a table answer."""
        for k, part in self.parts:
            if k == key:
                return part
        known = [k for k, _ in self.parts]
        raise UnknownLabel(f"no part {show_value(key)} in this derivation; its parts are "
                           f"{show_value(known)}")

    def __iter__(self) -> Iterator[Any]:
        """Deprecated: ``answer, working = f(..., explain=True)`` (the boardlab 0.1
        tuple). Use ``working = f(..., explain=True)`` and ``working.answer``."""
        warn_deprecated("unpacking f(..., explain=True) as (answer, working)",
                        "working = f(..., explain=True) and working.answer (the "
                        "Derivation is the whole result)")
        return iter((self.answer, self))

    @property
    def rational(self) -> Rational:
        """Deprecated: the answer is a Fraction; ``sympy.Rational(d.answer)`` if needed."""
        warn_deprecated("Derivation.rational", "Derivation.answer (a Fraction)")
        return sympy_rational(to_fraction(self.answer))

    # -- display -------------------------------------------------------------------------
    def _answer_text(self) -> str:
        a: Any = self.answer
        if self.kind == "probability":
            return f"{a} ≈ {show_prob(a, 'percent')} ({show_prob(a, 'one_in')})"
        if self.kind == "expectation":
            return str(a) if a.denominator == 1 else f"{a} ≈ {_decimal(a)}"
        if self.kind == "count":
            return str(a)
        if self.kind == "distribution":
            return str(a._summary())
        return ", ".join(f"{k}: {v}" for k, v in a.items()) or "(none)"

    def _outcomes_text(self) -> str | None:
        if self.total is None:
            return None
        return f"{self.favourable} of {self.total} equally likely {self.space}"

    def _lines(self, indent: str = "") -> list[str]:
        lines = [indent + self.question]
        pad = indent + "  "
        outcomes = self._outcomes_text()
        if outcomes:
            lines.append(f"{pad}outcomes: {outcomes}")
        if self.closed_form is not None:
            lines.append(f"{pad}closed form: {self.closed_form}")
        if self.facts:
            lines.append(f"{pad}facts:")
            lines += [f"{pad}  {k}: {v}" for k, v in self.facts]
        if self.steps:
            lines.append(f"{pad}steps:")
            lines += [f"{pad}  {i}. {s}" for i, s in enumerate(self.steps, 1)]
        if self.kind == "distribution":
            lines.append(f"{pad}answer:")
            lines += [f"{pad}  {row}" for row in str(self.answer).splitlines()]
        else:
            lines.append(f"{pad}answer: {self._answer_text()}")
        for key, part in self.parts:
            lines.append(f"{pad}[{key}]")
            lines += part._lines(pad + "  ")[0:]
        return lines

    def __str__(self) -> str:
        return "\n".join(self._lines())

    def __repr__(self) -> str:
        # A notebook or a console shows the working, never "Derivation(question=...)".
        return str(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _html_answer(self) -> str:
        e = escape_html
        a: Any = self.answer
        if self.kind == "probability":
            return (f"<b>{a}</b> ≈ {e(show_prob(a, 'percent'))} "
                    f"({e(show_prob(a, 'one_in'))})")
        if self.kind == "distribution":
            return str(a._repr_html_())
        return f"<b>{e(self._answer_text())}</b>"

    def _repr_html_(self) -> str:
        e = escape_html
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
        parts.append(f"<p>Answer: {self._html_answer()}</p>")
        if self.parts:
            parts.append("<ul>" + "".join(f"<li>{part._repr_html_()}</li>"
                                          for _, part in self.parts) + "</ul>")
        parts.append("</div>")
        return "".join(parts)

    def _latex_rows(self) -> list[str]:
        rows = [r"\textbf{" + latex_escape(self.question) + "}"]
        if self.total is not None:
            rows.append(rf"\text{{outcomes that count: }} \frac{{{self.favourable}}}"
                        rf"{{{self.total}}}")
        if self.closed_form is not None:
            from sympy import latex

            rows.append(r"\text{closed form: } " + str(latex(self.closed_form)))
        for k, v in self.facts:
            rows.append(r"\text{" + latex_escape(f"{k}: {v}") + "}")
        for i, s in enumerate(self.steps, 1):
            rows.append(r"\text{" + latex_escape(f"{i}. {s}") + "}")
        a: Any = self.answer
        if self.kind == "probability":
            pct = latex_escape(show_prob(a, "percent"))
            rows.append(r"\text{answer: } " + fraction_latex(a) + r" \approx \text{" + pct
                        + "}")
        elif self.kind in ("expectation", "count"):
            tail = "" if to_fraction(a).denominator == 1 else \
                r" \approx " + _decimal(to_fraction(a))
            rows.append(r"\text{answer: } " + fraction_latex(a) + tail)
        else:
            rows.append(r"\text{answer: " + latex_escape(self._answer_text()) + "}")
        for _, part in self.parts:
            rows += part._latex_rows()
        return rows

    def _repr_latex_(self) -> str:
        return (r"$\displaystyle \begin{array}{l} " + r" \\ ".join(self._latex_rows())
                + r" \end{array}$")
