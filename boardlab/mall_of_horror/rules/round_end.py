"""The round and the end: a new round begins, or the rescue arrives (MoH-round, MoH-end).

After phase f) the game ends when few enough characters are left, or when every survivor
stands at one location other than the Parking Lot (MoH-end, MoH-R16); otherwise the next
round begins with phase a).
"""

from __future__ import annotations

from boardlab.mall_of_horror import events as E
from boardlab.mall_of_horror.queries import end_reason, scores
from boardlab.mall_of_horror.rules.work import P_OVER, WorkBase
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
        self.events.append((
            E.ROUND, None, self.round, self.phase, (), self.round, self.chief))
        self.begin_a()

    def end_round(self) -> None:
        """The rescue arrives or the next round begins (MoH-end, MoH-R16)."""
        why = end_reason(self)
        if why is not None:
            self.phase = Phase.OVER
            self.pending = P_OVER
            score = scores(self)
            self.events.append((
                E.GAME_OVER, None, self.round, self.phase, (), tuple(score.items()), why))
            return
        self.begin_round()
