"""The Lockup: Breakout board: the picture, the controls, the odds and the log, bound to a
Match.

A subclass of the generic :class:`~boardlab.widgets.board.GameBoard` (docs/board.md,
"Adding a board for a new game"): stepping, Back (``match.pop()``), Reset, the log, the
caches and the error handling are the generic board's; this module says how a position
looks (:func:`~boardlab.lockup_breakout.render.render_svg`, per viewer), what the odds
panel shows (during roll call,
:func:`~boardlab.lockup_breakout.odds.seeker_contest` at every tunnel location from the
seat's own knowledge; at a chance node, the engine's own outcome table) and how choices
read and group. Roll call offers up to 7 tokens × 7 locations × face up/down, so the choices are
grouped by token (**the seeker**, **a 3** …) on the grouped choice pad.

>>> from boardlab import lockup_breakout as lb
>>> board = Board(lb.new_match(players=3, seed=1), seat="red")
>>> board.play_round() > 0, board.match.to_move
(True, 'red')
>>> board.choice_groups[0], board.choice_labels[0]
('strength 1 token', 'your strength 1 token to 1 Mess Hall')
>>> sorted(board.odds)
[]
>>> seeker = next(c for c in board.offered if c.token == "seeker"
...               and board.match.state.tunnels[c.location - 1])
>>> _ = board.choose(seeker)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, cast

from boardlab.core.agents import Agent
from boardlab.core.deprecation import warn_deprecated
from boardlab.core.engine import CHANCE
from boardlab.core.events import Event
from boardlab.lockup_breakout.agents import HeuristicAgent
from boardlab.lockup_breakout.choices import Assign
from boardlab.lockup_breakout.config import SEEKER
from boardlab.lockup_breakout.render import render_svg
from boardlab.lockup_breakout.rules import PHASE_NAMES, RULES
from boardlab.lockup_breakout.state import State
from boardlab.widgets.board import GameBoard

__all__ = ["Board", "assign_label", "choice_group", "live_odds"]


def choice_group(choice: Any) -> str | None:
    """Roll-call choices grouped by token; other choices are not grouped.

    >>> choice_group(Assign("seeker", 3)), choice_group(Assign("2", 5, True))
    ('the seeker', 'strength 2 token')
    """
    if isinstance(choice, Assign):
        return "the seeker" if choice.token == SEEKER else f"strength {choice.token} token"
    return None


def assign_label(choice: Assign, state: State) -> str:
    """A roll-call choice in the game's words: which crew token goes to which location.

    >>> from boardlab.lockup_breakout import position
    >>> s = position(players=3)
    >>> assign_label(Assign("3", 4), s), assign_label(Assign("seeker", 1, True), s)
    ('your strength 3 token to 4 Forge', 'your seeker to 1 Mess Hall, face down')
    """
    what = "your seeker" if choice.token == SEEKER else f"your strength {choice.token} token"
    where = f"{choice.location} {state.config.locations[choice.location - 1].name}"
    return f"{what} to {where}" + (", face down" if choice.face_down else "")


def live_odds(state: State, viewer: str | None) -> dict[str, Fraction]:
    """Deprecated since 0.2 (goes in 0.3): ``lb.odds.live_odds(state, viewer=...)``, the
    name and signature every game's odds have."""
    warn_deprecated("lb.board.live_odds(state, viewer)",
                    "lb.odds.live_odds(state, viewer=viewer)")
    from boardlab.lockup_breakout.odds import live_odds as odds_live

    return odds_live(state, viewer=viewer)


class Board(GameBoard):
    """A Lockup: Breakout board for ``match``; see the module docstring.

    ``seat`` is the colour you play (``None``: agents play every seat and the picture
    shows everything); ``agents`` maps seats to agents (default: a seeded
    :class:`~boardlab.lockup_breakout.agents.HeuristicAgent` each); ``group_above``
    groups longer choice lists.
    """

    rules = RULES
    game = "Lockup: Breakout"
    phase_titles: ClassVar[Mapping[str, str]] = PHASE_NAMES
    picture_width: ClassVar[int] = 560

    def players(self, state: State) -> tuple[str, ...]:
        return state.setup.colours

    def make_agent(self, player: str, index: int) -> Agent:
        return HeuristicAgent(seed=(0 if self.seed is None else self.seed) * 1000 + index)

    def render(self, state: State, *, viewer: str | None, highlight: tuple[Hashable, ...],
               odds: Mapping[Hashable, Fraction] | None) -> str:
        return render_svg(state, viewer=viewer, omniscient=viewer is None,
                          highlight=highlight,
                          odds={str(k): p for k, p in (odds or {}).items()
                                if str(k).isdigit()})

    def _viewer(self, state: State) -> str | None:
        if self.seat is not None:
            return self.seat
        mover = RULES.to_move(state)
        return mover if mover is not CHANCE and mover in state.setup.colours else None

    def odds_for(self, state: State) -> Mapping[Hashable, Any]:
        # The panel's own module, not the odds package: a first board (a draw, no odds
        # to show) then never loads the odds functions or boardlab.prob (issue 28).
        from boardlab.lockup_breakout.live import live_odds as odds_live

        return cast("Mapping[Hashable, Any]", odds_live(state, viewer=self._viewer(state)))

    def odds_title(self, state: State) -> str:
        if RULES.to_move(state) is CHANCE:
            return "This draw, exactly (the piles are stand-in data, LB-R1)"
        who = self._viewer(state) or "the seat"
        return (f"Chance that {who} may advance at each tunnel location, as {who} knows "
                "the match (the strengths are stand-ins, LB-R1)")

    def odds_labels(self, state: State) -> Mapping[Hashable, str]:
        return {str(loc.number): f"{loc.number} {loc.name}"
                for loc in state.config.locations}

    def odds_empty(self, state: State) -> str:
        if state.is_over:
            return "The match is over."
        return "No tunnel contest or draw to show here."

    def highlights(self, events: Sequence[Event], viewer: str | None) -> tuple[int, ...]:
        out: list[int] = []
        for e in events:
            loc = e.data_for(viewer).get("location")
            if isinstance(loc, int) and 0 <= loc <= 7 and loc not in out:
                out.append(loc)
        return tuple(out)

    def phase_key(self, state: State) -> tuple[int, str]:
        return (state.round, state.phase)

    def choice_group(self, choice: Any) -> str | None:
        return choice_group(choice)

    def choice_label(self, choice: Any) -> str:
        if isinstance(choice, Assign):
            return assign_label(choice, self.match.state)
        return str(choice)
