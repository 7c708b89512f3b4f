"""The Advice panel: a bar per legal choice, the best marked, exact or estimated marked.

:func:`advice_table_html` draws an :class:`~boardlab.advice.record.Advice` (pure HTML,
no widget). :class:`AdvicePanel` is the ipywidgets panel beside a board: ``show(match)``
computes the advice of the match's current position in a background thread (the
notebook does not freeze), shows a progress line once it takes longer than 200 ms, and
puts the finished table on the widget in one assignment (never a half-updated widget).
Advice is cached per position: going back and forth costs nothing. The panel lives
with the advice (the application layer), above the widgets it uses, so arrows point
down.

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
from boardlab.widgets.odds_panel import BAR_COLOUR, TRACK_COLOUR

__all__ = ["PROGRESS_AFTER", "AdvicePanel", "advice_table_html"]

#: Seconds before the panel says it is still computing.
PROGRESS_AFTER = 0.2


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
    ``match.state``; ``panel.wait()`` waits for it (tests and scripts).
    """

    def __init__(self, *, advise: Callable[..., Advice] | None = None, **keywords: Any) -> None:
        import ipywidgets as w

        from boardlab.advice.advise import advise as default

        self._advise = advise or default
        self._keywords = keywords
        self._cache: dict[Any, str] = {}
        self._thread: threading.Thread | None = None
        self._want: Any = None
        self.html = w.HTML("")
        self.status = w.HTML("")
        self.widget = w.VBox([self.status, self.html])

    def message(self, text: str) -> None:
        """Show one line instead of advice (no decision here, or not this viewer's)."""
        self._want = None  # a computation still running must not overwrite the line
        self.status.value, self.html.value = "", f"<i>{escape(text)}</i>"

    def show(self, match: Any, *, seat: str | None = None) -> None:
        """Show the advice of ``match``'s position (a decision), from the cache or a thread.

        ``seat``: whose advice (by default the player to move), from that seat's view.
        """
        state = match.state
        key = (state, seat)
        self._want = key
        got = self._cache.get(key)
        if got is not None:
            self.status.value, self.html.value = "", got
            return
        if match.is_over or match.to_move is None or not isinstance(match.to_move, str):
            self.status.value, self.html.value = "", "<i>No decision to advise here.</i>"
            return
        self.status.value, self.html.value = "", ""  # never the last position's table
        copy = match.branch()  # the thread works on its own match: the board's is untouched
        self._thread = threading.Thread(target=self._compute, args=(copy, key), daemon=True)
        self._thread.start()

    def _compute(self, match: Any, key: tuple[Any, str | None]) -> None:
        done = threading.Event()

        def progress() -> None:
            start = time.perf_counter()
            if not done.wait(PROGRESS_AFTER) and self._want == key:
                self.status.value = "<i>computing the advice…</i>"
                while not done.wait(0.5) and self._want == key:
                    self.status.value = (f"<i>computing the advice… "
                                         f"{time.perf_counter() - start:.0f} s</i>")
        ticker = threading.Thread(target=progress, daemon=True)
        ticker.start()
        try:
            seat: dict[str, Any] = {} if key[1] is None else {"seat": key[1]}
            html = advice_table_html(self._advise(match, **seat, **self._keywords))
        except Exception as err:  # noqa: BLE001 - shown on the panel, never raised in a thread
            html = f"<i>No advice: {escape(str(err))}</i>"
        done.set()
        self._cache[key] = html
        if self._want == key:  # a later position asked meanwhile: leave it its panel
            self.html.value = html
            self.status.value = ""

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the advice being computed (if any)."""
        if self._thread is not None:
            self._thread.join(timeout)
