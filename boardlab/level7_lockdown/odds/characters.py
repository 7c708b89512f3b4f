"""A character's dice, counted by the engine."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core.errors import ArgumentTypeError, ConfigError
from boardlab.level7_lockdown.config import (
    DEFAULT,
    Config,
)
from boardlab.level7_lockdown.state import Setup, State
from boardlab.prob.derivation import Derivation

if TYPE_CHECKING:
    pass
from boardlab.level7_lockdown.odds.common import _CACHE, _SPEC_CACHE
from boardlab.level7_lockdown.odds.dice import (
    _check_icon,
    _counts,
    _dice_steps,
    _die_facts,
    _pgf,
)
from boardlab.prob.checks import flag, whole

__all__ = ["challenge_odds", "dice_for"]


# -- a character's dice, counted by the engine ------------------------------------------------


def _config(config: Config | None) -> Config:
    if config is None:
        return DEFAULT
    if not isinstance(config, Config):
        raise ArgumentTypeError("level7 odds: config", config, "expected a Config")
    return config


def _item_of(cfg: Config, kind: str) -> str:
    for item in cfg.items:
        if item.kind == kind:
            return item.name
    raise ConfigError(f"config: no {kind} item card to carry (L7-R21)")


@lru_cache(maxsize=_SPEC_CACHE)
def _probe_state(cfg: Config, icon: str, stat: int | None) -> State:
    """The sandbox's opening position with the first character's ``icon`` stat set."""
    from boardlab.level7_lockdown.rules import RULES

    base = cfg.characters[0]
    if stat is not None:
        changes: dict[str, Any] = {icon.lower(): stat}
        base = replace(base, **changes)
        cfg = replace(cfg, characters=(base, *cfg.characters[1:]))
    return RULES.initial(Setup(players=1, characters=(base.name,), config=cfg))


def _key(cfg: Config) -> Config | None:
    """``cfg`` as a cache key: ``None`` for the default configuration, whose hash (every
    stand-in table, about 30 µs) would cost more than the question it looks up."""
    return None if cfg is DEFAULT else cfg


def _engine_dice(cfg: Config, icon: str, stat: int | None, terror: int, weapon: bool,
                 flashlight: bool, dark: bool, adrenaline: int) -> tuple[int, str]:
    """Dice and how they were counted, by the engine's own ``challenge_dice``; asked of
    checked arguments only (so True never stands for 1), once per set of them."""
    return _engine_dice_of(_key(cfg), icon, stat, terror, weapon, flashlight, dark,
                           adrenaline)


@lru_cache(maxsize=_CACHE)
def _engine_dice_of(key: Config | None, icon: str, stat: int | None, terror: int,
                    weapon: bool, flashlight: bool, dark: bool,
                    adrenaline: int) -> tuple[int, str]:
    from boardlab.level7_lockdown.rules import Work

    cfg = DEFAULT if key is None else key
    state = _probe_state(cfg, icon, stat)
    w = Work(state)
    tile = state.chars[0].tile
    if dark:
        tile = next((t for t in range(len(state.tiles)) if w.has_feature(t, "dark")), -1)
        if tile < 0:
            raise ConfigError("dark: the map has no dark tile to stand on (L7-R18)")
    elif w.has_feature(tile, "dark"):   # pragma: no cover - the sandbox start is lit
        raise ConfigError("the start tile is dark")
    items = [*([_item_of(cfg, "weapon")] if weapon else []),
             *([_item_of(cfg, "flashlight")] if flashlight else [])]
    c = state.chars[0]._replace(tile=tile, terror=terror, fear=max(1, terror),
                                items=tuple(sorted(items)), adrenaline=adrenaline)
    return w.challenge_dice(c, icon, adrenaline=adrenaline, weapon=weapon)


def dice_for(icon: str, *, stat: int | None = None, terror: int = 0, weapon: bool = False,
             adrenaline: int = 0, dark: bool = False, flashlight: bool = False,
             config: Config | None = None) -> int:
    """The dice a character rolls for an ``icon`` challenge, counted by the engine.

    ``stat`` (default: the first character's, 3 — a stand-in, L7-R9); ``terror`` > 0
    gives +1 Strength and −1 Intelligence (L7-terror-stats); ``weapon``: carrying one on
    a combat or cabinet challenge (+1, L7-R8); each ``adrenaline`` card +1 (L7-R21); a
    ``dark`` tile −1 unless carrying a ``flashlight`` (L7-R18); at most the dice cap
    (8, L7-R25).

    >>> dice_for("Intelligence"), dice_for("Intelligence", terror=2, dark=True)
    (3, 1)
    >>> dice_for("Strength", terror=1, weapon=True, adrenaline=2)
    7
    """
    cfg = _config(config)
    icon = _check_icon(icon, "dice_for")
    if stat is not None:
        stat = whole(stat, "stat", "level7 odds.dice_for", low=0, high=8)
    terror = whole(terror, "terror", "level7 odds.dice_for", low=0, high=7)
    adrenaline = whole(adrenaline, "adrenaline", "level7 odds.dice_for", low=0, high=8)
    for name, value in (("weapon", weapon), ("dark", dark), ("flashlight", flashlight)):
        flag(value, name, "level7 odds.dice_for")
    return _engine_dice(cfg, icon, stat, terror, weapon, flashlight, dark, adrenaline)[0]


@overload
def challenge_odds(icon: str, difficulty: int, *, stat: int | None = ..., terror: int = ...,
                   weapon: bool = ..., adrenaline: int = ..., dark: bool = ...,
                   flashlight: bool = ..., cloud: bool = ..., config: Config | None = ...,
                   explain: Literal[False] = ...) -> Fraction: ...
@overload
def challenge_odds(icon: str, difficulty: int, *, stat: int | None = ..., terror: int = ...,
                   weapon: bool = ..., adrenaline: int = ..., dark: bool = ...,
                   flashlight: bool = ..., cloud: bool = ..., config: Config | None = ...,
                   explain: Literal[True]) -> Derivation[Fraction]: ...
def challenge_odds(icon: str, difficulty: int, *, stat: int | None = None, terror: int = 0,
                   weapon: bool = False, adrenaline: int = 0, dark: bool = False,
                   flashlight: bool = False, cloud: bool = False,
                   config: Config | None = None, explain: bool = False) -> Any:
    """P(a character's challenge succeeds), dice and difficulty as the engine counts them.

    The modifiers of :func:`dice_for`; ``cloud``: the target of an attack stands in a
    gas or extinguisher cloud, +1 to its Toughness, the difficulty (L7-cloud).

    >>> print(challenge_odds("Intelligence", 4), challenge_odds("Intelligence", 4, terror=1))
    19/216 1/36
    >>> challenge_odds("Strength", 3, cloud=True) == challenge_odds("Strength", 4)
    True
    """
    flag(explain, "explain", "level7 odds.challenge_odds")
    cfg = _config(config)
    icon = _check_icon(icon, "challenge_odds")
    difficulty = whole(difficulty, "difficulty", "level7 odds.challenge_odds", low=0, high=99)
    flag(cloud, "cloud", "level7 odds.challenge_odds")
    dice_for(icon, stat=stat, terror=terror, weapon=weapon, adrenaline=adrenaline, dark=dark,
             flashlight=flashlight, config=cfg)   # validates every argument
    if stat is not None:   # as ints (a sympy Integer or a numpy int is read as its value)
        stat = int(stat)
    terror, adrenaline = int(terror), int(adrenaline)
    n, how = _engine_dice(cfg, icon, stat, terror, weapon, flashlight, dark, adrenaline)
    need = difficulty + int(cloud)
    p = _counts(cfg.die, n, icon).at_least(need)
    if not explain:
        return p
    base = cfg.characters[0]
    shown = stat if stat is not None else getattr(base, icon.lower())
    facts = [_die_facts(cfg.die),
             ("stat" + ("" if stat is not None else " (stand-in)"),
              f"{icon} {shown}" + ("" if stat is not None else
                                   f" ({base.name}, invented, L7-R9)")),
             ("dice (the engine's count)", f"{n}: {how}")]
    if cloud:
        facts.append(("cloud", f"+1 Toughness: difficulty {difficulty} + 1 = {need} "
                               "(L7-cloud)"))
    total = len(cfg.die) ** n
    return Derivation(f"P({icon} {need} challenge succeeds)", p, total=total,
                      closed_form=_pgf(cfg.die, icon, n), facts=facts,
                      steps=(*_dice_steps(cfg.die, icon, n),
                             f"Success: at least {need} {icon} icons (L7-R8)."))
