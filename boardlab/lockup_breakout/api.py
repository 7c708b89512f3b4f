"""The public entry points: new matches, whole matches, saved matches and positions.

>>> from boardlab.lockup_breakout.api import new_match, play
>>> m = new_match(players=3, seed=7)
>>> m.to_move
CHANCE
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
from boardlab.core.errors import ConfigError, show_value
from boardlab.core.simulate import agent_table, play_out
from boardlab.lockup_breakout.config import Config, Setup, default_config
from boardlab.lockup_breakout.rules import RULES
from boardlab.lockup_breakout.state import State, require_state

#: Friendly names of the difficulty levels (the guard-card colours, LB-solo-setup).
DIFFICULTY_NAMES = {"easy": "green", "normal": "yellow", "hard": "red"}


def make_setup(players: int = 4, *, difficulty: str | None = None,
               config: Config | None = None) -> Setup:
    """A validated :class:`Setup`; ``difficulty`` defaults to ``"yellow"`` in solitary and
    accepts ``easy``/``normal``/``hard`` for green/yellow/red."""
    if config is not None and not isinstance(config, Config):
        raise ConfigError(f"config: expected a Config, got {show_value(config)}")
    if difficulty is not None and not isinstance(difficulty, str):
        raise ConfigError(f"difficulty: expected a colour name, got {show_value(difficulty)}")
    diff = DIFFICULTY_NAMES.get(difficulty or "", difficulty or "")
    if players == 1 and not diff and not isinstance(players, bool):
        diff = "yellow"
    # The default configuration is one shared immutable object: its lookup tables are
    # derived once per process, not once per match.
    return Setup(players=players, difficulty=diff, config=config or default_config())


def new_match(players: int = 4, *, seed: int | None = None, difficulty: str | None = None,
              config: Config | None = None, start: State | None = None) -> Match:
    """A match before its first choice, or from ``start`` (see :func:`position`)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ConfigError(f"seed: expected an integer or None, got {show_value(seed)}")
    if start is not None:
        if not isinstance(start, State):
            raise ConfigError(f"start: expected a State, got {type(start).__name__}")
        return Match(RULES, start.setup, seed=seed, state=start)
    return Match(RULES, make_setup(players, difficulty=difficulty, config=config), seed=seed)


def play(players: int = 4, *,
         agents: Mapping[str, Agent] | Callable[[str], Agent] | None = None,
         seed: int | None = 0, difficulty: str | None = None,
         config: Config | None = None) -> Match:
    """A complete match: chance from ``seed``, decisions by ``agents`` (random by default):
    a mapping of every player to an agent (an object with ``choose``), or a function of
    the player's colour that returns one.

    >>> from boardlab.lockup_breakout.agents import RandomAgent
    >>> play(players=2, agents={"red": RandomAgent(1)})
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: agents: no agent for blue
    """
    match = new_match(players, seed=seed, difficulty=difficulty, config=config)
    colours = match.state.setup.colours
    table = agent_table(colours, _check_agents(agents, colours), seed)
    for colour, agent in table.items():
        if not callable(getattr(agent, "choose", None)):
            raise ConfigError(f"agents[{colour}]: expected an agent (an object with a choose "
                              f"method), got {type(agent).__name__} {show_value(agent)}")
    return play_out(match, table)


def _check_agents(agents: Any, colours: tuple[str, ...]) -> Any:
    """``agents`` if it has one of the accepted shapes, else a ConfigError naming it."""
    if agents is None or (callable(agents) and not isinstance(agents, Mapping)):
        return agents
    if not isinstance(agents, Mapping):
        raise ConfigError(f"agents: expected a mapping of player to agent or a function of "
                          f"the player, got {type(agents).__name__} {show_value(agents)}")
    missing = [c for c in colours if c not in agents]
    if missing:
        raise ConfigError(f"agents: no agent for {', '.join(missing)}")
    unknown = [k for k in agents if k not in colours]
    if unknown:
        raise ConfigError(f"agents: unknown player {show_value(unknown[0])}; the players are "
                          f"{', '.join(colours)}")
    return agents


def load_match(text: str | Mapping[str, Any]) -> Match:
    """Read a match saved with ``match.to_json()``; every field and choice is validated."""
    return Match.from_json(RULES, text)


def save_position(state: State, *, indent: int | None = None) -> str:
    """A position as versioned JSON."""
    return position_to_json(RULES, require_state(state), indent=indent)


def load_position(text: str | Mapping[str, Any]) -> State:
    """Read a position written by :func:`save_position`, validating every field."""
    return position_from_json(RULES, text)
