"""How Mall of Horror shows a name it may not know, and its unknown-name error.

The argument checks themselves are core's (:mod:`boardlab.core.validate`: ``whole``,
``text``, ``name``, ``mapping``), so every game words a refusal the same way.

>>> shown("red", ("red",)), shown("x" * 500, ("red",))[:12]
('red', "'xxxxxxxxxxx")
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from boardlab.core.errors import ArgumentError, show_value


class UnknownName(ArgumentError, KeyError):
    """An unknown name asked for by key (a rule id): a boardlab error, and a ``KeyError``
    as it always was, so ``except KeyError`` written for boardlab 0.1 still catches it.

    >>> str(UnknownName("rule_id", "MoH-R99", "unknown rule id"))
    "rule_id: unknown rule id (got 'MoH-R99')"
    """

    __str__ = BaseException.__str__  # a KeyError would print the message as a repr


def shown(value: Any, known: Collection[Any]) -> str:
    """A known name as it is, anything else as a short ``repr`` (for ``__str__``)."""
    if type(value) in (str, int) and value in known:
        return str(value)
    return show_value(value)
