"""ipywidgets pieces shared by every game: a board, a phase explainer, and their parts (a log
view, an odds panel, a stepper, a choice pad).

The parts are game-agnostic: they read events, numbers and labels, never a game's state.
:class:`GameBoard` and :class:`PhaseExplainer` read a game's states only through hooks
the game overrides (see docs/board.md, "Adding a board for a new game"). The HTML each
piece shows is built by plain functions, and ipywidgets itself is imported only when a
widget is first built, so ``import boardlab.widgets`` stays light.

>>> from fractions import Fraction
>>> from boardlab.widgets import odds_table_html
>>> "1/6" in odds_table_html({3: Fraction(1, 6)})
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlab.widgets.board import GameBoard
from boardlab.widgets.choices import ChoicePad
from boardlab.widgets.log import LogChunk, LogView, lines_html
from boardlab.widgets.odds_panel import OddsPanel, odds_table_html
from boardlab.widgets.stepper import STEPPER_LABELS, Stepper

if TYPE_CHECKING:
    from boardlab.widgets.explainer import PhaseExplainer

__all__ = ["STEPPER_LABELS", "ChoicePad", "GameBoard", "LogChunk", "LogView", "OddsPanel",
           "PhaseExplainer", "Stepper", "close_tree", "lines_html", "odds_table_html"]


def __getattr__(name: str) -> Any:
    """``PhaseExplainer`` loads on first use: a board never needs the explainer's module.

    >>> import boardlab.widgets as w
    >>> w.PhaseExplainer.__module__
    'boardlab.widgets.explainer'
    """
    if name == "PhaseExplainer":
        from boardlab.widgets.explainer import PhaseExplainer

        return PhaseExplainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def close_tree(widget: Any) -> None:
    """Close ``widget`` and every widget inside it (frees them in the kernel and the page).

    >>> import ipywidgets
    >>> inner = ipywidgets.Button()
    >>> close_tree(ipywidgets.VBox([ipywidgets.HBox([inner])]))
    >>> inner.comm is None
    True
    """
    for child in getattr(widget, "children", ()):
        close_tree(child)
    widget.close()
