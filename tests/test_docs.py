"""The docs stay true: every rule id is covered, and every test they name exists."""

from __future__ import annotations

import re
from pathlib import Path

from boardlab.mall_of_horror import BOOK

DOCS = Path(__file__).resolve().parent.parent / "docs"
TESTS = Path(__file__).resolve().parent


def test_coverage_lists_every_rule_id_with_existing_tests() -> None:
    text = (DOCS / "coverage.md").read_text()
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| (MoH-[\w-]+) \|.*$", text, re.M)}
    assert sorted(rows) == sorted(r.id for r in BOOK)
    for rule_id, row in rows.items():
        named = re.findall(r"`(test_[\w]+\.py)::(test_\w+)`", row)
        assert named, f"{rule_id} names no test"
        for file, test in named:
            source = (TESTS / "mall_of_horror" / file).read_text()
            assert re.search(rf"^def {test}\(", source, re.M), f"{file}::{test} is gone"


def test_rulings_page_lists_every_ruling() -> None:
    text = (DOCS / "rulings.md").read_text()
    rulings = [r.id for r in BOOK if r.kind == "ruling"]
    assert len(rulings) == 19
    for rule_id in rulings:
        assert f"| {rule_id} |" in text or f"| **{rule_id}** |" in text, rule_id
