"""The chance sentinel: ``to_move`` at a chance node.

:data:`CHANCE` is the one member of the enum :class:`Chance`, not a string: it cannot
be mistaken for a player's name, and a type checker narrows ``to_move`` with
``mover is CHANCE`` (a single-member enum is the sentinel PEP 484 recommends). It reads
as ``chance`` in text, pickles to itself, and :func:`boardlab.core.serialize.encode`
writes it as ``"chance"``.

>>> from boardlab.core.chance import CHANCE
>>> CHANCE, str(CHANCE), f"to move: {CHANCE}"
(CHANCE, 'chance', 'to move: chance')
>>> import pickle
>>> pickle.loads(pickle.dumps(CHANCE)) is CHANCE
True

Comparing it with the string ``"chance"`` (as boardlab 0.1 code did) still answers
``True`` in this release, with a :class:`DeprecationWarning`; from 0.3 it is ``False``.
Write ``mover is CHANCE``.
"""

from __future__ import annotations

import warnings
from enum import Enum
from typing import Final

__all__ = ["CHANCE", "Chance"]

_NAME = "chance"
_HASH = hash(_NAME)  # as the string's, so dict keys written as "chance" still find it


class Chance(Enum):
    """The type of :data:`CHANCE` (``to_move`` at a chance node); it has one member."""

    CHANCE = _NAME

    def __repr__(self) -> str:
        return "CHANCE"

    def __str__(self) -> str:
        return _NAME

    def __format__(self, spec: str) -> str:
        return format(_NAME, spec)

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if other.__class__ is str and other == _NAME:
            _warn_string()
            return True
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other is self:
            return False
        if other.__class__ is str and other == _NAME:
            _warn_string()
            return False
        return NotImplemented

    def __hash__(self) -> int:
        return _HASH


def _warn_string() -> None:
    warnings.warn("comparing boardlab's CHANCE with the string 'chance' is deprecated "
                  "(it is False from boardlab 0.3): write `mover is CHANCE`",
                  DeprecationWarning, stacklevel=3)


#: ``to_move`` at a chance node (see the module docstring).
CHANCE: Final = Chance.CHANCE
