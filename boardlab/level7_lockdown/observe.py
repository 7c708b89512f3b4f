"""What one seat may know: nearly everything (hands are open, L7-R21).

Only the contents of the tile stacks and of the event and item decks are hidden (their
sizes are public); draws from them are uniform over what is unseen.

>>> from boardlab.level7_lockdown.api import new_match
>>> view = observe(new_match(players=2).state, "Leo")
>>> view.stack_sizes
(('A', 4), ('B', 4), ('final', 4), ('hidden', 2), ('objective', 1))
"""

from __future__ import annotations

from typing import NamedTuple

from boardlab.core.errors import ConfigError, show_value
from boardlab.level7_lockdown.geometry import Door, Placement
from boardlab.level7_lockdown.scenario import POOL
from boardlab.level7_lockdown.state import Char, Enemy, Pending, Scn, Setup, State


class View(NamedTuple):
    """A seat's view of the match (what an agent sees)."""

    player: str
    setup: Setup
    round: int
    active: int
    step: str
    moves: int
    tiles: tuple[Placement, ...]
    links: tuple[tuple[int, int], ...]
    locked: tuple[Door, ...]
    barricades: tuple[tuple[Door, int], ...]
    clouds: tuple[tuple[int, str], ...]
    caches: tuple[int, ...]
    chars: tuple[Char, ...]
    enemies: tuple[Enemy, ...]
    reserves: tuple[tuple[str, tuple[int, ...]], ...]
    stack_sizes: tuple[tuple[str, int], ...]
    events_left: int
    items_left: int
    event: int
    threat_pool: int
    lockdown: int
    cronos: int
    pending: Pending
    scn: Scn


def observe(state: State, player: str) -> View:
    """``player``'s view of ``state``."""
    if player not in state.setup.seats:
        raise ConfigError(f"unknown player {show_value(player)}; players are "
                          f"{', '.join(state.setup.seats)}")
    return View(player, state.setup, state.round, state.active, state.step, state.moves,
                state.tiles, state.links, state.locked, state.barricades, state.clouds,
                state.caches, state.chars, state.enemies, state.reserves,
                tuple((n, len(t)) for n, t in state.stacks if n != POOL),
                sum(state.events_deck), sum(state.items_deck), state.event,
                state.threat_pool, state.lockdown, state.cronos, state.pending, state.scn)
