"""The board on a small screen, in a real JupyterLab: 1024×768 with the file browser open.

The issue this answers: at 1024×768, or 1366 wide with JupyterLab's file browser open,
the picture was cut off at the right and the odds panel and the choice buttons dropped
out of view. Here board_demo.ipynb runs in JupyterLab at that size (JupyterLab's default
layout, file browser open), the board is played with a shadow Board mirroring every
click, and the page is measured: nothing of the board reaches past its own right edge or
the notebook's, the notebook has no horizontal scrollbar, the picture is scaled down with
its aspect ratio kept, and every choice button is inside the visible notebook area once
the board's top is scrolled into view. At 1366 the choices stand next to the picture.
The log: its top line is whole and it shows a scrollbar once it overflows.

With ``BOARDLAB_SCREENSHOTS=1`` it writes docs/_static/screenshots/board-1024.png and
board-1366.png (shown in docs/board.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from tests.browser.conftest import Blocked, Server
from tests.browser.pages import WAIT_MS, BoardPage, Picker, drive, expect, run_all

pytestmark = pytest.mark.browser

SMALL = {"width": 1024, "height": 768}
WIDE = {"width": 1366, "height": 768}

#: Rectangles of the parts of the board and of the notebook's visible area, read in the page.
MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                             width: r.width, height: r.height}; };
  const board = document.querySelector('.bl-board');
  const scroller = board.closest('.jp-WindowedPanel-outer') || board.closest('.jp-Notebook');
  const svg = board.querySelector('.bl-board-svg svg');
  let widest = -Infinity, widestOf = '';
  for (const e of board.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.width && r.right > widest) { widest = r.right; widestOf = e.className.baseVal
                                                                    ?? e.className; }
  }
  return {
    board: box(board), boardScroll: [board.scrollWidth, board.clientWidth],
    scroller: box(scroller), scrollerScroll: [scroller.scrollWidth, scroller.clientWidth],
    svg: box(svg), viewBox: svg.getAttribute('viewBox').split(' ').map(Number),
    buttons: [...board.querySelectorAll('button.bl-choice')].map(box),
    odds: box(board.querySelector('.bl-odds-panel')),
    widest: widest, widestOf: String(widestOf),
    fileBrowser: (() => { const f = document.querySelector('#filebrowser');
                          return f ? box(f) : null; })(),
  };
}"""

#: The log box: its size, scrollbar, and where its topmost visible line starts and ends.
MEASURE_LOG = """() => {
  const log = document.querySelector('.bl-board .bl-log');
  const top = log.getBoundingClientRect().top + log.clientTop;
  const lines = [...log.querySelectorAll('.bl-log-heading, .bl-log-event')]
      .map(e => e.getBoundingClientRect());
  const first = lines.find(r => r.bottom > top + 0.5);
  const style = getComputedStyle(log);
  return {scrollHeight: log.scrollHeight, clientHeight: log.clientHeight,
          scrollbar: log.offsetWidth - log.clientWidth - parseFloat(style.borderLeftWidth)
                     - parseFloat(style.borderRightWidth),
          overflowY: style.overflowY, boxTop: top,
          firstTop: first.top, firstBottom: first.bottom,
          caption: document.querySelector('.bl-board .bl-log-more')?.textContent ?? null};
}"""


@pytest.fixture(scope="module")
def context(browser: Any, blocked: Blocked) -> Iterator[Any]:
    """A browser context of 1024×768 (overrides the shared one of 1600×1400)."""
    from tests.browser.conftest import local_context

    yield from local_context(browser, blocked, SMALL, WAIT_MS)


@pytest.fixture(scope="module")
def small_lab(lab_server: Server, page_of: Any) -> Iterator[Any]:
    """board_demo.ipynb in JupyterLab at 1024×768 with the file browser open, run."""
    page = page_of
    page.goto(f"{lab_server.url}/lab/tree/board_demo.ipynb?token={lab_server.token}")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=WAIT_MS)
    browser_tab = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab").first
    if "lm-mod-current" not in (browser_tab.get_attribute("class") or ""):
        browser_tab.click()
    expect(page.locator("#filebrowser")).to_be_visible(timeout=WAIT_MS)
    run_all(page)
    BoardPage(page).wait_ready()
    yield page


