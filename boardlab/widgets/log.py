"""A log view: events grouped by round and phase, each line ending with its rule id.

The text is :func:`boardlab.narrate.narrate`'s, so the CLI, the explainers and the
boards tell a match in the same words. The log is kept as one *chunk* per ply (the
lines of that ply's events), so a board appends or drops one chunk per step instead
of re-telling the whole match, and going back restores exactly the earlier text.

>>> from boardlab.core.events import Event
>>> from boardlab.core.rules import RuleRef
>>> r = RuleRef("D-1", "Demo", "Scoring", "A pawn on the goal scores.")
>>> log = LogView(phase_titles={"s": "Scoring"})
>>> log.push([Event("score", "red scores 1", r, round=1, phase="s")])
>>> log.push([Event("score", "blue scores 2", r, round=1, phase="s")])
>>> log.lines
['Round 1 — Scoring', '  red scores 1  (D-1)', '  blue scores 2  (D-1)']
>>> log.pop()
>>> log.lines
['Round 1 — Scoring', '  red scores 1  (D-1)']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from boardlab.core.events import Event
from boardlab.narrate import INDENT, narrate

if TYPE_CHECKING:
    import ipywidgets

__all__ = ["LINE_PX", "LogChunk", "LogView", "lines_html"]

Where = tuple[int, str]

_EMPTY = '<div class="bl-log-empty" style="color:#666">No events yet.</div>'
#: The height of every log line, headings included, in CSS pixels.
LINE_PX = 18


class LogChunk(NamedTuple):
    """The log lines of one ply: plain text, the same as HTML, and where the log stands."""

    key: Any                      # what the chunk belongs to (a board uses the ply's state)
    lines: tuple[str, ...]
    html: str
    where: Where | None           # (round, phase) of the last event told so far


class LogView:
    """Events told as ``viewer`` may know them, grouped under round/phase headings.

    ``viewer=None`` is the omniscient narrator; a player's name shows secret events
    only as that player may read them (:meth:`Event.text_for`), and ``"public"`` (or
    any name that is no player's) shows only what every player knows.

    The log shows its newest ``rows`` lines and scrolls for the rest. Every line is
    exactly :data:`LINE_PX` high (a heading too), and the box is ``rows`` lines high, so
    no line is ever cut in half at its top edge; past ``rows`` lines a caption over the
    box says that earlier lines are up the scrollbar (overlay scrollbars hide it until
    used). ``height`` (a CSS length) is the older way to size the box, kept for callers
    that pass it; it does not line up with the rows.

    >>> LogView().html.count("No events yet")
    1
    """

    def __init__(self, *, viewer: str | None = None,
                 phase_titles: Mapping[str, str] | None = None, height: str | None = None,
                 rows: int = 12) -> None:
        if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
            raise ValueError(f"rows must be a whole number ≥ 1, not {rows!r}")
        self.viewer = viewer
        self.phase_titles = dict(phase_titles or {})
        self.rows = rows
        self.height = height if height is not None else f"{rows * LINE_PX}px"
        self._chunks: list[LogChunk] = []
        self._html: str | None = None
        self._widget: ipywidgets.HTML | None = None

    # -- building chunks (pure) ------------------------------------------------------------
    def build(self, groups: Iterable[tuple[Hashable, Sequence[Event]]],
              after: int | None = None) -> list[LogChunk]:
        """Chunks for ``(key, events)`` groups following the first ``after`` chunks.

        Nothing changes until :meth:`commit`: a board computes first, then shows.

        >>> LogView().build([("k", [])])
        [LogChunk(key='k', lines=(), html='', where=None)]
        """
        after = len(self._chunks) if after is None else after
        where = self._chunks[after - 1].where if after else None
        out = []
        for key, events in groups:
            chunk = self._chunk(key, events, where)
            out.append(chunk)
            where = chunk.where
        return out

    def _chunk(self, key: Hashable, events: Sequence[Event], where: Where | None) -> LogChunk:
        if not events:
            return LogChunk(key, (), "", where)
        lines = narrate(events, viewer=self.viewer, phase_titles=self.phase_titles)
        first = events[0]
        if (first.round, first.phase) == where:
            lines = lines[1:]  # the heading is already on the log
        last = events[-1]
        return LogChunk(key, tuple(lines), lines_html(lines, events), (last.round, last.phase))

    # -- changing the log ------------------------------------------------------------------
    def commit(self, keep: int, chunks: Sequence[LogChunk]) -> None:
        """Keep the first ``keep`` chunks and append ``chunks`` (from :meth:`build`)."""
        del self._chunks[keep:]
        self._chunks.extend(chunks)
        self._html = None

    def push(self, events: Sequence[Event], key: Hashable = None) -> None:
        """Append the lines of one ply's ``events``."""
        self.commit(len(self._chunks), self.build([(key, events)]))

    def pop(self) -> None:
        """Drop the last ply's lines."""
        if not self._chunks:
            raise IndexError("pop from an empty log")
        self.commit(len(self._chunks) - 1, ())

    def common_prefix(self, keys: Sequence[Any]) -> int:
        """How many leading chunks belong to ``keys`` (compared by identity).

        >>> log = LogView()
        >>> a, b, c = object(), object(), object()
        >>> log.commit(0, log.build([(a, []), (b, [])]))
        >>> log.common_prefix([a, b, c]), log.common_prefix([a, c]), log.common_prefix([c, b])
        (2, 1, 0)
        """
        limit = min(len(keys), len(self._chunks))
        n = 0
        while n < limit and self._chunks[n].key is keys[n]:
            n += 1
        return n

    def __len__(self) -> int:
        return len(self._chunks)

    # -- what it shows ---------------------------------------------------------------------
    @property
    def lines(self) -> list[str]:
        """The log as plain text lines (headings, then indented event lines)."""
        return [line for chunk in self._chunks for line in chunk.lines]

    @property
    def html(self) -> str:
        """The log as HTML: newest lines at the bottom, kept in view as the log grows.

        >>> log = LogView(rows=2)
        >>> from boardlab.core.rules import RuleRef
        >>> r = RuleRef("D-1", "Demo", "Scoring", "A pawn on the goal scores.")
        >>> for who in ("red", "blue"):
        ...     log.push([Event("score", f"{who} scores 1", r, round=1, phase="s")])
        >>> "bl-log-more" in log.html, "max-height:36px" in log.html
        (True, True)
        """
        if self._html is None:
            body = "".join(chunk.html for chunk in self._chunks) or _EMPTY
            lines = sum(len(chunk.lines) for chunk in self._chunks)
            more = ""
            if lines > self.rows:
                more = (f'<div class="bl-log-more" style="color:#555;font-size:12px;'
                        f'line-height:{LINE_PX}px">Log: {lines} lines, the newest at the '
                        "bottom; scroll up for the earlier ones.</div>")
            # column-reverse keeps the scroll position pinned to the newest line; a
            # height of whole lines and lines of one fixed height keep the top line whole;
            # overflow-y:scroll keeps the scrollbar on show (where the system shows them).
            overflow = "scroll" if lines > self.rows else "auto"
            self._html = (f'{more}<div class="bl-log" style="max-height:{self.height};'
                          f"overflow-y:{overflow};display:flex;flex-direction:column-reverse;"
                          "font-family:sans-serif;font-size:13px;"
                          f'line-height:{LINE_PX}px;border:1px solid #d0d0d0">'
                          f"<div>{body}</div></div>")
        return self._html

    @property
    def widget(self) -> ipywidgets.HTML:
        """An ``ipywidgets.HTML`` showing :attr:`html` (built on first use)."""
        if self._widget is None:
            import ipywidgets

            self._widget = ipywidgets.HTML(self.html)
            self._widget.add_class("bl-log-view")
        return self._widget

    def show(self) -> None:
        """Put the current :attr:`html` on the widget."""
        self.widget.value = self.html

    def __repr__(self) -> str:
        return f"<LogView viewer={self.viewer!r} plies={len(self._chunks)}>"


def lines_html(lines: Sequence[str], events: Sequence[Event]) -> str:
    """HTML for narrated ``lines`` of ``events``: headings, then one div per event line.

    Each event line keeps its text and shows its rule id with the rule's citation as a
    tooltip; ``lines`` must hold one indented line per event, in order.

    >>> from boardlab.core.rules import RuleRef
    >>> r = RuleRef("D-1", "Demo", "Scoring", "A pawn on the goal scores.")
    >>> e = Event("score", "red <scores>", r, round=1, phase="s")
    >>> print(lines_html(narrate([e]), [e]))  # doctest: +NORMALIZE_WHITESPACE
    <div class="bl-log-heading" style="font-weight:bold;background:#eef0f3">Round 1 — s</div><div
    class="bl-log-event" data-rule="D-1" style="padding-left:1em">red &lt;scores&gt; <span
    class="bl-log-rule" title="D-1 Demo, Scoring: A pawn on the goal scores."
    style="color:#555">(D-1)</span></div>
    """
    parts = []
    told = iter(events)
    for line in lines:
        if line.startswith(INDENT):
            parts.append(_event_html(line[len(INDENT):], next(told)))
        else:
            # No margin: every line is one LINE_PX high (see LogView.html).
            parts.append(f'<div class="bl-log-heading" style="font-weight:bold;'
                         f'background:#eef0f3">{escape(line)}</div>')
    return "".join(parts)


def _event_html(text: str, event: Event) -> str:
    """One event line; ``text`` is the narrated line, ending with ``  (rule id)``."""
    rule = event.rule
    suffix = f"  ({rule.id})"
    said = text[: -len(suffix)] if text.endswith(suffix) else text
    tip = escape(f"{rule.cite()}: {rule.summary}")
    return (f'<div class="bl-log-event" data-rule="{escape(rule.id)}" '
            f'style="padding-left:1em">{escape(said)} <span class="bl-log-rule" '
            f'title="{tip}" style="color:#555">({escape(rule.id)})</span></div>')
