"""A vote's random ballots at once, for the exact advice under random opponents.

A secret ballot (MoH-R7) is cast in turn, each voter naming a candidate. When the other
colours vote uniformly at random, the ballots up to the advised colour's own (or to the
end of the vote) need not be taken one by one: what matters of them is the tally, and of
a finished tally only who leads it — one colour, who is chosen, or the tied colours, who
go to a second vote or to chance (MoH-R8); of a tally still open, who can still lead and
by how much. :func:`leap` counts the ballots' ways to each tally (the voters' weights,
every candidate alike) and hands back the vote as a small tree
(:mod:`boardlab.core.plan`): chance over the tallies before the advised colour's ballot,
its decision, chance over the results after it; and one position per result, reached by
a ballot sequence that gives it, the last ballot stepped by the engine.

>>> from boardlab.mall_of_horror.position import position
>>> from boardlab.mall_of_horror.rules import open_vote
>>> here = {3: ["red pinup", "red gunman", "blue pinup", "blue toughguy"]}
>>> s = open_vote(position(characters=here, zombies={3: 5}, phase="c"), "sacrifice", 3)
>>> s.pending.order, s.pending.weights
(('red', 'blue'), (('red', 3), ('blue', 2)))
>>> plan, after = leap(s, "yellow")  # yellow is not there: every ballot at random
>>> plan, [(a.pending.kind, a.pending.chosen) for a in after]
(Chance(branches=((2, 0), (2, 1)), total=4), [('pick_victim', 'red'), ('pick_victim', 'blue')])
"""

from __future__ import annotations

from functools import lru_cache

from boardlab.core.plan import Best, Chance, Plan
from boardlab.mall_of_horror.rules import tables
from boardlab.mall_of_horror.rules.worker import Work
from boardlab.mall_of_horror.state import Kind, State

__all__ = ["leap"]

Ballots = tuple[tuple[str, str], ...]


def leap(state: State, seat: str) -> tuple[Plan, tuple[State, ...]] | None:
    """The rest of the vote ``state`` waits a ballot of, as a :mod:`~boardlab.core.plan`
    tree over the positions its results come to: the other voters' ballots counted by
    the tally they give (every candidate alike), ``seat``'s own ballot a decision (with
    the tally so far in view, as the state shows it). None where ``state`` waits for no
    ballot."""
    p = state.pending
    if p.kind != Kind.BALLOT:
        return None
    order, index, candidates = p.order, p.index, p.candidates
    rest = order[index:]
    weight = dict(p.weights)
    place = {c: i for i, c in enumerate(candidates)}
    tally = [0] * len(candidates)
    for voter, colour in p.ballots:
        tally[place[colour]] += weight[voter]
    own = rest.index(seat) if seat in rest else -1
    plan, paths = _plan(len(candidates), tuple(weight[v] for v in rest), tuple(tally), own)
    last = len(order) - 1
    before = p._replace(index=last)
    states = []
    for path in paths:  # a ballot sequence to each result, its last ballot stepped
        ballots = p.ballots + tuple((v, candidates[i]) for v, i in zip(rest, path,
                                                                         strict=True))
        s = state._replace(pending=before._replace(ballots=ballots[:-1]))
        states.append(Work.step_ballot(s, tables.VOTE[ballots[-1][1]])[0])
    return plan, tuple(states)


Ways = dict[tuple[int, ...], tuple[int, tuple[int, ...]]]


def _ways(n: int, weights: tuple[int, ...], tally: tuple[int, ...]) -> Ways:
    """Each tally the voters of ``weights`` may give from ``tally`` (each of the ``n``
    candidates alike): its number of ways and one ballot sequence (candidate indices)."""
    ways: Ways = {tally: (1, ())}
    for w in weights:
        grown: Ways = {}
        for counts, (k, path) in ways.items():
            for i in range(n):
                t = list(counts)
                t[i] += w
                key = tuple(t)
                got = grown.get(key)
                grown[key] = (k, (*path, i)) if got is None else (got[0] + k, got[1])
        ways = grown
    return ways


@lru_cache(maxsize=4096)
def _plan(n: int, weights: tuple[int, ...], tally: tuple[int, ...], own: int
          ) -> tuple[Plan, tuple[tuple[int, ...], ...]]:
    """The tree of a vote's remaining ballots (``weights``, the seat's at ``own``, -1:
    none) from ``tally`` among ``n`` candidates, with one ballot sequence per leaf.
    A finished vote's result is who leads it (MoH-R7, MoH-R8).

    >>> _plan(2, (1, 3), (0, 0), -1)
    (Chance(branches=((2, 0), (2, 1)), total=4), ((0, 0), (0, 1)))
    >>> _plan(2, (1, 3), (0, 0), 1)[0]
    Chance(branches=((1, Best(branches=(Chance(branches=((1, 0),), total=1), \
Chance(branches=((1, 1),), total=1)))), (1, Best(branches=(Chance(branches=((1, 0),), \
total=1), Chance(branches=((1, 1),), total=1))))), total=2)
    """
    leaves: dict[tuple[bool, ...], int] = {}
    paths: list[tuple[int, ...]] = []

    def results(start: tuple[int, ...], voters: tuple[int, ...], prefix: tuple[int, ...]
                ) -> Chance:
        out: dict[int, int] = {}
        for counts, (k, path) in _ways(n, voters, start).items():
            front = max(counts)
            key = tuple(c == front for c in counts)
            leaf = leaves.get(key)
            if leaf is None:
                leaf = leaves[key] = len(paths)
                paths.append((*prefix, *path))
            out[leaf] = out.get(leaf, 0) + k
        return Chance(tuple((k, leaf) for leaf, k in out.items()), n ** len(voters))

    if own < 0:
        return results(tally, weights, ()), tuple(paths)
    mine, after = weights[own], weights[own + 1:]
    branches = []
    for counts, (k, path) in _ways(n, weights[:own], tally).items():
        options = []
        for i in range(n):
            t = list(counts)
            t[i] += mine
            options.append(results(tuple(t), after, (*path, i)))
        branches.append((k, Best(tuple(options))))
    return Chance(tuple(branches), n ** own), tuple(paths)
