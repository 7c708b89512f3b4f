"""Fixtures of the real-browser tests: a JupyterLab or Voilà server, and Debian's Chromium.

The recipe is the one measured in /work/shared/notes/testing-notebooks-and-widgets.md:

- Chromium is Debian's (``/usr/bin/chromium``, or ``BOARDLAB_CHROMIUM``), driven by the
  ``playwright`` Python package; ``playwright install`` is never needed or run.
- Every request that is not for the local server is aborted (Voilà asks a CDN for fonts),
  so the tests never touch the network and never wait on it.
- Each server runs on a free port of 127.0.0.1 with a token, with its own
  ``JUPYTER_CONFIG_DIR`` / ``JUPYTER_DATA_DIR`` / ``JUPYTER_RUNTIME_DIR`` /
  ``JUPYTERLAB_SETTINGS_DIR`` / ``JUPYTERLAB_WORKSPACES_DIR`` in a temporary folder (news
  and update checks off, so no toast covers the page), serves a *copy* of
  ``board_demo.ipynb`` (stored without outputs, so every widget on the page is fresh), and
  is started in its own process group with the test's own interpreter
  (``sys.executable -m jupyterlab`` / ``-m voila``). Teardown stops the group and then any
  kernel still running from that server's runtime folder.

When Chromium or playwright (or jupyterlab / voila) is missing the browser tests are
skipped with the reason; with ``BOARDLAB_REQUIRE_BROWSER=1`` they fail instead.
"""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
NOTEBOOK = HERE / "board_demo.ipynb"
SCREENSHOTS = ROOT / "docs" / "_static" / "screenshots"

#: Chromium to drive; ``BOARDLAB_CHROMIUM=/nonexistent`` simulates a machine without it.
CHROMIUM = os.environ.get("BOARDLAB_CHROMIUM", "/usr/bin/chromium")
REQUIRE = os.environ.get("BOARDLAB_REQUIRE_BROWSER", "") == "1"
#: ``BOARDLAB_SCREENSHOTS=1``: (over)write the docs' screenshots in docs/_static/screenshots.
WRITE_SCREENSHOTS = os.environ.get("BOARDLAB_SCREENSHOTS", "") == "1"

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
SERVER_START_S = 60       # a server answering on its port (the 2-core machine may be busy)
TIMEOUT_MS = 60_000       # default wait of every playwright call (kernel start included)
VIEWPORT = {"width": 1600, "height": 1400}


