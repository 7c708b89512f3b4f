"""Phases d) and e): secret destinations, zombie drops, the reveal, sealing, the moves.

Destinations are chosen in turn order, the elected Chief's announced (MoH-d, MoH-R11);
eliminated players drop a zombie (MoH-R15); phase e) reveals the destinations, places
the hidden dice, seals empty overrun locations (MoH-e-seal, MoH-R12) and moves the
characters, to the Parking Lot when the target is sealed or full (MoH-e-full).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from operator import itemgetter

from boardlab.core.events import EventRow
from boardlab.mall_of_horror import events as E
from boardlab.mall_of_horror.choices import Destination, Dice, Move, PlaceZombie
from boardlab.mall_of_horror.config import LOCATIONS, PARKING
from boardlab.mall_of_horror.rules import tables
from boardlab.mall_of_horror.rules.work import (
    CHARS,
    CHIEF,
    CHIEF_ELECTED,
    DESTINATIONS,
    HANDS,
    P_UNSEEN_ROLL,
    PENDING,
    SEALED,
    VIS,
    Char,
    WorkBase,
    _new,
    next_turn,
    turns,
)
from boardlab.mall_of_horror.state import Kind, Pending, Phase, State

Step = tuple[State, tuple[EventRow, ...]]  # events as rows: see work.py
_colour = itemgetter(0)  # the colour of a ``destinations`` entry, read in C


class DestinationsMoves(WorkBase):
    """Phases d) and e)."""

    __slots__ = ()

    def begin_d(self) -> None:
        self.phase = Phase.D
        order = []
        alive = self.alive()
        for colour in self.order():
            if colour not in alive:
                continue
            if destination_options(self.t, self.chars, self.sealed, colour):
                order.append(colour)
            else:  # nowhere to go: no destination this round (MoH-R18)
                self.events.append((
                    E.NO_DESTINATION, colour, self.round, self.phase, ()))
        if order:
            self.pending = turns(Kind.DESTINATION, tuple(order))
        else:
            self.zombie_drops()

    def zombie_drops(self) -> None:
        """Players eliminated in an earlier round each place a zombie (MoH-R15)."""
        if self.eliminated:
            returning = {c for c, r in self.eliminated if r < self.round}
            order = tuple(c for c in self.order() if c in returning)
            if order:
                self.pending = turns(Kind.ZOMBIE_DROP, order)
                return
        self.begin_e()

    def zombie_drop(self, choice: PlaceZombie) -> None:
        p = self.pending
        colour = p.order[p.index]
        self.add_zombies(choice.location, 1)
        self.events.append((
            E.ZOMBIE_DROP, colour, self.round, self.phase, (), choice.location,
            self.t.labels[choice.location]))
        if not self.next_turn():
            self.begin_e()

    def begin_e(self) -> None:
        if not self.roll:  # only a position described without its roll (MoH-R20)
            self.pending = P_UNSEEN_ROLL
            return
        self.phase = Phase.E
        if self.destinations:
            self.events.append((
                E.REVEAL_DESTINATIONS, None, self.round, self.phase, (), self.destinations))
        faces = self.roll
        closed, sealed = self.t.closed, self.sealed
        landed = []  # a loop: a comprehension is a function call in 3.11
        for f in faces:
            if f not in closed and f not in sealed:
                landed.append(f)
        self.events.append((
            E.ARRIVALS, None, self.round, self.phase, (), faces, tuple(landed)))
        self.place_dice(faces)
        self.roll = ()
        self.lookers = ()
        self.check_sealing()
        order = tuple(map(_colour, self.destinations))
        if order:
            self.pending = turns(Kind.MOVE, order)
        else:
            self.begin_f()

    def unseen_roll(self, choice: Dice) -> None:
        """The dice rolled in phase c) that no one has seen, drawn as phase e) begins
        (MoH-R20); the faces stay secret until the arrivals show them."""
        self.roll = faces = choice.faces
        self.events.append((
            E.UNSEEN_ROLL, None, self.round, self.phase, (), faces, self.t.dice))
        self.begin_e()

    def check_sealing(self) -> None:
        """Empty locations with enough zombies are sealed (MoH-e-seal, MoH-R12)."""
        seal_at, closed = self.t.seal_at, self.t.closed
        for loc in LOCATIONS:
            if loc == PARKING or loc in closed or loc in self.sealed:
                continue
            z = self.zombies[loc - 1]
            if z >= seal_at and self.count(loc) == 0:
                self.sealed = tuple(sorted((*self.sealed, loc)))
                self.set_zombies(loc, 0)
                self.events.append((
                    E.SEALED, None, self.round, self.phase, (), loc, z, self.t.labels[loc]))

    def destination_of(self, colour: str) -> int:
        for c, loc in self.destinations:
            if c == colour:
                return loc
        raise KeyError(colour)

    def move(self, choice: Move) -> None:
        p = self.pending
        colour = p.order[p.index]
        kind = choice.kind
        i = self.char_index(colour, kind)
        start = self.chars[i][2]
        target = choice.to
        labels = self.t.labels
        if choice.sprint:
            self.take_card(colour, "sprint")
            self.events.append((
                E.SPRINT_BACK if target == start else E.SPRINT_TOWARDS, colour, self.round,
                self.phase, (), target, kind, labels[target], self.destination_of(colour)))
        self.chars, event = moved(self.t, self.chars, self.sealed, i, target, self.round,
                                  self.phase)
        self.events.append(event)
        if not self.next_turn():
            self.begin_f()

    def char_index(self, colour: str, kind: str) -> int:
        """The index in ``chars`` of a living character."""
        chars = self.chars
        i = bisect_left(chars, (colour, kind))  # chars is sorted by colour, then kind
        if i < len(chars) and chars[i][0] == colour and chars[i][1] == kind:
            return i
        raise KeyError((colour, kind))

    # -- steps (``cls`` is the whole worker) ---------------------------------------------
    @classmethod
    def step_destination(cls, state: State, choice: Destination) -> Step:
        """A secret destination; the elected Chief's is announced (MoH-d)."""
        p = state[PENDING]
        order, index = p[3], p[4]
        colour = order[index]
        loc = choice.location
        last = tables._last
        t = last[1] if state[0] is last[0] else tables.remember(state[0])
        event: EventRow      # the two rows differ in who sees them
        if state[CHIEF_ELECTED] and colour == state[CHIEF]:  # (rarely elected: asked first)
            event = (E.DESTINATION_CHIEF, colour, state[1], state[2], (), loc,
                     t.labels[loc])
        else:
            event = (E.DESTINATION_SECRET, colour, state[1], state[2],
                     VIS[colour], loc, t.labels[loc])
        destinations = state[DESTINATIONS] + ((colour, loc),)
        if index + 1 < len(order):
            s = list(state)
            s[DESTINATIONS] = destinations
            s[PENDING] = next_turn(p)
            return _new(State, s), (event,)
        w = cls(state)  # the last one: the eliminated return, then phase e)
        w.destinations = destinations
        w.events.append(event)
        w.zombie_drops()
        return w.done()

    @classmethod
    def step_move(cls, state: State, choice: Move) -> Step:
        p = state[PENDING]
        if choice.sprint or p[4] + 1 >= len(p[3]):
            w = cls(state)  # a Sprint card is discarded; after the last move comes phase f)
            w.move(choice)
            return w.done()
        colour = p[3][p[4]]
        chars = state[CHARS]
        kind = choice.kind
        last = tables._last
        t = last[1] if state[0] is last[0] else tables.remember(state[0])
        s = list(state)
        s[CHARS], event = moved(t, chars, state[SEALED], bisect_left(chars, (colour, kind)),
                                choice.to, state[1], state[2])
        s[PENDING] = next_turn(p)
        return _new(State, s), (event,)


