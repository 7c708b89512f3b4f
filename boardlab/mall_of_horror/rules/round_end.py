"""The round and the end: a new round begins, or the rescue arrives (MoH-round, MoH-end).

After phase f) the game ends when few enough characters are left, or when every survivor
stands at one location other than the Parking Lot (MoH-end, MoH-R16); otherwise the next
round begins with phase a).
"""

from __future__ import annotations

from collections.abc import Iterable

from boardlab.core.events import Event
from boardlab.mall_of_horror import events as E
from boardlab.mall_of_horror.config import PARKING, POINTS
from boardlab.mall_of_horror.rules.work import P_OVER, WorkBase, _new
from boardlab.mall_of_horror.state import Phase


class RoundEnd(WorkBase):
    """A new round, and the end of the game."""

    __slots__ = ()

    def begin_round(self) -> None:
        self.round += 1
        self.phase = Phase.A
        self.chief_elected = False
        self.hardware = (0,) * 6
        self.hidden = ()
        self.destinations = ()
        self.roll = ()
        self.lookers = ()
        self.events.append(_new(Event, (
            E.ROUND, None, self.round, self.phase, (), self.round, self.chief)))
        self.begin_a()

    def end_round(self) -> None:
        """The rescue arrives or the next round begins (MoH-end, MoH-R16)."""
        living = len(self.chars)
        places = {x[2] for x in self.chars}
        limit = self.t.survivors_to_end
        if living <= limit or (len(places) == 1 and PARKING not in places):
            why = (f"{E.n_of(living, 'character')} alive, at most {limit}" if living <= limit
                   else f"every survivor is at {self.t.labels[places.pop()]}")
            self.phase = Phase.OVER
            self.pending = P_OVER
            score = scores(self.t.colours, self.chars)
            self.events.append(_new(Event, (
                E.GAME_OVER, None, self.round, self.phase, (), tuple(score.items()), why)))
            return
        self.begin_round()


def scores(colours: tuple[str, ...], chars: Iterable[tuple[str, str, int]]) -> dict[str, int]:
    """Points of each colour's living characters (MoH End of Game)."""
    score = dict.fromkeys(colours, 0)
    for c, k, _ in chars:
        score[c] += POINTS[k]
    return score
