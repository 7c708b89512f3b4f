"""The Level 7 board served by Voilà (the notebook as an app) in a real Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from boardlab import level7_lockdown as l7
from tests.browser.conftest import Blocked, Server
from tests.browser.pages import WAIT_MS, BoardPage, expect

pytestmark = pytest.mark.browser


def test_voila_level7_board_move_and_explainer(l7_voila_server: Server, page_of: Any,
                                               blocked: Blocked) -> None:
    page = page_of
    page.goto(f"{l7_voila_server.url}/?token={l7_voila_server.token}", timeout=WAIT_MS)
    board = BoardPage(page)
    shadow = l7.Board(l7.new_match(players=1, seed=2), seat="Leo", group_above=0)
    start = board.expect_like(shadow)
    assert start.status == ("Leo to choose: pick one of your choices by the picture · "
                            "Round 1 · Leo's move step (2 moves left) · to move: Leo")
    explainer = l7.Explainer(l7.play(players=2, seed=1))
    expect(page.locator(".bl-explainer .bl-explainer-status")).to_have_text(explainer.status)

    board.pick_group("move")
    shadow.choice_pad.select("move")
    board.expect_like(shadow)
    board.pick("move to Storage Bay")
    shadow.choose(shadow.offered[shadow.choice_labels.index("move to Storage Bay")])
    after = board.expect_like(shadow)
    assert after.log[-1] == ("Leo walks into the gas cloud and discards an adrenaline card "
                             "(L7-cloud-gas)")
    assert after.svg != start.svg
    assert all("127.0.0.1" not in url for url in blocked.urls)
