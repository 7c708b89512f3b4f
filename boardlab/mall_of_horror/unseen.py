"""What a colour cannot see, as weighted positions: the worlds of its advice (issue 30).

A colour sees its own cards, the public board, the sizes of the other hands and of the
deck, the destinations it may know and the roll if it may look (see :mod:`.observe`).
:func:`worlds` puts back everything else from that view alone:

- the **cards** it cannot see (the deck and the other hands, and a searcher's drawn
  cards) are one pool; every way to deal the other hands of their known sizes from it
  is weighed by the deal's own chance (hypergeometric: cards are shuffled, MoH-setup);
- a **destination** chosen in secret (MoH-d) is any of that colour's legal
  destinations, alike;
- a **ballot** cast in secret in the vote in progress (MoH Voting) is any candidate, alike;
- a **roll** it may not look at (MoH-c) is any roll of those dice, with the dice's chance.

So the worlds depend only on the view: permuting what the colour cannot see (a card
between another hand and the deck, another's secret destination) changes nothing.
Beyond ``limit`` worlds, ``limit`` are drawn by that same chance from ``seed``.

>>> from boardlab import mall_of_horror as moh
>>> m = moh.new_match(players=3, seed=4)
>>> while m.to_move == moh.CHANCE or m.state.pending.kind != "destination":
...     _ = m.roll() if m.to_move == moh.CHANCE else m.push(m.legal()[0])
>>> ws, exact, words = worlds(m.state, m.to_move, limit=10**6, seed=0)
>>> sum(p for _, p in ws), exact
(Fraction(1, 1), True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import islice, product
from math import comb, prod

from boardlab.mall_of_horror.config import CARDS
from boardlab.mall_of_horror.rules import tables
from boardlab.mall_of_horror.rules.chance import dice_outcomes
from boardlab.mall_of_horror.rules.destinations_moves import destination_options
from boardlab.mall_of_horror.state import Kind, Phase, State

__all__ = ["worlds"]

World = tuple[State, Fraction]


def _pool(state: State, seat: str) -> tuple[list[int], list[int], bool]:
    """Unseen card counts; the other hands' sizes (seat order); whether the searcher's
    drawn cards are unseen too (then their count is the last size)."""
    colours = state.setup.colours
    pool = list(state.deck)
    sizes = []
    for c, hand in zip(colours, state.hands, strict=True):
        if c == seat:
            sizes.append(0)
            continue
        sizes.append(len(hand))
        for card in hand:
            pool[CARDS.index(card)] += 1
    p = state.pending
    drawn_hidden = bool(p.drawn) and p.chosen != seat
    if drawn_hidden:
        for card in p.drawn:
            pool[CARDS.index(card)] += 1
        sizes.append(len(p.drawn))
    return pool, sizes, drawn_hidden


def _hands(pool: list[int], n: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of ``n`` cards from ``pool`` with its number of ways."""
    def rec(i: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == len(pool):
            if left == 0:
                yield (), 1
            return
        for k in range(min(left, pool[i]) + 1):
            for rest, ways in rec(i + 1, left - k):
                yield (k, *rest), comb(pool[i], k) * ways
    return rec(0, n)


def _deals(pool: list[int], sizes: list[int]) -> Iterator[tuple[tuple[tuple[int, ...], ...],
                                                                 Fraction]]:
    if not sizes:
        yield (), Fraction(1)
        return
    total = sum(pool)
    n = sizes[0]
    for hand, ways in _hands(pool, n):
        rest = [a - b for a, b in zip(pool, hand, strict=True)]
        p = Fraction(ways, comb(total, n))
        for more, q in _deals(rest, sizes[1:]):
            yield (hand, *more), p * q


def _cards(counts: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(sorted(c for c, k in zip(CARDS, counts, strict=True) for _ in range(k)))


def _secret(state: State, seat: str) -> tuple[list[tuple[str, tuple[int, ...]]],
                                              list[tuple[str, tuple[str, ...]]]]:
    """The secret destinations (colour, legal locations) and ballots (voter, candidates)."""
    dests: list[tuple[str, tuple[int, ...]]] = []
    if state.phase not in (Phase.E, Phase.F):
        t = tables.remember(state.setup)
        for c, _ in state.destinations:
            if c != seat and not (c == state.chief and state.chief_elected):
                locs = tuple(d.location for d in destination_options(
                    t, state.chars, state.sealed, c))
                dests.append((c, locs))
    p = state.pending
    ballots = [(v, p.candidates) for v, _ in p.ballots if v != seat] \
        if p.kind == Kind.BALLOT else []
    return dests, ballots


def _shuffled_deal(pool: list[int], sizes: list[int], rng: random.Random) -> tuple[object, ...]:
    """One deal of ``sizes`` from a shuffled ``pool`` (counts per card), as counts."""
    cards = [k for k, n in enumerate(pool) for _ in range(n)]
    rng.shuffle(cards)
    out, at = [], 0
    for n in sizes:
        counts = [0] * len(pool)
        for k in cards[at:at + n]:
            counts[k] += 1
        out.append(tuple(counts))
        at += n
    return ("cards", tuple(out))


def _factors(state: State, seat: str, limit: int) -> list[list[tuple[object, Fraction]]]:
    """The independent parts of a world, each a list of (part, chance); the deals of the
    cards are listed only up to ``limit`` + 1 (more: they are sampled, see worlds)."""
    pool, sizes, _ = _pool(state, seat)
    dests, ballots = _secret(state, seat)
    factors: list[list[tuple[object, Fraction]]] = [
        [(("cards", d), p) for d, p in islice(_deals(pool, sizes), limit + 1)]]
    for c, locs in dests:
        factors.append([(("dest", c, loc), Fraction(1, len(locs))) for loc in locs])
    for v, cands in ballots:
        factors.append([(("ballot", v, col), Fraction(1, len(cands))) for col in cands])
    if state.roll and seat not in state.lookers:
        factors.append([(("roll", d.faces), p) for d, p in dice_outcomes(len(state.roll))])
    return factors


def _world(state: State, seat: str, parts: tuple[object, ...]) -> State:
    colours = state.setup.colours
    pool, sizes, drawn_hidden = _pool(state, seat)
    p = state.pending
    hands, dests, ballots, roll = list(state.hands), dict(state.destinations), \
        dict(p.ballots), state.roll
    for part in parts:
        tag = part[0]  # type: ignore[index]
        if tag == "cards":
            deal = part[1]  # type: ignore[index]
            deck = list(pool)
            for i, counts in enumerate(deal[:len(colours)]):  # one per colour, in order
                if colours[i] == seat:
                    continue  # its own hand is seen (dealt no cards from the pool)
                hands[i] = _cards(counts)
                deck = [a - b for a, b in zip(deck, counts, strict=True)]
            if drawn_hidden:
                drawn = deal[-1]
                deck = [a - b for a, b in zip(deck, drawn, strict=True)]
                p = p._replace(drawn=_cards(drawn))
        elif tag == "dest":
            dests[part[1]] = part[2]  # type: ignore[index]
        elif tag == "ballot":
            ballots[part[1]] = part[2]  # type: ignore[index]
        else:
            roll = part[1]  # type: ignore[index]
    if any(part[0] == "cards" for part in parts):  # type: ignore[index]
        state = state._replace(deck=tuple(deck))
    p = p._replace(ballots=tuple((v, ballots[v]) for v, _ in p.ballots))
    return state._replace(hands=tuple(hands), roll=roll, pending=p,
                          destinations=tuple((c, dests[c]) for c, _ in state.destinations))


def worlds(state: State, seat: str, *, limit: int, seed: int
           ) -> tuple[tuple[World, ...], bool, str]:
    """The positions ``seat`` cannot tell apart, weighted (see the module notes)."""
    factors = _factors(state, seat, limit)
    count = prod(len(f) for f in factors)
    words = ("what the colour cannot see (the other hands and the deck, secret "
             "destinations and ballots, a roll it may not look at) is weighed by the "
             "game's own chance, secret choices alike")
    if count <= limit:
        out: dict[State, Fraction] = {}
        for combo in product(*factors):
            w = _world(state, seat, tuple(part for part, _ in combo))
            out[w] = out.get(w, Fraction(0)) + prod((q for _, q in combo), start=Fraction(1))
        return tuple(out.items()), True, words + f" ({len(out)} worlds, exactly)"
    rng = random.Random(seed)
    got: dict[State, Fraction] = {}
    pool, sizes, _ = _pool(state, seat)
    for _ in range(limit):
        parts = (_shuffled_deal(pool, sizes, rng), *(_draw(f, rng) for f in factors[1:]))
        w = _world(state, seat, parts)
        got[w] = got.get(w, Fraction(0)) + Fraction(1, limit)
    more = "more than " if len(factors[0]) > limit else ""
    return tuple(got.items()), False, words + f" ({limit} of {more}{count} worlds sampled)"


def _draw(factor: list[tuple[object, Fraction]], rng: random.Random) -> object:
    u = Fraction(rng.randrange(10**12), 10**12)
    for part, p in factor:
        if u < p:
            return part
        u -= p
    return factor[-1][0]