def moved(t: tables.Table, chars: tuple[Char, ...], sealed: tuple[int, ...], i: int,
          target: int, round_: int, phase: str) -> tuple[tuple[Char, ...], EventRow]:
    """Where the character ``chars[i]`` heading to ``target`` ends, and its event (MoH-e).

    A sealed or full target sends it to the Parking Lot instead (MoH-R12, MoH-e-full);
    one already at the Parking Lot stays. (The caller found ``i`` by bisection: found
    once, not again here.)
    """
    colour, kind, start = chars[i]
    labels = t.labels
    if target == start:
        return chars, (E.MOVE_STAYS, colour, round_, phase, (), kind, start, start,
                       labels[start])
    cap = t.caps[target]  # (a target with room for every character needs no count)
    if target in sealed or cap <= len(chars) and _count_at(chars, target) >= cap:
        stays, falls_back = E.MOVE_SEALED if target in sealed else E.MOVE_FULL
        if start == PARKING:
            return chars, (stays, colour, round_, phase, (), kind, start, start,
                           labels[target])
        out = list(chars)  # (a list, then a tuple: cheaper than slices and a display)
        out[i] = t.triples[colour, kind, PARKING]
        return tuple(out), (falls_back, colour, round_, phase, (), kind, start, PARKING,
                            labels[target], labels[start])
    out = list(chars)
    out[i] = t.triples[colour, kind, target]
    return tuple(out), (E.MOVE, colour, round_, phase, (), kind, start, target,
                        labels[start], labels[target])


