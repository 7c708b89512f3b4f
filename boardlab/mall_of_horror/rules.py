"""The Mall of Horror rules: pure functions over :class:`~.state.State`.

``initial``, ``to_move``, ``legal``, ``outcomes`` and ``step`` implement the whole base
game of the rule text, with boardlab's rulings where the text is silent. ``step`` copies
the state into a small mutable worker (the one copy a step makes), applies the choice,
then runs every automatic consequence (tallies, extra zombies, sealing, the attacks, the
end) until the next decision or chance node, emitting an
:class:`~boardlab.core.events.Event` for each, with the rule that caused it, and freezes
the worker into the next state. ``legal`` reads the state without copying it and hands
out interned choice objects. The hot-path patterns are written down in
``docs/engine-patterns.md``.

>>> from boardlab.mall_of_horror.rules import RULES
>>> from boardlab.mall_of_horror.config import Setup
>>> s = RULES.initial(Setup(players=4))
>>> RULES.to_move(s), s.pending.kind
(CHANCE, 'deal')
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from boardlab.core.engine import CHANCE, OutcomeTable
from boardlab.core.errors import IllegalAction
from boardlab.core.events import Event, EventTemplate
from boardlab.core.rules import RuleRef
from boardlab.mall_of_horror import events as E
from boardlab.mall_of_horror.choices import (
    CHOICE_TYPES,
    Destination,
    Dice,
    Draw,
    Move,
    Pass,
    Place,
    PlaceZombie,
    PlayCard,
    Sacrifice,
    TieBreak,
    TruckSplit,
    Vote,
)
from boardlab.mall_of_horror.config import (
    CARDS,
    COLOURS,
    KINDS,
    LOCATIONS,
    PARKING,
    POINTS,
    SECURITY,
    SUPERMARKET,
    Setup,
)
from boardlab.mall_of_horror.rulebook import BOOK
from boardlab.mall_of_horror.state import Pending, State

CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
CHANCE_KINDS = frozenset({"deal", "place_roll", "zombies0", "truck_draw", "tiebreak",
                          "arrival_roll"})
INITIAL_ZOMBIE_DICE = 4  # MoH-setup-zombies: the first player rolls four dice
PLACEMENT_DICE = 2       # MoH-setup-characters: two dice per character
PHASE_NAMES = {"setup": "Setup", "a": "a) Search the Truck", "b": "b) Elect the Chief",
               "c": "c) Arrival of the Zombies", "d": "d) Choose Destinations",
               "e": "e) Move Characters", "f": "f) Zombie Attack", "over": "End of Game"}

_new = tuple.__new__  # builds a State, Pending or Event from a plain tuple, no checks
_COLOUR_OF, _LOCATION_OF = itemgetter(0), itemgetter(2)  # of a ``State.chars`` entry

# -- interned choices ----------------------------------------------------------------------
# ``legal`` hands out these shared objects instead of building fresh ones: a choice taken
# from ``legal()`` is then recognised by identity in ``Match.push``, and a stored ply
# costs a pointer. The domains are the game's own finite choices.
_VOTE = {c: Vote(c) for c in COLOURS}
_DESTINATION = {loc: Destination(loc) for loc in LOCATIONS}
_ZOMBIE_DROP = {loc: PlaceZombie(loc) for loc in LOCATIONS}
_SACRIFICE = {k: Sacrifice(k) for k in KINDS}
_PLACE = {(k, loc): Place(k, loc) for k in KINDS for loc in LOCATIONS}
_MOVE = {(k, loc, sprint): Move(k, loc, sprint) for k in KINDS for loc in LOCATIONS
         for sprint in (False, True)}
_PLAY = {(card, loc): PlayCard(card, loc) for card in ("threat", "hardware", "weapon1",
                                                       "weapon2") for loc in LOCATIONS}
_HIDE = {(loc, k): PlayCard("hidden", loc, k) for loc in LOCATIONS for k in KINDS}
_PASS = Pass()
_CAMERA_CHOICES = (PlayCard("camera"), _PASS)
_SPLIT: dict[tuple[str, str | None, str | None], TruckSplit] = {}


def _split(keep: str, give: str | None, to: str | None) -> TruckSplit:
    key = (keep, give, to)
    split = _SPLIT.get(key)
    if split is None:  # at most 7 x 7 x 6 of them
        split = _SPLIT[key] = TruckSplit(keep, give, to)
    return split


@lru_cache(maxsize=32)
def dice_outcomes(n: int, faces: int = 6) -> OutcomeTable:
    """All rolls of ``n`` dice as sorted faces with exact probabilities.

    Dice are collapsed into counts per face (126 outcomes for 4 dice, not 1296).

    >>> outs = dice_outcomes(4)
    >>> len(outs), sum(p for _, p in outs)
    (126, Fraction(1, 1))
    >>> dict(outs)[Dice((6, 6, 6, 6))]
    Fraction(1, 1296)
    """
    total = faces**n
    out = []
    for combo in combinations_with_replacement(range(1, faces + 1), n):
        ways = factorial(n)
        for face in set(combo):
            ways //= factorial(combo.count(face))
        out.append((Dice(combo), Fraction(ways, total)))
    return OutcomeTable(out)


_DRAW = {card: Draw(card) for card in CARDS}


@lru_cache(maxsize=4096)
def draw_outcomes(deck: tuple[int, ...]) -> OutcomeTable:
    """The top card of an unseen deck (counts per card kind), with exact chances.

    >>> draw_outcomes((3, 0, 0, 0, 0, 0, 1))
    ((Draw(card='threat'), Fraction(3, 4)), (Draw(card='hidden'), Fraction(1, 4)))
    """
    # The deck is an urn: one draw without replacement from counted piles. Imported
    # here, not at the top: boardlab.prob costs ~10 ms that importing the game need not pay.
    from boardlab.prob.urn import draw_one

    return OutcomeTable((_DRAW[card], p) for card, p in draw_one(deck, labels=CARDS))


@lru_cache(maxsize=512)
def _tiebreak_outcomes(tied: tuple[str, ...]) -> OutcomeTable:
    return OutcomeTable((TieBreak(c), Fraction(1, len(tied))) for c in tied)


class _Table:
    """What the rules ask of a setup again and again, worked out once per setup.

    Seat numbers, turn orders, open locations, capacities, location labels and the
    one-colour ``visible_to`` tuples are shared by every step and every event of every
    match with this setup (events point at the same label strings).
    """

    __slots__ = ("setup", "colours", "seat", "kinds", "closed", "caps", "labels", "orders",
                 "vis", "survivors_to_end", "seal_at", "supermarket_threshold", "dice",
                 "characters", "triples")

    def __init__(self, setup: Setup) -> None:
        # Shared by every match with this setup, so read-only once built: attributes
        # cannot be rebound and the mappings are read-only views.
        cfg = setup.config
        colours = setup.colours
        kinds = setup.kinds
        big = 1 << 30  # the Parking Lot's unlimited room
        fields = {
            "setup": setup, "colours": colours, "kinds": kinds, "closed": setup.closed,
            "seat": MappingProxyType({c: i for i, c in enumerate(colours)}),
            "caps": (0, *(big if cap is None else cap for cap in cfg.capacities)),
            "labels": ("", *(f"{loc} {cfg.name(loc)}" for loc in LOCATIONS)),
            "orders": MappingProxyType({c: colours[i:] + colours[:i]
                                        for i, c in enumerate(colours)}),
            "vis": MappingProxyType({c: (c,) for c in colours}),
            "survivors_to_end": setup.survivors_to_end, "seal_at": cfg.seal_at,
            "supermarket_threshold": cfg.supermarket_threshold, "dice": cfg.dice,
            "characters": len(colours) * len(kinds),
            # (colour, kind, location) entries of ``State.chars``, shared by every state.
            "triples": MappingProxyType({(c, k, loc): (c, k, loc) for c in colours
                                         for k in kinds for loc in LOCATIONS}),
        }
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a setup's table is read-only")

    def is_open(self, location: int, sealed: tuple[int, ...]) -> bool:
        return location not in self.closed and location not in sealed


@lru_cache(maxsize=64)
def _table_for(setup: Setup) -> _Table:
    return _Table(setup)


# The last setup asked for and its table, as one pair replaced in one assignment (so a
# thread never sees one setup with another's table): finding it costs one `is` test.
_last: tuple[Any, Any] = (None, None)


def _table(setup: Setup) -> _Table:
    last = _last
    if setup is last[0]:
        return last[1]  # type: ignore[no-any-return]
    return _remember(setup)


def _remember(setup: Setup) -> _Table:
    global _last
    table = _table_for(setup)
    _last = (setup, table)
    return table


Char = tuple[str, str, int]


ByLocation = tuple[tuple[Char, ...], ...]
_last_index: tuple[Any, Any] = (None, ())  # the last ``chars`` indexed, and its index


def _by_location(chars: tuple[Char, ...]) -> ByLocation:
    """The ``chars`` entries standing at each location 1–6 (index 0 unused), in order.

    Characters move on few plies, so the next step usually asks about the same
    ``chars`` (about 20 of 35 times in a match): the last index is kept (immutable).
    """
    global _last_index
    last = _last_index
    if chars is last[0]:
        return last[1]  # type: ignore[no-any-return]
    by: tuple[list[Char], ...] = ([], [], [], [], [], [], [])
    for x in chars:
        by[x[2]].append(x)
    index = (), tuple(by[1]), tuple(by[2]), tuple(by[3]), tuple(by[4]), tuple(by[5]), \
        tuple(by[6])
    _last_index = (chars, index)
    return index


class _Work:
    """A mutable copy of a state used inside one ``step``; frozen again at the end.

    Questions the rules ask many times per step (characters per location) are answered
    from an index built at most once per step, when first asked, and rebuilt only if
    characters moved.
    """

    __slots__ = (*State._fields, "events", "t", "_index", "_index_for")

    def __init__(self, state: State) -> None:
        # One unpacking statement: several times faster than a setattr loop, and this
        # runs on every step.
        (self.setup, self.round, self.phase, self.chars, self.eaten, self.zombies,
         self.sealed, self.hands, self.deck, self.bottom, self.discard, self.chief,
         self.chief_elected, self.roll, self.lookers, self.destinations, self.hardware,
         self.hidden, self.eliminated, self.pending) = state
        self.events: list[Event] = []
        setup = state[0]
        last = _last
        self.t = last[1] if setup is last[0] else _remember(setup)
        self._index_for: Any = None
        self._index: ByLocation = ()

    def freeze(self) -> State:
        return _new(State, (self.setup, self.round, self.phase, self.chars, self.eaten,
                            self.zombies, self.sealed, self.hands, self.deck, self.bottom,
                            self.discard, self.chief, self.chief_elected, self.roll,
                            self.lookers, self.destinations, self.hardware, self.hidden,
                            self.eliminated, self.pending))

    # Events are appended as plain tuples ``(template, who, round, phase, visible_to,
    # *args)``: see boardlab.core.events.Event (a method call per event would cost more
    # than building the event).
    def label(self, location: int) -> str:
        return self.t.labels[location]

    # -- small queries ------------------------------------------------------------------
    @property
    def colours(self) -> tuple[str, ...]:
        return self.t.colours

    def order(self) -> tuple[str, ...]:
        """Turn order this round: the Chief, then clockwise (MoH-R10)."""
        return self.t.orders[self.chief]

    def alive(self) -> set[str]:
        return set(map(_COLOUR_OF, self.chars))

    def index(self) -> ByLocation:
        """The characters at each location, built once per step (again if they move)."""
        if self._index_for is not self.chars:
            self._index, self._index_for = _by_location(self.chars), self.chars
        return self._index

    def at(self, location: int) -> list[tuple[str, str]]:
        return [(c, k) for c, k, _ in self.index()[location]]

    def count(self, location: int) -> int:
        """Character tokens at ``location``."""
        if self._index_for is not self.chars:
            self.index()
        return len(self._index[location])

    def is_open(self, location: int) -> bool:
        return location not in self.t.closed and location not in self.sealed

    def defence(self, location: int) -> int:
        """Characters (a Tough Guy counts 2, hidden ones too) + Hardware (MoH-R5)."""
        kinds = [x[1] for x in self.index()[location]]
        return len(kinds) + kinds.count("toughguy") + self.hardware[location - 1]

    def threshold(self, location: int) -> int:
        """Zombies needed to break in (MoH-R5, MoH-f-supermarket)."""
        d = self.defence(location)
        if location == SUPERMARKET:
            return min(d, self.t.supermarket_threshold)
        return d

    def eligible(self, location: int) -> tuple[str, ...]:
        """Colours with a non-hidden character at ``location``, in turn order (MoH-R7)."""
        hidden = self.hidden
        present = []
        for c, k, _ in self.index()[location]:
            if not hidden or (c, k) not in hidden:
                present.append(c)
        if not present:
            return ()
        return tuple([c for c in self.t.orders[self.chief] if c in present])

    def give_card(self, colour: str, card: str) -> None:
        self.hands = _give(self.hands, self.t.seat[colour], card)

    def take_card(self, colour: str, card: str) -> None:
        """Remove a played card from the hand and discard it (MoH-f-cards)."""
        i = self.t.seat[colour]
        hand = list(self.hands[i])
        hand.remove(card)
        hands = list(self.hands)
        hands[i] = tuple(hand)
        self.hands = tuple(hands)
        discard = list(self.discard)
        discard[CARD_INDEX[card]] += 1
        self.discard = tuple(discard)

    def add_zombies(self, location: int, n: int) -> None:
        z = list(self.zombies)
        z[location - 1] += n
        self.zombies = tuple(z)

    def set_zombies(self, location: int, n: int) -> None:
        z = list(self.zombies)
        z[location - 1] = n
        self.zombies = tuple(z)

    def deck_size(self) -> int:
        return sum(self.deck) + len(self.bottom)

    def next_turn(self) -> bool:
        """Pass the pending step to the next player in its order; False when all have had it."""
        p = self.pending
        if p[4] + 1 < len(p[3]):
            self.pending = _next_turn(p)
            return True
        return False

    def done(self) -> tuple[State, tuple[Event, ...]]:
        """The step's result: the frozen state and the events, in order."""
        return self.freeze(), tuple(self.events)

    # -- setup ---------------------------------------------------------------------------
    def initial_zombies(self, choice: Dice) -> None:
        faces = choice.faces
        placed = tuple(f for f in faces if self.is_open(f))
        self.events.append(_new(Event, (
            E.INITIAL_ZOMBIES, None, self.round, self.phase, (), faces, placed)))
        self.place_dice(faces)
        self.begin_round()

    def place_dice(self, faces: Iterable[int]) -> None:
        """Put one zombie per die; dice on closed or sealed locations are ignored."""
        z = list(self.zombies)
        for face in faces:
            if face in self.t.closed:
                self.events.append(_new(Event, (
                    E.DIE_CLOSED, None, self.round, self.phase, (), face)))
            elif face in self.sealed:
                self.events.append(_new(Event, (
                    E.DIE_SEALED, None, self.round, self.phase, (), face)))
            else:
                z[face - 1] += 1
        self.zombies = tuple(z)

    # -- rounds and phases -----------------------------------------------------------
    def begin_round(self) -> None:
        self.round += 1
        self.phase = "a"
        self.chief_elected = False
        self.hardware = (0,) * 6
        self.hidden = ()
        self.destinations = ()
        self.roll = ()
        self.lookers = ()
        self.events.append(_new(Event, (
            E.ROUND, None, self.round, self.phase, (), self.round, self.chief)))
        self.begin_a()

    def begin_a(self) -> None:
        self.phase = "a"
        if self.deck_size() == 0:
            self.events.append(_new(Event, (E.SKIP_TRUCK_EMPTY, None, self.round, self.phase, ())))
            return self.begin_b()
        if not self.count(PARKING):
            self.events.append(_new(Event, (
                E.SKIP_PARKING_EMPTY, None, self.round, self.phase, ())))
            return self.begin_b()
        self.start_vote("truck", PARKING)

    def begin_b(self) -> None:
        self.phase = "b"
        if not self.count(SECURITY):
            self.events.append(_new(Event, (
                E.SKIP_SECURITY_EMPTY, None, self.round, self.phase, (), self.chief)))
            return self.begin_c()
        self.start_vote("chief", SECURITY)

    def begin_c(self) -> None:
        self.phase = "c"
        self.pending = _P_ARRIVAL

    def arrival_roll(self, choice: Dice) -> None:
        self.roll = faces = choice.faces
        elected = self.chief_elected
        self.lookers = self.t.vis[self.chief] if elected else ()
        self.events.append(_new(Event, (
            E.ARRIVAL_ROLL_ELECTED if elected else E.ARRIVAL_ROLL_UNSEEN, None, self.round,
            self.phase, self.lookers, faces, self.t.dice, self.chief)))
        alive = self.alive()
        seat, hands, lookers = self.t.seat, self.hands, self.lookers
        order = tuple(c for c in self.order()
                      if c in alive and c not in lookers and "camera" in hands[seat[c]])
        if order:
            self.pending = _turns("camera", order)
        else:
            self.begin_d()

    def camera(self, choice: PlayCard | Pass) -> None:
        p = self.pending
        colour = p.order[p.index]
        if isinstance(choice, PlayCard):
            self.take_card(colour, "camera")
            self.lookers = (*self.lookers, colour)
            self.events.append(_new(Event, (
                E.CAMERA, colour, self.round, self.phase, self.t.vis[colour], self.roll)))
        if not self.next_turn():
            self.begin_d()

    def begin_d(self) -> None:
        self.phase = "d"
        order = []
        alive = self.alive()
        for colour in self.order():
            if colour not in alive:
                continue
            if self.destination_options(colour):
                order.append(colour)
            else:
                self.events.append(_new(Event, (
                    E.NO_DESTINATION, colour, self.round, self.phase, ())))
        if order:
            self.pending = _turns("destination", tuple(order))
        else:
            self.zombie_drops()

    def destination_options(self, colour: str) -> tuple[Destination, ...]:
        """Open locations where at least one of ``colour``'s characters is not (MoH-R11)."""
        return _destination_options(self.t, self.chars, self.sealed, colour)

    def zombie_drops(self) -> None:
        if self.eliminated:
            returning = {c for c, r in self.eliminated if r < self.round}
            order = tuple(c for c in self.order() if c in returning)
            if order:
                self.pending = _turns("zombie_drop", order)
                return
        self.begin_e()

    def zombie_drop(self, choice: PlaceZombie) -> None:
        p = self.pending
        colour = p.order[p.index]
        self.add_zombies(choice.location, 1)
        self.events.append(_new(Event, (
            E.ZOMBIE_DROP, colour, self.round, self.phase, (), choice.location,
            self.t.labels[choice.location])))
        if not self.next_turn():
            self.begin_e()

    def begin_e(self) -> None:
        self.phase = "e"
        if self.destinations:
            self.events.append(_new(Event, (
                E.REVEAL_DESTINATIONS, None, self.round, self.phase, (), self.destinations)))
        faces = self.roll
        placed = tuple(f for f in faces if self.is_open(f))
        self.events.append(_new(Event, (
            E.ARRIVALS, None, self.round, self.phase, (), faces, placed)))
        self.place_dice(faces)
        self.roll = ()
        self.lookers = ()
        self.check_sealing()
        order = tuple(c for c, _ in self.destinations)
        if order:
            self.pending = _turns("move", order)
        else:
            self.begin_f()

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
                self.events.append(_new(Event, (
                    E.SEALED, None, self.round, self.phase, (), loc, z, self.t.labels[loc])))

    def destination_of(self, colour: str) -> int:
        for c, loc in self.destinations:
            if c == colour:
                return loc
        raise KeyError(colour)

    def move(self, choice: Move) -> None:
        p = self.pending
        colour = p.order[p.index]
        kind = choice.kind
        start = self.where(colour, kind)
        target = choice.to
        labels = self.t.labels
        if choice.sprint:
            self.take_card(colour, "sprint")
            self.events.append(_new(Event, (
                E.SPRINT_BACK if target == start else E.SPRINT_TOWARDS, colour, self.round,
                self.phase, (), target, kind, labels[target], self.destination_of(colour))))
        self.chars, event = _moved(self.t, self.chars, self.sealed, colour, kind, start, target,
                                   self.round, self.phase)
        self.events.append(event)
        if not self.next_turn():
            self.begin_f()

    def where(self, colour: str, kind: str) -> int:
        chars = self.chars
        i = bisect_left(chars, (colour, kind))  # chars is sorted by colour, then kind
        if i < len(chars) and chars[i][0] == colour and chars[i][1] == kind:
            return chars[i][2]
        raise KeyError((colour, kind))

    # -- phase f -----------------------------------------------------------------------
    def begin_f(self) -> None:
        self.phase = "f"
        self.add_extra_zombies()
        self.attack_from(1)

    def add_extra_zombies(self) -> None:
        """The crowd and the loudest Pin-Ups draw one zombie each (MoH-f-extra, R13)."""
        by = self.index()
        closed, sealed = self.t.closed, self.sealed
        crowd: dict[int, int] = {}
        pinups: dict[int, int] = {}
        for loc in LOCATIONS:
            if loc not in closed and loc not in sealed:
                here = by[loc]
                crowd[loc] = len(here)
                pinups[loc] = [x[1] for x in here].count("pinup")
        self.extra_zombie(crowd, "characters", minimum=1)
        self.extra_zombie(pinups, "Pin-Ups", minimum=1)

    def under_attack(self) -> tuple[int, ...]:
        """Locations whose zombies would break in now, before any card (MoH-f, R5, R6)."""
        out = []
        for loc in LOCATIONS:
            if not self.is_open(loc) or not self.count(loc):
                continue
            z = self.zombies[loc - 1]
            if (z > 0) if loc == PARKING else (z >= self.threshold(loc)):
                out.append(loc)
        return tuple(out)

    def preview_round(self, faces: tuple[int, ...]) -> tuple[int, ...]:
        """Characters stay where they are; these dice arrive: which locations fall?

        The same steps as phases e) and f) of the engine — dice placed (closed and
        sealed locations ignored), sealing, the extra zombies — then the attack check.
        """
        self.place_dice(faces)
        self.check_sealing()
        self.add_extra_zombies()
        return self.under_attack()

    def extra_zombie(self, counts: dict[int, int], what: str, minimum: int) -> None:
        """One zombie for the single location with the most ``what`` (MoH-f-extra, R13)."""
        top = max(counts.values())
        leaders = [loc for loc, n in counts.items() if n == top]
        if top < minimum:
            self.events.append(_new(Event, (E.EXTRA_NONE, None, self.round, self.phase, (), what)))
        elif len(leaders) > 1:
            self.events.append(_new(Event, (
                E.EXTRA_TIE, None, self.round, self.phase, (), what, tuple(leaders), top)))
        else:
            loc = leaders[0]
            self.add_zombies(loc, 1)
            self.events.append(_new(Event, (
                E.EXTRA_ZOMBIE, None, self.round, self.phase, (), loc, what, self.t.labels[loc],
                top)))

    def attack_from(self, first: int) -> None:
        """Check locations ``first``…6 in order until one needs a decision (MoH-f)."""
        labels, closed, sealed = self.t.labels, self.t.closed, self.sealed
        by = self.index()  # no one moves while the locations are checked
        for loc in range(first, 7):
            if loc in closed or loc in sealed:
                continue
            z = self.zombies[loc - 1]
            if not by[loc]:
                if z:
                    self.events.append(_new(Event, (
                        E.WAITING, None, self.round, self.phase, (), loc, z, labels[loc])))
                continue
            if loc == PARKING:
                if z:
                    self.events.append(_new(Event, (
                        E.PARKING_MEALS, None, self.round, self.phase, (), loc, z)))
                    return self.start_window(loc, "meal")
                continue
            if not z:  # no zombies in front: nothing to tell
                continue
            # Defence (MoH-R5): characters, a Tough Guy counting 2, plus Hardware.
            kinds = [x[1] for x in by[loc]]
            tough = "toughguy" in kinds
            d = len(kinds) + kinds.count("toughguy") + self.hardware[loc - 1]
            t = min(d, self.t.supermarket_threshold) if loc == SUPERMARKET else d
            if loc == SUPERMARKET and t < d:
                rule_id = "MoH-f-supermarket"
            elif tough:
                rule_id = "MoH-f-toughguy"
            else:
                rule_id = "MoH-R5"
            if z >= t:
                self.events.append(_new(Event, (
                    E.THREAT[rule_id], None, self.round, self.phase, (), loc, z, d, t, labels[loc],
                    tough)))
                return self.start_window(loc, "sacrifice")
            self.events.append(_new(Event, (
                E.HOLDS[rule_id], None, self.round, self.phase, (), loc, z, d, t, labels[loc],
                tough)))
        self.end_round()

    def window_cards(self, colour: str, location: int, purpose: str) -> list[PlayCard]:
        """Cards ``colour`` may play now (MoH-voting-threat, MoH-f-cards)."""
        return _window_cards(self.hands[self.t.seat[colour]], self.index()[location],
                             self.hidden, colour, location, purpose)

    def start_vote(self, purpose: str, location: int) -> None:
        """A vote of phase a) or b): Threat cards first, then the ballots (MoH Voting)."""
        candidates = self.eligible(location)
        if len(candidates) == 1:
            return self.forced(purpose, location, candidates[0])
        seat, hands = self.t.seat, self.hands
        order = tuple(c for c in candidates if "threat" in hands[seat[c]])
        if order:
            self.pending = _new(Pending, ("window", purpose, location, order, 0, 0, (), (), (),
                                          (), (), False, "", ()))
        else:
            self.open_ballots(purpose, location, (), candidates)

    def forced(self, purpose: str, location: int, colour: str) -> None:
        self.events.append(_new(Event, (
            E.FORCED_VOTE, colour, self.round, self.phase, (), location, self.t.labels[location])))
        self.resolve(purpose, location, colour)

    def start_window(self, location: int, purpose: str) -> None:
        """Players there may play cards, Chief first then clockwise (MoH-R14)."""
        here = self.index()[location]
        present = [x[0] for x in here]
        hands, seat, hidden = self.hands, self.t.seat, self.hidden
        order = tuple([c for c in self.t.orders[self.chief] if c in present
                       and _window_cards(hands[seat[c]], here, hidden, c, location, purpose)])
        if order:
            self.pending = _new(Pending, ("window", purpose, location, order, 0, 0, (), (), (),
                                          (), (), False, "", ()))
        else:
            self.after_window(purpose, location, ())

    def play_card(self, choice: PlayCard) -> None:
        p = self.pending
        colour = p.order[p.index]
        loc = p.location
        card = choice.card
        self.take_card(colour, card)
        threats = p.threats
        if card == "threat":
            counts = dict(threats)
            counts[colour] = counts.get(colour, 0) + 1
            threats = tuple(sorted(counts.items()))
            self.events.append(_new(Event, (
                E.CARD_THREAT, colour, self.round, self.phase, (), card, loc)))
        elif card == "hardware":
            hw = list(self.hardware)
            hw[loc - 1] += 1
            self.hardware = tuple(hw)
            self.events.append(_new(Event, (
                E.CARD_HARDWARE, colour, self.round, self.phase, (), card, loc, self.t.labels[loc],
                self.defence(loc))))
        elif card in ("weapon1", "weapon2"):
            strength = 1 if card == "weapon1" else 2
            killed = min(strength, self.zombies[loc - 1])
            self.set_zombies(loc, self.zombies[loc - 1] - killed)
            self.events.append(_new(Event, (
                E.CARD_WEAPON, colour, self.round, self.phase, (), card, loc, killed,
                self.t.labels[loc], self.zombies[loc - 1])))
        else:  # hidden
            assert choice.character is not None
            self.hidden = tuple(sorted((*self.hidden, (colour, choice.character))))
            self.events.append(_new(Event, (
                E.CARD_HIDDEN, colour, self.round, self.phase, (), card, loc, choice.character)))
        index = p.index
        if not self.window_cards(colour, loc, p.purpose):
            index += 1
        p = _new(Pending, (p[0], p[1], p[2], p[3], index, p[5], p[6], p[7], p[8], threats,
                           *p[10:]))
        self.pending = p
        if index >= len(p.order):
            self.after_window(p.purpose, loc, threats)

    def tiebreak(self, choice: TieBreak) -> None:
        p = self.pending
        self.events.append(_new(Event, (E.TIEBREAK, choice.colour, self.round, self.phase, ())))
        self.resolve(p.purpose, p.location, choice.colour)

    def pick_victim(self, choice: Sacrifice) -> None:
        p = self.pending
        self.eat(p.chosen, choice.kind, p.purpose, p.location)

    def after_window(self, purpose: str, location: int,
                     threats: tuple[tuple[str, int], ...]) -> None:
        if purpose == "sacrifice" or purpose == "meal":
            z = self.zombies[location - 1]
            if purpose == "sacrifice":
                t = self.threshold(location)
                if z < t:
                    self.events.append(_new(Event, (
                        E.REPELLED, None, self.round, self.phase, (), location, z, t,
                        self.t.labels[location])))
                    return self.attack_from(location + 1)
            elif z == 0:
                self.events.append(_new(Event, (
                    E.REPELLED_PARKING, None, self.round, self.phase, (), location)))
                return self.attack_from(location + 1)
            candidates = self.eligible(location)
            if not candidates:
                self.set_zombies(location, 0)
                self.events.append(_new(Event, (
                    E.ALL_HIDDEN, None, self.round, self.phase, (), location,
                    self.t.labels[location])))
                return self.attack_from(location + 1)
        else:
            candidates = self.eligible(location)
        if len(candidates) == 1:
            return self.forced(purpose, location, candidates[0])
        self.open_ballots(purpose, location, threats, candidates)

    def open_ballots(self, purpose: str, location: int, threats: tuple[tuple[str, int], ...],
                     candidates: tuple[str, ...] | None = None) -> None:
        """The ballots of a vote among ``candidates`` (default: who may be chosen there)."""
        if candidates is None:
            candidates = self.eligible(location)
        # Votes per player: non-hidden characters there, +1 for a non-hidden Gunman, +1 per
        # Threat played (MoH-R7, MoH-voting-threat).
        weight = dict(threats) if threats else dict.fromkeys(candidates, 0)
        hidden = self.hidden
        for c, k, _ in self.index()[location]:
            if not hidden or (c, k) not in hidden:
                weight[c] = weight.get(c, 0) + (2 if k == "gunman" else 1)
        weights = tuple([(c, weight[c]) for c in candidates])
        self.pending = _new(Pending, ("ballot", purpose, location, candidates, 0, 0, (),
                                      candidates, weights, threats, (), False, "", ()))

    def tally(self) -> None:
        p = self.pending
        weight = dict(p.weights)
        counts = dict.fromkeys(p.candidates, 0)
        for voter, colour in p.ballots:
            counts[colour] += weight[voter]
        top = max(counts.values())
        tied = tuple([c for c, n in counts.items() if n == top])
        self.events.append(_new(Event, (
            E.TALLY_SECOND if p.second else E.TALLY, None, self.round, self.phase, (), p.location,
            p.ballots, tuple(counts.items()), self.t.labels[p.location], p.weights)))
        if len(tied) == 1:
            return self.resolve(p.purpose, p.location, tied[0])
        if not p.second:
            hiding = {c for c, _, _ in self.index()[p.location]} - set(
                self.eligible(p.location))
            voters = tuple(c for c in self.order() if c not in hiding)
            weights = tuple((v, weight.get(v, 1)) for v in voters)
            self.events.append(_new(Event, (
                E.SECOND_VOTE, None, self.round, self.phase, (), tied, bool(hiding))))
            self.pending = Pending("ballot", p.purpose, p.location, order=voters,
                                   candidates=tied, weights=weights, second=True)
            return
        if p.purpose == "truck":
            self.events.append(_new(Event, (E.NO_RESULT_TRUCK, None, self.round, self.phase, ())))
            return self.begin_b()
        if p.purpose == "chief":
            self.events.append(_new(Event, (
                E.NO_RESULT_CHIEF, None, self.round, self.phase, (), self.chief)))
            return self.begin_c()
        self.events.append(_new(Event, (
            E.NO_RESULT_CHANCE, None, self.round, self.phase, (), tied)))
        self.pending = Pending("tiebreak", p.purpose, p.location, candidates=tied)

    def resolve(self, purpose: str, location: int, colour: str) -> None:
        """The vote chose ``colour``: search, become Chief, or lose a character."""
        if purpose == "truck":
            n = min(3, self.deck_size())
            self.events.append(_new(Event, (E.SEARCHER, colour, self.round, self.phase, (), n)))
            self.pending = Pending("truck_draw", "truck", PARKING, chosen=colour, n=n)
            return self.continue_drawing()
        if purpose == "chief":
            self.chief = colour
            self.chief_elected = True
            self.events.append(_new(Event, (E.CHIEF, colour, self.round, self.phase, ())))
            return self.begin_c()
        hidden = self.hidden
        victims = [k for c, k, _ in self.index()[location]
                   if c == colour and (c, k) not in hidden]
        self.events.append(_new(Event, (
            E.CHOSEN[purpose], colour, self.round, self.phase, (), location,
            self.t.labels[location])))
        if len(victims) == 1:
            return self.eat(colour, victims[0], purpose, location)
        self.pending = Pending("pick_victim", purpose, location, chosen=colour)

    def continue_drawing(self) -> None:
        p = self.pending
        drawn, n = p.drawn, p.n
        while n and not sum(self.deck):
            drawn, n = (*drawn, self.bottom[0]), n - 1   # known cards under the deck
            self.bottom = self.bottom[1:]
        p = _new(Pending, (*p[:5], n, *p[6:13], drawn))
        self.pending = p
        if n:
            return
        if len(drawn) == 1:
            self.give_card(p.chosen, drawn[0])
            self.events.append(_new(Event, (
                E.TRUCK_ONLY, p.chosen, self.round, self.phase, self.t.vis[p.chosen], drawn[0])))
            return self.begin_b()
        self.pending = Pending("truck_split", "truck", PARKING, chosen=p.chosen, drawn=drawn)

    def truck_split(self, choice: TruckSplit) -> None:
        p = self.pending
        rest = list(p.drawn)
        rest.remove(choice.keep)
        self.give_card(p.chosen, choice.keep)
        gives = choice.give is not None and choice.to is not None
        if gives:
            rest.remove(choice.give)
            self.give_card(choice.to, choice.give)  # type: ignore[arg-type]
        if rest:
            self.bottom = (*self.bottom, *rest)
        self.events.append(_new(Event, (
            E.TRUCK_SPLIT, p.chosen, self.round, self.phase, self.t.vis[p.chosen], choice.keep,
            choice.give, choice.to, rest[0] if rest else None)))
        if gives:
            self.events.append(_new(Event, (
                E.GIFT, choice.to, self.round, self.phase, (choice.to, p.chosen), choice.give,
                p.chosen)))
        self.begin_b()

    def eat(self, colour: str, kind: str, purpose: str, loc: int) -> None:
        """The zombies eat a character; after a sacrifice they leave (MoH-f, MoH-parking)."""
        chars = self.chars
        i = bisect_left(chars, (colour, kind))
        self.chars = chars[:i] + chars[i + 1:]
        self.eaten = (*self.eaten, (colour, kind))
        self.events.append(_new(Event, (
            E.EATEN[purpose], colour, self.round, self.phase, (), kind, loc, POINTS[kind],
            self.t.labels[loc])))
        chars = self.chars
        i = bisect_left(chars, (colour,))
        if i == len(chars) or chars[i][0] != colour:  # no character of that colour is left
            self.eliminated = (*self.eliminated, (colour, self.round))
            self.events.append(_new(Event, (E.ELIMINATED, colour, self.round, self.phase, ())))
        if purpose == "sacrifice":
            self.set_zombies(loc, 0)
            self.events.append(_new(Event, (
                E.FEAST_OVER, None, self.round, self.phase, (), loc, self.t.labels[loc])))
            return self.attack_from(loc + 1)
        z = self.zombies[loc - 1] - 1
        self.set_zombies(loc, z)
        if z and self.count(loc):
            return self.start_window(loc, "meal")
        if z:
            self.set_zombies(loc, 0)
            self.events.append(_new(Event, (E.LEFTOVERS, None, self.round, self.phase, (), loc, z)))
        self.attack_from(loc + 1)

    def end_round(self) -> None:
        """The rescue arrives or the next round begins (MoH-end, MoH-R16)."""
        living = len(self.chars)
        places = set(map(_LOCATION_OF, self.chars))
        limit = self.t.survivors_to_end
        if living <= limit or (len(places) == 1 and PARKING not in places):
            why = (f"{E.n_of(living, 'character')} alive, at most {limit}" if living <= limit
                   else f"every survivor is at {self.label(places.pop())}")
            self.phase = "over"
            self.pending = _P_OVER
            score = _scores(self.t.colours, self.chars)
            self.events.append(_new(Event, (
                E.GAME_OVER, None, self.round, self.phase, (), tuple(score.items()), why)))
            return
        self.begin_round()


