"""Exact Level 7 [Escape]: Lockdown odds, answered from the engine's own chance nodes.

Every roll of the engine is one chance node whose outcomes come from
:func:`~boardlab.level7_lockdown.rolls.roll_outcomes` (icon dice collapsed to the
counts that matter, L7-R2); every answer here is read off that table, or off
:class:`~boardlab.level7_lockdown.rules.Level7Rules` itself: dice are counted by the
engine's own ``challenge_dice``, enemy attacks and barricade attacks by its enemy
step, Dr. Cronos's chase by whole turns played through ``RULES.step`` (see
:func:`chase_chain`). Nothing is a parallel model of the rules.

The conventions are Mall of Horror's (docs/api.md): a probability or a mean is a
:class:`fractions.Fraction`, a distribution a :class:`~boardlab.prob.dist.Dist`, an
answer per outcome a ``dict``; ``explain=True`` returns a
:class:`~boardlab.prob.derivation.Derivation` whose ``.answer`` is that same value and
which shows the working. **Stand-ins:** the die faces (L7-R2), the characters' stats
(L7-R9) and the enemies' dice and Toughness (L7-R10) are invented, because the core
game is not among the rule texts; every derivation lists the stand-in numbers it
used under ``facts`` (marked "stand-in"), and a configuration (``config=``, ``die=``)
puts your own numbers in.

>>> from boardlab.level7_lockdown import odds
>>> odds.challenge(4, "Intelligence", 4)
Fraction(14, 81)
>>> odds.cache_items(4)
Fraction(7, 27)
>>> print(odds.chase(1, dice=2), odds.chase(2, dice=2))
9/5 63/25
>>> odds.departure()
{'fear hunter': Fraction(1, 12), 'blaster': Fraction(1, 12), 'both': Fraction(0, 1), \
'swarm': Fraction(5, 6)}
>>> odds.tank_farm_stays(3)
Fraction(8, 27)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias, overload

from boardlab.core import validate
from boardlab.core.errors import ArgumentTypeError, ConfigError, QuestionError, show_value
from boardlab.level7_lockdown.choices import (
    Access,
    Attack,
    CardDraw,
    EndStep,
    Explore,
    Move,
    Peek,
    Roll,
    Search,
    Smash,
    TileDraw,
    Vent,
)
from boardlab.level7_lockdown.config import (
    BARRICADE_DIFFICULTY,
    BARRICADE_FULL,
    CACHE_DIFFICULTY,
    CACHE_LOST_MARGIN,
    DEFAULT,
    DIE_FACES,
    ENEMY_KINDS,
    ENEMY_NAMES,
    ICONS,
    INTELLIGENCE,
    POWER_MAX,
    SPEED,
    STRENGTH,
    Config,
    EventCard,
)
from boardlab.level7_lockdown.rolls import roll_outcomes
from boardlab.level7_lockdown.state import INSIDE, Setup, State
from boardlab.prob.checks import flag, whole
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist

if TYPE_CHECKING:
    from boardlab.prob.dice import IconDie
    from boardlab.prob.markov import AbsorbingChain

__all__ = [
    "CAUGHT", "QUIET", "at_least", "barricade_activations", "barricade_attack",
    "blaster_attack", "cache", "cache_items", "challenge", "challenge_odds", "chase",
    "chase_chain", "chase_start", "chase_within", "cronos_moves", "cronos_reach", "departure",
    "dice_for", "enemy_attack", "icon_count", "live_odds", "margin", "stand_ins",
    "tank_farm_plan", "tank_farm_stays",
]

Faces = tuple[tuple[str, ...], ...]
#: A die: ``None`` (the invented default, L7-R2), a Config, an IconDie, or faces.
DieSpec: TypeAlias = "Config | IconDie | Sequence[Sequence[str]] | None"
#: The absorbing state of :func:`chase_chain`: Dr. Cronos stands on the character's tile.
CAUGHT: Final = "caught"
#: The one event card of :data:`QUIET`: no spawn, no activation, no tile section.
QUIET_CARD: Final = EventCard("Quiet Corridors")
#: The default configuration with a single empty event card: the chase questions are
#: asked of a map where nothing but Dr. Cronos moves (see :func:`chase_chain`).
QUIET: Final = replace(DEFAULT, events=(QUIET_CARD,))
#: Speed icons Dr. Cronos needs is the distance in moves (L7-R37: open doors cost 1).
_CACHE = 256
_SPEC_CACHE = 64

# -- dice -----------------------------------------------------------------------------------


def _faces(die: Any) -> Faces:
    """Die faces from ``None`` (the invented default, L7-R2), a :class:`Config`, an
    :class:`~boardlab.prob.dice.IconDie` or a list of faces (lists of icon names)."""
    if die is None:
        return DIE_FACES
    if isinstance(die, Config):
        return die.die
    faces_of = getattr(die, "faces", None)
    if faces_of is not None and not isinstance(die, (str, tuple, list)):
        # An IconDie: each face is an Icons multiset.
        die = [[name for name in face for _ in range(face[name])] for face in faces_of]
    if isinstance(die, str) or not isinstance(die, Sequence) or not die:
        raise ArgumentTypeError("level7 odds: die", die, "expected None, a Config, an "
                                "IconDie or a non-empty list of faces")
    out = []
    for i, face in enumerate(die):
        if isinstance(face, str) or not isinstance(face, Sequence):
            raise ArgumentTypeError(f"level7 odds: die[{i}]", face,
                                    "a face is a list of icon names")
        for name in face:
            if name not in ICONS:
                raise QuestionError(f"level7 odds: die[{i}]: {show_value(name)} is not one of "
                                    f"{', '.join(ICONS)} (the engine's icons, L7-R2)")
        out.append(tuple(sorted(face)))
    return tuple(out)


def _check_icon(icon: Any, function: str = "odds") -> str:
    if not isinstance(icon, str):
        raise ArgumentTypeError(f"level7 odds.{function}: icon", icon,
                                f"must be one of {', '.join(ICONS)}")
    if icon not in ICONS:
        raise QuestionError(f"level7 odds.{function}: icon must be one of "
                            f"{', '.join(ICONS)}, not {show_value(icon)}")
    return icon


def _check_count(name: str, value: Any, low: int, high: int, function: str) -> int:
    """A whole number in ``[low, high]``: a bool or a float is a type error
    (:class:`ArgumentTypeError`), a value out of range a :class:`QuestionError`."""
    return whole(value, name, f"level7 odds.{function}", low=low, high=high)


def _check_kind(kind: Any) -> str:
    if not isinstance(kind, str) or kind not in ENEMY_KINDS:
        raise QuestionError(f"level7 odds: kind must be one of {', '.join(ENEMY_KINDS)}, not "
                            f"{show_value(kind)}")
    return kind


def _check_flag(name: str, value: Any, function: str) -> bool:
    return flag(value, name, f"level7 odds.{function}")


def _die_facts(faces: Faces) -> tuple[str, str]:
    if faces == DIE_FACES:
        return ("die (stand-in)", "six faces: Strength, 2 Strength, Speed, 2 Speed, "
                "Intelligence, 2 Intelligence — invented (L7-R2: the printed faces are not "
                "in the text)")
    shown = ", ".join("+".join(f) or "blank" for f in faces)
    return ("die", f"your faces: {shown}")


@lru_cache(maxsize=_CACHE)
def _counts(faces: Faces, n: int, icon: str) -> Dist[int]:
    """How many ``icon`` icons ``n`` dice show: the engine's own chance node."""
    return Dist({roll.count(icon): p for roll, p in roll_outcomes(faces, n, icon)})


