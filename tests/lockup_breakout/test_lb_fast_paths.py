"""The engine's fast paths give exactly what the plain worker paths give.

Bulk play takes shortcuts (docs/engine-patterns.md, "Lockup: Breakout's engine"): a step
reuses the worker that froze the state it starts from, a roll-call assignment goes
straight on the state, the catacomb steps and loot picks are offered from memos without
a worker. Every shortcut is checked here, ply by ply over seeded random matches of every
player count and solitary difficulty, against the path it replaces.
"""

from __future__ import annotations

import random

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.engine import CHANCE, sample_outcome
from boardlab.lockup_breakout import flow, moves, rules
from boardlab.lockup_breakout.state import K, State
from boardlab.lockup_breakout.work import Work

SETUPS = [dict(players=n) for n in (2, 3, 4, 5)] + [
    dict(players=1, difficulty=d) for d in ("green", "yellow", "red")]


def _plies(seed: int, **setup: object):
    """``(state, choice)`` of every ply of one seeded random match."""
    rng, pick = random.Random(seed), random.Random(seed + 1)
    state = lb.RULES.initial(lb.Setup(**setup))
    while True:
        mover, options, step = lb.RULES.node(state)
        if mover is None:
            return
        choice = (sample_outcome(options, rng) if mover is CHANCE
                  else options[pick.randrange(len(options))])
        yield state, choice
        state, _ = step(state, choice)


def _by_new_worker(state: State, choice: object) -> tuple[State, tuple[object, ...]]:
    """The step as the plain worker path takes it: a new copy of the state, the choice
    applied, the automatic frames run, frozen."""
    w = Work(state)
    rules.DECIDE[state.stack[-1].kind](w, choice)
    rules.run_auto(w)
    return w.freeze(), tuple(w.events)


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(map(str, s.values())))
def test_bulk_steps_equal_the_plain_worker_path(setup: dict[str, object]) -> None:
    """Held workers (a step from the state the last step froze) and roll-call
    assignments straight on the state give the same state and events as a new worker."""
    held = straight = 0
    rules._HELD.clear()
    for seed in range(4):
        for state, choice in _plies(seed, **setup):
            kind = state.stack[-1].kind
            if rules._HELD and rules._HELD[-1][0] is state:
                held += 1
            if kind == K.ASSIGN and flow.assign_fast(state, choice) is not None:
                straight += 1
            result = lb.RULES.node(state)[2](state, choice)
            kept = list(rules._HELD)             # what the next ply will take
            assert result == _by_new_worker(state, choice)
            rules._HELD[:] = kept
    assert held > 100 and (straight > 50 or setup["players"] == 1)


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(map(str, s.values())))
def test_memoised_step_and_loot_choices_equal_the_workers(setup: dict[str, object]) -> None:
    counts = {K.STEP: 0, K.LOOT: 0}
    for seed in range(12):
        for state, _ in _plies(seed, **setup):
            f = state.stack[-1]
            if f.kind == K.STEP:
                assert lb.RULES.legal(state) == moves.step_choices(Work(state), f)
            elif f.kind == K.LOOT:
                assert lb.RULES.legal(state) == moves.loot_choices(Work(state), f)
            else:
                continue
            counts[f.kind] += 1
    assert counts[K.STEP] > 10


def test_matches_played_in_threads_equal_matches_played_alone() -> None:
    """Matches of different player counts played in threads at once are the matches
    played alone: the held worker and the last-asked caches (setup, turn tables, side
    order) are taken and replaced whole, never read half-updated."""
    import sys
    import threading

    def summary(seed: int) -> tuple[object, ...]:
        m = lb.play(players=2 + seed % 4, seed=seed)
        return m.state, tuple(e for r in m.records for e in r.events)

    alone = {seed: summary(seed) for seed in range(8)}
    together: dict[int, tuple[object, ...]] = {}

    def worker(seeds: range) -> None:
        for seed in seeds:
            together[seed] = summary(seed)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)          # switch threads as often as possible
    try:
        threads = [threading.Thread(target=worker, args=(range(k, 8, 4),)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert together == alone
