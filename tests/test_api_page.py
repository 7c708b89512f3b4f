"""docs/api.md's "Public names" lists every public name of the three front doors once.

Issue 19's must-hold: the API page lists every public name once, with its type. A name
added to an ``__all__`` without a row here (or a row for a name that is not public, or
two rows for one name) fails this test.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

API = Path(__file__).resolve().parent.parent / "docs" / "api.md"
FRONT_DOORS = ("boardlab.core", "boardlab.prob", "boardlab.mall_of_horror",
               "boardlab.lockup_breakout", "boardlab.level7_lockdown")


def listed() -> dict[str, list[str]]:
    """``{module: [names in the first cell of each row, in order]}`` of the section."""
    text = API.read_text(encoding="utf-8")
    section = text[text.index("\n## Public names\n"):]
    section = section[:section.index("\n## ", 5)]
    parts = re.split(r"\*\*`(boardlab\.[a-z_0-9]+)`\*\*", section)
    tables: dict[str, list[str]] = {}
    for module, body in zip(parts[1::2], parts[2::2], strict=True):
        names: list[str] = []
        for line in body.splitlines():
            if line.startswith("| `"):
                names += re.findall(r"`([A-Za-z_]\w*)`", line.split("|")[1])
        tables[module] = names
    return tables


def test_the_section_has_a_table_for_each_front_door() -> None:
    assert sorted(listed()) == sorted(FRONT_DOORS)


@pytest.mark.parametrize("module", FRONT_DOORS)
def test_every_public_name_is_listed_once_and_nothing_else(module: str) -> None:
    names = listed()[module]
    mod = importlib.import_module(module)
    public = set(mod.__all__)
    assert sorted(public - set(names)) == []  # every public name has its row
    assert sorted({n for n in names if names.count(n) > 1}) == []  # once
    moved = getattr(getattr(mod, "GAME", None), "moved", {})
    for extra in set(names) - public:  # lazily loaded names (widgets, odds) still exist
        assert extra in moved or hasattr(mod, extra), extra


def test_the_games_tables_are_written_from_the_games() -> None:
    from scripts.api_names import current, generated

    text = API.read_text(encoding="utf-8")
    assert current(text) == generated(), (
        "docs/api.md's public names of the games are stale: "
        "run .venv/bin/python -m scripts.api_names --write")
