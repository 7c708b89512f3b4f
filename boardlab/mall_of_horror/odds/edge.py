"""What every Mall of Horror question shares: its argument checks (run before any work), the
setups it is asked of and their caches."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.mall_of_horror.config import (
    CARDS,
    LOCATIONS,
    Config,
    Setup,
)
from boardlab.mall_of_horror.state import State
from boardlab.prob.checks import flag, whole
from boardlab.prob.limits import check_limit

if TYPE_CHECKING:
    pass


FACES = 6
_DEFAULT_CONFIG = Config()


# -- the edge: every public function checks its arguments here before any work ------------
# Bad questions raise QuestionError (a ConfigError, as before), wrong types
# ArgumentTypeError (a TypeError); a bad player count stays a ConfigError from Setup.
def _config(config: Any, function: str) -> Config:
    if config is None:
        return _DEFAULT_CONFIG
    if not isinstance(config, Config):
        raise ArgumentTypeError(f"{function}: config", config,
                                "must be a Mall of Horror Config (moh.Config(...)) or None")
    return config


def _explain(explain: Any, function: str) -> bool:
    return flag(explain, "explain", function)


def _position(position: Any, function: str, name: str = "position") -> State:
    if not isinstance(position, State):
        raise ArgumentTypeError(f"{function}: {name}", position,
                                "must be a Mall of Horror State (see moh.position or a "
                                "match's .state)")
    return position


def _location(location: Any, function: str) -> int:
    loc = whole(location, "location", function, low=None)
    if loc not in LOCATIONS:
        raise QuestionError(f"{function}: unknown location {show_value(loc)}: locations are "
                            "1–6 (MoH Box Contents)")
    return loc


@lru_cache(maxsize=1)
def _most_defence() -> int:
    """The largest defence any location can have: every character of the largest game
    there, a Tough Guy counting 2 (MoH-R5). Capacities are not used, so that a what-if
    with a made-up defence keeps its answer. Worked out once."""
    return max(n * sum(2 if k == "toughguy" else 1 for k in Setup(players=n).kinds)
               for n in range(3, 7))


def _cards(config: Config, card: str) -> int:
    """How many ``card`` cards the deck holds (MoH Box Contents)."""
    return _deck(config)[CARDS.index(card)]


def _seal_rule(config: Config, function: str) -> None:
    check_limit(function, "seal_at", config.seal_at)

# Cache sizes: a session asks about a handful of setups and dice counts, and the board
# about the positions of one match; a bounded cache keeps no more than this alive.
_SETUP_CACHE = 64
_POSITION_CACHE = 256


def _setup(players: int, config: Config | None, function: str = "odds") -> Setup:
    # The checked records of the usual questions are built once (Setup and Config are
    # frozen): a whole number of players, the default rules or a Config.
    if type(players) is int:
        if config is None:
            setup = _DEFAULT_SETUPS.get(players)
            if setup is not None:
                return setup
        elif type(config) is Config:
            return _setup_of(players, config)
    return Setup(players=players, config=_config(config, function))


@lru_cache(maxsize=_SETUP_CACHE)
def _setup_of(players: int, config: Config) -> Setup:
    return Setup(players=players, config=config)


@lru_cache(maxsize=_SETUP_CACHE)
def _deck(config: Config) -> tuple[int, ...]:
    return config.deck()


_DEFAULT_SETUPS = {n: Setup(players=n) for n in range(3, 7)}


def _check_location(location: int, setup: Setup, function: str = "odds") -> None:
    _location(location, function)
    if location in setup.closed:
        raise QuestionError(f"location {location} is closed with {setup.players} players "
                            "(MoH-R3): no zombie ever arrives there")
