"""Exact expected values to a horizon: chance and opponents weighted, the seat maximising.

:class:`Enumerator` values a position for one seat by expectimax over the game's own
rules (``node``, or ``to_move``/``legal``/``outcomes``/``step``): at a chance node the
probability-weighted mean of the outcomes (Fractions, as the rules give them); at
another seat's decision the mean under its policy's exact mixture; at the seat's own
decision the choice of greatest expected score (the first such in ``legal`` order, so
ties are settled the same way every time). A value is a tuple of Fractions: the score,
then the game's measures. Positions are merged by the state itself (states are hashable
records): a position reached by several orders of play is valued once.

A game may also name *parts* of a position (``parts(state)``, the
``GameSpec.advice_parts`` hook): pairs ``(part, since)`` of states whose futures to the
horizon do not meet, so that the position's value is its own measures plus, for each
part, the part's value less the measures of ``since`` (what changes in that part from
here on: ``since`` is the part before the consequences that its first step already ran,
or the part itself). A part leaves out what no longer matters to it (a location already
attacked), so positions that differ only there share the part's value; one part alone is
such a smaller position. The seat's decisions in one part change nothing in another, so
maximising each part's value maximises the sum (with the same first best choice: the
other parts add one constant to every choice).

The stop is the horizon: a *mark* of the state changes (``"round"``, ``"phase"``), a
number of plies is spent, or the match ends; the value there is the measures of that
state. Every expanded position ticks the :class:`~boardlab.advice.budget.Meter`, which
stops the enumeration (``OverBudget``) when the budget is spent.

>>> from tests.core.toy import RULES, ToySetup
>>> from boardlab.advice.budget import Budget, Meter
>>> tree = Enumerator(RULES, "a", {}, lambda s: (s.totals[0],), Plies(2),
...                   Meter(Budget()))
>>> start = RULES.initial(ToySetup())
>>> tree.value(start, 2)  # a coin, then a's best: add 2 on heads, 3 on tails
(Fraction(5, 2),)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from math import gcd
from typing import Any

from boardlab.advice.budget import Meter
from boardlab.advice.policy import Policy, Uniform
from boardlab.core.chance import CHANCE
from boardlab.core.outcomes import node_of
from boardlab.core.plan import fold

__all__ = ["Enumerator", "Marked", "Plies", "Stop", "node_function"]

#: Expected score then measures: ints and Fractions (an int is a whole value).
Value = tuple[Any, ...]


class _Sum:
    """``Σ w·v`` of values, componentwise, in whole numbers: each component is kept as a
    numerator over a denominator that only grows to the least common multiple of what
    it meets, and is made a Fraction once, by :meth:`scaled` — a Fraction sum per
    child costs several gcds and Python-level dispatch, and this is the inner loop."""

    __slots__ = ("dens", "nums")

    def __init__(self) -> None:
        self.nums: list[int] | None = None
        self.dens: list[int] = []

    def add(self, v: Value, w: int) -> None:
        nums = self.nums
        if nums is None:
            self.nums = nums = [0] * len(v)
            self.dens = [1] * len(v)
        dens = self.dens
        for i, x in enumerate(v):
            if not x:
                continue
            if type(x) is int:
                nums[i] += w * x * dens[i]
                continue
            n, d = x.numerator, x.denominator
            big = dens[i]
            if big % d == 0:
                nums[i] += w * n * (big // d)
            else:
                lcm = big // gcd(big, d) * d
                nums[i] = nums[i] * (lcm // big) + w * n * (lcm // d)
                dens[i] = lcm

    def scaled(self, denominator: int) -> Value:
        """The sum over ``denominator``: whole numbers stay ints, the rest Fractions."""
        assert self.nums is not None  # outcomes and choices are never empty
        out = []
        for n, d in zip(self.nums, self.dens, strict=True):
            d *= denominator
            out.append(n // d if n % d == 0 else Fraction(n, d))
        return tuple(out)


#: Marks a part's change kept by what its first step ran from (not the part itself).
_AFTER = object()


def _weighed(parts: list[tuple[int, Value]], total: int) -> Value:
    """``Σ w·v / total`` of a plan's chance (see :class:`_Sum`)."""
    acc = _Sum()
    for w, v in parts:
        acc.add(v, w)
    return acc.scaled(total)


def _better(a: Value, b: Value) -> bool:
    """The seat's own choice: a greater expected score (the first such kept)."""
    return bool(a[0] > b[0])


_WEIGHTS: dict[int, tuple[Any, tuple[int, ...], int]] = {}


