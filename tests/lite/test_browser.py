"""The browser edition in a real Chromium, offline: lessons run in Pyodide, the board plays.

One scenario drives Chromium in a thread of its own (the playwright sync API allows one
instance per thread, and tests/browser keeps one open all session); the tests check
what it saw. The lesson and Mall of Horror pages open at once (each notebook has its own Pyodide
kernel in a Web Worker), so the slowest page sets the time, not the sum; the Level 7 app
page opens once they are closed:

- the teacher site's landing page lists every notebook of the site with its one-line goal
  and both editions, and the three app pages; a lesson opens from it; its file browser
  lists the teacher notebooks and the apps;
- the student site (served on its own port, as it would be published) has the student
  edition and the apps only: its landing page links no teacher edition, its contents hold
  no ``teacher/`` folder, and a student lesson shows its explanations folded (a closed
  ``<details>``, its text hidden until the summary is clicked) and no solution;
- notebook 00 and the four-dice lesson (02) run top to bottom in the Pyodide kernel and
  print exactly the text of their stored (desktop) outputs, which hold the key results
  (19/144, 171 of 1296, ...: read from the .ipynb, so the test follows the notebooks);
  their charts are SVG where the desktop's are PNG;
- the Mall of Horror app page (the board alone) shows no code, no empty bar above the
  board and no loading line once it is up, and its Step button and a choice of the seated
  player work, checked against the same board run in this process;
- the Level 7 [Escape]: Lockdown app page too: a move and two ends of a step chosen by
  the seat (Leo), the odds panel at his search and at a chance step, Step, Phase and
  Back, each checked against the same board run in this process;
- no request left 127.0.0.1.
"""

from __future__ import annotations

import json
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scripts import make_student
from scripts.lite import build, contents
from tests.browser.pages import BoardPage, expect
from tests.lite.conftest import CHROMIUM, CHROMIUM_FLAGS, DEAD_PROXY, PAGE_MS, Requests
from tests.lite.run_without import kind

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

LESSONS = {"00": "00_start_here.ipynb", "02": "02_lesson_four_dice.ipynb"}
APP = "mall-of-horror"
L7_APP = "level7-lockdown"
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


def check_same_as_stored(name: str, got: list[list[dict[str, Any]]]) -> None:
    want = stored(name)
    assert len(got) == len(want)
    for k, (g, w) in enumerate(zip(got, want, strict=True)):
        assert printed(g) == printed(w), f"{name}, code cell {k}"
        assert shown(g) == [m if m != "image/png" else "image/svg+xml" for m in shown(w)], \
            f"{name}, code cell {k}"


@dataclass
class Failed:
    """A step of the scenario that raised: its traceback."""

    trace: str


def open_lessons_and_app(ctx: Any, url: str) -> dict[str, Any]:
    """Open both lessons and the app page, and start running the lessons."""
    pages: dict[str, Any] = {}
    for key, name in LESSONS.items():
        page = ctx.new_page()
        page.goto(f"{url}/notebooks/index.html?path=teacher/{name}", timeout=PAGE_MS)
        pages[key] = page
    pages["app"] = ctx.new_page()
    pages["app"].goto(f"{url}/apps/{APP}.html", timeout=PAGE_MS)
    for key in LESSONS:
        pages[key].wait_for_function("() => window.jupyterapp && window.jupyterapp.shell"
                                     " && window.jupyterapp.shell.currentWidget"
                                     " && window.jupyterapp.shell.currentWidget.sessionContext",
                                     timeout=PAGE_MS)
        pages[key].evaluate(f"() => {{ ({RUN_ALL})(); }}")
    return pages


def lesson_outputs(page: Any) -> dict[str, Any]:
    """Wait until the lesson ran (or failed); its code cells' outputs and timings."""
    return page.wait_for_function(OUTPUTS, timeout=PAGE_MS, polling=500).json_value()


def site_opens(ctx: Any, url: str) -> list[str]:
    page = ctx.new_page()
    page.goto(f"{url}/lab/index.html", timeout=PAGE_MS)   # JupyterLab, behind the landing page
    listing = page.locator(".jp-DirListing-itemText")
    for folder in ("apps", "teacher"):
        expect(listing.filter(has_text=folder)).to_have_count(1, timeout=PAGE_MS)
    names = listing.all_inner_texts()
    page.close()
    return names


