"""Dice: icon counts, at least, challenges and margins on any die."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.level7_lockdown.config import (
    DIE_FACES,
    ENEMY_KINDS,
    ICONS,
    Config,
)
from boardlab.level7_lockdown.rolls import roll_outcomes
from boardlab.prob.checks import flag, whole
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist

if TYPE_CHECKING:
    pass
from boardlab.level7_lockdown.odds.common import _CACHE, DieSpec, Faces

__all__ = ["at_least", "challenge", "icon_count", "margin"]


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


def _check_kind(kind: Any) -> str:
    if not isinstance(kind, str) or kind not in ENEMY_KINDS:
        raise QuestionError(f"level7 odds: kind must be one of {', '.join(ENEMY_KINDS)}, not "
                            f"{show_value(kind)}")
    return kind


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
    flag(explain, "explain", "level7 odds.icon_count")
    faces = _faces(die)
    n = whole(n, "n", "level7 odds.icon_count", low=0, high=12)
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
    flag(explain, "explain", "level7 odds.at_least")
    faces = _faces(die)
    n = whole(n, "n", "level7 odds.at_least", low=0, high=12)
    k = whole(k, "k", "level7 odds.at_least", low=0, high=99)
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
    flag(explain, "explain", "level7 odds.challenge")
    faces = _faces(die)
    n = whole(n, "n", "level7 odds.challenge", low=0, high=12)
    difficulty = whole(difficulty, "difficulty", "level7 odds.challenge", low=0, high=99)
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
    flag(explain, "explain", "level7 odds.margin")
    faces = _faces(die)
    n = whole(n, "n", "level7 odds.margin", low=0, high=12)
    difficulty = whole(difficulty, "difficulty", "level7 odds.margin", low=0, high=99)
    answer = _counts(faces, n, _check_icon(icon, "margin")).map(lambda got: difficulty - got)
    if not explain:
        return answer
    return Derivation(f"How far a {icon} {difficulty} challenge on {n} dice falls short",
                      answer, closed_form=_pgf(faces, icon, n),
                      facts=(_die_facts(faces),
                             ("margin", "difficulty − icons; ≤ 0 succeeds (L7-R8)")),
                      steps=_dice_steps(faces, icon, n))
