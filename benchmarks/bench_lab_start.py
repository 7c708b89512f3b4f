"""From a fresh clone to the address ``make lab`` prints: the lab extra against the full
developer install it replaced, side by side in one run.

    .venv/bin/python benchmarks/bench_lab_start.py [--runs N] [--repo PATH]

Each run clones the repository's committed HEAD into a new temporary folder (``git
clone``, no .venv), then starts the clock and runs, in that clone,

- **lab extra**: ``make lab`` (python -m venv, pip, ``pip install -e '.[lab]'``,
  ``jupyter lab``);
- **full install** (what ``make lab`` did before): ``make .venv/.installed lab``, which
  installs the test extra (pytest, mypy, ruff, playwright, voila, dask, pandas …) first;

and stops it when the printed address with its token answers on its port. The
packages come from pip's cache (a warm-up clone fills it first), so the numbers are the
install and the start, not the network. Jupyter's config, data and runtime folders are
the run's own; the server's process group is ended after each run. The two variants
alternate (lab, full, lab, full …) so that a change of machine load hits both.

Prints the median of each, the ratio, the machine's load average, and the packages each
installed. Not part of ``make bench`` (a few minutes, and it writes gigabytes).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START = "notebooks/00_start_here.ipynb"
VARIANTS = {"lab extra": ["lab"], "full install": [".venv/.installed", "lab"]}
TIMEOUT_S = 600


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return reply.status == 200
    except (urllib.error.URLError, OSError):
        return False


def one_run(repo: Path, targets: list[str], work: Path) -> tuple[float, int]:
    """Seconds from the start of ``make`` in a fresh clone to an answering address, and
    the number of packages installed."""
    clone = work / "clone"
    subprocess.run(["git", "clone", "--quiet", str(repo), str(clone)], check=True)
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JUPYTER", "IPYTHON", "DISPLAY", "WAYLAND")) and
           k not in ("MAKEFLAGS", "MFLAGS", "LAB_ARGS")}
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
        (work / name).mkdir()
        env[name] = str(work / name)
    log = work / "make.log"
    printed = re.compile(rf"http://127\.0\.0\.1:{port}/lab/tree/{re.escape(START)}"
                         r"\?token=[0-9a-f]+")
    started = time.monotonic()
    with log.open("wb") as out:
        proc = subprocess.Popen(["make", "--no-print-directory", "-C", str(clone), *targets,
                                 f"LAB_ARGS=--ip 127.0.0.1 --port {port}"],
                                env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        while True:
            found = printed.search(log.read_text(errors="replace"))
            if found and answers(found.group(0)):
                seconds = time.monotonic() - started
                break
            if proc.poll() is not None or time.monotonic() - started > TIMEOUT_S:
                raise RuntimeError(f"make {' '.join(targets)} gave no address:\n"
                                   f"{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.1)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(20)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    packages = subprocess.run([str(clone / ".venv" / "bin" / "python"), "-m", "pip", "list",
                               "--format=freeze"], capture_output=True, text=True).stdout
    return seconds, len(packages.splitlines())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of each variant (default 3)")
    ap.add_argument("--repo", type=Path, default=ROOT, help="the repository to clone")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-lab-") as tmp:
        print("warm-up (fills pip's cache with both variants' packages) …", flush=True)
        for targets in VARIANTS.values():
            work = Path(tmp) / f"warm-{len(targets)}"
            work.mkdir()
            one_run(args.repo, targets, work)
            shutil.rmtree(work)
        times: dict[str, list[float]] = {name: [] for name in VARIANTS}
        counts: dict[str, int] = {}
        for i in range(args.runs):
            for name, targets in VARIANTS.items():
                work = Path(tmp) / f"{name.replace(' ', '-')}-{i}"
                work.mkdir()
                seconds, counts[name] = one_run(args.repo, targets, work)
                shutil.rmtree(work)
                times[name].append(seconds)
                print(f"  run {i + 1}: {name:<12} {seconds:6.1f} s   "
                      f"(load average {os.getloadavg()[0]:.1f})", flush=True)
    lab, full = (statistics.median(times[n]) for n in VARIANTS)
    print(f"\nfresh clone to the printed address, median of {args.runs} "
          f"({os.cpu_count()} cores, packages from pip's cache):")
    for name in VARIANTS:
        print(f"  {name:<12} {statistics.median(times[name]):6.1f} s  "
              f"(runs {', '.join(f'{t:.1f}' for t in times[name])}; "
              f"{counts[name]} packages)")
    print(f"  ratio full / lab: {full / lab:.2f}x")


if __name__ == "__main__":
    main()
