"""Mall of Horror engine speed against the speed ceiling, measured side by side in one run.

Run: ``python benchmarks/bench_engine.py [--matches 300] [--rounds 7]``.

Headline: **boardlab / ceiling**, the rate of complete random 4-player matches played
through :class:`~boardlab.core.engine.Match` (every choice checked, every ply kept as an
immutable snapshot with its rule-cited events, exact chance) divided by the rate of the
straight-line ceiling simulator ``moh_ceiling_sim.py`` (mutable lists, no events, no
undo: the same rules, option sets and game length). The ceiling is imported from
``$BOARDLAB_CEILING_SIM``, ``../shared/bench/`` next to the repository, or
``/work/shared/bench/``; without it that column is skipped with a message.

The two run *interleaved* in one process: ``--rounds`` rounds, each playing a batch of
ceiling games then a batch of boardlab matches, so a machine shared with other jobs
slows both alike; the ratio printed is the median of the per-round ratios (the spread
is shown too). Times are the process's CPU time (``time.process_time``): on a machine
whose cores other jobs share, wall time also counts the waits for a core. Also measured:

* ``raw rules``  — the same rules driven by a bare loop over ``RULES.step`` (no history,
  no legality check): what the Match's safety costs on top of the rules. ``RULES.step``
  hands out Event objects, which bulk play makes only when a ply's events are read
  (docs/engine-patterns.md, "Event rows"), so this loop can be slower than the Match.
* **bytes per stored ply** — the memory still allocated (``tracemalloc``) after playing
  ``--memory-matches`` complete matches and keeping their ``Match`` objects, divided by
  their plies. Caches are warmed first, so what is counted is what each ply really
  keeps alive: states, events, records, choices. Objects shared by every match
  (interned choices, rule references, precomputed labels) cost nothing per ply; event
  text that is formatted only when read costs nothing until read.
* ``undo``       — undoing whole matches with ``pop()`` versus replaying the record from
  the start up to each ply (the alternative without stored history).
* ``import``     — ``import boardlab.mall_of_horror`` in a fresh interpreter, wall
  (``python -X importtime``) and CPU time, best of 7, compiled bytecode cached as users
  have it.
* ``--kinds``    — where the rules' time goes: the states of ``--kinds`` recorded matches
  replayed through each pending kind's offer (legal choices or chance outcomes) and
  step, grouped by kind, best of 3 (caches warm, so a new deck costs nothing here).
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import os
import random
import re
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from types import ModuleType

from boardlab import mall_of_horror as moh
from boardlab.core.engine import CHANCE, Match, sample_outcome

REPO = Path(__file__).resolve().parent.parent
CEILING_PLACES = [os.environ.get("BOARDLAB_CEILING_SIM", ""),
                  str(REPO.parent / "shared" / "bench" / "moh_ceiling_sim.py"),
                  "/work/shared/bench/moh_ceiling_sim.py"]


def load_ceiling() -> ModuleType | None:
    """The ceiling simulator module, or ``None`` when no copy is found."""
    for place in CEILING_PLACES:
        if place and Path(place).is_file():
            spec = importlib.util.spec_from_file_location("moh_ceiling_sim", place)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    return None


def run_ceiling(ceiling: ModuleType, games: int, seed: int) -> tuple[float, int]:
    """Seconds for ``games`` ceiling games, and their steps (decisions + chance nodes)."""
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for _ in range(games):
        _, decisions, chance = ceiling.play_game(rng, 4)
        steps += decisions + chance
    return time.process_time() - start, steps


def run_boardlab(seeds: range) -> tuple[float, int]:
    """Seconds for ``moh.play`` over ``seeds`` (the public API), and the plies played."""
    plies = 0
    start = time.process_time()
    for seed in seeds:
        plies += moh.play(players=4, seed=seed).ply
    return time.process_time() - start, plies


def run_raw(seeds: range) -> tuple[float, int]:
    """The rules alone: a bare loop over ``RULES.step``, no legality check, no history."""
    rules = moh.RULES
    plies = 0
    start = time.process_time()
    for seed in seeds:
        rng, pick = random.Random(seed), random.Random(seed)
        state = rules.initial(moh.Setup(players=4))
        while (mover := rules.to_move(state)) is not None:
            if mover is CHANCE:
                choice = sample_outcome(rules.outcomes(state), rng)
            else:
                legal = rules.legal(state)
                choice = legal[pick.randrange(len(legal))]
            state, _ = rules.step(state, choice)
            plies += 1
    return time.process_time() - start, plies


def bytes_per_ply(n: int) -> tuple[float, int]:
    """Memory kept alive per stored ply by ``n`` complete matches (see the docstring)."""
    for seed in range(10_000, 10_000 + n):  # warm every cache the matches will use
        moh.play(players=4, seed=seed)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = [moh.play(players=4, seed=seed) for seed in range(10_000, 10_000 + n)]
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    plies = sum(m.ply for m in kept)
    return used / plies, plies


def bench_undo(n: int) -> tuple[float, float]:
    matches = [moh.play(players=4, seed=s) for s in range(n)]
    start = time.process_time()
    for m in matches:
        while m.ply:
            m.pop()
    pop_time = time.process_time() - start
    matches = [moh.play(players=4, seed=s) for s in range(n)]
    start = time.process_time()
    for m in matches:
        choices = m.choices
        for ply in range(len(choices) - 1, -1, -10):  # every 10th ply: already slow
            replay = Match(moh.RULES, m.setup, seed=m.seed)
            for c in choices[:ply]:
                replay.push(c)
    replay_time = (time.process_time() - start) * 10  # scale back to every ply
    return pop_time, replay_time


def per_kind(n: int) -> None:
    """Print the rules' offer and step time per pending kind, per match (see --kinds)."""
    from boardlab.mall_of_horror.rules import _NODE

    by: dict[str, list[tuple[object, object]]] = {}
    for seed in range(n):
        for r in moh.play(players=4, seed=seed).records:
            by.setdefault(r.before.pending.kind, []).append((r.before, r.choice))
    best: dict[str, tuple[float, float]] = {}
    for _ in range(3):
        for kind, items in by.items():
            _, offer, step, _rule = _NODE[kind]
            start = time.process_time()
            for state, _choice in items:
                offer(state, state.pending)  # type: ignore[attr-defined]
            t_offer = time.process_time() - start
            start = time.process_time()
            for state, choice in items:
                step(state, choice)
            t_step = time.process_time() - start
            old = best.get(kind, (float("inf"), float("inf")))
            best[kind] = (min(old[0], t_offer), min(old[1], t_step))
    total = 0.0
    print(f"rules per pending kind ({n} matches replayed, best of 3):")
    for kind, (t_offer, t_step) in sorted(best.items(), key=lambda kv: -sum(kv[1])):
        count = len(by[kind])
        total += t_offer + t_step
        print(f"  {kind:13s} {count / n:5.1f}/match  offer {t_offer / count * 1e6:5.2f} µs  "
              f"step {t_step / count * 1e6:6.2f} µs  = {(t_offer + t_step) / n * 1e6:6.1f} "
              "µs/match")
    print(f"  {'all':13s} {sum(len(v) for v in by.values()) / n:5.1f}/match"
          f"{'':36s}= {total / n * 1e6:6.1f} µs/match")


