"""Predict, then reveal: no lesson shows an answer before the student has guessed.

A lesson asks for a prediction in a cell tagged ``predict`` (a slider, or a markdown
prompt to write a guess down) and answers it in a later code cell tagged ``reveal``; a
markdown cell tagged ``reveal`` after it explains the answer (the student edition folds
it until the student opens it, and refuses visible text that states an answer:
scripts/spoilers.py).
In the teacher edition the reveal's stored output holds the answer: the exact fractions
and percentages it prints. None of those may appear in any cell above the reveal (its
source or its stored output), and no exact fraction a lesson reveals first may appear in
notebook 00, which students open before the lessons. (In the
student edition the reveal has no output at all until it is run:
test_student_edition.py.) A number that an earlier reveal already showed is not new,
so it may appear again.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.notebooks.lessons import lessons

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
START = NOTEBOOKS / "00_start_here.ipynb"
LESSONS = lessons()

# "19/144", "1296/671" (not the "2/3" inside "12/34/5"), and "13.19 %".
ANSWER = re.compile(r"(?<![\w/.])\d+/\d+(?![\w/])|\d+\.\d+ ?%")


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _tags(cell: dict[str, Any]) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def cell_text(cell: dict[str, Any], *, outputs_only: bool = False) -> str:
    """A cell's source and the text of its stored outputs (images excluded)."""
    parts = [] if outputs_only else [_text(cell.get("source", ""))]
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append(_text(out.get("text", "")))
        for mime, value in out.get("data", {}).items():
            if mime.startswith("text/"):
                parts.append(_text(value))
    return "\n".join(parts)


def answers(cell: dict[str, Any]) -> set[str]:
    return {m.replace(" ", "") for m in ANSWER.findall(cell_text(cell, outputs_only=True))}


def found_in(text: str) -> set[str]:
    return {m.replace(" ", "") for m in ANSWER.findall(text)}


def problems(nb: dict[str, Any]) -> list[str]:
    """Every spoiled or unanswered prediction in one notebook."""
    found = []
    cells = nb["cells"]
    shown: set[str] = set()      # answers earlier reveals have shown
    open_predict: int | None = None
    for i, cell in enumerate(cells):
        tags = _tags(cell)
        if "predict" in tags:
            if open_predict is not None:
                found.append(f"cell {open_predict}: a prediction with no reveal before the next")
            open_predict = i
        if "reveal" not in tags:
            continue
        if cell["cell_type"] != "code":
            # A markdown reveal is the explanation of an answer, folded in the student
            # edition: it follows the code cell that shows the answer.
            if not shown:
                found.append(f"cell {i}: an explanation (markdown reveal) before any answer "
                             "was revealed")
            continue
        if open_predict is None:
            found.append(f"cell {i}: a reveal with no prediction before it")
        open_predict = None
        new = answers(cell) - shown
        if not new:
            found.append(f"cell {i}: the reveal's stored output shows no new answer")
        for j in range(i):
            early = found_in(cell_text(cells[j])) & new
            if early:
                found.append(f"cell {j} shows {sorted(early)} before the reveal in cell {i}")
        shown |= new
    if open_predict is not None:
        found.append(f"cell {open_predict}: a prediction that is never revealed")
    return found


def first_answers(nb: dict[str, Any]) -> set[str]:
    reveal = next((c for c in nb["cells"] if "reveal" in _tags(c)), None)
    return answers(reveal) if reveal else set()


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_each_lesson_reveals_only_after_the_prediction(path: Path) -> None:
    nb = _load(path)
    assert any("predict" in _tags(c) for c in nb["cells"]), f"{path.name} asks for no prediction"
    found = problems(nb)
    assert not found, f"{path.name}:\n  " + "\n  ".join(found)


def unfolded_explanations(nb: dict[str, Any]) -> list[str]:
    """Reveals whose explanation (the first markdown cell after them) is not folded."""
    cells = nb["cells"]
    found = []
    for i, cell in enumerate(cells):
        if "reveal" in _tags(cell) and cell["cell_type"] == "code":
            after = next((j for j in range(i + 1, len(cells))
                          if cells[j]["cell_type"] == "markdown"), None)
            if after is not None and "reveal" not in _tags(cells[after]):
                found.append(f"cell {after}, after the reveal in cell {i}, is not folded "
                             "(tag it reveal: the student edition opens it on a click)")
    return found


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_the_text_after_each_reveal_is_folded(path: Path) -> None:
    found = unfolded_explanations(_load(path))
    assert not found, f"{path.name}:\n  " + "\n  ".join(found)


def test_start_here_does_not_give_the_lessons_answers_away() -> None:
    start = _load(START)
    text = "\n".join(cell_text(c) for c in start["cells"])
    state = json.dumps(start.get("metadata", {}).get("widgets", {}))   # widgets as saved
    for path in LESSONS:
        fractions = {a for a in first_answers(_load(path)) if "/" in a}
        spoiled = fractions & found_in(text + state)
        assert not spoiled, f"00_start_here shows {sorted(spoiled)}, answers of {path.name}"


def _md(text: str, *tags: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "metadata": {"tags": list(tags)}, "source": text}


def _code(text: str, out: str, *tags: str) -> dict[str, Any]:
    return {"cell_type": "code", "metadata": {"tags": list(tags)}, "source": text,
            "outputs": [{"output_type": "stream", "name": "stdout", "text": out}]}


def test_the_checks_themselves() -> None:
    good = {"cells": [_md("Guess the chance.", "predict"),
                      _code("p", "P = 19/144 ≈ 13.19 %", "reveal"),
                      _md("So 19/144 it is."),
                      _md("Guess again.", "predict"),
                      _code("q", "19/144 and 1/3", "reveal")]}
    assert problems(good) == []
    assert first_answers(good) == {"19/144", "13.19%"}
    spoiled = {"cells": [_code("setup", "ready: 19/144"), *good["cells"]]}
    assert problems(spoiled) == ["cell 0 shows ['19/144'] before the reveal in cell 2"]
    in_source = {"cells": [_md("(the answer is 13.19 %)"), *good["cells"]]}
    assert problems(in_source) == ["cell 0 shows ['13.19%'] before the reveal in cell 2"]
    assert problems({"cells": [_md("Guess.", "predict")]}) == [
        "cell 0: a prediction that is never revealed"]
    assert problems({"cells": [_code("p", "19/144", "reveal")]}) == [
        "cell 0: a reveal with no prediction before it"]
    assert problems({"cells": [_md("Guess.", "predict"), _code("p", "no number", "reveal")]}) \
        == ["cell 1: the reveal's stored output shows no new answer"]
    explained = {"cells": [*good["cells"][:2], _md("Why 19/144: …", "reveal")]}
    assert problems(explained) == []
    assert unfolded_explanations(explained) == []
    assert unfolded_explanations(good) == [
        "cell 2, after the reveal in cell 1, is not folded (tag it reveal: the student "
        "edition opens it on a click)"]
    assert problems({"cells": [_md("Why: …", "reveal"), *good["cells"]]}) == [
        "cell 0: an explanation (markdown reveal) before any answer was revealed"]
    assert found_in("12/34/5 and 1296/671, 2/3.") == {"1296/671", "2/3"}
