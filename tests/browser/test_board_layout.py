"""Every text on every game's boards is legible: no overlap, no clip, nothing under 11 px.

JupyterLab serves ``layout_demo.ipynb``, which shows the boards of many positions of
every game (``board_positions.py``: setup to game over, seated at the player to move, a
grouped pad opened at its biggest group) and one explainer per game, in JupyterLab's
default layout (file browser open). At 1024×768 and at 1280×800 the page is measured in
Chromium: every text element of the boards and explainers — the SVG pictures' ``<text>``,
every HTML text node (status lines, buttons, odds tables, the log, labels) and every
dropdown — and the test fails on

* a **size** under 11 CSS px (an SVG text's font size times the picture's scale);
* an **overlap**: two texts whose boxes share more than a pixel each way (a scrolled box
  counts only its visible part);
* a **clip**: a text reaching past a box that cuts it — a picture's edge, a frame the
  picture draws around it (``data-frame``: a location, a tile, a token, a card), an
  element with hidden overflow (a button's ellipsis); a dropdown whose box is cut or
  whose chosen text does not fit it. A box that scrolls (the log; Level 7's map when it
  is wider than the notebook) cuts nothing: what it hides is a scroll away.

The same page then shows boards with the **Advice panel** on (``board_positions.advised``:
per game a computed panel of exact rows and one of estimated rows with the chance to
win, seated at the player to move), measured by their own test with the same checks.

It writes what it measured (``problems.json``) and one board of each game at each width
(``<game>.png``; the estimated panel of each game, ``<game>-advice.png``) to pytest's
temporary folder, for a look.
"""

from __future__ import annotations

import json
import os
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import board_positions as bp
from tests.browser.conftest import ROOT, Blocked, Server, serving, start_lab
from tests.browser.pages import WAIT_MS, expect

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
NOTEBOOK = HERE / "layout_demo.ipynb"
WIDTHS = {1024: {"width": 1024, "height": 768}, 1280: {"width": 1280, "height": 800}}
MIN_PX = 11.0
#: Running the whole notebook (52 widgets built, sent and drawn) on a loaded 2-core machine.
RUN_MS = 4 * WAIT_MS
EXPECTED = sum(bp.count(game) for game in bp.GAMES)
#: The boards with the Advice panel on (shown after the others).
ADVISED = bp.advised_count()
#: The roots each test measures: the boards without a panel on (and the explainers), and
#: the boards with one (an Advice table inside the board's advice slot).
PLAIN = ".bl-board:not(:has(.bl-advice-slot .bl-advice)), .bl-explainer"
WITH_ADVICE = ".bl-board:has(.bl-advice-slot .bl-advice)"

