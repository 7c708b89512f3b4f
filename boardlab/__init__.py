"""boardlab: board-game rulebooks as exact, explorable, teachable software.

>>> import boardlab
>>> from boardlab import mall_of_horror as moh
>>> moh.play(players=4, seed=1).is_over
True
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

GAMES = ("mall_of_horror",)


def __getattr__(name: str) -> Any:
    # Games load on first use so that `import boardlab` stays fast.
    if name in GAMES:
        return importlib.import_module(f"boardlab.{name}")
    raise AttributeError(f"module 'boardlab' has no attribute {name!r}")
