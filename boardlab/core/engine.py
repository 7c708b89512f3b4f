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
CHANCE
"""


from __future__ import annotations

import json
import random
from bisect import bisect_right
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Generic

from boardlab.core.agents import seeded_random
from boardlab.core.chance import CHANCE, Chance
from boardlab.core.errors import ArgumentTypeError, IllegalAction, PlyError, describe
from boardlab.core.events import Event, as_events

# The engine's parts live in modules by topic; their public and semi-public names stay
# importable from here (``from boardlab.core.engine import OutcomeTable`` ...).
from boardlab.core.matchfile import (
    FORMAT_VERSION,
    MATCH_FORMAT,
    MAX_SEED_BITS,
    POSITION_FORMAT,
    SEED_NOT_GIVEN,
    _check_instance,
    _check_rules,
    _check_start,
    check_indent,
    check_seed,
    match_from_json,
    match_to_dict,
    position_from_json,
    position_to_json,
    seed_default,
)
from boardlab.core.outcomes import (
    OutcomeTable,
    _advance,
    _inline_randbelow,
    _node_of,
    _uniform_bits,
    chance_table,
    sample_outcome,
)
from boardlab.core.protocol import C, ParsesChoices, Record, Rules, S, ToMove
from boardlab.core.soundness import check_start

__all__ = [
    "CHANCE", "FORMAT_VERSION", "MATCH_FORMAT", "MAX_SEED_BITS", "POSITION_FORMAT",
    "SEED_NOT_GIVEN", "Chance", "Match", "OutcomeTable", "ParsesChoices", "Record", "Rules",
    "ToMove", "chance_table", "check_seed", "position_from_json", "position_to_json",
    "sample_outcome", "seed_default",
]

_SAME: Any = object()
_new_tuple = tuple.__new__  # a Record from a plain tuple: no per-ply keyword parsing
# A ply is stored as a plain ``(choice, events, before, after)`` tuple (a tuple from the
# free list costs a fraction of a Record, made and freed) and becomes a Record, in
# place, the first time ``records`` hands it out: the Records stay a prefix of the list.
_CHOICE, _EVENTS, _BEFORE, _AFTER = 0, 1, 2, 3


class Match(Generic[S, C]):
    """A match in progress: a game, a setup, and the history of choices.

    ``Match[S, C]`` is generic like its :class:`Rules`. ``push`` checks legality (an
    illegal choice raises :class:`IllegalAction` and changes nothing); ``pop`` undoes
    the last ply; ``seek`` moves through the history without forgetting it; ``branch``
    starts an independent match from any ply. A bad argument to any of them (a ply that
    is not a whole number or that the match does not have, a seed that is not an int)
    raises a boardlab error naming the argument, with the match untouched.

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

    **Choices from text.** ``push("add 2")`` reads the choice from text: the game's
    ``parse_choice`` hook if it has one (see :class:`ParsesChoices`), else each legal
    choice's own ``str()`` form, case-insensitively; text that names no legal choice
    raises :class:`~boardlab.core.errors.ChoiceTextError` listing the legal ones.

    >>> from tests.core.toy import RULES, ToySetup
    >>> m = Match(RULES, ToySetup(), seed=4)
    >>> first = m.roll()
    >>> m.pop() == first and m.roll() == first
    True
    >>> m.push("Add 1")[0].summary
    '+1'
    >>> m.push("add 7")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ChoiceTextError: 'add 7' names no legal outcome [T-1 Toy, Turn]. ...
    """

    def __init__(self, rules: Rules[S, C], setup: Any, *, seed: int | None = None,
                 state: S | None = None) -> None:
        self._seed: int = check_seed(seed)
        _check_rules(rules)
        _check_instance("setup", setup, getattr(rules, "setup_type", None))
        if state is not None:
            _check_instance("state", state, getattr(rules, "state_type", None))
            _check_start(state, setup)
            check_start(rules, state, "state")  # possible, and the match can go on
        self._rules = rules
        self._setup = setup
        self._root: S = rules.initial(setup) if state is None else state
        self._records: list[Any] = []  # plain tuples, then Records (see _AFTER)
        self._cursor = 0
        self._state: S = self._root
        # The live stream holds the draws of the chance plies in _records[:_stream_ply]
        # (-1: it holds draws of plies no longer in the history and must be rebuilt).
        self._stream = seeded_random(self._seed)
        self._stream_ply = 0
        self._legal_for: Any = None
        self._legal: tuple[C, ...] = ()
        self._mover_for: Any = None
        self._mover: ToMove = None

    # -- what the match is ----------------------------------------------------
    @property
    def rules(self) -> Rules[S, C]:
        """The game's rules."""
        return self._rules

    @property
    def setup(self) -> Any:
        """The setup the match was started from."""
        return self._setup

    @property
    def seed(self) -> int:
        """The seed of chance (picked from the operating system when none was given)."""
        return self._seed

    # -- the position -------------------------------------------------------
    @property
    def state(self) -> S:
        """The current state (immutable)."""
        return self._state

    @property
    def root(self) -> S:
        """The state before the first recorded ply."""
        return self._root

    @property
    def ply(self) -> int:
        """How many plies lead to the current state."""
        return self._cursor

    @property
    def to_move(self) -> ToMove:
        """Whose decision it is, :data:`CHANCE`, or ``None`` when the match is over."""
        state = self._state
        if self._mover_for is not state:
            self._mover_for, self._mover = state, self._rules.to_move(state)
        return self._mover

    @property
    def is_over(self) -> bool:
        """Whether the match has ended (``to_move`` is ``None``)."""
        return self.to_move is None

    def legal(self) -> tuple[C, ...]:
        """Legal choices here; at a chance node, the possible outcomes.

        The same tuple (and the same choice objects) until the position changes, so a
        choice taken from it is recognised by identity when pushed.
        """
        state = self._state
        if self._legal_for is not state:
            mover = self.to_move
            if mover is None:
                legal: tuple[C, ...] = ()
            elif mover is CHANCE:
                legal = tuple(o for o, _ in self._rules.outcomes(state))
            else:
                legal = self._rules.legal(state)
            self._legal_for, self._legal = state, legal
        return self._legal

    def outcomes(self) -> tuple[tuple[C, Fraction], ...]:
        """``(outcome, probability)`` pairs at a chance node (empty elsewhere)."""
        if self.to_move is not CHANCE:
            return ()
        return tuple(self._rules.outcomes(self._state))

    def observe(self, player: str) -> Any:
        """What ``player`` may know of the current state."""
        return self._rules.observe(self._state, player)

    def scores(self) -> dict[str, int]:
        """Points per player now (final once the match is over)."""
        return self._rules.scores(self._state)

    # -- history --------------------------------------------------------------
    @property
    def records(self) -> tuple[Record[S, C], ...]:
        """The plies up to the current one."""
        records, cursor = self._records, self._cursor
        i = cursor - 1
        while i >= 0 and records[i].__class__ is not Record:  # convert the plain tail
            r = records[i]
            records[i] = _new_tuple(Record, (r[0], as_events(r[1]), r[2], r[3]))
            i -= 1
        return tuple(records[:cursor])

    @property
    def choices(self) -> tuple[C, ...]:
        """The choices and outcomes of the plies up to the current one."""
        return tuple(r[_CHOICE] for r in self._records[: self._cursor])

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event up to the current ply, in order."""
        out: list[Event] = []
        for ply in range(self._cursor):
            out.extend(self._events_of(ply))
        return tuple(out)

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the last ply (empty before the first)."""
        return self._events_of(self._cursor - 1) if self._cursor else ()

    def _events_of(self, ply: int) -> tuple[Event, ...]:
        """The events of ``_records[ply]``, its event rows made Events (once)."""
        record = self._records[ply]
        events: tuple[Event, ...] = record[_EVENTS]
        for e in events:
            if e.__class__ is tuple:  # rows from a fast step: made Events and kept
                events = as_events(events)
                self._records[ply] = (record[0], events, record[2], record[3])
                break
        return events

    def push(self, choice: C | str) -> tuple[Event, ...]:
        """Apply ``choice`` (or a chance outcome, for what-ifs) and return its events.

        Raises :class:`IllegalAction` naming the governing rule if the choice is not
        legal here; the match is then unchanged. A choice taken from :meth:`legal` is
        recognised by identity; any other that equals a legal one is replaced by that
        legal object, so the rules and the record only ever see the game's own choices.
        Text is read as the choice it names (see the class notes).
        """
        legal = self._legal if self._legal_for is self._state else self.legal()
        for chosen in legal:
            if chosen is choice:
                break
        else:
            chosen = self._canonical(self.parse(choice) if isinstance(choice, str) else choice,
                                     legal)
        if self._mover is CHANCE and self._stream_ply == self._cursor:
            _advance(self._rules.outcomes(self._state), self._stream)
        return self._apply(chosen)

    def parse(self, text: str) -> C:
        """The legal choice (or outcome) ``text`` names here, without playing it.

        >>> from tests.core.toy import RULES, ToySetup
        >>> m = Match(RULES, ToySetup(), seed=1)
        >>> m.roll() and m.parse("ADD 1")
        Add(amount=1)
        """
        from boardlab.core.text import parse_choice

        choice: C = parse_choice(self._rules, self._state, text, self.legal())
        return choice

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
        node, observe, draws, choosers, append, below, stream_bits = self._play_setup(
            agents, uses_view)
        # _play_setup cut the history at the cursor: the cursor is its length throughout.
        records, state = self._records, self._state
        drawn = False  # a draw made for a ply not recorded yet
        try:
            for _ in range(max_plies):
                mover, options, step = node(state)
                if mover is None:
                    return True
                if mover is CHANCE:  # options: the outcomes
                    if len(options) == 1:
                        choice = options[0][0]
                    else:
                        if options.__class__ is OutcomeTable:
                            den, cumulative = options.denominator, options.cumulative
                        else:
                            den, cumulative = chance_table(options)
                        if stream_bits is not None:  # _randbelow(den), written out
                            k = den.bit_length()
                            r = stream_bits(k)
                            while r >= den:
                                r = stream_bits(k)
                        else:
                            r = below(den)
                        choice = options[bisect_right(cumulative, r)][0]
                        drawn = True
                else:  # options: the legal choices
                    bits = draws[mover]
                    n = len(options)
                    if bits is not None and n:  # RandomAgent.choose, written out
                        k = n.bit_length()
                        r = bits(k)
                        while r >= n:
                            r = bits(k)
                        choice = options[r]
                    else:
                        choose, viewing = choosers[mover]
                        choice = choose(observe(state, mover) if viewing else None, options)
                        for c in options:  # a choice taken from legal: recognised by identity
                            if c is choice:
                                break
                        else:
                            self._state, self._cursor = state, len(records)
                            choice = self._canonical(choice, options)
                new_state, events = step(state, choice)
                append((choice, events, state, new_state))
                state = new_state
                drawn = False
            return False
        finally:
            cursor = len(records)
            self._state, self._cursor = state, cursor
            self._stream_ply = -1 if drawn else cursor

    def _play_setup(self, agents: Mapping[str, Any], uses_view: Mapping[str, bool]
                    ) -> tuple[Any, Any, dict[str, Any], dict[str, Any], Any, Any, Any]:
        """What :meth:`_play`'s loop reads, looked up once before it: the node function,
        ``observe``, the draws and the choosers, the record's ``append`` and the stream's
        two draws (the future after a seek back is dropped and the stream brought to the
        ply)."""
        rules = self._rules
        node = getattr(rules, "node", None) or _node_of(rules)
        inline = _inline_randbelow()
        # Per player: the getrandbits of a random agent whose pick is drawn here (None:
        # call its choose), and the agent's choose method with whether it reads a view.
        draws = {p: _uniform_bits(agent) if inline else None for p, agent in agents.items()}
        choosers = {p: (agent.choose, uses_view[p]) for p, agent in agents.items()}
        records = self._records
        if len(records) != self._cursor:
            del records[self._cursor:]
            if self._stream_ply > self._cursor:
                self._stream_ply = -1
        if self._stream_ply != self._cursor:
            self._sync_stream()
        # randrange(n) for n >= 2 is exactly _randbelow(n): the same draw as roll() makes.
        below = self._stream._randbelow  # type: ignore[attr-defined]
        stream_bits = self._stream.getrandbits if inline else None
        return node, rules.observe, draws, choosers, records.append, below, stream_bits

    def push_index(self, index: int) -> tuple[Event, ...]:
        """Apply ``legal()[index]`` (an outcome's index at a chance node).

        >>> from tests.core.toy import RULES, ToySetup
        >>> m = Match(RULES, ToySetup(), seed=1)
        >>> m.push_index(0)[0].summary, m.legal()
        ('heads', (Add(amount=1), Add(amount=2)))
        """
        if isinstance(index, bool) or not isinstance(index, int):
            raise ArgumentTypeError("index", index, "a choice index is a whole number")
        legal = self._legal if self._legal_for is self._state else self.legal()
        if not 0 <= index < len(legal):
            raise IllegalAction(f"choice index {index} outside 0..{len(legal) - 1}"
                                if legal else "there is no choice to make here",
                                rule=self._rules.decision_rule(self._state), legal=legal)
        if self._mover is CHANCE and self._stream_ply == self._cursor:
            _advance(self._rules.outcomes(self._state), self._stream)
        return self._apply(legal[index])

    def _canonical(self, choice: Any, legal: tuple[C, ...]) -> C:
        """The legal object equal to ``choice``, or :class:`IllegalAction`."""
        mover = self.to_move
        if mover is None:
            raise IllegalAction(f"the match is over; {describe(choice)} cannot be played",
                                rule=self._rules.decision_rule(self._state))
        for c in legal:
            try:
                if c == choice:
                    return c
            except Exception:  # noqa: BLE001 - a hostile __eq__ is a choice that is not legal
                break
        what = "outcome" if mover is CHANCE else f"choice for {mover}"
        raise IllegalAction(f"{describe(choice)} is not a legal {what}",
                            rule=self._rules.decision_rule(self._state), legal=legal)

    def _apply(self, choice: C) -> tuple[Event, ...]:
        """Apply a legal choice; the caller has advanced the stream for a chance ply."""
        state = self._state
        new_state, events = self._rules.step(state, choice)
        cursor = self._cursor
        records = self._records
        if len(records) != cursor:  # pushed after a seek back: the old future goes
            del records[cursor:]
            if self._stream_ply > cursor:
                self._stream_ply = -1
        records.append((choice, events, state, new_state))
        if self._stream_ply == cursor:
            self._stream_ply = cursor + 1
        self._cursor = cursor + 1
        self._state = new_state
        return events

    def roll(self) -> C:
        """Sample the chance node (see the class notes on chance), push it, return it."""
        if self.to_move is not CHANCE:
            raise IllegalAction("there is no chance event to roll here",
                                rule=self._rules.decision_rule(self._state))
        if self._stream_ply != self._cursor:
            self._sync_stream()
        outcome: C = sample_outcome(self._rules.outcomes(self._state), self._stream)
        self._apply(outcome)  # drawn from the outcomes themselves: legal by construction
        return outcome

    def _sync_stream(self) -> None:
        """Bring the live stream to the current ply by replaying the history's draws."""
        if not 0 <= self._stream_ply <= self._cursor:
            self._stream, self._stream_ply = seeded_random(self._seed), 0
        rules, stream = self._rules, self._stream
        for record in self._records[self._stream_ply:self._cursor]:
            if rules.to_move(record[_BEFORE]) is CHANCE:
                _advance(rules.outcomes(record[_BEFORE]), stream)
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

    def pop(self) -> C:
        """Undo the last ply (forgetting any plies after it) and return its choice.

        With no ply to undo it raises :class:`~boardlab.core.errors.PlyError` (an
        ``IndexError``, as ``[].pop()`` does).
        """
        if self._cursor == 0:
            raise PlyError("pop", self._cursor, "the match has no ply to undo")
        cursor = self._cursor
        record = self._records[cursor - 1]
        del self._records[cursor - 1:]
        if self._stream_ply > cursor or (
                self._stream_ply == cursor and self._rules.to_move(record[_BEFORE]) is CHANCE):
            self._stream_ply = -1  # it holds a draw that is no longer in the history
        elif self._stream_ply == cursor:
            self._stream_ply = cursor - 1  # a decision drew nothing
        self._cursor = cursor - 1
        self._state = record[_BEFORE]
        choice: C = record[_CHOICE]
        return choice

    def seek(self, ply: int) -> None:
        """Move to ``ply`` (0 … number of recorded plies) without forgetting the rest."""
        ply = self._check_ply(ply)
        self._cursor = ply
        self._state = self._state_at(ply)

    def _check_ply(self, ply: Any) -> int:
        """``ply`` if the match has it; else a boardlab error naming it (nothing changes)."""
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise ArgumentTypeError("ply", ply, "a ply is a whole number")
        if not 0 <= ply <= len(self._records):
            raise PlyError("ply", ply, f"this match has plies 0..{len(self._records)}")
        return ply

    def _state_at(self, ply: int) -> S:
        after: S = self._records[ply - 1][_AFTER] if ply else self._root
        return after

    @property
    def recorded_plies(self) -> int:
        """All recorded plies, including those after the cursor (after a seek back)."""
        return len(self._records)

    def branch(self, ply: int | None = None, *, seed: int | None = _SAME) -> Match[S, C]:
        """A new, independent match with this one's history up to ``ply``.

        By default it keeps this match's seed, so its chance draws are the ones this
        match would make (common random numbers: what a what-if comparison wants);
        ``seed=`` another seed explores other dice from the same history (``None``: a
        fresh one).
        """
        ply = self._cursor if ply is None else self._check_ply(ply)
        new_seed = self._seed if seed is _SAME else check_seed(seed)
        other: Match[S, C] = Match.__new__(Match)
        other._rules, other._setup = self._rules, self._setup
        other._seed = new_seed
        other._root = self._root
        other._records = self._records[:ply]
        other._cursor = ply
        other._state = self._state_at(ply)
        other._stream = seeded_random(new_seed)
        other._stream_ply = 0
        if new_seed == self._seed and 0 <= self._stream_ply <= ply:
            other._stream.setstate(self._stream.getstate())
            other._stream_ply = self._stream_ply
        other._legal_for, other._legal = None, ()
        other._mover_for, other._mover = None, None
        return other

    # -- files ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The match record as plain data: setup, seed and every choice and outcome."""
        return match_to_dict(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """:meth:`to_dict` as JSON text (what :meth:`from_json` reads back)."""
        return json.dumps(self.to_dict(), indent=check_indent(indent))

    @classmethod
    def from_json(cls, rules: Rules[S, C], text: str | bytes | Mapping[str, Any]
                  ) -> Match[S, C]:
        """Rebuild a match from :meth:`to_json` output, replaying every choice.

        Every field is validated; a problem raises :class:`FormatError` with its path.
        The text is read within the limits of
        :func:`~boardlab.core.serialize.load_json_object` (size and nesting).
        """
        return match_from_json(cls, rules, text)

    def _repr_svg_(self) -> str | None:
        """The current state's SVG picture, if the game's states draw themselves."""
        draw = getattr(self._state, "_repr_svg_", None)
        return draw() if draw is not None else None

    def __repr__(self) -> str:
        return (f"<Match {self._rules.name} ply={self._cursor} "
                f"to_move={self.to_move!r} seed={self._seed!r}>")

