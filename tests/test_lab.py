"""``make lab``: what it installs, the command it runs, and a real server started by it.

It installs the ``lab`` extra only: JupyterLab and what the notebooks import, none of the
developer toolchain (the ``test`` extra holds all of it, so a ``.venv`` made by ``make
test`` serves ``make lab`` as it is). The flags are read from ``make --dry-run`` (no
server): ``--allow-root`` for root only, ``--no-browser`` without a display, the
repository root as the served folder, the first notebook as the page to open, the
project's ``.jupyter/`` on the config path (no news, no update check, no Voilà server
extension), and ``LAB_ARGS`` passed through as written. Then the target itself is run
(``make -o .venv/.installed-lab lab``: the install step is taken as done) with
``LAB_ARGS`` naming a free port, under a timeout: the URL it prints must carry a token and
open notebooks/00_start_here.ipynb, nothing it prints may be a warning, the server must
answer on that port with the news announcements off, every link from a notebook into
docs/ must resolve on it, and stopping the process group must end every process of it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.browser.conftest import free_port, isolated_env

ROOT = Path(__file__).resolve().parents[1]
START = "notebooks/00_start_here.ipynb"
STAMP = ".venv/.installed-lab"
CONFIG = ROOT / ".jupyter"
NOTIFICATION = "@jupyterlab/apputils-extension:notification"
START_S = 90        # the whole start, on a loaded 2-core machine
STOP_S = 20

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def dry_run(*make_args: str, env: dict[str, str] | None = None,
            user: str | None = None) -> str:
    """The commands ``make lab`` would run (``make -n``), as one line of text."""
    cmd = ["make", "--no-print-directory", "-n", "-o", STAMP, "-C", str(ROOT), "lab",
           *make_args]
    if user is not None:
        cmd = ["runuser", "-u", user, "--", *cmd]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=60,
                         env=env if env is not None else _env(display=None))
    return " ".join(out.stdout.replace("\\\n", " ").split())


def _env(*, display: str | None, base: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ if base is None else base)
    for key in ("DISPLAY", "WAYLAND_DISPLAY", "LAB_ARGS", "MAKEFLAGS", "MFLAGS"):
        env.pop(key, None)
    if display is not None:
        env["DISPLAY"] = display
    return env


def jupyter_line(text: str) -> str:
    line = [cmd for cmd in text.split("; ") if "jupyter lab" in cmd]
    assert line, text
    return line[0]


# -- what it installs -------------------------------------------------------------------------
def _extras() -> dict[str, list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return {"": project["dependencies"], **project["optional-dependencies"]}


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s<>=!~\[;]", r, maxsplit=1)[0].lower() for r in requirements}


def test_lab_installs_the_lab_extra_only() -> None:
    extras = _extras()
    lab = _names(extras["lab"])
    assert {"jupyterlab", "ipywidgets"} <= lab
    toolchain = {"pytest", "nbval", "mypy", "ruff", "playwright", "voila", "dask", "pandas",
                 "hypothesis", "sphinx"}
    assert not (lab | _names(extras[""])) & toolchain
    # The test extra (with the core dependencies) holds all of it: a test .venv serves lab.
    assert lab <= _names(extras["test"]) | _names(extras[""])
    rm = subprocess.run(["make", "--no-print-directory", "-n", "-W", "pyproject.toml", "-C",
                         str(ROOT), "lab"], capture_output=True, text=True, check=True,
                        timeout=60, env=_env(display=None)).stdout
    installs = [line for line in rm.splitlines() if "pip install" in line]
    assert installs and all("'.[lab]'" in line for line in installs), installs


def test_a_jupyter_server_imports_no_slow_iri_parsers() -> None:
    """jsonschema 4.25+ imports rfc3987-syntax, which builds its Earley parsers at import:
    2-3 s in every JupyterLab server, nbval run and pytest worker. The extras pin
    jsonschema below 4.25 (pyproject.toml); this fails if the pin is lost."""
    code = ("import sys, jupyter_server.serverapp, nbformat; "
            "print('rfc3987_syntax' in sys.modules, 'lark' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.split()
    assert out == ["False", "False"]


# -- the command ------------------------------------------------------------------------------
def test_lab_serves_the_repository_root_and_opens_the_first_notebook() -> None:
    line = jupyter_line(dry_run())
    assert f'--ServerApp.root_dir="{ROOT}"' in line or f"--ServerApp.root_dir={ROOT}" in line
    assert f"--LabApp.default_url=/lab/tree/{START}" in line
    assert (ROOT / START).is_file()


def test_without_a_display_lab_opens_no_browser_and_says_where_to_go() -> None:
    headless = dry_run()
    assert "--no-browser" in jupyter_line(headless)
    assert "no browser is opened" in headless and "A machine without a screen" in headless
    with_display = dry_run(env=_env(display=":0"))
    assert "--no-browser" not in with_display
    assert "no browser is opened" not in with_display
    wayland = _env(display=None)
    wayland["WAYLAND_DISPLAY"] = "wayland-0"
    assert "--no-browser" not in dry_run(env=wayland)


def test_lab_serves_the_projects_config_news_off_and_no_voila() -> None:
    line = jupyter_line(dry_run())
    assert f'JUPYTER_CONFIG_PATH="{CONFIG}' in line
    overrides = json.loads((CONFIG / "labconfig" / "default_setting_overrides.json").read_text())
    assert overrides[NOTIFICATION] == {"fetchNews": "false", "checkForUpdates": False}
    server = json.loads((CONFIG / "jupyter_server_config.json").read_text())
    assert server["ServerApp"]["jpserver_extensions"] == {"voila.server_extension": False}
    assert server["LabApp"]["check_for_updates_class"] == "jupyterlab.NeverCheckForUpdate"


def test_lab_args_are_passed_through_as_written() -> None:
    line = jupyter_line(dry_run("LAB_ARGS=--ip 0.0.0.0 --port 8899", env=_env(display=":0")))
    assert line.endswith("--ip 0.0.0.0 --port 8899")
    asked = jupyter_line(dry_run("LAB_ARGS=--no-browser", env=_env(display=":0")))
    assert asked.split().count("--no-browser") == 1


def test_allow_root_is_added_for_root_only() -> None:
    line = jupyter_line(dry_run())
    assert ("--allow-root" in line.split()) == (os.geteuid() == 0)
    if os.geteuid() == 0 and shutil.which("runuser") and _user_exists("nobody"):
        # The same Makefile read by an ordinary user: no --allow-root. That user must be
        # able to reach the checkout, which a clone under /root or in a fresh
        # `mktemp -d` (mode 700) does not allow.
        if not _readable_by("nobody", ROOT / "Makefile"):
            pytest.skip(f"the root half passed; the user 'nobody' cannot read {ROOT}/Makefile "
                        "(a folder above it is closed to other users), so `make -n lab` "
                        "cannot be run as an ordinary user from this checkout")
        as_nobody = jupyter_line(dry_run(user="nobody"))
        assert "--allow-root" not in as_nobody.split() and "--no-browser" in as_nobody


def _readable_by(user: str, path: Path) -> bool:
    """Whether ``user`` can read ``path`` (every folder above it searchable too)."""
    probe = subprocess.run(["runuser", "-u", user, "--", "test", "-r", str(path)],
                           capture_output=True, timeout=60)
    return probe.returncode == 0


def _user_exists(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


# -- a real server ----------------------------------------------------------------------------
def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, b""


def _docs_links() -> set[str]:
    """Every relative link from a notebook's markdown into docs/ (``../docs/...``)."""
    links = set()
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "markdown":
                for target in re.findall(r"\]\((\.\./docs/[^)#\s]+)", "".join(cell["source"])):
                    links.add(os.path.normpath(f"notebooks/{target}"))
    return links


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("jupyterlab") is None,
                    reason="needs jupyterlab (pip install -e '.[test]')")
