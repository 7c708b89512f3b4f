"""The public entry points: new matches, whole matches, saved matches and positions.

>>> from boardlab.lockup_breakout.api import new_match, play
>>> m = new_match(players=3, seed=7)
>>> m.to_move
'chance'
>>> play(players=1, difficulty="red", seed=2).is_over
True
>>> new_match(players=True)
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: players: 1 (solitary) to 5 players, got True (LB-R5)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardlab.core.agents import Agent
from boardlab.core.engine import Match, position_from_json, position_to_json
from boardlab.core.errors import ConfigError
from boardlab.core.simulate import agent_table, play_out
from boardlab.lockup_breakout.config import Config, Setup
from boardlab.lockup_breakout.rules import RULES
from boardlab.lockup_breakout.state import State

#: Friendly names of the difficulty levels (the guard-card colours, LB-solo-setup).
DIFFICULTY_NAMES = {"easy": "green", "normal": "yellow", "hard": "red"}


def make_setup(players: int = 4, *, difficulty: str | None = None,
               config: Config | None = None) -> Setup:
    """A validated :class:`Setup`; ``difficulty`` defaults to ``"yellow"`` in solitary and
    accepts ``easy``/``normal``/``hard`` for green/yellow/red."""
    if config is not None and not isinstance(config, Config):
        raise ConfigError(f"config: expected a Config, got {config!r}")
    if difficulty is not None and not isinstance(difficulty, str):
        raise ConfigError(f"difficulty: expected a colour name, got {difficulty!r}")
    diff = DIFFICULTY_NAMES.get(difficulty or "", difficulty or "")
    if players == 1 and not diff and not isinstance(players, bool):
        diff = "yellow"
    return Setup(players=players, difficulty=diff, config=config or Config())


def new_match(players: int = 4, *, seed: int | None = None, difficulty: str | None = None,
              config: Config | None = None, start: State | None = None) -> Match:
    """A match before its first choice, or from ``start`` (see :func:`position`)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ConfigError(f"seed: expected an integer or None, got {seed!r}")
    if start is not None:
        if not isinstance(start, State):
            raise ConfigError(f"start: expected a State, got {type(start).__name__}")
        return Match(RULES, start.setup, seed=seed, state=start)
    return Match(RULES, make_setup(players, difficulty=difficulty, config=config), seed=seed)


def play(players: int = 4, *,
         agents: Mapping[str, Agent] | Callable[[str], Agent] | None = None,
         seed: int | None = 0, difficulty: str | None = None,
         config: Config | None = None) -> Match:
    """A complete match: chance from ``seed``, decisions by ``agents`` (random by default)."""
    match = new_match(players, seed=seed, difficulty=difficulty, config=config)
    return play_out(match, agent_table(match.state.setup.colours, agents, seed))


def load_match(text: str | Mapping[str, Any]) -> Match:
    """Read a match saved with ``match.to_json()``; every field and choice is validated."""
    return Match.from_json(RULES, text)


def save_position(state: State, *, indent: int | None = None) -> str:
    """A position as versioned JSON."""
    return position_to_json(RULES, state, indent=indent)


def load_position(text: str | Mapping[str, Any]) -> State:
    """Read a position written by :func:`save_position`, validating every field."""
    return position_from_json(RULES, text)
