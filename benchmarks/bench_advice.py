"""The analysis board's three numbers (issue 30), measured side by side in one run.

Run: ``python benchmarks/bench_advice.py [--matches 50] [--view-matches 10] [--json F]``.

1. **Exact destination decisions.** Every destination decision (MoH-d) of ``--matches``
   seeded 4-player matches (random players, seeds 0…n-1) is advised to the end of the
   round under random opponents with a budget of 1 s (``Budget(seconds=1)``, and as
   many positions as fit) — a second of the process's CPU time by default
   (``--clock cpu``: the budget's clock is ``time.process_time``, one core's second
   on a shared machine), of wall time with ``--clock wall``: the share that comes out
   exact, and the distribution of the time to exact (and of every point's time). Two
   modes: the narrator's analysis on the true state (``omniscient=True``), and the
   colour's own view (the worlds of what it cannot see,
   :mod:`boardlab.mall_of_horror.unseen`), on the first ``--view-matches`` matches.
2. **Simulated matches per second, one core.** :func:`boardlab.advice.sample.simulate`
   (the advice's own loop: the rules' ``node`` fast path, seeded chance, uniform
   opponents) from the first destination decision of each of 10 matches to the end,
   side by side with the engine's bulk play (:func:`boardlab.core.simulate.play_out`
   on a ``Match.branch`` of the same position, with seeded random agents).
3. **Common random numbers.** The 95 % interval on the difference of the chance to win
   (and of the final score) between the first two choices of the first destination
   decision of 10 matches, ``--samples`` matches per choice, with the same seeds for
   both choices (``common=True``) and with independent seeds: the ratio of widths; and
   the same for the estimated score at the end of the round (the sampled fallback).

The machine is shared: the load average (``os.getloadavg``) is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from boardlab import mall_of_horror as moh
from boardlab.advice import Budget, advise, budget
from boardlab.advice.exact import Marked
from boardlab.advice.policy import Uniform
from boardlab.advice.sample import estimate, simulate
from boardlab.core.agents import RandomAgent
from boardlab.core.engine import Match
from boardlab.core.simulate import paused_gc, play_out
from boardlab.experiment.stats import paired_interval

GAME = moh.GAME


def destination_points(seed: int) -> list[Match[Any, Any]]:
    """A branch of the match at each destination decision of seeded random play."""
    m = moh.new_match(4, seed=seed)
    agents = {p: RandomAgent(seed * 10 + i) for i, p in enumerate(GAME.seats(m.state))}
    out = []
    while not m.is_over:
        mover = m.to_move
        if mover is moh.CHANCE:
            m.roll()
            continue
        if m.state.pending.kind == "destination":
            out.append(m.branch())
        m.push(agents[str(mover)].choose(None, m.legal()))
    return out


def exact_share(matches: range, *, omniscient: bool, progress: bool = False
                ) -> dict[str, Any]:
    times, exact, nodes, every = [], 0, [], []
    total = 0
    for seed in matches:
        for point in destination_points(seed):
            t = budget.clock()  # the budget's own clock: CPU time with --clock cpu
            a = advise(point, horizon="round", omniscient=omniscient,
                       budget=Budget(nodes=10_000_000, seconds=1.0, samples=2, matches=0,
                                     memory_mb=2048))
            dt = budget.clock() - t
            total += 1
            nodes.append(a.nodes)
            every.append(dt)
            if a.exact:
                exact += 1
                times.append(dt)
            if progress:  # a line a point: a long run that is stopped still tells
                print(f"point seed={seed} exact={a.exact} s={dt:.4f} nodes={a.nodes}",
                      file=sys.stderr, flush=True)
    # "inclusive": deciles within the times measured (the default method extrapolates
    # beyond them with few points, down to negative times).
    qs = statistics.quantiles(times, n=10, method="inclusive") if len(times) >= 2 else []
    return {"points": total, "exact_within_1s": exact,
            "share": exact / total if total else None,  # --view-matches 0: no points
            "time_exact_median_s": statistics.median(times) if times else None,
            # every point's time (those over the budget stop near 1 s: a floor of theirs)
            "time_all_median_s": statistics.median(every) if every else None,
            "time_all_p90_s": (statistics.quantiles(every, n=10, method="inclusive")[-1]
                               if len(every) >= 2 else None),
            "time_all_max_s": max(every, default=None),
            "time_exact_deciles_s": [round(q, 4) for q in qs],
            "nodes_median": statistics.median(nodes) if nodes else None,
            "nodes_max": max(nodes, default=None)}


def _score_only(seat: str) -> Callable[[Any], tuple[Fraction, ...]]:
    """The measure of the round estimate: the seat's score alone."""
    return lambda s: (Fraction(GAME.rules.scores(s)[seat]),)


