"""Text helpers of the Level 7 picture, and which tiles an event touched (the board
outlines them): kept apart from :mod:`render`, which draws.

>>> _wrap("NEST POST FEAR DARK", 92, 11, capitals=True)
['NEST POST', 'FEAR DARK']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from boardlab import svg
from boardlab.level7_lockdown.state import State

__all__ = ["TILE_FIELDS", "touched_tiles"]

_n = svg.num


def _upright(text: str, x: float, y: float, *, turn: bool) -> str:
    """``text`` (a ``<text>`` element), turned a quarter about ``(x, y)`` when ``turn``:
    a label along a door in an east or west wall, too narrow for it lying down."""
    if not turn:
        return text
    return f'<g transform="rotate(-90 {_n(x)} {_n(y)})">{text}</g>'


def _wrap(text: str, room: float, size: float, capitals: bool = False) -> list[str]:
    """``text`` in lines of about ``room`` units at ``size``; ``capitals``: a text mostly
    in capitals, whose letters are wider than the average (so fewer go on a line)."""
    most = max(5 if capitals else 20, int(room // (size * (0.74 if capitals else 0.58))))
    return svg.fill_lines(text.split(), most)


#: Used by :mod:`boardlab.level7_lockdown.board` to outline what an event touched.
TILE_FIELDS: Final = ("tile", "start", "end", "index")


def touched_tiles(events: Iterable[Any], state: State) -> tuple[int, ...]:
    """Tile indices the ``events`` name (moves, spawns, placements, markers).

    >>> from boardlab.level7_lockdown.api import new_match
    >>> m = new_match(players=1, seed=1)
    >>> events = m.push(m.legal()[-1])   # end the move step
    >>> touched_tiles(events, m.state)
    ()
    """
    found: set[int] = set()
    n = len(state.tiles)
    for e in events:
        for field in TILE_FIELDS:
            value = e.data.get(field) if hasattr(e, "data") else None
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n:
                found.add(value)
    return tuple(sorted(found))

