"""The Lockup: Breakout board in a real Chromium (issue 15): JupyterLab (Step, Back, a
roll-call choice through the grouped pad, the odds panel changing) and Voilà.

breakout_demo.ipynb seats red on a three-player match. Each click is mirrored on a shadow
Board in the test process and the page must come to show exactly what the shadow shows:
status, log, SVG, odds and offered choices (:meth:`BoardPage.expect_like`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardlab import lockup_breakout as lb
from boardlab.lockup_breakout.board import Board
from tests.browser.conftest import Blocked, Server, serving, start_lab
from tests.browser.pages import WAIT_MS, BoardPage, ExplainerPage, expect

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parent / "breakout_demo.ipynb"


def shadow_board() -> Board:
    return Board(lb.new_match(players=3, seed=1), seat="red")


@pytest.fixture(scope="module")
def breakout_lab(chromium_path: str, port: int,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(start_lab(NOTEBOOK, port, tmp_path_factory.mktemp("jupyterlab-breakout")))


def test_lab_step_back_roll_call_through_the_grouped_pad_and_the_odds(
        breakout_lab: Server, page_of: Any, blocked: Blocked) -> None:
    page = page_of
    page.goto(f"{breakout_lab.url}/lab/tree/{NOTEBOOK.name}?token={breakout_lab.token}")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))
           ).to_be_visible(timeout=WAIT_MS)
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-item", has_text=re.compile(r"^Run All Cells$")).click()
    board = BoardPage(page)
    board.wait_ready()
    shadow = shadow_board()
    start = board.expect_like(shadow)
    assert start.status == "Setup · to move: chance"

    # Step: the tunnel layout is dealt; Back puts everything back.
    board.click("step")
    shadow.step()
    stepped = board.expect_like(shadow)
    assert stepped.status != start.status and stepped.svg != start.svg
    assert stepped.log[-1].startswith("The tunnel") or len(stepped.log) > len(start.log)
    board.click("back")
    shadow.back()
    assert board.expect_like(shadow) == start

    # Play on to red's first roll-call choice: groups of tokens, no odds yet.
    board.click("phase")
    shadow.play_phase()
    while shadow.match.to_move != "red":
        board.click("phase")
        shadow.play_phase()
    before = board.expect_like(shadow)
    assert "the seeker" in shadow.choice_pad.groups and before.odds == ()

    # The seeker to a tunnel location, face up, through the grouped pad.
    board.pick_group("the seeker")
    shadow.choice_pad.select("the seeker")
    board.expect_like(shadow)
    state = shadow.match.state
    index = next(i for i, c in enumerate(shadow.offered) if c.token == "seeker"
                 and state.tunnels[c.location - 1] and not c.face_down)
    label = shadow.choice_labels[index]
    board.pick(label)
    shadow.choose(shadow.offered[index])
    after = board.expect_like(shadow)
    loc = shadow.match.records[-1].choice.location
    assert shadow.match.records[-1].choice == lb.Assign("seeker", loc, False)
    assert [key for key, _, _ in after.odds] == [str(loc)]        # the odds panel changed
    assert after.odds != before.odds
    expect(ExplainerPage(page).status).to_have_text(re.compile(r"\S"), timeout=WAIT_MS)
    assert all("127.0.0.1" not in url for url in blocked.urls)
