"""A small tree of chances and of one seat's decisions over later positions.

A game may hand the exact advice such a tree where it can count the ways to the
positions further on without stepping through each choice on the way (a vote's random
ballots, counted by their tally): :class:`Chance` weighs its branches by whole numbers
over a total, :class:`Best` is the advised seat's decision (its branches in the order
of its legal choices), and a leaf is an ``int``, the index of a position in the list
handed with the tree. :func:`fold` values a tree from the values of its positions.

>>> tree = Chance(((1, 0), (3, Best((0, 1)))), 4)
>>> fold(tree, [2, 6], add=lambda parts, total: sum(w * v for w, v in parts) / total,
...      better=lambda a, b: a > b)
5.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

__all__ = ["Best", "Chance", "Plan", "fold"]


class Chance(NamedTuple):
    """Branches weighed ``weight / total`` (whole numbers: exact with no Fraction)."""

    branches: tuple[tuple[int, Plan], ...]
    total: int


class Best(NamedTuple):
    """The seat's decision: the first branch of greatest value (legal-choice order)."""

    branches: tuple[Plan, ...]


#: A tree: a Chance, a Best, or the index of a position.
Plan = Chance | Best | int


def fold(plan: Plan, values: Sequence[Any], *,
         add: Callable[[list[tuple[int, Any]], int], Any],
         better: Callable[[Any, Any], bool]) -> Any:
    """The value of ``plan``: ``values[i]`` at leaf ``i``, ``add(weighted, total)`` at a
    Chance, the first branch that no later one is ``better`` than at a Best."""
    if type(plan) is int:
        return values[plan]
    if type(plan) is Best:
        best = None
        for branch in plan.branches:
            v = fold(branch, values, add=add, better=better)
            if best is None or better(v, best):
                best = v
        return best
    assert type(plan) is Chance
    return add([(w, fold(b, values, add=add, better=better)) for w, b in plan.branches],
               plan.total)