#: Every text of every board and explainer: size, boxes, and what clips or overlaps it.
MEASURE = r"""([minPx, selector]) => {
  const problems = [];
  const roots = [...document.querySelectorAll(selector)];
  const rect = r => ({l: r.left, t: r.top, r: r.right, b: r.bottom});
  const shown = el => {
    for (let a = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.display === 'none' || s.visibility === 'hidden') return false;
    }
    return el.getClientRects().length > 0;
  };
  // The boxes that cut what is inside them: [box, scrolls sideways, scrolls up/down].
  const cutters = el => {
    // A box that scrolls (a log, a map wider than the notebook) cuts nothing: what it
    // hides is reached by scrolling. Past a box that scrolls up and down, where a text
    // is vertically is the scroll's business: the boxes further out are asked about
    // sideways only (and past one that scrolls sideways, up and down only).
    const out = [];
    let scrolled = false, scrolledX = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (a instanceof SVGElement && !(a instanceof SVGSVGElement)) continue;
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const scrollY = scrolled || /auto|scroll/.test(s.overflowY);
      const scrollX = scrolledX || /auto|scroll/.test(s.overflowX);
      out.push({box: rect(a.getBoundingClientRect()), scrollY, scrollX,
                what: a.className.baseVal ?? String(a.className)});
      scrolled = scrollY;
      scrolledX = scrollX;
    }
    return out;
  };
  const frameOf = el => {
    for (let a = el.parentElement; a && !(a instanceof SVGSVGElement); a = a.parentElement) {
      const f = [...a.children].find(c => c.hasAttribute && c.hasAttribute('data-frame'));
      if (f) return f;
    }
    return null;
  };
  const inside = (r, box, tol) => r.l >= box.l - tol && r.r <= box.r + tol
                                  && r.t >= box.t - tol && r.b <= box.b + tol;
  const clipTo = (r, box) => ({l: Math.max(r.l, box.l), t: Math.max(r.t, box.t),
                               r: Math.min(r.r, box.r), b: Math.min(r.b, box.b)});
  const canvas = document.createElement('canvas').getContext('2d');
  roots.forEach((root, n) => {
    const where = `${root.classList.contains('bl-board') ? 'board' : 'explainer'} ${n}`;
    const items = [];
    const add = (text, size, boxes, el, frame) => {
      text = text.trim().replace(/\s+/g, ' ');
      if (size < minPx - 0.05)
        problems.push({kind: 'size', where, text, size: Math.round(size * 10) / 10});
      const cut = cutters(el);
      let visible = boxes;
      for (const c of cut) {
        for (const r of boxes) {
          const sideways = r.l < c.box.l - 0.5 || r.r > c.box.r + 0.5;
          const upDown = r.t < c.box.t - 0.5 || r.b > c.box.b + 0.5;
          if ((sideways && !c.scrollX) || (upDown && !c.scrollY))
            problems.push({kind: 'clip', where, text, by: c.what});
        }
        visible = visible.map(r => clipTo(r, c.box)).filter(r => r.r > r.l && r.b > r.t);
      }
      if (frame) {
        const box = rect(frame.getBoundingClientRect());
        for (const r of boxes)
          if (!inside(r, box, 0.5))
            problems.push({kind: 'clip', where, text, by: 'frame ' +
                           (frame.parentElement.getAttribute('class') || '')});
      }
      items.push({text, boxes: visible});
    };
    for (const t of root.querySelectorAll('svg text')) {
      if (!shown(t) || !t.textContent.trim()) continue;
      const m = t.getScreenCTM();
      const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.c, m.d);
      add(t.textContent, size, [rect(t.getBoundingClientRect())], t, frameOf(t));
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || el.closest('svg, style, script, select, option')
          || !shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const boxes = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0)
                                               .map(rect);
      if (!boxes.length) continue;
      add(node.textContent, parseFloat(getComputedStyle(el).fontSize), boxes, el, null);
      const s = getComputedStyle(el);
      if (s.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        problems.push({kind: 'clip', where, text: node.textContent.trim(), by: 'its own box'});
    }
    for (const sel of root.querySelectorAll('select')) {
      if (!shown(sel)) continue;
      const s = getComputedStyle(sel);
      const text = sel.selectedIndex >= 0 ? sel.options[sel.selectedIndex].text : '';
      const box = rect(sel.getBoundingClientRect());
      add(text || '(empty dropdown)', parseFloat(s.fontSize), [box], sel, null);
      canvas.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const room = sel.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (text && canvas.measureText(text).width > room + 0.5)
        problems.push({kind: 'clip', where, text, by: 'its dropdown'});
    }
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++)
        for (const a of items[i].boxes)
          for (const b of items[j].boxes) {
            const w = Math.min(a.r, b.r) - Math.max(a.l, b.l);
            const h = Math.min(a.b, b.b) - Math.max(a.t, b.t);
            if (w > 1 && h > 1)
              problems.push({kind: 'overlap', where, text: items[i].text,
                             other: items[j].text});
          }
  });
  return {roots: roots.length, problems};
}"""


@pytest.fixture(scope="module")
def context(browser: Any, blocked: Blocked) -> Iterator[Any]:
    """A context of 1280×800 (the test resizes it)."""
    from tests.browser.conftest import local_context

    yield from local_context(browser, blocked, WIDTHS[1280], WAIT_MS)


