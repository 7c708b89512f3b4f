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
    OutcomeTable,
    position_from_json,
    position_to_json,
    seed_default,
)
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.core.simulate import agent_table, play_out
from boardlab.mall_of_horror.checks import strict_int
from boardlab.mall_of_horror.choices import Choice
from boardlab.mall_of_horror.config import Config, Setup
from boardlab.mall_of_horror.invariants import sound_state
from boardlab.mall_of_horror.rules import RULES
from boardlab.mall_of_horror.rules import dice_outcomes as rules_dice_outcomes
from boardlab.mall_of_horror.state import State

_DEFAULT = Config()
#: The setups with the default configuration, made once: every match shares one (frozen)
#: object, so the rules' per-setup tables are found by identity.
_SETUPS: dict[int, Setup] = {}


def new_match(players: int = 4, *, seed: int | None = None, config: Config | None = None,
              start: State | None = None) -> Match[State, Choice]:
    """A match before its first choice, or from ``start`` (see :func:`position`).

    Bad arguments are refused with a boardlab error naming them:

    >>> new_match(config="x")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: config: expected a moh.Config ... (got 'x')
    """
    if start is not None:
        check_start(start)
        return Match(RULES, start.setup, seed=seed, state=start)
    if type(players) is int and (config is None or config == _DEFAULT):
        setup = _SETUPS.get(players)
        if setup is None:
            setup = Setup(players=players, config=_DEFAULT)  # validates players
            _SETUPS[players] = setup
        return Match(RULES, setup, seed=seed)
    return Match(RULES, Setup(players=players, config=_DEFAULT if config is None else config),
                 seed=seed)


def check_start(start: Any, argument: str = "start") -> State:
    """``start`` if it is a sound Mall of Horror position, else a boardlab error.

    >>> check_start(None)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: start: expected a moh.State ... (got None)
    """
    return sound_state(start, argument)


def dice_outcomes(n: int, faces: int = 6) -> OutcomeTable:
    """Every roll of ``n`` dice with ``faces`` faces, as sorted faces with exact odds.

    The rules' own table (:func:`boardlab.mall_of_horror.rules.dice_outcomes`), with
    its arguments checked: 1–12 dice, as :class:`Config` allows, of 2–20 faces.

    >>> from boardlab.mall_of_horror.choices import Dice
    >>> dict(dice_outcomes(2))[Dice((1, 2))]
    Fraction(1, 18)
    >>> dice_outcomes(10**6)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentError: n: 1 to 12 dice, as Config.dice allows (got 1000000)
    """
    n = strict_int("n", n)
    faces = strict_int("faces", faces)
    if not 1 <= n <= 12:
        raise ArgumentError("n", n, "1 to 12 dice, as Config.dice allows")
    if not 2 <= faces <= 20:
        raise ArgumentError("faces", faces, "dice of 2 to 20 faces")
    return rules_dice_outcomes(n, faces)


def play(players: int | None = None, *,
         agents: Mapping[str, Agent] | Callable[[str], Agent] | None = None,
         seed: int | None = SEED_NOT_GIVEN, config: Config | None = None,
         start: State | None = None) -> Match[State, Choice]:
    """A complete match: chance from ``seed``, decisions by ``agents`` (random by default).

    ``seed=None`` draws a fresh seed (kept in ``match.seed``; the random agents are
    seeded from it too). Without ``seed=`` this release plays seed 0 and warns: from
    boardlab 0.3 the default is ``None``, as for :func:`new_match`.

    ``players`` defaults to 4. ``start=`` plays on from a position (:func:`position`,
    ``match.state``, :func:`load_position`) instead of from the setup; the players and
    configuration are then the position's own, and ``players``/``config``, if given, must
    agree with it. ``agents`` maps every colour to an agent (or is a function of the
    colour).

    >>> from boardlab import mall_of_horror as moh
    >>> here = moh.position(players=3, characters={6: ["red pinup", "blue pinup"],
    ...                     4: ["yellow gunman"]}, zombies={6: 3}, phase="c")
    >>> m = moh.play(start=here, seed=3)
    >>> m.is_over, m.root is here, m.scores()
    (True, True, {'yellow': 0, 'red': 0, 'blue': 7})
    """
    if start is not None:
        _check_start(start, players, config)  # before the seed: a refusal does not warn
    seed = _checked_seed(seed_default(seed, "moh.play()"))
    if start is not None:
        match = new_match(seed=seed, start=start)
    else:
        match = new_match(4 if players is None else players, seed=seed, config=config)
    colours = match.state.setup.colours
    return play_out(match, agent_table(colours, _checked_agents(agents, colours), match.seed))


def _check_start(start: Any, players: Any, config: Any) -> None:
    if not isinstance(start, State):
        raise ArgumentTypeError("play start", start,
                                "expected a Mall of Horror position (moh.position(...), "
                                "match.state or moh.load_position(...))")
    setup = start.setup
    if players is not None and players != setup.players:
        raise ArgumentError("play players", players,
                            f"the start position has {setup.players} players; leave players "
                            "out to play on from it")
    if config is not None and config != setup.config:
        raise ArgumentError("play config", config,
                            "the start position has a configuration of its own "
                            "(start.setup.config); leave config out to play on from it")


def _checked_seed(seed: Any) -> int | None:
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ArgumentTypeError("play seed", seed, "expected a whole number or None")
    return seed


def _checked_agents(agents: Any, colours: tuple[str, ...]) -> Any:
    """``agents`` unchanged once every colour is known and has an agent with ``choose``."""
    if agents is None or (callable(agents) and not isinstance(agents, Mapping)):
        return agents
    if not isinstance(agents, Mapping):
        raise ArgumentTypeError("play agents", agents,
                                "expected a mapping of colours to agents, a function of the "
                                "colour, or None for random players")
    unknown = [c for c in agents if c not in colours]
    if unknown:
        raise ArgumentError("play agents", unknown[0],
                            f"not a colour of this match ({', '.join(colours)})")
    missing = [c for c in colours if c not in agents]
    if missing:
        raise ArgumentError("play agents", sorted(agents),
                            f"no agent for {', '.join(missing)}: every colour needs one")
    for colour, agent in agents.items():
        if not callable(getattr(agent, "choose", None)):
            raise ArgumentTypeError(f"play agents[{colour!r}]", agent,
                                    "an agent has a choose(view, legal) method")
    return agents


def load_match(text: str | bytes | Mapping[str, Any]) -> Match[State, Choice]:
    """Read a match saved with ``match.to_json()``; every field and choice is validated."""
    # The core's reader checks the text's type, decodes bytes (saying where a non-UTF-8
    # byte is) and refuses a choice kind that is not a name (a list, say), naming the path.
    return Match.from_json(RULES, text)


def save_position(state: State, *, indent: int | None = None) -> str:
    """A position as versioned JSON (a sound one: see :func:`invariants`)."""
    sound_state(state)
    if indent is not None:
        indent = strict_int("indent", indent)
        if not 0 <= indent <= 16:
            raise ArgumentError("indent", indent, "0 to 16 spaces, or None")
    return position_to_json(RULES, state, indent=indent)


def load_position(text: str | bytes | Mapping[str, Any]) -> State:
    """Read a position written by :func:`save_position`, validating every field."""
    return position_from_json(RULES, text)

