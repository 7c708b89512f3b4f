"""Phase f): extra zombies, the attack on each location in turn, cards, the Parking Lot.

Locations 1–6 are checked in order (MoH-f): where the zombies reach the defence
(MoH-R5, MoH-f-toughguy, MoH-f-supermarket), the players there may play cards
(MoH-f-cards, MoH-R14), then vote who is eaten; at the Parking Lot every zombie eats,
one vote per meal (MoH-parking, MoH-R6).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import cast

from boardlab.core.events import EventRow
from boardlab.mall_of_horror import events as E
from boardlab.mall_of_horror.choices import Pass, PlayCard, Sacrifice
from boardlab.mall_of_horror.config import LOCATIONS, PARKING, POINTS, SUPERMARKET
from boardlab.mall_of_horror.queries import CHARACTER_DEFENCE, under_attack
from boardlab.mall_of_horror.rules import tables
from boardlab.mall_of_horror.rules.work import (
    CHARS,
    HANDS,
    PENDING,
    Char,
    WorkBase,
    _new,
    next_turn,
)
from boardlab.mall_of_horror.state import Kind, Pending, Phase, Purpose, State

Step = tuple[State, tuple[EventRow, ...]]  # events as rows: see work.py
_colour = itemgetter(0)  # the colour of a ``chars`` entry, read in C


class AttackParking(WorkBase):
    """Phase f)."""

    __slots__ = ()

    def begin_f(self) -> None:
        self.phase = Phase.F
        self.add_extra_zombies()
        self.attack_from(1)

    def add_extra_zombies(self) -> None:
        """The crowd and the loudest Pin-Ups draw one zombie each (MoH-f-extra, R13)."""
        by = self._index if self._index_for is self.chars else self.index()
        closed, sealed = self.t.closed, self.sealed
        most_n, crowd = -1, []  # the most characters (tokens) and where, as queries.most
        most_p, loud = -1, []   # the most Pin-Ups and where: one pass for both
        for loc in LOCATIONS:
            if loc not in closed and loc not in sealed:
                here = by[loc]
                n = len(here)
                if n > most_n:
                    most_n, crowd = n, [loc]
                elif n == most_n:
                    crowd.append(loc)
                n = 0
                for x in here:  # a loop: a comprehension is a function call in 3.11
                    if x[1] == "pinup":
                        n += 1
                if n > most_p:
                    most_p, loud = n, [loc]
                elif n == most_p:
                    loud.append(loc)
        if not crowd:
            raise ValueError("most() needs at least one location")
        self.extra_zombie(most_n, tuple(crowd), "characters")
        self.extra_zombie(most_p, tuple(loud), "Pin-Ups")

    def extra_zombie(self, top: int, leaders: tuple[int, ...], what: str) -> None:
        """One zombie for the single location with the most ``what`` (MoH-f-extra, R13)."""
        if top < 1:
            self.events.append((E.EXTRA_NONE, None, self.round, self.phase, (), what))
        elif len(leaders) > 1:
            self.events.append((
                E.EXTRA_TIE, None, self.round, self.phase, (), what, leaders, top))
        else:
            loc = leaders[0]
            self.add_zombies(loc, 1)
            self.events.append((
                E.EXTRA_ZOMBIE, None, self.round, self.phase, (), loc, what, self.t.labels[loc],
                top))

    def preview_round(self, faces: tuple[int, ...]) -> tuple[int, ...]:
        """Characters stay where they are; these dice arrive: which locations fall?

        The same steps as phases e) and f) of the engine — dice placed (closed and
        sealed locations ignored), sealing, the extra zombies — then the attack check.
        """
        self.place_dice(faces)
        self.check_sealing()
        self.add_extra_zombies()
        return under_attack(self)

    def attack_from(self, first: int) -> None:
        """Check locations ``first``…6 in order until one needs a decision (MoH-f)."""
        labels, closed, sealed = self.t.labels, self.t.closed, self.sealed
        # No one moves while the locations are checked: one index for the whole loop.
        by = self._index if self._index_for is self.chars else self.index()
        for loc in range(first, 7):
            if loc in closed or loc in sealed:
                continue
            z = self.zombies[loc - 1]
            if not by[loc]:
                if z:
                    self.events.append((
                        E.WAITING, None, self.round, self.phase, (), loc, z, labels[loc]))
                continue
            if loc == PARKING:
                if z:
                    self.events.append((
                        E.PARKING_MEALS, None, self.round, self.phase, (), loc, z))
                    return self.start_window(loc, Purpose.MEAL)
                continue
            if not z:  # no zombies in front: nothing to tell
                continue
            # Defence (MoH-R5): characters, a Tough Guy counting 2, plus Hardware.
            tough = False
            d = self.hardware[loc - 1]
            for x in by[loc]:
                d += CHARACTER_DEFENCE[x[1]]
                if x[1] == "toughguy":
                    tough = True
            t = min(d, self.t.supermarket_threshold) if loc == SUPERMARKET else d
            if loc == SUPERMARKET and t < d:
                rule_id = "MoH-f-supermarket"
            elif tough:
                rule_id = "MoH-f-toughguy"
            else:
                rule_id = "MoH-R5"
            if z >= t:
                self.events.append((
                    E.THREAT[rule_id], None, self.round, self.phase, (), loc, z, d, t, labels[loc],
                    tough))
                return self.start_window(loc, Purpose.SACRIFICE)
            self.events.append((
                E.HOLDS[rule_id], None, self.round, self.phase, (), loc, z, d, t, labels[loc],
                tough))
        self.end_round()

    def window_cards(self, colour: str, location: int, purpose: str) -> Sequence[PlayCard]:
        """Cards ``colour`` may play now (MoH-voting-threat, MoH-f-cards)."""
        by = self._index if self._index_for is self.chars else self.index()
        return window_cards(self.hands[self.t.seat[colour]], by[location], self.hidden, colour,
                            location, purpose)

    def start_window(self, location: int, purpose: str) -> None:
        """Players there may play cards, Chief first then clockwise (MoH-R14)."""
        here = (self._index if self._index_for is self.chars else self.index())[location]
        present = set(map(_colour, here))
        hands, seat, hidden = self.hands, self.t.seat, self.hidden
        found = []  # a loop: a comprehension is a function call in 3.11
        for c in self.t.orders[self.chief]:
            if c in present:
                hand = hands[seat[c]]
                if hand and window_cards(hand, here, hidden, c, location, purpose):
                    found.append(c)
        if found:
            order = tuple(found)
            self.pending = _new(Pending, (Kind.WINDOW, purpose, location, order, 0, 0, (), (),
                                          (), (), (), False, "", ()))
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
            self.events.append((
                E.CARD_THREAT, colour, self.round, self.phase, (), card, loc))
        elif card == "hardware":
            hw = list(self.hardware)
            hw[loc - 1] += 1
            self.hardware = tuple(hw)
            self.events.append((
                E.CARD_HARDWARE, colour, self.round, self.phase, (), card, loc, self.t.labels[loc],
                self.defence(loc)))
        elif card in ("weapon1", "weapon2"):
            strength = 1 if card == "weapon1" else 2
            killed = min(strength, self.zombies[loc - 1])
            self.set_zombies(loc, self.zombies[loc - 1] - killed)
            self.events.append((
                E.CARD_WEAPON, colour, self.round, self.phase, (), card, loc, killed,
                self.t.labels[loc], self.zombies[loc - 1]))
        else:  # hidden
            assert choice.character is not None
            self.hidden = tuple(sorted((*self.hidden, (colour, choice.character))))
            self.events.append((
                E.CARD_HIDDEN, colour, self.round, self.phase, (), card, loc, choice.character))
        index = p.index
        if not self.window_cards(colour, loc, p.purpose):
            index += 1
        kind, purpose, loc, order, _, n, dice, cands, weights, _, ballots, second, chosen, \
            drawn = p  # one unpacking (see work.next_turn)
        p = _new(Pending, (kind, purpose, loc, order, index, n, dice, cands, weights, threats,
                           ballots, second, chosen, drawn))
        self.pending = p
        if index >= len(p.order):
            self.after_window(p.purpose, loc, threats)

    def pick_victim(self, choice: Sacrifice) -> None:
        p = self.pending
        self.eat(p.chosen, choice.kind, p.purpose, p.location)

    def after_window(self, purpose: str, location: int,
                     threats: tuple[tuple[str, int], ...]) -> None:
        """The cards are played: the attack goes on, or the vote opens."""
        if purpose == Purpose.SACRIFICE or purpose == Purpose.MEAL:
            z = self.zombies[location - 1]
            if purpose == Purpose.SACRIFICE:
                t = self.threshold(location)
                if z < t:
                    self.events.append((
                        E.REPELLED, None, self.round, self.phase, (), location, z, t,
                        self.t.labels[location]))
                    return self.attack_from(location + 1)
            elif z == 0:
                self.events.append((
                    E.REPELLED_PARKING, None, self.round, self.phase, (), location))
                return self.attack_from(location + 1)
            candidates = self.eligible(location)
            if not candidates:
                self.set_zombies(location, 0)
                self.events.append((
                    E.ALL_HIDDEN, None, self.round, self.phase, (), location,
                    self.t.labels[location]))
                return self.attack_from(location + 1)
        else:
            candidates = self.eligible(location)
        if len(candidates) == 1:
            return self.forced(purpose, location, candidates[0])
        self.open_ballots(purpose, location, threats, candidates)

    def eat(self, colour: str, kind: str, purpose: str, loc: int) -> None:
        """The zombies eat a character; after a sacrifice they leave (MoH-f, MoH-parking)."""
        chars = self.chars
        i = bisect_left(chars, (colour, kind))
        rest = list(chars)
        del rest[i]
        self.chars = tuple(rest)
        self.without(chars, chars[i])  # the attack goes on asking: the index loses an entry
        self.eaten = (*self.eaten, (colour, kind))
        self.events.append((
            E.EATEN[purpose], colour, self.round, self.phase, (), kind, loc, POINTS[kind],
            self.t.labels[loc]))
        # A colour's characters are contiguous in chars: it has one left iff a neighbour
        # of the gap is one of them (no second bisection).
        if not (i < len(rest) and rest[i][0] == colour or i and rest[i - 1][0] == colour):
            self.eliminated = (*self.eliminated, (colour, self.round))
            self.events.append((E.ELIMINATED, colour, self.round, self.phase, ()))
        if purpose == Purpose.SACRIFICE:
            self.set_zombies(loc, 0)
            self.events.append((
                E.FEAST_OVER, None, self.round, self.phase, (), loc, self.t.labels[loc]))
            return self.attack_from(loc + 1)
        z = self.zombies[loc - 1] - 1
        self.set_zombies(loc, z)
        if z and self.count(loc):
            return self.start_window(loc, Purpose.MEAL)
        if z:
            self.set_zombies(loc, 0)
            self.events.append((E.LEFTOVERS, None, self.round, self.phase, (), loc, z))
        self.attack_from(loc + 1)

    # -- steps (``cls`` is the whole worker) ---------------------------------------------
    @classmethod
    def step_window(cls, state: State, choice: PlayCard | Pass) -> Step:
        p = state[PENDING]
        passes = choice is tables.PASS or isinstance(choice, Pass)
        if passes and p[4] + 1 < len(p[3]):
            return _new(State, state[:PENDING] + (next_turn(p),)), ()  # (see step_ballot)
        w = cls(state)
        if passes:  # the last player passes: the vote or the attack goes on
            w.after_window(p.purpose, p.location, p.threats)
        else:
            w.play_card(cast(PlayCard, choice))
        return w.done()


def window_cards(hand: tuple[str, ...], chars: Iterable[Char],
                 hidden: tuple[tuple[str, str], ...], colour: str, location: int,
                 purpose: str) -> Sequence[PlayCard]:
    """Cards ``colour`` may play now (MoH-voting-threat, MoH-f-cards).

    ``chars`` holds (at least) the characters at ``location``.
    """
    if not hand:
        return ()
    plays = _plays(hand, location, purpose)
    if "hidden" not in hand or purpose == Purpose.TRUCK or purpose == Purpose.CHIEF:
        return plays
    out = list(plays)  # the Hidden card hides one of colour's characters there
    for c, k, loc in chars:
        if loc == location and c == colour and (c, k) not in hidden:
            out.append(tables.HIDE[location, k])
    return out


@lru_cache(maxsize=4096)
def _plays(hand: tuple[str, ...], location: int, purpose: str) -> tuple[PlayCard, ...]:
    """The cards of ``hand`` but the Hidden card that may be played now (a hand, a
    location and a purpose recur from match to match: looked up, not worked out)."""
    out: list[PlayCard] = []
    if "threat" in hand:
        out.append(tables.PLAY["threat", location])
    if purpose == Purpose.TRUCK or purpose == Purpose.CHIEF:
        return tuple(out)
    if "hardware" in hand and location != PARKING:
        out.append(tables.PLAY["hardware", location])
    if "weapon1" in hand:
        out.append(tables.PLAY["weapon1", location])
    if "weapon2" in hand:
        out.append(tables.PLAY["weapon2", location])
    return tuple(out)


@lru_cache(maxsize=4096)
def _offer(hand: tuple[str, ...], location: int, purpose: str) -> tuple[PlayCard | Pass, ...]:
    """What a window offers a hand without a Hidden card to play: its cards, or pass."""
    return (*_plays(hand, location, purpose), tables.PASS)


# -- offers -------------------------------------------------------------------------------
def offer_window(state: State, p: Pending) -> tuple[PlayCard | Pass, ...]:
    colour = p[3][p[4]]
    last = tables._last
    t = last[1] if state[0] is last[0] else tables.remember(state[0])
    hand = state[HANDS][t.seat[colour]]
    purpose = p[1]
    if "hidden" not in hand or purpose == Purpose.TRUCK or purpose == Purpose.CHIEF:
        return _offer(hand, p[2], purpose)
    return (*window_cards(hand, state[CHARS], state.hidden, colour, p[2], purpose),
            tables.PASS)


def offer_victim(state: State, p: Pending) -> tuple[Sacrifice, ...]:
    hidden = state.hidden
    return tuple(tables.SACRIFICE[k] for c, k, loc in state.chars
                 if loc == p.location and c == p.chosen and (c, k) not in hidden)
