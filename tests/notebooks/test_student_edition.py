"""The student edition (``notebooks/student/``, written by ``make student``).

It is made from the teacher edition by cell tags (``scripts/make_student.py``,
docs/lesson-authors.md). Here: it is up to date with its sources, it holds no stored
output, no solution and no teacher-only text, its setup code is collapsed, its
explanations of answers are folded, no visible text states an answer that a reveal or a
solution prints (the spoiler check, ``scripts/spoilers.py``), no student copy links the
teacher notes or promises answers, and every student notebook runs top to bottom
without error in a fresh kernel (nbclient), as a student would run it: with no stored
output to lean on.
"""

from __future__ import annotations

import doctest
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scripts import make_student, spoilers
from tests.notebooks.lessons import lessons

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "notebooks"
STUDENT = SOURCES / "student"
TEACHER = sorted(SOURCES.glob("*.ipynb"))
EDITION = sorted(STUDENT.glob("*.ipynb"))

# Runs one notebook in a fresh kernel of this environment, in its own folder; exits 1
# (printing the failing cell) if a cell raises.
RUNNER = """
import sys, nbformat, nbclient
path = sys.argv[1]
nb = nbformat.read(path, as_version=4)
client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                 resources={"metadata": {"path": sys.argv[2]}})
try:
    client.execute()
except nbclient.exceptions.CellExecutionError as err:
    print(str(err)[-3000:], file=sys.stderr)
    sys.exit(1)
errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
          if o.output_type == "error"]
never = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and c.execution_count is None]
if errors or never:
    print(f"errors {errors}, cells not run {never}", file=sys.stderr)
    sys.exit(1)
"""


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _tags(cell: dict[str, Any]) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


# -- up to date ---------------------------------------------------------------------------
def test_the_student_edition_is_up_to_date() -> None:
    problems = make_student.stale(SOURCES, STUDENT)
    assert not problems, ("notebooks/student/ is stale; run `make student` and commit it:\n  "
                          + "\n  ".join(problems))


def test_every_teacher_notebook_has_a_student_copy() -> None:
    wanted = [p.name for p in TEACHER if make_student.wants_student(_load(p))]
    assert [p.name for p in EDITION] == wanted
    assert len(wanted) >= 7   # 00 start here, 01 walkthrough, 02–06 lessons


# -- nothing spoiled ------------------------------------------------------------------------
def _edition_problems(nb: dict[str, Any], teacher: dict[str, Any]) -> list[str]:
    found = []
    if "widgets" in nb.get("metadata", {}):
        found.append("saved widget state (it holds the widgets' values as run)")
    solutions = {_source(c) for c in teacher["cells"]
                 if {"solution", "teacher-only"} & set(_tags(c))}
    for i, cell in enumerate(nb["cells"]):
        where = f"cell {i}"
        if cell["cell_type"] == "code":
            if cell.get("outputs"):
                found.append(f"{where}: stored output")
            if cell.get("execution_count") is not None:
                found.append(f"{where}: execution count {cell['execution_count']}")
            hidden = cell.get("metadata", {}).get("jupyter", {}).get("source_hidden", False)
            if bool({"setup", "hide-input"} & set(_tags(cell))) != hidden:
                found.append(f"{where}: code collapsed is {hidden}, tags {_tags(cell)}")
        if {"solution", "teacher-only"} & set(_tags(cell)):
            found.append(f"{where}: tagged {_tags(cell)}")
        if _source(cell) in solutions:
            found.append(f"{where}: the text of a solution cell")
        if "<!-- teacher-only" in _source(cell):
            found.append(f"{where}: a teacher-only span")
        folded = _source(cell).startswith("<details>\n<summary>")
        if cell["cell_type"] == "markdown" and ("reveal" in _tags(cell)) != folded:
            found.append(f"{where}: folded is {folded}, tags {_tags(cell)}")
    return found


@pytest.mark.parametrize("path", EDITION, ids=[p.name for p in EDITION])
def test_no_output_no_solution_setup_collapsed(path: Path) -> None:
    found = _edition_problems(_load(path), _load(SOURCES / path.name))
    assert not found, f"student/{path.name}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("path", TEACHER, ids=[p.name for p in TEACHER])
def test_no_student_copy_gives_an_answer_away(path: Path) -> None:
    nb = _load(path)
    if make_student.wants_student(nb):
        found = make_student.refusals(nb)
        assert not found, f"{path.name}:\n  " + "\n  ".join(found)


def test_the_lessons_have_solutions_and_setup_to_remove() -> None:
    # The tags are used: each lesson hides its setup and keeps its answers from students.
    for path in lessons():
        tags = [t for c in _load(path)["cells"] for t in _tags(c)]
        assert "setup" in tags, path.name
        assert "solution" in tags, path.name


