"""The working copy a step changes: one mutable copy of a state, frozen once at the end.

:class:`WorkBase` holds the state's fields, the events of the step and the small
questions the procedures ask many times (characters per location, defence, who may be
voted for). The procedures of each phase are mixins defined beside it (``setup_placement``,
``truck_votes``, ``arrival_camera``, ``destinations_moves``, ``attack_parking``,
``round_end``) and joined into :class:`~boardlab.mall_of_horror.rules.worker.Work`.

Pending steps are built positionally (``tuple.__new__``): keyword parsing would cost
several times more on the hot path.

>>> from boardlab.mall_of_horror.position import position
>>> s = position(characters={6: ["red pinup", "blue toughguy"]}, zombies={6: 1}, phase="c")
>>> w = WorkBase(s)
>>> w.count(6), w.defence(6), w.eligible(6)
(2, 3, ('red', 'blue'))
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from boardlab.core.events import EventRow
from boardlab.mall_of_horror.config import CARDS, COLOURS, KINDS, SUPERMARKET
from boardlab.mall_of_horror.queries import CHARACTER_DEFENCE
from boardlab.mall_of_horror.rules import tables
from boardlab.mall_of_horror.state import Kind, Pending, State

_new = tuple.__new__  # builds a State or Pending from a plain tuple, no checks
_colour = itemgetter(0)  # the colour of a ``chars`` entry, read in C (no comprehension)

CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
VIS = {c: (c,) for c in COLOURS}  # visible_to of one player's secrets, shared
# Positions of the fields the hot paths read by index (``state[PENDING]``): literal
# constants, so a type checker knows each field's type; checked against State below.
CHARS: Final = 3
SEALED: Final = 6
HANDS: Final = 7
DECK: Final = 8
CHIEF: Final = 11
CHIEF_ELECTED: Final = 12
DESTINATIONS: Final = 15
PENDING: Final = 19
for _name, _at in (("chars", CHARS), ("sealed", SEALED), ("hands", HANDS), ("deck", DECK),
                   ("chief", CHIEF), ("chief_elected", CHIEF_ELECTED),
                   ("destinations", DESTINATIONS), ("pending", PENDING)):
    if State._fields[_at] != _name:  # pragma: no cover - a State field was moved
        raise ImportError(f"State field {_name!r} is not at index {_at}")

# Pending steps that carry nothing but their kind (or a count) are shared, not rebuilt.
P_ARRIVAL = Pending(Kind.ARRIVAL_ROLL)
P_UNSEEN_ROLL = Pending(Kind.UNSEEN_ROLL)
P_OVER = Pending(Kind.OVER)
P_ZOMBIES0 = Pending(Kind.ZOMBIES0)
P_PLACE_ROLL = tuple(Pending(Kind.PLACE_ROLL, n=n) for n in range(len(COLOURS) * len(KINDS)))

Char = tuple[str, str, int]
ByLocation = tuple[tuple[Char, ...], ...]
_last_index: tuple[Any, Any] = (None, ())  # the last ``chars`` indexed, and its index


def by_location(chars: tuple[Char, ...]) -> ByLocation:
    """The ``chars`` entries standing at each location 1–6 (index 0 unused), in order.

    Characters move on few plies, so the next step usually asks about the same
    ``chars`` (about 20 of 35 times in a match): the last index is kept (immutable).
    """
    global _last_index
    last = _last_index
    if chars is last[0]:
        return last[1]
    by: tuple[list[Char], ...] = ([], [], [], [], [], [], [])
    for x in chars:
        by[x[2]].append(x)
    index = (), tuple(by[1]), tuple(by[2]), tuple(by[3]), tuple(by[4]), tuple(by[5]), \
        tuple(by[6])
    _last_index = (chars, index)
    return index


# Turns that carry nothing but their kind and order (destinations, moves, the camera,
# zombie drops, the deal) recur from match to match: their pending steps are shared.
# _TURNS[kind, order] is the first turn's; _NEXT[id(p)] is ``(p, the next turn's)`` for
# every shared one but the last (the pair keeps ``p`` alive, so its id is not reused).
_TURNS: dict[tuple[str, tuple[str, ...]], Pending] = {}
_NEXT: dict[int, tuple[Pending, Pending]] = {}
_MAX_TURNS = 4096  # orders of at most six colours: far fewer, but bounded all the same


def turns(kind: str, order: tuple[str, ...]) -> Pending:
    """A pending step the players of ``order`` take in turn (shared, see ``_TURNS``)."""
    found = _TURNS.get((kind, order))
    if found is not None:
        return found
    if len(_TURNS) >= _MAX_TURNS:
        _TURNS.clear()
        _NEXT.clear()
    chain = [_new(Pending, (kind, "", 0, order, i, 0, (), (), (), (), (), False, "", ()))
             for i in range(max(len(order), 1))]
    for i in range(1, len(chain)):
        _NEXT[id(chain[i - 1])] = (chain[i - 1], chain[i])
    _TURNS[kind, order] = chain[0]
    return chain[0]


def next_turn(p: Pending) -> Pending:
    """``p`` passed to the next player of its order."""
    link = _NEXT.get(id(p))
    if link is not None and link[0] is p:  # a shared turn: its successor is shared too
        return link[1]
    # One unpacking, not fourteen subscripts: a Pending is a tuple subclass, and CPython
    # 3.11 subscripts those by its generic path (about twice a plain tuple's cost).
    kind, purpose, loc, order, index, n, dice, cands, weights, threats, ballots, second, \
        chosen, drawn = p
    return _new(Pending, (kind, purpose, loc, order, index + 1, n, dice, cands, weights,
                          threats, ballots, second, chosen, drawn))


def give(hands: tuple[tuple[str, ...], ...], seat: int, card: str) -> tuple[tuple[str, ...], ...]:
    """``hands`` with ``card`` added (sorted) to the hand of ``seat``."""
    out = list(hands)
    out[seat] = tuple(sorted((*hands[seat], card)))
    return tuple(out)


def drawn_from(deck: tuple[int, ...], card: str) -> tuple[int, ...]:
    """The unseen deck without ``card``."""
    out = list(deck)
    out[CARD_INDEX[card]] -= 1
    return tuple(out)


class WorkBase:
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
        self.events: list[EventRow] = []
        setup = self.setup  # (a slot, not the state's generic subscript)
        last = tables._last
        self.t = last[1] if setup is last[0] else tables.remember(setup)
        self._index_for: Any = None
        self._index: ByLocation = ()

    def freeze(self) -> State:
        return _new(State, (self.setup, self.round, self.phase, self.chars, self.eaten,
                            self.zombies, self.sealed, self.hands, self.deck, self.bottom,
                            self.discard, self.chief, self.chief_elected, self.roll,
                            self.lookers, self.destinations, self.hardware, self.hidden,
                            self.eliminated, self.pending))

    def done(self) -> tuple[State, tuple[EventRow, ...]]:
        """The step's result: the frozen state and the events, in order."""
        return _new(State, (self.setup, self.round, self.phase, self.chars, self.eaten,
                            self.zombies, self.sealed, self.hands, self.deck, self.bottom,
                            self.discard, self.chief, self.chief_elected, self.roll,
                            self.lookers, self.destinations, self.hardware, self.hidden,
                            self.eliminated, self.pending)), tuple(self.events)

    # Events are appended as event rows: plain tuples ``(template, who, round, phase,
    # visible_to, *args)`` laid out as a boardlab.core.events.Event (a method call per
    # event would cost more than building it, and an Event object costs several times
    # a plain tuple to make and to free). ``MallOfHorrorRules.step`` hands them out as
    # Events; bulk play keeps the rows and the match makes them Events when read.

    # -- small queries ------------------------------------------------------------------
    def order(self) -> tuple[str, ...]:
        """Turn order this round: the Chief, then clockwise (MoH-R10)."""
        return self.t.orders[self.chief]

    def alive(self) -> set[str]:
        return set(map(_colour, self.chars))

    def index(self) -> ByLocation:
        """The characters at each location, built once per step (again if they move).

        The hot callers test ``self._index_for is self.chars`` themselves and call this
        only when the index must be built: a method call per question cost more than
        the question.
        """
        chars = self.chars
        if self._index_for is not chars:
            last = _last_index  # by_location's own memory, asked here: a call less
            self._index = last[1] if chars is last[0] else by_location(chars)
            self._index_for = chars
        return self._index

    def without(self, before: tuple[Char, ...], gone: Char) -> None:
        """``chars`` is ``before`` without ``gone``: if an index of ``before`` is at hand
        (the worker's or the last one), the index of ``chars`` is made from it, not built
        again at the next question, and kept as the last index too."""
        global _last_index
        if self._index_for is before:
            by = list(self._index)
        elif _last_index[0] is before:
            by = list(_last_index[1])
        else:
            return
        here = list(by[gone[2]])
        here.remove(gone)
        by[gone[2]] = tuple(here)
        index = self._index = tuple(by)
        self._index_for = chars = self.chars
        _last_index = (chars, index)

    def count(self, location: int) -> int:
        """Character tokens at ``location``."""
        if self._index_for is not self.chars:
            self.index()
        return len(self._index[location])

    def is_open(self, location: int) -> bool:
        return location not in self.t.closed and location not in self.sealed

    def defence(self, location: int) -> int:
        """Characters (a Tough Guy counts 2, hidden ones too) + Hardware (MoH-R5)."""
        d = self.hardware[location - 1]
        by = self._index if self._index_for is self.chars else self.index()
        for x in by[location]:  # a loop: a comprehension is a call in 3.11
            d += CHARACTER_DEFENCE[x[1]]
        return d

    def threshold(self, location: int) -> int:
        """Zombies needed to break in (MoH-R5, MoH-f-supermarket)."""
        d = self.defence(location)
        if location == SUPERMARKET:
            return min(d, self.t.supermarket_threshold)
        return d

    def eligible(self, location: int) -> tuple[str, ...]:
        """Colours with a non-hidden character at ``location``, in turn order (MoH-R7)."""
        here = (self._index if self._index_for is self.chars else self.index())[location]
        if not here:
            return ()
        hidden = self.hidden
        if hidden:
            present: set[str] = set()
            for x in here:
                if (x[0], x[1]) not in hidden:
                    present.add(x[0])
            if not present:
                return ()
        else:
            present = set(map(_colour, here))
        if len(present) == 1:
            return tuple(present)
        return tuple(filter(present.__contains__, self.t.orders[self.chief]))  # in C

    def give_card(self, colour: str, card: str) -> None:
        self.hands = give(self.hands, self.t.seat[colour], card)

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
            self.pending = next_turn(p)
            return True
        return False

    if TYPE_CHECKING:  # the procedures other phases call, defined by the phase mixins
        def begin_round(self) -> None: ...
        def begin_a(self) -> None: ...
        def begin_b(self) -> None: ...
        def begin_c(self) -> None: ...
        def begin_d(self) -> None: ...
        def begin_e(self) -> None: ...
        def begin_f(self) -> None: ...
        def end_round(self) -> None: ...
        def place_dice(self, faces: tuple[int, ...]) -> None: ...
        def zombie_drops(self) -> None: ...
        def check_sealing(self) -> None: ...
        def add_extra_zombies(self) -> None: ...
        def start_vote(self, purpose: str, location: int) -> None: ...
        def forced(self, purpose: str, location: int, colour: str) -> None: ...
        def open_ballots(self, purpose: str, location: int,
                         threats: tuple[tuple[str, int], ...],
                         candidates: tuple[str, ...] | None = None) -> None: ...
        def resolve(self, purpose: str, location: int, colour: str) -> None: ...
        def start_window(self, location: int, purpose: str) -> None: ...
        def after_window(self, purpose: str, location: int,
                         threats: tuple[tuple[str, int], ...]) -> None: ...
        def attack_from(self, first: int) -> None: ...
        def eat(self, colour: str, kind: str, purpose: str, loc: int) -> None: ...
