"""Run every benchmark in this folder, one after the other (``make bench``).

Each benchmark prints its own side-by-side table; docs/performance.md reports them.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).parent
#: Each benchmark with its command-line arguments (bench_level7 runs twice: the engine's
#: variants on the sandbox, then the scenarios side by side).
BENCHMARKS: list[tuple[str, list[str]]] = [
    ("bench_engine.py", []),
    ("bench_odds.py", []),
    ("bench_board.py", []),
    ("bench_experiment.py", []),
    ("bench_breakout.py", []),      # Lockup: Breakout engine
    ("bench_level7.py", []),
    ("bench_level7.py", ["--scenarios", "--matches", "200"]),
    ("bench_classroom.py", []),     # the classroom server under 30 websocket students
    ("bench_panel.py", []),         # the Advice panel of a board that moves on
]


def main() -> None:
    for name, args in BENCHMARKS:
        print(f"== {' '.join([name, *args])} ==", flush=True)
        sys.argv = [name, *args]
        runpy.run_path(str(HERE / name), run_name="__main__")
        print(flush=True)


if __name__ == "__main__":
    main()
