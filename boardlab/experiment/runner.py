"""Running an experiment: chunks of seeds as tasks on any executor, streamed to a file.

:func:`run` splits the matches still to play into tasks — a chunk of consecutive seeds
of one variant and line-up each (:class:`~boardlab.experiment.play.Task`) — and runs
them

- in this process (``workers=1``),
- on local worker processes (``workers=N``, the default: one per CPU),
- on any :class:`concurrent.futures.Executor` you pass (a process or thread pool,
  a Dask ``Client`` or its ``client.get_executor()``), or
- on the Dask cluster whose scheduler is at ``scheduler="tcp://host:8786"``.

A match depends only on its variant, its line-up and its seed, so the results table is
the same whatever the executor and the chunk size. As each chunk finishes its rows are
appended to ``out`` (JSON lines, see :mod:`boardlab.experiment.store`) and the progress
bar moves (``tqdm.auto``: a widget in JupyterLab, text in a terminal). Running the same
experiment again with the same ``out`` plays only the matches that are not in the file.

Ctrl-C (or interrupting the kernel) stops at once and cleanly: the chunks that finished
are kept (and in ``out``), the others are cancelled — the worker processes of
boardlab's own pool are stopped, so nothing keeps computing in the background — and
:func:`run` returns what finished (``results.complete`` is then False) after saying so
on stderr. A crash (a match that raises, a worker that dies) keeps every finished chunk
in the file too, then raises.

>>> from boardlab.experiment import Experiment
>>> exp = Experiment("mall-of-horror", variants=[{}, {"config": {"dice": 3}}], seeds=4)
>>> res = run(exp, workers=1, chunk=3, progress=False)
>>> len(res.rows), res.complete
(8, True)
"""

from __future__ import annotations

import math
import os
import signal
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from boardlab.experiment.play import Task, play_chunk
from boardlab.experiment.results import Results
from boardlab.experiment.spec import Experiment, SpecError
from boardlab.experiment.store import Key, ResultFile

__all__ = ["MAX_CHUNK", "default_chunk", "plan", "run"]

#: The largest default chunk: progress and the file move at least this often.
MAX_CHUNK = 250
DASK_HINT = ("Dask is not installed: pip install 'boardlab[dask]' (on this machine and on "
             "every worker, with the same boardlab and Python)")


def default_chunk(matches: int, workers: int) -> int:
    """Seeds per task: about 20 tasks per worker (an even load, frequent progress).

    >>> default_chunk(10_000, 2), default_chunk(30, 2), default_chunk(10**6, 4)
    (250, 1, 250)
    """
    return max(1, min(MAX_CHUNK, math.ceil(matches / (20 * max(1, workers)))))


def plan(experiment: Experiment, done: Iterable[Key], chunk: int) -> list[Task]:
    """The tasks that play every match not in ``done``, seed blocks first.

    Chunks follow a fixed grid of seeds (``first + k * chunk``), cut where a match is
    already done; tasks of the same seed block come together, so a run stopped half way
    has every variant and line-up at about the same seeds (paired comparisons work).

    >>> exp = Experiment("mall-of-horror", variants=[{}, {"config": {"dice": 3}}], seeds=5)
    >>> [(t.variant, t.first, t.stop) for t in plan(exp, {("default", "random", 1)}, 3)]
    [('default', 0, 1), ('default', 2, 3), ('dice=3', 0, 3), ('default', 3, 5), \
('dice=3', 3, 5)]
    """
    done = set(done)
    seeds = experiment.seeds
    reg = experiment.registration
    tasks: list[tuple[tuple[int, int, int, int], Task]] = []
    for vi, variant in enumerate(experiment.variants):
        options, config = experiment.effective(variant)
        for li, lineup in enumerate(experiment.lineups):
            for block in range(seeds.start, seeds.stop, chunk):
                run_start = None
                for seed in range(block, min(block + chunk, seeds.stop) + 1):
                    free = seed < min(block + chunk, seeds.stop) \
                        and (variant.name, lineup.name, seed) not in done
                    if free and run_start is None:
                        run_start = seed
                    elif not free and run_start is not None:
                        task = Task(reg, vi, li, variant.name, lineup.name,  # type: ignore[arg-type]
                                    options, config, lineup.agents, run_start, seed)
                        tasks.append(((block, vi, li, run_start), task))
                        run_start = None
    return [task for _, task in sorted(tasks, key=lambda item: item[0])]


class _NoBar:
    def update(self, n: int) -> None: ...
    def close(self) -> None: ...


def _bar(enabled: bool, total: int, initial: int, name: str) -> Any:
    if not enabled:
        return _NoBar()
    from tqdm.auto import tqdm  # a widget in JupyterLab, text on stderr elsewhere

    return tqdm(total=total, initial=initial, desc=name, unit="match", smoothing=0.05,
                dynamic_ncols=True)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop the worker processes of a pool of ours now: a stop means stop (their
    running chunks are lost, and played again when the run is resumed)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _ignore_sigint() -> None:
    # Worker processes of our own pool leave Ctrl-C to the parent, which stops cleanly.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _dask_executor(scheduler: str | None, executor: Any) -> tuple[Any, Any]:
    """``(executor, client to close)`` for a scheduler address or a Dask ``Client``."""
    if scheduler is not None:
        try:
            from distributed import Client
        except ImportError:
            raise ImportError(DASK_HINT) from None
        client = Client(scheduler)
        return client.get_executor(pure=False), client
    return executor.get_executor(pure=False), None


