"""boardlab: board-game rulebooks as exact, explorable, teachable software.

>>> import boardlab
>>> from boardlab import mall_of_horror as moh
>>> moh.play(players=4, seed=1).is_over
True

``GAMES`` names the game packages (``boardlab.<name>``); they load on first use, so
``import boardlab`` stays fast. The games by their saved-file names, with what the
command line needs of each, are in :mod:`boardlab.registry`. ``boardlab.advise`` (the
analysis board, :mod:`boardlab.advice`) loads on first use as well.
"""

from __future__ import annotations

import importlib
from typing import Any

from boardlab import registry

__version__ = "0.1.0"

#: The built-in game packages, as ``boardlab.<name>`` attributes (see boardlab.registry).
GAMES: tuple[str, ...] = registry.package_names()


def __getattr__(name: str) -> Any:
    # Games (and the advice, which loads the engine) load on first use so that
    # `import boardlab` stays fast.
    if name in GAMES:
        return importlib.import_module(f"boardlab.{name}")
    if name in ("advise", "Advice"):
        return getattr(importlib.import_module("boardlab.advice"), name)
    raise AttributeError(f"module 'boardlab' has no attribute {name!r}")
