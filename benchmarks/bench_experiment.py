"""Experiment throughput, and its overhead against the bare simulation loop.

Run: ``python benchmarks/bench_experiment.py [--matches 10000] [--blocks 10] [--no-dask]``.
Random 4-player Mall of Horror matches (seeds 0 … matches − 1), measured in one run:

* ``bare``     — the simulation loop with nothing around it: the setup built once, then
  for each seed a ``Match``, its random agents and ``play_out``, results thrown away
  (the loop a user would write by hand, and exactly what an experiment's worker does
  per match, without rows, file or bookkeeping).
* ``1 worker`` — ``Experiment(...).run(workers=1, out=FILE, progress=False)``: the same
  matches in this process, plus rows, the results file and the bookkeeping.
* ``2 workers``— ``run(workers=2, out=FILE)``: a local process pool, chunks of 250.
* ``dask``     — ``run(client, out=FILE)`` on a ``distributed.LocalCluster`` of 2 worker
  processes (its start-up time is given apart).

The overhead is measured interleaved: the seeds are cut into ``--blocks`` blocks and each
block is played bare, then as an experiment (alternating which goes first), so that
other jobs on the machine slow both alike; the ratio of the totals is reported, for wall
time and for this process's CPU time.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from boardlab import registry
from boardlab.core.engine import Match
from boardlab.core.simulate import play_out
from boardlab.experiment import Experiment

GAME = "mall-of-horror"


def experiment(first: int, count: int) -> Experiment:
    return Experiment(GAME, options={"players": 4}, seeds={"first": first, "count": count})


def bare(first: int, count: int) -> None:
    game = registry.get(GAME)
    setup = game.setup(players=4)
    make = game.agents["random"]
    for seed in range(first, first + count):
        match = Match(game.rules, setup, seed=seed)
        play_out(match, {p: make(p, i, seed) for i, p in enumerate(game.players(match))})


def timed(work, *args, **kwargs) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    work(*args, **kwargs)
    return time.perf_counter() - wall, time.process_time() - cpu


def overhead(matches: int, blocks: int, folder: Path) -> dict[str, float]:
    size = matches // blocks
    totals = {"bare wall": 0.0, "bare cpu": 0.0, "exp wall": 0.0, "exp cpu": 0.0}
    for k in range(blocks):
        exp = experiment(k * size, size)
        out = folder / f"block{k}.jsonl"
        runs = [("bare", lambda first=k * size: bare(first, size)),
                ("exp", lambda exp=exp, out=out: exp.run(workers=1, out=out, progress=False))]
        for name, work in runs if k % 2 == 0 else runs[::-1]:
            wall, cpu = timed(work)
            totals[f"{name} wall"] += wall
            totals[f"{name} cpu"] += cpu
    return totals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--blocks", type=int, default=20)
    ap.add_argument("--no-dask", action="store_true", help="skip the LocalCluster")
    args = ap.parse_args()
    n = args.matches
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bare(0, 20)  # warm caches and imports
        t = overhead(n, args.blocks, folder)
        rows = [("bare loop (Match + play_out)", n, t["bare wall"]),
                ("experiment, 1 worker (this process)", n, t["exp wall"])]
        wall, _ = timed(experiment(0, n).run, workers=2, out=folder / "two.jsonl",
                        progress=False)
        rows.append(("experiment, 2 local worker processes", n, wall))
        cluster_start = None
        if not args.no_dask:
            from distributed import Client, LocalCluster

            start = time.perf_counter()
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                              dashboard_address=None, silence_logs=40) as cluster, \
                    Client(cluster) as client:
                client.run(lambda: __import__("boardlab.mall_of_horror.game"))
                cluster_start = time.perf_counter() - start
                wall, _ = timed(experiment(0, n).run, client, out=folder / "dask.jsonl",
                                progress=False)
            rows.append(("experiment, Dask LocalCluster (2 worker processes)", n, wall))
    print(f"{n} random 4-player {GAME} matches")
    width = max(len(r[0]) for r in rows)
    for name, count, seconds in rows:
        print(f"  {name:<{width}}  {seconds:7.1f} s  {count / seconds:7.0f} matches/s")
    if cluster_start is not None:
        print(f"  (LocalCluster start-up, not counted above: {cluster_start:.1f} s)")
    print(f"overhead of an experiment (1 worker) over the bare loop, interleaved in "
          f"{args.blocks} blocks: wall {t['exp wall'] / t['bare wall'] - 1:+.1%}, "
          f"CPU {t['exp cpu'] / t['bare cpu'] - 1:+.1%}")


if __name__ == "__main__":
    main()
