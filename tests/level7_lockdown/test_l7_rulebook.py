"""The rule book: every id has a test named after it, the text ids are the inventory's,
rulings are kind "ruling"; the book is what the command line lists."""

from __future__ import annotations

import ast
from pathlib import Path

from boardlab.level7_lockdown import BOOK, rule

HERE = Path(__file__).resolve().parent
#: The general ids of the Lockdown inventory (B1), in the text's order.
GENERAL = [
    "components", "core-additions", "use-old-scenarios", "blaster-variant", "use-all",
    "lockdown-icon", "marker-roles", "barricade", "barricade-block", "barricade-player",
    "barricade-enemy", "cloud", "cloud-gas", "fall", "fall-effects", "ranged", "ranged-gun",
    "ranged-enemy", "cache", "terror-gain", "terror-adrenaline", "terror-token",
    "terror-floor", "terror-lower", "terror-stats", "terror-heart", "terror-aliens",
    "terror-infirmary", "tiles", "tile-generators", "tile-multievent", "tile-warzone",
    "enemies", "warrior", "warrior-reserves", "warrior-chart", "blaster",
    "blaster-activation", "blaster-power", "blaster-icons", "blaster-attack",
    "blaster-doors", "cronos", "cronos-immune", "cronos-threat", "cronos-guards",
    "cronos-locked", "cronos-barricade", "cronos-stay", "cronos-drain",
]


def _test_names() -> set[str]:
    names = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef):
                names.add(node.name)
    return names


def test_l7_rulebook_every_rule_id_has_a_test_named_after_it() -> None:
    names = _test_names()
    missing = []
    for ref in BOOK:
        stem = "test_" + ref.id.lower().replace("-", "_")
        if not any(n == stem or n.startswith(stem + "_") for n in names):
            missing.append(ref.id)
    assert missing == []


def test_l7_rulebook_holds_the_general_inventory_and_rulings_1_to_37() -> None:
    text = [r.id for r in BOOK if r.kind == "text"]
    assert text == [f"L7-{g}" for g in GENERAL] and len(text) == 50
    rulings = {r.id for r in BOOK if r.kind == "ruling"}
    assert {f"L7-R{n}" for n in range(1, 38)} <= rulings
    assert rule("L7-cronos-drain").section == "Dr. Cronos"
    assert all(r.book == "Level 7 [Escape]: Lockdown" for r in BOOK if r.kind == "text")
