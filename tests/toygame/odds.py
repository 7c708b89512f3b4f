"""The toy's odds: the board's live odds, with the signature every game's have."""

from __future__ import annotations

from typing import Any

from boardlab.core import validate
from boardlab.prob.derivation import Derivation
from tests.core.toy import ToyState
from tests.widgets.toy_views import win_now


def live_odds(state: ToyState, *, viewer: str | None = None, explain: bool = False) -> Any:
    """P(the player to move reaches the target this turn), by brute force over the rules."""
    validate.instance(state, "state", ToyState, "a toy position (toy.State)")
    validate.viewer(viewer, "viewer", ("a", "b"))
    answer = win_now(state)
    if not validate.flag(explain, "explain"):
        return answer
    return Derivation("P(the player to move wins this turn)", answer,
                      steps=("Every coin face and every choice, tried in the rules.",))
