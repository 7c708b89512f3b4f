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

# The helpers live in the core (every layer warns the same way); re-exported here.
from boardlab.core.deprecation import REMOVED_IN, SINCE, deprecated_method, warn_deprecated

__all__ = ["REMOVED_IN", "SINCE", "deprecated_method", "warn_deprecated"]
