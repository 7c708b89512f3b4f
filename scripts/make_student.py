"""Write the student edition of the notebooks into ``notebooks/student/``.

    .venv/bin/python scripts/make_student.py           (or: make student)
    .venv/bin/python scripts/make_student.py --check   (exit 1 when notebooks/student/ is stale)

The teacher edition (``notebooks/*.ipynb``, executed, outputs stored, checked by strict
nbval) is the only source; the student edition is made from it by cell tags, so the two
can never disagree on anything but what the tags say:

==================  ===============================================================
tag                 in the student edition
==================  ===============================================================
``solution``        removed; where a run of removed cells stood, one empty code
                    cell ``# Your work here`` is left for the student
``teacher-only``    removed (teacher notes, links to the answers)
``setup``           kept and run, its code collapsed (``jupyter.source_hidden``):
                    imports and helpers a student need not read first
``hide-input``      the same as ``setup`` (myst-nb also hides it in the manual)
``reveal``          on a code cell: kept, no output until the student runs it; on a
                    markdown cell (the explanation of an answer): folded into a
                    ``<details>`` block the student opens, after the reveal has run
==================  ===============================================================

Inside a markdown cell, ``<!-- teacher-only -->`` … ``<!-- /teacher-only -->`` drops just
that span. Every output, execution count and the saved widget state are cleared, so a
prediction made before a reveal cell is not spoiled: the reveal shows nothing until the
student runs it. Links into ``../docs/`` are rewritten for the folder one level down.
A notebook whose metadata says ``"boardlab": {"student": false}`` gets no student copy.

The generator **refuses** (exit 1, writing nothing) a student copy that would give
something away, and names the notebook, the cell and what it found:

- visible text (a markdown cell not folded, or code) that states a number a ``reveal``
  or ``solution`` cell prints first (``scripts/spoilers.py``: "Let us see where 19/144
  comes from" after the reveal that prints 19/144);
- a link to the teacher notes (``docs/teacher/``), or the words "answers below" (the
  answers are not in a student copy);
- a heading inside a folded explanation (the table of contents would still show it).

The edition is committed; ``tests/notebooks/test_student_edition.py`` fails when it is
stale (run ``make student``), when it holds an output or a solution, or when one of its
notebooks does not run top to bottom. ``make notebooks-run`` also rewrites it.
See docs/lesson-authors.md.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):   # run as a script: `python scripts/make_student.py`
    sys.path.insert(0, str(ROOT))

from scripts import spoilers  # noqa: E402

SOURCES = ROOT / "notebooks"
STUDENT = SOURCES / "student"

#: Cells with one of these tags are left out of the student edition.
REMOVE_TAGS = frozenset({"solution", "teacher-only"})
#: Cells with one of these tags keep their code, collapsed.
HIDE_TAGS = frozenset({"setup", "hide-input"})
#: What a run of removed solution cells leaves behind.
WORK_CELL = "# Your work here\n"
#: A markdown cell with this tag is folded in the student edition (an explanation).
FOLD_TAG = "reveal"
#: The line a student sees on a folded explanation.
FOLD_SUMMARY = "The explanation: open it once you have made your guess and run the cell above"
#: What may not appear in a student copy: links to the answers, promises of answers.
TEACHER_LINK = re.compile(r"docs/teacher/")
ANSWERS_BELOW = re.compile(r"\banswers?\b[^.\n]{0,30}\bbelow\b", re.I)
HEADING = re.compile(r"^ {0,3}#{1,6} ", re.M)


class Refused(ValueError):
    """The student edition would give answers away; ``problems`` says where."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("the student edition gives answers away:\n  " + "\n  ".join(problems))
        self.problems = problems

TEACHER_SPAN = re.compile(r"[ \t]*<!-- teacher-only -->.*?<!-- /teacher-only -->[ \t]*\n?",
                          re.S)
# A link from notebooks/ to a sibling folder (../docs/…) must climb one level more.
UP_LINK = re.compile(r"(\]\(|href=\")\.\./")


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _tags(cell: dict[str, Any]) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def student_markdown(text: str) -> str:
    """A markdown cell's text for the student edition: teacher-only spans out, links fixed.

    >>> student_markdown("See [the notes](../docs/x.md).<!-- teacher-only --> Key: 3."
    ...                  "<!-- /teacher-only -->")
    'See [the notes](../../docs/x.md).'
    >>> student_markdown('<a href="01_walk.ipynb">01</a>, <a href="../docs/y.md">y</a>')
    '<a href="01_walk.ipynb">01</a>, <a href="../../docs/y.md">y</a>'
    """
    return UP_LINK.sub(r"\1../../", TEACHER_SPAN.sub("", text))


