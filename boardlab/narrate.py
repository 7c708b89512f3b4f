"""Narrate a match from its events: a heading per round and phase, one line per event.

Game-agnostic: the narration reads only each event's ``round``, ``phase`` and
:meth:`~boardlab.core.events.Event.line`; a game passes its phase titles in.

>>> from boardlab.core.events import Event
>>> from boardlab.core.rules import RuleRef
>>> r = RuleRef("D-1", "Demo", "Scoring", "A pawn on the goal scores.")
>>> events = [Event("setup", "red sits down", r, phase="setup"),
...           Event("score", "red scores 1", r, who="red", round=1, phase="s")]
>>> for line in narrate(events, phase_titles={"setup": "Setup", "s": "Scoring"}):
...     print(line)
Setup
  red sits down  (D-1)
Round 1 — Scoring
  red scores 1  (D-1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from boardlab.core.events import Event

__all__ = ["INDENT", "heading", "narrate"]

#: Prefix of every event line (headings are not indented).
INDENT = "  "


def heading(round_: int, phase: str, phase_titles: Mapping[str, str] | None = None) -> str:
    """The heading for a round and phase; round 0 (before the first round) has none.

    >>> heading(2, "c", {"c": "c) Arrival of the Zombies"})
    'Round 2 — c) Arrival of the Zombies'
    >>> heading(0, "setup", {"setup": "Setup"})
    'Setup'
    >>> heading(3, "x")
    'Round 3 — x'
    """
    title = (phase_titles or {}).get(phase, phase)
    if round_ <= 0:
        return title or "Before the first round"
    return f"Round {round_} — {title}" if title else f"Round {round_}"


def narrate(events: Iterable[Event], *, viewer: str | None = None,
            phase_titles: Mapping[str, str] | None = None) -> list[str]:
    """Lines telling ``events`` in order, as ``viewer`` may know them.

    A heading (see :func:`heading`) starts every change of round or phase; each event
    becomes ``INDENT + event.line(viewer)``, which ends with the rule id in
    parentheses. ``viewer=None`` is the omniscient narrator; a player's name hides
    what that player may not know (other players' secret votes, cards, destinations).

    >>> narrate([])
    []
    """
    lines: list[str] = []
    where: tuple[int, str] | None = None
    for event in events:
        here = (event.round, event.phase)
        if here != where:
            lines.append(heading(event.round, event.phase, phase_titles))
            where = here
        lines.append(INDENT + event.line(viewer))
    return lines
