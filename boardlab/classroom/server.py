"""Running a lesson's server: in the foreground (``boardlab serve``) or in a notebook's
background (:func:`boardlab.classroom.serve`).

The server is uvicorn with the websockets protocol, bound to 127.0.0.1 unless told
otherwise (binding every interface prints a warning: anyone on the network can then
reach the page, though not a seat without its link). The access log is off (a page's
URL never holds a token anyway), and the largest websocket frame uvicorn accepts is the
app's :data:`~boardlab.classroom.app.MAX_MESSAGE`.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
from collections.abc import Callable
from typing import Any

from boardlab.classroom.app import MAX_MESSAGE, Classroom
from boardlab.classroom.lesson import Lesson

__all__ = ["DEFAULT_PORT", "allowed_hosts", "bind_warning", "make_server", "run",
           "start_background"]

#: The port of ``boardlab serve`` when none is given.
DEFAULT_PORT = 8765


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def allowed_hosts(host: str, port: int) -> set[str] | None:
    """The ``Host`` values a page may use: the loopback names when bound to loopback
    (a DNS-rebinding page cannot pose as the server); any (``None``) otherwise."""
    if is_loopback(host):
        return {f"{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]", host)}
    return None


def bind_warning(host: str) -> str | None:
    """What to tell the teacher when the server is reachable from other machines."""
    if is_loopback(host):
        return None
    every = host in ("0.0.0.0", "::")
    where = "every network interface" if every else host
    return (f"WARNING: the classroom server listens on {where}: anyone on the network can "
            "open its page. Seats still need their secret links; share each only with its "
            "student, and use this on a network you trust (see docs/classroom.md).")


def make_server(lesson: Lesson, host: str, port: int) -> Any:
    """A uvicorn server for the lesson (not started)."""
    import uvicorn

    classroom = Classroom(lesson, hosts=allowed_hosts(host, port))
    config = uvicorn.Config(classroom, host=host, port=port, ws="websockets-sansio",
                            ws_max_size=MAX_MESSAGE, access_log=False, log_level="warning",
                            lifespan="on", server_header=False, date_header=False)
    server = uvicorn.Server(config)
    server.classroom = classroom  # type: ignore[attr-defined]
    return server


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening (connections wait in its backlog)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def run(lesson: Lesson, host: str, port: int,
        on_listen: Callable[[], None] | None = None) -> None:
    """Serve the lesson until interrupted (Ctrl-C). The socket is bound first, so a link
    printed by ``on_listen`` works the moment it is shown."""
    warning = bind_warning(host)
    if warning:
        print(warning, file=sys.stderr)
    sock = listening_socket(host, port)
    if on_listen is not None:
        on_listen()
    make_server(lesson, host, port).run(sockets=[sock])


def free_port(host: str = "127.0.0.1") -> int:
    """A port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def start_background(lesson: Lesson, host: str, port: int) -> tuple[Any, threading.Thread]:
    """Start the server in a daemon thread; returns once it listens."""
    warning = bind_warning(host)
    if warning:
        print(warning, file=sys.stderr)
    server = make_server(lesson, host, port)
    thread = threading.Thread(target=server.run, name="boardlab-classroom", daemon=True)
    thread.start()
    for _ in range(400):
        if server.started or not thread.is_alive():
            break
        thread.join(0.025)
    if not server.started:
        server.should_exit = True
        raise OSError(f"the classroom server could not start on {host}:{port}")
    return server, thread
