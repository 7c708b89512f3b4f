"""The classroom's ASGI application: Starlette routes, one websocket per page, the drivers.

- ``GET /`` serves the one page (and ``/classroom.js``, ``/classroom.css``): it reads its
  token from the link's ``#`` part and sends it as the first websocket message. No URL
  the server sees ever holds a token.
- ``/ws`` is the page's websocket. It is accepted only when its ``Origin`` is the page's
  own (``http://`` + the ``Host`` it asked for, a host the server answers to), so another
  site open in the same browser cannot drive a seat. The first message must be
  ``{"type": "hello", "token": …}`` within :data:`HELLO_S` seconds; the token decides the
  role (seat, projector, teacher), and a seat can only ever act as itself.
- Every message a page sends is bounded in size (:data:`MAX_MESSAGE` bytes; uvicorn
  closes the socket on a larger frame) and in rate (a token bucket of :data:`RATE` per
  second, :data:`BURST` at once); a refused message changes nothing.
- One driver task per table plays chance and the agents' seats, and a person's seat once
  its time is up. After each ply the lesson's text goes to the file's writer (a thread:
  an atomic rename at once, flushed to the disk within :data:`SYNC_S`); the pages of
  that table get their new message once the file holds the ply (the newest message
  only, if a page is slow).

Messages are built by :mod:`boardlab.classroom.messages`, once per table ply and role.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from boardlab.classroom.lesson import Lesson, Refusal, Table
from boardlab.classroom.messages import projector_message, seat_message, teacher_message
from boardlab.classroom.store import sync_file, write_atomic
from boardlab.classroom.tokens import Role
from boardlab.core.errors import BoardlabError

__all__ = ["BURST", "HELLO_S", "MAX_MESSAGE", "RATE", "Classroom"]

log = logging.getLogger("boardlab.classroom")

#: The largest message a page may send, in bytes (a choice is about 50).
MAX_MESSAGE = 2048
#: Messages a page may send per second, and at once.
RATE, BURST = 8.0, 16
#: Refused-for-rate messages after which the socket is closed (policy violation).
FLOOD_CLOSE = 200
#: Seconds within which a written lesson file is flushed to the disk.
SYNC_S = 1.0
#: Seconds a new socket has to say hello.
HELLO_S = 10.0
#: Sockets per token (a phone and a laptop) and in all.
PER_TOKEN, TOTAL = 4, 400

SECURITY_HEADERS = {
    "content-security-policy": ("default-src 'none'; script-src 'self'; style-src 'self' "
                                "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                                "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}


def _asset(name: str) -> str:
    return resources.files("boardlab.classroom").joinpath("static", name).read_text("utf-8")


class Bucket:
    """A token bucket: ``take()`` is True while the sender keeps to the rate."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


class Conn:
    """One page's socket: its role, the newest message waiting to go, its bucket."""

    def __init__(self, ws: WebSocket, role: Role, token: str) -> None:
        self.ws, self.role, self.token = ws, role, token
        self.watch = max(role.table, 0)      # the teacher's table on show
        self.latest: str | None = None
        self.wake = asyncio.Event()
        self.bucket = Bucket(RATE, BURST)
        self.flood = 0
        self.last_refusal = 0.0
        #: The pending "too many messages" refusal, if one is due.
        self.owed: asyncio.Task[None] | None = None

    def offer(self, text: str) -> None:
        self.latest = text
        self.wake.set()


