"""Saved files of up to 16 MiB, each refused or loaded within 2 s and 512 MiB (issue 26).

:func:`variants` makes the hostile files of one game from its real saved files: every
integer field set to 10**100 in turn, every list repeated up to a million times (as far
as the 16 MiB limit allows), and the issue's own reproducers. :func:`run_batch` loads
them in a child process whose address space is limited to 512 MiB
(``resource.setrlimit(RLIMIT_AS)``): the child reads the base files, makes each variant,
and reports the CPU time of each load; the parent kills a child that does not report
within :data:`WALL` seconds (a hang: C code such as ``sum(range(10**100))`` is deaf to
signals) and goes on with the next variant in a fresh child.

The 2 s bound is on CPU time (``time.process_time``), not wall time: the machine is
shared, and the wall time of a load depends on what else runs; what a file costs is
the CPU it takes. The wall limit only catches hangs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from boardlab.core.serialize import MAX_SAVED_BYTES

#: The bounds a load must keep (issue 26).
CPU_SECONDS = 2.0
MEMORY_BYTES = 512 * 1024 * 1024
#: A child that says nothing for this long is taken to hang.
WALL = 30.0
#: A list is repeated this many times at most.
REPEAT = 10**6

ROOT = Path(__file__).resolve().parent.parent


class Outcome(NamedTuple):
    label: str
    status: str          # "loaded", "refused", "raw <Error>: ...", "hang", "killed"
    cpu: float           # seconds of CPU the load took (the wall limit for a hang)

    @property
    def ok(self) -> bool:
        return self.status in ("loaded", "refused") and self.cpu <= CPU_SECONDS


# -- the variants -------------------------------------------------------------------------
def _walk(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, (*path, i))


def _label(path: tuple[Any, ...]) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def int_paths(data: Any) -> list[tuple[Any, ...]]:
    return [p for p, v in _walk(data) if type(v) is int and p]


def list_paths(data: Any) -> list[tuple[Any, ...]]:
    return [p for p, v in _walk(data) if isinstance(v, list) and v and p]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def make(base: str, kind: str, path: tuple[Any, ...]) -> str:
    """The variant ``kind`` (``"int"``: the integer at ``path`` set to 10**100;
    ``"list"``: the list at ``path`` repeated up to :data:`REPEAT` times, the file kept
    within 16 MiB; ``"list1000"``: repeated a thousand times) of the saved file ``base``."""
    data = json.loads(base)
    if kind == "int":
        _set(data, path, 10**100)
        return json.dumps(data)
    old = _get(data, path)
    inner = json.dumps(old)[1:-1]  # the items' text: repeated by splicing, not encoding
    _set(data, path, _MARK)
    outer = json.dumps(data)
    room = MAX_SAVED_BYTES - len(outer) - 2
    times = max(2, min(REPEAT if kind == "list" else 1000, room // (len(inner) + 2)))
    return outer.replace(json.dumps(_MARK), "[" + ", ".join([inner] * times) + "]", 1)


_MARK = "\u0000 the repeated list \u0000"


def variants(base: str, kind: str, *, every: int = 1) -> list[tuple[str, str, tuple[Any, ...]]]:
    """``(label, kind, path)`` of every ``every``-th variant of ``kind`` of ``base``."""
    data = json.loads(base)
    found = int_paths(data) if kind == "int" else list_paths(data)
    what = {"int": " = 10**100", "list": f" x {REPEAT:,}", "list1000": " x 1,000"}[kind]
    return [(_label(p) + what, kind, p) for p in found[::every]]


# -- the child ------------------------------------------------------------------------------
def child() -> None:
    """Run in the child: ``argv`` = game, the file of the job, the first variant to load.

    The job file holds ``{"bases": [...], "loader": "match"|"position", "variants":
    [[label, base index, kind, path], ...]}``; each variant's outcome is printed as one
    line ``end <i> <status> <cpu>`` (after ``begin <i>``), flushed at once.
    """
    import resource

    game, job_file, first = sys.argv[1], sys.argv[2], int(sys.argv[3])
    from tests.hostile_games import module_of

    door = module_of(game)
    job = json.loads(Path(job_file).read_text())
    load = door.load_match if job["loader"] == "match" else door.load_position
    from boardlab.core.errors import BoardlabError

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    for i, (_, base, kind, path) in enumerate(job["variants"]):
        if i < first:
            continue
        text = make(job["bases"][base], kind, tuple(path))
        print(f"begin {i}", flush=True)
        start = time.process_time()
        try:
            load(text)
            status = "loaded"
        except BoardlabError:
            status = "refused"
        except BaseException as err:  # noqa: BLE001 - reported to the parent
            status = f"raw {type(err).__name__}: {str(err)[:80]}".replace("\n", " ")
        cpu = time.process_time() - start
        del text
        print(f"end {i} {cpu:.3f} {status}", flush=True)


def run_batch(game: str, bases: list[str], loader: str,
              jobs: list[tuple[str, int, str, tuple[Any, ...]]], tmp: Path) -> list[Outcome]:
    """Every variant of ``jobs`` (label, base index, kind, path) loaded in children."""
    job_file = tmp / f"job-{game}-{loader}.json"
    job_file.write_text(json.dumps({"bases": bases, "loader": loader,
                                    "variants": [list(j) for j in jobs]}))
    outcomes: list[Outcome] = []
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    while len(outcomes) < len(jobs):
        proc = subprocess.Popen(
            [sys.executable, "-c", "from tests.hostile_sizes import child; child()", game,
             str(job_file), str(len(outcomes))], cwd=ROOT, env=env, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert proc.stdout is not None
        done = len(outcomes)
        _read(proc, jobs, outcomes)
        proc.kill()
        proc.wait()
        if len(outcomes) == done:  # died before its first report: that variant fails
            outcomes.append(Outcome(jobs[done][0], f"child failed (exit {proc.returncode})",
                                    0.0))
    return outcomes


def _read(proc: subprocess.Popen[str], jobs: list[Any], outcomes: list[Outcome]) -> None:
    """Collect the child's reports until it ends, or hangs on a variant (then recorded)."""
    import selectors

    sel = selectors.DefaultSelector()
    assert proc.stdout is not None
    sel.register(proc.stdout, selectors.EVENT_READ)
    current: int | None = None
    since = time.monotonic()
    while True:
        if not sel.select(timeout=1.0):
            if current is not None and time.monotonic() - since > WALL:
                outcomes.append(Outcome(jobs[current][0], "hang", WALL))
                return
            if proc.poll() is not None:
                break
            continue
        line = proc.stdout.readline()
        if not line:
            break
        word, index, *rest = line.split(" ", 3)
        if word == "begin":
            current, since = int(index), time.monotonic()
        elif word == "end":
            cpu, status = rest[0], rest[1].strip()
            outcomes.append(Outcome(jobs[int(index)][0], status, float(cpu)))
            current = None
    if current is not None:  # the child died inside a load (killed by the limit)
        outcomes.append(Outcome(jobs[current][0], f"killed (exit {proc.wait()})", 0.0))
