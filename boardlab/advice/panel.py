"""The Advice panel: a bar per legal choice, the best marked, exact or estimated marked.

:func:`advice_table_html` draws an :class:`~boardlab.advice.record.Advice` (pure HTML,
no widget). :class:`AdvicePanel` is the ipywidgets panel beside a board: ``show(match)``
computes the advice of the match's current position in a background thread (the
notebook does not freeze), shows a progress line once it takes longer than 200 ms, and
puts the finished table on the widget in one assignment (never a half-updated widget).
Advice is cached per position: going back and forth costs nothing; a position the
board has left before its advice was ready is dropped, and never writes into the panel
of the newer one. The panel lives with the advice (the application layer), above the
widgets it uses, so arrows point down.

>>> from fractions import Fraction
>>> from boardlab.advice.record import Advice, AdviceRow
>>> a = Advice("red", "round", (AdviceRow("stay", True, Fraction(7, 2)),
...            AdviceRow("run", False, Fraction(3), low=2.5, high=3.5, samples=40)),
...            best_index=0, margin=Fraction(1, 2), assumes=("blue at random",))
>>> html = advice_table_html(a)
>>> "★" in html, "exact" in html, "estimated" in html, "blue at random" in html
(True, True, True, True)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from html import escape
from typing import Any

from boardlab.advice.record import Advice, _num
from boardlab.core import validate
from boardlab.widgets.odds_panel import BAR_COLOUR, TRACK_COLOUR

__all__ = ["PARALLEL", "PROGRESS_AFTER", "AdvicePanel", "advice_table_html"]

#: Seconds before the panel says it is still computing.
PROGRESS_AFTER = 0.2
#: Computations a panel runs at once: the position on show starts at once beside one
#: still running for a position the board has left (a computation cannot be stopped;
#: its budget bounds it). Positions asked for while both run wait, the newest only.
PARALLEL = 2


def advice_table_html(advice: Advice) -> str:
    """The advice as a table: choice, bar, value (exact or estimated), chance to win."""
    scores = [float(r.score) for r in advice.rows]
    low, high = min(scores + [0.0]), max(scores + [0.0])
    span = (high - low) or 1.0
    rows = []
    for i, r in enumerate(advice.rows):
        width = (float(r.score) - low) / span * 100
        value = _num(r.score) if r.exact else (
            f"{float(r.score):.3f} [{float(r.low):.3f}, {float(r.high):.3f}]")  # type: ignore[arg-type]
        win = "" if r.win is None else f"{float(r.win.mean):.0%}"
        rows.append(
            f'<tr><td>{"★" if i == advice.best_index else ""}</td>'
            f"<td>{escape(str(r.choice))}</td>"
            f'<td style="width:10em"><div style="background:{TRACK_COLOUR}">'
            f'<div style="background:{BAR_COLOUR};height:0.8em;width:{width:.1f}%"></div>'
            f"</div></td><td>{escape(value)}</td>"
            f'<td>{"exact" if r.exact else "estimated"}</td><td>{win}</td></tr>')
    notes = "".join(f"<li>{escape(a)}</li>" for a in advice.assumes)
    return (f'<div class="bl-advice" style="font-family:sans-serif;font-size:13px">'
            f'<div style="font-weight:bold">{escape(advice.lines()[0])}</div>'
            f"<table><tr><th></th><th>choice</th><th></th><th>expected score</th>"
            f"<th></th><th>win</th></tr>{''.join(rows)}</table>"
            f'<ul class="bl-advice-assumes">{notes}</ul></div>')


class AdvicePanel:
    """The advice of a match's position, computed without freezing the notebook.

    ``AdvicePanel(**advise_keywords)``; ``panel.widget`` is the ipywidgets box to put
    beside a board; ``panel.show(match)`` starts (or finds in the cache) the advice of
    ``match.state``; ``panel.wait()`` waits until nothing is left to compute (tests and
    scripts).

    Threads compute the positions asked for, at most ``parallel`` (:data:`PARALLEL`) at
    once; a position asked for while they are busy waits, and is dropped, never
    computed, when the board moves on before its turn. A computation still running
    when the board moves on ends into the cache only (back to its position costs
    nothing). Whatever writes on the panel (a table, a progress line, a message) holds
    one lock, under which it checks that its position is still the one asked for: a
    computation for an old position never writes into the panel of a newer one.

    >>> panel = AdvicePanel(horizon=1)
    >>> panel.message("Nothing to advise."); panel.html.value
    '<i>Nothing to advise.</i>'
    """

    def __init__(self, *, advise: Callable[..., Advice] | None = None,
                 parallel: int = PARALLEL, **keywords: Any) -> None:
        import ipywidgets as w

        from boardlab.advice.advise import advise as default

        self._advise = advise or default
        self._keywords = keywords
        self._parallel = validate.whole(parallel, "parallel", low=1, high=64)
        self._lock = threading.Lock()
        self._cache: dict[Any, str] = {}
        self._want: Any = None      # the (state, seat) on show; None: a message is
        self._ask = 0               # counts the requests: a progress line is one's own
        self._queued: tuple[Any, Any] | None = None  # (match copy, key): the next to start
        self._busy: set[Any] = set()                 # the keys being computed
        self._idle = threading.Event()
        self._idle.set()
        self.html = w.HTML("")
        self.status = w.HTML("")
        self.widget = w.VBox([self.status, self.html])

    def message(self, text: str) -> None:
        """Show one line instead of advice (no decision here, or not this viewer's)."""
        with self._lock:
            self._ask += 1
            self._want = self._queued = None  # nothing running may overwrite the line
            self._put(f"<i>{escape(text)}</i>")
            self._settle()

    def show(self, match: Any, *, seat: str | None = None) -> None:
        """Show the advice of ``match``'s position (a decision), from the cache or a thread.

        ``seat``: whose advice (by default the player to move), from that seat's view.
        """
        key = (match.state, seat)
        with self._lock:
            self._ask += 1
            self._want, self._queued = key, None  # a position waiting is left: dropped
            got = self._cache.get(key)
            if got is not None or match.is_over or not isinstance(match.to_move, str):
                self._put(got if got is not None else "<i>No decision to advise here.</i>")
                self._settle()
                return
            self._put("")  # never the last position's table
            if key not in self._busy:  # (being computed: its table comes when done)
                # the thread works on its own match: the board's is untouched
                self._queued = (match.branch(), key)
                self._start()
            ask = self._ask
        threading.Thread(target=self._progress, args=(key, ask), daemon=True).start()

    def _put(self, html: str, status: str = "") -> None:
        """The panel's two lines (called with the lock held)."""
        self.status.value, self.html.value = status, html

    def _start(self) -> None:
        """Start the queued position if a thread is free (called with the lock held)."""
        if self._queued is not None and len(self._busy) < self._parallel:
            (match, key), self._queued = self._queued, None
            self._busy.add(key)
            self._idle.clear()
            threading.Thread(target=self._work, args=(match, key), daemon=True).start()

    def _settle(self) -> None:
        """Idle when nothing runs or waits (called with the lock held)."""
        if not self._busy and self._queued is None:
            self._idle.set()

    def _work(self, match: Any, key: Any) -> None:
        """One position's advice, into the cache, and on the panel if still on show."""
        html = self._table(match, key[1])
        with self._lock:
            self._cache[key] = html
            self._busy.discard(key)
            if self._want == key:  # else the board moved on: leave it its panel
                self._put(html)
            self._start()
            self._settle()

    def _table(self, match: Any, seat: str | None) -> str:
        try:
            keywords: dict[str, Any] = {} if seat is None else {"seat": seat}
            return advice_table_html(self._advise(match, **keywords, **self._keywords))
        except Exception as err:  # noqa: BLE001 - shown on the panel, never raised in a thread
            return f"<i>No advice: {escape(str(err))}</i>"

    def _progress(self, key: Any, ask: int) -> None:
        """Past :data:`PROGRESS_AFTER`, say the advice is being computed (and for how long)
        while request ``ask`` for ``key`` is the one on show and not answered yet."""
        start = time.perf_counter()
        pause = PROGRESS_AFTER
        while True:
            time.sleep(pause)
            pause = 0.5
            with self._lock:
                if self._ask != ask or key in self._cache:
                    return
                took = time.perf_counter() - start
                self.status.value = ("<i>computing the advice…</i>" if took < 1 else
                                     f"<i>computing the advice… {took:.0f} s</i>")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until nothing is left to compute; whether that happened within ``timeout``."""
        return self._idle.wait(timeout)
