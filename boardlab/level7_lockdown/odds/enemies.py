"""Enemies: attacks, the blaster hybrids, barricades."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core.errors import QuestionError
from boardlab.level7_lockdown.config import (
    BARRICADE_DIFFICULTY,
    BARRICADE_FULL,
    DEFAULT,
    ENEMY_KINDS,
    ENEMY_NAMES,
    POWER_MAX,
    STRENGTH,
    Config,
)
from boardlab.level7_lockdown.state import State
from boardlab.prob.derivation import Derivation

if TYPE_CHECKING:
    pass
from boardlab.level7_lockdown.odds.characters import _config, _key
from boardlab.level7_lockdown.odds.common import _CACHE
from boardlab.level7_lockdown.odds.dice import (
    _check_kind,
    _die_facts,
    _pgf,
)
from boardlab.prob.checks import flag, whole

__all__ = ["barricade_activations", "barricade_attack", "blaster_attack", "enemy_attack"]


# -- enemies --------------------------------------------------------------------------------


def _profile_facts(cfg: Config, kind: str) -> tuple[str, str]:
    prof = cfg.profile(kind)
    stand = " — invented (L7-R10)" if prof in DEFAULT.enemies else ""
    label = "enemy profile (stand-in)" if stand else "enemy profile"
    return (label, f"{ENEMY_NAMES[kind]}: {prof.dice} attack dice, Toughness "
                   f"{prof.toughness}{', ranged' if prof.ranged else ''}{stand}")


@overload
def enemy_attack(kind: str, *, toughness: int | None = ..., power: int = ...,
                 cloud: bool = ..., downed: bool = ..., config: Config | None = ...,
                 explain: Literal[False] = ...) -> Fraction: ...
@overload
def enemy_attack(kind: str, *, toughness: int | None = ..., power: int = ...,
                 cloud: bool = ..., downed: bool = ..., config: Config | None = ...,
                 explain: Literal[True]) -> Derivation[Fraction]: ...
def enemy_attack(kind: str, *, toughness: int | None = None, power: int = 0,
                 cloud: bool = False, downed: bool = False, config: Config | None = None,
                 explain: bool = False) -> Any:
    """P(an enemy's attack hits a character), as the engine's enemy step rolls it.

    The enemy rolls its profile's dice (a blaster one more per ``power`` token,
    L7-blaster-attack; at most 8, L7-R25) and hits at Strength icons ≥ Toughness
    (L7-R11): the character's (``toughness``, default the first character's, 2 — a
    stand-in), +1 in a ``cloud`` (L7-cloud), +1 if ``downed`` and the attack is ranged
    (L7-fall-effects, L7-R66).

    >>> enemy_attack("guard"), enemy_attack("blaster", power=2, downed=True)
    (Fraction(1, 3), Fraction(1, 3))
    """
    flag(explain, "explain", "level7 odds.enemy_attack")
    cfg = _config(config)
    _check_kind(kind)
    power = whole(power, "power", "level7 odds.enemy_attack", low=0, high=POWER_MAX)
    if power and kind != "blaster":
        raise QuestionError("level7 odds: power: only blaster hybrids hold power tokens "
                            "(L7-blaster-power)")
    for name, value in (("cloud", cloud), ("downed", downed)):
        flag(value, name, "level7 odds.enemy_attack")
    base = cfg.characters[0]
    if toughness is not None:
        toughness = whole(toughness, "toughness", "level7 odds.enemy_attack", low=1, high=8)
    tough = base.toughness if toughness is None else toughness
    state, p = _enemy_attack(_key(cfg), kind, toughness, power, cloud, downed)
    pending = state.pending
    if not explain:
        return p
    prof = cfg.profile(kind)
    facts = [_die_facts(cfg.die), _profile_facts(cfg, kind),
             ("Toughness" + ("" if toughness is not None else " (stand-in)"),
              f"{tough}" + ("" if toughness is not None else " (invented, L7-R9)"))]
    if power:
        facts.append(("power tokens", f"+{power} dice (L7-blaster-attack)"))
    if cloud:
        facts.append(("cloud", "+1 Toughness (L7-cloud)"))
    if downed:
        facts.append(("downed", "+1 Toughness against a ranged attack (L7-fall-effects, "
                                "L7-R66)" if prof.ranged else "no effect: the attack is not "
                                "ranged"))
    total = len(cfg.die) ** pending.dice
    return Derivation(f"P({ENEMY_NAMES[kind]} hits: {pending.dice} dice against Toughness "
                      f"{pending.difficulty})", p, total=total,
                      closed_form=_pgf(cfg.die, STRENGTH, pending.dice), facts=facts,
                      steps=("The engine's enemy step was run: the enemy activates on the "
                             "character's tile and rolls (L7-R83).",
                             f"A hit needs at least {pending.difficulty} Strength icons on "
                             f"{pending.dice} dice (L7-R11)."))


@lru_cache(maxsize=_CACHE)
def _enemy_attack(key: Config | None, kind: str, toughness: int | None, power: int,
                  cloud: bool, downed: bool) -> tuple[State, Fraction]:
    """The engine's enemy step for checked arguments, and P(hit): built once per question
    (the position is a frozen record, the answer a Fraction)."""
    from boardlab.level7_lockdown.position import build

    cfg = DEFAULT if key is None else key
    base = cfg.characters[0]
    if toughness is not None and toughness != base.toughness:
        chars = (replace(base, toughness=toughness), *cfg.characters[1:])
        cfg = replace(cfg, characters=chars)
    # The engine's own enemy step: the enemy activates on the character's tile.
    figure = _figure(kind)
    state, _ = build(players=1, names=(base.name,), config=cfg,
                     characters={base.name: {"tile": "Hub", "down": downed, "fear": 2,
                                             "threat": 1}},
                     enemies={figure: ("Hub", power) if kind == "blaster" else "Hub"},
                     cronos=None, clouds=[("Hub", "gas")] if cloud else [], step="enemies",
                     tasks=(f"activate:{figure}",))
    pending = state.pending
    assert pending.kind == "roll" and pending.purpose == "enemy_attack", pending
    return state, _strength_at_least(state)


def _strength_at_least(state: State) -> Fraction:
    """P(the pending roll shows at least its difficulty in Strength icons)."""
    need = state.pending.difficulty
    return sum((q for roll, q in _outcomes(state) if roll.strength >= need), Fraction(0))


def _figure(kind: str) -> str:
    """A figure of ``kind`` that the sandbox has (in play or in its reserves)."""
    return {"guard": "guard#1", "rogue": "rogue#1", "warrior": "warrior#1",
            "hunter": "hunter#1", "blaster": "blaster#1"}[kind]


def _outcomes(state: State) -> tuple[tuple[Any, Fraction], ...]:
    from boardlab.level7_lockdown.rules import RULES

    return tuple(RULES.outcomes(state))


@overload
def blaster_attack(toughness: int, power: int, *, cloud: bool = ..., downed: bool = ...,
                   config: Config | None = ..., explain: Literal[False] = ...) -> Fraction: ...
@overload
def blaster_attack(toughness: int, power: int, *, cloud: bool = ..., downed: bool = ...,
                   config: Config | None = ...,
                   explain: Literal[True]) -> Derivation[Fraction]: ...
def blaster_attack(toughness: int, power: int, *, cloud: bool = False, downed: bool = False,
                   config: Config | None = None, explain: bool = False) -> Any:
    """P(a blaster hybrid holding ``power`` tokens hits Toughness ``toughness``).

    Its stand-in 2 dice (L7-R10) plus one per token (L7-blaster-attack).

    >>> [blaster_attack(2, p) for p in (0, 1, 5)]
    [Fraction(1, 3), Fraction(13, 27), Fraction(1835, 2187)]
    >>> [blaster_attack(3, p) for p in (0, 1, 5)]
    [Fraction(1, 12), Fraction(11, 54), Fraction(481, 729)]
    """
    flag(explain, "explain", "level7 odds.blaster_attack")
    # Both are required here (no stand-in default, unlike enemy_attack's toughness).
    toughness = whole(toughness, "toughness", "level7 odds.blaster_attack", low=1, high=8)
    power = whole(power, "power", "level7 odds.blaster_attack", low=0, high=POWER_MAX)
    if explain:
        return enemy_attack("blaster", toughness=toughness, power=power, cloud=cloud,
                            downed=downed, config=config, explain=True)
    return enemy_attack("blaster", toughness=toughness, power=power, cloud=cloud,
                        downed=downed, config=config)


@lru_cache(maxsize=_CACHE)
def _barricade_state(cfg: Config, kind: str, extra: int, power: int) -> State:
    """The engine's enemy step at a barricade: ``kind`` on the Hub heads for a character
    behind the barricaded Hub–Maintenance door, ``extra`` of its type beside it."""
    from boardlab.level7_lockdown.position import build
    from boardlab.level7_lockdown.scenario import SANDBOX

    base = cfg.characters[0]
    same = [k for k in ENEMY_KINDS if _kind_type(k) == _kind_type(kind)]
    pool = [f"{k}#{n}" for k, ns in (*SANDBOX.reserves, *((e[0], (e[1],)) for e in
                                                          SANDBOX.enemies))
            if k in same for n in ns]
    lead = _figure(kind)
    helpers = sorted(f for f in pool if f != lead)
    if _kind_type(kind) == "clone" and extra + 1 > SANDBOX.pack_limit:
        raise QuestionError(f"level7 odds.barricade_attack: extra: at most "
                            f"{SANDBOX.pack_limit} clones share a tile (the pack limit, "
                            f"L7-R15), so a {kind} has at most {SANDBOX.pack_limit - 1} "
                            f"helper(s), not {extra}")
    enemies: dict[str, Any] = {lead: ("Hub", power) if kind == "blaster" else "Hub"}
    enemies.update({h: "Hub" for h in helpers[:extra]})
    state, _ = build(players=1, names=(base.name,), config=cfg,
                     characters={base.name: {"tile": "Maintenance", "fear": 3, "threat": 3}},
                     enemies=enemies, cronos=None, step="enemies", clouds=[],
                     tasks=(f"activate:{lead}",))
    more = extra - len(helpers)
    if more > 0:
        # The sandbox holds fewer figures of the type than asked: each further helper is
        # one more die on the engine's own roll (L7-barricade-enemy, L7-R28), exactly as
        # the engine adds the helpers it has.
        state = state._replace(pending=state.pending._replace(
            dice=state.pending.dice + more))
    return state


@lru_cache(maxsize=_CACHE)
def _barricade_odds(key: Config | None, kind: str, extra: int,
                    power: int) -> tuple[State, Fraction]:
    """The barricade's engine position and P(damage), once per checked question."""
    state = _barricade_state(DEFAULT if key is None else key, kind, extra, power)
    assert state.pending.purpose == "enemy_barricade", state.pending
    return state, _strength_at_least(state)