def integer_weights(pairs: Any) -> tuple[tuple[int, ...], int]:
    """The probabilities of ``pairs`` as whole numbers over one denominator: summing
    ``w·value`` in integers and dividing once is exact and costs far less than a
    Fraction product per outcome. Kept per outcome table (the rules share them).

    >>> integer_weights([("a", Fraction(1, 3)), ("b", Fraction(2, 3))])
    ((1, 2), 3)
    """
    got = _WEIGHTS.get(id(pairs))
    if got is not None and got[0] is pairs:
        return got[1], got[2]
    den = 1
    for _, p in pairs:
        den = den * p.denominator // gcd(den, p.denominator)
    weights = tuple(p.numerator * (den // p.denominator) for _, p in pairs)
    if len(_WEIGHTS) > 4096:
        _WEIGHTS.clear()
    _WEIGHTS[id(pairs)] = (pairs, weights, den)
    return weights, den


class Stop:
    """Where the horizon is: ``done(state, left)``; ``keyed`` says whether the plies
    left are part of a position's memo key (they are for a number of plies)."""

    keyed = False
    words = ""

    def done(self, state: Any, left: int) -> bool:
        raise NotImplementedError


class Plies(Stop):
    """``n`` plies from the start, chance included (the advised choice is the first)."""

    keyed = True

    def __init__(self, n: int) -> None:
        self.n = n
        self.words = f"{n} plies (chance plies included, the advised choice the first)"

    def done(self, state: Any, left: int) -> bool:
        return left <= 0


class Marked(Stop):
    """Until ``mark(state)`` differs from the start's (the round or the phase changes)."""

    def __init__(self, mark: Callable[[Any], Hashable], start: Any, words: str) -> None:
        self._mark = mark
        self._start = mark(start)
        self.words = words

    def done(self, state: Any, left: int) -> bool:
        return self._mark(state) != self._start


def node_function(rules: Any) -> Callable[[Any], tuple[Any, Any, Any]]:
    """The rules' ``node(state)`` fast path, or one built from the protocol methods."""
    node = getattr(rules, "node", None)
    if callable(node):
        return node
    return node_of(rules)


class Enumerator:
    """Expectimax for ``seat`` (see the module notes). ``measure(state)`` is the value
    at the horizon; ``policies`` the other seats' models."""

    def __init__(self, rules: Any, seat: str, policies: Mapping[str, Policy],
                 measure: Callable[[Any], Value], stop: Stop, meter: Meter,
                 key: Callable[[Any], Hashable] | None = None,
                 parts: Callable[[Any], tuple[tuple[Any, Any], ...] | None] | None = None,
                 leap: Callable[[Any, str], Any] | None = None) -> None:
        self._node = self.node = node_function(rules)
        self._key = key
        # Parts count plies differently from the whole: a number of plies is not split.
        self._parts = None if stop.keyed else parts
        # A leap stands for the other seats' uniform choices: only under such models, and
        # not where plies are counted (it takes several at once).
        uniform = all(type(p) is Uniform for p in policies.values())
        self._leap = leap if uniform and not stop.keyed else None
        self.seat = seat
        self.policies = policies
        self.measure = measure
        self.stop = stop
        self.meter = meter
        self.memo: dict[Any, Value] = {}
        #: What each part changes of the measures (see :meth:`_joined`).
        self.changes: dict[Any, Value] = {}

    def value(self, state: Any, left: int) -> Value:
        """The expected value of ``state`` with ``left`` plies to go (ignored unless the
        horizon is a number of plies)."""
        stop = self.stop
        key: Any = state if self._key is None else self._key(state)
        if stop.keyed:
            key = (key, left)
        got = self.memo.get(key)
        if got is not None:
            return got
        mover, options, step = self._node(state)
        if mover is None or stop.done(state, left):
            self.meter.leaf()
            got = self.measure(state)
        elif self._parts is not None and (split := self._parts(state)) is not None:
            self.meter.leaf()  # not expanded itself: its parts are
            got = self._joined(state, split, left)
        else:
            self.meter.tick()
            got = self._expand(state, mover, options, step, left - 1)
        self.memo[key] = got
        return got

    def _joined(self, state: Any, split: tuple[tuple[Any, Any], ...], left: int) -> Value:
        """``state``'s measures plus what each part changes of them (see the module
        notes): the parts are valued (and merged) as positions of their own."""
        measure = self.measure
        total = list(measure(state))
        changes = self.changes
        for part, since in split:
            # What the part changes is kept by what it starts from (the part, or what
            # its first step ran from): a part met again costs one look-up.
            if part is since:
                at = part if self._key is None else self._key(part)
            else:
                at = (_AFTER, since)
            change = changes.get(at)
            if change is None:
                change = changes[at] = tuple(
                    x - y for x, y in zip(self.value(part, left), measure(since), strict=True))
            for i, d in enumerate(change):
                if d:
                    total[i] += d
        return tuple(total)

    def _expand(self, state: Any, mover: Any, options: Any, step: Any, left: int) -> Value:
        value = self.value
        if self._leap is not None and mover is not CHANCE and \
                (plan := self._leap(state, self.seat)) is not None:
            # The choices up to later positions at once (the other seats' uniform, the
            # seat's own best): a plan over those positions (boardlab.core.plan).
            tree, after = plan
            return fold(tree, [value(s, left) for s in after], add=_weighed, better=_better)
        if mover == self.seat:
            best: Value | None = None
            for choice in options:
                v = value(step(state, choice)[0], left)
                if best is None or v[0] > best[0]:
                    best = v
            assert best is not None  # a decision has a legal choice
            return best
        if mover is CHANCE:
            pairs = options
        else:
            policy = self.policies[mover]
            if type(policy) is Uniform:  # weights 1 each over len(options)
                total = _Sum()
                for choice in options:
                    total.add(value(step(state, choice)[0], left), 1)
                return total.scaled(len(options))
            pairs = policy.mixture(state, mover, options)
        weights, denominator = integer_weights(pairs)
        total = _Sum()
        for (outcome, _), w in zip(pairs, weights, strict=True):
            total.add(value(step(state, outcome)[0], left), w)
        return total.scaled(denominator)

    def choice_values(self, state: Any, legal: tuple[Any, ...], left: int) -> list[Value]:
        """The value of each legal choice of the seat at ``state`` (in ``legal`` order)."""
        step = self._node(state)[2]
        self.meter.tick()
        return [self.value(step(state, c)[0], left - 1) for c in legal]
