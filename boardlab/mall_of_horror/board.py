"""The Mall of Horror board: the picture, the controls, the odds and the log, bound to a Match.

:class:`Board` steps a :class:`~boardlab.core.engine.Match` one decision or chance
event at a time. Chance is rolled with the match's own seeded RNG, the other seats are
played by agents (a :class:`~.agents.HeuristicAgent` each by default) that see only
their own view, and ``seat`` makes one colour yours: the board then stops at your
decisions and offers exactly the legal choices. *Back* is ``match.pop()``, so the
history is the match's own.

Everything shown is computed for the new position first and only then put on the
widgets; if anything fails, the match is put back as it was and the status says what
went wrong. Pictures and odds are cached per state, and the log grows by one chunk
per ply, so a step costs a few milliseconds at any point of a match.

>>> from boardlab import mall_of_horror as moh
>>> board = moh.Board(moh.new_match(players=4, seed=1), seat="red")
>>> board.status
'Setup · to move: chance'
>>> board.step()[0].summary
'yellow is dealt an action card'
>>> board.status
'Setup · to move: chance · last: yellow is dealt an action card'
>>> board.play_round()  # stops at red's first decision
6
>>> board.status
'Setup · to move: red · last: red rolls 4 and 6 to place a character'
>>> board.choice_labels[:3]
['place Pin-Up at 4', 'place Pin-Up at 6', 'place Tough Guy at 4']
>>> board.choose(board.offered[1])[0].summary
'red places the Pin-Up at 6 Supermarket'
>>> board.back()
Place(kind='pinup', location=6)
>>> board.match.to_move
'red'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, cast

from boardlab.core.agents import Agent
from boardlab.core.events import Event
from boardlab.mall_of_horror.agents import HeuristicAgent
from boardlab.mall_of_horror.choices import Place
from boardlab.mall_of_horror.config import KIND_NAMES, LOCATIONS
from boardlab.mall_of_horror.render import render_svg
from boardlab.mall_of_horror.rules import PHASE_NAMES, RULES
from boardlab.mall_of_horror.state import State
from boardlab.widgets.board import AgentSpec as AgentSpec  # the type of agents=, as before
from boardlab.widgets.board import GameBoard

__all__ = ["Board", "highlight_locations", "status_line"]

#: Event data fields that name a location (a board outlines them after the step).
_LOCATION_FIELDS = ("location", "start", "end", "to", "placed", "tied", "destinations")


def highlight_locations(events: Iterable[Event], viewer: str | None = None) -> tuple[int, ...]:
    """The locations ``events`` involve, as ``viewer`` may know them (sorted, unique).

    A secret destination counts only for the player who chose it.

    >>> from boardlab.core.events import Event
    >>> from boardlab.mall_of_horror import rule
    >>> moved = Event("move", "red's Pin-Up moves from 6 to 3", rule("MoH-e"),
    ...               data={"kind": "pinup", "start": 6, "end": 3})
    >>> secret = Event("destination", "blue chooses in secret", rule("MoH-d"),
    ...                visible_to=("blue",), secret={"location": 1})
    >>> highlight_locations([moved, secret], "red"), highlight_locations([moved, secret], "blue")
    ((3, 6), (1, 3, 6))
    """
    found: set[int] = set()
    for event in events:
        data = event.data_for(viewer)
        for field in _LOCATION_FIELDS:
            if field in data:
                _collect(data[field], found)
    return tuple(sorted(found))


def _collect(value: Any, found: set[int]) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if value in LOCATIONS:
            found.add(value)
    elif isinstance(value, tuple | list):
        for item in value:
            _collect(item, found)


def status_line(state: State, last: Event | None = None, viewer: str | None = None) -> str:
    """The board's status: round, phase, who is to move, and the last event.

    >>> from boardlab import mall_of_horror as moh
    >>> m = moh.new_match(players=4, seed=1)
    >>> status_line(m.state)
    'Setup · to move: chance'
    >>> m.roll() and None
    >>> status_line(m.state, m.last_events[-1], "yellow")
    'Setup · to move: chance · last: yellow is dealt Security Camera'
    >>> status_line(m.state, m.last_events[-1], "red")
    'Setup · to move: chance · last: yellow is dealt an action card'
    """
    parts = []
    if state.round > 0 and state.phase != "setup":
        parts.append(f"Round {state.round}")
    parts.append(PHASE_NAMES.get(state.phase, state.phase))
    mover = RULES.to_move(state)
    parts.append("game over" if mover is None else f"to move: {mover}")
    if last is not None:
        parts.append(f"last: {last.text_for(viewer)}")
    return " · ".join(parts)


class Board(GameBoard):
    """A Mall of Horror board for ``match``; see the module docstring.

    ``seat`` is the colour you play (``None``: every seat is played by agents and the
    board tells everything, like an omniscient narrator); ``odds`` shows the live
    break-in odds; ``agents`` maps colours to agents (or is a factory ``colour ->
    agent``), by default a ``HeuristicAgent(seed)`` per colour; ``group_above=0`` offers
    placements grouped by character (by default lists are never grouped, as before). The
    Mall of Horror hooks of :class:`~boardlab.widgets.board.GameBoard` are defined here;
    the stepping, the caches and the error handling are the generic board's.

    >>> from boardlab import mall_of_horror as moh
    >>> board = moh.Board(moh.new_match(players=4, seed=3))
    >>> board.play_phase()  # the whole setup
    29
    >>> board.status.split(" · ")[:3]
    ['Round 1', 'a) Search the Truck', 'to move: chance']
    """

    rules = RULES
    game = "Mall of Horror"
    phase_titles: ClassVar[Mapping[str, str]] = PHASE_NAMES
    #: Long lists of placements stay one dropdown, as they always were, unless
    #: ``group_above=`` asks for them to be grouped by character.
    default_group_above: ClassVar[int | None] = None

    def players(self, state: State) -> tuple[str, ...]:
        return state.setup.colours

    def make_agent(self, player: str, index: int) -> Agent:
        return HeuristicAgent(self.seed)

    def render(self, state: State, *, viewer: str | None, highlight: tuple[Hashable, ...],
               odds: Mapping[Hashable, Fraction] | None) -> str:
        return render_svg(state, viewer=viewer, omniscient=viewer is None,
                          highlight=cast("tuple[int, ...]", highlight),
                          odds=cast("Mapping[int, Fraction] | None", odds))

    def status_line(self, state: State, last: Event | None, viewer: str | None) -> str:
        return status_line(state, last, viewer)

    def odds_for(self, state: State) -> Mapping[Hashable, Any]:
        """:func:`~boardlab.mall_of_horror.odds.live_odds`: break-in odds per location."""
        from boardlab.mall_of_horror.odds import live_odds

        return cast("Mapping[Hashable, Any]", live_odds(state))

    def odds_title(self, state: State) -> str:
        if state.phase in ("e", "f"):
            return "Break-in now (dice placed, before any card)"
        return "Break-in odds this round (dice unseen)"

    def odds_empty(self, state: State) -> str:
        if state.phase == "setup":
            return "No odds during setup."
        if state.phase == "over":
            return "The match is over."
        return "No occupied open location."

    def odds_labels(self, state: State) -> Mapping[Hashable, str]:
        return {loc: f"{loc} {state.config.name(loc)}" for loc in LOCATIONS}

    def highlights(self, events: Sequence[Event], viewer: str | None) -> tuple[int, ...]:
        return highlight_locations(events, viewer)

    def round_key(self, state: State) -> int:
        return state.round

    def phase_key(self, state: State) -> tuple[int, str]:
        return (state.round, state.phase)

    def choice_group(self, choice: Any) -> str | None:
        """Placements group by character (when ``group_above`` asks for groups)."""
        return KIND_NAMES[choice.kind] if isinstance(choice, Place) else None
