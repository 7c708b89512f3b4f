"""Re-execute notebooks in place, top to bottom, and store their fresh outputs.

    .venv/bin/python scripts/execute_notebooks.py [NOTEBOOK ...]    (or: make notebooks-run)

With no argument, every ``notebooks/*.ipynb``. Each runs in a fresh kernel of the
environment running this script (the project's ``.venv``) through ``jupyter nbconvert
--execute --inplace``, with a fixed hash seed so that set and dict orders in outputs are
the same on every run, and matplotlib's inline backend (an inherited ``MPLBACKEND`` is
dropped). nbconvert also saves the widget state, from which the docs draw the widgets.

Prints how long each notebook took; exits 1 if one fails or takes longer than
``--max-seconds`` (default 30, the limit every notebook must stay under).
Afterwards: ``make notebooks`` (strict nbval) and
``.venv/bin/python -m pytest tests/notebooks`` check the stored outputs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120  # per cell, seconds


def execute(path: Path) -> tuple[bool, float, str]:
    """Run one notebook in place; (succeeded, seconds, nbconvert's error output)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("MPLBACKEND", None)
    command = [
        sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
        "--inplace", f"--ExecutePreprocessor.timeout={TIMEOUT}",
        "--ExecutePreprocessor.kernel_name=python3", str(path),
    ]
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode == 0:
        drop_timestamps(path)
    return done.returncode == 0, seconds, done.stderr


def drop_timestamps(path: Path) -> None:
    """Remove nbconvert's per-cell execution timestamps: they change on every run and
    would make every re-run a diff in git, though nothing a reader sees has changed."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("notebooks", nargs="*", type=Path,
                    help="notebooks to run (default: notebooks/*.ipynb)")
    ap.add_argument("--max-seconds", type=float, default=30.0,
                    help="fail a notebook that takes longer (default 30)")
    args = ap.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    if not paths:
        print("execute_notebooks: notebooks/ holds no .ipynb yet; nothing to run")
        return 0
    bad = 0
    total = 0.0
    for path in paths:
        ok, seconds, errors = execute(path)
        total += seconds
        verdict = "ok" if ok else "FAILED"
        if ok and seconds > args.max_seconds:
            verdict = f"TOO SLOW (limit {args.max_seconds:g} s)"
        print(f"{seconds:6.1f} s  {verdict:8}  {path}", flush=True)
        if not ok:
            print(errors.strip()[-3000:], file=sys.stderr)
        bad += verdict != "ok"
    print(f"{total:6.1f} s  total, {len(paths)} notebook(s), {bad} with problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
