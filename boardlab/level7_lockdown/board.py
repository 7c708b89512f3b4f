"""The Level 7 board: the map, the controls, the odds and the log, bound to a Match.

A subclass of the generic :class:`~boardlab.widgets.board.GameBoard` (see docs/board.md,
"Adding a board for a new game"): the stepping, Back (``match.pop()``), Reset, the
log, the caches and the error handling are the generic board's; this module says how
a Level 7 position looks (:func:`~boardlab.level7_lockdown.render.board_svg`), what
the odds panel shows (:func:`~boardlab.level7_lockdown.odds.live_odds`: the chance of
each challenge on offer, of the roll being made, of Dr. Cronos reaching someone), how
choices read and how they group.

Choices are grouped by what they do — **move**, **vent**, **explore**, **peek**,
**attack**, **search** … — and a tile's placements by their rotation (**turned 90°**
…), so a seat with many choices picks a group first, then a choice in it (the
grouped choice pad; from ``default_group_above`` = 8 choices, or ``group_above=``).

>>> from boardlab import level7_lockdown as l7
>>> board = l7.Board(l7.new_match(players=2, seed=1), seat="Leo")
>>> print(board.status.replace(" · Round", "\\n· Round"))
Leo to choose: pick one of your choices by the picture
· Round 1 · Leo's move step (2 moves left) · to move: Leo
>>> board.choice_labels
['move to Storage Bay', 'explore through the north door of Hub', 'end this step', 'fall down']
>>> board.choice_groups
['move', 'explore', 'other', 'other']
>>> board.choose(board.offered[0])[0].summary
'Leo moves from Hub to Storage Bay'
>>> board.back()
Move(to=1, escape='', adrenaline=0)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from boardlab.core.agents import Agent
from boardlab.core.events import Event
from boardlab.level7_lockdown.agents import HeuristicAgent
from boardlab.level7_lockdown.choices import Place
from boardlab.level7_lockdown.geometry import Placement, doors_of
from boardlab.level7_lockdown.narration import PHASE_TITLES, STEP_NAMES, describe
from boardlab.level7_lockdown.render import board_svg, touched_tiles
from boardlab.level7_lockdown.rules import RULES
from boardlab.level7_lockdown.state import State
from boardlab.widgets.board import GameBoard

__all__ = ["Board", "choice_group", "place_label", "status_line"]

_SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
#: The group of each kind of choice, by class name (scenario choices included: a
#: scenario's special action and where Dr. Cronos is placed, L7-R43).
_GROUPS: dict[str, str] = {"Move": "move", "Vent": "vent", "Explore": "explore",
                           "Peek": "peek", "Attack": "attack", "Smash": "smash",
                           "Search": "search", "Access": "control panel",
                           "Special": "scenario action", "PlaceCronos": "Dr. Cronos",
                           "Extinguish": "other", "StandUp": "other", "FallDown": "other",
                           "LowerTerror": "other", "EndStep": "other"}


#: The rare choices go last on the pad: ending a step, lowering terror, and falling
#: down on purpose (rarely what a player wants) after everything else.
_RANKS: dict[str, int] = {"EndStep": 1, "LowerTerror": 1, "Extinguish": 1, "FallDown": 2}


def choice_group(choice: Any) -> str | None:
    """The group a choice is offered in: what it does, or a placement's rotation.

    >>> from boardlab.level7_lockdown.choices import EndStep
    >>> choice_group(Place(0, 1, 1)), choice_group(EndStep())
    ('turned 90°', 'other')
    """
    if isinstance(choice, Place):
        return f"turned {90 * choice.rotation}°"
    return _GROUPS.get(type(choice).__name__)


def place_label(choice: Place, state: State) -> str:
    """A placement in words: the tile, where, how it is turned and where its doors face.

    >>> from boardlab.level7_lockdown.position import position
    >>> from boardlab.level7_lockdown.rules import RULES
    >>> s = position(players=1, characters={"Leo": {"tile": "Storage Bay"}}, cronos=None)
    >>> from boardlab.level7_lockdown.choices import Explore, TileDraw
    >>> from boardlab.level7_lockdown.geometry import Door
    >>> s, _ = RULES.step(s, Explore(Door(0, 1, 0, "E")))
    >>> s, _ = RULES.step(s, TileDraw("Armory"))
    >>> for choice in RULES.legal(s):
    ...     print(place_label(choice, s))
    Armory at (2,0), turned 0°: doors east, south, west
    Armory at (2,0), turned 90°: doors south, west, north
    Armory at (2,0), turned 180°: doors west, north, east
    """
    name = state.pending.tile
    spec = state.setup.cfg.tile(name)
    p = Placement(name, state.pending.door.floor if state.pending.door else 0, choice.x,
                  choice.y, choice.rotation)
    sides = ", ".join(_SIDE_WORDS[side] for _, side in doors_of(spec, p))
    return f"{name} at ({choice.x},{choice.y}), turned {90 * choice.rotation}°: doors {sides}"


def status_line(state: State, last: Event | None = None, viewer: str | None = None) -> str:
    """Round, whose step, who is to move, and the last event.

    >>> from boardlab.level7_lockdown.api import new_match
    >>> status_line(new_match(players=2).state)
    "Round 1 · Leo's move step (2 moves left) · to move: Leo"
    """
    parts = []
    if state.is_over:
        parts.append("The match is over")
    else:
        who = state.chars[state.active].name
        step = f"{who}'s {STEP_NAMES.get(state.step, state.step)}"
        if state.pending.kind == "move":
            step += f" ({state.moves} move{'s' * (state.moves != 1)} left)"
        parts += [f"Round {state.round}", step]
    mover = RULES.to_move(state)
    parts.append("game over" if mover is None else f"to move: {mover}")
    if last is not None:
        parts.append(f"last: {last.text_for(viewer)}")
    return " · ".join(parts)


class Board(GameBoard):
    """A Level 7 board for ``match``; see the module docstring.

    ``seat`` is the seat you play (a character's name, ``"solo"`` for one seat with
    several characters; ``None``: every seat is played by agents); ``odds`` shows the
    odds panel; ``agents`` maps seats to agents (default: a seeded
    :class:`~boardlab.level7_lockdown.agents.HeuristicAgent` each); ``group_above``
    groups longer choice lists.

    >>> from boardlab import level7_lockdown as l7
    >>> board = l7.Board(l7.new_match(players=1, seed=2))
    >>> board.play_phase() > 0, board.status.split(" · ")[1]
    (True, "Leo's action step")
    """

    rules = RULES
    game = "Level 7 [Escape]: Lockdown"
    phase_titles: ClassVar[Mapping[str, str]] = PHASE_TITLES
    picture_width: ClassVar[int] = 760
    picture_scrolls: ClassVar[bool] = True   # a big map scrolls sideways, never shrinks

    def players(self, state: State) -> tuple[str, ...]:
        return state.setup.seats

    def make_agent(self, player: str, index: int) -> Agent:
        return HeuristicAgent(seed=(0 if self.seed is None else self.seed) * 1000 + index)

    def render(self, state: State, *, viewer: str | None, highlight: tuple[Hashable, ...],
               odds: Mapping[Hashable, Fraction] | None) -> str:
        n = len(state.tiles)
        tiles = [t for t in highlight if isinstance(t, int) and 0 <= t < n]
        return board_svg(state, viewer=viewer, omniscient=viewer is None,
                         highlight=frozenset(tiles),
                         odds={str(k): p for k, p in (odds or {}).items()})

    def status_line(self, state: State, last: Event | None, viewer: str | None) -> str:
        return status_line(state, last, viewer)

    def odds_for(self, state: State) -> Mapping[Hashable, Any]:
        """:func:`~boardlab.level7_lockdown.odds.live_odds`: exact chances of what comes."""
        # The panel's own module, not the odds package: a first board (a new match, no
        # odds to show) then never loads the odds functions or boardlab.prob (issue 28).
        from boardlab.level7_lockdown.live import live_odds

        odds: dict[Hashable, Any] = {k: p for k, p in
                                     live_odds(state, viewer=self.viewer).items()}
        return odds

    def odds_title(self, state: State) -> str:
        kind = state.pending.kind
        if kind == "action":
            return ("Chance that each challenge on offer succeeds, without adrenaline "
                    "(the die is an invented stand-in, L7-R2)")
        if kind == "move":
            return ("Chance of getting away from an enemy, or of a peek, from here "
                    "(the die is an invented stand-in, L7-R2)")
        if kind == "roll":
            return "This roll, exactly (the die is an invented stand-in, L7-R2)"
        if kind == "tile_draw":
            return "This draw (exact: each tile still unseen in the stack)"
        if kind == "event_draw":
            return "This draw (exact; event cards invented, L7-R12)"
        if kind == "item_draw":
            return "This draw (exact; item cards invented, L7-R21)"
        return "Odds"

    def odds_empty(self, state: State) -> str:
        if state.is_over:
            return "The match is over."
        return "No chance involved in this decision."

    def highlights(self, events: Sequence[Event], viewer: str | None) -> tuple[int, ...]:
        return touched_tiles(events, self.match.state)

    def round_key(self, state: State) -> int:
        return state.round

    def phase_key(self, state: State) -> tuple[int, int, str]:
        return (state.round, state.active, state.step)

    def choice_label(self, choice: Any) -> str:
        state = self.match.state
        if isinstance(choice, Place):
            return place_label(choice, state)
        return describe(choice, state)

    def choice_group(self, choice: Any) -> str | None:
        return choice_group(choice)

    def choice_rank(self, choice: Any) -> int:
        """Ending the step after the moves, falling down (rarely wanted) last of all."""
        return _RANKS.get(type(choice).__name__, 0)
