"""The whole working copy: the phase procedures joined into one class.

>>> from boardlab.mall_of_horror.position import position
>>> s = position(characters={6: ["red pinup"], 4: ["blue gunman"]}, zombies={6: 1}, phase="c")
>>> w = Work(s)
>>> w.begin_f()
>>> from boardlab.core.events import as_events  # the worker keeps its events as rows
>>> w.freeze().pending.kind, as_events(w.events)[-1].summary[:50]
('over', 'The rescue arrives: 1 character alive, at most 4. ')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardlab.core.events import EventRow
from boardlab.mall_of_horror.rules.arrival_camera import ArrivalCamera
from boardlab.mall_of_horror.rules.attack_parking import AttackParking
from boardlab.mall_of_horror.rules.destinations_moves import DestinationsMoves
from boardlab.mall_of_horror.rules.round_end import RoundEnd
from boardlab.mall_of_horror.rules.setup_placement import SetupPlacement
from boardlab.mall_of_horror.rules.truck_votes import TruckVotes
from boardlab.mall_of_horror.state import State


class Work(SetupPlacement, TruckVotes, ArrivalCamera, DestinationsMoves, AttackParking,
           RoundEnd):
    """A mutable copy of a state with every procedure of the game (see ``work.WorkBase``)."""

    __slots__ = ()


def in_worker(method: Callable[[Any, Any], None]
              ) -> Callable[[State, Any], tuple[State, tuple[EventRow, ...]]]:
    """A step that always runs in a worker: copy, apply ``method``, freeze."""
    def run(state: State, choice: Any) -> tuple[State, tuple[EventRow, ...]]:
        w = Work(state)
        method(w, choice)
        return w.done()
    return run
