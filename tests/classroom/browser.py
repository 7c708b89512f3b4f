"""Real Chromium for the classroom tests: Debian's /usr/bin/chromium through playwright's
Python bindings (never ``playwright install``), in a thread of its own (the sync API
allows one instance per thread, and tests/browser keeps its own open for the session).

Every request that is not for 127.0.0.1 is aborted and recorded; the tests assert the
record is empty. Without Chromium or playwright the tests skip with the reason, and fail
under ``BOARDLAB_REQUIRE_BROWSER=1`` (as .ci/run sets).
"""

from __future__ import annotations

import importlib.util
import os
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest

CHROMIUM = os.environ.get("BOARDLAB_CHROMIUM", "/usr/bin/chromium")
REQUIRE = os.environ.get("BOARDLAB_REQUIRE_BROWSER", "") == "1"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 1024, "height": 768}
WIDE = {"width": 1400, "height": 1000}
T = TypeVar("T")


def need_browser() -> None:
    """Skip (or fail, with BOARDLAB_REQUIRE_BROWSER=1) without playwright and Chromium."""
    problem = None
    if importlib.util.find_spec("playwright") is None:
        problem = "the Python package 'playwright' is not installed"
    elif not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        problem = f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
    if problem:
        if REQUIRE:
            pytest.fail(f"{problem} (BOARDLAB_REQUIRE_BROWSER=1)", pytrace=False)
        pytest.skip(problem)


def in_browser(scenario: Callable[[Any, list[str]], T]) -> T:
    """Run ``scenario(browser, blocked)`` in a thread with its own headless Chromium."""
    need_browser()
    result: dict[str, Any] = {}

    def body() -> None:
        from playwright.sync_api import sync_playwright

        blocked: list[str] = []
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=FLAGS)
                try:
                    result["value"] = scenario(browser, blocked)
                finally:
                    browser.close()
            result["blocked"] = blocked
        except BaseException as err:  # noqa: BLE001 - re-raised in the test's thread
            result["error"] = err

    thread = threading.Thread(target=body, name="classroom-chromium")
    thread.start()
    thread.join(600)
    if thread.is_alive():
        raise TimeoutError("the browser scenario did not end within 600 s")
    if "error" in result:
        raise result["error"]
    assert result["blocked"] == [], f"requests left the machine: {result['blocked'][:3]}"
    return result["value"]  # type: ignore[no-any-return]


def _local(url: str) -> bool:
    return url.startswith(("data:", "blob:")) or urlsplit(url).hostname in (
        "127.0.0.1", "localhost")


def open_page(browser: Any, url: str, blocked: list[str], viewport: dict[str, int]) -> Any:
    """A page in a fresh context (its own cookies and storage: one student each)."""
    ctx = browser.new_context(viewport=viewport, device_scale_factor=1)
    ctx.set_default_timeout(30_000)

    def route(r: Any) -> None:
        if _local(r.request.url):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-connected='true']")
    return page


def wait_until(page: Any, expression: str, timeout_ms: float = 30_000) -> None:
    """Poll ``expression`` in the page until it is true. (Playwright's wait_for_function
    evaluates a string inside the page, which the page's content security policy — no
    'unsafe-eval' — forbids, as it should; page.evaluate goes through the debugger.)"""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true within {timeout_ms / 1000:g} s: {expression}")
        time.sleep(0.02)


def ply_of(page: Any) -> int:
    value = page.evaluate("document.body.dataset.ply")
    return -1 if value is None else int(value)


def fits(page: Any) -> bool:
    """No sideways scrolling, and every choice button inside the window's width."""
    return bool(page.evaluate("""() => {
        const w = window.innerWidth;
        if (document.scrollingElement.scrollWidth > w) return false;
        for (const b of document.querySelectorAll('.bl-choice')) {
            const r = b.getBoundingClientRect();
            if (r.left < 0 || r.right > w) return false;
        }
        return true; }"""))


def click_a_choice(page: Any, pick: Callable[[int], int]) -> bool:
    """Click one of the page's choice buttons (``pick(n)`` says which); False if none."""
    n = page.evaluate("document.querySelectorAll('.bl-choice:not(:disabled)').length")
    if not n:
        return False
    ply = ply_of(page)
    try:
        page.locator(".bl-choice:not(:disabled)").nth(pick(n)).click(timeout=5_000)
    except Exception:  # noqa: BLE001 - the buttons were replaced by a newer view: retry
        return False
    # the server's answer: a newer view (the buttons go), or a refusal shown
    wait_until(page,
               f"document.body.dataset.ply !== '{ply}' || "
               "!document.querySelector('.bl-choice:not(:disabled)') || "
               "!document.getElementById('bl-refusal').hidden", 15_000)
    return True
