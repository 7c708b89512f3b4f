"""Words for telling a Level 7 match: turn-step titles and readable choices.

Events carry ``phase = "<step>:<character>"``; :data:`PHASE_TITLES` turns that into a
heading for :func:`boardlab.narrate.narrate` and the command line.

>>> PHASE_TITLES["enemies:Leo"]
"Leo's turn — enemy activation step"
>>> phase_title("over:Cody"), phase_title("roundend:Cody")
('End of the match', 'end of the round')
>>> from boardlab.narrate import heading
>>> heading(3, "move:Ava", PHASE_TITLES)
"Round 3 — Ava's turn — move step"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from boardlab.level7_lockdown.choices import Attack, Explore, Move, Peek, PlaceCronos, Vent
from boardlab.level7_lockdown.work import enemy_name

STEP_NAMES: Final = {"move": "move step", "action": "action step",
                     "events": "trigger-events step", "enemies": "enemy activation step",
                     "round": "a new round", "roundend": "end of the round"}


def phase_title(phase: str) -> str:
    """The heading of an event's ``phase`` (``"move:Leo"`` → ``"Leo's turn — move step"``)."""
    step, _, who = phase.partition(":")
    if step == "over":
        return "End of the match"
    if step == "roundend":
        return "end of the round"
    name = STEP_NAMES.get(step, step)
    return f"{who}'s turn — {name}" if who else name


class _Titles(dict[str, str]):
    """Phase key → title; holds the default characters' keys and answers any other
    ``"<step>:<name>"`` key too (``get`` and ``[]`` compute missing titles)."""

    def __missing__(self, phase: str) -> str:
        return phase_title(phase)

    def get(self, phase: str, default: Any = None) -> Any:
        return self[phase] if isinstance(phase, str) else default


def _titles() -> _Titles:
    from boardlab.level7_lockdown.config import CHARACTERS

    titles = _Titles()
    for c in CHARACTERS:
        for step in (*STEP_NAMES, "over"):
            titles[f"{step}:{c.name}"] = phase_title(f"{step}:{c.name}")
    return titles


PHASE_TITLES: Final[Mapping[str, str]] = _titles()


def describe(choice: Any, state: Any) -> str:
    """A choice in the words of the map (tile names rather than indices).

    >>> from boardlab.level7_lockdown.api import new_match
    >>> describe(Move(1), new_match(players=2).state)
    'move to Storage Bay'
    >>> from boardlab.level7_lockdown.geometry import Door
    >>> describe(Explore(Door(0, 0, 0, "N")), new_match(players=2).state)
    'explore through the north door of Hub'
    >>> s9 = new_match(players=2, scenario="9").state
    >>> describe(Explore(Door(0, -1, 0, "N"), stack="Leo"), s9)
    'explore through the north door of Corridor 101-A from stack Leo'
    >>> describe(PlaceCronos(2), s9)
    'place Dr. Cronos on Squad Bay A'
    """
    tiles = state.tiles

    def name(i: int) -> str:
        p = tiles[i]
        return "a face-down tile" if p.face_down else p.tile

    if isinstance(choice, Move):
        text = str(choice).replace(f"tile {choice.to}", name(choice.to))
        return text
    if isinstance(choice, Vent):
        return str(choice).replace(f"tile {choice.to}", name(choice.to))
    if isinstance(choice, PlaceCronos):
        return str(choice).replace(f"tile {choice.tile}", name(choice.tile))
    if isinstance(choice, Attack):
        return str(choice).replace(choice.target, enemy_name(choice.target))
    door = getattr(choice, "door", None)
    if door is not None:
        from boardlab.level7_lockdown.rules import Work

        w = Work(state)
        here = state.chars[state.active].tile
        words = w.door_words(door, here if isinstance(choice, (Explore, Peek)) else None)
        return str(choice).replace(f"door {door}", words).replace(str(door), words)
    return str(choice)