def measure(page: Any) -> dict[str, Any]:
    """The board's top scrolled to the top of the notebook, then its geometry."""
    page.evaluate("document.querySelector('.bl-board').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(100)  # one frame for the scroll (a measurement, not a wait on state)
    return page.evaluate(MEASURE)


def assert_fits(m: dict[str, Any]) -> None:
    """Nothing wider than the board, the board inside the notebook, no horizontal scroll."""
    board, scroller, svg = m["board"], m["scroller"], m["svg"]
    assert m["scrollerScroll"][0] <= m["scrollerScroll"][1], "the notebook scrolls sideways"
    assert m["boardScroll"][0] <= m["boardScroll"][1], "the board overflows its width"
    assert m["widest"] <= board["right"] + 0.5, (
        f"{m['widestOf']!r} reaches {m['widest']:.0f}, past the board's edge {board['right']}")
    assert scroller["left"] <= board["left"] and board["right"] <= scroller["right"]
    # the whole picture is in view sideways, scaled down with its aspect ratio kept
    assert scroller["left"] <= svg["left"] and svg["right"] <= scroller["right"]
    _, _, vb_w, vb_h = m["viewBox"]
    assert svg["width"] <= vb_w
    assert abs(svg["height"] - svg["width"] * vb_h / vb_w) < 1.5


def assert_in_view(m: dict[str, Any], rect: dict[str, float], what: str) -> None:
    s = m["scroller"]
    assert (s["left"] <= rect["left"] and rect["right"] <= s["right"]
            and s["top"] <= rect["top"] and rect["bottom"] <= s["bottom"]), (
        f"{what} at {rect} is outside the visible notebook {s}")


def check_log(small_lab: Any, page: BoardPage) -> None:
    """The log overflows: a caption says so, a scrollbar shows, the top line is whole."""
    expect(page.root.locator(".bl-log-more")).to_have_text(
        re.compile(r"^Log: \d+ lines, the newest at the bottom; scroll up for the earlier ones\.$"),
        timeout=WAIT_MS)
    small_lab.evaluate("document.querySelector('.bl-board .bl-log').scrollIntoView()")
    log = small_lab.evaluate(MEASURE_LOG)
    assert log["scrollHeight"] > log["clientHeight"] == 12 * 18
    assert log["overflowY"] == "scroll" and log["scrollbar"] > 0, log
    # the newest line is at the bottom and the topmost one in view is not cut in half
    assert abs(log["firstTop"] - log["boxTop"]) < 0.5, log
    # scrolled by a few pixels, a line is cut, as any scrolled box cuts one: the rows are
    # whole at the resting position, which is where the log stays as it grows
    small_lab.evaluate("document.querySelector('.bl-board .bl-log').scrollTop -= 5")
    moved = small_lab.evaluate(MEASURE_LOG)
    assert moved["firstTop"] < moved["boxTop"] - 0.5


def test_the_board_fits_1024_by_768_and_its_log_shows_whole_lines(small_lab: Any,
                                                                  screenshot_dir: Path) -> None:
    page, shadow = BoardPage(small_lab), moh.Board(moh.new_match(players=4, seed=3), seat="red")
    small_lab.set_viewport_size(SMALL)
    page.expect_like(shadow)
    page.click("phase")  # the setup, up to red's first decision: six choices
    shadow.play_phase()
    page.expect_like(shadow)
    m = measure(small_lab)
    assert m["fileBrowser"] and m["fileBrowser"]["width"] > 150, "the file browser is closed"
    assert_fits(m)
    assert m["svg"]["width"] < 700, "the picture was not scaled to the narrow notebook"
    assert len(m["buttons"]) == len(shadow.offered) == 6
    for button in m["buttons"]:
        assert_in_view(m, button, "a choice button")
    # Round 1, red to vote: choices, odds and a long log
    shown = drive(page, shadow, lambda b: b.match.state.round == 1 and bool(b.offered),
                  Picker())
    assert shown.choices == ("vote for red", "vote for green") and shown.odds
    m = measure(small_lab)
    assert_fits(m)
    for button in m["buttons"]:
        assert_in_view(m, button, "a choice button")
    assert m["odds"]["right"] <= m["board"]["right"]
    small_lab.screenshot(path=str(screenshot_dir / "board-1024.png"))
    check_log(small_lab, page)

    # 1366 wide, the file browser still open: the choices stand beside the picture.
    small_lab.set_viewport_size(WIDE)
    m = measure(small_lab)
    assert_fits(m)
    assert m["fileBrowser"] and m["fileBrowser"]["width"] > 150
    for button in m["buttons"]:
        assert_in_view(m, button, "a choice button")
        assert button["left"] >= m["svg"]["right"], "the choices are not next to the picture"
    assert m["odds"]["left"] >= m["svg"]["right"]
    small_lab.screenshot(path=str(screenshot_dir / "board-1366.png"))
    small_lab.set_viewport_size(SMALL)