def _is_client(executor: Any) -> bool:
    return type(executor).__name__ == "Client" and hasattr(executor, "get_executor")


def _workers_of(executor: Any, client: Any) -> int:
    if client is not None or _is_client(executor):
        try:
            return max(1, sum((client or executor).nthreads().values()))
        except Exception:  # a cluster that cannot tell: assume a small one
            return 4
    return getattr(executor, "_max_workers", None) or os.cpu_count() or 1


def _check_workers(workers: Any) -> int | None:
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SpecError("workers", f"expected a whole number of at least 1, got {workers!r}")
    return workers


def _check_chunk(chunk: Any) -> None:
    """``chunk`` is ``None`` or a whole number of at least 1 (seeds per task)."""
    if chunk is not None and (isinstance(chunk, bool) or not isinstance(chunk, int)
                              or chunk < 1):
        raise SpecError("chunk", f"expected a whole number of at least 1, got {chunk!r}")


def run(experiment: Experiment, executor: Executor | Any = None, *, workers: int | None = None,
        chunk: int | None = None, out: str | Path | None = None, scheduler: str | None = None,
        progress: bool = True) -> Results:
    """Play every match of ``experiment`` (those not already in ``out``); the results.

    - ``executor``: any ``concurrent.futures.Executor`` or a Dask ``Client``; you keep
      it open and shut it down. Without one: ``scheduler`` (a Dask scheduler address),
      else ``workers`` local processes (default: one per CPU; 1 runs in this process).
    - ``chunk``: seeds per task (default :func:`default_chunk`).
    - ``out``: a results file (JSON lines) written as chunks finish; an existing file
      of the same experiment is resumed, of another refused.
    - ``progress``: show a progress bar (tqdm).

    The rows come back in spec order (variant, line-up, seed) whatever order the
    chunks finished in.
    """
    workers = _check_workers(workers)
    _check_chunk(chunk)
    if sum(x is not None for x in (executor, workers, scheduler)) > 1:
        raise ValueError("give at most one of executor, workers and scheduler")
    store = ResultFile.open(out, experiment) if out is not None else None
    rows: dict[Key, dict[str, Any]] = dict(store.done) if store else {}
    client = None
    own_pool: ProcessPoolExecutor | None = None
    stopped = False
    try:
        if scheduler is not None or _is_client(executor):
            executor, client = _dask_executor(scheduler, executor)
            parallel = _workers_of(executor, client or getattr(executor, "_client", None))
        elif executor is not None:
            parallel = _workers_of(executor, None)
        else:
            parallel = workers or os.cpu_count() or 1
        todo = experiment.matches - len(rows)
        tasks = plan(experiment, rows, chunk or default_chunk(todo, parallel))
        if executor is None and parallel > 1 and len(tasks) > 1:
            own_pool = executor = ProcessPoolExecutor(
                max_workers=min(parallel, len(tasks)), initializer=_ignore_sigint)
        bar = _bar(progress and bool(tasks), experiment.matches, len(rows), experiment.name)

        def add(chunk_rows: list[dict[str, Any]]) -> None:
            if store is not None:
                store.append(chunk_rows)
            for row in chunk_rows:
                rows[(row["variant"], row["lineup"], row["seed"])] = row
            bar.update(len(chunk_rows))

        try:
            if executor is None:
                for task in tasks:
                    add(play_chunk(task))
            else:
                _on_executor(executor, tasks, add)
        except KeyboardInterrupt:
            stopped = True
            bar.close()
            print(_stopped(experiment, len(rows), store), file=sys.stderr, flush=True)
        except BaseException as err:
            stopped = True
            err.add_note(_stopped(experiment, len(rows), store, why="stopped by this error"))
            raise
        finally:
            bar.close()
    finally:
        _release(own_pool, stopped, client, store)
    return Results(experiment, rows.values())


def _release(own_pool: ProcessPoolExecutor | None, stopped: bool, client: Any,
             store: ResultFile | None) -> None:
    """Shut what :func:`run` opened: its own pool (at once when stopped), the Dask client
    it made, the results file."""
    if own_pool is not None:
        if stopped:
            stop_pool(own_pool)
        own_pool.shutdown(wait=not stopped, cancel_futures=True)
    if client is not None:
        client.close()
    if store is not None:
        store.close()


def _stopped(experiment: Experiment, done: int, store: ResultFile | None,
             why: str = "interrupted") -> str:
    saved = (f"; saved in {store.path}: run again with the same file to resume"
             if store is not None else "; give out=FILE to keep results across runs")
    return f"experiment {why}: {done} of {experiment.matches} matches done{saved}"


def _on_executor(executor: Executor, tasks: list[Task],
                 add: Callable[[list[dict[str, Any]]], None]) -> None:
    """Submit every task, add each result as it comes; on a stop keep what finished."""
    futures: list[Future[list[dict[str, Any]]]] = [executor.submit(play_chunk, t)
                                                   for t in tasks]
    taken: set[Future[Any]] = set()
    try:
        for future in as_completed(futures):
            taken.add(future)
            add(future.result())
    except BaseException:
        for future in futures:
            future.cancel()  # those not started never will
        for future in futures:  # finished but not yet taken when the stop came
            if future not in taken and future.done() and not future.cancelled() \
                    and future.exception() is None:
                add(future.result())
        raise