class Classroom:
    """The running server of a lesson: the app, the pages' sockets, the drivers.

    ``hosts``: the ``Host`` values pages may use (``None``: any, when bound to every
    interface; the Origin must still be the page's own).
    """

    def __init__(self, lesson: Lesson, *, hosts: set[str] | None = None) -> None:
        self.lesson = lesson
        self.hosts = hosts
        self.conns: set[Conn] = set()
        self._wakes: list[asyncio.Event] = []
        self._tasks: list[asyncio.Task[Any]] = []
        self._cache: dict[tuple[Any, ...], str] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        # The file's writer (see _writer): the newest text waiting to be written, the
        # table versions it holds, and the versions the file is known to hold.
        self._pending: tuple[str, tuple[int, ...]] | None = None
        self._dirty: asyncio.Event | None = None
        self._saved: asyncio.Condition | None = None
        self._syncing: asyncio.Task[None] | None = None
        #: BOARDLAB_CLASSROOM_FSYNC=1: flush every write before the pages are told (the
        #: first design; benchmarks/bench_classroom.py races it against the default).
        self.fsync_each = os.environ.get("BOARDLAB_CLASSROOM_FSYNC", "") == "1"
        self.saved_versions: tuple[int, ...] = tuple(t.version for t in lesson.tables)
        page = _asset("index.html")
        self._assets = {"/": (page, "text/html; charset=utf-8"),
                        "/classroom.js": (_asset("classroom.js"), "text/javascript"),
                        "/classroom.css": (_asset("classroom.css"), "text/css")}
        routes: list[Route | WebSocketRoute] = [Route(path, self._serve_asset)
                                                for path in self._assets]
        routes.append(WebSocketRoute("/ws", self._socket))
        self.app = Starlette(routes=routes, lifespan=self._lifespan)

    # -- ASGI --------------------------------------------------------------------------
    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            if not self._host_ok(_header(scope, "host")):
                await PlainTextResponse("unknown host", status_code=421)(scope, receive, send)
                return

            async def send_with_headers(message: MutableMapping[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    headers = list(message.get("headers", []))
                    headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
                    message["headers"] = headers
                await send(message)

            await self.app(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send)

    def _host_ok(self, host: str | None) -> bool:
        return host is not None and (self.hosts is None or host in self.hosts)

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        """Whether a websocket's ``Origin`` is the page's own: its scheme (``http``, or
        ``https`` behind a reverse proxy) + the Host it asked for."""
        return (origin is not None and self._host_ok(host)
                and origin in (f"http://{host}", f"https://{host}"))

    async def _serve_asset(self, request: Request) -> Response:
        body, kind = self._assets[request.url.path]
        return Response(body, media_type=kind)

    @contextlib.asynccontextmanager
    async def _lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self.loop = asyncio.get_running_loop()
        self._dirty, self._saved = asyncio.Event(), asyncio.Condition()
        self.lesson.saver = self._enqueue
        self._wakes = [asyncio.Event() for _ in self.lesson.tables]
        self._tasks = [asyncio.create_task(self._drive(t)) for t in self.lesson.tables]
        writer = asyncio.create_task(self._writer())
        try:
            yield
        finally:
            for task in self._tasks:
                task.cancel()
            for task in self._tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            self.lesson.saver = None
            self.lesson.save()  # the last text, written and flushed before the end

    # -- the file ------------------------------------------------------------------------
    def _enqueue(self, text: str, versions: tuple[int, ...]) -> None:
        """Hand the writer the lesson as it is now (it replaces any older text waiting)."""
        self._pending = (text, versions)
        if self._dirty is not None:
            self._dirty.set()

    async def _sync_soon(self, path: Any) -> None:
        try:
            await asyncio.sleep(SYNC_S)
            await asyncio.to_thread(sync_file, path)
        except OSError:
            log.exception("the lesson file could not be flushed to the disk")
        finally:
            self._syncing = None

    async def _writer(self) -> None:
        """Write the newest text in a thread of its own (an fsync does not stall the other
        tables), then let the pages of the plies it holds be told. Under load several
        plies share one write (a group commit); the order of writes is the order of plies."""
        assert self._dirty is not None and self._saved is not None
        path = self.lesson.path
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            pending, self._pending = self._pending, None
            if pending is None or path is None:
                continue
            text, versions = pending
            try:
                # Atomic at once (a killed server loses nothing a page was shown);
                # flushed to the disk within SYNC_S (a power cut loses at most that).
                await asyncio.to_thread(write_atomic, path, text, sync=self.fsync_each)
                if self._syncing is None and not self.fsync_each:
                    self._syncing = asyncio.create_task(self._sync_soon(path))
            except OSError:
                log.exception("the lesson file could not be written; retrying")
                if self._pending is None:
                    self._pending = pending
                self._dirty.set()
                await asyncio.sleep(1.0)
                continue
            async with self._saved:
                self.saved_versions = versions
                self._saved.notify_all()

    # -- the drivers -------------------------------------------------------------------
    def wake(self, table: Table | None = None) -> None:
        """Tell a driver (or all) that something changed."""
        for i, event in enumerate(self._wakes):
            if table is None or i == table.index:
                event.set()

    async def _drive(self, table: Table) -> None:
        wake = self._wakes[table.index]
        while True:
            wake.clear()
            try:
                if table.automatic():
                    await asyncio.sleep(self.lesson.pace)
                    if table.play_automatic():
                        self.broadcast(table)
                    continue
                left = table.seconds_left()
                if left is not None and left <= 0:
                    if table.play_timed_out():
                        self.broadcast(table)
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), timeout=5.0 if left is None
                                           else min(left + 0.01, 5.0))
                if table.waiting_for() is not None:
                    self.broadcast_teachers()  # the countdown on the teacher's page
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a failing ply must not end the lesson
                log.exception("table %d: a ply failed; the table waits", table.index + 1)
                await asyncio.sleep(1.0)

    # -- messages ----------------------------------------------------------------------
    def message_for(self, conn: Conn) -> str:
        """The text of ``conn``'s current message (built once per ply and role)."""
        role = conn.role
        lesson = self.lesson
        if role.kind == "teacher":
            table = lesson.tables[conn.watch]
            key: tuple[Any, ...] = ("teacher", table.index, table.version, lesson.timeout,
                                    tuple(tuple(r.items()) for t in lesson.tables
                                          for r in t.seat_rows()), len(lesson.notes))
        else:
            table = lesson.tables[role.table]
            key = (role.kind, table.index, table.version, role.seat,
                   table.notes.get(role.seat or "", ""), table.public_note, lesson.timeout,
                   lesson.started)
        text = self._cache.get(key)
        if text is None:
            text = json.dumps(self._build(conn, table), separators=(",", ":"))
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = text
        return text

    def _build(self, conn: Conn, table: Table) -> dict[str, Any]:
        role, lesson = conn.role, self.lesson
        if role.kind == "seat":
            assert role.seat is not None
            body = seat_message(table.match, role.seat, note=table.notes.get(role.seat, ""))
            if not lesson.started:
                body["note"] = "Waiting for the teacher to start the match."
        elif role.kind == "projector":
            body = projector_message(table.match, note=table.public_note if lesson.started
                                     else "Waiting for the teacher to start the match.")
        else:
            links = {}
            for token, r in lesson.keys.roles():
                if r.kind == "teacher":
                    continue
                name = r.seat if r.kind == "seat" else "projector"
                links[f"table {r.table + 1} {name}"] = f"/#{token}"
            body = teacher_message(
                table.match, [r for t in lesson.tables for r in t.seat_rows()], links,
                started=lesson.started, timeout=lesson.timeout, notes=lesson.notes)
            body["table"], body["tables"] = table.index, len(lesson.tables)
        body["type"] = "view"
        body["timeout"] = lesson.timeout
        body["game"] = lesson.game.book.name
        return body

    def broadcast(self, table: Table) -> None:
        """Tell the table's pages (and the teachers') once the file holds this ply."""
        if self.lesson.path is None or self._saved is None:
            self._offer(table)
            return
        asyncio.get_running_loop().create_task(self._offer_when_saved(table, table.version))

    async def _offer_when_saved(self, table: Table, version: int) -> None:
        assert self._saved is not None
        i = table.index
        async with self._saved:
            await self._saved.wait_for(lambda: self.saved_versions[i] >= version)
        # A newer ply not yet written is told by its own broadcast, once it is.
        if table.version <= self.saved_versions[i]:
            self._offer(table)

    def _offer(self, table: Table) -> None:
        for conn in list(self.conns):
            if conn.role.table == table.index or conn.role.kind == "teacher":
                conn.offer(self.message_for(conn))

    def broadcast_teachers(self) -> None:
        for conn in list(self.conns):
            if conn.role.kind == "teacher":
                conn.offer(self.message_for(conn))

    # -- a page's socket ---------------------------------------------------------------
    async def _socket(self, ws: WebSocket) -> None:
        if not self.origin_ok(ws.headers.get("origin"), ws.headers.get("host")):
            log.warning("websocket refused: origin not the page's own")
            await ws.close(code=1008)
            return
        if len(self.conns) >= TOTAL:
            await ws.close(code=1013)
            return
        await ws.accept()
        conn = await self._hello(ws)
        if conn is None:
            return
        self.conns.add(conn)
        sender = asyncio.create_task(self._send_loop(conn))
        try:
            await self._offer_current(conn)
            if conn.role.kind == "seat":
                table = self.lesson.tables[conn.role.table]
                assert conn.role.seat is not None
                if table.claim(conn.role.seat):
                    self.broadcast(table)
                    self.wake(table)
            await self._receive_loop(conn)
        except WebSocketDisconnect:
            pass
        finally:
            self.conns.discard(conn)
            if conn.owed is not None:
                conn.owed.cancel()
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    async def _hello(self, ws: WebSocket) -> Conn | None:
        try:
            raw = await asyncio.wait_for(ws.receive_text(), timeout=HELLO_S)
            data = json.loads(raw) if len(raw) <= MAX_MESSAGE else None
        except (TimeoutError, json.JSONDecodeError, KeyError, RuntimeError,
                WebSocketDisconnect):
            data = None
        token = data.get("token") if isinstance(data, dict) and \
            data.get("type") == "hello" else None
        role = self.lesson.keys.find(token)
        if role is None:
            log.warning("websocket refused: no valid token")  # never the token itself
            await self._close(ws, 4401, "this link is not valid for this lesson")
            return None
        assert isinstance(token, str)
        if sum(1 for c in self.conns if c.token == token) >= PER_TOKEN:
            await self._close(ws, 4409, "this link is open in too many windows")
            return None
        return Conn(ws, role, token)

    async def _close(self, ws: WebSocket, code: int, text: str) -> None:
        with contextlib.suppress(Exception):
            await ws.send_text(json.dumps({"type": "error", "text": text}))
            await ws.close(code=code)

    async def _send_loop(self, conn: Conn) -> None:
        while True:
            await conn.wake.wait()
            conn.wake.clear()
            text, conn.latest = conn.latest, None
            if text is not None and conn.ws.application_state == WebSocketState.CONNECTED:
                await conn.ws.send_text(text)

    async def _receive_loop(self, conn: Conn) -> None:
        ws = conn.ws
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if not conn.bucket.take():
                conn.flood += 1
                if conn.flood >= FLOOD_CLOSE:
                    await self._close(ws, 1008, "too many messages")
                    return
                # One refusal a second, not one each; it comes with the current view, so
                # a page whose click was dropped gets its buttons back.
                if conn.owed is None:
                    wait = max(0.0, conn.last_refusal + 1.0 - time.monotonic())
                    conn.owed = asyncio.create_task(self._refuse_later(conn, wait))
                continue
            conn.flood = 0
            if text is None or len(text) > MAX_MESSAGE:
                await self._refuse(conn, f"messages are text of at most {MAX_MESSAGE} bytes")
                continue
            try:
                data = json.loads(text)
            except json.JSONDecodeError:
                data = None
            if not isinstance(data, dict) or not isinstance(data.get("type"), str):
                await self._refuse(conn, "not a message this server understands")
                continue
            try:
                await self._act(conn, data)
            except Refusal as refusal:
                await self._refuse(conn, refusal.text, refusal.rule)
            except BoardlabError as err:
                await self._refuse(conn, str(err))

    async def _refuse_later(self, conn: Conn, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
            conn.last_refusal = time.monotonic()
            await self._refuse(conn, "too many messages: slow down")
        except Exception:  # noqa: BLE001 - the socket went away meanwhile
            pass
        finally:
            conn.owed = None

    async def _refuse(self, conn: Conn, text: str, rule: str = "") -> None:
        await conn.ws.send_text(json.dumps({"type": "refused", "text": text, "rule": rule}))
        await self._offer_current(conn)  # and the current view again

    async def _offer_current(self, conn: Conn) -> None:
        """Offer ``conn`` its current message once the file holds the ply it shows."""
        index = conn.role.table
        if index >= 0 and self._saved is not None and self.lesson.path is not None:
            table = self.lesson.tables[index]
            async with self._saved:
                await self._saved.wait_for(
                    lambda: self.saved_versions[index] >= table.version)
        conn.offer(self.message_for(conn))

    async def _act(self, conn: Conn, data: dict[str, Any]) -> None:
        kind, role, lesson = data["type"], conn.role, self.lesson
        if kind == "ping":
            return
        if kind == "choose":
            if role.kind != "seat" or role.seat is None:
                raise Refusal("only a seat's page can choose")
            table = lesson.tables[role.table]
            table.choose(role.seat, data.get("ply"), data.get("index"))
            self.broadcast(table)
            self.wake(table)
            return
        if role.kind != "teacher":
            raise Refusal(f"a {role.kind}'s page cannot ask for {kind!r}"[:120])
        actions: dict[str, Callable[[], Awaitable[None] | None]] = {
            "start": lambda: self._start(),
            "timeout": lambda: self._set_timeout(data.get("seconds")),
            "release": lambda: self._release(data.get("table"), data.get("seat")),
            "watch": lambda: self._watch(conn, data.get("table")),
        }
        action = actions.get(kind)
        if action is None:
            raise Refusal("not a message this server understands")
        action()

    def _start(self) -> None:
        self.lesson.start()
        for table in self.lesson.tables:
            self.broadcast(table)
        self.wake()

    def _set_timeout(self, seconds: Any) -> None:
        self.lesson.set_timeout(seconds)
        for table in self.lesson.tables:
            self.broadcast(table)
        self.wake()

    def _table(self, index: Any) -> Table:
        if isinstance(index, bool) or not isinstance(index, int) or \
                not 0 <= index < len(self.lesson.tables):
            raise Refusal("no such table")
        return self.lesson.tables[index]

    def _release(self, index: Any, seat: Any) -> None:
        table = self._table(index)
        if not isinstance(seat, str):
            raise Refusal("name the seat to give to an agent")
        table.release(seat)
        self.broadcast(table)
        self.wake(table)

    def _watch(self, conn: Conn, index: Any) -> None:
        conn.watch = self._table(index).index
        conn.offer(self.message_for(conn))


def _header(scope: MutableMapping[str, Any], name: str) -> str | None:
    wanted = name.encode("latin-1")
    for key, value in scope.get("headers", []):
        if key == wanted:
            return bytes(value).decode("latin-1")
    return None
