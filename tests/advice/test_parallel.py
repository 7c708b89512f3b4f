"""Large budgets on the experiment machinery (issue 30): the sampled part of an advice
on 2 processes (or any executor) gives the in-process answer for the same seed, exactly.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from boardlab import registry
from boardlab.advice import Budget, advise
from boardlab.core.engine import Match
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from tests.advice import brute

MOH = registry.get("mall-of-horror")
LB = registry.get("lockup-breakout")


def _rows(advice: Any) -> list[Any]:
    return [(r.choice, r.exact, r.score, r.low, r.high, dict(r.values), r.samples, r.win,
             r.final, r.win_diff, r.final_diff) for r in advice.rows]


def _moh() -> Match[Any, Any]:
    return next(iter(brute.decision_points(MOH, range(3), 1, players=4)))


@pytest.mark.slow
@pytest.mark.parametrize("nodes", [2, 200_000])  # estimated rows, then exact ones
def test_two_processes_give_the_in_process_answer(nodes: int) -> None:
    match = _moh()
    before = match.to_json()
    budget = {"nodes": nodes, "seconds": 3600, "samples": 7, "matches": 5}
    here = advise(match, horizon=3, budget=budget, seed=11)
    there = advise(match, horizon=3, budget={**budget, "workers": 2}, seed=11)
    assert _rows(there) == _rows(here)
    assert there.assumes == here.assumes and match.to_json() == before
    assert all(r.exact for r in here.rows) == (nodes > 2)


@pytest.mark.slow
def test_sampled_worlds_on_an_executor_give_the_same_answer() -> None:
    # Breakout with budget.worlds=1: the hidden information is sampled, every row estimated.
    match = next(m for m in brute.decision_points(LB, range(12), 3)
                 if not LB.advice_worlds(m.state, str(m.to_move), limit=1, seed=2)[1])
    budget = Budget(worlds=1, samples=6, matches=4, seconds=3600)
    here = advise(match, horizon=2, budget=budget, seed=2)
    assert not any(r.exact for r in here.rows)
    with ThreadPoolExecutor(2) as pool:
        there = advise(match, horizon=2, budget=budget, seed=2, executor=pool)
    assert _rows(there) == _rows(here)


def _first(view: Any, legal: Any) -> Any:
    return legal[0]


def test_a_module_level_policy_is_sent_to_the_workers() -> None:
    match = _moh()
    budget = {"nodes": 2, "seconds": 3600, "samples": 3, "matches": 3}
    here = advise(match, horizon=2, budget=budget, opponents=_first)
    there = advise(match, horizon=2, budget={**budget, "workers": 2}, opponents=_first)
    assert _rows(there) == _rows(here)


@pytest.mark.parametrize(("kwargs", "error", "text"), [
    (dict(budget={"workers": 0}), ArgumentError, "budget.workers: at least 1"),
    (dict(budget={"workers": 2.5}), ArgumentTypeError, "budget.workers:"),
    (dict(budget={"workers": 10**6}), ArgumentError, "budget.workers: at most 1024"),
    (dict(executor="cluster"), ArgumentTypeError, "executor:"),
    (dict(budget={"workers": 2}, opponents=lambda view, legal: legal[0]), ArgumentError,
     "opponents: with several workers"),
])
def test_bad_parallel_arguments_are_refused(kwargs: dict[str, Any], error: type,
                                            text: str) -> None:
    match = _moh()
    with pytest.raises(error) as caught:
        advise(match, horizon=1, **kwargs)
    assert text in str(caught.value)


@pytest.mark.slow
def test_a_dask_client_gives_the_same_answer() -> None:
    distributed = pytest.importorskip("distributed")
    match = _moh()
    budget = {"nodes": 2, "seconds": 3600, "samples": 5, "matches": 4}
    here = advise(match, horizon=2, budget=budget, seed=4)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        there = advise(match, horizon=2, budget=budget, seed=4, executor=client)
    assert _rows(there) == _rows(here)
