"""The positions every question of the decks starts from: a configuration's setup before any
card is dealt, its cache key, and a walk over one deck's draws."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from boardlab.core.errors import ArgumentTypeError
from boardlab.lockup_breakout.config import (
    Config,
    Setup,
    default_config,
)
from boardlab.lockup_breakout.rules import RULES
from boardlab.lockup_breakout.state import Frame, K, State
from boardlab.lockup_breakout.work import tables

# -- the decks at setup: legend cards, goals, Fungoids (A5.4, A5.12, A5.13) --------------------
_ALIASES = {"easy": "green", "normal": "yellow", "hard": "red"}


def _config(config: Any, function: str) -> Config:
    if config is None:
        return default_config()
    if not isinstance(config, Config):
        raise ArgumentTypeError(f"{function}: config", config,
                                "must be a Lockup: Breakout Config (or None for the stand-in "
                                "data)")
    return config


def _start(config: Config, difficulty: str = "") -> State:
    """The engine's initial state for ``config`` (solitary when a difficulty is given):
    its decks are the piles the chance nodes below draw from. Built once per config."""
    return _started(_key(config), difficulty)


@lru_cache(maxsize=32)
def _started(key: Config | None, difficulty: str) -> State:
    config = default_config() if key is None else key
    return RULES.initial(Setup(players=1 if difficulty else 2, difficulty=difficulty,
                               config=config))


def _at(state: State, frame: Frame, **changes: Any) -> State:
    """``state`` waiting at the chance node ``frame`` (with ``changes`` to its piles)."""
    return state._replace(stack=(*state.stack, frame), **changes)


def _lumped_walk(start: State, frame: Frame, field: str, hit: Callable[[str], bool],
                 draws: int) -> list[dict[int, Fraction]]:
    """Walk ``draws`` successive one-card chance nodes ``frame`` (the engine's
    ``RULES.outcomes``), drawing from the pile ``field`` of ``start``; after draw i,
    the distribution of the number of cards drawn so far for which ``hit(name)`` holds.

    States are lumped by that number: which card of each class left the pile does not
    change the chance of the next (the node's table is count/total per card), so one
    representative pile per number is exact.
    """
    names = {K.LEGEND_DRAW: tables(start.config).legend_names,
             K.GOON_DRAW: tables(start.config).goon_names}[frame.kind]
    frontier: dict[int, tuple[tuple[int, ...], Fraction]] = {0: (getattr(start, field),
                                                                  Fraction(1))}
    history = []
    for _ in range(draws):
        nxt: dict[int, tuple[tuple[int, ...], Fraction]] = {}
        for hits, (pile, p) in frontier.items():
            table = RULES.outcomes(_at(start, frame, **{field: pile}))
            p_hit = sum((q for choice, q in table if hit(choice.card)), Fraction(0))
            for is_hit, q in ((True, p_hit), (False, 1 - p_hit)):
                if not q:
                    continue
                i = next(i for i, name in enumerate(names) if pile[i] and hit(name) == is_hit)
                rest = (*pile[:i], pile[i] - 1, *pile[i + 1:])
                key = hits + is_hit
                old = nxt.get(key, (rest, Fraction(0)))
                nxt[key] = (old[0], old[1] + p * q)
        frontier = nxt
        history.append({k: p for k, (_, p) in frontier.items()})
    return history


def _key(config: Config) -> Config | None:
    """``config`` as a cache key: ``None`` for the stand-in data, whose hash (every table,
    about 30 µs) would cost more than the question it looks up."""
    return None if config is default_config() else config
