"""How Mall of Horror shows a name it may not know.

The argument checks themselves are core's (:mod:`boardlab.core.validate`: ``whole``,
``text``, ``name``, ``mapping``), so every game words a refusal the same way.

>>> shown("red", ("red",)), shown("x" * 500, ("red",))[:12]
('red', "'xxxxxxxxxxx")
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from boardlab.core.errors import show_value


def shown(value: Any, known: Collection[Any]) -> str:
    """A known name as it is, anything else as a short ``repr`` (for ``__str__``)."""
    if type(value) in (str, int) and value in known:
        return str(value)
    return show_value(value)
