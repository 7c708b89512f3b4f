"""Game-agnostic engine: node kinds, the :class:`Rules` protocol and :class:`Match`.

A game is a set of pure functions over immutable states (see :class:`Rules`). A node
is either a *decision* (``to_move`` names the player), a *chance* event
(``to_move`` is :data:`CHANCE`; ``outcomes`` lists exact probabilities) or the end
(``to_move`` is ``None``). :class:`Match` wraps a game with a history: it checks every
choice, keeps ``(choice, events, state_before)`` records for undo and time travel, and
samples chance from a seeded stream that is a function of the history (so undo, load
and branch replay the same dice).

>>> from boardlab.core.engine import CHANCE
>>> CHANCE
'chance'
"""

from __future__ import annotations

import json
import random
from bisect import bisect_right
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from math import gcd, lcm
from typing import Any, Final, NamedTuple, Protocol, runtime_checkable

from boardlab.core.agents import RandomAgent
from boardlab.core.errors import FormatError, IllegalAction
from boardlab.core.events import Event
from boardlab.core.rules import RuleBook, RuleRef

#: ``to_move`` at a chance node.
CHANCE: Final = "chance"

MATCH_FORMAT: Final = "boardlab.match"
POSITION_FORMAT: Final = "boardlab.position"
FORMAT_VERSION: Final = 1


@runtime_checkable
class Rules(Protocol):
    """What a game module provides. All functions are pure; states are immutable."""

    name: str
    book: RuleBook
    setup_type: type
    state_type: type
    choice_types: tuple[type, ...]

    def initial(self, setup: Any) -> Hashable:
        """The state before the first choice."""

    def to_move(self, state: Any) -> str | None:
        """The player to decide, :data:`CHANCE`, or ``None`` at the end."""

    def legal(self, state: Any) -> tuple[Any, ...]:
        """The legal choices at a decision node, unique, in a fixed order."""

    def outcomes(self, state: Any) -> tuple[tuple[Any, Fraction], ...]:
        """Chance outcomes with exact probabilities that sum to 1."""

    def step(self, state: Any, choice: Any) -> tuple[Any, tuple[Event, ...]]:
        """Apply a legal choice or outcome; return the new state and its events."""

    def decision_rule(self, state: Any) -> RuleRef:
        """The rule that governs the pending decision (cited when a choice is refused)."""

    def observe(self, state: Any, player: str) -> Any:
        """What ``player`` may know of ``state``."""

    def invariants(self, state: Any) -> list[str]:
        """Broken invariants of ``state`` (empty when the state is sound)."""

    def scores(self, state: Any) -> dict[str, int]:
        """Points per player (final at the end, provisional before)."""

    # Optional, for speed: ``node(state) -> (to_move, legal or outcomes, step)``, the
    # three answers in one look at the state (``step`` is any function with the
    # signature of :meth:`step`). Bulk play uses it when present; it must agree with
    # the methods above, which :mod:`boardlab.core.conformance` checks.


class Record(NamedTuple):
    """One ply of a match: the choice made, the events it caused, the states around it."""

    choice: Any
    events: tuple[Event, ...]
    before: Any
    after: Any