def test_the_checks_see_a_spoiled_edition() -> None:
    teacher = {"cells": [
        {"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": "Answer: 7"},
        {"cell_type": "code", "metadata": {"tags": ["setup"]}, "source": "x = 1",
         "outputs": [], "execution_count": None}]}
    good = make_student.student_notebook({**teacher, "metadata": {}})
    assert _edition_problems(good, teacher) == []
    assert _edition_problems({"metadata": {}, "cells": teacher["cells"]}, teacher)
    ran = json.loads(json.dumps(good))
    ran["cells"][1]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "7"}]
    assert _edition_problems(ran, teacher) == ["cell 1: stored output"]
    shown = json.loads(json.dumps(good))
    del shown["cells"][1]["metadata"]["jupyter"]
    assert _edition_problems(shown, teacher)
    with_state = {**good, "metadata": {"widgets": {}}}
    assert _edition_problems(with_state, teacher)


def test_the_builder() -> None:
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"widgets": {"x": 1}}, "cells": [
        {"cell_type": "markdown", "id": "t", "metadata": {},
         "source": "# T\n\nGoal: x. [notes](../docs/teacher/x.md)"
                   "<!-- teacher-only --> key 4<!-- /teacher-only -->\n"},
        {"cell_type": "code", "id": "s", "metadata": {"tags": ["setup"]}, "execution_count": 1,
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "ok"}],
         "source": "import x"},
        {"cell_type": "code", "id": "r", "metadata": {"tags": ["reveal"]}, "execution_count": 2,
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "19/144"}],
         "source": "print(p)"},
        {"cell_type": "markdown", "id": "a1", "metadata": {"tags": ["solution"]},
         "source": "answers"},
        {"cell_type": "code", "id": "a2", "metadata": {"tags": ["solution"]},
         "execution_count": 3, "outputs": [], "source": "check()"},
        {"cell_type": "markdown", "id": "n", "metadata": {"tags": ["teacher-only"]},
         "source": "teacher notes"},
        {"cell_type": "markdown", "id": "e", "metadata": {}, "source": "The end."},
    ]}
    before = json.dumps(nb)
    out = make_student.student_notebook(nb)
    assert json.dumps(nb) == before   # the source is not touched
    assert [c["id"] for c in out["cells"]] == ["t", "s", "r", "a1-work", "e"]
    assert out["cells"][0]["source"] == "# T\n\nGoal: x. [notes](../../docs/teacher/x.md)"
    assert [c.get("outputs") for c in out["cells"]] == [None, [], [], [], None]
    assert out["cells"][1]["metadata"] == {"tags": ["setup"], "jupyter": {"source_hidden": True}}
    assert "jupyter" not in out["cells"][2]["metadata"]
    assert out["cells"][3]["source"] == make_student.WORK_CELL
    assert "widgets" not in out["metadata"]
    assert make_student.wants_student({"metadata": {"boardlab": {"student": False}}}) is False
    assert make_student.wants_student({"metadata": {}}) is True


def _spoiled() -> dict[str, Any]:
    """A lesson whose student copy would say its answer in visible text, six ways."""
    out = "P = 19/144 ≈ 13.19 %; 48 of the 5040 orders; E ≈ 12.37499997"
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "id": "q", "metadata": {"tags": ["predict"]},
         "source": "7! = 5040 orders. Guess!"},
        {"cell_type": "code", "id": "r", "metadata": {"tags": ["reveal"]},
         "execution_count": 1, "source": "show()",
         "outputs": [{"output_type": "stream", "name": "stdout", "text": out}]},
        {"cell_type": "markdown", "id": "m1", "metadata": {},
         "source": "Let us see where 19/144 comes from: 48 times among the 5040 orders."},
        {"cell_type": "markdown", "id": "m2", "metadata": {},
         "source": "## Where do 12 and 99/8 come from?\n\nAbout 13.2 %."},
        {"cell_type": "code", "id": "c", "metadata": {}, "execution_count": 2,
         "outputs": [], "source": "label = 'exact 19/144'\nx = 2 ** 0.5"},
        {"cell_type": "markdown", "id": "f", "metadata": {"tags": ["reveal"]},
         "source": "Folded, so fine: 19/144 and 48."},
        {"cell_type": "markdown", "id": "e", "metadata": {},
         "source": "[notes](../docs/teacher/x.md). Answers below (try first!)."},
        {"cell_type": "markdown", "id": "h", "metadata": {"tags": ["reveal"]},
         "source": "### Why\n\nBecause."},
    ]}


