"""Setup: the deal, the placement of the characters, the first zombies (MoH Setup).

Steps and offers take the state as it is; only the first zombies, which start round 1,
run in a worker.
"""

from __future__ import annotations

from bisect import bisect_left

from boardlab.core.engine import OutcomeTable
from boardlab.core.events import EventRow
from boardlab.mall_of_horror import events as E
from boardlab.mall_of_horror.choices import Dice, Draw, Place
from boardlab.mall_of_horror.config import LOCATIONS
from boardlab.mall_of_horror.rules import tables
from boardlab.mall_of_horror.rules.chance import (
    INITIAL_ZOMBIE_DICE,
    PLACEMENT_DICE,
    dice_outcomes,
    draw_outcomes,
)
from boardlab.mall_of_horror.rules.work import (
    CHARS,
    DECK,
    HANDS,
    P_PLACE_ROLL,
    P_ZOMBIES0,
    PENDING,
    SEALED,
    VIS,
    Char,
    WorkBase,
    _new,
    drawn_from,
    give,
    next_turn,
)
from boardlab.mall_of_horror.state import Kind, Pending, State

Step = tuple[State, tuple[EventRow, ...]]  # events as rows: see work.py


class SetupPlacement(WorkBase):
    """The first zombies (MoH-setup-zombies), then round 1."""

    __slots__ = ()

    def initial_zombies(self, choice: Dice) -> None:
        faces = choice.faces
        closed, sealed = self.t.closed, self.sealed
        placed = tuple([f for f in faces if f not in closed and f not in sealed])
        self.events.append((
            E.INITIAL_ZOMBIES, None, self.round, self.phase, (), faces, placed))
        self.place_dice(faces)
        self.begin_round()


# -- steps --------------------------------------------------------------------------------
def step_deal(state: State, choice: Draw) -> Step:
    """One card to the next player, the first player first (MoH-setup)."""
    p = state[PENDING]
    colour = p[3][p[4]]
    card = choice.card
    last = tables._last
    t = last[1] if state[0] is last[0] else tables.remember(state[0])
    s = list(state)
    s[DECK] = drawn_from(state[DECK], card)
    s[HANDS] = give(state[HANDS], t.seat[colour], card)
    s[PENDING] = next_turn(p) if p[4] + 1 < len(p[3]) else P_PLACE_ROLL[0]
    return _new(State, s), ((E.DEAL, colour, state[1], state[2], VIS[colour],
                             card),)


def step_placement_roll(state: State, choice: Dice) -> Step:
    n = state[PENDING][5]
    last = tables._last
    t = last[1] if state[0] is last[0] else tables.remember(state[0])
    colours = t.colours
    faces = choice.faces
    p = _PLACES.get((n, faces))  # the placement of character n with these dice: shared
    if p is None:
        if len(_PLACES) >= 4096:  # (12 x 21 per box: bounded all the same)
            _PLACES.clear()
        p = _PLACES[n, faces] = _new(Pending, (Kind.PLACE, "", 0, (), 0, n, faces, (), (), (),
                                               (), False, "", ()))
    # Only the pending step changes: a slice and one more field cost less than a list.
    return (_new(State, state[:PENDING] + (p,)), ((E.PLACEMENT_ROLL, colours[n % len(colours)],
                                                   state[1], state[2], (), faces),))


_PLACES: dict[tuple[int, tuple[int, ...]], Pending] = {}


def step_place(state: State, choice: Place) -> Step:
    last = tables._last
    t = last[1] if state[0] is last[0] else tables.remember(state[0])
    p = state[PENDING]
    colours = t.colours
    colour = colours[p[5] % len(colours)]
    loc = choice.location
    chars = state[CHARS]
    fallback = loc not in p[6] or _count_at(chars, loc) >= t.caps[loc]
    placed = t.triples[colour, choice.kind, loc]
    i = bisect_left(chars, placed)  # chars stays sorted
    s = list(state)
    new = list(chars)
    new.insert(i, placed)
    s[CHARS] = tuple(new)
    n = p[5] + 1
    s[PENDING] = P_PLACE_ROLL[n] if n < t.characters else P_ZOMBIES0
    return _new(State, s), ((E.PLACE_FALLBACK if fallback else E.PLACE, colour,
                             state[1], state[2], (), loc, choice.kind,
                                         t.labels[loc]),)


def _count_at(chars: tuple[Char, ...], location: int) -> int:
    """Character tokens at ``location``."""
    n = 0
    for x in chars:
        if x[2] == location:
            n += 1
    return n


# -- offers -------------------------------------------------------------------------------
def offer_place(state: State, p: Pending) -> tuple[Place, ...]:
    """An unplaced character at a die's location with room; else anywhere (MoH-R4)."""
    last = tables._last
    t = last[1] if state[0] is last[0] else tables.remember(state[0])
    colours = t.colours
    colour = colours[p[5] % len(colours)]
    chars = state[CHARS]
    closed, sealed, caps = t.closed, state[SEALED], t.caps
    dice = p[6]
    placed = []  # the kinds of colour's characters placed so far (loops, not comprehensions:
    if len(dice) == 2:  # a comprehension is a call in 3.11); the two placement dice
        d1, d2 = dice   # (MoH-setup-characters) and the characters at each die's location:
        n1 = n2 = 0     # all three found in one pass (no bisection: at most 17 entries)
        for x in chars:
            if x[0] == colour:
                placed.append(x[1])
            at = x[2]
            if at == d1:
                n1 += 1
            elif at == d2:
                n2 += 1
        offered = _with_room(d1, d2, n1, n2, closed, sealed, caps)
    else:  # a hand-built position with other dice: the ones with room, as they are
        for x in chars:
            if x[0] == colour:
                placed.append(x[1])
        offered = tuple([d for d in dice if d not in closed and d not in sealed
                         and _count_at(chars, d) < caps[d]])
    if not offered:  # both dice full or closed: any location with room (MoH-R4)
        locs = [x[2] for x in chars]
        offered = tuple([loc for loc in LOCATIONS if loc not in closed and loc not in sealed
                         and locs.count(loc) < caps[loc]])
    if not placed:
        return tables.places(t.kinds, offered)
    unplaced = []
    for k in t.kinds:
        if k not in placed:
            unplaced.append(k)
    return tables.places(tuple(unplaced), offered)


def _with_room(d1: int, d2: int, n1: int, n2: int, closed: tuple[int, ...],
               sealed: tuple[int, ...], caps: tuple[int, ...]) -> tuple[int, ...]:
    """The placement dice's locations that are open and have room, in order."""
    ok1 = d1 not in closed and d1 not in sealed and n1 < caps[d1]
    if d2 == d1:
        return (d1,) if ok1 else ()
    ok2 = d2 not in closed and d2 not in sealed and n2 < caps[d2]
    if ok1 and ok2:
        return (d1, d2) if d1 < d2 else (d2, d1)
    return (d1,) if ok1 else (d2,) if ok2 else ()


def offer_draw(state: State, p: Pending) -> OutcomeTable:
    """The top card of the unseen deck (the deal and the truck search)."""
    return draw_outcomes(state.deck)


def offer_placement_dice(state: State, p: Pending) -> OutcomeTable:
    return _PLACEMENT_ROLLS


_PLACEMENT_ROLLS = dice_outcomes(PLACEMENT_DICE)  # asked 12 times a match: no cache call


def offer_zombie_dice(state: State, p: Pending) -> OutcomeTable:
    return dice_outcomes(INITIAL_ZOMBIE_DICE)