def folded(text: str) -> str:
    """A markdown explanation folded into a ``<details>`` block (closed until opened).

    JupyterLab 4 (and JupyterLite, GitHub, the manual) render ``<details>`` with its
    ``<summary>``; the blank lines keep the inside Markdown.

    >>> print(folded("So 19/144 it is."))
    <details>
    <summary>The explanation: open it once you have made your guess and run the cell above</summary>
    <BLANKLINE>
    So 19/144 it is.
    <BLANKLINE>
    </details>
    """
    return f"<details>\n<summary>{FOLD_SUMMARY}</summary>\n\n{text.strip()}\n\n</details>"


def _student_cell(cell: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(cell)
    meta = out.setdefault("metadata", {})
    meta.pop("execution", None)
    if out["cell_type"] == "markdown":
        out["source"] = student_markdown(_source(out))
        if FOLD_TAG in _tags(out):
            out["source"] = folded(out["source"])
    elif out["cell_type"] == "code":
        out["outputs"] = []
        out["execution_count"] = None
        meta.pop("scrolled", None)
        if _tags(out) & HIDE_TAGS:
            meta.setdefault("jupyter", {})["source_hidden"] = True
    return out


def _work_cell(after_id: str) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": f"{after_id}-work"[:64],
            "metadata": {}, "outputs": [], "source": WORK_CELL}


def _student_cells(nb: dict[str, Any]) -> list[tuple[int | None, dict[str, Any]]]:
    """The student edition's cells, each with the index of its teacher cell (None for
    the work cell a run of removed solutions leaves)."""
    cells: list[tuple[int | None, dict[str, Any]]] = []
    removed_solution: str | None = None   # id of the first cell of a run being removed
    for index, cell in enumerate(nb["cells"]):
        tags = _tags(cell)
        if tags & REMOVE_TAGS:
            if "solution" in tags and removed_solution is None:
                removed_solution = cell.get("id", f"cell{len(cells)}")
            continue
        if removed_solution is not None:
            cells.append((None, _work_cell(removed_solution)))
            removed_solution = None
        cells.append((index, _student_cell(cell)))
    if removed_solution is not None:
        cells.append((None, _work_cell(removed_solution)))
    return cells


def student_notebook(nb: dict[str, Any]) -> dict[str, Any]:
    """The student edition of notebook ``nb`` (a dict as nbformat reads it); ``nb`` is
    not changed.

    >>> nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"widgets": {}}, "cells": [
    ...     {"cell_type": "code", "id": "a", "metadata": {"tags": ["setup"]},
    ...      "execution_count": 1, "outputs": [{"output_type": "stream"}], "source": "x = 1"},
    ...     {"cell_type": "markdown", "id": "b", "metadata": {"tags": ["solution"]},
    ...      "source": "Answer: 2"}]}
    >>> out = student_notebook(nb)
    >>> [(c["id"], c["source"], c.get("outputs")) for c in out["cells"]]
    [('a', 'x = 1', []), ('b-work', '# Your work here\\n', [])]
    >>> out["cells"][0]["metadata"]["jupyter"], "widgets" in out["metadata"]
    ({'source_hidden': True}, False)
    """
    out = {k: copy.deepcopy(v) for k, v in nb.items() if k != "cells"}
    meta = out.setdefault("metadata", {})
    meta.pop("widgets", None)
    out["cells"] = [cell for _index, cell in _student_cells(nb)]
    return out