def test_the_generator_refuses_a_spoiled_student_copy(tmp_path: Path) -> None:
    found = make_student.refusals(_spoiled())
    assert found == [
        "cell 2 (markdown) shows 19/144, which the reveal in cell 1 prints",
        "cell 2 (markdown) shows 48, which the reveal in cell 1 prints",
        "cell 3 (markdown) shows 99/8, which the reveal in cell 1 prints (12.37499997)",
        "cell 3 (markdown) shows 13.2 %, which the reveal in cell 1 prints (19/144)",
        "cell 4 (code) shows 19/144, which the reveal in cell 1 prints",
        "cell 6: links the teacher notes (docs/teacher/); put the link in a "
        "<!-- teacher-only --> span",
        'cell 6: says "Answers below", but a student copy holds no answers',
        "cell 7: a heading inside a folded explanation (the table of contents shows it); "
        "give it a cell of its own",
    ]
    # 5040 is in the question, 12 is not 12.375, 0.5 in code is not 51.77 %: no refusal.
    src = tmp_path / "notebooks"
    src.mkdir()
    (src / "02_x.ipynb").write_text(json.dumps(_spoiled()))
    with pytest.raises(make_student.Refused) as refused:
        make_student.write(src)
    assert refused.value.problems[0] == ("notebooks/02_x.ipynb, cell 2 (markdown) shows "
                                         "19/144, which the reveal in cell 1 prints")
    assert not (src / "student").exists() or not list((src / "student").iterdir())


def test_a_folded_explanation_is_closed_details() -> None:
    student = make_student.student_notebook(_spoiled())
    fold = student["cells"][5]["source"]
    assert fold == ("<details>\n<summary>" + make_student.FOLD_SUMMARY + "</summary>\n\n"
                    "Folded, so fine: 19/144 and 48.\n\n</details>")
    assert spoilers.visible_text(student["cells"][5]) == ""
    # The teacher edition is untouched: the explanation shows there as written.
    assert _spoiled()["cells"][5]["source"] == "Folded, so fine: 19/144 and 48."


def test_the_spoiler_reading_of_numbers() -> None:
    assert [n.text for n in spoilers.numbers("19/144, 12/34/5, 1.0.2, R5, 7!, 48., 13 %")] \
        == ["19/144", "7", "48", "13 %"]
    answer = spoilers.numbers("7/27")[0]
    assert [spoilers.spoils(n, answer) for n in spoilers.numbers("0.26 0.25 0.259 14/54 1")] \
        == [True, False, True, True, False]


def test_stale_and_write(tmp_path: Path) -> None:
    src = tmp_path / "notebooks"
    src.mkdir()
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# A"}]}
    (src / "01_a.ipynb").write_text(json.dumps(nb))
    assert make_student.stale(src) == ["01_a.ipynb: missing"]
    assert make_student.write(src) == ["01_a.ipynb"]
    assert make_student.stale(src) == []
    assert make_student.write(src) == []
    (src / "student" / "01_a.ipynb").write_text("{}")
    (src / "student" / "09_gone.ipynb").write_text("{}")
    assert make_student.stale(src) == ["09_gone.ipynb: no source notebook (remove it)",
                                       "01_a.ipynb: differs from what its source makes"]
    make_student.write(src)
    assert make_student.stale(src) == []
    assert sorted(p.name for p in (src / "student").iterdir()) == ["01_a.ipynb"]


def test_the_scripts_doctests() -> None:
    result = doctest.testmod(make_student)
    assert result.attempted >= 3 and result.failed == 0
    result = doctest.testmod(spoilers)
    assert result.attempted >= 5 and result.failed == 0


# -- runs top to bottom -----------------------------------------------------------------------
def _run(path: Path) -> tuple[int, str, float]:
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    env["PYTHONHASHSEED"] = "0"
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUNNER, str(path), str(path.parent)],
                          capture_output=True, text=True, env=env, timeout=900, check=False)
    return done.returncode, done.stderr, time.perf_counter() - start


@cache
def _runs() -> dict[Path, tuple[int, str, float]]:
    """Every student notebook, two at a time (a 2-core machine), each in its own kernel."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(EDITION, pool.map(_run, EDITION), strict=True))


@pytest.mark.slow
@pytest.mark.parametrize("path", EDITION, ids=[p.name for p in EDITION])
def test_student_notebook_runs_top_to_bottom(path: Path) -> None:
    code, errors, _seconds = _runs()[path]
    assert code == 0, f"student/{path.name} stopped with an error:\n{errors}"


@pytest.mark.slow
def test_the_runner_sees_an_error(tmp_path: Path) -> None:
    nb = {"nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "cells": [{"cell_type": "code", "id": "x", "metadata": {}, "execution_count": None,
                     "outputs": [], "source": "1 / 0"}]}
    path = tmp_path / "bad.ipynb"
    path.write_text(json.dumps(nb))
    code, errors, _ = _run(path)
    assert code == 1 and "ZeroDivisionError" in errors