def site_notebook_names(audience: str) -> list[str]:
    config = build.load_config()
    return sorted({path.split("/", 1)[1] for _, path in contents.site_notebooks(
        ROOT / "notebooks", config.exclude_notebooks, audience)})


ROWS = """() => [...document.querySelectorAll('#bl-notebooks tr')].map(r => ({
  text: r.innerText, links: [...r.querySelectorAll('a')].map(a => a.getAttribute('href'))}))"""
LISTING = ("async () => (await (await fetch('api/contents/all.json')).json())"
           ".content.map(c => c.name)")


def landing(ctx: Any, url: str) -> dict[str, Any]:
    """A site's landing page: its rows, app links, top-level contents; then the first
    link of lesson 02 is followed and the notebook it opens is read."""
    page = ctx.new_page()
    page.goto(f"{url}/", timeout=PAGE_MS)
    seen = {"site": page.locator("body").get_attribute("data-bl-site"),
            "rows": page.evaluate(ROWS),
            "apps": page.locator("#bl-apps a").evaluate_all(
                "els => els.map(a => a.getAttribute('href'))"),
            "external": page.evaluate("() => [...document.querySelectorAll('[href],[src]')]"
                                      ".map(e => e.getAttribute('href') || e.getAttribute('src'))"
                                      ".filter(h => /^[a-z]+:/.test(h))"),
            "contents": page.evaluate(LISTING)}
    page.locator('#bl-notebooks a[href*="02_lesson_four_dice"]').first.click()
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.context", timeout=PAGE_MS)
    seen["opened"] = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path")
    page.close()
    return seen


