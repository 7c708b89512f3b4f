"""What every game's state record shares: it equals only a state of its own class.

A game's state is a ``NamedTuple`` (hashable, cheap to keep, safe to share). A plain
NamedTuple equals any tuple of the same values; docs/api.md promises that a state
equals only a state of the same class with equal fields. :func:`equal_only_to_itself`
gives a state class that equality and keeps the tuple's hash, so sets and dicts of
states work as before.

>>> from typing import NamedTuple
>>> class Spot(NamedTuple):
...     x: int
>>> _ = equal_only_to_itself(Spot)
>>> Spot(1) == Spot(1), Spot(1) == (1,), Spot(1) != (1,), hash(Spot(1)) == hash((1,))
(True, False, True, True)
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["equal_only_to_itself"]

T = TypeVar("T", bound=type)


def equal_only_to_itself(cls: T) -> T:
    """Make the tuple class ``cls`` equal only to instances of exactly ``cls``."""
    tuple_eq = tuple.__eq__

    def __eq__(self: Any, other: object) -> bool:  # noqa: N807 - the dunder itself
        return other.__class__ is cls and tuple_eq(self, other)

    def __ne__(self: Any, other: object) -> bool:  # noqa: N807
        return not (other.__class__ is cls and tuple_eq(self, other))

    cls.__eq__ = __eq__  # type: ignore[assignment]
    cls.__ne__ = __ne__  # type: ignore[assignment]
    # Defining __eq__ drops the inherited hash; a state hashes as its tuple, as before.
    cls.__hash__ = tuple.__hash__  # type: ignore[assignment]
    return cls