def _kind_type(kind: str) -> str:
    from boardlab.level7_lockdown.config import ENEMY_TYPE

    return ENEMY_TYPE[kind]


@overload
def barricade_attack(kind: str = ..., extra: int = ..., *, power: int = ...,
                     config: Config | None = ...,
                     explain: Literal[False] = ...) -> Fraction: ...
@overload
def barricade_attack(kind: str = ..., extra: int = ..., *, power: int = ...,
                     config: Config | None = ...,
                     explain: Literal[True]) -> Derivation[Fraction]: ...
def barricade_attack(kind: str = "guard", extra: int = 0, *, power: int = 0,
                     config: Config | None = None, explain: bool = False) -> Any:
    """P(an enemy that would cross a barricade damages it) (L7-barricade-enemy).

    It rolls its dice plus one per ``extra`` enemy of its type on its tile (each then
    counts as activated) and needs 3 Strength icons; a blaster adds its ``power``
    (L7-R67). Asked of the engine: the enemy step on the sandbox's barricaded door (up to
    9 helpers; beyond the sandbox's own figures of the type, each is one more die on the
    engine's roll).

    >>> [barricade_attack("guard", extra) for extra in range(4)]
    [Fraction(1, 12), Fraction(11, 54), Fraction(1, 3), Fraction(37, 81)]
    >>> barricade_attack("guard", 9)
    Fraction(52265, 59049)
    """
    flag(explain, "explain", "level7 odds.barricade_attack")
    cfg = _config(config)
    _check_kind(kind)
    extra = whole(extra, "extra", "level7 odds.barricade_attack", low=0, high=9)
    power = whole(power, "power", "level7 odds.barricade_attack", low=0, high=POWER_MAX)
    if power and kind != "blaster":
        raise QuestionError("level7 odds: power: only blaster hybrids hold power tokens "
                            "(L7-blaster-power)")
    state, p = _barricade_odds(_key(cfg), kind, extra, power)
    pending = state.pending
    if not explain:
        return p
    facts = [_die_facts(cfg.die), _profile_facts(cfg, kind),
             ("helpers", f"{extra} more of its type on the tile: +{extra} dice "
                         "(L7-barricade-enemy, L7-R28)"),
             ("damage", f"at least {BARRICADE_DIFFICULTY} Strength icons")]
    if power:
        facts.append(("power tokens", f"+{power} dice (L7-R67)"))
    return Derivation(f"P({ENEMY_NAMES[kind]} damages the barricade with {pending.dice} dice)",
                      p, total=len(cfg.die) ** pending.dice,
                      closed_form=_pgf(cfg.die, STRENGTH, pending.dice), facts=facts,
                      steps=("The engine's enemy step was run: the enemy's path to its target "
                             "crosses the barricade, so it attacks it.",))


