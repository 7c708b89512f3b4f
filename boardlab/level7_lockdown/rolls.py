"""Icon-dice rolls as chance nodes, collapsed to the counts that matter (L7-R2, L7-R25).

A challenge only reads one icon, so its outcomes are the counts of that icon (0…2n on
the default die), each with its exact probability from :func:`boardlab.prob.dice.icon_pool`;
the fear hunters' and blasters' dice read every icon.

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
from boardlab.prob.dice import IconDie, icon_pool

Faces = tuple[tuple[str, ...], ...]


@lru_cache(maxsize=512)
def roll_outcomes(faces: Faces, n: int, icon: str) -> OutcomeTable:
    """Every :class:`Roll` of ``n`` dice with ``faces`` (only ``icon`` counted; ``""``:
    every icon), with exact probabilities, in increasing order: an
    :class:`~boardlab.core.engine.OutcomeTable` (its sampling table made once, cached)."""
    if n == 0:
        return OutcomeTable(((Roll(), Fraction(1)),))
    pool = icon_pool([IconDie(faces)] * n)
    merged: dict[Roll, Fraction] = {}
    for icons, p in pool.items():
        s, sp, i = icons["Strength"], icons["Speed"], icons["Intelligence"]
        if icon == "Strength":
            roll = Roll(strength=s)
        elif icon == "Speed":
            roll = Roll(speed=sp)
        elif icon == "Intelligence":
            roll = Roll(intelligence=i)
        else:
            roll = Roll(s, sp, i)
        merged[roll] = merged.get(roll, Fraction(0)) + p
    return OutcomeTable(sorted(merged.items(), key=lambda rp: (rp[0].strength, rp[0].speed,
                                                                rp[0].intelligence)))


def challenge_chance(faces: Faces, n: int, icon: str, difficulty: int) -> Fraction:
    """P(at least ``difficulty`` ``icon`` icons on ``n`` dice)."""
    return sum((p for r, p in roll_outcomes(faces, n, icon) if r.count(icon) >= difficulty),
               Fraction(0))
