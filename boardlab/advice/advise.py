"""``advise``: each legal choice of the seat to move, valued exactly (or estimated).

>>> from boardlab import mall_of_horror as moh
>>> from boardlab.advice import advise
>>> m = moh.new_match(players=3, seed=4)
>>> while m.to_move == moh.CHANCE or m.state.pending.kind != "destination":
...     _ = m.roll() if m.to_move == moh.CHANCE else m.push(m.legal()[0])
>>> a = advise(m, horizon=1, budget={"matches": 0})
>>> [r.exact for r in a.rows] == [True] * len(m.legal()), a.rows[0].choice == m.legal()[0]
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from boardlab.advice.budget import Budget, Meter, OverBudget, as_budget, clock
from boardlab.advice.exact import Enumerator, Marked, Plies, Stop
from boardlab.advice.explain import reasons
from boardlab.advice.parallel import Job, check_executor, chunks, open_executor, run_jobs
from boardlab.advice.policy import Policy, Uniform, policies
from boardlab.advice.record import Advice, AdviceRow, Simulated
from boardlab.advice.sample import estimate, simulate
from boardlab.core import validate
from boardlab.core.chance import CHANCE
from boardlab.core.engine import Match, check_seed
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.experiment.stats import Z95, paired_interval
from boardlab.gamekit import GameSpec
from boardlab.registry import game_of

__all__ = ["HORIZONS", "MAX_HORIZON", "advise", "measure_of", "stop_of"]

#: The named horizons; a number of plies is the other kind.
HORIZONS = ("phase", "round")
#: The most plies a numeric horizon may look ahead (10**9 is a typo, refused at once).
MAX_HORIZON = 2_000


def _horizon(value: Any) -> str | int:
    if isinstance(value, str):
        if value not in HORIZONS:
            raise ArgumentError("horizon", value, "'phase', 'round' or a number of plies")
        return value
    return validate.whole(value, "horizon", low=1, high=MAX_HORIZON)


def _position(match_or_state: Any) -> tuple[Any, Any]:
    """The game's spec and the position to advise (of a match: its current state)."""
    if isinstance(match_or_state, Match):
        return game_of(match_or_state.rules), match_or_state.state
    game = game_of(match_or_state)
    return game, game.check_state(match_or_state, "match_or_state", sound=True)


def _seat(game: Any, state: Any, seat: Any) -> str:
    mover = game.rules.to_move(state)
    if mover is None:
        raise ArgumentError("match_or_state", state, "the match is over: there is no "
                            "decision to advise")
    if mover is CHANCE:
        raise ArgumentError("match_or_state", state, "the position waits for chance (a "
                            "roll, a draw): advice is for a decision; roll first")
    if seat is None:
        return str(mover)
    seats = game.seats(state)
    seat = validate.name(seat, "seat", seats, what=game.seat_word)
    if seat != mover:
        raise ArgumentError("seat", seat, f"it is {mover}'s decision here, not {seat}'s")
    return str(seat)


def measure_of(game: Any, seat: str, start: Any) -> tuple[tuple[str, ...], Callable[[Any], Any]]:
    names = tuple(game.advice_measures(start, seat, start))
    scores, measures = game.rules.scores, game.advice_measures

    def measure(state: Any) -> tuple[Fraction, ...]:
        own = measures(state, seat, start)
        return (scores(state)[seat], *(own[n] for n in names))
    return names, measure


def stop_of(game: Any, state: Any, horizon: str | int) -> Stop:
    if isinstance(horizon, int):
        return Plies(horizon)
    mark: Callable[[Any], Hashable] = lambda s: game.advice_mark(s, horizon)  # noqa: E731
    return Marked(mark, state, f"the end of this {horizon} (or of the match)")


@dataclass
class _Run:
    """What one advice works on (the checked arguments and what follows from them)."""

    game: Any
    state: Any
    seat: str
    opponents: Any
    horizon: str | int
    budget: Budget
    seed: int
    common: bool
    models: dict[str, Policy]
    legal: tuple[Any, ...]
    worlds: Any
    names: tuple[str, ...]
    measure: Callable[[Any], Any]
    stop: Stop
    executor: Any
    #: When the budget's seconds are up (on ``budget.clock``): the sampling stops there.
    deadline: float = math.inf

    @property
    def left(self) -> int:
        return self.horizon if isinstance(self.horizon, int) else MAX_HORIZON * 1000


