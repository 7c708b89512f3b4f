"""A long loop split in two: make check's quick share of it, and the rest for make test.

A test parametrised over :data:`PARTS` runs as two tests: ``check`` (not marked slow, so
``make check`` runs it) takes every ``every``-th item from the first, ``rest`` (marked
slow: ``make test`` and CI) takes all the others. Together they check every item once,
as the unsplit test did, so ``make test`` does no more work than before the split:

    >>> share("abcdefg", CHECK, 3), share("abcdefg", REST, 3)
    (['a', 'd', 'g'], ['b', 'c', 'e', 'f'])
    >>> [i for i in range(7) if mine(i, CHECK, 3)], [i for i in range(7) if mine(i, CHECK, 3, 2)]
    ([0, 3, 6], [2, 5])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import pytest

T = TypeVar("T")

CHECK = "check"
REST = "rest"
#: The two parts as pytest parameters (ids ``check`` and ``rest``; the rest is slow).
PARTS = [pytest.param(CHECK, id=CHECK), pytest.param(REST, id=REST, marks=pytest.mark.slow)]


def mine(index: int, part: str, every: int, first: int = 0) -> bool:
    """Whether item ``index`` (counted from 0) belongs to ``part``: make check's share is
    every ``every``-th item from item ``first`` (a test may pick a cheap one)."""
    if part not in (CHECK, REST):
        raise ValueError(f"part: {part!r} is neither {CHECK!r} nor {REST!r}")
    return (index % every == first % every) == (part == CHECK)


def share(items: Iterable[T], part: str, every: int) -> list[T]:
    """The items of ``part``: every ``every``-th from the first, or all the others."""
    return [item for i, item in enumerate(items) if mine(i, part, every)]


def first_or_rest(part: str, total: int) -> range:
    """The indices of ``part`` in a test over ``total`` items found one by one (where
    finding them is cheap and checking them is not): make check checks the first.

    >>> first_or_rest(CHECK, 4), first_or_rest(REST, 4)
    (range(0, 1), range(1, 4))
    """
    return range(0, 1) if mine(0, part, total) else range(1, total)
