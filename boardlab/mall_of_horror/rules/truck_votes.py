"""Phases a) and b) and every vote: the truck search, the Chief election, the ballots.

A vote (MoH Voting) opens with a card window for Threat cards (MoH-voting-threat), then
secret ballots in turn order; the tally (MoH-R7, MoH-R8) resolves it: a searcher, a
Chief, or a colour that loses a character. The truck search draws up to three cards
(MoH-R9) and the searcher shares them out.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.engine import OutcomeTable
from boardlab.core.events import EventRow
from boardlab.mall_of_horror import events as E
from boardlab.mall_of_horror.choices import Draw, TieBreak, TruckSplit, Vote
from boardlab.mall_of_horror.config import PARKING, SECURITY
from boardlab.mall_of_horror.queries import CHARACTER_VOTES
from boardlab.mall_of_horror.rules import tables
from boardlab.mall_of_horror.rules.chance import tiebreak_outcomes
from boardlab.mall_of_horror.rules.work import (
    DECK,
    PENDING,
    VIS,
    WorkBase,
    _new,
    drawn_from,
)
from boardlab.mall_of_horror.state import Kind, Pending, Phase, Purpose, State

Step = tuple[State, tuple[EventRow, ...]]  # events as rows: see work.py


class TruckVotes(WorkBase):
    """Phases a) and b), and the votes of every phase."""

    __slots__ = ()

    def begin_a(self) -> None:
        self.phase = Phase.A
        if self.deck_size() == 0:
            self.events.append((E.SKIP_TRUCK_EMPTY, None, self.round, self.phase, ()))
            return self.begin_b()
        if not self.count(PARKING):
            self.events.append((
                E.SKIP_PARKING_EMPTY, None, self.round, self.phase, ()))
            return self.begin_b()
        self.start_vote(Purpose.TRUCK, PARKING)

    def begin_b(self) -> None:
        self.phase = Phase.B
        if not self.count(SECURITY):
            self.events.append((
                E.SKIP_SECURITY_EMPTY, None, self.round, self.phase, (), self.chief))
            return self.begin_c()
        self.start_vote(Purpose.CHIEF, SECURITY)

    def start_vote(self, purpose: str, location: int) -> None:
        """A vote of phase a) or b): Threat cards first, then the ballots (MoH Voting)."""
        candidates = self.eligible(location)
        if len(candidates) == 1:
            return self.forced(purpose, location, candidates[0])
        seat, hands = self.t.seat, self.hands
        order = []  # a loop: a generator is a function call in 3.11
        for c in candidates:
            if "threat" in hands[seat[c]]:
                order.append(c)
        if order:
            self.pending = _new(Pending, (Kind.WINDOW, purpose, location, tuple(order), 0, 0,
                                          (), (), (), (), (), False, "", ()))
        else:
            self.open_ballots(purpose, location, (), candidates)

    def forced(self, purpose: str, location: int, colour: str) -> None:
        """A vote with one possible colour is not held (MoH-R19)."""
        self.events.append((
            E.FORCED_VOTE, colour, self.round, self.phase, (), location, self.t.labels[location]))
        self.resolve(purpose, location, colour)

    def open_ballots(self, purpose: str, location: int, threats: tuple[tuple[str, int], ...],
                     candidates: tuple[str, ...] | None = None) -> None:
        """The ballots of a vote among ``candidates`` (default: who may be chosen there)."""
        if candidates is None:
            candidates = self.eligible(location)
        # Votes per player: non-hidden characters there, +1 for a non-hidden Gunman, +1 per
        # Threat played (MoH-R7, MoH-voting-threat).
        weight = dict(threats) if threats else {}  # (dict.fromkeys costs twice a loop)
        hidden = self.hidden
        for c, k, _ in (self._index if self._index_for is self.chars else self.index())[location]:
            if not hidden or (c, k) not in hidden:
                weight[c] = weight.get(c, 0) + CHARACTER_VOTES[k]
        pairs = []  # a loop: zip(strict=True) parses a keyword, a comprehension is a call
        for c in candidates:
            pairs.append((c, weight.get(c, 0)))
        weights = tuple(pairs)
        self.pending = _new(Pending, (Kind.BALLOT, purpose, location, candidates, 0, 0, (),
                                      candidates, weights, threats, (), False, "", ()))

    def tally(self, purpose: str, location: int, candidates: tuple[str, ...],
              weights: tuple[tuple[str, int], ...], ballots: tuple[tuple[str, str], ...],
              second: bool) -> None:
        """Most votes is chosen; a tie goes to a second vote of everyone (MoH-R7, R8).

        The vote's fields come as arguments: the last ballot's step has them unpacked.
        """
        weight = dict(weights)
        counts = {}  # in the candidates' order (a loop: dict.fromkeys costs twice as much)
        for c in candidates:
            counts[c] = 0
        for voter, colour in ballots:
            counts[colour] += weight[voter]
        top = -1
        leaders: list[str] = []  # one pass for the most votes and who has them
        for c, n in counts.items():
            if n > top:
                top, leaders = n, [c]
            elif n == top:
                leaders.append(c)
        self.events.append((
            E.TALLY_SECOND if second else E.TALLY, None, self.round, self.phase, (), location,
            ballots, tuple(counts.items()), self.t.labels[location], weights))
        if len(leaders) == 1:
            return self.resolve(purpose, location, leaders[0])
        tied = tuple(leaders)
        if not second:
            hiding = {c for c, _, _ in self.index()[location]} - set(self.eligible(location))
            voters = tuple(c for c in self.order() if c not in hiding)
            weights = tuple((v, weight.get(v, 1)) for v in voters)
            self.events.append((
                E.SECOND_VOTE, None, self.round, self.phase, (), tied, bool(hiding)))
            self.pending = _new(Pending, (Kind.BALLOT, purpose, location, voters, 0, 0, (), tied,
                                          weights, (), (), True, "", ()))
            return
        if purpose == Purpose.TRUCK:
            self.events.append((E.NO_RESULT_TRUCK, None, self.round, self.phase, ()))
            return self.begin_b()
        if purpose == Purpose.CHIEF:
            self.events.append((
                E.NO_RESULT_CHIEF, None, self.round, self.phase, (), self.chief))
            return self.begin_c()
        self.events.append((
            E.NO_RESULT_CHANCE, None, self.round, self.phase, (), tied))
        self.pending = _new(Pending, (Kind.TIEBREAK, purpose, location, (), 0, 0, (), tied, (),
                                      (), (), False, "", ()))

    def tiebreak(self, choice: TieBreak) -> None:
        p = self.pending
        self.events.append((E.TIEBREAK, choice.colour, self.round, self.phase, ()))
        self.resolve(p.purpose, p.location, choice.colour)

    def resolve(self, purpose: str, location: int, colour: str) -> None:
        """The vote chose ``colour``: search, become Chief, or lose a character."""
        if purpose == Purpose.TRUCK:
            n = min(3, self.deck_size())
            self.events.append((E.SEARCHER, colour, self.round, self.phase, (), n))
            self.pending = _new(Pending, (Kind.TRUCK_DRAW, Purpose.TRUCK, PARKING, (), 0, n, (),
                                          (), (), (), (), False, colour, ()))
            return self.continue_drawing()
        if purpose == Purpose.CHIEF:
            self.chief = colour
            self.chief_elected = True
            self.events.append((E.CHIEF, colour, self.round, self.phase, ()))
            return self.begin_c()
        hidden = self.hidden
        victims = []  # a loop: a comprehension is a function call in 3.11
        for c, k, _ in (self._index if self._index_for is self.chars else self.index())[location]:
            if c == colour and (c, k) not in hidden:
                victims.append(k)
        self.events.append((
            E.CHOSEN[purpose], colour, self.round, self.phase, (), location,
            self.t.labels[location]))
        if len(victims) == 1:
            return self.eat(colour, victims[0], purpose, location)
        self.pending = _new(Pending, (Kind.PICK_VICTIM, purpose, location, (), 0, 0, (), (),
                                      (), (), (), False, colour, ()))

    def continue_drawing(self) -> None:
        """Draw on, from the known cards under the deck once the unseen ones run out."""
        p = self.pending
        drawn, n = p.drawn, p.n
        while n and not sum(self.deck):
            drawn, n = (*drawn, self.bottom[0]), n - 1   # known cards under the deck
            self.bottom = self.bottom[1:]
        kind, purpose, loc, order, index, _, dice, cands, weights, threats, ballots, second, \
            chosen, _ = p  # one unpacking (see work.next_turn)
        p = _new(Pending, (kind, purpose, loc, order, index, n, dice, cands, weights, threats,
                           ballots, second, chosen, drawn))
        self.pending = p
        if n:
            return
        if len(drawn) == 1:
            self.give_card(p.chosen, drawn[0])
            self.events.append((
                E.TRUCK_ONLY, p.chosen, self.round, self.phase, self.t.vis[p.chosen], drawn[0]))
            return self.begin_b()
        self.pending = _new(Pending, (Kind.TRUCK_SPLIT, Purpose.TRUCK, PARKING, (), 0, 0, (), (),
                                      (), (), (), False, p[12], drawn))

    def truck_split(self, choice: TruckSplit) -> None:
        p = self.pending
        rest = list(p.drawn)
        rest.remove(choice.keep)
        self.give_card(p.chosen, choice.keep)
        give, to = choice.give, choice.to
        gives = give is not None and to is not None
        if give is not None and to is not None:
            rest.remove(give)
            self.give_card(to, give)
        if rest:
            self.bottom = (*self.bottom, *rest)
        self.events.append((
            E.TRUCK_SPLIT, p.chosen, self.round, self.phase, self.t.vis[p.chosen], choice.keep,
            choice.give, choice.to, rest[0] if rest else None))
        if gives:
            self.events.append((
                E.GIFT, choice.to, self.round, self.phase, (choice.to, p.chosen), choice.give,
                p.chosen))
        self.begin_b()

    # -- steps (``cls`` is the whole worker) ---------------------------------------------
    @classmethod
    def step_ballot(cls, state: State, choice: Vote) -> Step:
        """A secret ballot; the last one is tallied (MoH Voting)."""
        # One unpacking of the pending step, not sixteen subscripts (see work.next_turn).
        kind, purpose, loc, order, index, n, dice, cands, weights, threats, ballots, second, \
            chosen, drawn = state[PENDING]
        voter = order[index]
        colour = choice.colour
        event = (E.BALLOT, voter, state[1], state[2], VIS[voter], colour)
        index += 1
        ballots = ballots + ((voter, colour),)
        p = _new(Pending, (kind, purpose, loc, order, index, n, dice, cands, weights, threats,
                           ballots, second, chosen, drawn))
        if index < len(order):  # only the pending step changes: a slice and one more field
            return _new(State, state[:PENDING] + (p,)), (event,)
        w = cls(state)  # the last ballot: the tally and whatever follows it
        w.pending = p
        w.events.append(event)
        w.tally(purpose, loc, cands, weights, ballots, second)
        return w.done()

    @classmethod
    def step_truck_draw(cls, state: State, choice: Draw) -> Step:
        kind, purpose, loc, order, index, n, dice, cands, weights, threats, ballots, second, \
            chosen, drawn = state[PENDING]  # one unpacking (see work.next_turn)
        card = choice.card
        deck = drawn_from(state[DECK], card)
        n -= 1
        drawn = (*drawn, card)
        if not n and len(drawn) > 1:  # the last card: the searcher shares them out
            s = list(state)           # (what continue_drawing does, without a worker)
            s[DECK] = deck
            s[PENDING] = _new(Pending, (Kind.TRUCK_SPLIT, Purpose.TRUCK, PARKING, (), 0, 0, (),
                                        (), (), (), (), False, chosen, drawn))
            return _new(State, s), ()
        p = _new(Pending, (kind, purpose, loc, order, index, n, dice, cands, weights, threats,
                           ballots, second, chosen, drawn))
        if n and sum(deck):  # more cards to draw from the unseen deck
            s = list(state)
            s[DECK] = deck
            s[PENDING] = p
            return _new(State, s), ()
        w = cls(state)
        w.deck = deck
        w.pending = p
        w.continue_drawing()
        return w.done()


# -- offers -------------------------------------------------------------------------------
# The ballots of the vote asked last: every ballot of a vote offers the same tuple.
_last_votes: tuple[Any, tuple[Vote, ...]] = (None, ())


def offer_ballot(state: State, p: Pending) -> tuple[Vote, ...]:
    global _last_votes
    candidates = p[7]
    last = _last_votes
    if candidates is last[0]:
        return last[1]
    votes = tables.votes(candidates)
    _last_votes = (candidates, votes)  # one assignment: a thread sees a matching pair
    return votes


def offer_split(state: State, p: Pending) -> tuple[TruckSplit, ...]:
    last = tables._last
    t = last[1] if state[0] is last[0] else tables.remember(state[0])
    return tables.splits(p[13], t.others[p[12]])


def offer_tiebreak(state: State, p: Pending) -> OutcomeTable:
    return tiebreak_outcomes(p.candidates)
