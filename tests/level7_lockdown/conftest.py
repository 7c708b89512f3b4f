"""Shared helpers of the Level 7 rule tests.

Rule text: /work/shared/rules/003_89e15d23e32c7005.txt (cited by section id, never
quoted); rulings: shared RULINGS.md (L7-R1…R4), the Lockdown plan (L7-R5…R78) and
boardlab's own (L7-R79…, rulebook.py). Every test is named after the rule it shows.

The sandbox map (indices = placement order):
0 Hub (0,0) doors N E S W, control panel — start
1 Storage Bay (1,0) doors N E W; vent, lift; gas cloud, supply cache
2 Lair (-1,0) doors E S W; clone nest, guard post, fear, dark
3 a face-down tile (0,1)
4 Maintenance (0,-1) doors N E; security, vent
5 Lower Landing, floor 1 (0,0), linked to the Storage Bay (a lift)
Hub–Lair is locked, Hub–Maintenance barricaded.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.engine import Match
from boardlab.level7_lockdown import Door, Roll, new_match
from boardlab.level7_lockdown.position import build

HUB, STORAGE, LAIR, FACEDOWN, MAINT, LANDING = range(6)
HUB_EAST = Door(0, 0, 0, "E")       # Hub – Storage Bay (open)
HUB_WEST = Door(0, -1, 0, "E")      # Hub – Lair (locked)
HUB_SOUTH = Door(0, 0, -1, "N")     # Hub – Maintenance (barricaded)
HUB_NORTH = Door(0, 0, 0, "N")      # Hub – the face-down tile
STORAGE_EAST = Door(0, 1, 0, "E")   # Storage Bay's east door (nothing behind)
STORAGE_NORTH = Door(0, 1, 0, "N")
#: Security Post placed east of the Storage Bay: Hub – Storage Bay – Security Post.
SECURITY_POST_EAST = ("Security Post", 0, 2, 0, 0)


def start(seed: int = 0, **kwargs: Any) -> Match:
    """A match from a described position (``position`` keywords); the events of the
    automatic steps run while building it are kept as ``match.prelude``."""
    state, events = build(**kwargs)
    match = new_match(start=state, seed=seed)
    match.prelude = events  # type: ignore[attr-defined]
    return match


def all_events(match: Match) -> list[Any]:
    return [*getattr(match, "prelude", ()), *match.events]


def roll(match: Match, strength: int = 0, speed: int = 0, intelligence: int = 0) -> None:
    """Push a roll outcome (only the icons the pending roll counts)."""
    match.push(Roll(strength, speed, intelligence))


def texts(match: Match) -> list[str]:
    return [e.summary for e in all_events(match)]


def rules_cited(match: Match) -> set[str]:
    return {e.rule.id for e in all_events(match)}