def _per_die(faces: Faces, icon: str) -> tuple[Fraction, ...]:
    """P(one die shows 0, 1, 2, … ``icon`` icons)."""
    most = max(f.count(icon) for f in faces)
    return tuple(Fraction(sum(1 for f in faces if f.count(icon) == j), len(faces))
                 for j in range(most + 1))


def _pgf(faces: Faces, icon: str, n: int) -> Any:
    """The probability generating function of the icon count: (Σ_j p_j x^j)^n."""
    from sympy import Add, Integer, Pow, Rational, Symbol

    x = Symbol("x")
    terms = [Rational(p.numerator, p.denominator) * x**j
             for j, p in enumerate(_per_die(faces, icon)) if p]
    return Pow(Add(*terms), Integer(n), evaluate=False)


def _dice_steps(faces: Faces, icon: str, n: int) -> tuple[str, ...]:
    per = _per_die(faces, icon)
    words = ", ".join(f"{j} with probability {p}" for j, p in enumerate(per))
    total = len(faces) ** n
    return (f"One die shows {icon} icons: {words}.",
            f"The {n} dice are independent, so the icon count's generating function is the "
            f"one-die polynomial to the power {n}; all {len(faces)}^{n} = {total} ordered "
            "rolls are equally likely.",
            "The engine's roll node lists the counts with these exact weights "
            "(rolls.roll_outcomes).")


@overload
def icon_count(n: int, icon: str, *, die: DieSpec = ...,
               explain: Literal[False] = ...) -> Dist[int]: ...
@overload
def icon_count(n: int, icon: str, *, die: DieSpec = ...,
               explain: Literal[True]) -> Derivation[Dist[int]]: ...
def icon_count(n: int, icon: str, *, die: DieSpec = None, explain: bool = False) -> Any:
    """How many ``icon`` icons ``n`` dice show: a :class:`Dist` over 0 … 2n.

    >>> print(icon_count(2, "Speed").P(0))
    4/9
    """
    _check_flag("explain", explain, "icon_count")
    faces = _faces(die)
    n = _check_count("n", n, 0, 12, "icon_count")
    answer = _counts(faces, n, _check_icon(icon, "icon_count"))
    if not explain:
        return answer
    return Derivation(f"{icon} icons shown by {n} dice", answer,
                      closed_form=_pgf(faces, icon, n), facts=(_die_facts(faces),),
                      steps=_dice_steps(faces, icon, n))


@overload
def at_least(n: int, icon: str, k: int, *, die: DieSpec = ...,
             explain: Literal[False] = ...) -> Fraction: ...
@overload
def at_least(n: int, icon: str, k: int, *, die: DieSpec = ...,
             explain: Literal[True]) -> Derivation[Fraction]: ...
