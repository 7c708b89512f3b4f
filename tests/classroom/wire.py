"""Helpers of the classroom tests: a server in a background thread, websocket clients.

Every address is 127.0.0.1; every loop is bounded in messages and in time.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from boardlab.classroom.lesson import Lesson
from boardlab.classroom.server import free_port, start_background

T = TypeVar("T")

#: Keys a view message carries besides what the message builder made.
ENVELOPE = ("type", "timeout", "game")
WAITING = "Waiting for the teacher to start the match."


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` in a thread of its own: the tests of tests/browser keep
    playwright's sync API open for the whole session, and it holds an event loop in the
    main thread (where ``asyncio.run`` is then refused)."""
    result: dict[str, Any] = {}

    def body() -> None:
        try:
            result["value"] = asyncio.run(coro)
        except BaseException as err:  # noqa: BLE001 - re-raised in the caller's thread
            result["error"] = err

    thread = threading.Thread(target=body, name="classroom-client")
    thread.start()
    thread.join(600)
    if "error" in result:
        raise result["error"]
    return result["value"]  # type: ignore[no-any-return]


@dataclass
class Running:
    """A classroom server running in this process (a daemon thread)."""

    lesson: Lesson
    port: int
    server: Any
    thread: Any

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def token(self, kind: str, seat: str | None = None, table: int = 0) -> str:
        return self.lesson.keys.token_of(-1 if kind == "teacher" else table, kind, seat)

    def link(self, kind: str, seat: str | None = None, table: int = 0) -> str:
        return f"{self.url}/#{self.token(kind, seat, table)}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def start_server(lesson: Lesson) -> Running:
    port = free_port()
    server, thread = start_background(lesson, "127.0.0.1", port)
    return Running(lesson, port, server, thread)


def body(message: dict[str, Any]) -> dict[str, Any]:
    """A view message without its envelope (what the builder made)."""
    return {k: v for k, v in message.items() if k not in ENVELOPE}


async def connect(running: Running, *, origin: str | None = "same", **kw: Any) -> Any:
    from websockets.asyncio.client import connect as ws_connect

    given = running.url if origin == "same" else origin
    return await ws_connect(running.ws_url, origin=given, open_timeout=10, **kw)


async def hello(running: Running, token: str | None, **kw: Any) -> Any:
    ws = await connect(running, **kw)
    await ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


@dataclass
class Seat:
    """A simulated student: records every message, picks a seeded random choice."""

    seat: str
    token: str
    seed: int
    messages: list[dict[str, Any]] = field(default_factory=list)

    async def play(self, running: Running, *, limit: int = 20_000, seconds: float = 120) -> None:
        rng = random.Random(self.seed)
        ws = await hello(running, self.token)
        try:
            async with asyncio.timeout(seconds):
                for _ in range(limit):
                    msg = json.loads(await ws.recv())
                    self.messages.append(msg)
                    if msg["type"] != "view":
                        continue
                    if msg["over"]:
                        return
                    if msg["choices"]:
                        index = rng.randrange(len(msg["choices"]))
                        await ws.send(json.dumps({"type": "choose", "ply": msg["ply"],
                                                  "index": index}))
        finally:
            await ws.close()


async def start_lesson(running: Running) -> None:
    ws = await hello(running, running.token("teacher"))
    try:
        await ws.recv()
        await ws.send(json.dumps({"type": "start"}))
    finally:
        await ws.close()


async def play_whole(running: Running, seats: Sequence[str], *, table: int = 0,
                     seed: int = 0) -> list[Seat]:
    """Every seat played through the wire by a simulated student; the teacher starts
    once all are connected (claimed)."""
    players = [Seat(s, running.token("seat", s, table), seed * 100 + i)
               for i, s in enumerate(seats)]
    tasks = [asyncio.create_task(p.play(running)) for p in players]
    for _ in range(200):
        if running.lesson.tables[table].claimed == set(seats):
            break
        await asyncio.sleep(0.02)
    await start_lesson(running)
    await asyncio.gather(*tasks)
    return players
