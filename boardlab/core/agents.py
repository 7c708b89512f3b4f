"""Agents choose among legal choices from what their player may observe.

>>> from boardlab.core.agents import RandomAgent
>>> RandomAgent(seed=3).choose(None, ("a", "b", "c"))
'a'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from boardlab.core.errors import ArgumentTypeError

_SEEDS: list[bool] = []  # whether the C seeding may be called directly (checked once)
_new_random = random.Random.__new__
_c_seed = random.Random.__mro__[1].seed  # type: ignore[attr-defined]  # _random.Random.seed


def seeded_random(seed: int) -> random.Random:
    """``random.Random(seed)`` for a whole-number ``seed``: the very same generator.

    ``random.Random(seed)`` runs Python's ``__init__`` and ``seed``, which for an int
    only hand it to the C seeding and clear ``gauss_next``; doing those two things here
    saves a few microseconds, five times per simulated match (four random agents and
    the chance stream). Checked once per process against ``random.Random`` itself;
    where they differ (another Python) it calls ``random.Random(seed)``.

    >>> seeded_random(7).getstate() == random.Random(7).getstate()
    True
    """
    if not _SEEDS:
        _SEEDS.append(_seeding_matches())
    if _SEEDS[0]:
        rng = _new_random(random.Random)
        _c_seed(rng, seed)
        rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed() leaves it
        return rng
    return random.Random(seed)


def _seeding_matches() -> bool:
    try:
        for n in (0, 1, 7, -3, 2**32 + 5, 2**70 + 3):
            rng = _new_random(random.Random)
            _c_seed(rng, n)
            rng.gauss_next = None  # type: ignore[attr-defined]
            if rng.getstate() != random.Random(n).getstate():
                return False
    except (TypeError, AttributeError, ValueError):
        return False
    return True


@runtime_checkable
class Agent(Protocol):
    """Anything with ``choose(view, legal) -> choice``.

    ``view`` is ``rules.observe(state, player)``: an agent never sees the full state.
    """

    def choose(self, view: Any, legal: Sequence[Any]) -> Any: ...


class RandomAgent:
    """Picks uniformly among the legal choices with its own seeded RNG."""

    #: It never looks at its view, so simulations need not build one.
    uses_view = False

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentTypeError("seed", seed, "a seed is an integer or None")
        self.rng = random.Random(seed) if seed is None else seeded_random(seed)
        # randrange(n) for n >= 1 is exactly _randbelow(n) (same draws, same result),
        # minus the argument handling that would otherwise cost a third of each choice.
        self._below = self.rng._randbelow  # type: ignore[attr-defined]

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if not legal:
            raise ValueError("there is no legal choice to pick from")
        return legal[self._below(len(legal))]

    def __repr__(self) -> str:
        return "RandomAgent()"


class ScriptedAgent:
    """Plays a fixed list of choices in order (for tests and teaching examples)."""

    def __init__(self, choices: Iterable[Any]) -> None:
        self._choices = list(choices)
        self._next = 0

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if self._next >= len(self._choices):
            raise IndexError("ScriptedAgent has run out of choices")
        choice = self._choices[self._next]
        self._next += 1
        return choice
