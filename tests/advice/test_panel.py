"""The Advice panel: bars from an Advice, a background thread, a cache per position."""

from __future__ import annotations

import threading
import time
from typing import Any

from boardlab import mall_of_horror as moh
from boardlab.advice import advise
from boardlab.advice.panel import AdvicePanel, advice_table_html
from tests.advice.test_bad_input import MATCH

#: A time budget no loaded machine reaches: exactness here must not depend on the load.
SLOW = 3600


def test_the_table_has_a_bar_per_choice_and_marks_the_best() -> None:
    a = advise(MATCH, horizon=3, budget={"seconds": SLOW, "matches": 10})
    html = advice_table_html(a)
    assert html.count("<tr>") == 1 + len(MATCH.legal())
    assert html.count("★") == 1 and html.count(">exact<") == len(MATCH.legal())


def test_the_panel_computes_in_a_thread_shows_progress_and_caches() -> None:
    gate = threading.Event()
    calls: list[Any] = []

    def slow(match: Any, **kw: Any) -> Any:
        calls.append(match)
        gate.wait(5)
        return advise(match, **kw)
    panel = AdvicePanel(advise=slow, horizon=2, budget={"seconds": SLOW, "matches": 0})
    before = MATCH.to_json()
    panel.show(MATCH)
    time.sleep(0.5)  # past 200 ms: the panel says it is computing, the table is not there
    assert "computing" in panel.status.value and panel.html.value == ""
    gate.set()
    panel.wait(10)
    assert panel.status.value == "" and panel.html.value.count("★") == 1
    assert calls[0] is not MATCH and MATCH.to_json() == before  # it worked on a copy
    panel.show(MATCH)  # the cache: no second computation
    assert len(calls) == 1 and panel.html.value.count("★") == 1


def test_no_decision_no_advice() -> None:
    panel = AdvicePanel(horizon=1)
    panel.show(moh.new_match(players=3, seed=1))
    assert "No decision" in panel.html.value
