"""The Advice panel of a board that moves on (issue 30): how soon the position on show
gets its table, side by side in one run.

Run: ``python benchmarks/bench_panel.py [--seeds 4] [--before REV]``.

Three scenes, each on the board's own defaults (``ADVICE_DEFAULTS``: the phase
horizon, a 2 s budget), from decisions after ply 20 of seeded matches:

* **a burst**: 8 Mall of Horror decisions asked for 50 ms apart (Step clicked fast);
* **one click**: a decision asked for, then 0.3 s later the next (Mall of Horror, and
  Breakout, whose estimated advice takes long);

each timed from the last position's request to its table on the panel, with the number
of computations started (``advise`` calls). The panels compared: this tree's with one
computation at a time (``parallel=1``) and with :data:`~boardlab.advice.panel.PARALLEL`
at once; with ``--before REV`` also the panel of that git revision (loaded from
``git show REV:boardlab/advice/panel.py``), in turns, so the machine's load is shared
alike. Then the **progress line**: milliseconds from a request to the line saying the
advice is being computed (an advice that waits), 10 times.

The machine is shared: the load average (``os.getloadavg``) is printed before and after.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import os
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardlab import lockup_breakout as lb
from boardlab import mall_of_horror as moh
from boardlab.advice.panel import PARALLEL, AdvicePanel
from boardlab.core.chance import CHANCE
from boardlab.widgets.advice_slot import ADVICE_DEFAULTS

ROOT = Path(__file__).resolve().parents[1]
#: The scenes: (title, game module, positions asked for, seconds between requests).
SCENES = (("a burst of 8 Mall of Horror decisions, 50 ms apart", moh, 8, 0.05),
          ("Mall of Horror: one click, 0.3 s after the first", moh, 2, 0.3),
          ("Breakout: one click, 0.3 s after the first", lb, 2, 0.3))


def decisions(game: Any, seed: int, n: int) -> list[Any]:
    """``n`` branches of a seeded match at its decisions (two choices or more) after ply 20."""
    match, out = game.new_match(seed=seed), []
    while len(out) < n:
        if match.to_move is CHANCE:
            match.roll()
            continue
        if len(match.legal()) > 1 and match.ply > 20:
            out.append(match.branch())
        match.push(match.legal()[0])
    return out


def before_panel(rev: str) -> Callable[..., Any]:
    """The ``AdvicePanel`` class of git revision ``rev``."""
    text = subprocess.run(["git", "show", f"{rev}:boardlab/advice/panel.py"], cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "panel_before.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("panel_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.AdvicePanel  # type: ignore[no-any-return]


def scene(make: Callable[..., Any], positions: list[Any], gap: float) -> tuple[float, int]:
    """Seconds from the last request to its table on the panel, and ``advise`` calls."""
    calls: list[int] = []
    panel = make(**ADVICE_DEFAULTS)
    real = panel._advise
    panel._advise = lambda m, **kw: calls.append(m.ply) or real(m, **kw)
    for match in positions[:-1]:
        panel.show(match)
        time.sleep(gap)
    start = time.perf_counter()
    panel.show(positions[-1])
    while "bl-advice" not in panel.html.value and "No advice" not in panel.html.value:
        time.sleep(0.005)
    took = time.perf_counter() - start
    while threading.active_count() > 1:  # the computations left behind end first
        time.sleep(0.05)
    return took, len(calls)


def _on_progress(seen: threading.Event, change: dict[str, Any]) -> None:
    if "computing" in change["new"]:
        seen.set()


def progress_ms(times: int = 10) -> list[float]:
    """Milliseconds from a request to the progress line, an advice that waits."""
    gate, out = threading.Event(), []
    match = decisions(moh, 1, 1)[0]
    for _ in range(times):
        panel = AdvicePanel(advise=lambda m, **kw: gate.wait(10) and None, horizon=1)
        seen = threading.Event()
        panel.status.observe(functools.partial(_on_progress, seen), names="value")
        start = time.perf_counter()
        panel.show(match)
        seen.wait(10)
        out.append((time.perf_counter() - start) * 1000)
        gate.set()
        panel.wait(10)
        gate.clear()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--before", metavar="REV", help="also the panel of git revision REV")
    args = parser.parse_args()
    panels: dict[str, Callable[..., Any]] = {
        "parallel=1": functools.partial(AdvicePanel, parallel=1),
        f"parallel={PARALLEL} (default)": AdvicePanel}
    if args.before:
        panels[f"before ({args.before})"] = before_panel(args.before)
    print(f"load average before: {os.getloadavg()}")
    for title, game, n, gap in SCENES:
        got: dict[str, list[tuple[float, int]]] = {k: [] for k in panels}
        for seed in range(1, args.seeds + 1):
            positions = decisions(game, seed, n)
            names = list(panels)
            for name in names[seed % len(names):] + names[:seed % len(names)]:  # in turns
                got[name].append(scene(panels[name], positions, gap))
        print(title)
        for name, runs in got.items():
            print(f"  {name:<24} to the table: median {statistics.median(r[0] for r in runs):.2f} s"
                  f" (each {', '.join(f'{r[0]:.2f}' for r in runs)}),"
                  f" advise calls {sum(r[1] for r in runs)}", flush=True)
    ms = progress_ms()
    print(f"progress line after: median {statistics.median(ms):.0f} ms, "
          f"{min(ms):.0f}–{max(ms):.0f} ms")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