def at_least(n: int, icon: str, k: int, *, die: DieSpec = None,
             explain: bool = False) -> Any:
    """P(``n`` dice show ``k`` or more ``icon`` icons), for any die faces.

    >>> at_least(3, "Strength", 3), at_least(2, "Speed", 1)
    (Fraction(11, 54), Fraction(5, 9))
    >>> at_least(2, "Intelligence", 3, die=[["Intelligence"], []]).numerator
    0
    """
    _check_flag("explain", explain, "at_least")
    faces = _faces(die)
    n = _check_count("n", n, 0, 12, "at_least")
    k = _check_count("k", k, 0, 99, "at_least")
    counts = _counts(faces, n, _check_icon(icon, "at_least"))
    p = counts.at_least(k)
    if not explain:
        return p
    total = len(faces) ** n
    return Derivation(f"P({n} dice show at least {k} {icon} icons)", p, total=total,
                      closed_form=_pgf(faces, icon, n), facts=(_die_facts(faces),),
                      steps=(*_dice_steps(faces, icon, n),
                             f"Add the coefficients of x^{k} and up: {p}."))


@overload
def challenge(n: int, icon: str, difficulty: int, *, die: DieSpec = ...,
              explain: Literal[False] = ...) -> Fraction: ...
@overload
def challenge(n: int, icon: str, difficulty: int, *, die: DieSpec = ...,
              explain: Literal[True]) -> Derivation[Fraction]: ...
def challenge(n: int, icon: str, difficulty: int, *, die: DieSpec = None,
              explain: bool = False) -> Any:
    """P(a challenge of ``difficulty`` succeeds on ``n`` dice): icons ≥ difficulty (L7-R8).

    Restart a generator, access Central Command, search a cache: Intelligence 4;
    break a cabinet, damage a barricade: Strength 3; the Auxiliary Station: 5.

    >>> [challenge(n, "Intelligence", 4) for n in (2, 3, 4)]
    [Fraction(1, 36), Fraction(19, 216), Fraction(14, 81)]
    >>> challenge(4, "Intelligence", 4, explain=True).favourable
    224
    """
    _check_flag("explain", explain, "challenge")
    faces = _faces(die)
    n = _check_count("n", n, 0, 12, "challenge")
    difficulty = _check_count("difficulty", difficulty, 0, 99, "challenge")
    p = _counts(faces, n, _check_icon(icon, "challenge")).at_least(difficulty)
    if not explain:
        return p
    total = len(faces) ** n
    return Derivation(f"P({icon} {difficulty} challenge succeeds on {n} dice)", p,
                      total=total, closed_form=_pgf(faces, icon, n),
                      facts=(_die_facts(faces),
                             ("success", f"at least {difficulty} {icon} icons (L7-R8)")),
                      steps=(*_dice_steps(faces, icon, n),
                             f"Add the coefficients of x^{difficulty} and up: "
                             f"{int(p * total)} of the {total} rolls."))


@overload
def margin(n: int, icon: str, difficulty: int, *, die: DieSpec = ...,
           explain: Literal[False] = ...) -> Dist[int]: ...
@overload
def margin(n: int, icon: str, difficulty: int, *, die: DieSpec = ...,
           explain: Literal[True]) -> Derivation[Dist[int]]: ...
def margin(n: int, icon: str, difficulty: int, *, die: DieSpec = None,
           explain: bool = False) -> Any:
    """How far a challenge falls short: ``difficulty − icons`` (L7-R8, B3 #47).

    A margin ≤ 0 is a success; 1 is a miss by one; "fail by 2 or more" (the supply
    cache, L7-cache) is ``margin ≥ 2``. (:func:`boardlab.prob.dice.challenge` counts the
    other way, icons − difficulty.)

    >>> m = margin(4, "Intelligence", 4)
    >>> print((m <= 0).P(), m.P(1), (m >= 2).P())
    14/81 13/81 2/3
    """
    _check_flag("explain", explain, "margin")
    faces = _faces(die)
    n = _check_count("n", n, 0, 12, "margin")
    difficulty = _check_count("difficulty", difficulty, 0, 99, "margin")
    answer = _counts(faces, n, _check_icon(icon, "margin")).map(lambda got: difficulty - got)
    if not explain:
        return answer
    return Derivation(f"How far a {icon} {difficulty} challenge on {n} dice falls short",
                      answer, closed_form=_pgf(faces, icon, n),
                      facts=(_die_facts(faces),
                             ("margin", "difficulty − icons; ≤ 0 succeeds (L7-R8)")),
                      steps=_dice_steps(faces, icon, n))


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
        stat = _check_count("stat", stat, 0, 8, "dice_for")
    terror = _check_count("terror", terror, 0, 7, "dice_for")
    adrenaline = _check_count("adrenaline", adrenaline, 0, 8, "dice_for")
    for name, value in (("weapon", weapon), ("dark", dark), ("flashlight", flashlight)):
        _check_flag(name, value, "dice_for")
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
    _check_flag("explain", explain, "challenge_odds")
    cfg = _config(config)
    icon = _check_icon(icon, "challenge_odds")
    difficulty = _check_count("difficulty", difficulty, 0, 99, "challenge_odds")
    _check_flag("cloud", cloud, "challenge_odds")
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
    _check_flag("explain", explain, "enemy_attack")
    cfg = _config(config)
    _check_kind(kind)
    power = _check_count("power", power, 0, POWER_MAX, "enemy_attack")
    if power and kind != "blaster":
        raise QuestionError("level7 odds: power: only blaster hybrids hold power tokens "
                            "(L7-blaster-power)")
    for name, value in (("cloud", cloud), ("downed", downed)):
        _check_flag(name, value, "enemy_attack")
    base = cfg.characters[0]
    if toughness is not None:
        toughness = _check_count("toughness", toughness, 1, 8, "enemy_attack")
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
    _check_flag("explain", explain, "blaster_attack")
    # Both are required here (no stand-in default, unlike enemy_attack's toughness).
    toughness = _check_count("toughness", toughness, 1, 8, "blaster_attack")
    power = _check_count("power", power, 0, POWER_MAX, "blaster_attack")
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
    _check_flag("explain", explain, "barricade_attack")
    cfg = _config(config)
    _check_kind(kind)
    extra = _check_count("extra", extra, 0, 9, "barricade_attack")
    power = _check_count("power", power, 0, POWER_MAX, "barricade_attack")
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
    _check_flag("explain", explain, "barricade_activations")
    _check_kind(kind)
    extra = _check_count("extra", extra, 0, 9, "barricade_activations")
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


