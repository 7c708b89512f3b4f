"""The docs stay true for every game of the registry: coverage rows, rulings, rule texts.

``docs/coverage.md`` and ``docs/rulings.md`` have one section per game, headed with the
name of its rule book (``## Mall of Horror``). For every built-in game of
:mod:`boardlab.registry`:

- its coverage rows are exactly the ids of its book, each with the book's kind, code
  that exists in the game's package and tests that exist in ``tests/<package>/``;
- its rulings section lists exactly the rulings of its book.

Sections of games not registered yet (planned expansions) may exist but hold no rows.
Finally the rule-text overlap check (``../shared/tools/rule_text_overlap.py``) runs over
the whole repository: no passage of the project repeats a rule text.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from boardlab import registry
from tests.shared_texts import require_shared

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TESTS = ROOT / "tests"

GAMES = [r.name for r in registry.BUILTIN]
#: A table row whose first cell is a rule id (bold for new rulings): id, the other cells.
ROW = re.compile(r"^\| (?:\*\*)?([A-Za-z][\w-]*-[\w-]+)(?:\*\*)? \|(.*)\|\s*$", re.M)
TEST_REF = re.compile(r"`((?:\w+/)*test_\w+\.py)::(test_\w+)`")


def sections(page: str) -> dict[str, str]:
    """``{heading: text}`` for every ``## heading`` of ``docs/<page>``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    found: dict[str, str] = {}
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        assert heading not in found, f"{page}: two sections '## {heading}'"
        found[heading.strip()] = body
    return found


def rows(body: str) -> dict[str, list[str]]:
    """Rule-id rows of a section: ``{id: [cells after the id]}``; an id listed twice fails."""
    found: dict[str, list[str]] = {}
    for m in ROW.finditer(body):
        assert m.group(1) not in found, f"{m.group(1)} has two rows"
        found[m.group(1)] = [c.strip() for c in m.group(2).split(" | ")]
    return found


def _section(page: str, name: str) -> str:
    book = registry.get(name).book.name
    found = sections(page)
    assert book in found, f"docs/{page} has no section '## {book}' for game {name}"
    return found[book]


def _package_dir(name: str) -> Path:
    return ROOT / Path(*registry.registration(name).package.split("."))


def _defined(source: str, ident: str) -> bool:
    return bool(re.search(rf"^\s*(?:async\s+)?(?:def|class) {ident}\b|^\s*{ident}\s*[:=]",
                          source, re.M))


@pytest.mark.parametrize("name", GAMES)
def test_coverage_rows_are_exactly_the_books_rule_ids(name: str) -> None:
    book = registry.get(name).book
    found = rows(_section("coverage.md", name))
    assert sorted(found) == sorted(r.id for r in book)
    wrong_kind = [i for i, cells in found.items() if cells[0] != book[i].kind]
    assert wrong_kind == [], "the kind column differs from the book"


@pytest.mark.parametrize("name", GAMES)
def test_coverage_rows_name_code_that_exists(name: str) -> None:
    package = _package_dir(name)
    source = "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py"))
    missing = []
    for rule_id, cells in rows(_section("coverage.md", name)).items():
        named = re.findall(r"`([^`]+)`", cells[2])
        assert named, f"{rule_id} names no code"
        for item in named:
            if item.endswith(".py"):
                ok = (package / item).is_file()
            else:  # `module.function`, `Class.method`, `_Work.resolve('truck')`
                ok = _defined(source, re.sub(r"\(.*\)$", "", item).split(".")[-1])
            if not ok:
                missing.append(f"{rule_id}: {item}")
    assert missing == [], f"named in docs/coverage.md but not found in {package}"


@pytest.mark.parametrize("name", GAMES)
def test_coverage_rows_name_tests_that_exist(name: str) -> None:
    folder = TESTS / registry.registration(name).package.split(".")[-1]
    gone = []
    for rule_id, cells in rows(_section("coverage.md", name)).items():
        named = TEST_REF.findall(cells[3])
        assert named, f"{rule_id} names no test"
        for file, test in named:
            path = folder / file
            if not path.is_file() or not _defined(path.read_text(encoding="utf-8"), test):
                gone.append(f"{rule_id}: {file}::{test}")
    assert gone == [], f"named in docs/coverage.md but not in {folder}"