class OutcomeTable(tuple):  # type: ignore[type-arg]
    """Chance outcomes with exact probabilities, and the integer table to sample them.

    A game returns one from a cached function for its large, long-lived chance nodes
    (dice, a deck): sampling it is then one ``randrange`` and a bisection, with nothing
    recomputed and nothing cached in the engine. It is a tuple of ``(outcome,
    probability)`` pairs like any other outcome list, and as immutable.

    >>> t = OutcomeTable([("a", Fraction(1, 3)), ("b", Fraction(2, 3))])
    >>> t.denominator, t.cumulative, t[1]
    (3, (1, 3), ('b', Fraction(2, 3)))
    """

    denominator: int
    cumulative: tuple[int, ...]

    def __new__(cls, pairs: Iterable[tuple[Any, Fraction]]) -> OutcomeTable:
        table = super().__new__(cls, pairs)
        den, cumulative = _cumulative(table)
        object.__setattr__(table, "denominator", den)
        object.__setattr__(table, "cumulative", cumulative)
        return table

    @classmethod
    def from_counts(cls, counts: Iterable[tuple[Any, int]]) -> OutcomeTable:
        """Outcomes weighted by whole counts (cards of each kind in a deck).

        Each probability is ``count / total``; the sampling table is built from the
        counts directly, with no Fraction arithmetic, and is the very table the
        probabilities give (so sampling draws exactly what it would draw from them).

        >>> t = OutcomeTable.from_counts([("a", 2), ("b", 4)])
        >>> t[0], t.denominator, t.cumulative
        (('a', Fraction(1, 3)), 3, (1, 3))
        """
        outcomes, weights = [], []
        for outcome, n in counts:
            if n.__class__ is not int or n <= 0:
                raise ValueError(f"outcome counts must be positive integers, got {n!r}")
            outcomes.append(outcome)
            weights.append(n)
        if not weights:
            raise ValueError("an outcome table needs at least one outcome")
        total = sum(weights)
        g = gcd(*weights)  # the table of the reduced probabilities: see above
        table = tuple.__new__(cls, [(o, _fraction(n, total))
                                    for o, n in zip(outcomes, weights, strict=True)])
        object.__setattr__(table, "denominator", total // g)
        object.__setattr__(table, "cumulative",
                           tuple(accumulate([n // g for n in weights] if g > 1 else weights)))
        return table

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an OutcomeTable is immutable")


@lru_cache(maxsize=2048)
def _fraction(numerator: int, denominator: int) -> Fraction:
    return Fraction(numerator, denominator)  # immutable: safe to share


def chance_table(outcomes: Sequence[tuple[Any, Fraction]]) -> tuple[int, tuple[int, ...]]:
    """``(denominator, cumulative weights)`` of an outcome list, for exact sampling.

    >>> chance_table([("a", Fraction(1, 6)), ("b", Fraction(5, 6))])
    (6, (1, 6))
    """
    if isinstance(outcomes, OutcomeTable):
        return outcomes.denominator, outcomes.cumulative
    return _cumulative(outcomes)


def _cumulative(outcomes: Sequence[tuple[Any, Fraction]]) -> tuple[int, tuple[int, ...]]:
    den = 1
    for _, p in outcomes:
        den = lcm(den, p.denominator)
    cumulative, acc = [], 0
    for _, p in outcomes:
        acc += p.numerator * (den // p.denominator)
        cumulative.append(acc)
    if acc != den:
        raise ValueError("chance probabilities do not sum to 1")
    return den, tuple(cumulative)


def sample_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """Draw one outcome with its exact probability using ``rng``.

    The draw is exact: a uniform integer below the common denominator picks the
    outcome, so no float rounding ever biases a rare outcome. A node with a single
    outcome consumes nothing from ``rng``.

    >>> from fractions import Fraction
    >>> sample_outcome([("a", Fraction(1, 3)), ("b", Fraction(2, 3))], random.Random(0))
    'b'
    """
    if len(outcomes) == 1:
        return outcomes[0][0]
    if isinstance(outcomes, OutcomeTable):
        den, cumulative = outcomes.denominator, outcomes.cumulative
    else:
        den, cumulative = _cumulative(outcomes)
    return outcomes[bisect_right(cumulative, rng.randrange(den))][0]


def _node_of(rules: Rules) -> Any:
    """``node(state)`` built from the protocol methods, for games without the fast path."""
    to_move, legal, outcomes, step = rules.to_move, rules.legal, rules.outcomes, rules.step

    def node(state: Any) -> tuple[str | None, Any, Any]:
        mover = to_move(state)
        if mover is None:
            return None, (), None
        return mover, outcomes(state) if mover == CHANCE else legal(state), step
    return node


def _advance(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> None:
    """Consume from ``rng`` exactly what :func:`sample_outcome` would, and nothing else."""
    if len(outcomes) > 1:
        rng.randrange(chance_table(outcomes)[0])


def _fresh_seed() -> int:
    """A seed from the operating system's entropy, for a match created without one."""
    return random.SystemRandom().getrandbits(63)


_INLINE: list[bool] = []  # whether _randbelow may be written out (checked once)


def _inline_randbelow() -> bool:
    """Whether ``random.Random._randbelow`` is the draw :meth:`Match._play` writes out.

    CPython's ``_randbelow_with_getrandbits(n)`` draws ``getrandbits(n.bit_length())``
    until the value is below ``n``. ``_play`` repeats those draws inline; this checks
    once per process, on a few hundred draws, that this Python's ``_randbelow`` gives
    exactly the same values, and otherwise ``_play`` calls it.
    """
    if not _INLINE:
        ok = (random.Random._randbelow  # type: ignore[attr-defined]  # CPython's draw
              is random.Random._randbelow_with_getrandbits)  # type: ignore[attr-defined]
        if ok:
            a, b = random.Random(12345), random.Random(12345)
            for n in (*range(1, 70), 126, 127, 128, 129, 1000, 1296, 65536):
                for _ in range(3):
                    k = n.bit_length()
                    r = b.getrandbits(k)
                    while r >= n:
                        r = b.getrandbits(k)
                    if a._randbelow(n) != r:  # type: ignore[attr-defined]
                        ok = False
        _INLINE.append(ok)
    return _INLINE[0]


def _uniform_bits(agent: Any) -> Any:
    """``getrandbits`` of a plain random agent (whose pick ``_play`` draws), else None."""
    if type(agent) is RandomAgent:
        return agent.rng.getrandbits
    return None


_SAME: Any = object()
_new_tuple = tuple.__new__  # a Record from a plain tuple: no per-ply keyword parsing


class Match:
    """A match in progress: a game, a setup, and the history of choices.

    ``push`` checks legality (an illegal choice raises :class:`IllegalAction` and
    changes nothing); ``pop`` undoes the last ply; ``seek`` moves through the history
    without forgetting it; ``branch`` starts an independent match from any ply.

    **Chance is a function of the seed and the history.** ``roll()`` draws from one
    ``random.Random(seed)`` stream, and the stream at ply *p* is always the seed's
    stream advanced by one draw per chance ply before *p* (a draw consumes
    ``randrange(denominator)`` when the node has more than one outcome, exactly what
    :func:`sample_outcome` does). So roll → pop → roll draws the same outcome again,
    ``seek``, ``branch`` and ``from_json`` replay exactly, and a match saved mid-game
    continues with the same dice once loaded. A chance outcome pushed by hand (a
    what-if) advances the stream as a roll would. ``seed=None`` picks a seed from the
    operating system and keeps it in :attr:`seed`, so even such a match reloads with
    its dice. ``branch(seed=...)`` explores other dice on purpose.

    >>> from tests.core.toy import RULES, ToySetup
    >>> m = Match(RULES, ToySetup(), seed=4)
    >>> first = m.roll()
    >>> m.pop() == first and m.roll() == first
    True
    """

    def __init__(self, rules: Rules, setup: Any, *, seed: int | None = None,
                 state: Any = None) -> None:
        self.rules = rules
        self.setup = setup
        self.seed: int = _check_seed(seed)
        self._root = rules.initial(setup) if state is None else state
        self._records: list[Record] = []
        self._cursor = 0
        self._state = self._root
        # The live stream holds the draws of the chance plies in _records[:_stream_ply]
        # (-1: it holds draws of plies no longer in the history and must be rebuilt).
        self._stream = random.Random(self.seed)
        self._stream_ply = 0
        self._legal_for: Any = None
        self._legal: tuple[Any, ...] = ()
        self._mover_for: Any = None
        self._mover: str | None = None

    # -- the position -------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state (immutable)."""
        return self._state

    @property
    def root(self) -> Any:
        """The state before the first recorded ply."""
        return self._root

    @property
    def ply(self) -> int:
        """How many plies lead to the current state."""
        return self._cursor

    @property
    def to_move(self) -> str | None:
        """Whose decision it is, :data:`CHANCE`, or ``None`` when the match is over."""
        state = self._state
        if self._mover_for is not state:
            self._mover_for, self._mover = state, self.rules.to_move(state)
        return self._mover

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def legal(self) -> tuple[Any, ...]:
        """Legal choices here; at a chance node, the possible outcomes.

        The same tuple (and the same choice objects) until the position changes, so a
        choice taken from it is recognised by identity when pushed.
        """
        state = self._state
        if self._legal_for is not state:
            mover = self.to_move
            if mover is None:
                legal: tuple[Any, ...] = ()
            elif mover == CHANCE:
                legal = tuple(o for o, _ in self.rules.outcomes(state))
            else:
                legal = self.rules.legal(state)
            self._legal_for, self._legal = state, legal
        return self._legal

    def outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """``(outcome, probability)`` pairs at a chance node (empty elsewhere)."""
        if self.to_move != CHANCE:
            return ()
        return tuple(self.rules.outcomes(self._state))

    def observe(self, player: str) -> Any:
        """What ``player`` may know of the current state."""
        return self.rules.observe(self._state, player)

    def scores(self) -> dict[str, int]:
        return self.rules.scores(self._state)

    # -- history --------------------------------------------------------------
    @property
    def records(self) -> tuple[Record, ...]:
        """The plies up to the current one."""
        return tuple(self._records[: self._cursor])

    @property
    def choices(self) -> tuple[Any, ...]:
        return tuple(r.choice for r in self._records[: self._cursor])

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event up to the current ply, in order."""
        return tuple(e for r in self._records[: self._cursor] for e in r.events)

    @property
    def last_events(self) -> tuple[Event, ...]:
        return self._records[self._cursor - 1].events if self._cursor else ()

    def push(self, choice: Any) -> tuple[Event, ...]:
        """Apply ``choice`` (or a chance outcome, for what-ifs) and return its events.

        Raises :class:`IllegalAction` naming the governing rule if the choice is not
        legal here; the match is then unchanged. A choice taken from :meth:`legal` is
        recognised by identity; any other that equals a legal one is replaced by that
        legal object, so the rules and the record only ever see the game's own choices.
        """
        legal = self._legal if self._legal_for is self._state else self.legal()
        for c in legal:
            if c is choice:
                break
        else:
            choice = self._canonical(choice, legal)
        if self._mover == CHANCE and self._stream_ply == self._cursor:
            _advance(self.rules.outcomes(self._state), self._stream)
        return self._apply(choice)

    def _play(self, agents: Mapping[str, Any], uses_view: Mapping[str, bool],
              max_plies: int) -> bool:
        """Play on with ``agents`` until the end (True) or ``max_plies`` plies (False).

        Bulk play for :func:`boardlab.core.simulate.play_out`: exactly the plies, checks,
        records and chance draws of ``roll()`` and ``push()`` called in a loop, without
        their per-call bookkeeping. A refused choice raises :class:`IllegalAction` with
        the match at the ply where it was refused.

        A :class:`~boardlab.core.agents.RandomAgent`'s pick and a chance draw are the
        same ``_randbelow`` draw written out in the loop (see :func:`_uniform_bits`): a
        call per ply less, and a choice taken from ``legal`` needs no identity check.
        """
        rules = self.rules
        node = getattr(rules, "node", None) or _node_of(rules)
        observe = rules.observe
        inline = _inline_randbelow()
        # Per player: the agent's choose method, whether it reads a view, and the
        # getrandbits of a random agent whose pick is drawn here (None: call choose).
        choosers = {p: (agent.choose, uses_view[p],
                        _uniform_bits(agent) if inline else None)
                    for p, agent in agents.items()}
        records = self._records
        if len(records) != self._cursor:
            del records[self._cursor:]
            if self._stream_ply > self._cursor:
                self._stream_ply = -1
        if self._stream_ply != self._cursor:
            self._sync_stream()
        append = records.append
        # randrange(n) for n >= 2 is exactly _randbelow(n): the same draw as roll() makes.
        below = self._stream._randbelow  # type: ignore[attr-defined]
        stream_bits = self._stream.getrandbits if inline else None
        state, cursor = self._state, self._cursor
        drawn = False  # a draw made for a ply not recorded yet
        try:
            for _ in range(max_plies):
                mover, options, step = node(state)
                if mover is None:
                    return True
                if mover == CHANCE:
                    outcomes = options
                    if len(outcomes) == 1:
                        choice = outcomes[0][0]
                    else:
                        if outcomes.__class__ is OutcomeTable:
                            den, cumulative = outcomes.denominator, outcomes.cumulative
                        else:
                            den, cumulative = chance_table(outcomes)
                        if stream_bits is not None:  # _randbelow(den), written out
                            k = den.bit_length()
                            r = stream_bits(k)
                            while r >= den:
                                r = stream_bits(k)
                        else:
                            r = below(den)
                        choice = outcomes[bisect_right(cumulative, r)][0]
                        drawn = True
                else:
                    legal = options
                    choose, viewing, bits = choosers[mover]
                    n = len(legal)
                    if bits is not None and n:  # RandomAgent.choose, written out
                        k = n.bit_length()
                        r = bits(k)
                        while r >= n:
                            r = bits(k)
                        choice = legal[r]
                    else:
                        choice = choose(observe(state, mover) if viewing else None, legal)
                        for c in legal:  # a choice taken from legal: recognised by identity
                            if c is choice:
                                break
                        else:
                            self._state, self._cursor = state, cursor
                            choice = self._canonical(choice, legal)
                new_state, events = step(state, choice)
                append(_new_tuple(Record, (choice, events, state, new_state)))
                state = new_state
                cursor += 1
                drawn = False
            return False
        finally:
            self._state, self._cursor = state, cursor
            self._stream_ply = -1 if drawn else cursor

    def push_index(self, index: int) -> tuple[Event, ...]:
        """Apply ``legal()[index]`` (an outcome's index at a chance node).

        >>> from tests.core.toy import RULES, ToySetup
        >>> m = Match(RULES, ToySetup(), seed=1)
        >>> m.push_index(0)[0].summary, m.legal()
        ('heads', (Add(amount=1), Add(amount=2)))
        """
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"a choice index is an integer, got {index!r}")
        legal = self._legal if self._legal_for is self._state else self.legal()
        if not 0 <= index < len(legal):
            raise IllegalAction(f"choice index {index} outside 0..{len(legal) - 1}"
                                if legal else "there is no choice to make here",
                                rule=self.rules.decision_rule(self._state), legal=legal)
        if self._mover == CHANCE and self._stream_ply == self._cursor:
            _advance(self.rules.outcomes(self._state), self._stream)
        return self._apply(legal[index])

    def _canonical(self, choice: Any, legal: tuple[Any, ...]) -> Any:
        """The legal object equal to ``choice``, or :class:`IllegalAction`."""
        mover = self.to_move
        if mover is None:
            raise IllegalAction(f"the match is over; {choice} cannot be played",
                                rule=self.rules.decision_rule(self._state))
        for c in legal:
            if c == choice:
                return c
        what = "outcome" if mover == CHANCE else f"choice for {mover}"
        raise IllegalAction(f"{choice} is not a legal {what}",
                            rule=self.rules.decision_rule(self._state), legal=legal)

    def _apply(self, choice: Any) -> tuple[Event, ...]:
        """Apply a legal choice; the caller has advanced the stream for a chance ply."""
        state = self._state
        new_state, events = self.rules.step(state, choice)
        cursor = self._cursor
        records = self._records
        if len(records) != cursor:  # pushed after a seek back: the old future goes
            del records[cursor:]
            if self._stream_ply > cursor:
                self._stream_ply = -1
        records.append(_new_tuple(Record, (choice, events, state, new_state)))
        if self._stream_ply == cursor:
            self._stream_ply = cursor + 1
        self._cursor = cursor + 1
        self._state = new_state
        return events

    def roll(self) -> Any:
        """Sample the chance node (see the class notes on chance), push it, return it."""
        if self.to_move != CHANCE:
            raise IllegalAction("there is no chance event to roll here",
                                rule=self.rules.decision_rule(self._state))
        if self._stream_ply != self._cursor:
            self._sync_stream()
        outcome = sample_outcome(self.rules.outcomes(self._state), self._stream)
        self._apply(outcome)  # drawn from the outcomes themselves: legal by construction
        return outcome

    def _sync_stream(self) -> None:
        """Bring the live stream to the current ply by replaying the history's draws."""
        if not 0 <= self._stream_ply <= self._cursor:
            self._stream, self._stream_ply = random.Random(self.seed), 0
        rules, stream = self.rules, self._stream
        for record in self._records[self._stream_ply:self._cursor]:
            if rules.to_move(record.before) == CHANCE:
                _advance(rules.outcomes(record.before), stream)
        self._stream_ply = self._cursor

    @property
    def rng(self) -> random.Random:
        """A copy of the chance stream at the current ply (changing it changes nothing).

        Its ``getstate()`` tells where the dice stand; the match's own stream is a
        function of :attr:`seed` and the history (see the class notes).
        """
        if self._stream_ply != self._cursor:
            self._sync_stream()
        copy = random.Random()
        copy.setstate(self._stream.getstate())
        return copy

    def pop(self) -> Any:
        """Undo the last ply (forgetting any plies after it) and return its choice."""
        if self._cursor == 0:
            raise IndexError("pop from a match with no plies")
        cursor = self._cursor
        record = self._records[cursor - 1]
        del self._records[cursor - 1:]
        if self._stream_ply > cursor or (
                self._stream_ply == cursor and self.rules.to_move(record.before) == CHANCE):
            self._stream_ply = -1  # it holds a draw that is no longer in the history
        elif self._stream_ply == cursor:
            self._stream_ply = cursor - 1  # a decision drew nothing
        self._cursor = cursor - 1
        self._state = record.before
        return record.choice

    def seek(self, ply: int) -> None:
        """Move to ``ply`` (0 … number of recorded plies) without forgetting the rest."""
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise TypeError(f"a ply is an integer, got {ply!r}")
        if not 0 <= ply <= len(self._records):
            raise IndexError(f"ply {ply} outside 0..{len(self._records)}")
        self._cursor = ply
        self._state = self._state_at(ply)

    def _state_at(self, ply: int) -> Any:
        return self._records[ply - 1].after if ply else self._root

    @property
    def recorded_plies(self) -> int:
        """All recorded plies, including those after the cursor (after a seek back)."""
        return len(self._records)

    def branch(self, ply: int | None = None, *, seed: int | None = _SAME) -> Match:
        """A new, independent match with this one's history up to ``ply``.

        By default it keeps this match's seed, so its chance draws are the ones this
        match would make (common random numbers: what a what-if comparison wants);
        ``seed=`` another seed explores other dice from the same history.
        """
        ply = self._cursor if ply is None else ply
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise TypeError(f"a ply is an integer, got {ply!r}")
        if not 0 <= ply <= len(self._records):
            raise IndexError(f"ply {ply} outside 0..{len(self._records)}")
        other = Match.__new__(Match)
        other.rules, other.setup = self.rules, self.setup
        other.seed = self.seed if seed is _SAME else _check_seed(seed)
        other._root = self._root
        other._records = self._records[:ply]
        other._cursor = ply
        other._state = self._state_at(ply)
        other._stream = random.Random(other.seed)
        other._stream_ply = 0
        if other.seed == self.seed and 0 <= self._stream_ply <= ply:
            other._stream.setstate(self._stream.getstate())
            other._stream_ply = self._stream_ply
        other._legal_for, other._legal = None, ()
        other._mover_for, other._mover = None, None
        return other

    # -- files ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The match record as plain data: setup, seed and every choice and outcome."""
        from boardlab.core.serialize import encode

        record: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "version": FORMAT_VERSION,
            "game": self.rules.name,
            "setup": encode(self.setup),
            "seed": self.seed,
            "choices": [encode(c) for c in self.choices],
        }
        if self._root != self.rules.initial(self.setup):
            record["start"] = encode(self._root)
        return record

    def to_json(self, *, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, rules: Rules, text: str | Mapping[str, Any]) -> Match:
        """Rebuild a match from :meth:`to_json` output, replaying every choice.

        Every field is validated; a problem raises :class:`FormatError` with its path.
        """
        from boardlab.core.serialize import decode, decode_choice, load_json_object

        data = load_json_object(text)
        _check_header(data, MATCH_FORMAT, rules.name)
        for key in ("setup", "choices"):
            if key not in data:
                raise FormatError(key, "missing")
        unknown = set(data) - {"format", "version", "game", "setup", "seed", "choices", "start"}
        if unknown:
            raise FormatError(sorted(unknown)[0], "unknown field")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise FormatError("seed", f"expected an integer or null, got {seed!r}")
        setup = decode(data["setup"], rules.setup_type, "setup")
        start = None
        if "start" in data:
            start = decode(data["start"], rules.state_type, "start")
            broken = rules.invariants(start)
            if broken:
                raise FormatError("start", broken[0])
        try:
            match = cls(rules, setup, seed=seed, state=start)
        except ValueError as err:
            raise FormatError("setup", str(err)) from err
        choices = data["choices"]
        if not isinstance(choices, list):
            raise FormatError("choices", "expected a list")
        for i, raw in enumerate(choices):
            choice = decode_choice(raw, rules.choice_types, f"choices[{i}]")
            try:
                match.push(choice)
            except IllegalAction as err:
                raise FormatError(f"choices[{i}]", str(err)) from err
        return match

    def _repr_svg_(self) -> str | None:
        """The current state's SVG picture, if the game's states draw themselves."""
        draw = getattr(self._state, "_repr_svg_", None)
        return draw() if draw is not None else None

    def __repr__(self) -> str:
        return (f"<Match {self.rules.name} ply={self._cursor} "
                f"to_move={self.to_move!r} seed={self.seed!r}>")


def _check_seed(seed: Any) -> int:
    if seed is None:
        return _fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a match's seed is an integer or None, got {seed!r}")
    return seed


def _check_header(data: Mapping[str, Any], fmt: str, game: str) -> None:
    if data.get("format") != fmt:
        raise FormatError("format", f"expected {fmt!r}, got {data.get('format')!r}")
    if data.get("version") != FORMAT_VERSION:
        raise FormatError("version", f"unsupported version {data.get('version')!r} "
                                     f"(this boardlab reads {FORMAT_VERSION})")
    if data.get("game") != game:
        raise FormatError("game", f"expected {game!r}, got {data.get('game')!r}")


def position_to_json(rules: Rules, state: Any, *, indent: int | None = None) -> str:
    """Any position as versioned JSON (no history)."""
    from boardlab.core.serialize import encode

    return json.dumps({"format": POSITION_FORMAT, "version": FORMAT_VERSION,
                       "game": rules.name, "state": encode(state)}, indent=indent)


def position_from_json(rules: Rules, text: str | Mapping[str, Any]) -> Any:
    """Read a position written by :func:`position_to_json`, validating every field."""
    from boardlab.core.serialize import decode, load_json_object

    data = load_json_object(text)
    _check_header(data, POSITION_FORMAT, rules.name)
    if "state" not in data:
        raise FormatError("state", "missing")
    state = decode(data["state"], rules.state_type, "state")
    broken = rules.invariants(state)
    if broken:
        raise FormatError("state", broken[0])
    return state
