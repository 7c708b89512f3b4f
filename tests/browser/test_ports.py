"""The browser tests' servers survive a port taken by someone else (no browser needed).

Other helpers' servers and kernels share this machine's ports: between ``free_port()`` and
the server binding it, the port can go to another process. These tests take the port on
purpose and check that the fixture helpers notice and move to a fresh port.
"""

from __future__ import annotations

import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import (
    PortTaken,
    Server,
    free_port,
    isolated_env,
    start_on_free_port,
    start_server,
    stop_server,
)


@pytest.fixture
def held_port() -> Iterator[tuple[int, socket.socket]]:
    """A port of 127.0.0.1 held open by this test, answering every connection with non-HTTP."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    stop = threading.Event()

    def answer_garbage() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except (TimeoutError, OSError):
                continue
            with conn:
                conn.sendall(b"\xff\x00\x00\x00 not http\r\n\r\n")

    thread = threading.Thread(target=answer_garbage, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1], listener
    finally:
        stop.set()
        thread.join()
        listener.close()


def _http_server(port: int, base: Path) -> Server:
    """Python's own http.server on ``port`` (it exits when the port is taken)."""
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
    return start_server(cmd, env=isolated_env(base), cwd=base, base=base, url=url,
                        token="", ready=f"{url}/")


def test_a_server_that_cannot_bind_its_port_raises_port_taken(
        held_port: tuple[int, socket.socket], tmp_path: Path) -> None:
    port, _ = held_port
    with pytest.raises(PortTaken, match="already in use|not as HTTP"):
        _http_server(port, tmp_path)


def test_something_not_http_answering_on_the_port_is_not_taken_for_the_server(
        held_port: tuple[int, socket.socket], tmp_path: Path) -> None:
    # A command that never binds: only the foreign listener answers, with garbage.
    port, _ = held_port
    cmd = [sys.executable, "-c", "import time; time.sleep(60)"]
    url = f"http://127.0.0.1:{port}"
    with pytest.raises(PortTaken, match="not as HTTP"):
        start_server(cmd, env=isolated_env(tmp_path), cwd=tmp_path, base=tmp_path,
                     url=url, token="", ready=f"{url}/")


def test_start_on_free_port_moves_to_a_fresh_port_when_the_first_is_taken(
        held_port: tuple[int, socket.socket], tmp_path: Path) -> None:
    taken, _ = held_port
    tried: list[int] = []

    def start(port: int) -> Server:
        tried.append(port)
        return _http_server(port, tmp_path)

    server = start_on_free_port(taken, start)
    try:
        assert tried[0] == taken
        assert len(tried) == 2 and tried[1] != taken
        assert server.url == f"http://127.0.0.1:{tried[1]}"
        assert server.proc.poll() is None
    finally:
        stop_server(server)
    assert server.proc.poll() is not None


def test_start_on_free_port_gives_up_after_three_taken_ports(tmp_path: Path) -> None:
    tried: list[int] = []

    def start(port: int) -> Server:
        tried.append(port)
        raise PortTaken(f"port {port} taken")

    first = free_port()
    with pytest.raises(PortTaken, match="taken"):
        start_on_free_port(first, start)
    assert len(tried) == 3 and tried[0] == first