# -- is there a browser? ----------------------------------------------------------------------
def browser_problem() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    for module in ("playwright", "jupyterlab", "voila"):
        if importlib.util.find_spec(module) is None:
            return f"the Python package {module!r} is not installed (pip install -e '.[test]')"
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return (f"no Chromium at {CHROMIUM} (apt-get install -y chromium, or set "
                "BOARDLAB_CHROMIUM to its path)")
    return None


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The Chromium binary; skips (or fails, with BOARDLAB_REQUIRE_BROWSER=1) without one."""
    problem = browser_problem()
    if problem is not None:
        reason = f"browser tests need Chromium and playwright: {problem}"
        if REQUIRE:
            pytest.fail(f"{reason} (BOARDLAB_REQUIRE_BROWSER=1)", pytrace=False)
        pytest.skip(reason)
    return CHROMIUM


# -- the browser ------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    """A headless Chromium (playwright's sync API), shared by all browser tests."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # Scrollbars on show, as a user's browser has them: the layout tests measure
        # them, and the docs' screenshots show them (playwright hides them by default).
        chromium = pw.chromium.launch(executable_path=chromium_path, headless=True,
                                      args=CHROMIUM_FLAGS,
                                      ignore_default_args=["--hide-scrollbars"])
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Blocked:
    """The requests aborted because they were not for the local server."""

    urls: list[str] = field(default_factory=list)


def is_local(url: str) -> bool:
    """Whether ``url`` stays on this machine (the servers under test, data: and blob: URLs)."""
    return url.startswith(("data:", "blob:")) or (urlsplit(url).hostname or "") in LOCAL_HOSTS


def _local_only(blocked: Blocked) -> Any:
    def handle(route: Any) -> None:
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            blocked.urls.append(url)
            route.abort()
    return handle


def _close_socket(blocked: Blocked) -> Any:
    def handle(ws: Any) -> None:
        blocked.urls.append(ws.url)
        ws.close()
    return handle


@pytest.fixture(scope="module")
def blocked() -> Blocked:
    return Blocked()


def local_context(browser: Any, blocked: Blocked, viewport: dict[str, int],
                  timeout_ms: float) -> Iterator[Any]:
    """A browser context of ``viewport`` in which everything not on localhost is aborted
    (recorded in ``blocked``); closed when the fixture that yields from it ends."""
    ctx = browser.new_context(viewport=viewport, device_scale_factor=1)
    ctx.set_default_timeout(timeout_ms)
    ctx.route("**/*", _local_only(blocked))
    # Websockets are not HTTP routes: close any that leaves the machine (the kernels' own,
    # on 127.0.0.1, are not matched and go straight through).
    ctx.route_web_socket(lambda url: not is_local(url), _close_socket(blocked))
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture(scope="module")
def context(browser: Any, blocked: Blocked) -> Iterator[Any]:
    """A fresh browser context per test module; everything not on localhost is aborted."""
    yield from local_context(browser, blocked, VIEWPORT, TIMEOUT_MS)


# -- servers ----------------------------------------------------------------------------------
def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def port() -> int:
    """A free port for the module's server (bound with ``port_retries=0``: no silent move)."""
    return free_port()


@dataclass
class Server:
    """A running server: its base URL, token, served folder, process and log."""

    url: str
    token: str
    root: Path
    proc: subprocess.Popen
    log: Path
    runtime_dir: Path

    def log_tail(self, chars: int = 4000) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return text[-chars:]


def isolated_env(base: Path) -> dict[str, str]:
    """Environment of a server whose Jupyter config, data, runtime and settings are its own."""
    dirs = {
        "JUPYTER_CONFIG_DIR": base / "config",
        "JUPYTER_DATA_DIR": base / "data",
        "JUPYTER_RUNTIME_DIR": base / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": base / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": base / "lab-workspaces",
        "IPYTHONDIR": base / "ipython",
    }
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    settings = dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab"
    _write_json(settings / "apputils-extension" / "notification.jupyterlab-settings",
                {"fetchNews": "false", "checkForUpdates": False})
    # Every cell stays in the DOM, so a locator finds the explainer below the board.
    _write_json(settings / "notebook-extension" / "tracker.jupyterlab-settings",
                {"windowingMode": "none"})
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JUPYTER", "IPYTHON")) and k != "MPLBACKEND"}
    env.update({k: str(v) for k, v in dirs.items()})
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    return env


def _root_flag() -> list[str]:
    """``--allow-root`` when the tests run as root (containers): Jupyter refuses otherwise."""
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def serve_copy(folder: Path, notebook: Path = NOTEBOOK) -> Path:
    """Copy ``notebook`` (board_demo.ipynb) into ``folder``, outputs and counts stripped."""
    nb = json.loads(notebook.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    nb.get("metadata", {}).pop("widgets", None)
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / notebook.name
    copy.write_text(json.dumps(nb, indent=1))
    return copy


class PortTaken(RuntimeError):
    """Another process took the server's port between ``free_port()`` and the server binding it."""


PORT_ATTEMPTS = 3  # other helpers' servers and kernels share the machine's ports


def start_server(cmd: list[str], *, env: dict[str, str], cwd: Path, base: Path,
                 url: str, token: str, ready: str) -> Server:
    """Start ``cmd`` in its own process group and wait until ``ready`` answers.

    Raises ``PortTaken`` when the port turns out to belong to someone else (the server exits
    saying so, or something that does not speak HTTP answers there): callers retry on a
    fresh port with ``start_on_free_port``.
    """
    log = base / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    server = Server(url, token, cwd, proc, log, Path(env["JUPYTER_RUNTIME_DIR"]))
    deadline = time.monotonic() + SERVER_START_S
    while True:
        if proc.poll() is not None:
            stop_server(server)
            tail = server.log_tail()
            error = PortTaken if "already in use" in tail.lower() else RuntimeError
            raise error(f"{cmd[2]} exited with {proc.returncode}:\n{tail}")
        try:
            answered = _answers(ready)
        except http.client.HTTPException as error:   # not an HTTP server: not ours
            stop_server(server)
            raise PortTaken(f"{url} answers, but not as HTTP ({error!r})") from error
        if answered and proc.poll() is None:
            return server
        if time.monotonic() > deadline:
            stop_server(server)
            raise RuntimeError(f"{cmd[2]} did not answer {ready} within {SERVER_START_S} s:\n"
                               f"{server.log_tail()}")
        time.sleep(0.2)


def start_on_free_port(first_port: int, start: Callable[[int], Server]) -> Server:
    """``start(port)`` on ``first_port``, then on fresh free ports while the port was taken."""
    port = first_port
    for attempt in range(PORT_ATTEMPTS):
        try:
            return start(port)
        except PortTaken:
            if attempt == PORT_ATTEMPTS - 1:
                raise
            port = free_port()
    raise AssertionError("unreachable")


def _answers(url: str) -> bool:
    """Whether an HTTP server answers ``url`` at all (any status below 500)."""
    try:
        with urllib.request.urlopen(url, timeout=5):
            return True
    except urllib.error.HTTPError as error:
        return error.code < 500
    except OSError:
        return False


def stop_server(server: Server) -> None:
    """Stop the server's process group, then any kernel it left (kernels have their own)."""
    proc = server.proc
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        if proc.poll() is not None:
            break
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(wait)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # anything left in the server's own group
    for pid in kernels_of(server.runtime_dir):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(os.getpgid(pid), signal.SIGKILL)


def kernels_of(runtime_dir: Path) -> list[int]:
    """Processes started with a connection file in ``runtime_dir`` (this server's kernels)."""
    needle = str(runtime_dir).encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if needle in cmdline:
            found.append(int(entry.name))
    return found


def start_lab(notebook: Path, port: int, base: Path) -> Server:
    """JupyterLab on 127.0.0.1 with a token, serving a stripped copy of ``notebook``, on
    ``port`` or the next free one."""
    root = base / "root"
    serve_copy(root, notebook)
    token = secrets.token_hex(16)

    def start(port: int) -> Server:
        url = f"http://127.0.0.1:{port}"
        cmd = [sys.executable, "-m", "jupyterlab", "--no-browser",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
               f"--ServerApp.root_dir={root}",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--LabApp.extension_manager=readonly", *_root_flag()]
        return start_server(cmd, env=isolated_env(base), cwd=root, base=base, url=url,
                            token=token, ready=f"{url}/api/status?token={token}")

    return start_on_free_port(port, start)


def serving(server: Server) -> Iterator[Server]:
    """Yield ``server`` to a fixture's tests, and stop it (its whole process group) after."""
    try:
        yield server
    finally:
        stop_server(server)


@pytest.fixture(scope="module")
def lab_server(chromium_path: str, port: int,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab on 127.0.0.1 with a token, serving a stripped copy of board_demo.ipynb."""
    yield from serving(start_lab(NOTEBOOK, port, tmp_path_factory.mktemp("jupyterlab")))


def start_voila(notebook: Path, port: int, base: Path) -> Server:
    """Voilà on 127.0.0.1 with a token, serving a stripped copy of ``notebook``.

    Voilà runs the notebook itself when the page is opened.
    """
    root = base / "root"
    served = serve_copy(root, notebook)
    token = secrets.token_hex(16)

    def start(port: int) -> Server:
        url = f"http://127.0.0.1:{port}"
        cmd = [sys.executable, "-m", "voila", str(served), "--no-browser",
               "--Voila.ip=127.0.0.1", f"--Voila.port={port}", "--Voila.port_retries=0",
               f"--token={token}"]
        # A static file answers without running the notebook (opening the page would run it).
        return start_server(cmd, env=isolated_env(base), cwd=root, base=base, url=url,
                            token=token, ready=f"{url}/voila/static/extension.js")

    return start_on_free_port(port, start)


@pytest.fixture(scope="module")
def voila_server(chromium_path: str, port: int,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà serving a stripped copy of board_demo.ipynb."""
    yield from serving(start_voila(NOTEBOOK, port, tmp_path_factory.mktemp("voila")))


@pytest.fixture(scope="module")
def grouped_voila_server(chromium_path: str, port: int,
                         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà serving a stripped copy of grouped_demo.ipynb (a board with grouped choices)."""
    yield from serving(start_voila(HERE / "grouped_demo.ipynb", port,
                                   tmp_path_factory.mktemp("voila")))


# -- Level 7 (additive: the Level 7 teaching layer, issue 17) ----------------------------------
L7_NOTEBOOK = HERE / "l7_demo.ipynb"


@pytest.fixture(scope="module")
def l7_lab_server(chromium_path: str, port: int,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab serving a stripped copy of l7_demo.ipynb (the Level 7 board)."""
    yield from serving(start_lab(L7_NOTEBOOK, port, tmp_path_factory.mktemp("jupyterlab-l7")))


@pytest.fixture(scope="module")
def l7_voila_server(chromium_path: str, port: int,
                    tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà serving a stripped copy of l7_demo.ipynb."""
    yield from serving(start_voila(L7_NOTEBOOK, port, tmp_path_factory.mktemp("voila-l7")))


@pytest.fixture(scope="module")
def page_of(context: Any) -> Iterator[Any]:
    """A page in the module's context (closed at the end of the module).

    Its console errors and uncaught exceptions are kept in ``page.boardlab_errors``,
    reported when a test fails.
    """
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console.{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.boardlab_errors = errors
    try:
        yield page
    finally:
        page.close()


# -- screenshots ------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """docs/_static/screenshots with BOARDLAB_SCREENSHOTS=1, else a temporary folder."""
    if WRITE_SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return SCREENSHOTS
    return tmp_path_factory.mktemp("screenshots")



# -- when a test fails ------------------------------------------------------------------------
@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """A failed browser test reports the server's log and a screenshot of the page."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    funcargs = getattr(item, "funcargs", {})
    servers = [funcargs[name] for name in ("lab_server", "voila_server", "grouped_voila_server",
                                           "l7_lab_server", "l7_voila_server")
               if name in funcargs]
    for server in servers:
        report.sections.append((f"{server.proc.args[2]} log (end)", server.log_tail()))
    page = funcargs.get("page_of")
    if page is not None and getattr(page, "boardlab_errors", None):
        report.sections.append(("browser console", "\n".join(page.boardlab_errors[-50:])))
    if page is not None and servers:
        shot = servers[0].log.parent / f"{item.name}.png"
        with contextlib.suppress(Exception):
            page.screenshot(path=str(shot), full_page=True)
            report.sections.append(("browser", f"screenshot of the page: {shot}"))
