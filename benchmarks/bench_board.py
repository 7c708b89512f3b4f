"""Mall of Horror board latency: the first board of a fresh kernel, and a click on Step (or Back).

Run: ``python benchmarks/bench_board.py [--matches 5] [--fresh 9]``;
``python benchmarks/bench_board.py --games 7 --old DIR``: every game's first board.

**Every game's first board** (``--games N``): ``import boardlab.<game>``,
``new_match()`` and ``Board(match)`` together, in a fresh interpreter with IPython
loaded, for Mall of Horror, Breakout and Level 7, interleaved, median of N, side by side
with an earlier tree (``--old DIR``, e.g. main from ``git archive``) as baseline/ratio;
the load average is printed with the table. Target (issue 28): under 150 ms each.

**First board.** ``moh.Board(match)`` timed in a fresh interpreter (a subprocess per run,
IPython already imported, as in a kernel; ipywidgets not yet), side by side with the
alternative of the earlier board, which imported sympy in its constructor so that its
odds (sympy Rationals) cost nothing later. ``--old DIR`` adds the earlier code itself
(a folder holding an older ``boardlab`` package, e.g. from
``git archive <commit> boardlab | tar -x -C DIR``). Runs are interleaved; the table gives
medians and their ratio to ``Board()``. Two positions: a new match (setup: no odds to
compute) and a match in round 1, phase a (the odds panel computes ``live_odds``).

**Steps.** Whole 4-player matches are
stepped ply by ply (HeuristicAgent players, seeds 0…n-1), then undone ply by ply, and
every step is timed until the picture, the odds panel, the log and the status are on
their widgets. Side by side in one run, on the very same plies:

* ``board``  — :class:`boardlab.mall_of_horror.Board`: pictures and odds cached per
  state, the log grown by one chunk per ply and cut back on Back.
* ``naive``  — the alternative without caches: every step re-renders everything from
  scratch (the SVG, ``live_odds``, the narration of every event so far as HTML).

The engine memoises ``round_odds`` by position (``odds._round_weights``); it is cleared
before every timed action so that neither variant is served odds the other computed
(both play the very same positions). The board's own caches are what is measured.

Target: every step under 50 ms (the budget for a click to feel immediate). Shown: wall
time (median, p95, max), the process's CPU time (on a shared machine a step can wait for
a core, which shows in wall time only), and the CPU time outside Python's full
(generation-2) garbage collections. Those run every so often over the whole process
heap, whatever code happens to be running: the column ``full gc`` counts how many
landed inside timed actions. Each board is closed after its match, as a notebook keeps
one board alive, not twenty. ``--gc-freeze`` calls ``gc.freeze()`` after the imports
(sympy, IPython, ipywidgets: nearly all of the heap), which makes a full collection
cost about a millisecond instead of tens.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import ipywidgets
import sympy  # noqa: F401 - up front, so no timed step pays for an import (odds used to need it)

from boardlab import mall_of_horror as moh
from boardlab.core.engine import CHANCE, Match
from boardlab.mall_of_horror import odds as moh_odds
from boardlab.mall_of_horror.board import Board, highlight_locations, status_line
from boardlab.mall_of_horror.odds import live_odds
from boardlab.mall_of_horror.render import render_svg
from boardlab.mall_of_horror.rules import PHASE_NAMES
from boardlab.narrate import narrate
from boardlab.widgets.log import lines_html
from boardlab.widgets.odds_panel import odds_table_html

TARGET_MS = 50.0


class NaiveBoard:
    """The same panels, recomputed from nothing after every step."""

    def __init__(self, match: Match, seed: int) -> None:
        self.match = match
        self.agents = {c: moh.HeuristicAgent(seed) for c in match.state.setup.colours}
        self.svg, self.odds, self.log = ipywidgets.HTML(), ipywidgets.HTML(), ipywidgets.HTML()
        self.status = ipywidgets.Label()
        self.show()

    def step(self) -> None:
        m = self.match
        if m.to_move is CHANCE:
            m.roll()
        else:
            m.push(self.agents[m.to_move].choose(m.observe(m.to_move), m.legal()))
        self.show()

    def back(self) -> None:
        self.match.pop()
        self.show()

    def close(self) -> None:
        for widget in (self.svg, self.odds, self.log, self.status):
            widget.close()

    def show(self) -> None:
        m = self.match
        state, events = m.state, m.events
        live = live_odds(state)
        labels = {loc: f"{loc} {state.config.name(loc)}" for loc in range(1, 7)}
        self.svg.value = render_svg(state, omniscient=True, odds=live,
                                    highlight=highlight_locations(m.last_events))
        self.odds.value = odds_table_html(live, labels=labels)
        self.log.value = lines_html(narrate(events, phase_titles=PHASE_NAMES), events)
        self.status.value = status_line(state, events[-1] if events else None)


class FullCollections:
    """CPU milliseconds spent in generation-2 garbage collections (a gc callback)."""

    def __init__(self) -> None:
        self.ms, self.count, self._start = 0.0, 0, 0.0
        gc.callbacks.append(self)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._start = time.process_time()
        else:
            self.ms += (time.process_time() - self._start) * 1000
            self.count += 1


FULL_GC = FullCollections()


def timed(action: Callable[[], object]) -> tuple[float, float, float, int]:
    """Wall ms, CPU ms, CPU ms in full collections and their number, for ``action()``."""
    moh_odds._round_weights.cache_clear()  # no odds computed by the other variant
    gc_ms, gc_count = FULL_GC.ms, FULL_GC.count
    start, cpu = time.perf_counter(), time.process_time()
    action()
    wall, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
    return wall, cpu, FULL_GC.ms - gc_ms, FULL_GC.count - gc_count


Times = dict[str, dict[str, list[tuple[float, float, float, int]]]]


def run(matches: int) -> Times:
    times: Times = {"board": {"step": [], "back": []}, "naive": {"step": [], "back": []}}
    for seed in range(matches):
        board = Board(moh.new_match(players=4, seed=seed), seed=seed)
        naive = NaiveBoard(moh.new_match(players=4, seed=seed), seed)
        while not board.match.is_over:
            times["board"]["step"].append(timed(board.step))
            times["naive"]["step"].append(timed(naive.step))
        assert board.match.choices == naive.match.choices  # the very same plies
        while board.match.ply:
            times["board"]["back"].append(timed(board.back))
            times["naive"]["back"].append(timed(naive.back))
        board.close()
        naive.close()
    return times


#: A fresh interpreter builds one board; it prints the milliseconds Board() took.
#: ``{before}`` is what runs inside the timed region before Board() (the alternative's
#: ``import sympy``); ``{play}`` is run before timing (to reach a position).
_FRESH = """
import sys, time
import IPython  # a Jupyter kernel has it loaded before any cell runs
from boardlab import mall_of_horror as moh
match = moh.new_match(players=4, seed=1)
{play}
start, cpu = time.perf_counter(), time.process_time()
{before}
board = moh.Board(match)
elapsed, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
print(f"{{elapsed:.3f}} {{cpu:.3f}} {{'sympy' in sys.modules:d}}")
"""
_TO_PHASE_A = ("while match.state.phase == 'setup':\n"
               "    match.roll() if match.to_move is moh.CHANCE else match.push(match.legal()[0])")
_POSITIONS = {"new match (setup)": "", "round 1, phase a": _TO_PHASE_A}
_VARIANTS = {"Board()": "", "import sympy; Board() (earlier board)": "import sympy"}


Fresh = dict[tuple[str, str], list[tuple[float, float, bool]]]


def fresh_board(runs: int, old: str | None = None) -> Fresh:
    """Wall and CPU ms of the first Board() per (position, variant), runs interleaved."""
    variants = {name: (before, None) for name, before in _VARIANTS.items()}
    if old:
        variants[f"earlier code ({Path(old).name})"] = ("", old)
    times: Fresh = {(p, v): [] for p in _POSITIONS for v in variants}
    for _ in range(runs):
        for position, play in _POSITIONS.items():
            for variant, (before, path) in variants.items():
                code = _FRESH.format(play=play, before=before)
                env = dict(os.environ, PYTHONPATH=path) if path else None
                out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                                     text=True, check=True, env=env,
                                     cwd=path or None).stdout.split()
                times[position, variant].append((float(out[0]), float(out[1]), out[2] == "1"))
    return times


def report_fresh(runs: int, old: str | None = None) -> None:
    times = fresh_board(runs, old)
    variants = list(dict.fromkeys(v for _, v in times))
    print(f"first Board() in a fresh interpreter (IPython loaded), {runs} runs each, "
          f"interleaved (ms; the ratio is of median CPU times)")
    print(f"{'position':<20} {'variant':<38} {'wall med':>8} {'wall min':>8} {'cpu med':>8} "
          f"{'cpu min':>8} {'/ Board()':>9}  sympy loaded")
    for position in _POSITIONS:
        base = statistics.median(r[1] for r in times[position, variants[0]])
        for variant in variants:
            rows = times[position, variant]
            wall, cpu = sorted(r[0] for r in rows), sorted(r[1] for r in rows)
            loaded = "yes" if all(r[2] for r in rows) else "no" if not any(
                r[2] for r in rows) else "sometimes"
            print(f"{position:<20} {variant:<38} {statistics.median(wall):8.1f} {wall[0]:8.1f} "
                  f"{statistics.median(cpu):8.1f} {cpu[0]:8.1f} "
                  f"{statistics.median(cpu) / base:9.2f}  {loaded}")


#: What a person waits for in every game (issue 28): import the game, make a match, build
#: its board (every widget included), timed together in a fresh interpreter with IPython
#: loaded. It prints wall and CPU milliseconds.
_GAME_FRESH = """
import time
import IPython  # a Jupyter kernel has it loaded before any cell runs
start, cpu = time.perf_counter(), time.process_time()
import boardlab.{package} as game
board = game.Board(game.new_match({setup}))
elapsed, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
assert board.widget is not None and board.svg.startswith("<svg")
print(f"{{elapsed:.3f}} {{cpu:.3f}} {{game.__file__}}")
"""
GAMES = {"mall_of_horror": "players=4, seed=3", "lockup_breakout": "players=3, seed=1",
         "level7_lockdown": "players=2, seed=1"}
FIRST_BOARD_TARGET_MS = 150.0


def _child_env(path: str | None, source: str | None = None) -> dict[str, str]:
    """The environment of a timed interpreter: bytecode written and read as a user's kernel
    does, and ``path`` (an earlier tree) first on the path. With ``source`` (a copy of
    this tree's boardlab without bytecode) boardlab compiles from source every time, as
    in a container that sets PYTHONDONTWRITEBYTECODE over an editable install (the
    installed libraries keep the bytecode pip wrote)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if path:
        env["PYTHONPATH"] = path
    if source:
        env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=source)
    return env