def import_ms(module: str = "boardlab.mall_of_horror", runs: int = 7) -> tuple[float, float]:
    """Import time of ``module`` in a fresh interpreter: (wall, CPU) in ms, best of ``runs``.

    Wall time is ``python -X importtime``'s cumulative figure; CPU time is the process
    time the import took (steady on a machine shared with other jobs). Measured as users
    meet it: with compiled bytecode cached (one warm-up run writes it, even where
    ``PYTHONDONTWRITEBYTECODE`` is set for the benchmark itself).
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-c", f"import {module}"], env=env, check=True)
    code = (f"import time; t = time.process_time(); import {module}; "
            "print(time.process_time() - t)")
    wall = cpu = float("inf")
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-X", "importtime", "-c", code],
                              capture_output=True, text=True, check=True, env=env)
        cpu = min(cpu, float(done.stdout) * 1000)
        for line in done.stderr.splitlines():
            m = re.match(r"import time:\s+\d+ \|\s+(\d+) \| (\s*)(\S+)$", line)
            if m and m.group(3) == module and not m.group(2):
                wall = min(wall, int(m.group(1)) / 1000)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300,
                        help="boardlab matches per round (the ceiling plays 3x as many)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--memory-matches", type=int, default=200)
    parser.add_argument("--undo-matches", type=int, default=20)
    parser.add_argument("--kinds", type=int, default=0, metavar="N",
                        help="also time each pending kind's offer and step over N matches")
    args = parser.parse_args()
    ceiling = load_ceiling()
    moh.play(players=4, seed=0)  # warm caches and imports
    n = args.matches
    games = 3 * n
    ratios: list[float] = []
    t_ceiling = t_board = t_raw = 0.0
    s_ceiling = p_board = p_raw = 0
    for r in range(args.rounds):
        seeds = range(r * n, (r + 1) * n)
        if ceiling is not None:
            tc, sc = run_ceiling(ceiling, games, r)
            t_ceiling, s_ceiling = t_ceiling + tc, s_ceiling + sc
        tb, pb = run_boardlab(seeds)
        t_board, p_board = t_board + tb, p_board + pb
        tr, pr = run_raw(seeds)
        t_raw, p_raw = t_raw + tr, p_raw + pr
        if ceiling is not None:
            ratios.append((n / tb) / (games / tc))
    total = n * args.rounds
    print(f"{args.rounds} interleaved rounds of {n} random 4-player matches "
          f"({3 * n} ceiling games), one process, one core")
    if ceiling is not None:
        print(f"boardlab / ceiling                : {statistics.median(ratios):8.3f}   "
              f"(1/{1 / statistics.median(ratios):.1f}; rounds {min(ratios):.3f}"
              f"–{max(ratios):.3f})")
        print(f"ceiling simulator                 : {games * args.rounds / t_ceiling:8.0f} "
              f"matches/s {s_ceiling / t_ceiling:10.0f} steps/s")
    else:
        print("boardlab / ceiling                : skipped — moh_ceiling_sim.py not found "
              f"(looked in {', '.join(p for p in CEILING_PLACES if p)}; "
              "set BOARDLAB_CEILING_SIM)")
    print(f"boardlab Match (checked, history) : {total / t_board:8.0f} matches/s "
          f"{p_board / t_board:10.0f} steps/s  ({p_board / total:.1f} plies/match)")
    print(f"raw rules loop (no checks)        : {total / t_raw:8.0f} matches/s "
          f"{p_raw / t_raw:10.0f} steps/s  (Match costs {t_board / t_raw:.2f}x)")
    per_ply, plies = bytes_per_ply(args.memory_matches)
    print(f"bytes per stored ply              : {per_ply:8.0f}   "
          f"(tracemalloc, {args.memory_matches} matches kept, {plies} plies)")
    t_pop, t_replay = bench_undo(args.undo_matches)
    print(f"undo a whole match                : pop() {t_pop / args.undo_matches * 1e3:.2f} ms, "
          f"replay from start {t_replay / args.undo_matches * 1e3:.0f} ms "
          f"({t_replay / t_pop:.0f}x)")
    wall, cpu = import_ms()
    print(f"import boardlab.mall_of_horror    : {wall:8.1f} ms wall, {cpu:.1f} ms CPU "
          "(best of 7, -X importtime, bytecode cached)")
    if args.kinds:
        per_kind(args.kinds)


if __name__ == "__main__":
    main()
