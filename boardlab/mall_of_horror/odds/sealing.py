"""Sealing: the chain of rounds until a location is sealed."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core.errors import QuestionError
from boardlab.mall_of_horror.config import (
    Config,
    Setup,
)
from boardlab.prob.checks import whole
from boardlab.prob.derivation import Derivation

if TYPE_CHECKING:
    from boardlab.prob.markov import AbsorbingChain
from boardlab.mall_of_horror.odds.arrivals import _count_weights
from boardlab.mall_of_horror.odds.edge import _SETUP_CACHE, _config, _explain, _seal_rule, _setup

__all__ = ["expected_rounds_to_seal", "seal_chain"]


# -- sealing ----------------------------------------------------------------------------------
@lru_cache(maxsize=_SETUP_CACHE)
def _seal_chain(dice: int, seal_at: int) -> AbsorbingChain[Hashable]:
    from boardlab.prob.markov import AbsorbingChain

    per_round = _count_weights(dice)

    def step(z: Hashable) -> dict[Hashable, Fraction]:
        out: dict[Hashable, Fraction] = {}
        for n, p in per_round.items():
            nxt: Hashable = "sealed" if z + n >= seal_at else z + n  # type: ignore[operator]
            out[nxt] = out.get(nxt, Fraction(0)) + p
        return out

    return AbsorbingChain.from_transition(list(range(seal_at)), step,
                                          lambda s: s == "sealed")


@lru_cache(maxsize=_SETUP_CACHE)
def _seal_steps(dice: int, seal_at: int) -> tuple[Fraction, ...]:
    """Expected rounds to sealing from 0 … seal_at − 1 zombies: solved once per rule set."""
    chain = _seal_chain(dice, seal_at)
    return tuple(chain.expected_steps(z) for z in range(seal_at))


def seal_chain(players: int = 4, *, config: Config | None = None) -> AbsorbingChain[Hashable]:
    """The absorbing chain of an empty open location gaining zombies until it is sealed.

    States are the zombies in front (0 … seal_at − 1) and ``"sealed"``. Each round one
    zombie arrives per die showing the location (MoH-c); an empty location draws no
    extra zombie (MoH-R13); at ``seal_at`` (8) it is sealed (MoH-e-seal). A model, not
    an answer, so it takes no ``explain``; the chain is built once per rule set.

    >>> chain = seal_chain()
    >>> chain.absorption_probabilities(0)
    {'sealed': Fraction(1, 1)}
    """
    setup = _setup(players, config, "seal_chain")
    _seal_rule(setup.config, "seal_chain")
    return _seal_chain(setup.config.dice, setup.config.seal_at)


@overload
def expected_rounds_to_seal(zombies: int = ..., players: int = ..., *,
                            config: Config | None = ...,
                            explain: Literal[False] = ...) -> Fraction: ...
@overload
def expected_rounds_to_seal(zombies: int = ..., players: int = ..., *,
                            config: Config | None = ...,
                            explain: Literal[True]) -> Derivation[Fraction]: ...
def expected_rounds_to_seal(zombies: int = 0, players: int = 4, *,
                            config: Config | None = None, explain: bool = False) -> Any:
    """Expected rounds until an empty open location with ``zombies`` in front is sealed.

    The chain is solved once per rule set (dice, seal_at) and kept, so a repeated
    question is a lookup.

    >>> print(expected_rounds_to_seal(7))
    1296/671
    >>> float(expected_rounds_to_seal(0))  # a shade under the long-run 99/8
    12.37499997392801
    """
    cfg = _config(config, "expected_rounds_to_seal")
    if type(players) is not int or players != 4:
        Setup(players=players, config=cfg)  # validates the player count (MoH-R3)
    explain = _explain(explain, "expected_rounds_to_seal")
    seal_at = cfg.seal_at
    if whole(zombies, "zombies", "expected_rounds_to_seal", low=None) not in range(seal_at):
        raise QuestionError(f"zombies must be between 0 and {seal_at - 1}: at {seal_at} an "
                            "empty location is sealed (MoH-e-seal)")
    _seal_rule(cfg, "expected_rounds_to_seal")
    steps = _seal_steps(cfg.dice, seal_at)
    e = steps[zombies]
    if not explain:
        return e
    per_round = _count_weights(cfg.dice)
    equations = []
    for z in range(seal_at - 1, zombies - 1, -1):
        terms = " + ".join(f"{per_round[k]}·E({z + k})" for k in per_round
                           if z + k < seal_at)
        equations.append(f"E({z}) = 1 + {terms} = {steps[z]}")
    return Derivation(
        f"Expected rounds until an empty location with {zombies} zombies is sealed", e,
        kind="expectation",
        facts=(("arrival dice", f"{cfg.dice}: k of them show the location with "
                                f"C({cfg.dice}, k)·5^({cfg.dice}−k)/6^{cfg.dice} (MoH-c)"),
               ("sealed at", f"{seal_at} zombies in front of an empty location "
                             "(MoH-e-seal)"),
               ("extra zombies", "none: an empty location draws none (MoH-R13)")),
        steps=("First-step analysis: one round passes, then the location has z + k "
               "zombies with the chance that k dice show it (E(z + k) = 0 once sealed).",
               *equations,
               "The same numbers come from the fundamental matrix N = (I − Q)⁻¹ of the "
               "absorbing chain (seal_chain): E = N·1."))
