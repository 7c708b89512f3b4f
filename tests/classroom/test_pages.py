"""Real Chromium (issue 31): four browser contexts play a whole Mall of Horror match
through the seat pages, and a round of Breakout; the final state equals a replay of the
saved file. The pages work on a phone and at 1024×768; the projector follows the public
table; the teacher's page starts the match; a seat whose time is up is played by an agent
and its page says so.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from boardlab import registry
from boardlab.classroom.lesson import Lesson
from boardlab.classroom.messages import projector_message, seat_message
from tests.classroom.browser import (
    PHONE,
    SMALL,
    WIDE,
    click_a_choice,
    fits,
    in_browser,
    open_page,
    ply_of,
    wait_until,
)
from tests.classroom.wire import Running, start_server

VIEWPORTS = [PHONE, SMALL, WIDE, SMALL]
#: Real Chromium: slow too (tests/conftest.py), so make test runs these, make check not.
pytestmark = pytest.mark.browser


def _replay(lesson: Lesson) -> Any:
    assert lesson.path is not None
    saved = json.loads(Path(lesson.path).read_text())
    return registry.get(lesson.game.name).load(saved["tables"][0]["match"])


def _seat_pages(browser: Any, run: Running, blocked: list[str]) -> dict[str, Any]:
    table = run.lesson.tables[0]
    pages = {seat: open_page(browser, run.link("seat", seat), blocked,
                             VIEWPORTS[i % len(VIEWPORTS)])
             for i, seat in enumerate(table.seats)}
    deadline = time.monotonic() + 20
    while table.claimed != set(table.seats) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert table.claimed == set(table.seats)
    return pages


def _teacher_starts(browser: Any, run: Running, blocked: list[str]) -> Any:
    teacher = open_page(browser, run.link("teacher"), blocked, WIDE)
    teacher.wait_for_selector("#bl-seats tr")
    assert teacher.locator("#bl-links a").count() == len(run.lesson.tables[0].seats) + 1
    teacher.click("#bl-start")
    return teacher


def _play(pages: dict[str, Any], run: Running, done: Any, rng: random.Random,
          seconds: float) -> dict[str, int]:
    """Click the seats' buttons (seeded picks) until ``done()``; checks the layout of
    every page that offers buttons. Returns the clicks per seat."""
    clicks = dict.fromkeys(pages, 0)
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"not done after {seconds} s: {clicks}"
        moved = False
        for seat, page in pages.items():
            if click_a_choice(page, rng.randrange):
                clicks[seat] += 1
                moved = True
                if clicks[seat] <= 3:
                    assert fits(page), f"{seat}'s page does not fit its window"
        if not moved:
            time.sleep(0.03)
    return clicks


def test_four_browsers_play_a_whole_mall_of_horror_match(tmp_path: Path) -> None:
    lesson = Lesson.create("mall-of-horror", seed=21, pace=0, timeout=600,
                           path=tmp_path / "lesson.json")
    run = start_server(lesson)
    table = lesson.tables[0]

    def scenario(browser: Any, blocked: list[str]) -> dict[str, Any]:
        pages = _seat_pages(browser, run, blocked)
        projector = open_page(browser, run.link("projector"), blocked, SMALL)
        teacher = _teacher_starts(browser, run, blocked)
        clicks = _play(pages, run, lambda: table.match.is_over, random.Random(3), 240)
        final = table.match
        for seat, page in pages.items():
            page.wait_for_selector("body[data-over='true']")
            assert ply_of(page) == final.ply
            lines = page.locator("#bl-log li").all_inner_texts()
            assert lines == seat_message(final, seat)["log"]
            assert page.locator(".bl-choice").count() == 0
        projector.wait_for_selector("body[data-over='true']")
        assert projector.locator("#bl-log li").all_inner_texts() == \
            projector_message(final)["log"]
        assert projector.locator(".bl-choice").count() == 0
        assert fits(projector)
        teacher.wait_for_selector("body[data-over='true']")
        return clicks

    try:
        clicks = in_browser(scenario)
    finally:
        run.stop()
    final = table.match
    assert final.is_over
    # every decision of the match was a click on a page (every seat was claimed)
    decisions = sum(1 for r in final.records
                    if final.rules.to_move(r.before) in table.seats)
    assert sum(clicks.values()) == decisions and all(clicks.values())
    replay = _replay(lesson)
    assert replay.state == final.state and replay.choices == final.choices


def test_four_browsers_play_a_round_of_breakout(tmp_path: Path) -> None:
    lesson = Lesson.create("lockup-breakout", seed=4, pace=0, timeout=600,
                           path=tmp_path / "lesson.json")
    run = start_server(lesson)
    table = lesson.tables[0]

    def round_over() -> bool:
        return table.match.is_over or table.match.state.round >= 2

    def scenario(browser: Any, blocked: list[str]) -> dict[str, int]:
        pages = _seat_pages(browser, run, blocked)
        _teacher_starts(browser, run, blocked)
        clicks = _play(pages, run, round_over, random.Random(5), 240)
        for seat, page in pages.items():  # the pages catch up with the server
            wait_until(page, f"Number(document.body.dataset.ply) >= "
                                   f"{table.match.ply} - 40")
            assert fits(page), seat
        return clicks

    try:
        clicks = in_browser(scenario)
    finally:
        run.stop()
    assert table.match.state.round >= 2 and sum(clicks.values()) > 10
    replay = _replay(lesson)
    assert replay.state == table.match.state


def test_a_seat_whose_time_is_up_is_played_by_an_agent(tmp_path: Path) -> None:
    lesson = Lesson.create("mall-of-horror", seed=2, pace=0, timeout=1,
                           path=tmp_path / "lesson.json")
    run = start_server(lesson)
    table = lesson.tables[0]

    def scenario(browser: Any, blocked: list[str]) -> str:
        page = open_page(browser, run.link("seat", "red"), blocked, PHONE)
        _teacher_starts(browser, run, blocked)
        wait_until(page, "document.getElementById('bl-note').textContent"
                         ".startsWith('No choice')", 30_000)
        return page.inner_text("#bl-note")

    try:
        note = in_browser(scenario)
    finally:
        run.stop()
    assert note.startswith("No choice within 1 s: an agent chose “")
    assert "for you (ply" in note
    # red's timed-out decision went through Match.push like any other
    assert any(table.match.rules.to_move(r.before) == "red" for r in table.match.records)