def advise(match_or_state: Any, seat: str | None = None, *, opponents: Any = "random",
           horizon: str | int = "round", budget: Budget | int | dict[str, Any] | None = None,
           seed: int = 0, explain: bool = False, omniscient: bool = False,
           playout: str = "random", common: bool = True, executor: Any = None) -> Advice:
    """Every legal choice of ``seat`` (default: the seat to move), valued.

    Each row's ``.score`` is the expected value of the seat's score at ``horizon``
    (``"phase"``, ``"round"`` or a number of plies, chance plies included, the advised
    choice the first; a match that ends sooner is scored at its end), over every
    chance outcome (the rules' Fractions) and every other seat's choice weighed by
    ``opponents`` (see :mod:`boardlab.advice.policy`), with the seat's own later
    decisions taken to maximise its expected score — exact while the enumeration fits
    ``budget`` (:class:`~boardlab.advice.budget.Budget`), estimated with a 95 %
    interval otherwise, and labelled which. ``.values`` are the game's measures
    (``GameSpec.advice_measures``). The chance to win and the final score come from
    ``budget.matches`` simulated matches per choice to the end (the seat played by the
    ``playout`` agent kind, the others by their policies), on common random numbers
    from ``seed``. What the seat cannot see is weighed by the game's own chance of each
    possibility (``GameSpec.advice_worlds``); ``omniscient=True`` uses the true state.
    ``explain=True`` adds the reasons: where the best and the next best differ.
    The sampled part runs on ``budget.workers`` local processes, or on ``executor``
    (a ``concurrent.futures.Executor`` or a Dask ``Client``), with the same answer
    (:mod:`boardlab.advice.parallel`). The match is never changed (the work is on
    immutable states).
    """
    game, state = _position(match_or_state)
    horizon = _horizon(horizon)  # the arguments first, then what the position allows
    budget = as_budget(budget)
    seed = check_seed(seed)
    explain = validate.flag(explain, "explain")
    omniscient = validate.flag(omniscient, "omniscient")
    common = validate.flag(common, "common")
    seat = _seat(game, state, seat)
    _check_playout(playout)
    run = _prepare(game, state, seat, opponents, horizon, budget, seed, common, omniscient)
    if check_executor(executor, budget.workers, opponents):
        run.executor = executor if executor is not None else _OWN_POOL
    meter = Meter(budget)
    run.deadline = meter.deadline
    tree = Enumerator(game.rules, seat, run.models, run.measure, run.stop, meter,
                      key=game.advice_key, parts=_parts_of(game, seat, horizon),
                      leap=_hook(game, "advice_leap"))
    values, over = _exact(tree, run, run.worlds[1])
    rows = _rows(run, values)
    best = max(range(len(rows)), key=lambda i: (rows[i].score, -i))
    ordered = sorted((r.score for r in rows), reverse=True)
    margin = ordered[0] - ordered[1] if len(ordered) > 1 else None
    why = reasons(game, tree, run.worlds[0], seat, run.legal, rows, best, run.left) \
        if explain and all(r.exact for r in rows) else ()
    if explain and not why:
        why = ("the values are estimated: the reasons are given for exact values only",)
    return Advice(seat=seat, horizon=horizon, rows=tuple(rows), best_index=best,
                  margin=margin, assumes=_assumes(game, seat, run.models, run.stop, over,
                                                  run.worlds[2], omniscient, budget,
                                                  _drawn(rows)),
                  reasons=why, nodes=meter.nodes, seconds=meter.seconds,
                  where=game.position_words(state))


def _parts_of(game: Any, seat: str, horizon: str | int) -> Callable[[Any], Any] | None:
    """The game's ``advice_parts`` for this horizon, or None where it splits nothing (a
    number of plies, or a game that keeps the default)."""
    hook = _hook(game, "advice_parts")
    if isinstance(horizon, int) or hook is None:
        return None
    return lambda state: hook(state, seat, horizon)


def _hook(game: Any, name: str) -> Any:
    """The game's hook ``name``, or None where it keeps GameSpec's default (which does
    nothing: not called at every position)."""
    hook = getattr(game, name, None)
    if hook is None or getattr(type(game), name, None) is getattr(GameSpec, name):
        return None
    return hook


#: ``_Run.executor`` when the sampled part runs on a pool of our own (made when needed).
_OWN_POOL = "own pool"


