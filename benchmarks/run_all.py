"""Run every benchmark in this folder, one after the other (``make bench``).

Each benchmark prints its own side-by-side table; docs/performance.md reports them.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).parent
BENCHMARKS = ["bench_engine.py", "bench_odds.py", "bench_board.py", "bench_experiment.py",
              "bench_breakout.py"]  # (breakout helper) Lockup: Breakout engine


def main() -> None:
    for name in BENCHMARKS:
        print(f"== {name} ==", flush=True)
        sys.argv = [name]
        runpy.run_path(str(HERE / name), run_name="__main__")
        print(flush=True)


if __name__ == "__main__":
    main()
