"""The public entry points: new matches, whole matches, saved matches and positions.

>>> from boardlab.level7_lockdown.api import new_match, play
>>> m = new_match(players=2, seed=1)
>>> m.to_move
'Leo'
>>> play(players=2, seed=1).is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardlab.core.agents import Agent
from boardlab.core.engine import Match, position_from_json, position_to_json
from boardlab.core.simulate import agent_table, play_out
from boardlab.level7_lockdown.config import Config
from boardlab.level7_lockdown.rules import RULES
from boardlab.level7_lockdown.state import Setup, State

AgentSpec = Mapping[str, Agent] | Callable[[str], Agent] | None


def new_match(players: int = 2, *, scenario: str = "sandbox", seed: int | None = None,
              characters: tuple[str, ...] = (), turn_limit: int = 0,
              config: Config | None = None, start: State | None = None,
              mode: str = "normal") -> Match:
    """A match before its first choice, or from ``start`` (see :func:`position`).

    >>> new_match(3, scenario="12", mode="hard").state.lockdown   # players + 2 tokens
    5
    """
    if start is not None:
        return Match(RULES, start.setup, seed=seed, state=start)
    return Match(RULES, Setup(players=players, scenario=scenario, characters=characters,
                              turn_limit=turn_limit, config=config, mode=mode), seed=seed)


def play(players: int = 2, *, scenario: str = "sandbox", agents: AgentSpec = None,
         seed: int | None = 0, characters: tuple[str, ...] = (), turn_limit: int = 0,
         config: Config | None = None, mode: str = "normal") -> Match:
    """A complete match: chance from ``seed``, decisions by ``agents`` (random by default)."""
    match = new_match(players, scenario=scenario, seed=seed, characters=characters,
                      turn_limit=turn_limit, config=config, mode=mode)
    return play_out(match, agent_table(match.state.setup.seats, agents, seed))


def load_match(text: str | Mapping[str, Any]) -> Match:
    """Read a match saved with ``match.to_json()``; every field and choice is validated."""
    return Match.from_json(RULES, text)


def save_position(state: State, *, indent: int | None = None) -> str:
    """A position as versioned JSON."""
    return position_to_json(RULES, state, indent=indent)


def load_position(text: str | Mapping[str, Any]) -> State:
    """Read a position written by :func:`save_position`, validating every field."""
    return position_from_json(RULES, text)


def outcome(state: State) -> dict[str, str]:
    """Each character's result (L7-R23): escaped, won (scenario 13, L7-R63), dead,
    heart attack or inside.

    >>> sorted(set(outcome(play(players=3, seed=2).state).values()) - {"inside", "escaped",
    ...                                                      "heart attack", "dead", "won"})
    []
    """
    return {c.name: ("inside" if c.status == "infirmary" else c.status) for c in state.chars}