# -- the supply cache ---------------------------------------------------------------------------


@lru_cache(maxsize=_CACHE)
def _cache_search(faces: Faces, n: int) -> tuple[tuple[str, Fraction], ...]:
    """One search's three outcomes, worked out once per die and number of dice."""
    m = margin(n, INTELLIGENCE, CACHE_DIFFICULTY, die=faces)
    return (("item", (m <= 0).P()), ("nothing", m.P(lambda x: 0 < x < CACHE_LOST_MARGIN)),
            ("lost", (m >= CACHE_LOST_MARGIN).P()))


@overload
def cache(n: int, *, die: DieSpec = ..., explain: Literal[False] = ...) -> dict[str, Fraction]:
    ...
@overload
def cache(n: int, *, die: DieSpec = ...,
          explain: Literal[True]) -> Derivation[dict[str, Fraction]]: ...
def cache(n: int, *, die: DieSpec = None, explain: bool = False) -> Any:
    """One search of a supply cache on ``n`` dice: an item, nothing, or the cache lost.

    An Intelligence 4 challenge: success draws an item; missing by 2 or more removes
    the marker (L7-cache).

    >>> cache(4)
    {'item': Fraction(14, 81), 'nothing': Fraction(13, 81), 'lost': Fraction(2, 3)}
    """
    _check_flag("explain", explain, "cache")
    faces = _faces(die)
    n = _check_count("n", n, 0, 12, "cache")
    answer = dict(_cache_search(faces, n))
    if not explain:
        return answer
    total = len(faces) ** n
    parts = {key: Derivation(f"P(search on {n} dice: {key})", p, total=total)
             for key, p in answer.items()}
    return Derivation(f"One search of a supply cache on {n} dice", answer,
                      facts=(_die_facts(faces),
                             ("search", f"Intelligence {CACHE_DIFFICULTY}; lost when short "
                                        f"by {CACHE_LOST_MARGIN} or more (L7-cache)")),
                      steps=_dice_steps(faces, INTELLIGENCE, n), parts=parts)


@overload
def cache_items(n: int, *, die: DieSpec = ..., explain: Literal[False] = ...) -> Fraction: ...
@overload
def cache_items(n: int, *, die: DieSpec = ...,
                explain: Literal[True]) -> Derivation[Fraction]: ...
def cache_items(n: int, *, die: DieSpec = None, explain: bool = False) -> Any:
    """Expected items a character takes from a cache, searching on ``n`` dice every time,
    before it is lost: P(item) / P(lost).

    Each search ends in an item (s), nothing (m) or the loss (l). Searches go on until
    the loss, so the number of items is a count of successes before the first loss:
    E = s + (s + m)·E, that is E = s / l.

    >>> cache_items(4), cache_items(5)
    (Fraction(7, 27), Fraction(1, 2))
    """
    _check_flag("explain", explain, "cache_items")
    faces = _faces(die)
    n = _check_count("n", n, 0, 12, "cache_items")
    one = cache(n, die=faces)
    s, lost = one["item"], one["lost"]
    if not lost:
        raise QuestionError(f"level7 odds.cache_items: with this die {n} dice never miss by "
                            f"{CACHE_LOST_MARGIN}: the cache is never lost and the expected "
                            "items are unbounded")
    e = s / lost
    if not explain:
        return e
    from sympy import Mul, Pow, Rational

    closed = Mul(Rational(s.numerator, s.denominator),
                 Pow(Rational(lost.numerator, lost.denominator), -1, evaluate=False),
                 evaluate=False)
    return Derivation(f"Expected items from a supply cache searched on {n} dice until it is "
                      "lost", e, kind="expectation", closed_form=closed,
                      facts=(_die_facts(faces), ("one search", f"item {s}, nothing "
                                                               f"{one['nothing']}, lost {lost}")),
                      steps=("First-step analysis: E = s·(1 + E) + m·E + l·0.",
                             f"So E·(1 − s − m) = s, and 1 − s − m = l: E = s/l = {s}/{lost} "
                             f"= {e}."))


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
    _check_flag("explain", explain, "cronos_moves")
    cfg = _config(config)
    tokens = _check_count("tokens", tokens, 0, 99, "cronos_moves")
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
    _check_flag("explain", explain, "cronos_reach")
    distance = _check_count("distance", distance, 0, 99, "cronos_reach")
    tokens = _check_count("tokens", tokens, 0, 99, "cronos_reach")
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


