"""Which notebooks are lessons (docs/lesson-authors.md).

A lesson is a classroom notebook: it asks for a prediction before it reveals an answer
(test_predict_reveal.py), links its page of teacher notes from its first cell and has
that page (test_teacher_notes.py), and hides its setup and its solutions from the
student edition (test_student_edition.py). Walkthroughs (01, 07, 09), notebook 00 and
the design notebook (08) are not lessons.

A lesson is found by what it is, not by a list of numbers, so a new lesson is checked
the day it lands: its first cell links a page of ``docs/teacher/`` (inside the
teacher-only span), or its file name says ``_lesson_`` (so a lesson that forgot its link
is found, and fails the teacher-notes check).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: A link from a notebook to a page of teacher notes.
LINK = re.compile(r"\]\(\.\./docs/teacher/([\w-]+\.md)\)")


def _first_cell(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    source = cells[0]["source"] if cells else ""
    return "".join(source) if isinstance(source, list) else str(source)


def is_lesson(path: Path) -> bool:
    """True for a notebook named ``*_lesson_*`` or whose first cell links a teacher page.

    >>> nb = ROOT / "notebooks"
    >>> [is_lesson(nb / n) for n in ("10_lesson_icon_dice.ipynb",
    ...  "06_what_if.ipynb", "09_level7_walkthrough.ipynb", "00_start_here.ipynb")]
    [True, True, False, False]
    """
    return "_lesson_" in path.stem or bool(LINK.search(_first_cell(path)))


def lessons() -> list[Path]:
    """The lesson notebooks of the teacher edition, in order."""
    return sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if is_lesson(p))
