"""What one seat may know: everything but the order of the piles (L7-R21, L7-R100).

The tile stacks, the event deck and the item deck are face down, so nobody knows their
order; but what they hold is public — each stack's tiles come from the scenario's own
lists (an unseen tile of the pool, ``"*"``, is any tile still unseen: the stacks were
dealt from one shuffle, so those are exchangeable), and the decks hold the
configuration's cards less the discard piles and the hands, all face up. The engine
draws uniformly from what a pile holds, so every seat knows each draw's exact odds, and
a seat's view holds the piles as multisets to say so (issue 26: the board and the view
agree). The automatic steps still to run this turn (``queue``) are public too.

>>> from boardlab.level7_lockdown.api import new_match
>>> view = observe(new_match(players=2).state, "Leo")
>>> view.stack_sizes
(('A', 4), ('B', 4), ('final', 4), ('hidden', 2), ('objective', 1))
"""

from __future__ import annotations

from typing import NamedTuple

from boardlab.core.errors import ConfigError
from boardlab.level7_lockdown.geometry import Door, Placement
from boardlab.level7_lockdown.scenario import POOL
from boardlab.level7_lockdown.state import Char, Enemy, Pending, Scn, Setup, State, Task


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
    stacks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    events_deck: tuple[int, ...] = ()
    events_discard: tuple[int, ...] = ()
    items_deck: tuple[int, ...] = ()
    items_discard: tuple[int, ...] = ()
    queue: tuple[Task, ...] = ()


def observe(state: State, player: str) -> View:
    """``player``'s view of ``state``."""
    if player not in state.setup.seats:
        raise ConfigError(f"unknown player {player!r}; players are "
                          f"{', '.join(state.setup.seats)}")
    return View(player, state.setup, state.round, state.active, state.step, state.moves,
                state.tiles, state.links, state.locked, state.barricades, state.clouds,
                state.caches, state.chars, state.enemies, state.reserves,
                tuple((n, len(t)) for n, t in state.stacks if n != POOL),
                sum(state.events_deck), sum(state.items_deck), state.event,
                state.threat_pool, state.lockdown, state.cronos, state.pending, state.scn,
                state.stacks, state.events_deck, state.events_discard, state.items_deck,
                state.items_discard, state.queue)
