"""The spoiler check of the student edition: no visible text states an answer.

A lesson's answers are the numbers its ``reveal`` and ``solution`` code cells print
(their stored outputs in the teacher edition) that the notebook has not given before:
a number already in the question (the ``predict`` cell and everything above it) or in the
code or output of a cell before the reveal is a given, not an answer. In the student
edition those outputs are cleared, so a student meets an answer only by running its cell
— unless the visible text says it: a sentence right after the reveal ("Let us see where
19/144 comes from"), a heading, a summary, a hard-coded label in code. This module finds
such text; ``scripts/make_student.py`` refuses to write a student copy that has any.

Numbers are read as a person reads them: ``19/144`` (a fraction, never ``12/34/5``),
``99/8``, ``48``, ``5040``, ``0.26``, ``13.2 %``. A visible number spoils an answer
when it is the same number (``6/21`` is ``2/7``), when it rounds the answer at its own
precision (``0.26`` for 7/27, ``13.2 %`` for 19/144), or when it agrees with the answer to
six significant digits (``99/8`` for 12.37499997…). A whole number in the text is
compared exactly (``12`` does not spoil 12.37…).

>>> [n.text for n in numbers("P = 19/144 ≈ 13.19 %, 1 in 7.6; 12/34/5; v3.14")]
['19/144', '13.19 %', '1', '7.6']
>>> answer = numbers("E(0) ≈ 12.37499997")[-1]
>>> [spoils(n, answer) for n in numbers("12, 12.4, 99/8, 12.37, 12.38")]
[False, True, True, True, False]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

#: A number as written: a fraction, a decimal (perhaps a percentage) or a whole number.
#: Not part of a word (``R5``, ``x2``), a path, a version (``3.14.0``) or a longer fraction.
NUMBER = re.compile(r"(?<![\w/.])(?P<num>\d+)(?:/(?P<den>\d+)|\.(?P<dec>\d+))?"
                    r"(?![\w/]|\.\d)(?P<pct> ?%)?")
#: A folded block of a markdown cell (the student opens it): not visible text.
DETAILS = re.compile(r"<details>.*?</details>", re.S | re.I)
#: Agreement that makes an approximation the same number to a reader.
SIGNIFICANT = Fraction(1, 10**6)


@dataclass(frozen=True)
class Number:
    """A number found in text: its exact value, and its decimal places (None: exact)."""

    text: str
    value: Fraction
    places: int | None


def numbers(text: str) -> list[Number]:
    """Every number written in ``text``, in order."""
    found = []
    for m in NUMBER.finditer(text):
        num, den, dec, pct = m.group("num", "den", "dec", "pct")
        if den is not None:
            if int(den) == 0:
                continue
            value, places = Fraction(int(num), int(den)), None
        elif dec is not None:
            value, places = Fraction(f"{num}.{dec}"), len(dec)
        else:
            value, places = Fraction(int(num)), None
        if pct:
            value /= 100
            places = None if places is None and den is not None else (places or 0) + 2
        found.append(Number(m.group(0).strip(), value, places))
    return found


def spoils(shown: Number, answer: Number) -> bool:
    """Whether the number ``shown`` in visible text gives ``answer`` away."""
    if shown.value == answer.value:
        return True
    gap = abs(shown.value - answer.value)
    if shown.places:   # a decimal written with places: does it round the answer?
        return gap <= Fraction(1, 2 * 10**shown.places)
    return answer.value != 0 and gap <= SIGNIFICANT * abs(answer.value)


# -- cells --------------------------------------------------------------------------------------
def text_of(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def tags(cell: dict[str, Any]) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def output_text(cell: dict[str, Any]) -> str:
    """The text of a cell's stored outputs as printed (streams and text/plain: not the
    LaTeX, HTML or images beside it, whose digits are markup)."""
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append(text_of(out.get("text", "")))
        for mime, value in out.get("data", {}).items():
            if mime == "text/plain":
                parts.append(text_of(value))
    return "\n".join(parts)


@dataclass(frozen=True)
class Answer:
    """An answer: a number that a reveal or solution cell prints first."""

    number: Number
    cell: int          # the index of the printing cell in the teacher edition
    kind: str          # "reveal" or "solution"


def answers(cells: Sequence[dict[str, Any]]) -> list[Answer]:
    """The answers of a teacher notebook (its cells, outputs stored)."""
    found: list[Answer] = []
    predict = None   # the open prediction: everything up to it is the question
    for i, cell in enumerate(cells):
        if "predict" in tags(cell):
            predict = i
        kind = next((k for k in ("reveal", "solution") if k in tags(cell)), None)
        if kind is None or cell.get("cell_type") != "code":
            continue
        # A reveal answers the open prediction; with none open (or for a solution, whose
        # question is the exercise text above it) everything above is the question.
        question_end = predict if kind == "reveal" and predict is not None else i - 1
        if kind == "reveal":
            predict = None
        given: set[Fraction] = set()
        for j, before in enumerate(cells[:i]):
            # The question and all code and outputs before the reveal are givens; text
            # between the prediction and the reveal is not (it must not say the answer).
            if j <= question_end or before.get("cell_type") == "code":
                given |= {n.value for n in numbers(text_of(before.get("source", "")))}
            given |= {n.value for n in numbers(output_text(before))}
        # The reveal's own code is not a given: a student reads it before running it.
        found += [Answer(n, i, kind) for n in numbers(output_text(cell))
                  if n.value not in given]
    return found


def visible_text(cell: dict[str, Any]) -> str:
    """What a student sees of a student-edition cell without opening anything."""
    source = text_of(cell.get("source", ""))
    if cell.get("cell_type") == "markdown":
        return DETAILS.sub("", source)
    return source


def spoilers(teacher_cells: Sequence[dict[str, Any]],
             student_cells: Iterable[tuple[int, dict[str, Any]]]) -> list[str]:
    """Every visible number of the student cells that gives an answer away.

    ``student_cells`` pairs each student-edition cell with the index of its teacher cell.

    >>> teacher = [
    ...     {"cell_type": "markdown", "metadata": {"tags": ["predict"]}, "source": "Guess."},
    ...     {"cell_type": "code", "metadata": {"tags": ["reveal"]}, "source": "p",
    ...      "outputs": [{"output_type": "stream", "text": "P = 19/144"}]},
    ...     {"cell_type": "markdown", "metadata": {}, "source": "So 19/144 it is."}]
    >>> spoilers(teacher, [(2, teacher[2])])
    ['cell 2 (markdown) shows 19/144, which the reveal in cell 1 prints']
    >>> spoilers(teacher, [(2, {"cell_type": "markdown", "source": "<details>19/144</details>"})])
    []
    """
    found = answers(teacher_cells)
    problems: list[str] = []
    for index, cell in student_cells:
        code = cell.get("cell_type") == "code"
        for shown in numbers(visible_text(cell)):
            # In code a decimal is a literal, not a rounded statement (``x ** 0.5`` says
            # nothing about 1/2 or 51.77 %): there only a fraction or a whole number, the
            # same number as an answer, counts (a label ``"exact 19/144"``, a ``48``).
            if code and shown.places is not None:
                continue
            hit = next((a for a in found if shown.value == a.number.value
                        or (not code and spoils(shown, a.number))), None)
            if hit is None:
                continue
            line = (f"cell {index} ({cell.get('cell_type')}) shows {shown.text}, which the "
                    f"{hit.kind} in cell {hit.cell} prints"
                    + ("" if shown.value == hit.number.value else f" ({hit.number.text})"))
            if line not in problems:
                problems.append(line)
    return problems
