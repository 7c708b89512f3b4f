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


#: The scenario ids of the inventory (plan B1, scenarios 9–13), in the text's order.
SCENARIO_IDS = {
    "9": ["objective", "setup", "stacks", "flashlight", "few", "solo", "start", "stats",
          "versus", "rules", "peek", "lift", "flashlight-loss", "generator", "surge",
          "access", "lockdown", "cronos", "escape", "easy", "hard"],
    "10": ["objective", "setup", "start", "stats", "versus", "rules", "peek", "boxed",
           "cabinet", "trigger", "lockdown", "cronos", "escape", "easy", "hard"],
    "11": ["objective", "setup", "start", "stats", "versus", "rules", "peek", "floors",
           "trigger", "lockdown", "cronos", "escape", "easy", "hard", "airlock"],
    "12": ["objective", "setup", "maps", "start", "stats", "versus", "rules", "vents",
           "precronos", "trigger", "departure", "swarm", "lockdown", "escape", "easy", "hard",
           "layout"],
    "13": ["objective", "setup", "start", "stats", "waste", "aux", "trigger", "lockdown",
           "versus", "rules", "peek", "escape", "easy", "hard", "solo"],
}


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


def test_l7_rulebook_holds_the_inventory_and_every_plan_ruling() -> None:
    text = [r.id for r in BOOK if r.kind == "text"]
    scenario_ids = [f"L7-S{n}-{i}" for n, ids in SCENARIO_IDS.items() for i in ids]
    assert text == [f"L7-{g}" for g in GENERAL] + scenario_ids
    assert (len(text), len(scenario_ids)) == (133, 83)     # the plan's count: 50 + 83
    rulings = {r.id for r in BOOK if r.kind == "ruling"}
    # every plan ruling L7-R1…R78 and boardlab's own L7-R79…R99
    assert {f"L7-R{n}" for n in range(1, 100)} <= rulings
    assert rule("L7-cronos-drain").section == "Dr. Cronos"
    assert rule("L7-S12-layout").section == "Scenario 12"
    assert all(r.book == "Level 7 [Escape]: Lockdown" for r in BOOK if r.kind == "text")
