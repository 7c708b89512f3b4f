"""Deprecated spellings and moved names, kept for one release with a DeprecationWarning.

boardlab 0.2 settled names and spellings once for every game (docs/api.md,
"Conventions"). An old name still works until 0.3 but warns, naming its replacement.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     warn_deprecated("l7.explain_step()", "l7.explain_phase()", stacklevel=2)
>>> str(caught[0].message)
'l7.explain_step() is deprecated since boardlab 0.2 and goes in 0.3: use l7.explain_phase()'
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

__all__ = ["REMOVED_IN", "SINCE", "deprecated_method", "warn_deprecated"]

#: The release that introduced the new spellings, and the one that removes the old.
SINCE, REMOVED_IN = "0.2", "0.3"


def warn_deprecated(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated in favour of ``new`` (a DeprecationWarning that
    points at the caller's line)."""
    warnings.warn(f"{old} is deprecated since boardlab {SINCE} and goes in {REMOVED_IN}: "
                  f"use {new}", DeprecationWarning, stacklevel=stacklevel)


def deprecated_method(old: str, new: str, target: Callable[..., Any]) -> Callable[..., Any]:
    """A method named ``old`` that warns, then calls ``target`` (the new method)."""

    def alias(self: Any, *args: Any, **kwargs: Any) -> Any:
        warn_deprecated(f"{type(self).__name__}.{old}()", new)
        return target(self, *args, **kwargs)

    alias.__name__ = old
    alias.__qualname__ = old
    alias.__doc__ = f"Deprecated: use {new}."
    return alias
