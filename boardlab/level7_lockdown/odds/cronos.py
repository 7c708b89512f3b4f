"""Dr. Cronos: his moves and his reach."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.level7_lockdown.config import (
    SPEED,
    Config,
)
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist

if TYPE_CHECKING:
    pass
from boardlab.level7_lockdown.odds.characters import _config
from boardlab.level7_lockdown.odds.dice import (
    _counts,
    _dice_steps,
    _die_facts,
    _pgf,
)
from boardlab.prob.checks import flag, whole

__all__ = ["cronos_moves", "cronos_reach"]


# -- Dr. Cronos ----------------------------------------------------------------------------------


@overload
def cronos_moves(tokens: int, *, config: Config | None = ...,
                 explain: Literal[False] = ...) -> Dist[int]: ...
@overload
def cronos_moves(tokens: int, *, config: Config | None = ...,
                 explain: Literal[True]) -> Derivation[Dist[int]]: ...
def cronos_moves(tokens: int, *, config: Config | None = None, explain: bool = False) -> Any:
    """Dr. Cronos's moves in one activation: the Speed icons of one die per LOCKDOWN
    token (L7-SB-cronos, L7-S10-cronos), at most 8 dice (L7-R25).

    >>> d = cronos_moves(2)
    >>> print(d.E(), (d >= 1).P(), (d >= 2).P())
    1 5/9 1/3
    """
    flag(explain, "explain", "level7 odds.cronos_moves")
    cfg = _config(config)
    tokens = whole(tokens, "tokens", "level7 odds.cronos_moves", low=0, high=99)
    n = min(tokens, cfg.dice_cap)
    answer = _counts(cfg.die, n, SPEED)
    if not explain:
        return answer
    capped = f" (capped at {cfg.dice_cap}, L7-R25)" if tokens > cfg.dice_cap else ""
    return Derivation(f"Dr. Cronos's moves with {tokens} LOCKDOWN tokens", answer,
                      closed_form=_pgf(cfg.die, SPEED, n),
                      facts=(_die_facts(cfg.die),
                             ("dice", f"{n}: one per token{capped}"),
                             ("moves", "one per Speed icon (L7-SB-cronos)")),
                      steps=(*_dice_steps(cfg.die, SPEED, n),
                             f"Mean: {answer.E()} moves — {n} dice times the mean of one die "
                             "(linearity of expectation)."))


@overload
def cronos_reach(distance: int, tokens: int, *, config: Config | None = ...,
                 explain: Literal[False] = ...) -> Fraction: ...
@overload
def cronos_reach(distance: int, tokens: int, *, config: Config | None = ...,
                 explain: Literal[True]) -> Derivation[Fraction]: ...
def cronos_reach(distance: int, tokens: int, *, config: Config | None = None,
                 explain: bool = False) -> Any:
    """P(Dr. Cronos covers ``distance`` moves in one activation with ``tokens`` dice).

    >>> [cronos_reach(1, k) for k in (1, 2, 3, 4)]
    [Fraction(1, 3), Fraction(5, 9), Fraction(19, 27), Fraction(65, 81)]
    """
    flag(explain, "explain", "level7 odds.cronos_reach")
    distance = whole(distance, "distance", "level7 odds.cronos_reach", low=0, high=99)
    tokens = whole(tokens, "tokens", "level7 odds.cronos_reach", low=0, high=99)
    d = cronos_moves(tokens, config=config)
    p = d.at_least(distance)
    if not explain:
        return p
    cfg = _config(config)
    n = min(tokens, cfg.dice_cap)
    return Derivation(f"P(Dr. Cronos moves at least {distance} with {tokens} tokens)", p,
                      total=len(cfg.die) ** n, closed_form=_pgf(cfg.die, SPEED, n),
                      facts=(_die_facts(cfg.die), ("dice", f"{n} (L7-R25)")),
                      steps=_dice_steps(cfg.die, SPEED, n))