# The first folded explanation of the open notebook, scrolled into view.
FIRST_FOLD = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.context.ready;
  const cells = panel.content.model.cells, found = {folds: 0, first: null, solutions: 0,
                                                     work: 0, cells: cells.length};
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i), text = c.sharedModel.getSource();
    if (c.type === 'markdown' && text.startsWith('<details>')) {
      found.folds++; if (found.first === null) found.first = i;
    }
    if ((c.getMetadata('tags') || []).includes('solution')) found.solutions++;
    if (c.type === 'code' && text === '# Your work here\\n') found.work++;
  }
  if (found.first !== null) await panel.content.scrollToItem(found.first, 'start');
  return found;
}"""


def student_lesson(ctx: Any, url: str) -> dict[str, Any]:
    """Lesson 02 of the student site: its folds, closed until a click, and no solution."""
    page = ctx.new_page()
    page.goto(f"{url}/notebooks/index.html?path=student/02_lesson_four_dice.ipynb",
              timeout=PAGE_MS)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.context", timeout=PAGE_MS)
    seen = page.evaluate(FIRST_FOLD)
    fold = page.locator(".jp-MarkdownOutput details").first
    fold.wait_for(state="attached", timeout=PAGE_MS)
    text = fold.locator("p").first
    seen.update(open_before=fold.evaluate("d => d.open"), text_shown_before=text.is_visible(),
                summary=fold.locator("summary").inner_text(),
                summary_shown=fold.locator("summary").is_visible())
    fold.locator("summary").click()
    expect(text).to_be_visible(timeout=30_000)
    seen.update(open_after=fold.evaluate("d => d.open"), text_after=text.inner_text())
    page.close()
    return seen


def open_app(page: Any, name: str) -> tuple[Any, BoardPage, Any]:
    """An app page once its board is up: (frame, the page's board, the shadow board)."""
    expect(page.locator("body")).to_have_attribute("data-bl-app", "ready", timeout=PAGE_MS)
    frame = page.locator("#bl-app-frame").element_handle().content_frame()
    # The board the app shows, made here too, from the same code in lite.toml.
    app = next(a for a in build.load_config().apps if a.name == name)
    *setup, last = app.code.strip().splitlines()
    scope: dict[str, Any] = {}
    exec("\n".join(setup), scope)  # our own config: the app's imports
    shadow = eval(last, scope)  # and its board expression
    return frame, BoardPage(frame), shadow


def code_hidden(frame: Any) -> bool:
    return frame.locator(".jp-CodeCell .jp-Cell-inputWrapper").evaluate_all(
        "els => els.length > 0 && els.every(e => getComputedStyle(e).display === 'none')")


# Where the notebook starts in the app's frame, and what is left of the loading line.
LAYOUT = """() => {
  const top = sel => { const e = document.querySelector(sel);
                       return e ? Math.round(e.getBoundingClientRect().top) : null; };
  const outer = document.querySelector('.jp-WindowedPanel-outer');
  return {main: top('#main-panel'), notebook: top('.jp-Notebook'), cell: top('.jp-Cell'),
          outer_background: outer ? getComputedStyle(outer).backgroundColor : null,
          text: document.body.innerText};
}"""


def app_layout(page: Any, frame: Any) -> dict[str, Any]:
    status = page.locator("#bl-app-status")
    return {**frame.evaluate(LAYOUT), "status_hidden": status.is_hidden(),
            "status_text": status.inner_text()}


def app_board(page: Any) -> dict[str, Any]:
    """The app page: no code shown, no empty bar, no loading line left; Step and a choice
    of the seat, against a shadow board."""
    frame, board, shadow = open_app(page, APP)
    first = board.expect_like(shadow)
    hidden = code_hidden(frame)
    layout = app_layout(page, frame)
    board.click("step")
    shadow.step()
    stepped = board.expect_like(shadow)
    board.click("phase")          # plays on until red (the seat) must choose
    shadow.play_phase()
    offered = board.expect_like(shadow)
    labels = list(shadow.choice_labels)
    board.pick(labels[1])
    shadow.choose(shadow.offered[1])
    chosen = board.expect_like(shadow)
    # Still closed up after playing (the Notebook's settings may load late and show the
    # header again: the app page must close it before it says "ready", for good).
    layout_after = app_layout(page, frame)
    return {"code_hidden": hidden, "layout": layout, "layout_after": layout_after,
            "first": first.status,
            "stepped": stepped.status,
            "offered": list(offered.choices), "labels": labels, "picked": labels[1],
            "after_choice": chosen.status, "log_after": list(chosen.log[-3:])}


def l7_app_board(page: Any) -> dict[str, Any]:
    """The Level 7 app page: Leo's choices, the odds panel, Step, Phase and Back, each
    checked against a shadow board (BoardPage.expect_like compares status, log, SVG, odds
    panel and the offered choices)."""
    frame, board, shadow = open_app(page, L7_APP)
    seen: dict[str, Any] = {"first": board.expect_like(shadow), "code_hidden": code_hidden(frame),
                            "layout": app_layout(page, frame)}

    def pick(label: str) -> Any:
        board.pick(label)
        shadow.choose(shadow.offered[shadow.choice_labels.index(label)])
        return board.expect_like(shadow)

    seen["moved"] = pick("move to Storage Bay")
    seen["action"] = pick("end this step")        # the odds panel: the supply cache
    seen["events"] = pick("end this step")        # chance draws the event card
    board.click("step")
    shadow.step()
    seen["stepped"] = board.expect_like(shadow)   # the odds panel: the fear hunters' die
    board.click("phase")
    shadow.play_phase()
    seen["phase"] = board.expect_like(shadow)
    board.click("back")
    shadow.back()
    seen["back"] = board.expect_like(shadow)
    return seen


def scenario(url: str, student_url: str) -> dict[str, Any]:
    """Drive Chromium through both sites (in this thread); what each step saw, or Failed."""
    from playwright.sync_api import sync_playwright

    requests = Requests()
    local_hosts = {urlsplit(url).netloc, urlsplit(student_url).netloc}
    results: dict[str, Any] = {"requests": requests, "timings": {}}

    def route(r: Any) -> None:
        target = r.request.url
        if target.startswith(("data:", "blob:")) or urlsplit(target).netloc in local_hosts:
            requests.local += 1
            r.continue_()
        else:
            requests.blocked.append(target)
            r.abort()

    def step(name: str, fn: Any, *args: Any) -> Any:
        started = time.monotonic()
        try:
            results[name] = fn(*args)
        except Exception:  # reported by the test that reads this step
            results[name] = Failed(traceback.format_exc())
        results["timings"][name] = round(time.monotonic() - started, 1)
        return results[name]

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=CHROMIUM_FLAGS, proxy=DEAD_PROXY)
        try:
            ctx = browser.new_context(viewport={"width": 1400, "height": 1300})
            ctx.set_default_timeout(PAGE_MS)
            ctx.route("**/*", route)
            ctx.route_web_socket(lambda u: urlsplit(u).netloc not in local_hosts,
                                 lambda ws: (requests.blocked.append(ws.url), ws.close()))
            step("site", site_opens, ctx, url)
            step("landing", landing, ctx, url)
            step("student_landing", landing, ctx, student_url)
            step("student_lesson", student_lesson, ctx, student_url)
            pages = step("open", open_lessons_and_app, ctx, url)
            if not isinstance(pages, Failed):
                for key in LESSONS:
                    step(key, lesson_outputs, pages[key])
                step("app", app_board, pages["app"])
                # The Level 7 app after the others, their kernels closed: five Pyodide
                # kernels at once are too many for two shared cores.
                for page in pages.values():
                    page.close()
                l7_page = ctx.new_page()
                l7_page.goto(f"{url}/apps/{L7_APP}.html", timeout=PAGE_MS)
                step("l7app", l7_app_board, l7_page)
            ctx.close()
        finally:
            browser.close()
    return results


