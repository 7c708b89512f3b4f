"""Level 7 engine speed: complete random 2-player sandbox matches on one core.

Run: ``python benchmarks/bench_level7.py [--matches 500] [--players 2] [--baseline REF]``.
Measured side by side in one run, interleaved in rounds, as CPU time of this process
(``time.process_time``; the machine is shared: ratios in one run are what to read):

* ``play`` — ``l7.play(players=2, seed=s)``: the public API, a :class:`Match` that checks
  every choice and keeps the full history.
* ``raw``  — the same rules driven by a bare loop over ``RULES.step`` with no legality
  check and no history: the floor the Match's safety is paid on top of.
* ``heuristic`` — ``l7.play`` with the heuristic agent on every seat (it reads its view
  and the map, so it costs more per decision).
* ``moh play`` — Mall of Horror's ``moh.play(players=4, seed=s)`` in the same rounds: the
  reference of issue 27's ratio (Level 7's steps/s over Mall of Horror's).
* ``baseline``, ``base moh`` — with ``--baseline REF`` (a git ref): ``play`` of both engines
  as they are at ``REF``, extracted with ``git archive`` and imported under another
  package name (``bench_breakout.load_baseline``), so the old and the new engine run in
  the same process, round by round.

The ratios printed are the medians of the rounds' ratios (each round plays the same
seeds in every variant; every seed is played once per variant, so the per-map caches
start cold, as in a soak). By default each variant plays its round's matches as one
block, as when this benchmark first measured the engines; ``--chunk N`` makes the
variants take turns every ``N`` matches instead, so that a burst of load from other
jobs slows them alike (it also leaves each variant's caches less warm, which costs the
short Mall of Horror matches more than Level 7's: read the two side by side).

The profile lines show what dominates the time of ``play``.

``--scenarios`` instead compares the scenarios: complete random matches of the sandbox
and of scenarios 9–13 (normal mode), interleaved in rounds, CPU time per process
(``time.process_time``: waits for a shared core are not the engine's).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from boardlab import level7_lockdown as l7
from boardlab import mall_of_horror as moh
from boardlab.core.engine import CHANCE, sample_outcome

sys.path.insert(0, str(Path(__file__).resolve().parent))   # bench_breakout's load_baseline


def bench_play(seeds: range, players: int) -> tuple[float, int]:
    start = time.process_time()
    plies = 0
    for seed in seeds:
        plies += l7.play(players=players, seed=seed).ply
    return time.process_time() - start, plies


def bench_heuristic(seeds: range, players: int) -> tuple[float, int]:
    start = time.process_time()
    plies = 0
    for seed in seeds:
        plies += l7.play(players=players, seed=seed,
                         agents=lambda seat, s=seed: l7.HeuristicAgent(seed=s)).ply
    return time.process_time() - start, plies


def bench_raw(seeds: range, players: int) -> tuple[float, int]:
    rules = l7.RULES
    start = time.process_time()
    plies = 0
    for seed in seeds:
        rng, pick = random.Random(seed), random.Random(seed)
        state = rules.initial(l7.Setup(players=players))
        while (mover := rules.to_move(state)) is not None:
            if mover is CHANCE:
                choice = sample_outcome(rules.outcomes(state), rng)
            else:
                legal = rules.legal(state)
                choice = legal[pick.randrange(len(legal))]
            state, _ = rules.step(state, choice)
            plies += 1
    return time.process_time() - start, plies


SCENARIOS = ("sandbox", "9", "10", "11", "12", "13")



def bench_scenarios(matches: int, players: int, rounds: int) -> None:
    """Matches and steps per CPU second for each scenario, interleaved in rounds."""
    per = max(1, matches // rounds)
    totals = {name: [0.0, 0] for name in SCENARIOS}
    for name in SCENARIOS:
        l7.play(players=players, scenario=name, seed=10**6)      # warm the caches
    for r in range(rounds):
        for name in SCENARIOS:
            start = time.process_time()
            for seed in range(r * per, (r + 1) * per):
                totals[name][1] += l7.play(players=players, scenario=name, seed=seed).ply
            totals[name][0] += time.process_time() - start
    n = per * rounds
    print(f"Level 7 scenarios, normal mode, {players} players, {n} random matches each "
          "(CPU seconds)")
    for name, (t, plies) in totals.items():
        print(f"  {name:8s} {n / t:8.1f} matches/s  {plies / t:9.0f} steps/s  "
              f"{plies / n:7.1f} plies per match")


def bench_moh(seeds: range, players: int) -> tuple[float, int]:
    start = time.process_time()
    plies = sum(moh.play(players=4, seed=s).ply for s in seeds)
    return time.process_time() - start, plies


def variants(baseline: str | None) -> dict[str, Callable[[range, int], tuple[float, int]]]:
    """The variants timed in every round, by name."""
    runs: dict[str, Callable[[range, int], tuple[float, int]]] = {
        "play": bench_play, "raw": bench_raw, "heuristic": bench_heuristic,
        "moh play": bench_moh}
    if baseline:
        from bench_breakout import load_baseline

        old_l7, old_moh = load_baseline(baseline, "level7_lockdown"), load_baseline(
            baseline, "mall_of_horror")
        old_l7.play(players=2, seed=10**6)

        def base(seeds: range, players: int) -> tuple[float, int]:
            start = time.process_time()
            plies = sum(old_l7.play(players=players, seed=s).ply for s in seeds)
            return time.process_time() - start, plies

        def base_moh(seeds: range, players: int) -> tuple[float, int]:
            start = time.process_time()
            plies = sum(old_moh.play(players=4, seed=s).ply for s in seeds)
            return time.process_time() - start, plies

        runs["baseline"] = base
        runs["base moh"] = base_moh
    return runs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5,
                        help="interleaved rounds the matches are split into")
    parser.add_argument("--scenarios", action="store_true",
                        help="compare the sandbox with scenarios 9–13 instead")
    parser.add_argument("--baseline", metavar="REF",
                        help="also time play of the engines at this git ref (e.g. main)")
    parser.add_argument("--no-profile", action="store_true", help="skip the profile lines")
    parser.add_argument("--chunk", type=int, default=0, metavar="N",
                        help="variants take turns every N matches inside a round "
                             "(0: each plays the round's matches as one block)")
    args = parser.parse_args(argv)
    if args.scenarios:
        return bench_scenarios(args.matches, args.players, args.rounds)
    l7.play(players=args.players, seed=10**6)          # warm the caches (dice tables)
    moh.play(players=4, seed=10**6)
    per = max(1, args.matches // args.rounds)
    runs = variants(args.baseline)
    totals = {name: [0.0, 0] for name in runs}
    per_round: list[dict[str, float]] = []     # steps/s of each variant, round by round
    for r in range(args.rounds):
        # Each round's seeds are played in chunks (the whole round by default), every
        # variant in turn.
        spent = {name: [0.0, 0] for name in runs}
        chunk_size = args.chunk or per
        for chunk in range(r * per, (r + 1) * per, chunk_size):
            seeds = range(chunk, min(chunk + chunk_size, (r + 1) * per))
            for name, fn in runs.items():
                t, plies = fn(seeds, args.players)
                spent[name][0] += t
                spent[name][1] += plies
        for name, (t, plies) in spent.items():
            totals[name][0] += t
            totals[name][1] += plies
        per_round.append({name: plies / t for name, (t, plies) in spent.items()})
    n = per * args.rounds
    print(f"Level 7 sandbox, {args.players} players, {n} matches per variant "
          f"({totals['play'][1] / n:.1f} plies per random match; Mall of Horror: 4 players, "
          f"{totals['moh play'][1] / n:.1f} plies), CPU time, {args.rounds} interleaved rounds"
          + (f", turns every {args.chunk} matches" if args.chunk else ""))
    for name, (t, plies) in totals.items():
        print(f"  {name:10s} {n / t:8.1f} matches/s  {plies / t:10.0f} steps/s")
    print(f"  play / raw time ratio: {totals['play'][0] / totals['raw'][0]:.2f}")
    print("  ratios of steps/s, median of the rounds (lowest–highest):")
    pairs = [("Level 7 / Mall of Horror", "play", "moh play")]
    if args.baseline:
        pairs += [(f"Level 7 / Level 7 at {args.baseline}", "play", "baseline"),
                  (f"Mall of Horror / Mall of Horror at {args.baseline}", "moh play",
                   "base moh"),
                  (f"Level 7 / Mall of Horror, both at {args.baseline}", "baseline",
                   "base moh")]
    for label, a, b in pairs:
        ratios = sorted(rates[a] / rates[b] for rates in per_round)
        print(f"    {label}: {statistics.median(ratios):.3f} "
              f"({ratios[0]:.3f}–{ratios[-1]:.3f})")
    if args.no_profile:
        return
    prof = cProfile.Profile()
    prof.enable()
    bench_play(range(10**5, 10**5 + 100), args.players)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(8)
    print("\n".join(line for line in out.getvalue().splitlines()[6:22] if line.strip()))


if __name__ == "__main__":
    main()
