"""Every lesson and walkthrough says at its top whose numbers it uses.

A teacher must know before the first cell runs whether a chance printed below is the
published game's or boardlab's invented stand-in: Mall of Horror's numbers are the
published game's; the cores of Lockup: Breakout and Level 7 [Escape]: Lockdown are not
among the rule texts, so their numbers are invented stand-ins (rulings LB-R1 and L7-R1).
The first cell of every lesson and walkthrough says which, in words a student reads, and
names the ruling for a stand-in; the game is found from the notebook's own imports.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.notebooks.lessons import lessons

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
WALKTHROUGHS = sorted(NOTEBOOKS.glob("*_walkthrough.ipynb"))
HEADED = sorted({*lessons(), *WALKTHROUGHS})

#: What the first cell must say, by the game module a notebook imports.
SAYS = {
    "mall_of_horror": (re.compile(r"\*\*Numbers:\*\* the (standard rules are the )?published "
                                  r"game's"), None),
    "lockup_breakout": (re.compile(r"invented stand-ins?"), "LB-R1"),
    "level7_lockdown": (re.compile(r"invented stand-ins?"), "L7-R1"),
}
IMPORT = re.compile(r"from boardlab(?:\.(\w+))? import (\w+)")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def games_of(path: Path) -> set[str]:
    """The games whose package a notebook's code imports."""
    found = set()
    for cell in _cells(path):
        if cell["cell_type"] == "code":
            for package, name in IMPORT.findall(_text(cell)):
                found |= {g for g in SAYS if g in (package, name)}
    return found


def test_the_notebooks_checked_here() -> None:
    names = {p.name for p in HEADED}
    assert {"01_mall_of_horror_walkthrough.ipynb", "07_lockup_breakout_walkthrough.ipynb",
            "09_level7_walkthrough.ipynb", "02_lesson_four_dice.ipynb",
            "11_lesson_counting_without_replacement.ipynb"} <= names
    assert games_of(NOTEBOOKS / "09_level7_walkthrough.ipynb") == {"level7_lockdown"}


@pytest.mark.parametrize("path", HEADED, ids=[p.name for p in HEADED])
def test_the_first_cell_says_whose_numbers(path: Path) -> None:
    games = games_of(path)
    assert games, f"{path.name} imports no game"
    head = _text(_cells(path)[0])
    for game in sorted(games):
        words, ruling = SAYS[game]
        assert words.search(head), f"{path.name}: the first cell does not say {words.pattern!r}"
        if ruling:
            assert ruling in head, f"{path.name}: the first cell does not name {ruling}"