@pytest.fixture(scope="module")
def layout_server(chromium_path: str, port: int,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab serving layout_demo.ipynb; its kernel imports tests.browser."""
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), before) if p)
    try:
        server = start_lab(NOTEBOOK, port, tmp_path_factory.mktemp("jupyterlab-layout"))
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
    yield from serving(server)


@pytest.fixture(scope="module")
def boards_page(layout_server: Server, page_of: Any) -> Any:
    """layout_demo.ipynb in JupyterLab, file browser open, every cell run."""
    page = page_of
    page.goto(f"{layout_server.url}/lab/tree/{NOTEBOOK.name}?token={layout_server.token}")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("#filebrowser")).to_be_visible(timeout=WAIT_MS)
    show_every_board(page)
    expect(page.locator(".jp-StatusBar-TextItem", has_text="| Idle")).to_be_visible(
        timeout=RUN_MS)
    # every board's status line is on show (its widgets are rendered), and every
    # advised board's table (computed in the kernel before the board was shown)
    page.wait_for_function(
        """(n) => [...document.querySelectorAll('.bl-board .bl-status')]
                    .filter(e => e.textContent.trim()).length === n""",
        arg=EXPECTED + ADVISED - len(bp.GAMES), timeout=RUN_MS)
    expect(page.locator(WITH_ADVICE)).to_have_count(ADVISED, timeout=RUN_MS)
    return page


#: Every output of the page that is not one board or explainer: its cell, place and text.
OUTPUTS = r"""() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].flatMap((c, i) =>
  [...c.querySelectorAll('.jp-OutputArea-child')].map((o, j) => ({cell: i, output: j,
    widgets: o.querySelectorAll('.bl-board, .bl-explainer').length,
    text: o.innerText.slice(0, 400)})).filter(o => o.widgets !== 1))"""


def show_every_board(page: Any) -> None:
    """Run the notebook's cells one at a time, each once the page has drawn every board
    of the cells before (``board_positions.layout_cells``); once more from a restarted
    kernel if some board never comes.

    Run all at once, the page lost a few of the 57 widgets in about one run in four (seen
    on 3 and 4 December 2026, with or without load) although the kernel sent every one:
    the browser console shows ipywidgets' ``widget model not found`` for a model whose
    message its manager had not handled within the 2 s it waits, then ``Comm not found``,
    and the notebook lacks those outputs — a race in the page's widget manager during a
    burst of some 4,500 widget models (jupyter-widgets/ipywidgets#4026), not a question
    of this test (which measures what is shown). A few boards per cell keep each burst
    small; a second run is warned about, with what was missing, and a second failure
    fails.
    """
    everything = page.locator(".bl-board, .bl-explainer")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))
           ).to_be_visible(timeout=WAIT_MS)
    for attempt in (1, 2):
        if attempt == 2:
            restart_kernel(page)
        try:
            run_cell_by_cell(page, everything)
            return
        except AssertionError as err:
            problem = f"{err}\n{missing(page)}"
            if attempt == 2:
                raise AssertionError(problem) from None
            warnings.warn(f"layout page: not every board came, run again: {problem[-3000:]}",
                          stacklevel=1)


def run_cell_by_cell(page: Any, everything: Any) -> None:
    """Run the import cell, then each of ``layout_cells`` once the boards before it are
    drawn (Ctrl+Enter on the cell selected by its prompt)."""
    cells = page.locator(".jp-Notebook .jp-Cell")
    shown = 0
    for k, (_source, n) in enumerate([("", 0), *bp.layout_cells()], start=1):
        cells.nth(k).locator(".jp-InputPrompt").click()
        page.keyboard.press("Control+Enter")
        shown += n
        # every board of this cell drawn, and the cell done (its count on show)
        expect(everything).to_have_count(shown, timeout=RUN_MS)
        expect(cells.nth(k).locator(".jp-InputPrompt")).to_have_text(
            re.compile(r"\[\d+\]"), timeout=RUN_MS)


def restart_kernel(page: Any) -> None:
    """Restart the kernel (Kernel menu; the dialog confirmed) and clear every output."""
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Kernel$")).click()
    page.locator(".lm-Menu-item",
                 has_text=re.compile(r"^Restart Kernel and Clear Outputs")).click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    expect(page.locator(".bl-board, .bl-explainer")).to_have_count(0, timeout=WAIT_MS)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))
           ).to_be_visible(timeout=WAIT_MS)


def missing(page: Any) -> str:
    """What the page shows where a board was expected, and the browser's errors."""
    odd = page.evaluate(OUTPUTS)
    lines = [f"cell {o['cell']} output {o['output']}: {o['widgets']} widgets, "
             f"text {o['text']!r}" for o in odd]
    lines += getattr(page, "boardlab_errors", [])[-30:]
    return "\n".join(lines) or "(every output holds one board or explainer)"


def report(problems: list[dict[str, Any]], limit: int = 60) -> str:
    lines = []
    for p in problems[:limit]:
        extra = (f" (size {p['size']} px)" if p["kind"] == "size" else
                 f" / {p['other']!r}" if p["kind"] == "overlap" else f" (by {p['by']})")
        lines.append(f"{p['kind']} on {p['where']}: {p['text']!r}{extra}")
    more = len(problems) - limit
    return "\n".join(lines) + (f"\n… and {more} more" if more > 0 else "")


def measure(page: Any, width: int, selector: str, out: Path) -> dict[str, Any]:
    """The page at ``width``, every text of the roots ``selector`` measured (and written
    to ``out/problems.json``)."""
    page.set_viewport_size(WIDTHS[width])
    # two frames: the resize reflows the notebook, the container queries, the pictures
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => "
                  "requestAnimationFrame(r)))")
    measured: dict[str, Any] = page.evaluate(MEASURE, [MIN_PX, selector])
    (out / "problems.json").write_text(json.dumps(measured["problems"], indent=0))
    return measured


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_every_text_is_legible(boards_page: Any, width: int,
                               tmp_path_factory: pytest.TempPathFactory) -> None:
    out = tmp_path_factory.mktemp(f"layout-{width}")  # what was measured, for a look
    page = boards_page
    measured = measure(page, width, PLAIN, out)
    assert measured["roots"] == EXPECTED
    roots = page.locator(PLAIN)
    first = 0
    for game in bp.GAMES:   # one board of each game, for the eyes (and the docs)
        roots.nth(first + 2).screenshot(path=str(out / f"{game}.png"))
        first += bp.count(game)
    assert not measured["problems"], (
        f"{len(measured['problems'])} legibility problems at {width} px:\n"
        + report(measured["problems"]))


