"""Events: what a transition did, in plain words, and the rule that made it happen.

>>> from boardlab.core.rules import RuleRef
>>> from boardlab.core.events import Event
>>> r = RuleRef("D-2", "Demo", "Scoring", "A pawn on the goal scores.")
>>> e = Event("score", "red scores 1", r, who="red", data={"points": 1})
>>> e.line()
'red scores 1  (D-2)'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from boardlab.core.rules import RuleRef

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """One thing that happened.

    ``kind`` is a short machine-readable tag (``"vote"``, ``"break_in"``), ``summary``
    a sentence for humans, ``rule`` the cause, ``who`` the player concerned (if any),
    ``data`` the numbers behind it, and ``round``/``phase`` where in the match it
    happened (used to group logs and explainers). Events are immutable records (a
    NamedTuple: engines create thousands per second, and a tuple is the cheapest
    immutable record Python builds).
    """

    kind: str
    summary: str
    rule: RuleRef
    who: str | None = None
    data: Mapping[str, Any] = _NO_DATA
    round: int = 0
    phase: str = ""
    #: A fuller summary for the players in ``visible_to`` (a secret vote's content,
    #: the cards a searcher drew); everyone else sees only ``summary``.
    detail: str = ""
    visible_to: tuple[str, ...] = ()
    #: Numbers behind ``detail`` (a vote's colour, the dice under the box), for the
    #: same players only; ``data`` never holds a secret.
    secret: Mapping[str, Any] = _NO_DATA

    def data_for(self, viewer: str | None = None) -> dict[str, Any]:
        """``data``, plus ``secret`` when ``viewer`` may know it (``None``: everyone)."""
        if self.secret and (viewer is None or viewer in self.visible_to):
            return {**self.data, **self.secret}
        return dict(self.data)

    def text_for(self, viewer: str | None = None) -> str:
        """The summary as ``viewer`` may read it (``None``: the omniscient narrator)."""
        if self.detail and (viewer is None or viewer in self.visible_to):
            return self.detail
        return self.summary

    def line(self, viewer: str | None = None) -> str:
        """The text for ``viewer`` followed by the rule id, as the CLI and logs print it."""
        return f"{self.text_for(viewer)}  ({self.rule.id})"
