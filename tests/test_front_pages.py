"""The front pages tell the truth about the registry and the notebooks folder.

README.md (its games table, notebook table, layout table and quick start), notebook 00
(its status table and "where to go next"), docs/quickstart.md (a section per game) and
docs/adding-a-game.md (the games as worked examples) are checked against
``boardlab.registry`` and ``notebooks/*.ipynb``: a game or a notebook added without its
line fails here, and so does a page that still calls a game "planned".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardlab import registry

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
GAMES = [registry.get(r.name) for r in registry.BUILTIN]


def _title(name: str) -> str:
    cell = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"][0]
    return "".join(cell["source"]).splitlines()[0].removeprefix("# ").strip()


def _start_here() -> str:
    nb = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def _table_rows(text: str, first: str) -> list[list[str]]:
    """Rows (cells stripped) of the markdown table whose header's first cell is ``first``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith("|") and line.strip("| ").split("|")[0].strip() == first)
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def test_no_front_page_calls_a_game_planned() -> None:
    for name, text in (("README.md", README), ("notebook 00", _start_here()),
                       ("docs/quickstart.md", (ROOT / "docs/quickstart.md").read_text()),
                       ("docs/adding-a-game.md", (ROOT / "docs/adding-a-game.md").read_text())):
        assert not re.search(r"\bplanned\b", text), name


def test_the_readme_games_table_is_the_registry() -> None:
    rows = _table_rows(README, "game")
    assert [r[0] for r in rows] == [g.book.name for g in GAMES]
    for row, game in zip(rows, GAMES, strict=True):
        assert row[1] == f"`{game.name}`" and f"`{game.package}`" in row[2]
        assert f"(`{game.alias}`)" in row[2] and "complete" in row[3]


def test_the_readme_lists_every_notebook_with_its_title() -> None:
    block = README[README.index("<!-- notebooks"):README.index("<!-- end notebooks -->")]
    rows = _table_rows(block, "notebook")
    assert [r[0].strip("`") for r in rows] == NOTEBOOKS
    for row in rows:
        assert row[1] == _title(row[0].strip("`")), row[0]


def test_the_readme_layout_names_every_package() -> None:
    packages = sorted(p.parent.name for p in (ROOT / "boardlab").glob("*/__init__.py"))
    cells = " ".join(r[0] for r in _table_rows(README, "path"))
    missing = [p for p in packages if f"`boardlab/{p}`" not in cells]
    assert missing == []


def test_the_readme_quick_start_has_a_what_if_per_game() -> None:
    start = README.index("## Quick start in Python")
    block = README[start:README.index("\n## ", start + 5)]
    for game in GAMES:
        assert re.search(rf"^{game.alias}\.\w", block, re.M), game.name


def test_notebook_00_says_what_is_implemented_and_links_every_notebook() -> None:
    text = _start_here()
    rows = _table_rows(text, "game")
    assert [r[0] for r in rows] == [g.book.name for g in GAMES]
    assert all("complete" in r[1] for r in rows)
    linked = re.findall(r'href="([^"]+\.ipynb)"', text.split("## Where to go next")[1])
    assert linked == [n for n in NOTEBOOKS if n != "00_start_here.ipynb"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_quick_start_and_adding_a_game_cover_every_game(game: object) -> None:
    quick = (ROOT / "docs/quickstart.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", quick, re.M)
    assert any(h.startswith(game.book.name) for h in headings), game.name
    assert f"{game.alias}." in quick
    adding = (ROOT / "docs/adding-a-game.md").read_text(encoding="utf-8")
    assert game.package.replace(".", "/") in adding and game.book.name.split(" [")[0] in adding