#: Each advised panel, as the page shows it: its rows, bars, stars and labels.
PANELS = r"""() => [...document.querySelectorAll('.bl-board .bl-advice-slot .bl-advice')]
  .map(p => ({rows: p.querySelectorAll('tr').length - 1,
              bars: [...p.querySelectorAll('td div div')]
                      .filter(b => b.getBoundingClientRect().height > 0).length,
              stars: (p.textContent.match(/\u2605/g) || []).length,
              exact: [...p.querySelectorAll('td')].filter(t => t.textContent === 'exact').length,
              estimated: [...p.querySelectorAll('td')]
                           .filter(t => t.textContent === 'estimated').length,
              win: [...p.querySelectorAll('td')].filter(t => /%$/.test(t.textContent)).length,
              progress: p.closest('.bl-advice-slot').textContent.includes('computing'),
              // the table fits the board's column: nothing in the slot scrolls sideways
              scrolls: [p.closest('.bl-advice-slot'), ...p.closest('.bl-advice-slot')
                        .querySelectorAll('*')]
                       .filter(e => e.scrollWidth > e.clientWidth + 1).length}))"""


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_every_text_is_legible_with_the_advice_panel_on(
        boards_page: Any, width: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    out = tmp_path_factory.mktemp(f"layout-advice-{width}")
    page = boards_page
    measured = measure(page, width, WITH_ADVICE, out)
    assert measured["roots"] == ADVISED
    panels = page.evaluate(PANELS)
    assert len(panels) == ADVISED
    # each computed: a bar per choice, one best, every row labelled exact or estimated;
    # per game one panel of exact rows and one of estimated rows with the chance to win
    for i, p in enumerate(panels):
        assert p["rows"] >= 2 and p["bars"] == p["rows"] and p["stars"] == 1, p
        assert not p["progress"] and not p["scrolls"], p
        if i % len(bp.ADVICE_KEYWORDS) == 0:
            assert p["exact"] == p["rows"] and p["win"] == 0, p
        else:
            assert p["estimated"] == p["rows"] and p["win"] == p["rows"], p
    slots = page.locator(f"{WITH_ADVICE} .bl-advice-slot")
    for g, game in enumerate(bp.GAMES):   # one advised panel of each game, for the eyes
        slots.nth(g * len(bp.ADVICE_KEYWORDS) + 1).screenshot(
            path=str(out / f"{game}-advice.png"))
    assert not measured["problems"], (
        f"{len(measured['problems'])} legibility problems with the Advice panel on at "
        f"{width} px:\n" + report(measured["problems"]))
