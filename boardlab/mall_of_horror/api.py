"""The public entry points: new matches, whole matches, saved matches.

>>> from boardlab.mall_of_horror.api import new_match, play
>>> m = new_match(players=3, seed=7)
>>> m.to_move
CHANCE
>>> play(players=4, seed=2).is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardlab.core.agents import Agent
from boardlab.core.engine import (
    SEED_NOT_GIVEN,
    Match,
    position_from_json,
    position_to_json,
    seed_default,
)
from boardlab.core.simulate import agent_table, play_out
from boardlab.mall_of_horror.choices import Choice
from boardlab.mall_of_horror.config import Config, Setup
from boardlab.mall_of_horror.rules import RULES
from boardlab.mall_of_horror.state import State

_DEFAULT = Config()
#: The setups with the default configuration, made once: every match shares one (frozen)
#: object, so the rules' per-setup tables are found by identity.
_SETUPS: dict[int, Setup] = {}


def new_match(players: int = 4, *, seed: int | None = None, config: Config | None = None,
              start: State | None = None) -> Match[State, Choice]:
    """A match before its first choice, or from ``start`` (see :func:`position`)."""
    if start is not None:
        return Match(RULES, start.setup, seed=seed, state=start)
    if type(players) is int and (config is None or config == _DEFAULT):
        setup = _SETUPS.get(players)
        if setup is None:
            setup = Setup(players=players, config=_DEFAULT)  # validates players
            _SETUPS[players] = setup
        return Match(RULES, setup, seed=seed)
    return Match(RULES, Setup(players=players, config=_DEFAULT if config is None else config),
                 seed=seed)


def play(players: int = 4, *, agents: Mapping[str, Agent] | Callable[[str], Agent] | None = None,
         seed: int | None = SEED_NOT_GIVEN, config: Config | None = None) -> Match[State, Choice]:
    """A complete match: chance from ``seed``, decisions by ``agents`` (random by default).

    ``seed=None`` draws a fresh seed (kept in ``match.seed``; the random agents are
    seeded from it too). Without ``seed=`` this release plays seed 0 and warns: from
    boardlab 0.3 the default is ``None``, as for :func:`new_match`.
    """
    match = new_match(players, seed=seed_default(seed, "moh.play()"), config=config)
    return play_out(match, agent_table(match.state.setup.colours, agents, match.seed))


def load_match(text: str | bytes | Mapping[str, Any]) -> Match[State, Choice]:
    """Read a match saved with ``match.to_json()``; every field and choice is validated."""
    return Match.from_json(RULES, text)


def save_position(state: State, *, indent: int | None = None) -> str:
    """A position as versioned JSON."""
    return position_to_json(RULES, state, indent=indent)


def load_position(text: str | bytes | Mapping[str, Any]) -> State:
    """Read a position written by :func:`save_position`, validating every field."""
    return position_from_json(RULES, text)