@pytest.mark.skipif(not (ROOT / STAMP).exists(), reason="needs the .venv made by make")
def test_make_lab_starts_a_server_that_answers_and_stops_cleanly(tmp_path: Path) -> None:
    port = free_port()
    env = _env(display=None, base=isolated_env(tmp_path))
    # No user settings at all (isolated_env turns the news off in them for the browser
    # tests): here make lab's own configuration must do it, as on a new user's machine.
    shutil.rmtree(env["JUPYTERLAB_SETTINGS_DIR"])
    # Nothing but the port: the update check and the news are off by make lab's own config.
    args = f"--ip 127.0.0.1 --port {port} --ServerApp.port_retries=0"
    log = tmp_path / "lab.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(["make", "--no-print-directory", "-o", STAMP, "-C", str(ROOT),
                                 "lab", f"LAB_ARGS={args}"],
                                env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        printed = re.compile(rf"http://127\.0\.0\.1:{port}/lab/tree/{re.escape(START)}"
                             r"\?token=([0-9a-f]{32,})")
        deadline = time.monotonic() + START_S
        token = None
        while token is None:
            assert proc.poll() is None, f"make lab exited early:\n{log.read_text()[-3000:]}"
            found = printed.search(log.read_text(errors="replace"))
            if found and _get(f"http://127.0.0.1:{port}/api/status")[0] < 500:
                token = found.group(1)
                break
            assert time.monotonic() < deadline, (
                f"no URL with a token, or no answer on port {port}, within {START_S} s:\n"
                f"{log.read_text()[-3000:]}")
            time.sleep(0.3)
        base = f"http://127.0.0.1:{port}"
        status, body = _get(f"{base}/api/status?token={token}")
        assert status == 200 and "started" in json.loads(body)
        assert _get(f"{base}/lab/tree/{START}?token={token}")[0] == 200
        # Served from the repository root: the notebook and the docs it links to.
        links = _docs_links()
        assert "docs/rulings.md" in links
        for path in sorted({START, *links}):
            status, body = _get(f"{base}/api/contents/{urllib.parse.quote(path)}"
                                f"?content=0&token={token}")
            assert status == 200, f"{path} does not resolve on the server ({status})"
            assert json.loads(body)["path"] == path
        assert _get(f"{base}/api/status")[0] == 403  # no token, no answer
        # The news announcements are off in the served configuration (no pop-up).
        status, body = _get(f"{base}/lab/api/settings/{NOTIFICATION}?token={token}")
        assert status == 200
        # Overrides are served as the schema's defaults (the user set nothing here).
        answer = json.loads(body)
        defaults = {k: v.get("default") for k, v in answer["schema"]["properties"].items()}
        assert defaults["fetchNews"] == "false" and defaults["checkForUpdates"] is False
        assert answer["settings"] == {}
        printed_text = log.read_text(errors="replace")
        warnings = [ln for ln in printed_text.splitlines() if "Warning" in ln]
        assert not warnings, "make lab printed warnings:\n" + "\n".join(warnings)
    finally:
        _stop_group(proc)
    assert _group_gone(proc.pid), "a process of make lab's group is still running"


def _stop_group(proc: subprocess.Popen) -> None:
    """SIGTERM to the whole group (make and jupyter), then SIGKILL if it must."""
    for sig, wait in ((signal.SIGTERM, STOP_S), (signal.SIGKILL, 5)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(wait)
        if _group_gone(proc.pid, within=wait):
            return


def _group_gone(pgid: int, within: float = 0.0) -> bool:
    deadline = time.monotonic() + within
    while True:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.1)
