"""The classroom server under load (issue 31): 30 simulated students over websockets on
localhost across 8 Mall of Horror matches; the time from a choice to every seat's update.

``boardlab serve mall-of-horror --tables 8`` runs in a process of its own (as in class);
this process runs 30 websocket clients, one per seat: tables 1–7 have four students each,
table 8 two (its other two seats are agents). Each client answers its seat's decisions
with a seeded random choice after a "think" pause. For every choice the benchmark times
from sending it to the moment *every* student's page of that table has received a view
of a later ply (the slowest page counts), on one monotonic clock.

Two runs side by side, the same seeds:

- ``think``: students answer after 0.2–1.0 s (faster than people do; the server is busy
  but not saturated);
- ``flood``: students answer at once, so the 8 matches move as fast as the server can
  go (a stress figure: every latency includes the queue of the other tables' plies);
- ``fsync/ply``: as ``think``, with the lesson file flushed to the disk before every
  update (``BOARDLAB_CLASSROOM_FSYNC=1``, the first design) instead of within a second.

    .venv/bin/python benchmarks/bench_classroom.py [--seconds 30]

Every address is 127.0.0.1; every loop is bounded in time; the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"^\s+(\S.*?)\s{2}(http://127\.0\.0\.1:\d+/#\S+)$")
TABLES, CLIENTS = 8, 30
TARGET_MS = 100.0


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path, port: int,
                 fsync_each: bool = False) -> tuple[subprocess.Popen[str], dict[str, str]]:
    env = {**os.environ, "BOARDLAB_CLASSROOM_FSYNC": "1" if fsync_each else ""}
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardlab", "serve", "mall-of-horror", "--tables", str(TABLES),
         "--seed", "1", "--port", str(port), "--file", str(folder / "lesson.json"),
         "--pace", "0", "--timeout", "3600", "--new"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        start_new_session=True, env=env)
    links: dict[str, str] = {}
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while len(links) < 1 + TABLES * 5:
        if time.monotonic() > deadline:
            raise RuntimeError("the server printed no links")
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("the server ended")
        found = LINK.match(line.rstrip("\n"))
        if found:
            links[found.group(1)] = found.group(2)
    return proc, links


class Load:
    """The clients of one run and what they measured."""

    def __init__(self, port: int, links: dict[str, str], think: tuple[float, float],
                 seconds: float) -> None:
        self.url = f"ws://127.0.0.1:{port}/ws"
        self.origin = f"http://127.0.0.1:{port}"
        self.links, self.think, self.seconds = links, think, seconds
        #: (table, ply) -> when the choice that left ply was sent
        self.sent: dict[tuple[int, int], float] = {}
        #: (table, ply) -> the latest first-arrival among the table's students so far
        self.arrived: dict[tuple[int, int], list[float]] = {}
        self.members: dict[int, int] = {}
        self.end = 0.0

    def seats(self) -> list[tuple[int, str, str]]:
        out = []
        for t in range(TABLES):
            names = [k for k in self.links if k.startswith(f"table {t + 1} ")
                     and not k.endswith("projector")]
            keep = names if t < TABLES - 1 else names[:CLIENTS - 4 * (TABLES - 1)]
            self.members[t] = len(keep)
            out += [(t, name, self.links[name].split("#", 1)[1]) for name in keep]
        assert len(out) == CLIENTS
        return out

    async def student(self, table: int, token: str, seed: int) -> None:
        from websockets.asyncio.client import connect

        rng = random.Random(seed)
        async with connect(self.url, origin=self.origin, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            last = -1
            while time.monotonic() < self.end:
                try:
                    raw = await asyncio.wait_for(ws.recv(), self.end - time.monotonic())
                except TimeoutError:
                    return
                now = time.monotonic()
                msg = json.loads(raw)
                if msg.get("type") != "view":
                    continue
                ply = msg["ply"]
                for p in range(max(last, 0), ply):  # first view past each ply left
                    if (table, p) in self.sent:
                        self.arrived.setdefault((table, p), []).append(now)
                last = max(last, ply)
                if msg["over"]:
                    return
                if msg["choices"]:
                    await asyncio.sleep(rng.uniform(*self.think))
                    self.sent[(table, ply)] = time.monotonic()
                    await ws.send(json.dumps({"type": "choose", "ply": ply,
                                              "index": rng.randrange(len(msg["choices"]))}))

    async def teacher_start(self) -> None:
        from websockets.asyncio.client import connect

        async with connect(self.url, origin=self.origin, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello",
                                      "token": self.links["teacher"].split("#", 1)[1]}))
            await ws.recv()
            await ws.send(json.dumps({"type": "start"}))
            await asyncio.sleep(0.2)

    async def run(self) -> list[float]:
        self.end = time.monotonic() + self.seconds + 5
        students = [asyncio.create_task(self.student(t, token, 1000 * t + i))
                    for i, (t, _, token) in enumerate(self.seats())]
        await asyncio.sleep(2.0)  # every page connected (and its seat claimed)
        await self.teacher_start()
        self.end = time.monotonic() + self.seconds
        await asyncio.gather(*students)
        latencies = []
        for key, t0 in self.sent.items():
            times = self.arrived.get(key, [])
            if len(times) == self.members[key[0]]:  # every student of the table heard it
                latencies.append((max(times) - t0) * 1000)
        return latencies


def one_run(name: str, think: tuple[float, float], seconds: float,
            fsync_each: bool = False) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(dir=ROOT) as tmp:  # the disk a lesson file is on
        port = free_port()
        proc, links = start_server(Path(tmp), port, fsync_each)
        try:
            latencies = asyncio.run(Load(port, links, think, seconds).run())
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(10)
    latencies.sort()
    q = statistics.quantiles(latencies, n=100, method="inclusive")
    return {"run": name, "choices": len(latencies), "p50": q[49], "p95": q[94],
            "max": latencies[-1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"{CLIENTS} clients, {TABLES} Mall of Horror tables, {args.seconds:g} s a run, "
          f"load {load:.1f} at the start, {os.cpu_count()} cores")
    rows = [one_run("think 0.2-1.0 s", (0.2, 1.0), args.seconds),
            one_run("flood (no think)", (0.0, 0.0), args.seconds),
            one_run("think, fsync/ply", (0.2, 1.0), args.seconds, fsync_each=True)]
    print(f"{'run':<18} {'choices':>8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} "
          f"{'p95/target':>10}")
    for r in rows:
        print(f"{r['run']:<18} {r['choices']:>8} {r['p50']:>8.1f} {r['p95']:>8.1f} "
              f"{r['max']:>8.1f} {r['p95'] / TARGET_MS:>10.2f}")
    print(f"flood p95 / think p95 = {rows[1]['p95'] / rows[0]['p95']:.2f}; "
          f"fsync every ply p95 / default p95 = {rows[2]['p95'] / rows[0]['p95']:.2f} "
          f"(target: think p95 < {TARGET_MS:g} ms)")


if __name__ == "__main__":
    main()