# -- what a decision offers, read from the state without copying it ---------------------------
def _destination_options(t: _Table, chars: tuple[Char, ...], sealed: tuple[int, ...],
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
    return _destination_choices(only, sealed, t.closed)


@lru_cache(maxsize=256)
def _destination_choices(only: int, sealed: tuple[int, ...],
                         closed: tuple[int, ...]) -> tuple[Destination, ...]:
    return tuple(_DESTINATION[loc] for loc in LOCATIONS
                 if loc != only and loc not in closed and loc not in sealed)


def _window_cards(hand: tuple[str, ...], chars: Iterable[Char],
                  hidden: tuple[tuple[str, str], ...], colour: str, location: int,
                  purpose: str) -> list[PlayCard]:
    """Cards ``colour`` may play now (MoH-voting-threat, MoH-f-cards).

    ``chars`` holds (at least) the characters at ``location``.
    """
    out: list[PlayCard] = []
    if not hand:
        return out
    if "threat" in hand:
        out.append(_PLAY["threat", location])
    if purpose == "truck" or purpose == "chief":
        return out
    if "hardware" in hand and location != PARKING:
        out.append(_PLAY["hardware", location])
    if "weapon1" in hand:
        out.append(_PLAY["weapon1", location])
    if "weapon2" in hand:
        out.append(_PLAY["weapon2", location])
    if "hidden" in hand:
        for c, k, loc in chars:
            if loc == location and c == colour and (c, k) not in hidden:
                out.append(_HIDE[location, k])
    return out


@lru_cache(maxsize=2048)
def _votes(candidates: tuple[str, ...]) -> tuple[Vote, ...]:
    return tuple(_VOTE[c] for c in candidates)


@lru_cache(maxsize=1024)
def _places(kinds: tuple[str, ...], offered: tuple[int, ...]) -> tuple[Place, ...]:
    return tuple(_PLACE[k, loc] for k in kinds for loc in offered)


@lru_cache(maxsize=256)
def _drops(options: tuple[int, ...]) -> tuple[PlaceZombie, ...]:
    return tuple(_ZOMBIE_DROP[loc] for loc in options)


@lru_cache(maxsize=4096)
def _splits(drawn: tuple[str, ...], others: tuple[str, ...]) -> tuple[TruckSplit, ...]:
    seen: dict[tuple[str, str, str], None] = {}  # keeps the first of equal splits, in order
    for i, keep in enumerate(drawn):
        for j, give in enumerate(drawn):
            if i != j:
                for to in others:
                    seen[keep, give, to] = None
    return tuple([_split(*key) for key in seen])


@lru_cache(maxsize=4096)
def _moves(mine: tuple[tuple[str, int], ...], dest: int,
           shut: tuple[int, ...] | None) -> tuple[Move, ...]:
    """Moves of characters ``mine`` towards ``dest``; with a Sprint card (``shut``: the
    sealed and closed locations) also every other open target (MoH-e, MoH-e-sprint)."""
    moves = [_MOVE[k, dest, False] for k, loc in mine if loc != dest]
    if shut is not None:
        targets = [loc for loc in LOCATIONS if loc not in shut and loc != dest]
        moves.extend(_MOVE[k, loc, True] for k, _ in mine for loc in targets)
    return tuple(moves)


def _scores(colours: tuple[str, ...], chars: Iterable[tuple[str, str, int]]) -> dict[str, int]:
    score = dict.fromkeys(colours, 0)
    for c, k, _ in chars:
        score[c] += POINTS[k]
    return score


# -- steps --------------------------------------------------------------------------------
# One function per pending kind. Plain bookkeeping (a ballot cast, a destination noted, a
# card dealt, a placement) builds the next state directly from the current one, sharing
# every field it does not change; a step that runs the game's procedures (a tally, the
# phases that follow) copies the state into a worker instead. Either way a step makes at
# most one working copy of the state.
_VIS = {c: (c,) for c in COLOURS}  # visible_to of one player's secrets, shared
_CHARS, _HANDS, _DECK, _DESTINATIONS, _PENDING = (
    State._fields.index(name) for name in ("chars", "hands", "deck", "destinations", "pending"))


# Pending steps that carry nothing but their kind (or a count) are shared, not rebuilt.
_P_ARRIVAL = Pending("arrival_roll")
_P_OVER = Pending("over")
_P_ZOMBIES0 = Pending("zombies0")
_P_PLACE_ROLL = tuple(Pending("place_roll", n=n) for n in range(len(COLOURS) * len(KINDS)))


def _turns(kind: str, order: tuple[str, ...]) -> Pending:
    """A pending step the players of ``order`` take in turn."""
    return _new(Pending, (kind, "", 0, order, 0, 0, (), (), (), (), (), False, "", ()))


def _next_turn(p: Pending) -> Pending:
    """``p`` passed to the next player of its order."""
    return _new(Pending, (p[0], p[1], p[2], p[3], p[4] + 1, *p[5:]))


def _give(hands: tuple[tuple[str, ...], ...], seat: int, card: str) -> tuple[tuple[str, ...], ...]:
    """``hands`` with ``card`` added (sorted) to the hand of ``seat``."""
    out = list(hands)
    out[seat] = tuple(sorted((*hands[seat], card)))
    return tuple(out)


def _drawn(deck: tuple[int, ...], card: str) -> tuple[int, ...]:
    """The unseen deck without ``card``."""
    out = list(deck)
    out[CARD_INDEX[card]] -= 1
    return tuple(out)


def _event(template: EventTemplate, who: str | None, state: State,
           visible_to: tuple[str, ...], *args: Any) -> Event:
    return _new(Event, (template, who, state[1], state[2], visible_to, *args))


def _step_deal(state: State, choice: Draw) -> tuple[State, tuple[Event, ...]]:
    p = state.pending
    colour = p.order[p.index]
    card = choice.card
    s = list(state)
    s[_DECK] = _drawn(state.deck, card)
    s[_HANDS] = _give(state.hands, _table(state.setup).seat[colour], card)
    s[_PENDING] = _next_turn(p) if p.index + 1 < len(p.order) else _P_PLACE_ROLL[0]
    return _new(State, s), (_new(Event, (E.DEAL, colour, state[1], state[2], _VIS[colour],
                                         card)),)


def _step_placement_roll(state: State, choice: Dice) -> tuple[State, tuple[Event, ...]]:
    n = state.pending.n
    colours = _table(state.setup).colours
    colour = colours[n % len(colours)]
    pending = _new(Pending, ("place", "", 0, (), 0, n, choice.faces, (), (), (), (), False, "",
                             ()))
    return (_new(State, (*state[:_PENDING], pending)),
            (_new(Event, (E.PLACEMENT_ROLL, colour, state[1], state[2], (), choice.faces)),))


def _step_place(state: State, choice: Place) -> tuple[State, tuple[Event, ...]]:
    t = _table(state.setup)
    p = state.pending
    colour = t.colours[p.n % len(t.colours)]
    loc = choice.location
    fallback = loc not in p.dice or [x[2] for x in state.chars].count(loc) >= t.caps[loc]
    s = list(state)
    s[_CHARS] = tuple(sorted((*state.chars, t.triples[colour, choice.kind, loc])))
    n = p.n + 1
    s[_PENDING] = _P_PLACE_ROLL[n] if n < t.characters else _P_ZOMBIES0
    return _new(State, s), (_event(E.PLACE_FALLBACK if fallback else E.PLACE, colour, state,
                                   (), loc, choice.kind, t.labels[loc]),)


def _step_destination(state: State, choice: Destination) -> tuple[State, tuple[Event, ...]]:
    p = state.pending
    colour = p.order[p.index]
    loc = choice.location
    label = _table(state.setup).labels[loc]
    if colour == state.chief and state.chief_elected:
        event = _new(Event, (E.DESTINATION_CHIEF, colour, state[1], state[2], (), loc, label))
    else:
        event = _new(Event, (E.DESTINATION_SECRET, colour, state[1], state[2], _VIS[colour],
                             loc, label))
    destinations = (*state.destinations, (colour, loc))
    if p.index + 1 < len(p.order):
        s = list(state)
        s[_DESTINATIONS] = destinations
        s[_PENDING] = _next_turn(p)
        return _new(State, s), (event,)
    w = _Work(state)  # the last one: the eliminated return, then phase e)
    w.destinations = destinations
    w.events.append(event)
    w.zombie_drops()
    return w.done()


def _step_ballot(state: State, choice: Vote) -> tuple[State, tuple[Event, ...]]:
    p = state.pending
    voter = p[3][p[4]]
    event = _new(Event, (E.BALLOT, voter, state[1], state[2], _VIS[voter], choice.colour))
    p = _new(Pending, (p[0], p[1], p[2], p[3], p[4] + 1, p[5], p[6], p[7], p[8], p[9],
                       (*p[10], (voter, choice.colour)), *p[11:]))
    if p[4] < len(p[3]):
        return _new(State, (*state[:_PENDING], p)), (event,)
    w = _Work(state)  # the last ballot: the tally and whatever follows it
    w.pending = p
    w.events.append(event)
    w.tally()
    return w.done()


def _moved(t: _Table, chars: tuple[Char, ...], sealed: tuple[int, ...], colour: str,
           kind: str, start: int, target: int, round_: int, phase: str
           ) -> tuple[tuple[Char, ...], Event]:
    """Where a character heading from ``start`` to ``target`` ends, and its event (MoH-e).

    A sealed or full target sends it to the Parking Lot instead (MoH-R12, MoH-e-full);
    one already at the Parking Lot stays.
    """
    labels = t.labels
    if target == start:
        return chars, _new(Event, (E.MOVE_STAYS, colour, round_, phase, (), kind, start, start,
                                   labels[start]))
    i = bisect_left(chars, (colour, kind))
    if target in sealed or [x[2] for x in chars].count(target) >= t.caps[target]:
        stays, falls_back = E.MOVE_SEALED if target in sealed else E.MOVE_FULL
        if start == PARKING:
            return chars, _new(Event, (stays, colour, round_, phase, (), kind, start, start,
                                       labels[target]))
        moved = (*chars[:i], t.triples[colour, kind, PARKING], *chars[i + 1:])
        return moved, _new(Event, (falls_back, colour, round_, phase, (), kind, start, PARKING,
                                   labels[target], labels[start]))
    moved = (*chars[:i], t.triples[colour, kind, target], *chars[i + 1:])
    return moved, _new(Event, (E.MOVE, colour, round_, phase, (), kind, start, target,
                               labels[start], labels[target]))


def _step_move(state: State, choice: Move) -> tuple[State, tuple[Event, ...]]:
    p = state.pending
    if choice.sprint or p.index + 1 >= len(p.order):
        w = _Work(state)  # a Sprint card is discarded; after the last move comes phase f)
        w.move(choice)
        return w.done()
    colour = p.order[p.index]
    chars = state.chars
    i = bisect_left(chars, (colour, choice.kind))
    s = list(state)
    s[_CHARS], event = _moved(_table(state.setup), chars, state.sealed, colour, choice.kind,
                              chars[i][2], choice.to, state.round, state.phase)
    s[_PENDING] = _next_turn(p)
    return _new(State, s), (event,)


def _step_window(state: State, choice: PlayCard | Pass) -> tuple[State, tuple[Event, ...]]:
    p = state.pending
    if isinstance(choice, Pass) and p.index + 1 < len(p.order):
        return _new(State, (*state[:_PENDING], _next_turn(p))), ()
    w = _Work(state)
    if isinstance(choice, Pass):  # the last player passes: the vote or the attack goes on
        w.after_window(p.purpose, p.location, p.threats)
    else:
        w.play_card(choice)
    return w.done()


def _step_truck_draw(state: State, choice: Draw) -> tuple[State, tuple[Event, ...]]:
    p = state.pending
    deck = _drawn(state.deck, choice.card)
    p = _new(Pending, (*p[:5], p[5] - 1, *p[6:13], (*p[13], choice.card)))
    if p.n and sum(deck):  # more cards to draw from the unseen deck
        s = list(state)
        s[_DECK] = deck
        s[_PENDING] = p
        return _new(State, s), ()
    w = _Work(state)
    w.deck = deck
    w.pending = p
    w.continue_drawing()
    return w.done()


def _in_worker(method: Callable[[_Work, Any], None]
               ) -> Callable[[State, Any], tuple[State, tuple[Event, ...]]]:
    """A step that always runs in a worker."""
    def run(state: State, choice: Any) -> tuple[State, tuple[Event, ...]]:
        w = _Work(state)
        method(w, choice)
        return w.done()
    return run


#: What ``step`` does for each pending kind.
_STEP: dict[str, Callable[[State, Any], tuple[State, tuple[Event, ...]]]] = {
    "ballot": _step_ballot, "destination": _step_destination,
    "move": _step_move, "window": _step_window,
    "place_roll": _step_placement_roll, "place": _step_place,
    "arrival_roll": _in_worker(_Work.arrival_roll), "deal": _step_deal,
    "truck_draw": _step_truck_draw, "zombies0": _in_worker(_Work.initial_zombies),
    "camera": _in_worker(_Work.camera), "zombie_drop": _in_worker(_Work.zombie_drop),
    "truck_split": _in_worker(_Work.truck_split), "tiebreak": _in_worker(_Work.tiebreak),
    "pick_victim": _in_worker(_Work.pick_victim),
}

_IN_TURN: Any = object()
#: ``to_move`` of the pending kinds not played in turn order.
_MOVER: dict[str, Any] = {**dict.fromkeys(CHANCE_KINDS, CHANCE), "over": None,
                          "truck_split": "chosen", "pick_victim": "chosen", "place": "placer"}


# -- what each node offers: legal choices or chance outcomes, read without copying ---------
def _offer_ballot(state: State, p: Pending) -> tuple[Vote, ...]:
    return _votes(p.candidates)


def _offer_camera(state: State, p: Pending) -> tuple[PlayCard | Pass, ...]:
    return _CAMERA_CHOICES


def _offer_destination(state: State, p: Pending) -> tuple[Destination, ...]:
    return _destination_options(_table(state.setup), state.chars, state.sealed,
                                p.order[p.index])


def _offer_move(state: State, p: Pending) -> tuple[Move, ...]:
    colour = p.order[p.index]
    dest = 0
    for c, loc in state.destinations:
        if c == colour:
            dest = loc
            break
    chars = state.chars
    t = _table(state.setup)
    i = bisect_left(chars, (colour,))  # colour's characters are contiguous in chars
    mine = tuple([(x[1], x[2]) for x in chars[i:i + len(t.kinds)] if x[0] == colour])
    sprint = "sprint" in state.hands[t.seat[colour]]
    return _moves(mine, dest, state.sealed + t.closed if sprint else None)


def _offer_window(state: State, p: Pending) -> tuple[PlayCard | Pass, ...]:
    colour = p.order[p.index]
    hand = state.hands[_table(state.setup).seat[colour]]
    return (*_window_cards(hand, state.chars, state.hidden, colour, p.location, p.purpose),
            _PASS)


def _offer_place(state: State, p: Pending) -> tuple[Place, ...]:
    t = _table(state.setup)
    colour = t.colours[p.n % len(t.colours)]
    chars = state.chars
    i = bisect_left(chars, (colour,))  # colour's characters are contiguous in chars
    placed = [x[1] for x in chars[i:i + len(t.kinds)] if x[0] == colour]
    kinds = t.kinds if not placed else tuple([k for k in t.kinds if k not in placed])
    locs = [x[2] for x in chars]
    closed, sealed, caps = t.closed, state.sealed, t.caps
    offered = [d for d in p.dice if d not in closed and d not in sealed
               and locs.count(d) < caps[d]]
    if not offered:  # both dice full or closed: any location with room (MoH-R4)
        offered = [loc for loc in LOCATIONS if loc not in closed and loc not in sealed
                   and locs.count(loc) < caps[loc]]
    elif len(offered) == 2 and offered[0] >= offered[1]:
        offered = offered[:1] if offered[0] == offered[1] else [offered[1], offered[0]]
    return _places(kinds, tuple(offered))


def _offer_zombie_drop(state: State, p: Pending) -> tuple[PlaceZombie, ...]:
    t = _table(state.setup)
    return _drops(tuple(loc for loc in LOCATIONS if t.is_open(loc, state.sealed)))


def _offer_victim(state: State, p: Pending) -> tuple[Sacrifice, ...]:
    hidden = state.hidden
    return tuple(_SACRIFICE[k] for c, k, loc in state.chars
                 if loc == p.location and c == p.chosen and (c, k) not in hidden)


def _offer_split(state: State, p: Pending) -> tuple[TruckSplit, ...]:
    return _splits(p.drawn, tuple(c for c in _table(state.setup).colours if c != p.chosen))


def _offer_draw(state: State, p: Pending) -> OutcomeTable:
    return draw_outcomes(state.deck)


def _offer_arrival(state: State, p: Pending) -> OutcomeTable:
    return dice_outcomes(_table(state.setup).dice)


def _offer_placement_dice(state: State, p: Pending) -> OutcomeTable:
    return dice_outcomes(PLACEMENT_DICE)


def _offer_zombie_dice(state: State, p: Pending) -> OutcomeTable:
    return dice_outcomes(INITIAL_ZOMBIE_DICE)


def _offer_tiebreak(state: State, p: Pending) -> OutcomeTable:
    return _tiebreak_outcomes(p.candidates)


#: Per pending kind: who moves (``_IN_TURN``: the player whose turn it is in the pending
#: order), what is offered, and the step. The end ("over") has no entry.
_NODE: dict[str, tuple[Any, Callable[[State, Pending], Any], Callable[..., Any]]] = {
    "ballot": (_IN_TURN, _offer_ballot, _step_ballot),
    "destination": (_IN_TURN, _offer_destination, _step_destination),
    "move": (_IN_TURN, _offer_move, _step_move),
    "window": (_IN_TURN, _offer_window, _step_window),
    "place": ("placer", _offer_place, _step_place),
    "camera": (_IN_TURN, _offer_camera, _STEP["camera"]),
    "zombie_drop": (_IN_TURN, _offer_zombie_drop, _STEP["zombie_drop"]),
    "pick_victim": ("chosen", _offer_victim, _STEP["pick_victim"]),
    "truck_split": ("chosen", _offer_split, _STEP["truck_split"]),
    "deal": (CHANCE, _offer_draw, _step_deal),
    "truck_draw": (CHANCE, _offer_draw, _step_truck_draw),
    "place_roll": (CHANCE, _offer_placement_dice, _step_placement_roll),
    "zombies0": (CHANCE, _offer_zombie_dice, _STEP["zombies0"]),
    "arrival_roll": (CHANCE, _offer_arrival, _STEP["arrival_roll"]),
    "tiebreak": (CHANCE, _offer_tiebreak, _STEP["tiebreak"]),
}

_DECISION_RULES = {"place": "MoH-setup-characters", "window": "MoH-f-cards",
                   "ballot": "MoH-R7", "truck_split": "MoH-R9", "pick_victim": "MoH-R7",
                   "camera": "MoH-c", "destination": "MoH-R11", "zombie_drop": "MoH-R15",
                   "move": "MoH-e", "over": "MoH-end", "deal": "MoH-setup",
                   "place_roll": "MoH-setup-characters", "zombies0": "MoH-setup-zombies",
                   "truck_draw": "MoH-R9", "tiebreak": "MoH-R8", "arrival_roll": "MoH-c"}


class MallOfHorrorRules:
    """The :class:`~boardlab.core.engine.Rules` of Mall of Horror."""

    name = "mall-of-horror"
    book = BOOK
    setup_type = Setup
    state_type = State
    choice_types = CHOICE_TYPES

    # -- nodes -------------------------------------------------------------------------
    def initial(self, setup: Setup) -> State:
        """Seats, the deck, the first player with the Chief badge (MoH Setup)."""
        colours = setup.colours
        return State(setup=setup, round=0, phase="setup", chars=(), eaten=(),
                     zombies=(0,) * 6, sealed=(), hands=((),) * len(colours),
                     deck=setup.config.deck(), bottom=(), discard=(0,) * len(CARDS),
                     chief=colours[0], chief_elected=False, roll=(), lookers=(),
                     destinations=(), hardware=(0,) * 6, hidden=(), eliminated=(),
                     pending=Pending("deal", order=colours))

    def to_move(self, state: State) -> str | None:
        p = state[_PENDING]
        special = _MOVER.get(p[0], _IN_TURN)
        if special is _IN_TURN:  # the player whose turn it is in the pending order
            return p[3][p[4]]  # type: ignore[no-any-return]
        if special == "chosen":
            return p.chosen
        if special == "placer":
            colours = state.setup.colours
            return colours[p.n % len(colours)]
        return special  # CHANCE, or None at the end

    def outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        p = state[_PENDING]
        entry = _NODE.get(p[0])
        if entry is None or entry[0] != CHANCE:
            return ()
        return entry[1](state, p)  # type: ignore[no-any-return]

    def legal(self, state: State) -> tuple[Any, ...]:
        """The legal choices, read from ``state`` without copying it (shared objects)."""
        p = state[_PENDING]
        entry = _NODE.get(p[0])
        if entry is None or entry[0] == CHANCE:
            return ()
        return entry[1](state, p)  # type: ignore[no-any-return]

    def node(self, state: State) -> tuple[str | None, tuple[Any, ...], Any]:
        """``(to_move, legal choices or chance outcomes, step)`` in one look at the state.

        The fast path of bulk play (:meth:`boardlab.core.engine.Match._play`): the same
        answers as :meth:`to_move`, :meth:`legal` / :meth:`outcomes` and :meth:`step`
        (the conformance check compares them), found with one dispatch on the pending
        kind instead of three.
        """
        p = state[_PENDING]
        entry = _NODE.get(p[0])
        if entry is None:
            return None, (), None
        who, options, apply = entry
        if who is _IN_TURN:
            mover = p[3][p[4]]
        elif who == "chosen":
            mover = p[12]
        elif who == "placer":
            colours = _table(state[0]).colours
            mover = colours[p[5] % len(colours)]
        else:
            mover = who  # CHANCE
        return mover, options(state, p), apply

    def step(self, state: State, choice: Any) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal choice or outcome (unchecked: :class:`Match` checks legality)."""
        step = _STEP.get(state.pending.kind)
        if step is None:
            raise IllegalAction("the match is over", rule=BOOK["MoH-end"])
        return step(state, choice)

    def decision_rule(self, state: State) -> RuleRef:
        p = state.pending
        rule_id = _DECISION_RULES[p.kind]
        if p.kind == "window" and p.purpose in ("truck", "chief"):
            rule_id = "MoH-voting-threat"
        elif p.kind == "ballot" and p.second:
            rule_id = "MoH-R8"
        return BOOK[rule_id]

    # -- views and checks ----------------------------------------------------------------
    def observe(self, state: State, player: str) -> Any:
        from boardlab.mall_of_horror.observe import observe

        return observe(state, player)

    def scores(self, state: State) -> dict[str, int]:
        """Points of each colour's living characters (MoH End of Game)."""
        return _scores(state.setup.colours, state.chars)

    def invariants(self, state: State) -> list[str]:
        from boardlab.mall_of_horror.invariants import invariants

        return invariants(state)


RULES = MallOfHorrorRules()

