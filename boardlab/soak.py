"""Soak test: the conformance check over many seeded random Mall of Horror matches.

    python -m boardlab.soak --matches 100000 [--players 3,4,5,6] [--workers N]
                            [--deep-every 1000] [--first-seed 0] [--chunk N]

Match ``i`` (``0 <= i < matches``) uses seed ``first_seed + i`` and player count
``players[i % len(players)]``, so every count gets the same share and any violation can
be replayed from its seed alone; every ``deep_every``-th match also gets the deep checks
(JSON round trips, undo, replay). Seeds run in chunks on a
:class:`~concurrent.futures.ProcessPoolExecutor` (``--workers 1`` runs in this process,
handy under a debugger). A crash inside a match is counted as a violation, not a stop.

>>> main(["--matches", "2", "--workers", "1", "--deep-every", "2"])  # doctest: +ELLIPSIS
soak: 2 Mall of Horror matches, players 3,4,5,6, seeds 0…1, deep checks on 1 match in 2, ...
...
invariant violations: 0
0
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed

from boardlab.core.conformance import ConformanceReport, check_match

__all__ = ["chunks", "main", "run_chunk", "soak"]

#: Violations printed at the end (all of them are counted).
SHOWN = 20


def run_chunk(start: int, stop: int, players: tuple[int, ...], first_seed: int,
              deep_every: int) -> ConformanceReport:
    """Check matches ``start``…``stop - 1`` (see the module docstring for the plan).

    >>> run_chunk(0, 2, (3, 4), 0, 0).matches
    2
    """
    from boardlab import mall_of_horror as moh

    report = ConformanceReport()
    for i in range(start, stop):
        seed = first_seed + i
        p = players[i % len(players)]
        deep = bool(deep_every) and i % deep_every == 0
        try:
            one = check_match(moh.RULES, moh.Setup(players=p), seed, deep=deep)
        except Exception as err:  # a crash is a finding: keep it and go on
            one = ConformanceReport(matches=1, deep_matches=int(deep), violations=[
                f"{moh.RULES.name} seed={seed}: crashed with {type(err).__name__}: {err}"])
        one.violations = [f"players={p} {v}" for v in one.violations]
        report.merge(one)
    return report


def chunks(matches: int, size: int) -> list[tuple[int, int]]:
    """``[start, stop)`` ranges of at most ``size`` covering ``0…matches - 1``.

    >>> chunks(5, 2)
    [(0, 2), (2, 4), (4, 5)]
    """
    return [(a, min(a + size, matches)) for a in range(0, matches, size)]


def _progress(done: int, total: int, report: ConformanceReport, started: float) -> str:
    elapsed = time.perf_counter() - started
    rate = done / elapsed if elapsed else 0.0
    return (f"  {done:>{len(str(total))}}/{total} matches ({100 * done // total}%), "
            f"{len(report.violations)} violation(s), {elapsed:.1f} s, {rate:.0f} matches/s")


def soak(matches: int, players: tuple[int, ...], *, workers: int, deep_every: int,
         first_seed: int = 0, chunk: int | None = None) -> ConformanceReport:
    """Run the plan, printing progress about every 10%; return the merged report.

    Violations come back in seed order whatever order the workers finish in.

    >>> soak(3, (4,), workers=1, deep_every=0, chunk=3).matches  # doctest: +ELLIPSIS
      3/3 matches (100%), ...
    3
    """
    if chunk is None:  # about 20 chunks per worker: even load, frequent progress
        chunk = max(1, min(1000, -(-matches // (20 * workers))))
    plan = chunks(matches, chunk)
    parts: dict[int, ConformanceReport] = {}
    running = ConformanceReport()
    started = time.perf_counter()
    step = max(1, matches // 10)
    next_report = step

    def add(index: int, part: ConformanceReport) -> None:
        nonlocal next_report
        parts[index] = part
        running.matches += part.matches
        running.violations.extend(part.violations)
        if running.matches >= next_report or running.matches == matches:
            print(_progress(running.matches, matches, running, started), flush=True)
            while next_report <= running.matches:
                next_report += step

    if workers == 1:
        for index, (a, b) in enumerate(plan):
            add(index, run_chunk(a, b, players, first_seed, deep_every))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures: dict[Future[ConformanceReport], int] = {
                pool.submit(run_chunk, a, b, players, first_seed, deep_every): index
                for index, (a, b) in enumerate(plan)}
            for future in as_completed(futures):
                add(futures[future], future.result())
    report = ConformanceReport()
    for index in range(len(plan)):
        report.merge(parts[index])
    return report


def _player_counts(text: str) -> tuple[int, ...]:
    try:
        counts = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected numbers like 3,4,5,6, got {text!r}") from None
    if not counts or any(not 3 <= n <= 6 for n in counts):
        raise argparse.ArgumentTypeError(f"Mall of Horror takes 3 to 6 players, got {text!r}")
    return counts


def _natural(text: str, least: int = 0) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < least:
        raise argparse.ArgumentTypeError(f"expected at least {least}, got {n}")
    return n


def _positive(text: str) -> int:
    return _natural(text, 1)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m boardlab.soak",
        description="Check the Mall of Horror rules over many seeded random matches.")
    parser.add_argument("--matches", type=_positive, default=100_000,
                        help="matches to play (default 100000)")
    parser.add_argument("--players", type=_player_counts, default=(3, 4, 5, 6),
                        help="player counts, comma-separated, used in turn (default 3,4,5,6)")
    parser.add_argument("--workers", type=_positive, default=os.cpu_count() or 1,
                        help="worker processes (default: CPU count; 1 runs in this process)")
    parser.add_argument("--deep-every", type=_natural, default=1000, metavar="N",
                        help="deep-check every N-th match (0: never; default 1000)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="seed of the first match (default 0)")
    parser.add_argument("--chunk", type=_positive, default=None,
                        help="matches per task (default: about 20 tasks per worker)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak test; exit code 1 if any invariant was violated, else 0.

    >>> main(["--matches", "4", "--players", "3", "--workers", "1", "--deep-every", "0"])
    ... # doctest: +ELLIPSIS
    soak: 4 Mall of Horror matches, players 3, seeds 0…3, no deep checks, 1 worker(s)
    ...
    invariant violations: 0
    0
    """
    args = _parser().parse_args(argv)
    counts = ",".join(map(str, args.players))
    deep = (f"deep checks on 1 match in {args.deep_every}" if args.deep_every
            else "no deep checks")
    print(f"soak: {args.matches} Mall of Horror matches, players {counts}, seeds "
          f"{args.first_seed}…{args.first_seed + args.matches - 1}, {deep}, "
          f"{args.workers} worker(s)", flush=True)
    started = time.perf_counter()
    report = soak(args.matches, args.players, workers=args.workers,
                  deep_every=args.deep_every, first_seed=args.first_seed, chunk=args.chunk)
    elapsed = time.perf_counter() - started
    print(f"matches: {report.matches}")
    print(f"steps: {report.steps} ({report.chance_nodes} chance nodes)")
    print(f"deep matches: {report.deep_matches}")
    print(f"time: {elapsed:.1f} s ({report.matches / max(elapsed, 1e-9):.0f} matches/s)")
    n = len(report.violations)
    print(f"invariant violations: {n}")
    for v in report.violations[:SHOWN]:
        print(f"  {v}")
    if n > SHOWN:
        print(f"  … and {n - SHOWN} more")
    return 1 if n else 0


if __name__ == "__main__":
    raise SystemExit(main())