def _check_playout(playout: Any) -> None:
    if not isinstance(playout, str):
        raise ArgumentTypeError("playout", playout, "expected an agent kind ('random')")
    if playout != "random":
        raise ArgumentError("playout", playout, "the seat's own play to the end is 'random' "
                            "in this release")


def _prepare(game: Any, state: Any, seat: str, opponents: Any, horizon: str | int,
             budget: Budget, seed: int, common: bool, omniscient: bool) -> _Run:
    rules = game.rules
    models = policies(opponents, game.seats(state), seat, game.agents, rules.observe,
                      game.seat_word)
    if omniscient:
        worlds: Any = ((state, Fraction(1)),), True, ""
    else:
        worlds = game.advice_worlds(state, seat, limit=budget.worlds if budget.worlds else 1,
                                    seed=seed)
    names, measure = measure_of(game, seat, state)
    return _Run(game, state, seat, opponents, horizon, budget, seed, common, models,
                tuple(rules.legal(state)), worlds, names, measure,
                stop_of(game, state, horizon), None)


def _exact(tree: Enumerator, run: _Run, worlds_exact: bool
           ) -> tuple[list[tuple[Fraction, ...] | None], str]:
    """Each choice's exact values over the worlds (None where the budget ran out), and
    which bound was hit ("" when none)."""
    total: list[list[Fraction] | None] = [None] * len(run.legal)
    if not worlds_exact:
        return [None] * len(run.legal), "the hidden information was sampled"
    try:
        for world, p in run.worlds[0]:
            for i, v in enumerate(tree.choice_values(world, run.legal, run.left)):
                acc = total[i]
                if acc is None:
                    total[i] = [p * x for x in v]
                else:
                    for j, x in enumerate(v):
                        acc[j] += p * x
    except OverBudget as err:
        tree.memo.clear()  # the memory is given back before sampling
        tree.changes.clear()
        return [None] * len(run.legal), err.why
    return [None if t is None else tuple(t) for t in total], ""


def _rows(run: _Run, values: list[tuple[Fraction, ...] | None]) -> list[AdviceRow]:
    """The rows: exact where valued, estimated from sampled lines elsewhere, then the
    simulated matches (the sampled part, here or on the executor)."""
    todo = [i for i, v in enumerate(values) if v is None]
    lines, runs = _sampled(run, todo)
    rows = []
    for i, choice in enumerate(run.legal):
        v = values[i]
        if v is None:
            rows.append(_estimated_row(choice, lines[i], run.names))
        else:
            rows.append(AdviceRow(choice, True, Fraction(v[0]), {
                n: Fraction(x) for n, x in zip(run.names, v[1:], strict=True)}))
    return _simulated(rows, runs)


def _sampled(run: _Run, todo: list[int]) -> tuple[dict[int, Any], list[Any] | None]:
    """The sampled lines of the choices in ``todo`` and the simulated matches of every
    choice (None without matches), in this process or as chunks on the executor."""
    samples, matches = max(run.budget.samples, 2), run.budget.matches
    rules, seat, legal = run.game.rules, run.seat, run.legal
    worlds, seed, common = run.worlds[0], run.seed, run.common
    if run.executor is None:
        def line(i: int, a: int, b: int) -> list[Any]:
            return estimate(rules, worlds, seat, legal[i], run.models, run.measure,
                            run.stop, run.left, b, seed=seed, index=i, common=common, first=a)

        score = lambda s: rules.scores(s)[seat]  # noqa: E731

        def match(i: int, a: int, b: int) -> tuple[list[int], list[int]]:
            return simulate(rules, worlds, seat, legal[i], run.models, score,
                            run.game.winners_of, b, seed=seed, index=i, common=common,
                            first=a)
        lines = _in_time(line, todo, samples, run.deadline)
        runs = _in_time(match, range(len(legal)), matches, run.deadline) if matches else None
        return ({i: got for i, got in zip(todo, lines, strict=True)},
                None if runs is None else [(w, f) for w, f in runs])
    workers = run.budget.workers
    jobs = [Job(kind, run.game.name, run.state, tuple(worlds), seat, run.opponents,
                run.horizon, i, a, b, seed, common)
            for kind, which, n in (("estimate", todo, samples),
                                   ("simulate", range(len(legal)) if matches else (), matches))
            for i in which for a, b in chunks(n, workers)]
    if not jobs:
        return {}, None
    pool, own = open_executor(None if run.executor == _OWN_POOL else run.executor, workers)
    got = run_jobs(pool, jobs, own)
    return ({i: got["estimate", i] for i in todo},
            [got["simulate", i] for i in range(len(legal))] if matches else None)


