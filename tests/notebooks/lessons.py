"""Which notebooks are lessons (docs/lesson-authors.md).

A lesson is a classroom notebook: it asks for a prediction before it reveals an answer
(test_predict_reveal.py), links its page of teacher notes from its first cell and has
that page (test_teacher_notes.py), and hides its setup and its solutions from the
student edition (test_student_edition.py). Walkthroughs (01, 09), notebook 00 and the
design notebook (08) are not lessons. A new lesson adds its number here.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The numbers (file-name prefixes) of the lesson notebooks in notebooks/.
LESSON_NUMBERS = frozenset({2, 3, 4, 5, 6, 10})


def is_lesson(path: Path) -> bool:
    """True for ``notebooks/NN_*.ipynb`` whose number is a lesson's.

    >>> is_lesson(Path("10_lesson_icon_dice_and_chases.ipynb")), is_lesson(Path("09_x.ipynb"))
    (True, False)
    """
    head = path.name.split("_", 1)[0]
    return head.isdigit() and int(head) in LESSON_NUMBERS


def lessons() -> list[Path]:
    """The lesson notebooks of the teacher edition, in order."""
    return sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if is_lesson(p))