# -- the chase: an absorbing chain over the engine's own turns ------------------------------------

#: The chase line (tile names) of :func:`chase_chain`: Dr. Cronos waits in the Lair and
#: the character stands ``distance`` tiles east of it.
LINE: Final = ("Lair", "Hub", "Storage Bay", "Security Post", "War Zone North",
               "Strong Point", "War Zone South", "Armory")
_LINE_TILES: Final = (("Security Post", 0, 2, 0, 0), ("War Zone North", 0, 3, 0, 0),
                      ("Strong Point", 0, 4, 0, 0), ("War Zone South", 0, 5, 0, 0),
                      ("Armory", 0, 6, 0, 0))


@lru_cache(maxsize=_CACHE)
def _chase_start(distance: int, pool: int) -> State:
    """The engine's position: the character ``distance`` tiles from Dr. Cronos on the
    chase line, ``pool`` LOCKDOWN tokens, at the start of the character's turn."""
    from boardlab.level7_lockdown.position import position

    name = QUIET.characters[0].name
    return position(players=1, names=(name,), config=QUIET, tiles=_LINE_TILES,
                    characters={name: {"tile": LINE[distance]}}, cronos=LINE[0],
                    enemies={}, lockdown=pool, locked=[], barricades={}, clouds=[],
                    caches=[], turn_limit=500)


def chase_start(distance: int, *, pool: int = 0) -> State:
    """The engine's position a chase question starts from (:func:`chase_chain`): one
    character ``distance`` moves east of Dr. Cronos on the quiet line (:data:`LINE`, a
    stand-in map), ``pool`` LOCKDOWN tokens, at the start of the character's turn. Play
    it on with ``RULES.step`` to simulate the chase the chain solves exactly.

    >>> start = chase_start(2)
    >>> start.pending.kind, start.lockdown, start.tiles[start.chars[0].tile].tile
    ('move', 0, 'Storage Bay')
    """
    _check_chase(distance, pool, None, "chase_start")
    return _chase_start(distance, pool)


def _stay(state: State) -> State:
    """The character does nothing: no moves, no action (the engine's EndStep twice)."""
    from boardlab.level7_lockdown.rules import RULES

    for _ in range(2):
        assert state.pending.kind in ("move", "action"), state.pending
        state, _ = RULES.step(state, EndStep())
    assert state.pending.kind == "event_draw", state.pending
    state, _ = RULES.step(state, CardDraw(QUIET_CARD.name))
    return state


def _chase_key(state: State, fixed: int | None) -> Hashable:
    if state.cronos == state.chars[0].tile or state.chars[0].status != INSIDE:
        return CAUGHT
    here = LINE.index(state.tiles[state.cronos].tile)
    there = LINE.index(state.tiles[state.chars[0].tile].tile)
    pool = fixed if fixed is not None else min(state.lockdown, state.setup.cfg.dice_cap)
    return (there - here, pool)


@lru_cache(maxsize=_CACHE)
def _chase_turn(distance: int, pool: int, fixed: int | None) -> dict[Hashable, Fraction]:
    """One turn played by the engine from chain state (distance, pool)."""
    from boardlab.level7_lockdown.rules import RULES

    # A fixed roll of k dice: k − 1 tokens before the trigger-events step adds one.
    start = _chase_start(distance, fixed - 1 if fixed is not None else pool)
    rolled = _stay(start)
    out: dict[Hashable, Fraction] = {}
    if rolled.pending.kind != "roll":       # no token, no roll: he stays
        key = _chase_key(rolled, fixed)
        return {key: Fraction(1)}
    assert rolled.pending.purpose == "cronos", rolled.pending
    for roll, p in RULES.outcomes(rolled):
        after, _ = RULES.step(rolled, roll)
        key = _chase_key(after, fixed)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def _check_chase(distance: int, pool: int, dice: int | None, function: str
                 ) -> tuple[int, int, int | None]:
    distance = _check_count("distance", distance, 1, len(LINE) - 1, function)
    pool = _check_count("pool", pool, 0, 99, function)
    if dice is not None:
        dice = _check_count("dice", dice, 1, QUIET.dice_cap, function)
    return distance, pool, dice


@lru_cache(maxsize=_SPEC_CACHE)
def _chain(dice: int | None, start: tuple[Hashable, ...]) -> AbsorbingChain[Hashable]:
    from boardlab.prob.markov import AbsorbingChain

    def step(key: Hashable) -> dict[Hashable, Fraction]:
        assert isinstance(key, tuple)
        distance, pool = key
        return _chase_turn(distance, pool, dice)

    return AbsorbingChain.from_transition(list(start), step, lambda k: k == CAUGHT)