@pytest.mark.parametrize("name", GAMES)
def test_rulings_page_lists_exactly_the_books_rulings(name: str) -> None:
    book = registry.get(name).book
    listed = rows(_section("rulings.md", name))
    rulings = sorted(r.id for r in book if r.kind == "ruling")
    assert rulings, f"{name}'s book has no ruling"
    assert sorted(listed) == rulings


@pytest.mark.parametrize("page", ["coverage.md", "rulings.md"])
def test_sections_of_unregistered_games_hold_no_rows(page: str) -> None:
    books = {registry.get(n).book.name for n in GAMES}
    stray = {heading: sorted(rows(body)) for heading, body in sections(page).items()
             if heading not in books and rows(body)}
    assert stray == {}, "rows for a game that is not registered"


def test_the_docs_check_sees_a_missing_row(monkeypatch) -> None:
    text = (DOCS / "coverage.md").read_text(encoding="utf-8")
    body = sections("coverage.md")[registry.get(GAMES[0]).book.name]
    first = next(iter(rows(body)))
    assert first in body
    trimmed = "\n".join(line for line in body.splitlines() if not line.startswith(f"| {first} "))
    assert sorted(rows(trimmed)) != sorted(r.id for r in registry.get(GAMES[0]).book)
    assert text.count(f"| {first} |") == 1


def test_no_passage_repeats_the_rule_texts() -> None:
    """``rule_text_overlap.py`` over the whole repository (every tracked or new file)."""
    shared = require_shared("the rule-text overlap check")
    tool = shared / "tools" / "rule_text_overlap.py"
    done = subprocess.run([sys.executable, str(tool), str(ROOT)], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert done.stdout.strip().endswith("no passage repeats the rule texts")


# -- finding ../shared ---------------------------------------------------------------------
def test_shared_is_found_beside_a_clone_or_beside_a_worktrees_main_checkout(
        tmp_path, monkeypatch) -> None:
    from tests import shared_texts

    monkeypatch.delenv("BOARDLAB_SHARED", raising=False)
    (tmp_path / "main" / ".git" / "worktrees" / "cli").mkdir(parents=True)
    (tmp_path / "wt" / "cli").mkdir(parents=True)
    (tmp_path / "wt" / "cli" / ".git").write_text(
        f"gitdir: {tmp_path / 'main' / '.git' / 'worktrees' / 'cli'}\n")
    assert shared_texts.shared_dir(tmp_path / "wt" / "cli") is None
    assert shared_texts.shared_dir(tmp_path / "main") is None
    (tmp_path / "shared" / "rules").mkdir(parents=True)
    assert shared_texts.shared_dir(tmp_path / "wt" / "cli") == tmp_path / "shared"
    assert shared_texts.shared_dir(tmp_path / "main") == tmp_path / "shared"
    monkeypatch.setenv("BOARDLAB_SHARED", str(tmp_path / "nowhere"))
    with pytest.raises(FileNotFoundError, match="BOARDLAB_SHARED=.*nowhere has no rules/"):
        shared_texts.shared_dir(tmp_path / "main")


def test_without_shared_the_check_skips_visibly_or_fails_when_required(monkeypatch) -> None:
    from tests import shared_texts

    monkeypatch.setattr(shared_texts, "shared_dir", lambda root=None: None)
    monkeypatch.delenv("BOARDLAB_REQUIRE_SHARED", raising=False)
    with pytest.raises(pytest.skip.Exception, match="the overlap check did not run: no "
                                                    "shared folder"):
        shared_texts.require_shared("the overlap check")
    monkeypatch.setenv("BOARDLAB_REQUIRE_SHARED", "1")
    with pytest.raises(pytest.fail.Exception, match=r"\(BOARDLAB_REQUIRE_SHARED=1\)"):
        shared_texts.require_shared("the overlap check")
