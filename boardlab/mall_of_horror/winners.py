"""Who wins: most points, then most cards in hand, else a shared win (MoH-end, MoH-R16).

>>> from boardlab.mall_of_horror import play
>>> m = play(players=4, seed=3)
>>> set(winners(m.state)) <= set(m.state.setup.colours)
True
"""

from __future__ import annotations

from boardlab.core.errors import ArgumentTypeError
from boardlab.mall_of_horror.config import POINTS
from boardlab.mall_of_horror.state import State


def winners(state: State) -> tuple[str, ...]:
    """The winning colour(s), in seat order; more than one means a shared win."""
    if not isinstance(state, State):
        raise ArgumentTypeError("state", state, "expected a moh.State")
    colours = state.setup.colours
    points = dict.fromkeys(colours, 0)
    for c, k, _ in state.chars:
        points[c] += POINTS[k]
    key = {c: (points[c], len(state.hands[i])) for i, c in enumerate(colours)}
    best = max(key.values())
    return tuple(c for c in colours if key[c] == best)