def chase_chain(distance: int = 1, *, pool: int = 0,
                dice: int | None = None) -> AbsorbingChain[Hashable]:
    """Dr. Cronos chasing a character who stays put, as an exact absorbing chain.

    States are ``(distance, pool)`` — moves between them and the LOCKDOWN tokens
    (capped at the 8 dice a roll may use, L7-R25, which makes the chain finite) — and
    :data:`CAUGHT`. Every transition is one whole turn played by the engine
    (``RULES.step``): on a line of open doors (:data:`LINE`) with a one-card event deck
    that spawns and activates nothing (:data:`QUIET`), the character ends the move and
    action steps at once, the trigger-events step adds a token (L7-SB-cronos), and
    the engine's own chance node rolls one die per token for Dr. Cronos, who walks and
    stops on reaching the character. ``dice=k`` instead rolls k dice every turn (the
    pool is reset before each turn): scenario 9's two dice (L7-S9-cronos), scenario
    12's in lockdown. A model, not an answer, so it takes no ``explain``.

    >>> chain = chase_chain(2, dice=2)
    >>> chain.transient_states
    ((1, 2), (2, 2))
    >>> chain.transition((2, 2)).P("caught")
    Fraction(1, 3)
    """
    distance, pool, dice = _check_chase(distance, pool, dice, "chase_chain")
    first = (distance, dice if dice is not None else min(pool, QUIET.dice_cap))
    return _chain(dice, (first,))


@overload
def chase(distance: int, *, pool: int = ..., dice: int | None = ...,
          explain: Literal[False] = ...) -> Fraction: ...
@overload
def chase(distance: int, *, pool: int = ..., dice: int | None = ...,
          explain: Literal[True]) -> Derivation[Fraction]: ...
def chase(distance: int, *, pool: int = 0, dice: int | None = None,
          explain: bool = False) -> Any:
    """Expected turns until Dr. Cronos reaches a character ``distance`` moves away who
    stays put: the absorbing chain :func:`chase_chain`, solved exactly.

    ``dice=2``: scenario 9's two dice every turn (L7-S9-cronos); otherwise one die per
    LOCKDOWN token, the pool growing by one each turn from ``pool`` (the sandbox,
    scenarios 10 and 13).

    >>> [chase(d, dice=2) for d in (1, 2, 3)]
    [Fraction(9, 5), Fraction(63, 25), Fraction(1809, 500)]
    >>> round(float(chase(1)), 2), round(float(chase(5)), 2)
    (2.07, 4.42)
    """
    _check_flag("explain", explain, "chase")
    chain = chase_chain(distance, pool=pool, dice=dice)   # checks the arguments
    distance, pool = int(distance), int(pool)
    dice = None if dice is None else int(dice)
    first = (distance, dice if dice is not None else min(pool, QUIET.dice_cap))
    e = chain.expected_steps(first)
    if not explain:
        return e
    return Derivation(_chase_question(distance, pool, dice), e, kind="expectation",
                      facts=_chase_facts(pool, dice), steps=_chase_steps(chain, first, dice))


def _chase_question(distance: int, pool: int, dice: int | None) -> str:
    how = (f"{dice} dice a turn" if dice is not None
           else f"a pool of {pool} growing by one token a turn")
    return f"Expected turns until Dr. Cronos reaches a character {distance} moves away ({how})"


def _chase_facts(pool: int, dice: int | None) -> list[tuple[str, str]]:
    facts = [_die_facts(QUIET.die),
             ("moves", "one per Speed icon; he stops on reaching the character "
                       "(L7-SB-cronos, L7-R37)")]
    if dice is not None:
        facts.append(("roll", f"{dice} dice every turn (scenario 9: L7-S9-cronos)"))
    else:
        facts.append(("roll", f"one die per LOCKDOWN token; a token joins after every "
                              f"trigger-events step (L7-SB-cronos); {pool} at the start; at "
                              f"most {QUIET.dice_cap} dice (L7-R25)"))
    facts.append(("map", "a line of open doors; one empty event card, so nothing else moves "
                         "(a quiet stand-in map, invented)"))
    return facts


def _chase_steps(chain: AbsorbingChain[Hashable], first: Hashable,
                 dice: int | None) -> tuple[str, ...]:
    states = chain.transient_states
    lines = [f"Every turn is played by the engine (RULES.step) from each of the "
             f"{len(states)} states (distance, tokens); the chance node is Dr. Cronos's roll.",
             "First-step analysis: E(s) = 1 + Σ P(s → t)·E(t), with E(caught) = 0, solved "
             "exactly (E = N·1 with N = (I − Q)⁻¹)."]
    shown = sorted(states, key=lambda s: (s[0], s[1]))[:6]  # type: ignore[index]
    for s in shown:
        lines.append(f"E{s} = {chain.expected_steps(s)}")
    return tuple(lines)


@overload
def chase_within(distance: int, turns: int, *, pool: int = ..., dice: int | None = ...,
                 explain: Literal[False] = ...) -> Fraction: ...
@overload
def chase_within(distance: int, turns: int, *, pool: int = ..., dice: int | None = ...,
                 explain: Literal[True]) -> Derivation[Fraction]: ...
