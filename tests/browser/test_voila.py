"""The board served by Voilà (the notebook as an app) in a real Chromium: Step works."""

from __future__ import annotations

from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from tests.browser.conftest import Blocked, Server
from tests.browser.pages import WAIT_MS, BoardPage, expect

pytestmark = pytest.mark.browser


def test_voila_step_changes_the_status(voila_server: Server, page_of: Any,
                                       blocked: Blocked) -> None:
    page = page_of
    # Voilà runs the notebook while the page loads (the kernel start is part of it).
    page.goto(f"{voila_server.url}/?token={voila_server.token}", timeout=WAIT_MS)
    board = BoardPage(page)
    shadow = moh.Board(moh.new_match(players=4, seed=3), seat="red")
    start = board.expect_like(shadow)
    assert start.status == "Setup · to move: chance"
    expect(page.locator(".bl-explainer .bl-explainer-status")).to_have_text("Setup (1 of 26)")

    board.click("step")
    shadow.step()
    after = board.expect_like(shadow)
    assert after.status == "Setup · to move: chance · last: yellow is dealt an action card"
    assert after.log == ("Setup", "yellow is dealt an action card (MoH-setup)")
    assert after.svg != start.svg
    # Nothing left the machine: whatever the page asked elsewhere was aborted.
    assert all("127.0.0.1" not in url for url in blocked.urls)
