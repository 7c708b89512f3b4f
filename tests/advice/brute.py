"""A brute force through the public Match API, to check the advice's exact values.

Push and pop over every chance outcome (``match.outcomes()``, the rules' Fractions) and
every other seat's choice (uniform, or the mixture of a seeded agent kind), the seat's
own choices maximising its expected score (the first best in ``legal`` order), to a
number of plies. Nothing of :mod:`boardlab.advice` is used.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from boardlab.core.engine import CHANCE, Match
from boardlab.gamekit import GameSpec

#: As boardlab.advice.policy.MIXTURE_SEEDS: a kind's model is 8 seeded copies, alike.
SEEDS = 8


def measures(game: GameSpec[Any, Any], match: Match[Any, Any], seat: str,
             start: Any) -> tuple[Fraction, ...]:
    own = game.advice_measures(match.state, seat, start)
    names = list(game.advice_measures(start, seat, start))
    return (Fraction(match.scores()[seat]), *(Fraction(own[n]) for n in names))


def _mixture(game: GameSpec[Any, Any], match: Match[Any, Any], kind: str
             ) -> list[tuple[Any, Fraction]]:
    legal = list(match.legal())
    mover = match.to_move
    if kind == "random":
        return [(c, Fraction(1, len(legal))) for c in legal]
    seats = game.seats(match.state)
    make = game.agents[kind]
    view = match.observe(mover)
    picks = [make(mover, seats.index(mover), s).choose(view, tuple(legal))
             for s in range(SEEDS)]
    return [(c, Fraction(picks.count(c), SEEDS)) for c in legal if c in picks]


def value(game: GameSpec[Any, Any], match: Match[Any, Any], seat: str, left: int,
          start: Any, kind: str = "random", mark: Any = None) -> tuple[Fraction, ...]:
    """The seat's expected (score, *measures) after ``left`` more plies (or, with
    ``mark``, where ``mark(state)`` first differs from ``mark(start)``)."""
    done = left == 0 if mark is None else mark(match.state) != mark(start)
    if match.is_over or done:
        return measures(game, match, seat, start)
    mover = match.to_move
    if mover == seat:
        best: tuple[Fraction, ...] | None = None
        for choice in list(match.legal()):
            match.push(choice)
            v = value(game, match, seat, left - 1, start, kind, mark)
            match.pop()
            if best is None or v[0] > best[0]:
                best = v
        assert best is not None
        return best
    pairs = list(match.outcomes()) if mover is CHANCE else _mixture(game, match, kind)
    total: list[Fraction] | None = None
    for outcome, p in pairs:
        match.push(outcome)
        v = value(game, match, seat, left - 1, start, kind, mark)
        match.pop()
        total = [p * x for x in v] if total is None else [t + p * x for t, x in
                                                         zip(total, v, strict=True)]
    assert total is not None
    return tuple(total)


def choice_values(game: GameSpec[Any, Any], match: Match[Any, Any], plies: int,
                  kind: str = "random", mark: Any = None) -> list[tuple[Fraction, ...]]:
    """The brute-force value of each legal choice of the seat to move."""
    seat = match.to_move
    start = match.state
    out = []
    for choice in list(match.legal()):
        match.push(choice)
        out.append(value(game, match, seat, plies - 1, start, kind, mark))
        match.pop()
    return out


def decision_points(game: GameSpec[Any, Any], seeds: range, every: int, *,
                    players: int | None = None) -> Iterator[Match[Any, Any]]:
    """Matches at every ``every``-th decision of seeded random play (each a branch)."""
    from boardlab.core.agents import RandomAgent

    for seed in seeds:
        options = {} if players is None else {"players": players}
        match = game.start(seed=seed, **options)
        agents = {p: RandomAgent(seed * 100 + i) for i, p in enumerate(game.seats(match.state))}
        n = 0
        while not match.is_over:
            mover = match.to_move
            if mover is CHANCE:
                match.roll()
                continue
            if n % every == every - 1:
                yield match.branch()
            n += 1
            match.push(agents[mover].choose(None, match.legal()))
