"""Narrate a match from its events: a heading per round and phase, one line per event.

Game-agnostic: the narration reads only each event's ``round``, ``phase`` and
:meth:`~boardlab.core.events.Event.line`; a game passes its phase titles in. The
closing lines (scores and winners) come from :func:`standings`, which a game fills
with its own unit ("point", "star") and tie-break (cards in hand, …).

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

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from boardlab.core.events import Event

__all__ = ["INDENT", "Tiebreak", "and_list", "heading", "narrate", "plural", "standings"]

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


# -- the closing lines: scores and winners -----------------------------------------------
def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is 1.

    >>> plural(1, "point"), plural(0, "card"), plural(12, "star")
    ('1 point', '0 cards', '12 stars')
    """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def and_list(names: Sequence[str]) -> str:
    """Names joined for a sentence.

    >>> and_list(["a"]), and_list(["a", "b"]), and_list(["a", "b", "c"])
    ('a', 'a and b', 'a, b and c')
    """
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class Tiebreak(NamedTuple):
    """What decides between players level on score: a count per player and its words.

    ``Tiebreak({"red": 2}, "card", " in hand")`` reads "2 cards in hand".
    """

    counts: Mapping[str, int]
    noun: str
    suffix: str = ""

    def words(self, player: str) -> str:
        return f"{plural(self.counts[player], self.noun)}{self.suffix}"


def standings(scores: Mapping[str, int], winners: Sequence[str], *, over: bool, ply: int,
              unit: str = "point", tiebreak: Tiebreak | None = None) -> list[str]:
    """The scores of every player, then (once the match is over) who won and why.

    ``winners`` are the game's winners (more than one: a shared win); a single winner
    level on score with others won on ``tiebreak``. Before the end there is no winner
    line, and the heading says where the match stopped.

    >>> for line in standings({"a": 3, "b": 3}, ["b"], over=True, ply=40):
    ...     print(line)
    Final scores
      a: 3 points
      b: 3 points
    Winner: b (level with a on 3 points; wins on the tie-break)
    >>> standings({"a": 1, "b": 0}, [], over=False, ply=9, unit="star")
    ['Scores so far (the match stops at ply 9)', '  a: 1 star', '  b: 0 stars']
    """
    lines = ["Final scores" if over else f"Scores so far (the match stops at ply {ply})"]
    for player, points in scores.items():
        extra = f", {tiebreak.words(player)}" if tiebreak else ""
        lines.append(f"{INDENT}{player}: {plural(points, unit)}{extra}")
    if not over:
        return lines
    top = scores[winners[0]]
    level = [p for p in scores if scores[p] == top]
    if len(winners) > 1:
        extra = f" and {tiebreak.words(winners[0])}" if tiebreak else ""
        lines.append(f"Shared win: {and_list(winners)} ({plural(top, unit)}{extra} each)")
    elif len(level) > 1:
        others = [p for p in level if p != winners[0]]
        why = (f"{tiebreak.noun}s{tiebreak.suffix}, {tiebreak.counts[winners[0]]} against "
               f"{', '.join(str(tiebreak.counts[p]) for p in others)}" if tiebreak
               else "the tie-break")
        lines.append(f"Winner: {winners[0]} (level with {and_list(others)} on "
                     f"{plural(top, unit)}; wins on {why})")
    else:
        lines.append(f"Winner: {winners[0]} with {plural(top, unit)}")
    return lines
