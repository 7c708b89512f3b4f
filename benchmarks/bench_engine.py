"""Mall of Horror engine speed: complete random 4-player matches on one core.

Run: ``python benchmarks/bench_engine.py [--matches 1000]``. Measured side by side
in one run:

* ``play``    — ``moh.play(players=4, seed=s)``: the public API, a :class:`Match` that
  checks every choice and keeps the full history (what users call).
* ``raw``     — the same rules driven by a bare loop over ``RULES.step`` with no
  legality check and no history: the floor the Match's safety is paid on top of.
* ``undo``    — undoing a whole match ply by ply with ``Match.pop()`` versus the
  alternative without stored history, replaying the record from the start up to each
  ply (what a user would write with a game object that cannot go back).

The profile lines show what dominates the time of ``play``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time

from boardlab import mall_of_horror as moh
from boardlab.core.engine import CHANCE, Match, sample_outcome


def bench_play(n: int) -> tuple[float, int]:
    start = time.perf_counter()
    plies = 0
    for seed in range(n):
        plies += moh.play(players=4, seed=seed).ply
    return time.perf_counter() - start, plies


def bench_raw(n: int) -> tuple[float, int]:
    rules = moh.RULES
    start = time.perf_counter()
    plies = 0
    for seed in range(n):
        rng, pick = random.Random(seed), random.Random(seed)
        state = rules.initial(moh.Setup(players=4))
        while (mover := rules.to_move(state)) is not None:
            if mover == CHANCE:
                choice = sample_outcome(rules.outcomes(state), rng)
            else:
                legal = rules.legal(state)
                choice = legal[pick.randrange(len(legal))]
            state, _ = rules.step(state, choice)
            plies += 1
    return time.perf_counter() - start, plies


def bench_undo(n: int) -> tuple[float, float]:
    matches = [moh.play(players=4, seed=s) for s in range(n)]
    start = time.perf_counter()
    for m in matches:
        while m.ply:
            m.pop()
    pop_time = time.perf_counter() - start
    matches = [moh.play(players=4, seed=s) for s in range(n)]
    start = time.perf_counter()
    for m in matches:
        choices = m.choices
        for ply in range(len(choices) - 1, -1, -10):  # every 10th ply: already slow
            replay = Match(moh.RULES, m.setup, seed=m.seed)
            for c in choices[:ply]:
                replay.push(c)
    replay_time = (time.perf_counter() - start) * 10  # scale back to every ply
    return pop_time, replay_time


def profile_top(n: int, lines: int = 8) -> str:
    prof = cProfile.Profile()
    prof.enable()
    for seed in range(n):
        moh.play(players=4, seed=seed)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(lines)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--undo-matches", type=int, default=50)
    args = parser.parse_args()
    moh.play(players=4, seed=0)  # warm caches and imports
    t_play, plies = bench_play(args.matches)
    t_raw, raw_plies = bench_raw(args.matches)
    t_pop, t_replay = bench_undo(args.undo_matches)
    print(f"matches: {args.matches} random 4-player matches, one core")
    print(f"play (Match, checked, history): {args.matches / t_play:8.1f} matches/s "
          f"{plies / t_play:10.0f} steps/s  ({plies / args.matches:.1f} plies/match)")
    print(f"raw rules loop (no checks)    : {args.matches / t_raw:8.1f} matches/s "
          f"{raw_plies / t_raw:10.0f} steps/s")
    print(f"ratio raw / play              : {t_play / t_raw:8.2f}x")
    print(f"undo a whole match: pop() {t_pop / args.undo_matches * 1e3:.2f} ms, replay from "
          f"start {t_replay / args.undo_matches * 1e3:.1f} ms  -> pop is "
          f"{t_replay / t_pop:.0f}x faster")
    print("\nprofile of play (tottime):")
    print(profile_top(min(200, args.matches)))


if __name__ == "__main__":
    main()