@pytest.fixture(scope="module")
def seen(lite_url: str, lite_student_url: str) -> dict[str, Any]:
    with ThreadPoolExecutor(max_workers=1) as pool:
        results = pool.submit(scenario, lite_url, lite_student_url).result()
    requests = results["requests"]
    TIMINGS.write_text(json.dumps({**results["timings"], "local_requests": requests.local,
                                   "blocked_requests": len(requests.blocked)}, indent=1))
    return results


def result(seen: dict[str, Any], name: str) -> Any:
    for before in ("open", name):
        got = seen.get(before)
        if isinstance(got, Failed):
            pytest.fail(f"browser step {before!r} failed:\n{got.trace}", pytrace=False)
    return seen[name]


def test_the_site_opens(seen: dict[str, Any]) -> None:
    names = result(seen, "site")
    assert "apps" in names and "teacher" in names


def _goals(audience: str) -> dict[str, str]:
    out = {}
    for name in site_notebook_names(audience):
        nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
        out[name] = nb["metadata"]["boardlab"]["goal"]
    return out


def test_the_teacher_landing_page_lists_every_lesson_with_its_goal(seen: dict[str, Any]) -> None:
    page = result(seen, "landing")
    assert page["site"] == "teacher" and page["external"] == []
    goals = _goals("teacher")
    assert len(page["rows"]) == len(goals) >= 12
    for row, (name, goal) in zip(page["rows"], goals.items(), strict=True):
        assert goal in row["text"] and row["text"].startswith(name[:2])
        assert row["links"] == [f"notebooks/index.html?path=teacher/{name}",
                                f"notebooks/index.html?path=student/{name}"]
    assert page["apps"] == [f"apps/{app.name}.html" for app in build.load_config().apps]
    assert len(page["apps"]) == 3
    assert sorted(page["contents"]) == ["apps", "student", "teacher"]
    assert page["opened"] == "teacher/02_lesson_four_dice.ipynb"   # its first link works


def test_the_student_site_has_the_student_edition_only(seen: dict[str, Any]) -> None:
    page = result(seen, "student_landing")
    assert page["site"] == "student" and page["external"] == []
    goals = _goals("student")
    assert "08_design_your_own_rules.ipynb" not in goals   # not in the browser edition
    assert len(page["rows"]) == len(goals) >= 12
    for row, (name, goal) in zip(page["rows"], goals.items(), strict=True):
        assert goal in row["text"]
        assert row["links"] == [f"notebooks/index.html?path=student/{name}"]
    assert "teacher" not in json.dumps(page["rows"])
    assert sorted(page["contents"]) == ["apps", "student"]   # no teacher/ folder at all
    assert len(page["apps"]) == 3
    assert page["opened"] == "student/02_lesson_four_dice.ipynb"


