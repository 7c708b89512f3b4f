"""What every Lockup: Breakout question shares: its argument checks (run before any work) and
the constants of the answers."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.lockup_breakout.config import (
    BOARD_LOCATIONS,
    TUNNEL_SETS,
)
from boardlab.lockup_breakout.state import State
from boardlab.prob.checks import flag, whole

#: Said by every answer that depends on invented data (docs/lockup_breakout_standin.md).
STAND_IN = "stand-in data (invented: the core game is not in the rule text, LB-R1)"
_LOCATIONS = tuple(BOARD_LOCATIONS)
_MAX_NODES = 400_000


# -- the edge: every public function checks its arguments here before any work ----------
def _explain(explain: Any, function: str) -> bool:
    return flag(explain, "explain", function)


def _players(players: Any, function: str) -> int:
    n = whole(players, "players", function, low=None)
    if n not in TUNNEL_SETS:
        raise QuestionError(f"{function}: players must be 1 (solitary) to 5, not "
                            f"{show_value(n)} (LB-R5)")
    return n


def _position(position: Any, function: str) -> State:
    if not isinstance(position, State):
        raise ArgumentTypeError(f"{function}: position", position,
                                "must be a Lockup: Breakout State (see lb.position or a "
                                "match's .state)")
    if position.is_over:
        raise QuestionError(f"{function}: the match in this position is over (LB-end)")
    return position


def _location(location: Any, function: str) -> int:
    loc = whole(location, "location", function, low=None)
    if loc not in _LOCATIONS:
        raise QuestionError(f"{function}: unknown location {show_value(loc)}: locations are "
                            "1–7 (LB-R8)")
    return loc


def _locations(locations: Any, function: str) -> tuple[int, ...]:
    if isinstance(locations, (str, bytes)) or not isinstance(locations, Iterable):
        raise ArgumentTypeError(f"{function}: locations", locations,
                                "must be a list of locations 1–7")
    out = tuple(sorted({_location(x, function) for x in locations}))
    if not out:
        raise QuestionError(f"{function}: locations: give at least one location 1–7")
    return out


def _player(position: State, player: Any, function: str) -> str:
    colours = position.setup.colours
    if not isinstance(player, str) or player not in colours:
        raise QuestionError(f"{function}: unknown player {show_value(player)}; the players "
                            f"are {', '.join(colours)} (LB-R5)")
    return player


def _side(position: State, side: Any, function: str) -> str:
    sides = position.setup.sides
    if not isinstance(side, str) or side not in sides:
        raise QuestionError(f"{function}: unknown side {show_value(side)}; the sides are "
                            f"{', '.join(sides)}")
    return side


def _policy(policy: Any, function: str) -> Callable[..., Any] | None:
    if policy is not None and not callable(policy):
        raise ArgumentTypeError(f"{function}: policy", policy,
                                "must be a function (state, player, legal) → choice, or None")
    return policy
