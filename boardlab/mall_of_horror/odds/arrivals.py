"""Arrivals: where the zombie dice send zombies, in all and at one location."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.mall_of_horror.config import (
    Config,
    Setup,
)
from boardlab.mall_of_horror.queries import (
    location_label,
)
from boardlab.mall_of_horror.rules import dice_outcomes
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist

if TYPE_CHECKING:
    pass
from boardlab.mall_of_horror.odds.edge import _SETUP_CACHE, FACES, _check_location, _explain, _setup

__all__ = ["arrivals", "arrivals_at"]


# -- arrivals -------------------------------------------------------------------------------
@lru_cache(maxsize=_SETUP_CACHE)
def _arrival_weights(setup: Setup) -> Mapping[tuple[int, ...], Fraction]:
    """Joint zombies per location from the engine's arrival roll (closed dice ignored)."""
    closed = setup.closed
    weights: dict[tuple[int, ...], Fraction] = {}
    for dice, p in dice_outcomes(setup.config.dice):
        counts = [0] * 6
        for face in dice.faces:
            if face not in closed:  # MoH-R3: a die showing the closed location is ignored
                counts[face - 1] += 1
        key = tuple(counts)
        weights[key] = weights.get(key, Fraction(0)) + p
    return MappingProxyType(weights)


@lru_cache(maxsize=_SETUP_CACHE)
def _arrival_dist(setup: Setup) -> Dist[tuple[int, ...]]:
    # A Dist is immutable, so the one built here is handed out as it is.
    return Dist(_arrival_weights(setup))


@overload
def arrivals(players: int = ..., *, config: Config | None = ...,
             explain: Literal[False] = ...) -> Dist[tuple[int, ...]]: ...
@overload
def arrivals(players: int = ..., *, config: Config | None = ...,
             explain: Literal[True]) -> Derivation[Dist[tuple[int, ...]]]: ...
def arrivals(players: int = 4, *, config: Config | None = None,
             explain: bool = False) -> Any:
    """The joint number of zombies the arrival dice bring to locations 1–6.

    Outcomes are 6-tuples of counts; with 3–4 players a die showing the closed
    location 2 is ignored (MoH-R3), so the counts can add up to less than 4.

    >>> d = arrivals(players=4)
    >>> d.P(lambda c: c[1] > 0)
    Fraction(0, 1)
    >>> print(d.P(lambda c: sum(c) == 4))
    625/1296
    """
    setup = _setup(players, config, "arrivals")
    explain = _explain(explain, "arrivals")
    answer = _arrival_dist(setup)
    if not explain:
        return answer
    dice = setup.config.dice
    facts = [("arrival dice", f"{dice} (MoH-c)"), ("players", str(players))]
    if setup.closed:
        facts.append(("closed", f"{', '.join(map(str, setup.closed))}: a die showing it is "
                                "ignored (MoH-R3)"))
    return Derivation(
        f"Zombies the {dice} arrival dice bring to each location", answer,
        facts=facts,
        steps=(f"Each die shows each location 1–6 with probability 1/6, so all {FACES}^{dice}"
               f" = {FACES**dice} ordered rolls are equally likely.",
               "Counts per location (c1, …, c6) come up in n!/(c1!⋯c6!) of them "
               "(a multinomial coefficient).",
               "The engine's own arrival node lists them, collapsed to counts."))


@lru_cache(maxsize=_SETUP_CACHE)
def _count_weights(dice: int) -> Mapping[int, Fraction]:
    """How many of ``dice`` fair dice show one given face: a binomial count.

    Each die is uniform over the six faces in the engine (its arrival node), whatever
    locations are closed, so k of n dice show the location in C(n, k)·5^(n−k) of the
    6^n ordered rolls; tests check this against the engine's own chance node.
    """
    total = FACES**dice
    return MappingProxyType({k: Fraction(comb(dice, k) * (FACES - 1) ** (dice - k), total)
                             for k in range(dice + 1)})


@lru_cache(maxsize=_SETUP_CACHE)
def _count_dist(dice: int) -> Dist[int]:
    return Dist(_count_weights(dice))


@lru_cache(maxsize=_SETUP_CACHE)
def _at_least(dice: int) -> tuple[Fraction, ...]:
    """``table[k]`` = P(at least k of ``dice`` dice show one face), k = 0 … dice + 1."""
    weights = _count_weights(dice)
    return tuple(sum((p for n, p in weights.items() if n >= k), Fraction(0))
                 for k in range(dice + 2))


@overload
def arrivals_at(location: int, players: int = ..., *, config: Config | None = ...,
                explain: Literal[False] = ...) -> Dist[int]: ...
@overload
def arrivals_at(location: int, players: int = ..., *, config: Config | None = ...,
                explain: Literal[True]) -> Derivation[Dist[int]]: ...
def arrivals_at(location: int, players: int = 4, *, config: Config | None = None,
                explain: bool = False) -> Any:
    """How many zombies the arrival dice bring to ``location`` (a binomial count).

    >>> print(arrivals_at(6).P(4))
    1/1296
    """
    setup = _setup(players, config, "arrivals_at")
    _check_location(location, setup, "arrivals_at")
    explain = _explain(explain, "arrivals_at")
    dice = setup.config.dice
    answer = _count_dist(dice)
    if not explain:
        return answer
    from sympy import Rational, Symbol

    from boardlab.prob.symbolic import exactly_k_of_n

    return Derivation(
        f"Zombies the arrival dice bring to location {location_label(setup.config, location)}",
        answer,
        closed_form=exactly_k_of_n(Symbol("k"), dice, Rational(1, FACES)),
        facts=(("arrival dice", f"{dice} (MoH-c)"),
               ("one die", f"shows {location} with probability 1/6")),
        steps=(f"k of the {dice} dice show {location} in C({dice}, k)·5^({dice}−k) of the "
               f"{FACES**dice} ordered rolls: a binomial count.",))
