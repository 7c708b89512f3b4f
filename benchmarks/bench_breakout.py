"""Lockup: Breakout engine speed: complete random 4-player matches on one core.

Run: ``python benchmarks/bench_breakout.py [--matches 200] [--rounds 5]``. Measured side
by side, interleaved round by round, in one process (the machine is shared: ratios in
one run are what to compare):

* ``play``     — ``lb.play(players=4, seed=s)``: the public API, a :class:`Match` that checks
  every choice and keeps the full history.
* ``raw``      — the same rules driven by a bare loop over ``RULES.step`` (no legality
  check, no history): what the Match's safety is paid on top of.
* ``moh play`` — Mall of Horror's ``moh.play(players=4, seed=s)`` in the same rounds, the
  reference the issue's floor (200 matches/s) was set against.
* ``solo``     — solitary matches (``players=1``, difficulty red) through ``lb.play``.
* ``baseline`` — with ``--baseline REF`` (a git ref such as ``main``): ``play`` of the engine
  as it is at ``REF``, extracted with ``git archive`` into a temporary directory and
  imported under another package name, so both engines run in the same process,
  round by round (a before/after comparison that machine load cannot skew).

Times are CPU time of this process (``time.process_time``), best round of ``--rounds``
(with ``--fresh``: new seeds every round and the total over the rounds, so that no
chance table is found cached from an earlier round, as in a soak);
the plies per match and the steps per second are printed too. The profile lines show
what dominates ``play``.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import pstats
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardlab import lockup_breakout as lb
from boardlab import mall_of_horror as moh
from boardlab.core.engine import CHANCE, sample_outcome


def bench_play(seeds: range) -> int:
    return sum(lb.play(players=4, seed=s).ply for s in seeds)


def bench_solo(seeds: range) -> int:
    return sum(lb.play(players=1, difficulty="red", seed=s).ply for s in seeds)


def bench_raw(seeds: range) -> int:
    rules = lb.RULES
    plies = 0
    for seed in seeds:
        rng, pick = random.Random(seed), random.Random(seed)
        state = rules.initial(lb.Setup(players=4))
        while (mover := rules.to_move(state)) is not None:
            if mover is CHANCE:
                choice = sample_outcome(rules.outcomes(state), rng)
            else:
                legal = rules.legal(state)
                choice = legal[pick.randrange(len(legal))]
            state, _ = rules.step(state, choice)
            plies += 1
    return plies


def bench_moh(seeds: range) -> int:
    return sum(moh.play(players=4, seed=s).ply for s in seeds)


def load_baseline(ref: str, game: str = "lockup_breakout") -> Any:
    """The game package ``game`` as it is at git ref ``ref``, imported as
    ``boardlab_baseline.<game>`` (every ``boardlab`` name in its sources renamed); the
    extracted tree is reused when several games of one ref are loaded."""
    if ref in _EXTRACTED:
        return importlib.import_module(f"boardlab_baseline.{game}")
    if _EXTRACTED:
        raise ValueError("one baseline ref per process")
    _EXTRACTED.append(ref)
    root = Path(__file__).resolve().parent.parent
    tmp = Path(tempfile.mkdtemp(prefix="bench_baseline_"))
    archive = subprocess.run(["git", "archive", "--format=tar", ref, "boardlab"], cwd=root,
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tmp, filter="data")
    (tmp / "boardlab").rename(tmp / "boardlab_baseline")
    for source in (tmp / "boardlab_baseline").rglob("*.py"):
        text = source.read_text()
        source.write_text(re.sub(r"\bboardlab\b", "boardlab_baseline", text))
    sys.path.insert(0, str(tmp))
    return importlib.import_module(f"boardlab_baseline.{game}")


_EXTRACTED: list[str] = []


def timed(fn: Callable[[range], int], seeds: range) -> tuple[float, int]:
    start = time.process_time()
    plies = fn(seeds)
    return time.process_time() - start, plies


def profile_top(n: int, lines: int = 10) -> str:
    prof = cProfile.Profile()
    prof.enable()
    bench_play(range(n))
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(lines)
    return out.getvalue()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--baseline", metavar="REF",
                        help="also time play of the engine at this git ref (e.g. main)")
    parser.add_argument("--fresh", action="store_true",
                        help="new seeds every round (cold chance-table caches, as in a soak); "
                             "totals over the rounds instead of the best round")
    args = parser.parse_args(argv)
    n = args.matches
    runs = {"play": bench_play, "raw": bench_raw, "moh play": bench_moh, "solo": bench_solo}
    if args.baseline:
        old = load_baseline(args.baseline)
        runs["baseline"] = lambda seeds: sum(old.play(players=4, seed=s).ply for s in seeds)
        runs["base solo"] = lambda seeds: sum(
            old.play(players=1, difficulty="red", seed=s).ply for s in seeds)
    best: dict[str, tuple[float, int]] = {}
    for r in range(args.rounds):
        # Every variant plays the same seeds in a round; --fresh takes new ones each round
        # (a repeated seed finds its chance tables cached from the round before).
        seeds = range(10**6 + r * n, 10**6 + (r + 1) * n) if args.fresh else range(n)
        for name, fn in runs.items():
            took, plies = timed(fn, seeds)
            if args.fresh:
                total, count = best.get(name, (0.0, 0))
                best[name] = (total + took, count + plies)
            elif name not in best or took < best[name][0]:
                best[name] = (took, plies)
    played = n * args.rounds if args.fresh else n
    how = (f"new seeds every round, totals over {args.rounds} interleaved rounds" if args.fresh
           else f"best of {args.rounds} interleaved rounds")
    print(f"{n} matches per variant and round, {how} (CPU time)")
    for name, (took, plies) in best.items():
        print(f"  {name:9s} {played / took:8.1f} matches/s  {plies / took:9.0f} steps/s  "
              f"{plies / played:6.1f} plies/match")
    play, moh_play = best["play"][0], best["moh play"][0]
    print(f"  Breakout play takes {play / moh_play:.2f}× Mall of Horror's time per match; "
          f"the Match costs {play / best['raw'][0]:.2f}× the bare rules loop")
    if args.baseline:
        base = best["baseline"][0]
        print(f"  against {args.baseline}: play {base / play:.2f}× as fast "
              f"(solo {best['base solo'][0] / best['solo'][0]:.2f}×); the baseline took "
              f"{base / moh_play:.2f}× Mall of Horror's time per match")
    if args.profile:
        print(profile_top(max(20, n // 5)))


if __name__ == "__main__":
    main()