def chase_within(distance: int, turns: int, *, pool: int = 0, dice: int | None = None,
                 explain: bool = False) -> Any:
    """P(Dr. Cronos reaches the character within ``turns`` turns) (:func:`chase_chain`).

    >>> chase_within(1, 1, dice=2), chase_within(1, 2, dice=2)
    (Fraction(5, 9), Fraction(65, 81))
    """
    _check_flag("explain", explain, "chase_within")
    chain = chase_chain(distance, pool=pool, dice=dice)   # checks the arguments
    distance, pool = int(distance), int(pool)
    dice = None if dice is None else int(dice)
    turns = _check_count("turns", turns, 0, 500, "chase_within")
    first = (distance, dice if dice is not None else min(pool, QUIET.dice_cap))
    p = chain.prob_absorbed_by(turns, first)
    if not explain:
        return p
    return Derivation(f"P(Dr. Cronos reaches a character {distance} moves away within "
                      f"{turns} turns)", p, facts=_chase_facts(pool, dice),
                      steps=("Push the start state's probability through the chain turn by "
                             "turn (the distribution after each turn) and read the mass "
                             "absorbed in 'caught'.",))


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
    _check_flag("explain", explain, "tank_farm_stays")
    tokens = _check_count("tokens", tokens, 0, 99, "tank_farm_stays")
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
    _check_flag("explain", explain, "tank_farm_plan")
    cfg = _config(config)
    access_dice = _check_count("access_dice", access_dice, 0, 12, "tank_farm_plan")
    tokens = _check_count("tokens", tokens, 0, 99, "tank_farm_plan")
    difficulty = _check_count("difficulty", difficulty, 0, 99, "tank_farm_plan")
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
    _check_flag("explain", explain, "departure")
    faces = _faces(die)
    engine = dice is None and threshold is None
    if dice is not None:
        dice = _check_count("dice", dice, 0, 12, "departure")
    if threshold is not None:
        threshold = _check_count("threshold", threshold, 1, 99, "departure")
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


# -- the board's odds panel -------------------------------------------------------------------

#: What a pending roll is for, in the panel's words.
_PURPOSE_WORDS: Final = {"escape": "gets away", "peek": "peek succeeds",
                         "attack": "attack succeeds", "smash": "damages the barricade",
                         "search": "finds an item", "access": "the panel responds",
                         "enemy_attack": "hits", "enemy_barricade": "damages the barricade"}


#: The departure roll's cases (:func:`departure`'s keys), in the panel's words.
_DEPARTURE_WORDS: Final = {"fear hunter": "a fear hunter appears",
                           "blaster": "a blaster appears",
                           "both": "a fear hunter and a blaster appear",
                           "swarm": "a swarm token goes on the tile"}


@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[False] = ...) -> dict[str, Fraction]: ...
@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[True]) -> Derivation[dict[str, Fraction]]: ...
def live_odds(state: State, *, viewer: str | None = None, explain: bool = False) -> Any:
    """The odds a board shows for ``state``: label → exact probability.

    At a character's action: P(success) of each challenge on offer (no adrenaline),
    computed by playing the choice in the engine and reading its roll. At a move with
    enemies around: P(getting away) by bull rush and by outwit. At a roll: P(it
    succeeds) — for Dr. Cronos, P(he reaches his target this activation), each outcome
    walked by the engine; at scenario 12's departure roll, what appears on the tile he
    leaves (:func:`departure`'s cases, each outcome resolved by the engine). At a tile
    draw: each tile; at an event draw: each kind of spawn; at an item draw: each kind
    of item. Empty at the end.

    ``viewer`` is whose knowledge the numbers use: ``None`` (a narrator: everything), a
    seat or ``"public"``; every seat sees what the narrator sees but the stacks' and
    decks' order (L7-R21), and draws are uniform over what is unseen, so the numbers
    are the same for every viewer.

    >>> from boardlab.level7_lockdown.position import position
    >>> s = position(players=1, characters={"Leo": {"tile": "Storage Bay"}}, step="action")
    >>> live_odds(s)
    {'search the supply cache': Fraction(19, 216)}
    >>> live_odds(s, viewer="Leo", explain=True).parts[0][1].answer
    Fraction(19, 216)
    """
    if not isinstance(state, State):
        raise ArgumentTypeError("state", state, "expected a Level 7 [Escape]: Lockdown "
                                "position (l7.State: match.state, l7.position(...) or "
                                "l7.load_position(...))")
    validate.viewer(viewer, "viewer", state.setup.seats)
    explain = validate.flag(explain, "explain")
    answer = dict(_live(state))
    if not explain:
        return answer
    kind = state.pending.kind
    if not answer:
        step = "Nothing here waits on a challenge, a roll or a draw."
    else:
        step = ("Each number is the engine's own: a challenge is played and its roll read, "
                "a roll or draw summed over the outcomes of its chance node.")
    parts = [(label, Derivation(label, p, facts=(("step", kind),)))
             for label, p in answer.items()]
    return Derivation("What the board shows: the exact chance of what comes next", answer,
                      parts=parts, steps=(step,), facts=(("die", _die_facts(
                          state.setup.cfg.die)[1]),))


