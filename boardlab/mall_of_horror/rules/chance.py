"""Mall of Horror's chance nodes as exact outcome tables: dice, the deck, tie breaks.

Each table is an :class:`~boardlab.core.engine.OutcomeTable` (outcomes with Fractions
and the integer table to sample them), built once and kept in a bounded cache.

>>> outs = dice_outcomes(4)
>>> len(outs), sum(p for _, p in outs)
(126, Fraction(1, 1))
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from boardlab.core.engine import OutcomeTable
from boardlab.mall_of_horror.choices import Dice, Draw, TieBreak
from boardlab.mall_of_horror.config import CARDS

INITIAL_ZOMBIE_DICE = 4  # MoH-setup-zombies: the first player rolls four dice
PLACEMENT_DICE = 2       # MoH-setup-characters: two dice per character

_DRAW = {card: Draw(card) for card in CARDS}


@lru_cache(maxsize=32)
def dice_outcomes(n: int, faces: int = 6) -> OutcomeTable:
    """All rolls of ``n`` dice as sorted faces with exact probabilities.

    Dice are collapsed into counts per face (126 outcomes for 4 dice, not 1296).

    >>> outs = dice_outcomes(4)
    >>> len(outs), sum(p for _, p in outs)
    (126, Fraction(1, 1))
    >>> dict(outs)[Dice((6, 6, 6, 6))]
    Fraction(1, 1296)
    """
    total = faces**n
    out = []
    for combo in combinations_with_replacement(range(1, faces + 1), n):
        ways = factorial(n)
        for face in set(combo):
            ways //= factorial(combo.count(face))
        out.append((Dice(combo), Fraction(ways, total)))
    return OutcomeTable(out)


@lru_cache(maxsize=4096)
def draw_outcomes(deck: tuple[int, ...]) -> OutcomeTable:
    """The top card of an unseen deck (counts per card kind), with exact chances.

    >>> draw_outcomes((3, 0, 0, 0, 0, 0, 1))
    ((Draw(card='threat'), Fraction(3, 4)), (Draw(card='hidden'), Fraction(1, 4)))
    """
    # The deck is an urn: one draw without replacement from counted piles. Imported
    # here, not at the top: boardlab.prob costs ~10 ms that importing the game need not pay.
    from boardlab.prob.urn import draw_one

    return OutcomeTable((_DRAW[card], p) for card, p in draw_one(deck, labels=CARDS))


@lru_cache(maxsize=512)
def tiebreak_outcomes(tied: tuple[str, ...]) -> OutcomeTable:
    """A uniform draw among the tied colours (MoH-R8).

    >>> tiebreak_outcomes(("red", "blue"))
    ((TieBreak(colour='red'), Fraction(1, 2)), (TieBreak(colour='blue'), Fraction(1, 2)))
    """
    return OutcomeTable((TieBreak(c), Fraction(1, len(tied))) for c in tied)
