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
==================  ===============================================================

Inside a markdown cell, ``<!-- teacher-only -->`` … ``<!-- /teacher-only -->`` drops just
that span. Every output, execution count and the saved widget state are cleared, so a
prediction made before a reveal cell is not spoiled: the reveal shows nothing until the
student runs it. Links into ``../docs/`` are rewritten for the folder one level down.
A notebook whose metadata says ``"boardlab": {"student": false}`` gets no student copy.

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
SOURCES = ROOT / "notebooks"
STUDENT = SOURCES / "student"

#: Cells with one of these tags are left out of the student edition.
REMOVE_TAGS = frozenset({"solution", "teacher-only"})
#: Cells with one of these tags keep their code, collapsed.
HIDE_TAGS = frozenset({"setup", "hide-input"})
#: What a run of removed solution cells leaves behind.
WORK_CELL = "# Your work here\n"

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


def _student_cell(cell: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(cell)
    meta = out.setdefault("metadata", {})
    meta.pop("execution", None)
    if out["cell_type"] == "markdown":
        out["source"] = student_markdown(_source(out))
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
    cells: list[dict[str, Any]] = []
    removed_solution: str | None = None   # id of the first cell of a run being removed
    for cell in nb["cells"]:
        tags = _tags(cell)
        if tags & REMOVE_TAGS:
            if "solution" in tags and removed_solution is None:
                removed_solution = cell.get("id", f"cell{len(cells)}")
            continue
        if removed_solution is not None:
            cells.append(_work_cell(removed_solution))
            removed_solution = None
        cells.append(_student_cell(cell))
    if removed_solution is not None:
        cells.append(_work_cell(removed_solution))
    out["cells"] = cells
    return out


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
    """``{file name: text}`` of the whole student edition made from ``sources``."""
    import json

    files = {}
    for path in sorted(sources.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        if wants_student(nb):
            files[path.name] = render(student_notebook(nb))
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
    if args.check:
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
