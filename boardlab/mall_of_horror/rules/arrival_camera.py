"""Phase c): the zombie dice rolled under the box, the Security Camera (MoH-c, MoH-R10).

Dice land one zombie each, except on closed or sealed locations (MoH-R3, MoH-R12): the
same procedure places the first zombies of the setup and the arrivals of phase e).
"""

from __future__ import annotations

from collections.abc import Iterable

from boardlab.core.engine import OutcomeTable
from boardlab.mall_of_horror import events as E
from boardlab.mall_of_horror.choices import Dice, Pass, PlayCard
from boardlab.mall_of_horror.rules import tables
from boardlab.mall_of_horror.rules.chance import dice_outcomes
from boardlab.mall_of_horror.rules.work import P_ARRIVAL, WorkBase, turns
from boardlab.mall_of_horror.state import Kind, Pending, Phase, State


class ArrivalCamera(WorkBase):
    """Phase c), and the dice landing in front of the locations."""

    __slots__ = ()

    def place_dice(self, faces: Iterable[int]) -> None:
        """Put one zombie per die; dice on closed or sealed locations are ignored."""
        z = list(self.zombies)
        for face in faces:
            if face in self.t.closed:
                self.events.append((
                    E.DIE_CLOSED, None, self.round, self.phase, (), face))
            elif face in self.sealed:
                self.events.append((
                    E.DIE_SEALED, None, self.round, self.phase, (), face))
            else:
                z[face - 1] += 1
        self.zombies = tuple(z)

    def begin_c(self) -> None:
        self.phase = Phase.C
        self.pending = P_ARRIVAL

    def arrival_roll(self, choice: Dice) -> None:
        """The roll stays hidden; an elected Chief looks (MoH-c, MoH-R10)."""
        self.roll = faces = choice.faces
        elected = self.chief_elected
        self.lookers = self.t.vis[self.chief] if elected else ()
        self.events.append((
            E.ARRIVAL_ROLL_ELECTED if elected else E.ARRIVAL_ROLL_UNSEEN, None, self.round,
            self.phase, self.lookers, faces, self.t.dice, self.chief))
        alive = self.alive()
        seat, hands, lookers = self.t.seat, self.hands, self.lookers
        order = []  # a loop: a generator is a function call in 3.11
        for c in self.order():
            if c in alive and c not in lookers and "camera" in hands[seat[c]]:
                order.append(c)
        if order:
            self.pending = turns(Kind.CAMERA, tuple(order))
        else:
            self.begin_d()

    def camera(self, choice: PlayCard | Pass) -> None:
        p = self.pending
        colour = p.order[p.index]
        if isinstance(choice, PlayCard):
            self.take_card(colour, "camera")
            self.lookers = (*self.lookers, colour)
            self.events.append((
                E.CAMERA, colour, self.round, self.phase, self.t.vis[colour], self.roll))
        if not self.next_turn():
            self.begin_d()


# -- offers -------------------------------------------------------------------------------
def offer_camera(state: State, p: Pending) -> tuple[PlayCard | Pass, ...]:
    return tables.CAMERA_CHOICES


def offer_arrival(state: State, p: Pending) -> OutcomeTable:
    last = tables._last
    t = last[1] if state[0] is last[0] else tables.remember(state[0])
    return dice_outcomes(t.dice)
