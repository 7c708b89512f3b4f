"""The teacher notes (docs/teacher/): one page per lesson, linked both ways, and right.

Each lesson's first cell links its page (inside a teacher-only span, so the student
edition leaves it out); the page has the four parts a teacher looks for (level, a
45-minute plan, where students go wrong, answers); the manual's index and the notes'
index list it; and every fraction the page states appears in the lesson notebook
itself (its text or its stored outputs), so the notes cannot drift from the numbers
the lesson computes.

The notes are read in two places: JupyterLab (a lesson's link opens them there, in its
Markdown viewer) and the manual (Sphinx with myst-parser). So they use plain Markdown
links relative to the file, which both follow, and no MyST role (``{doc}`` shows as raw
text in JupyterLab, its link dead): every link must resolve from the file in the
repository, and, through the manual's mapping of ``notebooks/`` (docs/_tools), in docs/.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tests.notebooks.lessons import LINK, lessons

ROOT = Path(__file__).resolve().parents[2]
NOTES = ROOT / "docs" / "teacher"
PAGES = sorted(NOTES.glob("*.md"))
#: A MyST role (``{doc}`...```, ``{ref}`...```): raw text outside Sphinx.
ROLE = re.compile(r"\{[a-z][\w:-]*\}`")
#: A relative Markdown link's target (no scheme, no anchor-only link).
MD_LINK = re.compile(r"\]\((?![a-z]+:|#)([^)\s#]+)(?:#[^)\s]*)?\)")
LESSONS = lessons()
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
    assert f"](../../notebooks/{path.name})" in text, f"{page.name} does not link {path.name}"
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


def test_every_teacher_page_belongs_to_a_lesson_found_here() -> None:
    """The search above misses no lesson: each notes page is the page of one of them,
    and the lessons of every game are among them (lesson 11, the Breakout one)."""
    pages = {p.name for p in NOTES.glob("*.md")} - {"index.md"}
    found = {page_of(p).name for p in LESSONS}
    assert pages == found, f"pages without a lesson: {sorted(pages - found)}; " \
                           f"lessons linking no page: {sorted(found - pages)}"
    names = {p.name for p in LESSONS}
    assert {"02_lesson_four_dice.ipynb", "06_what_if.ipynb", "10_lesson_icon_dice.ipynb",
            "11_lesson_counting_without_replacement.ipynb",
            "12_lesson_chases.ipynb"} <= names, names
    assert "00_start_here.ipynb" not in names   # links the notes' index, not a page


def test_the_manual_links_the_notes() -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "](teacher/index.md)" in index and "\nteacher/index\n" in index
    assert "](lesson-authors.md)" in index and "\nlesson-authors\n" in index


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_the_notes_use_plain_links_that_resolve_in_jupyterlab_and_the_manual(
        page: Path) -> None:
    sys.path.insert(0, str(ROOT / "docs" / "_tools"))
    from boardlab_docs import jupyter_links

    text = page.read_text(encoding="utf-8")
    roles = ROLE.findall(text)
    assert not roles, f"{page.name} uses MyST roles {roles}: raw text in JupyterLab"
    links = MD_LINK.findall(text)
    assert links, f"{page.name} links nothing"
    for target in links:
        assert (page.parent / target).exists(), f"{page.name}: {target} does not exist"
    # In the manual a link into notebooks/ is a reference to that page of the manual.
    docname = page.relative_to(ROOT / "docs").with_suffix("").as_posix()
    manual = jupyter_links(docname, text)
    for target in MD_LINK.findall(manual):
        assert "notebooks/" not in target, f"{page.name}: the manual cannot follow {target}"
        assert (page.parent / target).exists(), f"{page.name}: {target} is not in the manual"
    for name in re.findall(r"</notebooks/([\w-]+)>`", manual):
        assert (ROOT / "docs" / "notebooks" / f"{name}.ipynb").is_file(), name


def test_the_role_and_link_checks_see_a_bad_page() -> None:
    assert ROLE.findall("see {doc}`02 </notebooks/02>` and {ref}`x`") == ["{doc}`", "{ref}`"]
    assert MD_LINK.findall("[a](../x.md#s), [b](https://x.org), [c](#top), [d](y.ipynb)") \
        == ["../x.md", "y.ipynb"]


def test_the_fraction_check_sees_a_wrong_number(tmp_path: Path) -> None:
    assert FRACTION.findall("19/144 and 1296/671, not 12/34/5") == ["19/144", "1296/671"]
    assert not {"19/145"} <= set(FRACTION.findall("P = 19/144"))
