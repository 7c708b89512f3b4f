"""The supply cache."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core.errors import QuestionError
from boardlab.level7_lockdown.config import (
    CACHE_DIFFICULTY,
    CACHE_LOST_MARGIN,
    INTELLIGENCE,
)
from boardlab.prob.derivation import Derivation

if TYPE_CHECKING:
    pass
from boardlab.level7_lockdown.odds.common import _CACHE, DieSpec, Faces
from boardlab.level7_lockdown.odds.dice import (
    _dice_steps,
    _die_facts,
    _faces,
    margin,
)
from boardlab.prob.checks import flag, whole

__all__ = ["cache", "cache_items"]


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
    flag(explain, "explain", "level7 odds.cache")
    faces = _faces(die)
    n = whole(n, "n", "level7 odds.cache", low=0, high=12)
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
    flag(explain, "explain", "level7 odds.cache_items")
    faces = _faces(die)
    n = whole(n, "n", "level7 odds.cache_items", low=0, high=12)
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
