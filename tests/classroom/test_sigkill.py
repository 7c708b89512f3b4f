"""Fault (issue 31): ``boardlab serve`` killed with SIGKILL mid-match and started again on
its file: the same state, the same links, the pages reconnect by themselves, no ply lost
or doubled, and the match goes on to its end through the pages.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from boardlab import registry
from boardlab.classroom.messages import seat_message
from boardlab.classroom.server import free_port
from tests.classroom.browser import SMALL, click_a_choice, in_browser, open_page, ply_of, wait_until

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"^\s+(\S.*?)\s{2}(http://127\.0\.0\.1:\d+/#\S+)$")
GAME = "mall-of-horror"
#: Real Chromium: slow too (tests/conftest.py), so make test runs these, make check not.
pytestmark = pytest.mark.browser


class Server:
    """``boardlab serve`` in a process of its own; its links read from its output."""

    def __init__(self, path: Path, port: int, log: Path) -> None:
        self.log = log
        self.err = open(log, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "boardlab", "serve", GAME, "--seed", "5", "--port",
             str(port), "--file", str(path), "--pace", "0.02", "--timeout", "600"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=self.err, text=True,
            start_new_session=True)
        self.links: dict[str, str] = {}
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 60
        while len(self.links) < 6:  # teacher, projector, four seats
            assert time.monotonic() < deadline, "no links printed"
            line = self.proc.stdout.readline()
            assert line, f"the server ended: {log.read_text()[-2000:]}"
            found = LINK.match(line.rstrip("\n"))
            if found:
                self.links[found.group(1)] = found.group(2)

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.err.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        if not self.err.closed:
            self.err.close()


def _saved(path: Path) -> Any:
    return registry.get(GAME).load(json.loads(path.read_text())["tables"][0]["match"])


def test_a_killed_server_resumes_its_match_with_the_same_links(tmp_path: Path) -> None:
    path, port, log = tmp_path / "lesson.json", free_port(), tmp_path / "server.log"
    first = Server(path, port, log)
    seats = [name for name in first.links if name not in ("teacher", "projector")]
    rng = random.Random(9)
    servers = [first]

    def scenario(browser: Any, blocked: list[str]) -> dict[str, Any]:
        pages = {s: open_page(browser, first.links[s], blocked, SMALL) for s in seats}
        teacher = open_page(browser, first.links["teacher"], blocked, SMALL)
        teacher.wait_for_selector("#bl-seats tr")
        time.sleep(0.3)
        teacher.click("#bl-start")
        clicks = 0
        deadline = time.monotonic() + 60
        while clicks < 12:  # play a part of the match through the pages
            assert time.monotonic() < deadline
            clicks += sum(click_a_choice(p, rng.randrange) for p in pages.values())
        shown = max(ply_of(p) for p in pages.values())
        first.kill()
        at_kill = _saved(path)
        for page in pages.values():
            page.wait_for_selector("body[data-connected='false']")
        second = Server(path, port, log)
        servers.append(second)
        after_restart_links = dict(second.links)
        for page in pages.values():  # the pages reconnect by themselves
            page.wait_for_selector("body[data-connected='true']", timeout=30_000)
            wait_until(page, f"Number(document.body.dataset.ply) >= {at_kill.ply}")
        resumed = {s: ply_of(p) for s, p in pages.items()}
        deadline = time.monotonic() + 240
        while not all(p.evaluate("document.body.dataset.over") == "true"
                      for p in pages.values()):
            assert time.monotonic() < deadline
            if not any(click_a_choice(p, rng.randrange) for p in pages.values()):
                time.sleep(0.03)
        final = {s: (ply_of(p), p.locator("#bl-log li").all_inner_texts())
                 for s, p in pages.items()}
        return {"shown": shown, "at_kill": at_kill, "links": after_restart_links,
                "resumed": resumed, "final": final}

    try:
        seen = in_browser(scenario)
    finally:
        for server in servers:
            server.stop()
    at_kill, end = seen["at_kill"], _saved(path)
    # nothing a page was shown is lost: the file held every ply on show at the kill
    assert seen["shown"] <= at_kill.ply and at_kill.ply > 0
    # the same links after the restart
    assert seen["links"] == first.links
    # resumed exactly where the file stood: no ply lost, none doubled or rewritten
    assert end.choices[:at_kill.ply] == at_kill.choices
    assert min(seen["resumed"].values()) >= at_kill.ply
    # played to the end through the pages; each page shows the end of the saved match
    assert end.is_over
    for seat, (ply, lines) in seen["final"].items():
        assert ply == end.ply and lines == seat_message(end, seat)["log"]
    # no token in the server's log (its links go to standard output, the teacher's)
    text = log.read_text()
    for link in first.links.values():
        assert link.split("#", 1)[1] not in text
