"""The Mall of Horror board: the picture, the controls, the odds and the log, bound to a Match.

:class:`Board` steps a :class:`~boardlab.core.engine.Match` one decision or chance
event at a time. Chance is rolled with the match's own seeded dice, the other seats are
played by agents (a :class:`~.agents.HeuristicAgent` each by default) that see only
their own view, and ``seat`` makes one colour yours: the board then stops at your
decisions and offers exactly the legal choices. *Back* keeps what came after
(``match.seek``), so Step replays the same dice and the same choices until you choose
differently or press *Re-roll from here*.

Who sees what: a seated board sees as its seat; without a seat the board is an
omniscient narrator (``viewer=None``, the default) or a spectator who sees only what
every player knows (``viewer="public"``), or watches as one colour (``viewer="blue"``).

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
>>> board.status.split(" · ")  # doctest: +NORMALIZE_WHITESPACE
['red to choose: pick one of your choices by the picture', 'Setup', 'to move: red',
 'last: red rolls 4 and 6 to place a character']
>>> board.choice_labels[:3]
['place Pin-Up at 4', 'place Pin-Up at 6', 'place Tough Guy at 4']
>>> board.choose(board.offered[1])[0].summary
'red places the Pin-Up at 6 Supermarket'
>>> board.back()
Place(kind='pinup', location=6)
>>> board.match.to_move
'red'
>>> _ = board.back()        # before red's placement roll; both plies stay recorded
>>> board.ahead
2
>>> board.step()[0].summary  # replayed: the same dice, not a new roll
'red rolls 4 and 6 to place a character'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, cast

from boardlab.core.agents import Agent
from boardlab.core.events import Event
from boardlab.mall_of_horror.agents import HeuristicAgent
from boardlab.mall_of_horror.choices import Place
from boardlab.mall_of_horror.config import KIND_NAMES, LOCATIONS, PARKING
from boardlab.mall_of_horror.queries import (
    break_in_threshold,
    characters_at,
    defence,
    extra_zombies,
    is_open,
)
from boardlab.mall_of_horror.render import render_svg
from boardlab.mall_of_horror.rules import PHASE_NAMES, RULES
from boardlab.mall_of_horror.state import State
from boardlab.widgets.board import PUBLIC, GameBoard
from boardlab.widgets.board import AgentSpec as AgentSpec  # the type of agents=, as before

#: The phases in which :func:`~boardlab.mall_of_horror.odds.live_odds` has odds (a–d:
#: the round's, e–f: the dice on the table); in setup and at the end it answers ``{}``.
_ODDS_PHASES = frozenset("abcdef")

__all__ = ["Board", "highlight_locations", "known_outcomes", "status_line"]

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

    ``seat`` is the colour you play (``None``: every seat is played by agents).
    ``viewer`` is whose eyes the board has: a seated board sees as its seat; without a
    seat ``viewer=None`` (the default) is an omniscient narrator that shows every hand,
    vote and hidden roll, ``viewer="public"`` a spectator who sees only what every
    player knows, and a colour watches as that colour. ``odds`` shows the live break-in
    odds; ``agents`` maps colours to agents (or is a factory ``colour -> agent``), by
    default a ``HeuristicAgent(seed)`` per colour; ``group_above=0`` offers placements
    grouped by character (by default lists are never grouped, as before). The Mall of
    Horror hooks of :class:`~boardlab.widgets.board.GameBoard` are defined here; the
    stepping, the replay, the caches and the error handling are the generic board's.

    >>> from boardlab import mall_of_horror as moh
    >>> board = moh.Board(moh.new_match(players=4, seed=3))
    >>> board.play_phase()  # the whole setup
    29
    >>> board.status.split(" · ")[:3]
    ['Round 1', 'a) Search the Truck', 'to move: chance']
    >>> spectator = moh.Board(board.match.branch(), viewer="public")
    >>> "Hand:" in board.svg, "Hand:" in spectator.svg   # the narrator sees the hands
    (True, False)
    """

    rules = RULES
    game = "Mall of Horror"
    phase_titles: ClassVar[Mapping[str, str]] = PHASE_NAMES
    picture_width: ClassVar[int] = 560
    #: Long lists of placements stay one dropdown, as they always were, unless
    #: ``group_above=`` asks for them to be grouped by character.
    default_group_above: ClassVar[int | None] = None

    def players(self, state: State) -> tuple[str, ...]:
        return state.setup.colours

    def make_agent(self, player: str, index: int) -> Agent:
        return HeuristicAgent(self.seed)

    def render(self, state: State, *, viewer: str | None, highlight: tuple[Hashable, ...],
               odds: Mapping[Hashable, Fraction] | None) -> str:
        # After the dice each location's fate is decided: the picture says it in words
        # ("Now: breaks in") where it would print a probability of 0 or 1.
        known = self.odds_known(state) if odds else {}
        outcomes = {loc: ("Now: breaks in" if odds[loc] == 1 else "Now: holds")
                    for loc in known} if odds else None
        chances = {loc: p for loc, p in odds.items() if loc not in known} if odds else odds
        return render_svg(state, viewer=None if viewer == PUBLIC else viewer,
                          omniscient=viewer is None,
                          highlight=cast("tuple[int, ...]", highlight),
                          odds=cast("Mapping[int, Fraction] | None", chances),
                          outcomes=cast("Mapping[int, str] | None", outcomes))

    def status_line(self, state: State, last: Event | None, viewer: str | None) -> str:
        return status_line(state, last, viewer)

    def odds_for(self, state: State) -> Mapping[Hashable, Any]:
        """:func:`~boardlab.mall_of_horror.odds.live_odds`: break-in odds per location."""
        if state.phase not in _ODDS_PHASES:
            return {}  # live_odds has none here: a first board never loads the odds (issue 28)
        from boardlab.mall_of_horror.odds import live_odds

        return cast("Mapping[Hashable, Any]", live_odds(state))

    def odds_title(self, state: State) -> str:
        if state.phase in ("e", "f"):
            return "Break-in now (dice placed, before any card)"
        return "Break-in odds this round (dice unseen)"

    def odds_note(self, state: State) -> str:
        if state.phase in ("e", "f"):
            return ("The arrival dice are on the table, so each outcome is decided if "
                    "nobody moves any more and no card is played (the extra zombies "
                    "included).")
        return ("Assumes nobody moves from where they stand now; the arrival dice are "
                "still unseen, so each fraction counts every way they can fall. Before "
                "any card.")

    def odds_known(self, state: State) -> Mapping[Hashable, str]:
        """After the dice (phases e and f): each location's outcome, zombies vs defence."""
        return cast("Mapping[Hashable, str]", known_outcomes(state))

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


