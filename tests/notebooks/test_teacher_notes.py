"""The teacher notes (docs/teacher/): one page per lesson, linked both ways, and right.

Each lesson's first cell links its page (inside a teacher-only span, so the student
edition leaves it out); the page has the four parts a teacher looks for (level, a
45-minute plan, where students go wrong, answers); the manual's index and the notes'
index list it; and every fraction the page states appears in the lesson notebook
itself (its text or its stored outputs), so the notes cannot drift from the numbers
the lesson computes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.notebooks.lessons import lessons

ROOT = Path(__file__).resolve().parents[2]
NOTES = ROOT / "docs" / "teacher"
LESSONS = lessons()
LINK = re.compile(r"\]\(\.\./docs/teacher/([\w-]+\.md)\)")
FRACTION = re.compile(r"(?<![\w/.])\d+/\d+(?![\w/])")
PARTS = ("## Level", "## A 45-minute plan", "## Where students go wrong", "## Answers")
TEACHER_SPAN = re.compile(r"<!-- teacher-only -->(.*?)<!-- /teacher-only -->", re.S)


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(value: object) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def notebook_text(path: Path) -> str:
    parts = []
    for cell in _cells(path):
        parts.append(_text(cell.get("source", "")))
        for out in cell.get("outputs", []):
            parts.append(_text(out.get("text", "")))
            parts += [_text(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(parts)


def page_of(path: Path) -> Path:
    head = _text(_cells(path)[0]["source"])
    spans = TEACHER_SPAN.findall(head)
    links = [m for span in spans for m in LINK.findall(span)]
    assert len(links) == 1, f"{path.name}: the first cell must link its teacher notes once, " \
                            "inside <!-- teacher-only --> … <!-- /teacher-only -->"
    return NOTES / links[0]


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_each_lesson_has_its_notes(path: Path) -> None:
    page = page_of(path)
    assert page.is_file(), f"{path.name} links {page}, which does not exist"
    text = page.read_text(encoding="utf-8")
    missing = [part for part in PARTS if f"\n{part}\n" not in text]
    assert not missing, f"{page.name} lacks {missing}"
    assert f"</notebooks/{path.stem}>`" in text, f"{page.name} does not link {path.name}"
    index = (NOTES / "index.md").read_text(encoding="utf-8")
    assert f"]({page.name})" in index and f"\n{page.stem}\n" in index


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_every_fraction_in_the_notes_is_in_the_lesson(path: Path) -> None:
    page = page_of(path)
    answers = page.read_text(encoding="utf-8").split("\n## Answers\n", 1)[1]
    notes = set(FRACTION.findall(answers))
    lesson = set(FRACTION.findall(notebook_text(path)))
    assert len(notes) >= 5, f"{page.name} states almost no exact answer"
    assert notes <= lesson, (f"{page.name} states {sorted(notes - lesson)}, which "
                             f"{path.name} never shows")


def test_the_manual_links_the_notes() -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "](teacher/index.md)" in index and "\nteacher/index\n" in index
    assert "](lesson-authors.md)" in index and "\nlesson-authors\n" in index


def test_the_fraction_check_sees_a_wrong_number(tmp_path: Path) -> None:
    assert FRACTION.findall("19/144 and 1296/671, not 12/34/5") == ["19/144", "1296/671"]
    assert not {"19/145"} <= set(FRACTION.findall("P = 19/144"))
