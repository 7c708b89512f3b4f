"""A compact text snapshot of a Level 7 [Escape]: Lockdown board, for the command line.

The CLI tells it before each round and at the end (``Game.board_lines``), as it does for
the other games. Public information only (Level 7 hides nothing from the players but the
unexplored tiles and the decks): the facility (tiles placed, how many face down, locked
doors, barricades), the LOCKDOWN pool and Dr. Cronos, each character's tile or standing
with vitality, fear, terror and adrenaline, and the enemies tile by tile. Tile and enemy
names are the invented stand-in's (L7-R1).

>>> from boardlab.level7_lockdown import play
>>> for line in board_lines(play(players=2, seed=1, turn_limit=3).state):
...     print(line)
  facility    6 tiles placed, 1 face down; 1 locked door, 1 barricade
  lockdown    0 tokens in the pool; Dr. Cronos on Hub
  Leo         on Hub, vitality 4, fear 4, adrenaline 0, 1 item
  Cody        on Hub (down), vitality 1, fear 7, adrenaline 1, 1 item
  enemies     on Lair: guard 2, rogue clone 1, rogue clone 2, blaster hybrid 1 (Strength);
                on Hub: fear hunter 1;
                on Storage Bay: blaster hybrid 2 (Speed)
"""

from __future__ import annotations

from boardlab.core.errors import ArgumentTypeError
from boardlab.level7_lockdown.state import INSIDE, State
from boardlab.level7_lockdown.work import enemy_name
from boardlab.narrate import INDENT
from boardlab.words import plural

__all__ = ["board_lines"]

#: Width of the label column (character names and the headings of the shared rows).
_LABEL = 10


def board_lines(state: State) -> list[str]:
    """The snapshot of ``state``'s board (see the module docstring)."""
    if not isinstance(state, State):
        raise ArgumentTypeError("state", state, "expected a Level 7 State")
    placed = [p for p in state.tiles if not p.removed]
    down = sum(1 for p in placed if p.face_down)
    facility = f"{plural(len(placed), 'tile')} placed"
    if down:
        facility += f", {down} face down"
    facility += (f"; {plural(len(state.locked), 'locked door')}, "
                 f"{plural(len(state.barricades), 'barricade')}")
    pool = f"{plural(state.lockdown, 'token')} in the pool"
    if state.scn.locked_down:
        pool += ", the facility is locked down"
    if state.scn.exit_open:
        pool += ", the exit is open"
    if state.cronos >= 0:
        pool += f"; Dr. Cronos on {_tile(state, state.cronos)}"
    lines = [_row("facility", facility), _row("lockdown", pool)]
    for c in state.chars:
        where = f"on {_tile(state, c.tile)}" if c.status == INSIDE else c.status
        if c.down:
            where += " (down)"
        facts = [f"vitality {c.vitality}", f"fear {c.fear}"]
        if c.terror:
            facts.append(f"terror {c.terror}")
        facts.append(f"adrenaline {c.adrenaline}")
        if c.items:
            facts.append(plural(len(c.items), "item"))
        lines.append(_row(c.name, f"{where}, {', '.join(facts)}"))
    by_tile: dict[int, list[str]] = {}
    for e in state.enemies:
        by_tile.setdefault(e.tile, []).append(enemy_name(f"{e.kind}#{e.number}"))
    groups = [f"on {_tile(state, t)}: {', '.join(names)}" for t, names in by_tile.items()]
    if not groups:
        lines.append(_row("enemies", "none in the facility"))
    for i, group in enumerate(groups):
        text = group + (";" if i < len(groups) - 1 else "")
        lines.append(_row("enemies", text) if i == 0 else f"{INDENT}{'':<{_LABEL}}    {text}")
    return lines


def _tile(state: State, index: int) -> str:
    p = state.tiles[index]
    return "a face-down tile" if p.face_down else p.tile


def _row(label: str, text: str) -> str:
    return f"{INDENT}{label:<{_LABEL}}  {text}"