def test_a_student_lesson_folds_its_explanations_and_has_no_solution(
        seen: dict[str, Any]) -> None:
    lesson = result(seen, "student_lesson")
    assert lesson["folds"] >= 2 and lesson["solutions"] == 0 and lesson["work"] >= 1
    assert lesson["summary_shown"] and lesson["summary"] == make_student.FOLD_SUMMARY
    assert lesson["open_before"] is False and lesson["text_shown_before"] is False
    assert lesson["open_after"] is True and "How close was your guess?" in lesson["text_after"]


def test_notebook_00_runs_with_the_stored_results(seen: dict[str, Any]) -> None:
    run = result(seen, "00")
    assert "error" not in run, f"notebook 00 failed in the browser: {run['error']}"
    assert run["done"] == "ok", run["done"]
    text = "".join(printed(c) for c in stored(LESSONS["00"]))
    assert "7/432" in text and "671/1296" in text  # the key results are in what is compared
    check_same_as_stored(LESSONS["00"], run["outputs"])


def test_four_dice_lesson_runs_with_the_stored_results(seen: dict[str, Any]) -> None:
    run = result(seen, "02")
    assert "error" not in run, f"lesson 02 failed in the browser: {run['error']}"
    assert run["done"] == "ok", run["done"]
    text = "".join(printed(c) for c in stored(LESSONS["02"]))
    assert "171/1296 = 19/144" in text and "1296 rolls in all; 171 of them" in text
    check_same_as_stored(LESSONS["02"], run["outputs"])
    # The charts are boardlab's SVG (no matplotlib in the browser).
    assert sum(shown(c).count("image/svg+xml") for c in run["outputs"]) >= 2


def check_app_layout(layout: dict[str, Any], title: str) -> None:
    """No empty bar above the board, and nothing left of the loading line."""
    assert layout["main"] == 0 and layout["notebook"] == 0, layout     # no bar above it
    assert layout["cell"] is not None and layout["cell"] <= 24, layout  # the title, at the top
    assert layout["outer_background"] == "rgb(255, 255, 255)", layout
    assert layout["status_hidden"] is True and layout["status_text"] == ""
    assert "load" not in layout["text"].lower() and layout["text"].startswith(title)


def test_app_page_board_steps_and_takes_a_seat_choice(seen: dict[str, Any]) -> None:
    app = result(seen, "app")
    assert app["code_hidden"] is True
    check_app_layout(app["layout"], "Mall of Horror")
    check_app_layout(app["layout_after"], "Mall of Horror")
    assert app["first"] == "Setup · to move: chance"
    assert app["stepped"] == "Setup · to move: chance · last: yellow is dealt an action card"
    assert app["offered"] == app["labels"] and len(app["labels"]) >= 2
    # (Each status, log, picture, odds panel and choice list above equalled the shadow's.)
    assert app["after_choice"] != app["stepped"]


def test_level7_app_page_plays_with_odds_step_phase_and_back(seen: dict[str, Any]) -> None:
    app = result(seen, "l7app")
    assert app["code_hidden"] is True
    check_app_layout(app["layout"], "Level 7 [Escape]: Lockdown")
    assert app["first"].status == ("Leo to choose: pick one of your choices by the picture · "
                                   "Round 1 · Leo's move step (2 moves left) · to move: Leo")
    assert app["first"].odds == ()                 # a decision with no chance in it
    assert app["moved"].status.endswith(
        "last: Leo walks into the gas cloud and discards an adrenaline card")
    # Leo's action: the odds panel gives the supply cache's exact chance (3 dice, L7-cache)
    assert [(key, frac) for key, frac, _ in app["action"].odds] == [
        ("search the supply cache", "19/216")]
    assert app["events"].status.startswith("Round 1 · Leo's trigger-events step")
    assert dict((k, f) for k, f, _ in app["events"].odds) == {
        "a clone spawns": "7/24", "a guard spawns": "1/4"}
    assert app["stepped"].status.startswith("Round 1 · Leo's enemy activation step")
    assert app["phase"].status.startswith("Round 1 · Cody's move step")
    assert app["back"].status != app["phase"].status
    # (Each status, log, picture, odds panel and choice list above equalled the shadow's.)


def test_nothing_left_the_machine(seen: dict[str, Any]) -> None:
    requests = seen["requests"]
    assert requests.local > 100           # the pages and kernels did load, from 127.0.0.1
    assert requests.blocked == []