def known_outcomes(state: State) -> dict[int, str]:
    """After the arrival dice (phases e and f): each occupied open location's outcome.

    What :func:`~boardlab.mall_of_horror.odds.live_odds` says as 1 or 0, in words: the
    zombies there (with the extra zombies phase f will add, while in phase e) against
    the defence (MoH-R5), or the Supermarket's limit (MoH-f-supermarket), or no defence
    at the Parking Lot. Empty before the dice and at the end.

    >>> from boardlab import mall_of_horror as moh
    >>> from boardlab.mall_of_horror.odds import live_odds
    >>> s = moh.position(characters={6: ["red pinup", "blue toughguy"], 3: ["red gunman"]},
    ...                  zombies={6: 1, 3: 0}, phase="f")
    >>> known_outcomes(s)  # phase f began: 6 drew both extra zombies (crowd, Pin-Up)
    {3: 'holds: no zombie vs defence 1', 6: 'breaks in: 3 zombies vs defence 3'}
    >>> live_odds(s) == {3: 0, 6: 1}
    True
    """
    if state.phase not in ("e", "f"):
        return {}
    # phase f adds the extra zombies before any attack (MoH-f-extra): count them in phase e
    extra = extra_zombies(state) if state.phase == "e" else {}
    out: dict[int, str] = {}
    for loc in LOCATIONS:
        if not is_open(state, loc) or not characters_at(state, loc):
            continue
        z = state.zombies[loc - 1] + extra.get(loc, 0)
        zombies = "no zombie" if z == 0 else f"{z} zombie{'s' * (z != 1)}"
        if loc == PARKING:
            out[loc] = f"breaks in: {zombies}, no defence" if z else f"holds: {zombies}"
            continue
        d, threshold = defence(state, loc), break_in_threshold(state, loc)
        verdict = "breaks in" if z >= threshold else "holds"
        if threshold < d:
            out[loc] = f"{verdict}: {zombies} vs {threshold} (Supermarket limit)"
        else:
            out[loc] = f"{verdict}: {zombies} vs defence {d}"
    return out