def game_boards(runs: int, old: str | None) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """Wall and CPU ms of import + new_match + Board per (game, tree), runs interleaved;
    one untimed run of each first writes the bytecode."""
    import shutil
    import tempfile

    source = tempfile.mkdtemp(prefix="bench-board-no-pyc-")
    shutil.copytree(Path(__file__).resolve().parents[1] / "boardlab",
                    Path(source) / "boardlab", ignore=shutil.ignore_patterns("__pycache__"))
    trees: dict[str, tuple[str | None, str | None]] = {
        "this tree": (None, None),
        **({f"baseline ({Path(old).name})": (old, None)} if old else {}),
        "this tree, no bytecode": (None, source)}
    times: dict[tuple[str, str], list[tuple[float, float]]] = {
        (g, t): [] for g in GAMES for t in trees}
    for warm in (True, *([False] * runs)):
        for package, setup in GAMES.items():
            for tree, (path, src) in trees.items():
                code = _GAME_FRESH.format(package=package, setup=setup)
                out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                                     text=True, check=True, env=_child_env(path, src),
                                     cwd=path or src or None).stdout.split()
                if (path or src) and not out[2].startswith(path or src or ""):
                    raise RuntimeError(f"{tree} ran {out[2]}, not the tree in {path or src}")
                if not warm:
                    times[package, tree].append((float(out[0]), float(out[1])))
    return times


