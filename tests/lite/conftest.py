"""Fixtures of the browser-edition tests: the built sites, static servers, and Chromium.

Both sites (the teacher's, build/lite/, and the student site, build/lite-student/) are
built once per session by scripts/lite/build.py (downloads cached under
build/lite-cache/, so only the first build fetches anything). Each is served by a static
HTTP server on 127.0.0.1 (as a teacher would serve it) and opened in Debian's Chromium
through playwright (never ``playwright install``). Nothing may leave the machine:

- a host-resolver rule sends every name but 127.0.0.1 to NOTFOUND, and a dead proxy is
  set, so a request that slipped past the route below still could not go anywhere;
- ``context.route("**/*")`` aborts and records every request not for 127.0.0.1 (it sees
  the kernel's Web Worker requests too); the tests assert the record is empty.

The browser itself is driven in a thread of its own (tests/lite/test_browser.py): the
playwright sync API allows one instance per thread, and tests/browser keeps its own open
for the whole session.

Without npm (and no cached Pyodide), Chromium, playwright or the jupyterlite packages the
tests skip with the reason; ``BOARDLAB_REQUIRE_LITE=1`` (set by .ci/run) makes them fail.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import os
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from scripts.lite import build

REQUIRE = os.environ.get("BOARDLAB_REQUIRE_LITE", "") == "1"
CHROMIUM = os.environ.get("BOARDLAB_CHROMIUM", "/usr/bin/chromium")
#: How long one page may take to open and run its notebook. A quiet 2-core CI machine
#: needs well under a minute; with other jobs on both cores (load 12-20) notebook 00
#: took more than 180 s, so the limit is generous: a hang still fails, just later.
PAGE_MS = 420_000
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
    # Every host name but the local server's resolves to nothing.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
#: A proxy nobody listens on: whatever is not for 127.0.0.1 goes there and fails.
DEAD_PROXY = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"}


def lite_problem() -> str | None:
    """Why the browser edition cannot be built and tested here, or ``None``."""
    for module in ("playwright", "jupyterlite_core", "jupyterlite_pyodide_kernel"):
        if importlib.util.find_spec(module) is None:
            return (f"the Python package {module!r} is not installed (make lite installs the "
                    "pinned build tools)")
    config = build.load_config()
    cached = (build.CACHE / f"pyodide-{config.pyodide_version}.tgz").exists()
    if shutil.which("npm") is None and not cached:
        return "npm is not installed (it is needed once, to fetch the Pyodide core)"
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
    return None


@pytest.fixture(scope="session")
def lite_sites() -> dict[str, dict[str, Any]]:
    """Build build/lite/ and build/lite-student/ (skips, or fails with
    BOARDLAB_REQUIRE_LITE=1, when it cannot); their build summaries by audience."""
    problem = lite_problem()
    if problem is not None:
        reason = f"browser edition (make lite) cannot be tested: {problem}"
        if REQUIRE:
            pytest.fail(f"{reason} (BOARDLAB_REQUIRE_LITE=1)", pytrace=False)
        pytest.skip(reason)
    return build.build_all()


@dataclass
class Requests:
    """Requests of a browser context: how many were served locally, which were blocked."""

    local: int = 0
    blocked: list[str] = field(default_factory=list)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *_args: Any) -> None:  # the test output stays readable
        pass


@contextlib.contextmanager
def _served(folder: Any) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def lite_url(lite_sites: dict[str, dict[str, Any]]) -> Iterator[str]:
    """The teacher site served from build/lite/ by a static server on 127.0.0.1."""
    with _served(build.OUTPUT) as url:
        yield url


@pytest.fixture(scope="session")
def lite_student_url(lite_sites: dict[str, dict[str, Any]]) -> Iterator[str]:
    """The student site served from build/lite-student/ on 127.0.0.1."""
    with _served(build.STUDENT_OUTPUT) as url:
        yield url
