"""Narrate a match from its events: a heading per round and phase, one line per event.

Game-agnostic: the narration reads only each event's ``round``, ``phase``, ``kind``,
rule and text; a game passes its phase titles in. The closing lines (scores and
winners) come from :func:`standings`, which a game fills with its own unit ("point",
"star") and tie-break (cards in hand, …).

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

The command line tells a match in :data:`CLI_STYLE` (see :class:`Style`): the rule ids
in a column of their own at the right, repeated lines merged, and a board snapshot
between rounds when the game draws one.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from boardlab.core.events import Event

# The word helpers live in boardlab.words; narrate re-exports them (its old home).
from boardlab.words import and_list, plural, times

__all__ = ["CLI_STYLE", "INDENT", "PLAIN", "Style", "Tiebreak", "and_list", "heading", "narrate",
           "plural", "standings", "times"]

#: Prefix of every event line (headings are not indented).
INDENT = "  "


class Style(NamedTuple):
    """How :func:`narrate` lays out its lines; the defaults give the plain event lines
    (``text  (rule id)``) that logs and explainers show.

    - ``rule_column``: 0 puts the rule id in parentheses after the text; a width ``n``
      wraps the text to ``n`` characters (continuation lines indented) and puts the
      rule id in brackets after it, padded so that the ids form a column at the right.
    - ``merge_repeats``: consecutive events with the same text and rule become one
      line ending "(twice)", "(3 times)".
    - ``once``: event kinds whose text is told the first time only; that line ends
      "(not repeated below)" and later events of the kind with the same text are left
      out (the dice on a closed location, said every round, say nothing new).
    """

    rule_column: int = 0
    merge_repeats: bool = False
    once: frozenset[str] = frozenset()


#: The plain event lines of logs and explainers: ``text  (rule id)``.
PLAIN = Style()

#: The command line's style: rule ids in a column from position 69, repeats merged.
CLI_STYLE = Style(rule_column=64, merge_repeats=True)


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


def _event_lines(text: str, rule_id: str, style: Style) -> list[str]:
    """One told event: ``INDENT + text`` and its rule id, laid out as ``style`` says."""
    if not style.rule_column:
        return [f"{INDENT}{text}  ({rule_id})"]
    width = style.rule_column
    parts = textwrap.wrap(text, width=width, subsequent_indent="  ",
                          break_on_hyphens=False) or [""]
    lines = [INDENT + part for part in parts]
    lines[-1] = f"{lines[-1]:<{width + len(INDENT)}}  [{rule_id}]"
    return lines


def narrate(events: Iterable[Event], *, viewer: str | None = None,
            phase_titles: Mapping[str, str] | None = None, style: Style = PLAIN,
            boards: Mapping[int, Sequence[str]] | None = None) -> list[str]:
    """Lines telling ``events`` in order, as ``viewer`` may know them.

    A heading (see :func:`heading`) starts every change of round or phase; each event
    becomes ``INDENT + event.line(viewer)``, which ends with the rule id in
    parentheses (other layouts: :class:`Style`). ``viewer=None`` is the omniscient
    narrator; a player's name hides what that player may not know (other players'
    secret votes, cards, destinations). ``boards`` maps a round to lines told just
    before that round's first event (a snapshot of the board as it begins).

    >>> narrate([])
    []
    >>> from boardlab.core.rules import RuleRef
    >>> r = RuleRef("D-3", "Demo", "Dice", "A die on a closed square is ignored.")
    >>> dice = [Event("ignored", "The die showing 2 is ignored", r, round=1, phase="c")] * 2
    >>> for line in narrate(dice * 2, style=Style(40, merge_repeats=True, once={"ignored"}),
    ...                     boards={1: ["Board as round 1 begins", "  (empty)"]}):
    ...     print(line)
    Board as round 1 begins
      (empty)
    Round 1 — c
      The die showing 2 is ignored (4 times;
        not repeated below)                     [D-3]
    """
    told: list[list[Any]] = []      # [text, rule id, how often, told once], not yet laid out
    seen_once: set[tuple[str, str]] = set()
    pending_board: dict[int, Sequence[str]] = dict(boards or {})
    lines: list[str] = []
    where: tuple[int, str] | None = None

    def flush() -> None:
        for text, rule_id, n, once in told:
            notes = ([times(n)] if n > 1 else []) + (["not repeated below"] if once else [])
            suffix = f" ({'; '.join(notes)})" if notes else ""
            lines.extend(_event_lines(f"{text}{suffix}", str(rule_id), style))
        told.clear()

    for event in events:
        text, rule_id = event.text_for(viewer), event.rule.id
        here = (event.round, event.phase)
        repeat = (style.merge_repeats and here == where and bool(told)
                  and told[-1][:2] == [text, rule_id])
        once = event.kind in style.once
        if once and (event.kind, text) in seen_once and not repeat:
            continue   # told in full before: the line said it would not be repeated
        if here != where:
            flush()
            board = pending_board.pop(event.round, None)
            if board is not None and (where is None or event.round != where[0]):
                lines.extend(board)
            lines.append(heading(event.round, event.phase, phase_titles))
            where = here
        if once:
            seen_once.add((event.kind, text))
        if repeat:
            told[-1][2] += 1
        else:
            told.append([text, rule_id, 1, once])
    flush()
    return lines


# -- the closing lines: scores and winners -----------------------------------------------
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
