"""Absorbing Markov chains solved exactly, with every answer keyed by state label.

A chain is built from a *step* function (state → distribution of the next state) by
exploring every state reachable from the start states. Results are Fractions keyed by
the states themselves, never by a row number: a matrix is a :class:`LabelledMatrix`,
and even its sympy form comes with its row and column labels. (sympy's own
``DiscreteMarkovChain`` reorders states internally, so reading its rows by position
silently answers for the wrong state.)

The standard theory (Kemeny & Snell): with Q the transient-to-transient block and R the
transient-to-absorbing block of the transition matrix, the fundamental matrix is
N = (I − Q)⁻¹, the expected steps to absorption are N·1 and the absorption
probabilities N·R. Here they are computed by exact sparse Gaussian elimination.

>>> from fractions import Fraction
>>> from boardlab.prob import AbsorbingChain, Dist
>>> coin = Dist.uniform([0, 1])
>>> # Count heads until the second one.
>>> chain = AbsorbingChain.from_transition([0], lambda h: coin + h, lambda h: h == 2)
>>> chain.expected_steps(0)
Fraction(4, 1)
>>> chain.transient_states, chain.absorbing_states
((0, 1), (2,))
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from boardlab.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    LimitError,
    QuestionError,
    show_value,
)
from boardlab.prob.checks import UnknownLabel, whole
from boardlab.prob.dist import Dist, to_fraction
from boardlab.prob.limits import LIMITS, check_limit

if TYPE_CHECKING:
    from sympy import Matrix

S = TypeVar("S", bound=Hashable)

StepResult = Dist[Any] | Mapping[Any, int | Fraction]


def _ordered(states: list[S]) -> tuple[S, ...]:
    """Sorted when the states can be compared, else in the order they were found."""
    try:
        return tuple(sorted(states))  # type: ignore[type-var]
    except TypeError:
        return tuple(states)


class LabelledMatrix(Mapping[tuple[Hashable, Hashable], Fraction]):
    """A matrix of Fractions indexed by ``(row_label, column_label)``, never by position.

    Entries that are not stored are 0. Iteration runs over every ``(row, column)`` pair
    in the order of :attr:`rows` and :attr:`cols`; an unknown label is a ``KeyError``.
    """

    __slots__ = ("rows", "cols", "_entries", "_row_set", "_col_set")

    def __init__(self, rows: Iterable[Hashable], cols: Iterable[Hashable],
                 entries: Mapping[tuple[Hashable, Hashable], Fraction]) -> None:
        for name, labels in (("rows", rows), ("cols", cols)):
            if isinstance(labels, (str, bytes)) or not isinstance(labels, Iterable):
                raise ArgumentTypeError(f"LabelledMatrix: {name}", labels,
                                        "give a list of labels")
        self.rows: tuple[Hashable, ...] = tuple(rows)
        self.cols: tuple[Hashable, ...] = tuple(cols)
        check_limit("LabelledMatrix", "states", max(len(self.rows), len(self.cols)), "labels")
        try:
            self._row_set = frozenset(self.rows)
            self._col_set = frozenset(self.cols)
        except TypeError:
            raise ArgumentTypeError("LabelledMatrix: rows and cols", (rows, cols),
                                    "labels must be hashable") from None
        if len(self._row_set) != len(self.rows) or len(self._col_set) != len(self.cols):
            raise QuestionError("LabelledMatrix: row labels, and column labels, must be "
                                "different from each other")
        if not isinstance(entries, Mapping):
            raise ArgumentTypeError("LabelledMatrix: entries", entries,
                                    "give a mapping {(row, column): value}")
        self._entries = {}
        for key, v in entries.items():
            if not isinstance(key, tuple) or len(key) != 2:
                raise ArgumentTypeError("LabelledMatrix: entries", key,
                                        "entries are keyed by (row, column) pairs")
            q = to_fraction(v, what=f"entry {show_value(key)}")
            self._check(*key)
            if q:
                self._entries[key] = q

    def _check(self, r: Hashable, c: Hashable) -> None:
        try:
            if r not in self._row_set:
                raise UnknownLabel(f"no row labelled {show_value(r)}; rows are "
                                   f"{show_value(list(self.rows))}")
            if c not in self._col_set:
                raise UnknownLabel(f"no column labelled {show_value(c)}; columns are "
                                   f"{show_value(list(self.cols))}")
        except TypeError:
            raise UnknownLabel(f"labels are hashable; {show_value((r, c))} is not") from None

    def __getitem__(self, key: tuple[Hashable, Hashable]) -> Fraction:
        if not isinstance(key, tuple) or len(key) != 2:
            raise UnknownLabel(f"a LabelledMatrix is read with [row, column], not "
                               f"[{show_value(key)}]")
        r, c = key
        self._check(r, c)
        return self._entries.get((r, c), Fraction(0))

    def __iter__(self) -> Iterator[tuple[Hashable, Hashable]]:
        return ((r, c) for r in self.rows for c in self.cols)

    def __len__(self) -> int:
        return len(self.rows) * len(self.cols)

    def row(self, label: Hashable) -> dict[Hashable, Fraction]:
        """One row as ``{column_label: value}`` (zeros included)."""
        return {c: self[label, c] for c in self.cols}

    def to_sympy(self) -> tuple[Matrix, tuple[Hashable, ...], tuple[Hashable, ...]]:
        """``(matrix, row_labels, column_labels)``: a sympy Matrix of Rationals together
        with the labels of its rows and columns, so that positions can be read back."""
        from sympy import Matrix, Rational

        check_limit("LabelledMatrix.to_sympy", "outcomes", len(self.rows) * len(self.cols),
                    "cells")
        m = Matrix([[Rational(v.numerator, v.denominator) for v in self.row(r).values()]
                    for r in self.rows])
        return m, self.rows, self.cols

    def __repr__(self) -> str:
        return (f"<LabelledMatrix {len(self.rows)}×{len(self.cols)}, rows {list(self.rows)}, "
                f"cols {list(self.cols)}>")


class AbsorbingChain(Generic[S]):
    """A finite absorbing Markov chain with exact Fraction transition probabilities.

    ``transitions[state]`` maps every transient state to ``{next_state: probability}``;
    ``absorbing`` lists the absorbing states (they stay where they are). Usually built
    with :meth:`from_transition`. States are their own labels: any hashable values.
    Transient and absorbing states are each listed sorted when they can be compared,
    else in the order they were discovered.
    """

    def __init__(self, transitions: Mapping[S, Mapping[S, int | Fraction] | Dist[S]],
                 absorbing: Iterable[S]) -> None:
        if not isinstance(transitions, Mapping):
            raise ArgumentTypeError("AbsorbingChain: transitions", transitions,
                                    "give a mapping {state: {next_state: probability}}")
        if isinstance(absorbing, (str, bytes)) or not isinstance(absorbing, Iterable):
            raise ArgumentTypeError("AbsorbingChain: absorbing", absorbing,
                                    "give a list of absorbing states")
        check_limit("AbsorbingChain", "states", len(transitions))
        absorbing_found: list[S] = []
        for a in absorbing:
            _state_key(a, "AbsorbingChain: an absorbing state")
            absorbing_found.append(a)
            check_limit("AbsorbingChain", "states", len(absorbing_found))
        absorbing_found = list(dict.fromkeys(absorbing_found))
        check_limit("AbsorbingChain", "states", len(transitions) + len(absorbing_found))
        self._rows: dict[S, dict[S, Fraction]] = {}
        for state, row in transitions.items():
            self._rows[state] = _checked_row(state, row)
        overlap = [s for s in absorbing_found if s in self._rows]
        if overlap:
            raise QuestionError(f"states {show_value(overlap)} are both absorbing and given "
                                "transitions")
        if not absorbing_found:
            raise QuestionError("an absorbing chain needs at least one absorbing state")
        absorbing_set = set(absorbing_found)
        unknown = [t for row in self._rows.values() for t in row
                   if t not in self._rows and t not in absorbing_set]
        if unknown:
            raise QuestionError(f"transitions lead to states with no transitions that are not "
                                f"absorbing: {show_value(list(dict.fromkeys(unknown)))}")
        self.transient_states: tuple[S, ...] = _ordered(list(self._rows))
        self.absorbing_states: tuple[S, ...] = _ordered(absorbing_found)
        self._index = {s: i for i, s in enumerate(self.transient_states)}
        self._check_absorbed()
        self._factors: tuple[list[dict[int, Fraction]], list[dict[int, Fraction]]] | None \
            = None
        self._steps: list[Fraction] | None = None
        self._absorb: dict[S, list[Fraction]] = {}
        self._pattern_work: tuple[int, int] | None = None

    @classmethod
    def from_transition(cls, start_states: Iterable[S],
                        step: Callable[[S], StepResult],
                        is_absorbing: Callable[[S], bool], *,
                        max_states: int | None = None) -> AbsorbingChain[S]:
        """Explore every state reachable from ``start_states`` (breadth first).

        ``step(state)`` returns a :class:`Dist` or a mapping ``{next_state: probability}``
        whose probabilities sum to exactly 1; it is called only for states where
        ``is_absorbing(state)`` is false. ``start_states`` is an iterable of states
        (wrap a single state in a list). Exploration stops with a
        :class:`~boardlab.core.errors.LimitError` past ``max_states`` states (default:
        ``boardlab.prob.LIMITS.states``).
        """
        if isinstance(start_states, (str, bytes)) or not isinstance(start_states, Iterable):
            raise ArgumentTypeError("AbsorbingChain.from_transition: start_states",
                                    start_states, "start_states is an iterable of states: "
                                    "wrap one state in a list")
        for name, f in (("step", step), ("is_absorbing", is_absorbing)):
            if not callable(f):
                raise ArgumentTypeError(f"AbsorbingChain.from_transition: {name}", f,
                                        "must be a function of a state")
        if max_states is None:
            max_states = LIMITS.states
        max_states = whole(max_states, "max_states", "AbsorbingChain.from_transition", low=1)
        transitions: dict[S, dict[S, Fraction]] = {}
        absorbing: list[S] = []
        seen: set[S] = set()
        queue: deque[S] = deque()
        for s in start_states:
            _state_key(s, "AbsorbingChain.from_transition: a start state")
            if s not in seen:
                if len(seen) >= max_states:
                    _too_many_states(max_states)
                seen.add(s)
                queue.append(s)
        if not queue:
            raise ArgumentError("AbsorbingChain.from_transition: start_states", [],
                                "give at least one start state")
        while queue:
            state = queue.popleft()
            if is_absorbing(state):
                absorbing.append(state)
                continue
            row = _checked_row(state, step(state))
            transitions[state] = row
            for nxt in row:
                if nxt not in seen:
                    if len(seen) >= max_states:
                        _too_many_states(max_states)
                    seen.add(nxt)
                    queue.append(nxt)
        return cls(transitions, absorbing)

    # -- structure -------------------------------------------------------------------------
    @property
    def states(self) -> tuple[S, ...]:
        """Transient states, then absorbing states: the order of every matrix here."""
        return self.transient_states + self.absorbing_states

    def __repr__(self) -> str:
        return (f"<AbsorbingChain: {len(self.transient_states)} transient, "
                f"{len(self.absorbing_states)} absorbing states>")

    def _check_absorbed(self) -> None:
        """Every transient state must be able to reach an absorbing state."""
        back: dict[S, list[S]] = {}
        for s, row in self._rows.items():
            for t in row:
                back.setdefault(t, []).append(s)
        reach = set(self.absorbing_states)
        todo = list(reach)
        while todo:
            for s in back.get(todo.pop(), ()):
                if s not in reach:
                    reach.add(s)
                    todo.append(s)
        stuck = [s for s in self.transient_states if s not in reach]
        if stuck:
            raise QuestionError(f"states {show_value(stuck[:10])} can never reach an "
                                "absorbing state, so they are not transient; mark them "
                                "absorbing or fix the step")

    def _known(self, state: S) -> None:
        _state_key(state, "AbsorbingChain: state")
        if state not in self._index and state not in self.absorbing_states:
            raise QuestionError(f"state {show_value(state)} is not in this chain; its states "
                                f"are {show_value(list(self.states)[:20])}")

    def transition(self, state: S) -> Dist[S]:
        """The distribution of the next state from ``state``."""
        self._known(state)
        if state not in self._rows:
            return Dist.point(state)
        return Dist._trusted(dict(self._rows[state]))

    def transition_matrix(self) -> LabelledMatrix:
        """P over :attr:`states` (transient first), absorbing rows the identity."""
        entries: dict[tuple[Hashable, Hashable], Fraction] = {}
        for s, row in self._rows.items():
            for t, q in row.items():
                entries[s, t] = q
        for a in self.absorbing_states:
            entries[a, a] = Fraction(1)
        return LabelledMatrix(self.states, self.states, entries)

    # -- exact solution ----------------------------------------------------------------------
    def _factor(self) -> tuple[list[dict[int, Fraction]], list[dict[int, Fraction]]]:
        """L and U of I − Q by Gaussian elimination without pivoting.

        I − Q is a nonsingular M-matrix (every transient state reaches absorption), so its
        leading principal minors are positive and no pivot is ever 0.
        """
        if self._factors is None:
            self._check_work(1)
            n = len(self.transient_states)
            upper: list[dict[int, Fraction]] = [{} for _ in range(n)]
            for s, row in self._rows.items():
                i = self._index[s]
                upper[i][i] = Fraction(1)
                for t, q in row.items():
                    j = self._index.get(t)
                    if j is not None:
                        v = upper[i].get(j, Fraction(0)) - q
                        if v:
                            upper[i][j] = v
                        else:
                            upper[i].pop(j, None)
            lower: list[dict[int, Fraction]] = [{} for _ in range(n)]
            # below[k]: the rows under k that may hold an entry in column k, so that each
            # pivot visits only those rows (not all n − k of them).
            below: list[set[int]] = [set() for _ in range(n)]
            for i, row_i in enumerate(upper):
                for j in row_i:
                    if j < i:
                        below[j].add(i)
            for k in range(n):
                pivot = upper[k][k]
                right = [(j, v) for j, v in upper[k].items() if j > k]
                for i in below[k]:
                    a = upper[i].pop(k, None)
                    if a is None:
                        continue
                    f = a / pivot
                    lower[i][k] = f
                    ui = upper[i]
                    for j, v in right:
                        w = ui.get(j, Fraction(0)) - f * v
                        if w:
                            ui[j] = w
                            if j < i:
                                below[j].add(i)
                        else:
                            ui.pop(j, None)
            self._factors = (lower, upper)
        return self._factors

    def _check_work(self, solves: int) -> None:
        """Refuse before any arithmetic if eliminating I − Q (once) and ``solves``
        substitutions need more than ``LIMITS.work`` multiply-adds.

        The count is exact: elimination is run on the pattern of nonzeros alone (sets of
        positions, no Fractions), and stops as soon as the count passes the limit.
        """
        budget = LIMITS.chain_work
        if self._pattern_work is None:
            n = len(self.transient_states)
            upper: list[set[int]] = [set() for _ in range(n)]
            for s, row in self._rows.items():
                i = self._index[s]
                upper[i].add(i)
                upper[i].update(j for t in row if (j := self._index.get(t)) is not None)
            below: list[set[int]] = [set() for _ in range(n)]
            for i, row_i in enumerate(upper):
                for j in row_i:
                    if j < i:
                        below[j].add(i)
            work = 0
            fill = 0
            for k in range(n):
                right = [j for j in upper[k] if j > k]
                for i in below[k]:
                    upper[i].discard(k)
                    work += len(right) + 1
                    fill += 1
                    if work > budget:
                        check_limit("AbsorbingChain (exact elimination)", "chain_work", work,
                                    "multiply-adds", more_than=True)
                    for j in right:
                        if j not in upper[i]:
                            upper[i].add(j)
                            if j < i:
                                below[j].add(i)
            self._pattern_work = (work, fill + sum(len(u) for u in upper))
        elimination, entries = self._pattern_work
        total = (elimination if self._factors is None else 0) + solves * entries
        check_limit("AbsorbingChain (exact solve)", "chain_work", total, "multiply-adds")

    def _solve(self, rhs: list[Fraction]) -> list[Fraction]:
        """x with (I − Q) x = rhs, positions in :attr:`transient_states` order."""
        lower, upper = self._factor()
        n = len(rhs)
        y = list(rhs)
        for i in range(n):
            for k, f in lower[i].items():
                y[i] -= f * y[k]
        x = [Fraction(0)] * n
        for i in range(n - 1, -1, -1):
            acc = y[i]
            for j, v in upper[i].items():
                if j > i:
                    acc -= v * x[j]
            x[i] = acc / upper[i][i]
        return x

    def expected_steps(self, state: S) -> Fraction:
        """Expected number of steps from ``state`` until absorption (0 if absorbing)."""
        self._known(state)
        if state not in self._index:
            return Fraction(0)
        if self._steps is None:
            self._check_work(1)
            self._steps = self._solve([Fraction(1)] * len(self.transient_states))
        return self._steps[self._index[state]]

    def absorption_probabilities(self, state: S) -> dict[S, Fraction]:
        """P(ending in each absorbing state) from ``state``, every absorbing state listed."""
        self._known(state)
        if state not in self._index:
            return {a: Fraction(int(a == state)) for a in self.absorbing_states}
        i = self._index[state]
        out: dict[S, Fraction] = {}
        self._check_work(sum(a not in self._absorb for a in self.absorbing_states))
        for a in self.absorbing_states:
            if a not in self._absorb:
                self._absorb[a] = self._solve([self._rows[s].get(a, Fraction(0))
                                               for s in self.transient_states])
            out[a] = self._absorb[a][i]
        return out

    def fundamental_matrix(self) -> LabelledMatrix:
        """N = (I − Q)⁻¹: N[s, t] is the expected number of visits to ``t`` from ``s``."""
        n = len(self.transient_states)
        check_limit("AbsorbingChain.fundamental_matrix", "outcomes", n * n, "cells")
        self._check_work(n)
        entries: dict[tuple[Hashable, Hashable], Fraction] = {}
        for j, t in enumerate(self.transient_states):
            column = self._solve([Fraction(int(i == j)) for i in range(n)])
            for i, s in enumerate(self.transient_states):
                entries[s, t] = column[i]
        return LabelledMatrix(self.transient_states, self.transient_states, entries)

    # -- step by step ------------------------------------------------------------------------
    def distribution_after(self, n: int, state: S) -> Dist[S]:
        """Where the chain is after ``n`` steps from ``state`` (absorbed states stay)."""
        n = whole(n, "the number of steps (n)", "AbsorbingChain.distribution_after")
        self._known(state)
        # at most one multiply-add per transition per step
        per_step = sum(len(row) for row in self._rows.values()) + len(self.absorbing_states)
        check_limit("AbsorbingChain.distribution_after", "chain_work", n * per_step,
                    "multiply-adds (at most)")
        mass: dict[S, Fraction] = {state: Fraction(1)}
        for _ in range(n):
            nxt: dict[S, Fraction] = {}
            for s, q in mass.items():
                row = self._rows.get(s)
                if row is None:
                    nxt[s] = nxt.get(s, Fraction(0)) + q
                    continue
                for t, r in row.items():
                    nxt[t] = nxt.get(t, Fraction(0)) + q * r
            mass = nxt
        return Dist._trusted(mass)

    def prob_absorbed_by(self, n: int, state: S) -> Fraction:
        """P(absorbed within ``n`` steps from ``state``)."""
        after = self.distribution_after(n, state)
        return sum((q for s, q in after.items() if s not in self._index), Fraction(0))


def _state_key(state: Any, what: str) -> None:
    try:
        hash(state)
    except TypeError:
        raise ArgumentTypeError(what, state, "states must be hashable (numbers, strings, "
                                "tuples …; not lists, dicts or sets)") from None


def _too_many_states(max_states: int) -> None:
    raise LimitError(f"AbsorbingChain.from_transition: more than {max_states} reachable "
                     "states; raise max_states=... (its default is "
                     "boardlab.prob.LIMITS.states) if that is expected",
                     limit="states", value=max_states + 1, allowed=max_states)


def _checked_row(state: Any, row: StepResult) -> dict[Any, Fraction]:
    """The step from ``state`` as a dict of positive Fractions summing to exactly 1."""
    _state_key(state, "AbsorbingChain: a state")
    if isinstance(row, Dist):
        return row.probs
    if not isinstance(row, Mapping):
        raise ArgumentTypeError(f"step({show_value(state)})", row, "expected a Dist or a "
                                "mapping {next_state: probability}")
    check_limit("AbsorbingChain", "states", len(row), "next states")
    out: dict[Any, Fraction] = {}
    for t, q in row.items():
        _state_key(t, f"step({show_value(state)}): a next state")
        p = to_fraction(q, what=f"probability of {show_value(state)} -> {show_value(t)}")
        if p < 0:
            raise QuestionError(f"step({show_value(state)}) gives {show_value(t)} the negative "
                                f"probability {p}")
        if p:
            out[t] = out.get(t, Fraction(0)) + p
    total = sum(out.values(), Fraction(0))
    if total != 1:
        raise QuestionError(f"step({show_value(state)}) probabilities sum to {total}, not 1")
    return out
