"""Icon-dice rolls as chance nodes, collapsed to the counts that matter (L7-R2, L7-R25).

A challenge only reads one icon, so its outcomes are the counts of that icon (0…2n on
the default die), each with its exact probability: the faces are equally likely, so the
counts of ``n`` dice are an integer convolution of one die's, over ``faces ** n`` (the
distribution :func:`boardlab.prob.dice.icon_pool` gives, which a test checks; playing
needs no :mod:`boardlab.prob`). The fear hunters' and blasters' dice read every icon.

>>> from boardlab.level7_lockdown.config import DIE_FACES
>>> dict(roll_outcomes(DIE_FACES, 1, "Strength"))[Roll(strength=1)]
Fraction(1, 6)
>>> sum(p for _, p in roll_outcomes(DIE_FACES, 4, "Intelligence"))
Fraction(1, 1)
>>> challenge_chance(DIE_FACES, 4, "Intelligence", 4)
Fraction(14, 81)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from boardlab.core.engine import OutcomeTable
from boardlab.level7_lockdown.choices import Roll
from boardlab.level7_lockdown.config import INTELLIGENCE, SPEED, STRENGTH

Faces = tuple[tuple[str, ...], ...]


@lru_cache(maxsize=512)
def roll_outcomes(faces: Faces, n: int, icon: str) -> OutcomeTable:
    """Every :class:`Roll` of ``n`` dice with ``faces`` (only ``icon`` counted; ``""``:
    every icon), with exact probabilities, in increasing order: an
    :class:`~boardlab.core.engine.OutcomeTable` (its sampling table made once, cached)."""
    if n == 0:
        return OutcomeTable(((Roll(), Fraction(1)),))
    counted = [_counted(face, icon) for face in faces]
    ways: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}   # icon counts → face tuples
    for _ in range(n):
        more: dict[tuple[int, int, int], int] = {}
        for (s, sp, i), w in ways.items():
            for x, y, z in counted:
                key = (s + x, sp + y, i + z)
                more[key] = more.get(key, 0) + w
        ways = more
    return OutcomeTable.from_counts((Roll(*key), w) for key, w in sorted(ways.items()))


def _counted(face: tuple[str, ...], icon: str) -> tuple[int, int, int]:
    """The Strength, Speed and Intelligence icons of ``face`` that the roll counts."""
    s, sp, i = face.count(STRENGTH), face.count(SPEED), face.count(INTELLIGENCE)
    if icon == STRENGTH:
        return (s, 0, 0)
    if icon == SPEED:
        return (0, sp, 0)
    if icon == INTELLIGENCE:
        return (0, 0, i)
    return (s, sp, i)


def challenge_chance(faces: Faces, n: int, icon: str, difficulty: int) -> Fraction:
    """P(at least ``difficulty`` ``icon`` icons on ``n`` dice)."""
    return sum((p for r, p in roll_outcomes(faces, n, icon) if r.count(icon) >= difficulty),
               Fraction(0))
