"""Pairs of matches that differ only in what one seat cannot see.

The same history up to a ply, then two different outcomes at that ply (another seat's
secret vote, a card dealt face down, a roll only some may look at) whose resulting states
the seat observes as equal although the states differ. A seat's message must be the same
for both: it is a function of what the seat may know. (The shape of tests/test_seat_views.py
of issue 26, for the classroom's messages.)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from boardlab.core.engine import CHANCE, Match


def alternatives(rules: Any, match: Match[Any, Any], k: int, seat: str, *,
                 rng: random.Random, tries: int = 4) -> Iterator[Match[Any, Any]]:
    """Matches equal to ``match.branch(k + 1)`` but for ply ``k``'s outcome, after which
    ``seat``'s view is the same and the state is not."""
    record = match.records[k]
    before, mover = record.before, rules.to_move(record.before)
    if mover == seat:
        return
    options = ([o for o, _ in rules.outcomes(before)] if mover is CHANCE
               else list(rules.legal(before)))
    others = [o for o in options if o != record.choice]
    rng.shuffle(others)
    seen = rules.observe(record.after, seat)
    for other in others[:tries] if mover is CHANCE else others[:40]:
        after = rules.step(before, other)[0]
        if after == record.after or rules.observe(after, seat) != seen:
            continue
        b = match.branch(k)
        b.push(other)
        yield b


def hidden_pairs(game: Any, module: Any, n: int, *, matches: int = 60,
                 seed: int = 0) -> Iterator[tuple[Match[Any, Any], Match[Any, Any], str]]:
    """Up to ``n`` triples ``(a, b, seat)`` from seeded random matches of ``game``."""
    rng = random.Random(seed)
    found = 0
    for s in range(matches):
        played = module.play(seed=seed + s)
        plies = range(len(played.records))
        for k in sorted(rng.sample(plies, min(len(plies), 30))):
            for seat in game.seats(played.records[k].before):
                for b in alternatives(game.rules, played, k, seat, rng=rng):
                    yield played.branch(k + 1), b, seat
                    found += 1
                    if found >= n:
                        return
                    break
