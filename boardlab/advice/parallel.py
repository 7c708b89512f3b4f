"""Large budgets on several processes (or a Dask cluster): the sampled part of an advice.

The sampled lines of the estimated choices (:func:`~boardlab.advice.sample.estimate`,
hidden-information worlds included) and the simulated matches
(:func:`~boardlab.advice.sample.simulate`) depend only on the seed of each sample, so
they split into chunks of consecutive samples, one :class:`Job` each, which any
``concurrent.futures.Executor`` runs: local processes with ``Budget(workers=N)``, or
the executor (a process pool, a Dask ``Client``) given as ``advise(..., executor=)``.
The chunks are put back in sample order, so the answer is the one the same seed gives
in this process, to the last Fraction. The exact enumeration stays in this process
(its positions are shared through one memo).

A job carries only data (the game's registry name, the positions, the seat, the
opponents as given, the horizon, the seeds): the worker builds the models, the measures
and the horizon again from the game's spec, the same way :func:`advise` does. The
opponents must therefore pickle (an agent kind, a module-level function or agent).
Ctrl-C stops boardlab's own pool at once (``boardlab.experiment.runner.stop_pool``).

>>> chunks(10, 2)
[(0, 3), (3, 6), (6, 9), (9, 10)]
"""

from __future__ import annotations

import math
import pickle
import signal
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from boardlab.core.errors import ArgumentError, ArgumentTypeError

__all__ = ["Job", "check_executor", "chunks", "open_executor", "run_job", "run_jobs"]

#: Chunks per worker: an even load without sending the positions too often.
CHUNKS_PER_WORKER = 2


def chunks(samples: int, workers: int) -> list[tuple[int, int]]:
    """Consecutive ``(first, stop)`` ranges covering ``range(samples)``, about
    :data:`CHUNKS_PER_WORKER` per worker."""
    size = max(1, math.ceil(samples / (CHUNKS_PER_WORKER * max(1, workers))))
    return [(a, min(a + size, samples)) for a in range(0, samples, size)]


@dataclass(frozen=True)
class Job:
    """One chunk of samples of one choice: ``kind`` is ``"estimate"`` or ``"simulate"``."""

    kind: str
    game: str
    start: Any
    worlds: tuple[tuple[Any, Fraction], ...]
    seat: str
    opponents: Any
    horizon: str | int
    index: int
    first: int
    stop: int
    seed: int
    common: bool


def run_job(job: Job) -> Any:
    """The samples ``job.first`` to ``job.stop`` of choice ``job.index`` (in a worker)."""
    from boardlab import registry
    from boardlab.advice.advise import MAX_HORIZON, measure_of, stop_of
    from boardlab.advice.policy import policies
    from boardlab.advice.sample import estimate, simulate

    game = registry.get(job.game)
    rules, seat = game.rules, job.seat
    models = policies(job.opponents, game.seats(job.start), seat, game.agents,
                      rules.observe, game.seat_word)
    choice = tuple(rules.legal(job.start))[job.index]
    if job.kind == "estimate":
        left = job.horizon if isinstance(job.horizon, int) else MAX_HORIZON * 1000
        return estimate(rules, job.worlds, seat, choice, models,
                        measure_of(game, seat, job.start)[1],
                        stop_of(game, job.start, job.horizon), left, job.stop,
                        first=job.first, seed=job.seed, index=job.index, common=job.common)
    return simulate(rules, job.worlds, seat, choice, models,
                    lambda s: rules.scores(s)[seat], game.winners_of, job.stop,
                    first=job.first, seed=job.seed, index=job.index, common=job.common)


def _ignore_sigint() -> None:
    # Our workers leave Ctrl-C to the parent, which stops the pool (as the runner does).
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def check_executor(executor: Any, workers: int, opponents: Any) -> bool:
    """Whether the sampled part runs elsewhere; refuses what cannot (before any work).

    ``executor`` is a ``concurrent.futures.Executor``, a Dask ``Client`` or None (then
    ``workers`` > 1 means a local process pool).
    """
    if executor is None and workers <= 1:
        return False
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ArgumentTypeError("executor", executor, "expected a concurrent.futures "
                                "Executor or a Dask Client")
    try:
        pickle.dumps(opponents)
    except Exception as err:  # lambdas, closures, open handles: cannot be sent
        raise ArgumentError("opponents", opponents, "with several workers the opponents' "
                            "models are sent to them and must pickle (an agent kind, a "
                            f"module-level function or agent): {err}") from None
    return True


def open_executor(executor: Any, workers: int) -> tuple[Executor, bool]:
    """``(the executor, whether it is our own pool to stop)``: a Dask ``Client`` gives
    its ``get_executor()``; None a pool of ``workers`` local processes."""
    if executor is None:
        return ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint), True
    if type(executor).__name__ == "Client" and callable(getattr(executor, "get_executor",
                                                                None)):
        return executor.get_executor(pure=False), False
    return executor, False


def run_jobs(executor: Executor, jobs: Sequence[Job], own: bool) -> dict[tuple[str, int], Any]:
    """Every job on ``executor``; per ``(kind, choice index)`` its chunks joined in
    sample order (the lines of an estimate; the wins and finals of a simulation)."""
    futures: list[Future[Any]] = []
    try:
        for job in jobs:
            futures.append(executor.submit(run_job, job))
        results = [f.result() for f in futures]
    except BaseException:
        if own:
            from boardlab.experiment.runner import stop_pool

            stop_pool(executor)  # type: ignore[arg-type]
        else:
            for f in futures:
                f.cancel()
        raise
    finally:
        if own:
            executor.shutdown(wait=False, cancel_futures=True)
    out: dict[tuple[str, int], Any] = {}
    for job, got in zip(jobs, results, strict=True):  # jobs are in sample order
        key = (job.kind, job.index)
        if job.kind == "estimate":
            out.setdefault(key, []).extend(got)
        else:
            wins, finals = out.setdefault(key, ([], []))
            wins.extend(got[0])
            finals.extend(got[1])
    return out
