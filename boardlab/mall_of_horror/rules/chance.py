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
from math import factorial, gcd

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


_DRAWS = tuple(_DRAW[card] for card in CARDS)


@lru_cache(maxsize=8192)
def draw_outcomes(deck: tuple[int, ...]) -> OutcomeTable:
    """The top card of an unseen deck (counts per card kind), with exact chances.

    The deck is an urn: this is :func:`boardlab.prob.urn.draw_one` of the deck's counts
    (the tests compare the two on every deck the box can leave), built here straight
    from the counts because a match meets a new deck about five times: the urn's general
    checks and Fraction arithmetic cost ten times more. The ``(Draw, probability)``
    pairs are shared by every table (:func:`_pairs`), so a table costs little more than
    its own tuple and a cache of 8192 decks holds most of the decks the box can leave.

    >>> draw_outcomes((3, 0, 0, 0, 0, 0, 1))
    ((Draw(card='threat'), Fraction(3, 4)), (Draw(card='hidden'), Fraction(1, 4)))
    """
    total = sum(deck)
    g = gcd(*deck)
    shared = _PAIRS.get(total) or _pairs(total)
    pairs, cumulative, acc = [], [], 0
    for i, n in enumerate(deck):
        if n:
            pairs.append(shared[i][n])
            acc += n // g
            cumulative.append(acc)
    # An OutcomeTable as OutcomeTable.from_counts builds it: the pairs, and the integer
    # sampling table of the reduced counts (the very table the probabilities give).
    table = tuple.__new__(OutcomeTable, pairs)
    object.__setattr__(table, "denominator", total // g)
    object.__setattr__(table, "cumulative", tuple(cumulative))
    return table


# _PAIRS[total][i][n]: card kind i drawn with probability n / total, one shared pair per
# (kind, n, total); built for a deck size when a deck of that size is first drawn from
# (a deck size is at most the box's card count, so this stays small).
_PAIRS: dict[int, tuple[tuple[tuple[Draw, Fraction], ...], ...]] = {}


def _pairs(total: int) -> tuple[tuple[tuple[Draw, Fraction], ...], ...]:
    shared = tuple(tuple([(draw, Fraction(n, total)) for n in range(total + 1)])
                   for draw in _DRAWS)
    _PAIRS[total] = shared
    return shared


@lru_cache(maxsize=512)
def tiebreak_outcomes(tied: tuple[str, ...]) -> OutcomeTable:
    """A uniform draw among the tied colours (MoH-R8).

    >>> tiebreak_outcomes(("red", "blue"))
    ((TieBreak(colour='red'), Fraction(1, 2)), (TieBreak(colour='blue'), Fraction(1, 2)))
    """
    return OutcomeTable((TieBreak(c), Fraction(1, len(tied))) for c in tied)