#: Samples per choice drawn between two looks at the clock (the first block always is).
BLOCK = 2


def _in_time(draw: Callable[[int, int, int], Any], which: Any, n: int, deadline: float
             ) -> list[Any]:
    """Samples ``0…n-1`` of each choice in ``which`` (``draw(i, first, end)``), drawn a
    block of :data:`BLOCK` per choice at a time until the clock passes ``deadline``: every
    choice has as many (common random numbers pair sample ``k`` of each), at least one
    block. A list per choice, or a pair of lists (matches: wins and final scores)."""
    which = list(which)
    got: list[Any] = [None] * len(which)
    done = 0
    while done < n and (done == 0 or clock() <= deadline):
        end = min(n, done + BLOCK)
        for k, i in enumerate(which):
            more = draw(i, done, end)
            if got[k] is None:
                got[k] = more
            elif isinstance(more, tuple):
                got[k] = tuple(a + b for a, b in zip(got[k], more, strict=True))
            else:
                got[k] = got[k] + more
        done = end
    return got


def _estimated_row(choice: Any, got: list[tuple[Fraction, ...]], names: tuple[str, ...]
                   ) -> AdviceRow:
    n = len(got)
    means = [sum((g[j] for g in got), Fraction(0)) / n for j in range(len(got[0]))]
    var = sum((float(g[0] - means[0]) ** 2 for g in got), 0.0) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return AdviceRow(choice, False, means[0], dict(zip(names, means[1:], strict=True)),
                     low=float(means[0]) - half, high=float(means[0]) + half, samples=n)


def _simulated(rows: list[AdviceRow], runs: list[Any] | None) -> list[AdviceRow]:
    if runs is None:
        return rows
    best = max(range(len(rows)), key=lambda i: (rows[i].score, -i))
    out = []
    for i, row in enumerate(rows):
        wins, finals = runs[i]
        fields = {"win": _mean(wins), "final": _mean(finals),
                  "win_diff": _diff(wins, runs[best][0]),
                  "final_diff": _diff(finals, runs[best][1])}
        out.append(AdviceRow(**{**row.__dict__, **fields}))
    return out


def _mean(xs: list[int]) -> Simulated:
    mean, low, high = paired_interval(xs)
    return Simulated(mean, low, high, len(xs))


def _diff(xs: list[int], base: list[int]) -> Simulated:
    return _mean([x - b for x, b in zip(xs, base, strict=True)])


def _drawn(rows: list[AdviceRow]) -> tuple[int, int]:
    """The sampled lines and the simulated matches each choice got (fewer than the
    budget's when its seconds ran out)."""
    lines = min((r.samples for r in rows if not r.exact), default=0)
    return lines, rows[0].win.matches if rows[0].win is not None else 0


def _cut(drawn: int, asked: int) -> str:
    return f" (the time budget stopped them at {drawn} of {asked})" if drawn < asked else ""


def _assumes(game: Any, seat: str, models: dict[str, Policy], stop: Stop, over: str,
             world_words: str, omniscient: bool, budget: Budget, drawn: tuple[int, int]
             ) -> tuple[str, ...]:
    words = [f"values at {stop.words}"]
    kinds: dict[str, list[str]] = {}
    for s, m in models.items():
        kinds.setdefault(m.words or type(m).__name__, []).append(s)
    words += [f"{'each of ' if len(ss) > 1 else ''}{', '.join(ss)} {w}"
              for w, ss in kinds.items()]
    words.append(f"{seat}'s own later choices up to the horizon maximise its expected score")
    if omniscient:
        words.append("computed on the true state, hidden information included (a "
                     "narrator's analysis, not what the seat may know)")
    elif world_words:
        words.append(world_words)
    if over:
        words.append(f"not exact ({over}): estimated from {drawn[0]} sampled lines per "
                     f"choice{_cut(drawn[0], max(budget.samples, 2))}, own later choices "
                     "at random in them")
    if budget.matches:
        words.append(f"win chances from {drawn[1]} simulated matches per choice"
                     f"{_cut(drawn[1], budget.matches)} on "
                     "common seeds, everyone after the advised choice at random or by "
                     "their model")
    if any(not isinstance(m, Uniform) for m in models.values()):
        words.append("the opponents' models are part of the answer: other models give "
                     "other values")
    return tuple(words)
