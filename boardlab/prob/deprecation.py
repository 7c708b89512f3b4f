r"""Deprecated spellings, kept for one release with a :class:`DeprecationWarning`.

boardlab 0.2 settled on one spelling per question (``Dist.P``, ``E``, ``var``, ``cdf``)
and one number type (``fractions.Fraction``). The old names still work until 0.3 but
warn, naming their replacement.

>>> import warnings
>>> from boardlab.prob import Dist
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     print(Dist({0: 1, 1: 1}).p(1))
1/2
>>> print(*str(caught[0].message).split(": "), sep=":\n")
Dist.p() is deprecated since boardlab 0.2 and goes in 0.3:
use Dist.P(), which returns the same Fraction
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

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