@overload
def barricade_activations(kind: str = ..., extra: int = ..., *,
                          config: Config | None = ...,
                          explain: Literal[False] = ...) -> Fraction: ...
@overload
def barricade_activations(kind: str = ..., extra: int = ..., *,
                          config: Config | None = ...,
                          explain: Literal[True]) -> Derivation[Fraction]: ...
def barricade_activations(kind: str = "guard", extra: int = 0, *,
                          config: Config | None = None, explain: bool = False) -> Any:
    """Expected attacks until a full barricade is gone: 2/p (two damages, L7-barricade).

    Each attack damages it with p = :func:`barricade_attack`; the number of attacks
    until the second damage is a sum of two geometric waits, mean 1/p each.

    >>> barricade_activations("guard"), barricade_activations("guard", 3)
    (Fraction(24, 1), Fraction(162, 37))
    """
    flag(explain, "explain", "level7 odds.barricade_activations")
    _check_kind(kind)
    extra = whole(extra, "extra", "level7 odds.barricade_activations", low=0, high=9)
    p = barricade_attack(kind, extra, config=config)
    e = BARRICADE_FULL / p
    if not explain:
        return e
    from sympy import Integer, Mul, Pow, Rational

    closed = Mul(Integer(BARRICADE_FULL), Pow(Rational(p.numerator, p.denominator), -1,
                                              evaluate=False), evaluate=False)
    cfg = _config(config)
    return Derivation(f"Expected attacks until {ENEMY_NAMES[kind]}s destroy a full barricade",
                      e, kind="expectation", closed_form=closed,
                      facts=(_die_facts(cfg.die), _profile_facts(cfg, kind),
                             ("one attack damages it", f"p = {p} (barricade_attack)"),
                             ("damages to destroy", f"{BARRICADE_FULL}: full strength, "
                                                    "battered, gone (L7-barricade)")),
                      steps=("Each attack is an independent try with success p.",
                             "Waiting for one success takes 1/p tries on average (a geometric "
                             f"wait); two in a row: 2/p = {e}."))
