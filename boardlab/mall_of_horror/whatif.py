"""Moved: the what-ifs are every game's now, in :mod:`boardlab.experiment.whatif`.

``moh.win_odds`` and ``moh.compare_win_odds`` are those functions (as are ``lb.win_odds``
and ``l7.win_odds``). Importing a name from this module still works in this release,
with a DeprecationWarning; it goes in 0.3.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.deprecation import warn_deprecated

_NEW = "boardlab.experiment.whatif"


def __getattr__(name: str) -> Any:
    from boardlab.experiment import whatif

    if name.startswith("__") or not hasattr(whatif, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warn_deprecated(f"boardlab.mall_of_horror.whatif.{name}", f"{_NEW}.{name}")
    return getattr(whatif, name)