def _count_at(chars: tuple[Char, ...], location: int) -> int:
    n = 0
    for x in chars:
        if x[2] == location:
            n += 1
    return n


def destination_options(t: tables.Table, chars: tuple[Char, ...], sealed: tuple[int, ...],
                        colour: str) -> tuple[Destination, ...]:
    """Open locations where at least one of ``colour``'s characters is not (MoH-R11)."""
    i = bisect_left(chars, (colour,))  # colour's characters are contiguous in chars
    n = len(chars)
    if i == n or chars[i][0] != colour:
        return ()
    only = chars[i][2]  # the one location of all of colour's characters, or 0
    i += 1
    while i < n and chars[i][0] == colour:
        if chars[i][2] != only:
            only = 0
            break
        i += 1
    if not sealed:  # the common case, looked up in the setup's table (a cache hit
        return t.destinations[only]  # hashes its key tuples: five times the cost)
    return _destination_choices(only, sealed, t.closed)


@lru_cache(maxsize=256)
def _destination_choices(only: int, sealed: tuple[int, ...],
                         closed: tuple[int, ...]) -> tuple[Destination, ...]:
    return tuple(tables.DESTINATION[loc] for loc in LOCATIONS
                 if loc != only and loc not in closed and loc not in sealed)


# -- offers -------------------------------------------------------------------------------
def offer_destination(state: State, p: Pending) -> tuple[Destination, ...]:
    last = tables._last
    t = last[1] if state[0] is last[0] else tables.remember(state[0])
    return destination_options(t, state[CHARS], state[SEALED], p[3][p[4]])


def offer_move(state: State, p: Pending) -> tuple[Move, ...]:
    i = p[4]
    colour = p[3][i]
    dests = state[DESTINATIONS]
    if i < len(dests) and dests[i][0] == colour:  # the mover's own: begin_e orders by them
        dest = dests[i][1]
    else:
        dest = 0
        for c, loc in dests:
            if c == colour:
                dest = loc
                break
    chars = state[CHARS]
    last = tables._last
    t = last[1] if state[0] is last[0] else tables.remember(state[0])
    i = bisect_left(chars, (colour,))  # colour's characters are contiguous in chars
    mine = chars[i:i + len(t.kinds)]
    if not mine or mine[-1][0] != colour:  # some were eaten: the slice reaches further
        mine = tuple([x for x in mine if x[0] == colour])
    if "sprint" in state[HANDS][t.seat[colour]]:
        return tables.moves(mine, dest, state[SEALED] + t.closed)
    to = tables.MOVE_TO[dest]  # without a Sprint: each character not there heads there
    found = []  # a loop: a comprehension is a function call in 3.11
    for x in mine:
        if x[2] != dest:
            found.append(to[x[1]])
    return tuple(found)


def offer_zombie_drop(state: State, p: Pending) -> tuple[PlaceZombie, ...]:
    t = tables.table(state.setup)
    return tables.drops(tuple(loc for loc in LOCATIONS if t.is_open(loc, state.sealed)))
