"""How a board moves a match through its recorded history, and puts it back on failure.

The small functions :class:`~boardlab.widgets.board.GameBoard` steps with: replaying a
recorded ply, branching for Re-roll from here, reading and restoring the whole record
(the board undoes a failed action with them), the agents' random generators, and the
board's bounded caches.

>>> from boardlab.core.engine import Match
>>> from tests.core.toy import RULES, Add, Coin, ToySetup
>>> m = Match(RULES, ToySetup(), seed=1)
>>> _ = m.push(Coin(heads=True)); _ = m.push(Add(2)); m.seek(1)
>>> next_choice(m), m.ply
(Add(amount=2), 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from boardlab.core.agents import Agent
from boardlab.core.engine import Match, Record
from boardlab.core.events import Event

__all__ = ["CACHE_SIZE", "agents_checkpoint", "branch", "history", "last_event",
           "next_choice", "remember", "replay_one", "restore"]

CACHE_SIZE = 4096


def next_choice(match: Match) -> Any:
    """The choice of the recorded ply after the current one (the match has one)."""
    ply = match.ply
    match.seek(ply + 1)
    try:
        return match.records[-1].choice
    finally:
        match.seek(ply)


def replay_one(match: Match) -> tuple[Event, ...]:
    """Move onto the next recorded ply (as it happened) and return its events."""
    match.seek(match.ply + 1)
    return match.last_events


def branch(match: Match, seed: int) -> Match:
    """``match.branch(ply, seed=seed)``: the history up to here, other dice from now on."""
    return match.branch(match.ply, seed=seed)


def history(match: Match) -> tuple[tuple[Record, ...], int]:
    """Every recorded ply of ``match`` (those ahead of the cursor too) and the cursor."""
    ply = match.ply
    if match.recorded_plies == ply:
        return match.records, ply
    match.seek(match.recorded_plies)
    try:
        return match.records, ply
    finally:
        match.seek(ply)


def agents_checkpoint(agents: Mapping[str, Agent]) -> Callable[[], None]:
    """A function that puts the agents' own randomness back where it stands now.

    An agent that played during a failed action has moved on its random generator; the
    agents of boardlab keep it in ``rng`` (a :class:`random.Random`), whose state is
    saved here (a few microseconds). Any other agent state is the agent's own business.
    """
    rngs = [getattr(agent, "rng", None) for agent in agents.values()]
    saved = [(rng, rng.getstate()) for rng in rngs if isinstance(rng, random.Random)]

    def restore() -> None:
        for rng, state in saved:
            rng.setstate(state)
    return restore


def restore(match: Match, records: Sequence[Record], ply: int) -> None:
    """Put ``match`` back to the recorded plies ``records``, showing ``ply``.

    Pops what was pushed in their place, pushes again what was dropped (a choice or a
    recorded outcome), then seeks to ``ply``.
    """
    match.seek(match.recorded_plies)
    while match.ply and (match.ply > len(records)
                         or match.records[-1] is not records[match.ply - 1]):
        match.pop()
    for record in records[match.ply:]:
        match.push(record.choice)
    match.seek(ply)


def last_event(records: Sequence[Record]) -> Event | None:
    for record in reversed(records):
        if record.events:
            return record.events[-1]
    return None


def remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= CACHE_SIZE:
        cache.clear()
    cache[key] = value
