"""Scenario questions: the Tank Farm and the departure."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from boardlab.level7_lockdown.config import (
    DEFAULT,
    INTELLIGENCE,
    SPEED,
    Config,
)
from boardlab.level7_lockdown.rolls import roll_outcomes
from boardlab.level7_lockdown.state import State
from boardlab.prob.derivation import Derivation

if TYPE_CHECKING:
    pass
from boardlab.level7_lockdown.odds.characters import _config
from boardlab.level7_lockdown.odds.common import _CACHE, _SPEC_CACHE, DieSpec, Faces
from boardlab.level7_lockdown.odds.cronos import cronos_moves
from boardlab.level7_lockdown.odds.dice import (
    _die_facts,
    _faces,
    _per_die,
    challenge,
)
from boardlab.prob.checks import flag, whole

__all__ = ["departure", "tank_farm_plan", "tank_farm_stays"]


# -- scenario questions ---------------------------------------------------------------------


@overload
def tank_farm_stays(tokens: int, *, config: Config | None = ...,
                    explain: Literal[False] = ...) -> Fraction: ...
@overload
def tank_farm_stays(tokens: int, *, config: Config | None = ...,
                    explain: Literal[True]) -> Derivation[Fraction]: ...
def tank_farm_stays(tokens: int, *, config: Config | None = None,
                    explain: bool = False) -> Any:
    """P(Dr. Cronos stays where he is through an activation with ``tokens`` dice and no
    character on his tile): no Speed icon at all, (2/3)^k on the default die
    (scenario 13's plan needs him still on the Tank Farm: L7-S13-escape).

    >>> [tank_farm_stays(k) for k in (1, 2, 3, 4)]
    [Fraction(2, 3), Fraction(4, 9), Fraction(8, 27), Fraction(16, 81)]
    """
    flag(explain, "explain", "level7 odds.tank_farm_stays")
    tokens = whole(tokens, "tokens", "level7 odds.tank_farm_stays", low=0, high=99)
    d = cronos_moves(tokens, config=config)
    p = d.P(0)
    if not explain:
        return p
    from sympy import Rational, UnevaluatedExpr

    cfg = _config(config)
    n = min(tokens, cfg.dice_cap)
    q = _per_die(cfg.die, SPEED)[0]
    return Derivation(f"P(Dr. Cronos rolls no Speed icon on {n} dice)", p,
                      total=len(cfg.die) ** n,
                      closed_form=UnevaluatedExpr(Rational(q.numerator, q.denominator)) ** n,
                      facts=(_die_facts(cfg.die), ("dice", f"{n}, one per token (L7-R25)")),
                      steps=(f"One die shows no Speed icon with probability {q}.",
                             f"The dice are independent: {q}^{n} = {p}."))


@overload
def tank_farm_plan(tokens: int, access_dice: int, *, difficulty: int = ...,
                   config: Config | None = ..., explain: Literal[False] = ...) -> Fraction: ...
@overload
def tank_farm_plan(tokens: int, access_dice: int, *, difficulty: int = ...,
                   config: Config | None = ..., explain: Literal[True]) -> Derivation[Fraction]:
    ...
def tank_farm_plan(tokens: int, access_dice: int, *, difficulty: int = 5,
                   config: Config | None = None, explain: bool = False) -> Any:
    """P(scenario 13's plan works at the next try): Dr. Cronos, left alone on the Tank
    Farm, rolls no Speed icon with ``tokens`` dice, and then the Auxiliary Station's
    access (Intelligence ``difficulty``: 5, Easy 4; L7-S13-aux, L7-S13-easy) succeeds
    on ``access_dice``. The two rolls are independent, so the chances multiply.

    ``tokens`` is the pool he rolls with at the activation between the lure leaving the
    Tank Farm and the access (the trigger-events step before it has added its token).

    >>> tank_farm_plan(2, 4)   # 4/9 × 79/1296
    Fraction(79, 2916)
    >>> tank_farm_plan(2, 4, difficulty=4) == Fraction(4, 9) * challenge(4, "Intelligence", 4)
    True
    """
    flag(explain, "explain", "level7 odds.tank_farm_plan")
    cfg = _config(config)
    access_dice = whole(access_dice, "access_dice", "level7 odds.tank_farm_plan", low=0, high=12)
    tokens = whole(tokens, "tokens", "level7 odds.tank_farm_plan", low=0, high=99)
    difficulty = whole(difficulty, "difficulty", "level7 odds.tank_farm_plan", low=0, high=99)
    stays = tank_farm_stays(tokens, config=cfg)
    access = challenge(access_dice, INTELLIGENCE, difficulty, die=cfg.die)
    p = stays * access
    if not explain:
        return p
    return Derivation(f"P(Dr. Cronos stays on the Tank Farm ({tokens} dice) and the access "
                      f"succeeds ({access_dice} dice against {difficulty}))", p,
                      facts=(_die_facts(cfg.die),
                             ("he stays", f"{stays}: no Speed icon on {min(tokens, 8)} dice"),
                             ("the access", f"{access}: Intelligence {difficulty} on "
                                            f"{access_dice} dice (L7-S13-aux)")),
                      steps=("Different dice: independent events, so P = P(stays) × "
                             f"P(access) = {stays} × {access} = {p}.",))


#: The scenario 12 position whose engine offers the departure roll (L7-S12-departure):
#: Dr. Cronos on the first tile of the row, which has no swarm token, Leo on the C-Lift,
#: no enemies on the map; the round ends and he steps onto the C-Lift.
_DEPARTURE_TILE: Final = ("Corridor 102-B", 0, 1, 0, 0)


@lru_cache(maxsize=_SPEC_CACHE)
def _departure_node(faces: Faces) -> State:
    """Scenario 12's own departure roll: the engine's chance node where Dr. Cronos leaves
    a tile without a swarm token (L7-S12-departure), reached by playing the end of a round
    from a scenario 12 position, with ``faces`` as the die (L7-R2).

    >>> from boardlab.level7_lockdown.config import DIE_FACES
    >>> node = _departure_node(DIE_FACES)
    >>> node.setup.scenario, node.pending.purpose, node.pending.dice
    ('12', 'departure', 2)
    """
    from boardlab.level7_lockdown.position import position

    cfg = DEFAULT if faces == DEFAULT.die else replace(DEFAULT, die=faces)
    node = position(1, scenario="12", tiles=[_DEPARTURE_TILE], cronos="Corridor 102-B",
                    enemies={}, characters={"Leo": {"tile": "C-Lift"}}, step="enemies",
                    config=cfg)
    assert node.pending.kind == "roll" and node.pending.purpose == "departure", node.pending
    return node


@lru_cache(maxsize=_SPEC_CACHE)
def _departure_table(faces: Faces) -> tuple[tuple[str, Fraction], ...]:
    """:func:`_departure_outcomes` at scenario 12's departure roll with ``faces``."""
    return _departure_outcomes(_departure_node(faces))


@lru_cache(maxsize=_CACHE)
def _departure_outcomes(node: State) -> tuple[tuple[str, Fraction], ...]:
    """Every outcome of the engine's departure roll at ``node``, resolved by the engine:
    sorted by the hybrids it spawned on the tile Dr. Cronos left; none spawned means a
    swarm token went there instead (also when a reserve was empty, L7-R58, L7-R94)."""
    from boardlab.level7_lockdown.rules import RULES

    before = {e.id for e in node.enemies}
    answer = dict.fromkeys(("fear hunter", "blaster", "both", "swarm"), Fraction(0))
    for outcome, p in RULES.outcomes(node):
        after, _ = RULES.step(node, outcome)
        new = {e.kind for e in after.enemies if e.id not in before}
        if {"hunter", "blaster"} <= new:
            answer["both"] += p
        elif "hunter" in new:
            answer["fear hunter"] += p
        elif "blaster" in new:
            answer["blaster"] += p
        else:
            answer["swarm"] += p
    return tuple(answer.items())


@lru_cache(maxsize=_SPEC_CACHE)
def _departure_whatif(faces: Faces, n_dice: int, need: int) -> tuple[tuple[str, Fraction], ...]:
    """:func:`departure`'s what-if, sorted off the engine's roll table once per question."""
    answer = dict.fromkeys(("fear hunter", "blaster", "both", "swarm"), Fraction(0))
    for roll, p in roll_outcomes(faces, n_dice, ""):   # the engine's roll of every icon
        hunter = roll.strength >= need
        blaster = roll.intelligence >= need
        key = ("both" if hunter and blaster else "fear hunter" if hunter
               else "blaster" if blaster else "swarm")
        answer[key] += p
    return tuple(answer.items())


@overload
def departure(*, dice: int | None = ..., threshold: int | None = ..., die: DieSpec = ...,
              explain: Literal[False] = ...) -> dict[str, Fraction]: ...
@overload
def departure(*, dice: int | None = ..., threshold: int | None = ..., die: DieSpec = ...,
              explain: Literal[True]) -> Derivation[dict[str, Fraction]]: ...
def departure(*, dice: int | None = None, threshold: int | None = None, die: DieSpec = None,
              explain: bool = False) -> Any:
    """Scenario 12: what appears where Dr. Cronos leaves a tile without a swarm token
    (L7-S12-departure, L7-R58): 3+ Strength icons on two dice spawn a fear hunter, as
    many Intelligence icons a blaster (both, if both), anything else leaves a swarm token.

    By default every outcome of scenario 12's own departure roll (the engine's chance node)
    is played through the engine and sorted by what it put on the tile. ``dice`` and
    ``threshold`` ask a what-if instead (another number of dice, another icon count):
    that answer is read off the engine's roll table for those dice, sorted by the
    threshold you give, since no scenario rolls it.

    With the default die no roll of two dice shows 3 Strength and 3 Intelligence (note
    on L7-R2), so "both" is 0; a die with mixed faces makes it possible.

    >>> departure()["swarm"]
    Fraction(5, 6)
    >>> mixed = [["Strength", "Intelligence"], ["Strength"], ["Intelligence", "Intelligence"]]
    >>> departure(threshold=2, die=mixed)["both"]
    Fraction(1, 9)
    """
    flag(explain, "explain", "level7 odds.departure")
    faces = _faces(die)
    engine = dice is None and threshold is None
    if dice is not None:
        dice = whole(dice, "dice", "level7 odds.departure", low=0, high=12)
    if threshold is not None:
        threshold = whole(threshold, "threshold", "level7 odds.departure", low=1, high=99)
    if engine:
        answer = dict(_departure_table(faces))
        node = _departure_node(faces)
        n_dice = node.pending.dice
        from boardlab.level7_lockdown.scenarios.s12 import DEPARTURE_ICONS
        need = DEPARTURE_ICONS
        how = ("Scenario 12's departure roll, reached in the engine; each of its outcomes "
               "was played through the engine and sorted by what appeared on the tile "
               "(complementary events).")
    else:
        n_dice = 2 if dice is None else dice
        need = 3 if threshold is None else threshold
        answer = dict(_departure_whatif(faces, n_dice, need))
        how = ("A what-if (not scenario 12's roll): every roll of every icon from the "
               f"engine's roll table for {n_dice} dice, sorted by the threshold {need}; "
               "each lands in exactly one of the four cases (complementary events).")
    if not explain:
        return answer
    total = len(faces) ** n_dice
    parts = {k: Derivation(f"P(departure roll: {k})", p, total=total)
             for k, p in answer.items()}
    return Derivation(f"What appears where Dr. Cronos leaves a tile ({n_dice} dice)", answer,
                      facts=(_die_facts(faces),
                             ("fear hunter", f"{need}+ Strength icons (L7-S12-departure)"),
                             ("blaster", f"{need}+ Intelligence icons"),
                             ("both", "both thresholds: both spawn (L7-R58)"),
                             ("swarm", "anything else, or an empty reserve")),
                      steps=(how,), parts=parts)