def refusals(nb: dict[str, Any]) -> list[str]:
    """What the student copy of teacher notebook ``nb`` would give away (empty: nothing).

    >>> nb = {"cells": [
    ...     {"cell_type": "markdown", "metadata": {"tags": ["predict"]}, "source": "Guess."},
    ...     {"cell_type": "code", "metadata": {"tags": ["reveal"]}, "source": "p",
    ...      "outputs": [{"output_type": "stream", "name": "stdout", "text": "48 orders"}]},
    ...     {"cell_type": "markdown", "metadata": {}, "source": "Each is 48 of them."},
    ...     {"cell_type": "markdown", "metadata": {"tags": ["reveal"]}, "source": "48 again"},
    ...     {"cell_type": "markdown", "metadata": {}, "source": "Answers below."}]}
    >>> for line in refusals(nb): print(line)
    cell 2 (markdown) shows 48, which the reveal in cell 1 prints
    cell 4: says "Answers below", but a student copy holds no answers
    """
    cells = _student_cells(nb)
    problems = spoilers.spoilers(nb["cells"], [(i, c) for i, c in cells if i is not None])
    for index, cell in cells:
        if index is None:
            continue
        text = _source(cell)
        if TEACHER_LINK.search(text):
            problems.append(f"cell {index}: links the teacher notes (docs/teacher/); put the "
                            "link in a <!-- teacher-only --> span")
        said = ANSWERS_BELOW.search(spoilers.DETAILS.sub("", text))
        if said:
            problems.append(f'cell {index}: says "{said.group(0)}", but a student copy holds '
                            "no answers")
        folds = cell["cell_type"] == "markdown" and FOLD_TAG in _tags(cell)
        if folds and HEADING.search(_source(nb["cells"][index])):
            problems.append(f"cell {index}: a heading inside a folded explanation (the "
                            "table of contents shows it); give it a cell of its own")
    return problems


def wants_student(nb: dict[str, Any]) -> bool:
    """False when the notebook opts out (metadata ``boardlab.student`` is false)."""
    return nb.get("metadata", {}).get("boardlab", {}).get("student", True) is not False


def render(nb: dict[str, Any]) -> str:
    """The file text of a notebook, as nbformat writes it (validated)."""
    import nbformat

    node = nbformat.from_dict(nb)
    nbformat.validate(node)
    text = nbformat.writes(node)
    return text if text.endswith("\n") else text + "\n"


def edition(sources: Path = SOURCES) -> dict[str, str]:
    """``{file name: text}`` of the whole student edition made from ``sources``.

    Raises :class:`Refused` (listing every problem) when a student copy would give an
    answer away: nothing of the edition is written then.
    """
    import json

    files, problems = {}, []
    for path in sorted(sources.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        if wants_student(nb):
            problems += [f"{path.parent.name}/{path.name}, {line}" for line in refusals(nb)]
            files[path.name] = render(student_notebook(nb))
    if problems:
        raise Refused(problems)
    return files


def stale(sources: Path = SOURCES, target: Path | None = None) -> list[str]:
    """What differs between the student edition on disk and the one the sources make."""
    target = sources / "student" if target is None else target
    want = edition(sources)
    have = {p.name for p in target.glob("*.ipynb")} if target.is_dir() else set()
    problems = [f"{name}: missing" for name in sorted(set(want) - have)]
    problems += [f"{name}: no source notebook (remove it)" for name in sorted(have - set(want))]
    problems += [f"{name}: differs from what its source makes"
                 for name in sorted(set(want) & have)
                 if (target / name).read_text(encoding="utf-8") != want[name]]
    return problems


def write(sources: Path = SOURCES, target: Path | None = None) -> list[str]:
    """Write the edition (removing student copies whose source is gone); the names written."""
    target = sources / "student" if target is None else target
    target.mkdir(parents=True, exist_ok=True)
    want = edition(sources)
    for old in target.glob("*.ipynb"):
        if old.name not in want:
            old.unlink()
    changed = []
    for name, text in want.items():
        path = target / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(name)
    return changed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 when notebooks/student/ is stale")
    args = ap.parse_args(argv)
    try:
        return _run(check=args.check)
    except Refused as refused:
        print("make_student: refused: the student edition would give answers away.",
              file=sys.stderr)
        for line in refused.problems:
            print(f"  {line}", file=sys.stderr)
        print("Fold an explanation with the tag `reveal` (a markdown cell), reword it, or "
              "move it into a <!-- teacher-only --> span (docs/lesson-authors.md).",
              file=sys.stderr)
        return 1


def _run(*, check: bool) -> int:
    if check:
        problems = stale()
        for line in problems:
            print(f"stale student edition: {line}", file=sys.stderr)
        if problems:
            print("run `make student` and commit notebooks/student/", file=sys.stderr)
        return 1 if problems else 0
    changed = write()
    total = len(list(STUDENT.glob("*.ipynb")))
    print(f"student edition: {total} notebook(s) in {STUDENT.relative_to(ROOT)}/, "
          f"{len(changed)} rewritten" + (f" ({', '.join(changed)})" if changed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