@lru_cache(maxsize=_CACHE)
def _live(state: State) -> tuple[tuple[str, Fraction], ...]:
    from boardlab.level7_lockdown.narration import describe
    from boardlab.level7_lockdown.rules import RULES

    p = state.pending
    out: dict[str, Fraction] = {}
    if p.kind == "roll":
        out.update(_roll_odds(state))
    elif p.kind == "action":
        for choice in RULES.legal(state):
            if isinstance(choice, (Attack, Smash, Search, Access)) and not choice.adrenaline:
                out[describe(choice, state)] = _success(state, choice)
    elif p.kind == "move":
        for choice in RULES.legal(state):
            if isinstance(choice, (Move, Vent, Explore)) and choice.escape \
                    and not choice.adrenaline:
                word = "bull rush" if choice.escape == "bullrush" else "outwit"
                out.setdefault(f"get away by {word}", _success(state, choice))
            elif isinstance(choice, Peek):
                out.setdefault("peek succeeds", _success(state, choice))
    elif p.kind == "tile_draw":
        for draw, q in RULES.outcomes(state):
            assert isinstance(draw, TileDraw)
            out[f"draw {draw.tile}"] = q
    elif p.kind == "event_draw":
        cfg = state.setup.cfg
        spawn: dict[str, Fraction] = {}
        for draw, q in RULES.outcomes(state):
            card = cfg.events[cfg.event_index(draw.card)]
            if card.spawn != "none":
                key = f"a {card.spawn} spawns"
                spawn[key] = spawn.get(key, Fraction(0)) + q
        out.update(sorted(spawn.items()))
    elif p.kind == "item_draw":
        cfg = state.setup.cfg
        kinds: dict[str, Fraction] = {}
        for draw, q in RULES.outcomes(state):
            kind = cfg.item_kind(draw.item)
            key = f"draw {'an' if kind[0] in 'aeiou' else 'a'} {kind}"
            kinds[key] = kinds.get(key, Fraction(0)) + q
        out.update(sorted(kinds.items()))
    return tuple(out.items())


def _success(state: State, choice: Any) -> Fraction:
    """P(the challenge ``choice`` starts succeeds), from the engine's own roll."""
    from boardlab.level7_lockdown.rules import RULES

    after, events = RULES.step(state, choice)
    pending = after.pending
    if pending.kind == "roll" and pending.difficulty >= 0 and after is not state \
            and pending.purpose in _PURPOSE_WORDS:
        return _at_least_icons(after)
    # no dice: resolved at once (won or lost)
    return Fraction(int(any(e.kind in ("challenge_won", "peek_won") for e in events)))


def _at_least_icons(state: State) -> Fraction:
    p = state.pending
    return sum((q for roll, q in _outcomes(state) if roll.count(p.icon) >= p.difficulty),
               Fraction(0))


def _roll_odds(state: State) -> dict[str, Fraction]:
    from boardlab.level7_lockdown.rules import RULES
    from boardlab.level7_lockdown.work import enemy_name

    p = state.pending
    out: dict[str, Fraction] = {}
    if p.purpose in _PURPOSE_WORDS:
        who = enemy_name(p.actor) if "#" in p.actor else (p.actor or "the roll")
        out[f"{who} {_PURPOSE_WORDS[p.purpose]}"] = _at_least_icons(state)
        if p.purpose == "search":
            out["the cache is lost"] = sum(
                (q for roll, q in _outcomes(state)
                 if p.difficulty - roll.count(p.icon) >= CACHE_LOST_MARGIN), Fraction(0))
    elif p.purpose == "cronos":
        reach = Fraction(0)
        for roll, q in RULES.outcomes(state):
            _, events = RULES.step(state, roll)
            if any(e.kind == "cronos_stop" for e in events):
                reach += q
        out["Dr. Cronos reaches a character"] = reach
        out["Dr. Cronos moves"] = sum((q for roll, q in _outcomes(state) if roll.speed),
                                      Fraction(0))
    elif p.purpose == "departure":
        # Scenario 12: what the engine puts on the tile he leaves, outcome by outcome.
        for key, q in _departure_outcomes(state):
            out[_DEPARTURE_WORDS[key]] = q
    elif p.purpose == "hunters":
        icons = [(roll.strength + roll.speed + roll.intelligence, q)
                 for roll, q in _outcomes(state)]
        out["each fear hunter activates"] = sum((q for n, q in icons if n), Fraction(0))
        out["each fear hunter activates twice"] = sum((q for n, q in icons if n >= 2),
                                                      Fraction(0))
    elif p.purpose == "blasters":
        for label, read in (("power tokens", _icons(INTELLIGENCE)),
                            ("blaster 1 (Strength) activates", _icons(STRENGTH)),
                            ("blaster 2 (Speed) activates", _icons(SPEED))):
            out[label] = sum((q for roll, q in _outcomes(state) if read(roll)), Fraction(0))
    return out


def _icons(icon: str) -> Callable[[Roll], bool]:
    return lambda roll: roll.count(icon) > 0


def stand_ins(config: Config | None = None) -> dict[str, str]:
    """Which numbers the odds use that are invented stand-ins (L7-R1), in words.

    >>> sorted(stand_ins())
    ['characters', 'die', 'enemies']
    """
    cfg = _config(config)
    out: dict[str, str] = {}
    if cfg.die == DIE_FACES:
        out["die"] = _die_facts(cfg.die)[1]
    if cfg.characters == DEFAULT.characters:
        c = cfg.characters[0]
        out["characters"] = (f"Strength {c.strength}, Speed {c.speed}, Intelligence "
                             f"{c.intelligence}, Toughness {c.toughness} — invented (L7-R9)")
    if cfg.enemies == DEFAULT.enemies:
        out["enemies"] = "; ".join(_profile_facts(cfg, k)[1].split(" — ")[0]
                                   for k in ENEMY_KINDS) + " — invented (L7-R10)"
    return out
