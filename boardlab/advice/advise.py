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
from fractions import Fraction
from typing import Any

from boardlab.advice.budget import Budget, Meter, OverBudget, as_budget
from boardlab.advice.exact import Enumerator, Marked, Plies, Stop
from boardlab.advice.explain import reasons
from boardlab.advice.policy import Policy, Uniform, policies
from boardlab.advice.record import Advice, AdviceRow, Simulated
from boardlab.advice.sample import estimate, simulate
from boardlab.core import validate
from boardlab.core.chance import CHANCE
from boardlab.core.engine import Match, check_seed
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.experiment.stats import Z95, paired_interval
from boardlab.registry import game_of

__all__ = ["HORIZONS", "MAX_HORIZON", "advise"]

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


def _measure(game: Any, seat: str, start: Any) -> tuple[tuple[str, ...], Callable[[Any], Any]]:
    names = tuple(game.advice_measures(start, seat, start))
    scores, measures = game.rules.scores, game.advice_measures

    def measure(state: Any) -> tuple[Fraction, ...]:
        own = measures(state, seat, start)
        return (scores(state)[seat], *(own[n] for n in names))
    return names, measure


def _stop(game: Any, state: Any, horizon: str | int) -> Stop:
    if isinstance(horizon, int):
        return Plies(horizon)
    mark: Callable[[Any], Hashable] = lambda s: game.advice_mark(s, horizon)  # noqa: E731
    return Marked(mark, state, f"the end of this {horizon} (or of the match)")


def advise(match_or_state: Any, seat: str | None = None, *, opponents: Any = "random",
           horizon: str | int = "round", budget: Budget | int | dict[str, Any] | None = None,
           seed: int = 0, explain: bool = False, omniscient: bool = False,
           playout: str = "random", common: bool = True) -> Advice:
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
    The match is never changed (the work is on immutable states).
    """
    game, state = _position(match_or_state)
    horizon = _horizon(horizon)  # the arguments first, then what the position allows
    budget = as_budget(budget)
    seed = check_seed(seed)
    explain = validate.flag(explain, "explain")
    omniscient = validate.flag(omniscient, "omniscient")
    common = validate.flag(common, "common")
    seat = _seat(game, state, seat)
    if not isinstance(playout, str):
        raise ArgumentTypeError("playout", playout, "expected an agent kind ('random')")
    if playout != "random":
        raise ArgumentError("playout", playout, "the seat's own play to the end is 'random' "
                            "in this release")
    rules = game.rules
    seats = game.seats(state)
    models = policies(opponents, seats, seat, game.agents, rules.observe, game.seat_word)
    legal = tuple(rules.legal(state))
    if omniscient:
        worlds, worlds_exact, world_words = ((state, Fraction(1)),), True, ""
    else:
        worlds, worlds_exact, world_words = game.advice_worlds(
            state, seat, limit=budget.worlds if budget.worlds else 1, seed=seed)
    names, measure = _measure(game, seat, state)
    stop = _stop(game, state, horizon)
    left = horizon if isinstance(horizon, int) else MAX_HORIZON * 1000
    meter = Meter(budget)
    tree = Enumerator(rules, seat, models, measure, stop, meter, key=game.advice_key)
    values: list[tuple[Fraction, ...] | None] = [None] * len(legal)
    over = ""
    if worlds_exact:
        try:
            values = _exact(tree, worlds, legal, left)
        except OverBudget as err:
            over = err.why
            tree.memo.clear()  # the memory is given back before sampling
    else:
        over = "the hidden information was sampled"
    rows = []
    for i, choice in enumerate(legal):
        v = values[i]
        if v is not None:
            rows.append(AdviceRow(choice, True, Fraction(v[0]),
                                  {n: Fraction(x) for n, x in zip(names, v[1:], strict=True)}))
            continue
        got = estimate(rules, worlds, seat, choice, models, measure, stop, left,
                       max(budget.samples, 2), seed=seed, index=i, common=common)
        rows.append(_estimated_row(choice, got, names))
    rows = _simulated(rules, game, worlds, seat, legal, models, rows, budget.matches, seed,
                      common)
    best = max(range(len(rows)), key=lambda i: (rows[i].score, -i))
    ordered = sorted((r.score for r in rows), reverse=True)
    margin = ordered[0] - ordered[1] if len(ordered) > 1 else None
    why = reasons(game, tree, worlds, seat, legal, rows, best, left) \
        if explain and all(r.exact for r in rows) else ()
    if explain and not why:
        why = ("the values are estimated: the reasons are given for exact values only",)
    return Advice(seat=seat, horizon=horizon, rows=tuple(rows), best_index=best,
                  margin=margin, assumes=_assumes(game, seat, models, stop, over,
                                                  world_words, omniscient, budget),
                  reasons=why, nodes=meter.nodes, seconds=meter.seconds,
                  where=game.position_words(state))


def _exact(tree: Enumerator, worlds: Any, legal: tuple[Any, ...], left: int
           ) -> list[tuple[Fraction, ...] | None]:
    total: list[list[Fraction] | None] = [None] * len(legal)
    for world, p in worlds:
        for i, v in enumerate(tree.choice_values(world, legal, left)):
            acc = total[i]
            if acc is None:
                total[i] = [p * x for x in v]
            else:
                for j, x in enumerate(v):
                    acc[j] += p * x
    return [None if t is None else tuple(t) for t in total]


def _estimated_row(choice: Any, got: list[tuple[Fraction, ...]], names: tuple[str, ...]
                   ) -> AdviceRow:
    n = len(got)
    means = [sum((g[j] for g in got), Fraction(0)) / n for j in range(len(got[0]))]
    var = sum((float(g[0] - means[0]) ** 2 for g in got), 0.0) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return AdviceRow(choice, False, means[0], dict(zip(names, means[1:], strict=True)),
                     low=float(means[0]) - half, high=float(means[0]) + half, samples=n)


def _simulated(rules: Any, game: Any, worlds: Any, seat: str, legal: tuple[Any, ...],
               models: dict[str, Policy], rows: list[AdviceRow], samples: int, seed: int,
               common: bool) -> list[AdviceRow]:
    if samples == 0:
        return rows
    score = lambda s: rules.scores(s)[seat]  # noqa: E731
    runs = [simulate(rules, worlds, seat, c, models, score, game.winners_of, samples,
                     seed=seed, index=i, common=common) for i, c in enumerate(legal)]
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


def _assumes(game: Any, seat: str, models: dict[str, Policy], stop: Stop, over: str,
             world_words: str, omniscient: bool, budget: Budget) -> tuple[str, ...]:
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
        words.append(f"not exact ({over}): estimated from {max(budget.samples, 2)} sampled "
                     "lines per choice, own later choices at random in them")
    if budget.matches:
        words.append(f"win chances from {budget.matches} simulated matches per choice on "
                     "common seeds, everyone after the advised choice at random or by "
                     "their model")
    if any(not isinstance(m, Uniform) for m in models.values()):
        words.append("the opponents' models are part of the answer: other models give "
                     "other values")
    return tuple(words)