def sim_rate(points: list[Match[Any, Any]], n: int) -> dict[str, float]:
    out = {}
    with paused_gc():
        t = time.process_time()
        for p in points:
            seat = str(p.to_move)
            pol = {s: Uniform() for s in GAME.seats(p.state) if s != seat}
            simulate(GAME.rules, ((p.state, Fraction(1)),), seat, p.legal()[0], pol,
                     lambda s: 0, lambda s: (), n, seed=1)
        out["advice_simulate_per_s"] = n * len(points) / (time.process_time() - t)
        t = time.process_time()
        for p in points:
            for i in range(n):
                b = p.branch(seed=i)
                b.push(b.legal()[0])
                play_out(b, {s: RandomAgent(i * 10 + k)
                             for k, s in enumerate(GAME.seats(b.state))})
        out["engine_play_out_per_s"] = n * len(points) / (time.process_time() - t)
    out["ratio"] = out["advice_simulate_per_s"] / out["engine_play_out_per_s"]
    return out


def crn_ratio(points: list[Match[Any, Any]], n: int) -> dict[str, Any]:
    ratios_win, ratios_final = [], []
    for p in points:
        seat = str(p.to_move)
        pol = {s: Uniform() for s in GAME.seats(p.state) if s != seat}
        score = lambda s, seat=seat: GAME.rules.scores(s)[seat]  # noqa: E731
        widths: dict[bool, tuple[float, float]] = {}
        for common in (True, False):
            runs = [simulate(GAME.rules, ((p.state, Fraction(1)),), seat, c, pol, score,
                             GAME.winners_of, n, seed=7, index=i, common=common)
                    for i, c in enumerate(p.legal()[:2])]
            w = paired_interval([a - b for a, b in zip(runs[0][0], runs[1][0], strict=True)])
            f = paired_interval([a - b for a, b in zip(runs[0][1], runs[1][1], strict=True)])
            widths[common] = (w[2] - w[1], f[2] - f[1])
        if widths[False][0] > 0:
            ratios_win.append(widths[True][0] / widths[False][0])
        if widths[False][1] > 0:
            ratios_final.append(widths[True][1] / widths[False][1])
    # The same comparison for the estimate to the end of the round (the score there):
    # shorter lines, where the common dice keep more of the luck in common.
    ratios_round = []
    for p in points:
        seat = str(p.to_move)
        pol = {s: Uniform() for s in GAME.seats(p.state) if s != seat}
        stop = Marked(lambda s: s.round, p.state, "round")
        width = {}
        for common in (True, False):
            got = [estimate(GAME.rules, ((p.state, Fraction(1)),), seat, c, pol,
                            _score_only(seat), stop,
                            10**6, n,
                            seed=7, index=i, common=common)
                   for i, c in enumerate(p.legal()[:2])]
            d = paired_interval([a[0] - b[0] for a, b in zip(got[0], got[1], strict=True)])
            width[common] = d[2] - d[1]
        if width[False] > 0:
            ratios_round.append(width[True] / width[False])
    return {"positions": len(points), "samples": n,
            "width_ratio_round_score_median": statistics.median(ratios_round),
            "width_ratio_round_score_all": [round(r, 3) for r in ratios_round],
            "width_ratio_win_median": statistics.median(ratios_win),
            "width_ratio_final_median": statistics.median(ratios_final),
            "width_ratio_win_all": [round(r, 3) for r in ratios_win],
            "width_ratio_final_all": [round(r, 3) for r in ratios_final]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--view-matches", type=int, default=10)
    parser.add_argument("--sim", type=int, default=200, help="matches per position (2.)")
    parser.add_argument("--samples", type=int, default=400, help="matches per choice (3.)")
    parser.add_argument("--json", help="write the numbers here too")
    parser.add_argument("--only-crn", action="store_true", help="parts 2 and 3 only")
    parser.add_argument("--only-exact", action="store_true", help="part 1 only")
    parser.add_argument("--progress", action="store_true",
                        help="part 1: a line a point on stderr")
    parser.add_argument("--first", type=int, default=0,
                        help="part 1's first seed (to split the 50 over processes)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="what part 1's 1 s is measured on: the process's CPU time "
                        "(default: one core's second on a shared machine) or wall time")
    args = parser.parse_args()
    if args.clock == "cpu":
        budget.CLOCK = time.process_time
    result: dict[str, Any] = {"load_before": os.getloadavg(), "clock": args.clock}
    if args.only_exact:
        part1(args, result)
        return
    firsts = [destination_points(seed)[0] for seed in range(10)]
    result["simulated"] = sim_rate(firsts, args.sim)
    print("2. simulated matches/s (one core):", json.dumps(result["simulated"]), flush=True)
    result["crn"] = crn_ratio(firsts, args.samples)
    print("3. CRN / independent interval widths:", json.dumps(result["crn"]), flush=True)
    if args.only_crn:
        return
    part1(args, result)


def part1(args: argparse.Namespace, result: dict[str, Any]) -> None:
    result["omniscient"] = exact_share(range(args.first, args.first + args.matches),
                                       omniscient=True, progress=args.progress)
    print("1. omniscient:", json.dumps(result["omniscient"]), flush=True)
    result["view"] = exact_share(range(args.view_matches), omniscient=False)
    print("1. the colour's view:", json.dumps(result["view"]), flush=True)
    result["load_after"] = os.getloadavg()
    print("load average before/after:", result["load_before"], result["load_after"])
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