def report_games(runs: int, old: str | None) -> None:
    times = game_boards(runs, old)
    trees = list(dict.fromkeys(t for _, t in times))
    load = os.getloadavg()
    print(f"import + new_match() + Board(match), fresh interpreter with IPython loaded, "
          f"{runs} runs each, interleaved; load average {load[0]:.1f} {load[1]:.1f} "
          f"{load[2]:.1f} (ms; ratios to this tree's medians)")
    print(f"{'game':<16} {'tree':<26} {'wall med':>8} {'wall min':>8} {'cpu med':>8} "
          f"{'cpu min':>8} {'wall /':>7} {'cpu /':>6}  target {FIRST_BOARD_TARGET_MS:.0f} ms")
    for game in GAMES:
        base = times[game, trees[0]]
        bwall = statistics.median(r[0] for r in base)
        bcpu = statistics.median(r[1] for r in base)
        for tree in trees:
            rows = times[game, tree]
            wall, cpu = sorted(r[0] for r in rows), sorted(r[1] for r in rows)
            mw = statistics.median(wall)
            verdict = "met" if mw < FIRST_BOARD_TARGET_MS else "not met"
            print(f"{game:<16} {tree:<26} {mw:8.1f} {wall[0]:8.1f} "
                  f"{statistics.median(cpu):8.1f} {cpu[0]:8.1f} {mw / bwall:7.2f} "
                  f"{statistics.median(cpu) / bcpu:6.2f}  {verdict} (wall median)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--fresh", type=int, default=9,
                        help="fresh interpreters per variant for the first-board timing")
    parser.add_argument("--old", metavar="DIR",
                        help="a folder with an earlier boardlab package, timed side by side")
    parser.add_argument("--gc-freeze", action="store_true",
                        help="move everything imported so far out of the collector's reach")
    parser.add_argument("--games", type=int, default=0, metavar="N",
                        help="only the first board of every game (import, new_match, "
                        "Board), N fresh interpreters per game and tree; with --old the "
                        "earlier tree side by side")
    args = parser.parse_args()
    if args.games:
        report_games(args.games, args.old)
        return
    report_fresh(args.fresh, args.old)
    print()
    if args.gc_freeze:
        gc.collect()
        gc.freeze()
    times = run(args.matches)
    plies = len(times["board"]["step"])
    print(f"{args.matches} complete 4-player matches, {plies} plies; "
          f"time from click to a ready board (ms)")
    print(f"{'variant':<8} {'action':<6} {'median':>7} {'p95':>7} {'max':>7} {'max cpu':>8} "
          f"{'w/o gc':>7} {'full gc':>8}  target (cpu w/o full gc)")
    for variant, actions in times.items():
        for action, rows in actions.items():
            wall = sorted(r[0] for r in rows)
            cpu = max(r[1] for r in rows)
            own = max(r[1] - r[2] for r in rows)
            collections = sum(r[3] for r in rows)
            p95 = wall[int(0.95 * (len(wall) - 1))]
            verdict = "ok" if own < TARGET_MS else f"over {TARGET_MS:.0f} ms"
            print(f"{variant:<8} {action:<6} {statistics.median(wall):7.2f} {p95:7.2f} "
                  f"{wall[-1]:7.2f} {cpu:8.2f} {own:7.2f} {collections:8d}  {verdict}")


if __name__ == "__main__":
    main()
