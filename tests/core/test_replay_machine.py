"""Exact replay under any sequence of push, roll, pop, seek, branch, save and load.

A hypothesis state machine drives one match of a game (the toy game here; every registered
game in tests/test_hostile_games.py) through random operations, including bad arguments,
and after every step checks the match against an oracle that knows nothing of the
engine's bookkeeping:

- **the same states and events**: a fresh match that pushes the recorded choices in
  order reaches the same state (equal, and equal to the recorded ``after`` states) with
  the same events;
- **the same future dice**: the match's chance stream equals ``random.Random(seed)``
  advanced by one ``randrange(denominator)`` per chance ply of the history with more
  than one outcome (computed here from the outcome lists), so the next roll is the one
  the seed and the history decide;
- **refusals change nothing**: a refused choice, ply or seed leaves ``to_json()``,
  the records and the dice byte-identical.

``make test`` runs it with the ``ci`` hypothesis profile (tests/conftest.py);
``BOARDLAB_HYPOTHESIS=soak`` runs far more examples.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction
from math import lcm
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from boardlab.core import (
    CHANCE,
    ArgumentTypeError,
    BoardlabError,
    IllegalAction,
    Match,
    PlyError,
    RandomAgent,
)
from tests.core.toy import RULES as TOY
from tests.core.toy import Add, ToySetup

SOAK = os.environ.get("BOARDLAB_HYPOTHESIS") == "soak"

def expected_stream(match: Match[Any, Any]) -> random.Random:
    """The chance stream a match must hold at its ply, from the seed and the history only."""
    rng = random.Random(match.seed)
    for record in match.records:
        if match.rules.to_move(record.before) is CHANCE:
            outcomes = match.rules.outcomes(record.before)
            if len(outcomes) > 1:
                rng.randrange(lcm(*(Fraction(p).denominator for _, p in outcomes)))
    return rng


def fingerprint(match: Match[Any, Any]) -> tuple[Any, ...]:
    """Everything a refusal must leave alone."""
    return (match.to_json(), match.ply, match.recorded_plies, match.state,
            match.rng.getstate())


class Replay(RuleBasedStateMachine):
    """One match under random operations; subclasses say which game and setup."""

    def new_match(self, seed: int) -> Match[Any, Any]:
        raise NotImplementedError

    @initialize(seed=st.integers(min_value=0, max_value=2**64))
    def start(self, seed: int) -> None:
        self.match = self.new_match(seed)
        self.seen_rolls: dict[tuple[Any, ...], Any] = {}

    # -- moving forward ---------------------------------------------------------------
    @precondition(lambda self: self.match.to_move is CHANCE)
    @rule()
    def roll(self) -> None:
        m = self.match
        key = (m.seed, m.choices)
        outcome = m.roll()
        # The same seed and history always draw the same outcome (roll → pop → roll).
        assert self.seen_rolls.setdefault(key, outcome) == outcome

    @precondition(lambda self: not self.match.is_over)
    @rule(data=st.data())
    def push_legal(self, data: st.DataObject) -> None:
        m = self.match
        legal = m.legal()
        choice = legal[data.draw(st.integers(0, len(legal) - 1), label="index")]
        events = m.push(choice)  # at a chance node: a what-if outcome
        assert m.choices[-1] is choice and m.last_events == events

    @precondition(lambda self: not self.match.is_over)
    @rule(data=st.data())
    def push_text(self, data: st.DataObject) -> None:
        m = self.match
        legal = m.legal()
        if len(legal) > 40:  # reading 126 dice outcomes' text each time is slow, not hard
            return
        choice = legal[data.draw(st.integers(0, len(legal) - 1), label="index")]
        text = str(choice)
        said = data.draw(st.sampled_from([text, text.upper(), f"  {text}. "]), label="text")
        m.push(said)
        assert m.choices[-1] == choice

    @precondition(lambda self: not self.match.is_over)
    @rule(plies=st.integers(1, 30), agent_seed=st.integers(0, 99))
    def bulk_play(self, plies: int, agent_seed: int) -> None:
        """The bulk path of ``play_out`` (``Match._play``): the same records as roll/push."""
        m = self.match
        agents = {p: RandomAgent(agent_seed) for p in m.scores()}
        start = m.ply
        m._play(agents, dict.fromkeys(agents, False), plies)
        assert start < m.ply <= start + plies

    # -- moving back and around -------------------------------------------------------------
    @precondition(lambda self: self.match.ply > 0)
    @rule()
    def pop(self) -> None:
        m = self.match
        last = m.records[-1]
        assert m.pop() == last.choice
        assert m.state == last.before

    @rule(data=st.data())
    def seek(self, data: st.DataObject) -> None:
        m = self.match
        ply = data.draw(st.integers(0, m.recorded_plies), label="ply")
        m.seek(ply)
        assert m.ply == ply

    @rule(data=st.data(), new_seed=st.booleans())
    def branch(self, data: st.DataObject, new_seed: bool) -> None:
        m = self.match
        ply = data.draw(st.integers(0, m.recorded_plies), label="ply")
        if new_seed:
            seed = data.draw(st.integers(0, 2**32), label="seed")
            b = m.branch(ply, seed=seed)
            assert b.seed == seed
        else:
            b = m.branch(ply)
            assert b.seed == m.seed
        assert b.ply == ply == b.recorded_plies
        everything = m.branch(m.recorded_plies).choices  # past the cursor too
        assert b.choices == everything[:ply]
        self.match = b

    @rule()
    def save_and_load(self) -> None:
        m = self.match
        loaded = Match.from_json(m.rules, m.to_json())
        assert loaded.to_json() == m.to_json()
        assert loaded.state == m.state and loaded.events == m.events
        assert loaded.rng.getstate() == m.rng.getstate()
        self.match = loaded

    # -- refusals ---------------------------------------------------------------------------
    @rule(bad=st.sampled_from([1.5, True, "3", -1, 10**6, [1]]))
    def refused_ply(self, bad: Any) -> None:
        m = self.match
        before = fingerprint(m)
        for attempt in (m.seek, m.branch):
            with pytest.raises((ArgumentTypeError, PlyError)) as err:
                attempt(bad)
            assert str(err.value).startswith("ply: ")
            assert fingerprint(m) == before

    @rule(bad=st.sampled_from([1.5, True, "3", 2**2000]))
    def refused_seed(self, bad: Any) -> None:
        m = self.match
        before = fingerprint(m)
        with pytest.raises(BoardlabError, match="seed"):
            m.branch(seed=bad)
        assert fingerprint(m) == before

    @rule(text=st.sampled_from(["nothing at all", "", "vote for purple", "add 99"]))
    def refused_choice(self, text: str) -> None:
        m = self.match
        before = fingerprint(m)
        with pytest.raises(IllegalAction):
            m.push(text)
        with pytest.raises(IllegalAction):
            m.push(object())
        assert fingerprint(m) == before

    @precondition(lambda self: self.match.ply == 0)
    @rule()
    def refused_pop(self) -> None:
        m = self.match
        before = fingerprint(m)
        with pytest.raises(PlyError):
            m.pop()
        assert fingerprint(m) == before

    # -- the oracle ---------------------------------------------------------------------------
    @invariant()
    def replays_exactly(self) -> None:
        m = self.match
        fresh = Match(m.rules, m.setup, seed=m.seed, state=m.root)
        for record in m.records:
            events = fresh.push(record.choice)
            assert events == record.events
            assert fresh.state == record.after
        assert fresh.state == m.state and fresh.events == m.events
        assert m.rng.getstate() == expected_stream(m).getstate() == fresh.rng.getstate()


class ToyReplay(Replay):
    def new_match(self, seed: int) -> Match[Any, Any]:
        return Match(TOY, ToySetup(), seed=seed)


# Each step replays the whole history (the oracle), so an example costs its length
# squared: the soak runs fewer, longer state-machine examples than the other suites.
_RUNS = settings(settings.default, max_examples=300, stateful_step_count=80) if SOAK else \
    settings(settings.default)
TestToyReplay = ToyReplay.TestCase
TestToyReplay.settings = _RUNS


def test_the_oracle_sees_a_stream_that_ignores_the_history() -> None:
    """The stream check fails for a match whose dice do not follow its history."""
    m = Match(TOY, ToySetup(), seed=3)
    m.roll()
    m.push(Add(1))
    m.roll()
    wrong = random.Random(3)  # a stream never advanced: what ignoring the history gives
    assert expected_stream(m).getstate() != wrong.getstate()
    assert m.rng.getstate() == expected_stream(m).getstate()
