"""The browser edition in a real Chromium, offline: lessons run in Pyodide, the board plays.

All pages open at once (each notebook has its own Pyodide kernel in a Web Worker) and
the tests then wait on them in turn, so the slowest page sets the time, not the sum:

- the site opens (the file browser lists the teacher notebooks and the apps);
- notebook 00 and the four-dice lesson (02) run top to bottom in the Pyodide kernel and
  print exactly the text of their stored (desktop) outputs, which hold the key results
  (19/144, 171 of 1296, ...: read from the .ipynb, so the test follows the notebooks);
  their charts are SVG where the desktop's are PNG;
- the Mall of Horror app page (the board alone) shows no code, and its Step button and a
  choice of the seated player work, checked against the same board run in this process;
- no request left 127.0.0.1.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from scripts.lite import build
from tests.browser.pages import BoardPage, expect
from tests.lite.conftest import PAGE_MS, Requests
from tests.lite.run_without import kind

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

LESSONS = {"00": "00_start_here.ipynb", "02": "02_lesson_four_dice.ipynb"}
APP = "mall-of-horror"
TIMINGS = build.OUTPUT / "browser-timings.json"

# Run every cell once the kernel is ready; remember when it is done (or what failed).
RUN_ALL = """async () => {
  const app = window.jupyterapp, panel = app.shell.currentWidget;
  window.blStart = performance.now();
  await panel.sessionContext.ready;
  window.blReady = performance.now();
  try { await app.commands.execute('notebook:run-all-cells'); window.blDone = 'ok'; }
  catch (e) { window.blDone = 'error: ' + e; }
  window.blEnd = performance.now();
}"""
# The code cells' outputs once every one ran (or as soon as one shows an error).
OUTPUTS = """() => {
  const panel = window.jupyterapp.shell.currentWidget, cells = panel.content.model.cells;
  const out = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    const json = c.toJSON();
    if (json.outputs.some(o => o.output_type === 'error')) return {error: json};
    if (c.executionCount === null) return null;
    out.push(json.outputs);
  }
  return window.blDone ? {outputs: out, done: window.blDone,
                          ready_s: (window.blReady - window.blStart) / 1000,
                          run_s: (window.blEnd - window.blReady) / 1000} : null;
}"""


def printed(outputs: list[dict[str, Any]]) -> str:
    """What a cell printed (its stdout streams, joined)."""
    return "".join("".join(o["text"]) if isinstance(o["text"], list) else o["text"]
                   for o in outputs if o["output_type"] == "stream" and o["name"] == "stdout")


def shown(outputs: list[dict[str, Any]]) -> list[str]:
    """The kind of each display or result of a cell (its most specific MIME type)."""
    kinds = [kind(o["data"]) for o in outputs
             if o["output_type"] in ("display_data", "execute_result")]
    # An object that displays itself (the Board) leaves an empty result in Pyodide's kernel.
    return [k for k in kinds if k != "none"]


def stored(name: str) -> list[list[dict[str, Any]]]:
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return [c["outputs"] for c in nb["cells"] if c["cell_type"] == "code"]


@pytest.fixture(scope="module")
def pages(lite_context: Any, lite_url: str) -> dict[str, Any]:
    """Every page opened and started at once: the two lessons, the app, the file browser."""
    opened: dict[str, Any] = {}
    started = time.monotonic()
    for key, name in LESSONS.items():
        page = lite_context.new_page()
        page.goto(f"{lite_url}/notebooks/index.html?path=teacher/{name}", timeout=PAGE_MS)
        opened[key] = page
    app = lite_context.new_page()
    app.goto(f"{lite_url}/apps/{APP}.html", timeout=PAGE_MS)
    opened["app"] = app
    for key in LESSONS:
        page = opened[key]
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell"
                               " && window.jupyterapp.shell.currentWidget"
                               " && window.jupyterapp.shell.currentWidget.sessionContext",
                               timeout=PAGE_MS)
        page.evaluate(f"() => {{ ({RUN_ALL})(); }}")
    opened["started"] = started
    opened["timings"] = {}
    return opened


def run_lesson(pages: dict[str, Any], key: str) -> list[list[dict[str, Any]]]:
    page = pages[key]
    handle = page.wait_for_function(OUTPUTS, timeout=PAGE_MS, polling=500)
    result = handle.json_value()
    assert "error" not in result, f"lesson {key} failed in the browser: {result['error']}"
    assert result["done"] == "ok", result["done"]
    pages["timings"][key] = {"since_open_s": round(time.monotonic() - pages["started"], 1),
                             "kernel_ready_s": round(result["ready_s"], 1),
                             "run_all_s": round(result["run_s"], 1)}
    return result["outputs"]


def check_same_as_stored(name: str, got: list[list[dict[str, Any]]]) -> None:
    want = stored(name)
    assert len(got) == len(want)
    for k, (g, w) in enumerate(zip(got, want, strict=True)):
        assert printed(g) == printed(w), f"{name}, code cell {k}"
        assert shown(g) == [m if m != "image/png" else "image/svg+xml" for m in shown(w)], \
            f"{name}, code cell {k}"


def test_the_site_opens(lite_context: Any, lite_url: str, requests: Requests) -> None:
    page = lite_context.new_page()
    page.goto(f"{lite_url}/", timeout=PAGE_MS)   # the site's front door: JupyterLab
    listing = page.locator(".jp-DirListing-itemText")
    for folder in ("apps", "teacher"):
        expect(listing.filter(has_text=folder)).to_have_count(1, timeout=PAGE_MS)
    page.close()
    assert requests.blocked == []


def test_notebook_00_runs_with_the_stored_results(pages: dict[str, Any],
                                                  requests: Requests) -> None:
    got = run_lesson(pages, "00")
    text = "".join(printed(c) for c in stored(LESSONS["00"]))
    assert "19/144" in text and "671/1296" in text  # the key results are in what is compared
    check_same_as_stored(LESSONS["00"], got)
    assert requests.blocked == []


def test_four_dice_lesson_runs_with_the_stored_results(pages: dict[str, Any],
                                                       requests: Requests) -> None:
    got = run_lesson(pages, "02")
    text = "".join(printed(c) for c in stored(LESSONS["02"]))
    assert "171/1296 = 19/144" in text and "1296 rolls in all; 171 of them" in text
    check_same_as_stored(LESSONS["02"], got)
    # The charts are boardlab's SVG (no matplotlib in the browser).
    assert sum(shown(c).count("image/svg+xml") for c in got) >= 2
    assert requests.blocked == []


def test_app_page_board_steps_and_takes_a_seat_choice(pages: dict[str, Any],
                                                      requests: Requests) -> None:
    page = pages["app"]
    frame = page.locator("#bl-app-frame").element_handle().content_frame()
    board = BoardPage(frame)
    # The board the app shows, made here too (from the same code in lite.toml).
    app = next(a for a in build.load_config().apps if a.name == APP)
    *setup, last = app.code.strip().splitlines()
    scope: dict[str, Any] = {}
    exec("\n".join(setup), scope)  # our own config: the app's imports
    shadow = eval(last, scope)  # and its board expression
    expect(page.locator("body")).to_have_attribute("data-bl-app", "ready", timeout=PAGE_MS)
    pages["timings"]["app"] = {"since_open_s": round(time.monotonic() - pages["started"], 1)}
    board.expect_like(shadow)
    # No code on the page: every input area is hidden.
    assert frame.locator(".jp-CodeCell .jp-Cell-inputWrapper").evaluate_all(
        "els => els.every(e => getComputedStyle(e).display === 'none')")
    board.click("step")
    shadow.step()
    board.expect_like(shadow)
    board.click("phase")          # plays on until red (the seat) must choose
    shadow.play_phase()
    shown_now = board.expect_like(shadow)
    assert shadow.offered and shown_now.choices == tuple(shadow.choice_labels)
    board.pick(shadow.choice_labels[1])
    shadow.choose(shadow.offered[1])
    board.expect_like(shadow)
    assert requests.blocked == []


def test_nothing_left_the_machine(pages: dict[str, Any], requests: Requests) -> None:
    # Runs last in this module: every page above, with its kernel, stayed on 127.0.0.1.
    assert requests.local > 100
    assert requests.blocked == []
    TIMINGS.write_text(json.dumps({**pages["timings"], "local_requests": requests.local,
                                   "blocked_requests": len(requests.blocked)}, indent=1))
