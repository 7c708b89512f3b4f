"""What a side cannot see, as weighted positions: the worlds of its advice (issue 30).

A side sees the public board, its own tomes and face-down tokens, how many tomes each
side holds, each other side's face-down tokens as a multiset (the holding cells and
crews give them away, LB-R37), and the loot stacks it has looked at (see
:mod:`.observe`). :func:`worlds` puts back the rest from that view alone:

- each other side's **face-down tokens** are any arrangement of its multiset over its
  face-down places, alike (they were placed in secret);
- the **tomes** it cannot see (the other sides' and the deck's) are dealt again to the
  other sides, their sizes kept, with the deal's own chance (a shuffled deck);
- the **loot** of stacks it has not looked at is drawn again from those tokens and the
  unseen pool, with the draw's chance (LB-setup-loot).

So the worlds depend only on the view. Beyond ``limit`` worlds, ``limit`` are drawn by
the same chance from ``seed``.

>>> from boardlab.lockup_breakout import new_match
>>> m = new_match(players=3, seed=2)
>>> while not isinstance(m.to_move, str):
...     _ = m.roll()
>>> ws, exact, _ = worlds(m.state, m.to_move, limit=10**6, seed=0)
>>> sum(p for _, p in ws)
Fraction(1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import product
from math import prod
from typing import Any

from boardlab.lockup_breakout.state import State
from boardlab.lockup_breakout.work import tables
from boardlab.prob.urn import arrangements, draw

__all__ = ["worlds"]

Factor = list[tuple[tuple[Any, ...], Fraction]]


def _tokens(state: State, seat: str) -> list[tuple[str, list[tuple[int, int]], list[str]]]:
    """Per other side: its face-down places (location, index) and tokens there."""
    out: dict[str, tuple[list[tuple[int, int]], list[str]]] = {}
    for loc, entries in enumerate(state.crews):
        for i, (c, tok, fd) in enumerate(entries):
            if fd and c != seat:
                places, toks = out.setdefault(c, ([], []))
                places.append((loc, i))
                toks.append(tok)
    return [(c, p, t) for c, (p, t) in out.items()]


def _deal_factor(pool: list[int], names: Sequence[str], sizes: list[int], tag: str) -> Factor:
    """Every way to deal ``sizes`` from ``pool`` (counts per name), with its chance."""
    deals: Factor = [((), Fraction(1))]
    for n in sizes:
        grown: Factor = []
        for dealt, p in deals:
            left = list(pool)
            for hand in dealt:
                for name in hand:
                    left[names.index(name)] -= 1
            if n == 0 or not sum(left):
                grown.append(((*dealt, ()), p))
                continue
            for hand, q in draw(tuple(left), n, labels=tuple(names)).items():
                grown.append(((*dealt, tuple(hand)), p * q))
        deals = grown
    return [((tag, d), p) for d, p in deals]


def _factors(state: State, seat: str) -> list[Factor]:
    t = tables(state.setup.config)
    sides = state.setup.sides
    factors: list[Factor] = []
    for c, places, toks in _tokens(state, seat):
        kinds = sorted(set(toks))
        counts = tuple(toks.count(k) for k in kinds)
        orders = list(arrangements(counts, labels=tuple(kinds)))
        alike = Fraction(1, len(orders))
        factors.append([(("tokens", c, places, tuple(order)), alike) for order in orders])
    others = [i for i, s in enumerate(sides) if s != seat]
    pool = list(state.tome_deck)
    for i in others:
        for x in state.tomes[i]:
            pool[t.tome_index[x]] += 1
    factors.append(_deal_factor(pool, t.tome_names,
                                [len(state.tomes[i]) for i in others], "tomes"))
    looked = {idx for idx, side in state.looked if side == seat}
    unseen = [idx for idx, (known, _) in enumerate(state.stacks)
              if known and idx not in looked]
    loot = list(state.loot_pool)
    for idx in unseen:
        for x in state.stacks[idx][0]:
            loot[t.loot_index[x]] += 1
    factors.append(_deal_factor(loot, t.loot_names,
                                [len(state.stacks[idx][0]) for idx in unseen], "loot"))
    return factors


def _world(state: State, seat: str, parts: Sequence[tuple[Any, ...]]) -> State:
    t = tables(state.setup.config)
    sides = state.setup.sides
    crews = [list(e) for e in state.crews]
    tomes, tome_deck = list(state.tomes), list(state.tome_deck)
    stacks, loot_pool = list(state.stacks), list(state.loot_pool)
    others = [i for i, s in enumerate(sides) if s != seat]
    looked = {idx for idx, side in state.looked if side == seat}
    unseen = [idx for idx, (known, _) in enumerate(state.stacks)
              if known and idx not in looked]
    for part in parts:
        if part[0] == "tokens":
            _, c, places, order = part
            for (loc, i), tok in zip(places, order, strict=True):
                crews[loc][i] = (c, tok, True)
        elif part[0] == "tomes":
            for i in others:
                for x in tomes[i]:
                    tome_deck[t.tome_index[x]] += 1
            for i, hand in zip(others, part[1], strict=True):
                tomes[i] = tuple(sorted(hand))
                for x in hand:
                    tome_deck[t.tome_index[x]] -= 1
        else:
            for idx in unseen:
                for x in stacks[idx][0]:
                    loot_pool[t.loot_index[x]] += 1
            for idx, drawn in zip(unseen, part[1], strict=True):
                stacks[idx] = (tuple(drawn), stacks[idx][1])
                for x in drawn:
                    loot_pool[t.loot_index[x]] -= 1
    return state._replace(crews=tuple(tuple(sorted(e)) for e in crews), tomes=tuple(tomes),
                          tome_deck=tuple(tome_deck), stacks=tuple(stacks),
                          loot_pool=tuple(loot_pool))


def worlds(state: State, seat: str, *, limit: int, seed: int
           ) -> tuple[tuple[tuple[State, Fraction], ...], bool, str]:
    """The positions ``seat`` cannot tell apart, weighted (see the module notes)."""
    factors = _factors(state, seat)
    count = prod(len(f) for f in factors)
    words = ("what the side cannot see (the other sides' face-down tokens and tomes, "
             "loot it has not looked at) is weighed by the game's own chance, secret "
             "placements alike")
    if count <= limit:
        out: dict[State, Fraction] = {}
        for combo in product(*factors):
            w = _world(state, seat, [part for part, _ in combo])
            out[w] = out.get(w, Fraction(0)) + prod((q for _, q in combo), start=Fraction(1))
        return tuple(out.items()), True, words + f" ({len(out)} worlds, exactly)"
    rng = random.Random(seed)
    got: dict[State, Fraction] = {}
    for _ in range(limit):
        parts = [rng.choices([p for p, _ in f], weights=[float(q) for _, q in f])[0]
                 for f in factors]
        w = _world(state, seat, parts)
        got[w] = got.get(w, Fraction(0)) + Fraction(1, limit)
    return tuple(got.items()), False, words + f" ({limit} of {count} worlds sampled)"
