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

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from boardlab.core.agents import Agent
from boardlab.core.engine import CHANCE, Match, Record
from boardlab.core.errors import IllegalAction
from boardlab.core.events import Event
from boardlab.core.simulate import agent_table
from boardlab.mall_of_horror.agents import HeuristicAgent
from boardlab.mall_of_horror.config import LOCATIONS
from boardlab.mall_of_horror.render import render_svg
from boardlab.mall_of_horror.rules import PHASE_NAMES, RULES
from boardlab.mall_of_horror.state import State
from boardlab.widgets.log import LogChunk, LogView
from boardlab.widgets.odds_panel import odds_table_html

if TYPE_CHECKING:
    import ipywidgets

    from boardlab.widgets.choices import ChoicePad
    from boardlab.widgets.stepper import Stepper

__all__ = ["Board", "highlight_locations", "status_line"]

T = TypeVar("T")

AgentSpec = Mapping[str, Agent] | Callable[[str], Agent] | None

#: Event data fields that name a location (a board outlines them after the step).
_LOCATION_FIELDS = ("location", "start", "end", "to", "placed", "tied", "destinations")
_MAX_PLIES = 100_000
_CACHE_SIZE = 4096


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


class _View(NamedTuple):
    """Everything the board shows for one position, computed before any widget changes."""

    keep: int
    chunks: list[LogChunk]
    svg: str
    odds: dict[int, Any]
    odds_html: str
    status: str
    offered: tuple[Any, ...]


class Board:
    """A Mall of Horror board for ``match``; see the module docstring.

    ``seat`` is the colour you play (``None``: every seat is played by agents and the
    board tells everything, like an omniscient narrator); ``odds`` shows the live
    break-in odds; ``agents`` maps colours to agents (or is a factory ``colour ->
    agent``), by default a ``HeuristicAgent(seed)`` per colour.

    >>> from boardlab import mall_of_horror as moh
    >>> board = moh.Board(moh.new_match(players=4, seed=3))
    >>> board.play_phase()  # the whole setup
    29
    >>> board.status.split(" · ")[:3]
    ['Round 1', 'a) Search the Truck', 'to move: chance']
    """

    def __init__(self, match: Match, *, seat: str | None = None, odds: bool = True,
                 agents: AgentSpec = None, seed: int | None = 0) -> None:
        if match.rules is not RULES:
            raise ValueError(f"a Mall of Horror board needs a Mall of Horror match, "
                             f"not {match.rules.name!r}")
        colours = match.state.setup.colours
        if seat is not None and seat not in colours:
            raise ValueError(f"unknown seat {seat!r}; players are {', '.join(colours)}")
        self._match = match
        self.seat = seat
        self.odds_enabled = odds
        self.seed = seed
        self._agent_spec = agents
        self.agents = self._make_agents()
        # Reset replays the same match only if the board saw the RNG at the first ply.
        self._start_rng = match.rng.getstate() if match.ply == 0 else None
        self._labels = {loc: f"{loc} {match.state.config.name(loc)}" for loc in LOCATIONS}
        self._log = LogView(viewer=seat, phase_titles=PHASE_NAMES, height="18em")
        self._svgs: dict[tuple[State, tuple[int, ...]], str] = {}
        self._odds: dict[State, tuple[dict[int, Any], str]] = {}
        self._svg = self._odds_html = self._status = ""
        self._live: dict[int, Any] = {}
        self._offered: tuple[Any, ...] = ()
        self._offered_for: State | None = None
        self._widget: ipywidgets.VBox | None = None
        if odds:
            # Odds are sympy Rationals: pay sympy's import (~0.3 s) here, not in a step.
            import sympy  # noqa: F401
        self._build_widgets()
        self._commit(self._prepare())

    # -- the public face ------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The match this board steps (its history is the board's history)."""
        return self._match

    @property
    def svg(self) -> str:
        """The SVG picture on show."""
        return self._svg

    @property
    def odds(self) -> dict[int, Any]:
        """The live odds on show: location → ``sympy.Rational`` (empty without odds)."""
        return dict(self._live)

    @property
    def odds_html(self) -> str:
        """The odds panel's HTML."""
        return self._odds_html

    @property
    def log_html(self) -> str:
        """The log's HTML."""
        return self._log.html

    @property
    def log_lines(self) -> list[str]:
        """The log as plain text: :func:`boardlab.narrate.narrate`'s lines for this seat."""
        return self._log.lines

    @property
    def status(self) -> str:
        """The status line (also on the widget's ``bl-status`` label)."""
        return self._status

    @property
    def offered(self) -> tuple[Any, ...]:
        """The choices offered to the seat now (empty when it is not the seat's turn)."""
        return self._offered

    @property
    def choice_labels(self) -> list[str]:
        """The labels of the offered choices, as on the buttons."""
        return [str(c) for c in self._offered]

    @property
    def widget(self) -> ipywidgets.VBox:
        """The whole board as one ``ipywidgets.VBox`` (class ``bl-board``)."""
        assert self._widget is not None
        return self._widget

    @property
    def stepper(self) -> Stepper:
        """The button row and status label (buttons by name: ``stepper.buttons["step"]``)."""
        return self._stepper

    @property
    def choice_pad(self) -> ChoicePad:
        """The pad that offers the seat's choices."""
        return self._pad

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def close(self) -> None:
        """Close every widget of the board (the match is untouched)."""
        from boardlab.widgets import close_tree

        close_tree(self.widget)

    def __repr__(self) -> str:
        return f"<Board seat={self.seat!r} ply={self._match.ply}: {self._status}>"

    # -- actions --------------------------------------------------------------------------
    @property
    def can_step(self) -> bool:
        """Whether :meth:`step` would move the match: not over, not the seat's own turn.

        Loop on this, not on :meth:`step`'s events (a card draw can make none)::

            while board.can_step:
                board.step()
        """
        mover = self._match.to_move
        return mover is not None and mover != self.seat

    def step(self) -> tuple[Event, ...]:
        """One decision or chance event; its events (empty if nothing could move).

        At the seat's own decision nothing moves: the choice is the seat's (:meth:`choose`).
        Some plies make no event (a truck card drawn in secret), so use :attr:`can_step`
        to know whether stepping is possible.
        """
        events = self._act(self._advance)
        if events is None:
            self._note(self._why_stopped())
            return ()
        return events

    def back(self) -> Any:
        """Undo the last ply (``match.pop()``) and return its choice (``None`` at ply 0)."""
        if self._match.ply == 0:
            self._note("nothing to undo: this is the start of the match")
            return None
        return self._act(self._match.pop)

    def play_phase(self) -> int:
        """Step until the phase changes, the seat must choose, or the match ends; plies made."""
        state = self._match.state
        return self._act(lambda: self._play_until(lambda s: (s.round, s.phase)
                                                  != (state.round, state.phase)))

    def play_round(self) -> int:
        """Step until the round changes, the seat must choose, or the match ends; plies made."""
        start = self._match.state.round
        return self._act(lambda: self._play_until(lambda s: s.round != start))

    def reset(self) -> None:
        """Back to ply 0; a board created at ply 0 also rewinds the dice and the agents."""
        def rewind() -> None:
            while self._match.ply:
                self._match.pop()
            if self._start_rng is not None:
                self._match.rng.setstate(self._start_rng)
            if self._agent_spec is None or callable(self._agent_spec):
                self.agents = self._make_agents()
        self._act(rewind)

    def choose(self, choice: Any) -> tuple[Event, ...]:
        """Play ``choice`` for the player to move (the seat, on a seated board).

        An illegal choice raises :class:`~boardlab.core.errors.IllegalAction` naming the
        rule, and changes nothing: neither the match nor anything on show.
        """
        match = self._match
        mover = match.to_move
        if self.seat is not None and mover != self.seat:
            who = "chance decides" if mover == CHANCE else (
                "the match is over" if mover is None else f"it is {mover}'s decision")
            raise IllegalAction(f"{choice} cannot be played by {self.seat}: {who}",
                                rule=RULES.decision_rule(match.state))
        if mover is None or choice not in match.legal():
            match.push(choice)  # raises the engine's own IllegalAction; nothing changes
        return self._act(lambda: match.push(choice))

    def refresh(self) -> None:
        """Show the match as it stands (after changing it outside the board)."""
        self._act(lambda: None)

    # -- stepping ---------------------------------------------------------------------------
    def _make_agents(self) -> dict[str, Agent]:
        spec = self._agent_spec
        if spec is None:
            seed = self.seed
            spec = lambda _colour: HeuristicAgent(seed)  # noqa: E731
        return agent_table(self._match.state.setup.colours, spec, self.seed)

    def _advance(self) -> tuple[Event, ...] | None:
        """Make one ply unless the match is over or the seat must choose."""
        match = self._match
        mover = match.to_move
        if mover is None or mover == self.seat:
            return None
        if mover == CHANCE:
            match.roll()
            return match.last_events
        agent = self.agents[mover]
        return match.push(agent.choose(match.observe(mover), match.legal()))

    def _play_until(self, done: Callable[[State], bool]) -> int:
        plies = 0
        while plies < _MAX_PLIES:
            if self._advance() is None:
                break
            plies += 1
            if done(self._match.state):
                break
        return plies

    def _why_stopped(self) -> str:
        mover = self._match.to_move
        if mover is None:
            return "the match is over"
        return f"{mover} to choose: pick one of the choices below"

    def _act(self, action: Callable[[], T]) -> T:
        """Run ``action`` on the match, then show the result; on failure undo and say so."""
        match = self._match
        before, rng, agents = match.records, match.rng.getstate(), self.agents
        try:
            result = action()
            view = self._prepare()
        except Exception as exc:
            _restore(match, before)
            match.rng.setstate(rng)
            self.agents = agents
            self._note(f"error: {exc}")
            raise
        self._commit(view)
        return result

    # -- what is shown ----------------------------------------------------------------------
    def _prepare(self) -> _View:
        """Compute everything shown for the match's current position (changes nothing)."""
        match = self._match
        records = match.records
        keep = self._log.common_prefix([r.after for r in records])
        chunks = self._log.build(((r.after, r.events) for r in records[keep:]), after=keep)
        state = match.state
        last_events = records[-1].events if records else ()
        highlight = highlight_locations(last_events, self.seat)
        live, odds_html = self._odds_for(state)
        svg = self._svg_for(state, highlight, live)
        status = status_line(state, _last_event(records), self.seat)
        mover = match.to_move
        offered = match.legal() if self.seat is not None and mover == self.seat else ()
        return _View(keep, chunks, svg, live, odds_html, status, offered)

    def _odds_for(self, state: State) -> tuple[dict[int, Any], str]:
        hit = self._odds.get(state)
        if hit is None:
            if self.odds_enabled:
                from boardlab.mall_of_horror.odds import live_odds

                live = live_odds(state)
            else:
                live = {}
            hit = (live, odds_table_html(live, labels=self._labels, title=_odds_title(state),
                                         empty=_odds_empty(state, self.odds_enabled)))
            _remember(self._odds, state, hit)
        return hit

    def _svg_for(self, state: State, highlight: tuple[int, ...], live: dict[int, Any]) -> str:
        key = (state, highlight)
        svg = self._svgs.get(key)
        if svg is None:
            svg = render_svg(state, viewer=self.seat, omniscient=self.seat is None,
                             highlight=highlight, odds=live if self.odds_enabled else None)
            _remember(self._svgs, key, svg)
        return svg

    def _build_widgets(self) -> None:
        import ipywidgets

        from boardlab.widgets.choices import ChoicePad
        from boardlab.widgets.stepper import Stepper

        self._stepper = Stepper({"step": self.step, "back": self.back,
                                 "phase": self.play_phase, "round": self.play_round,
                                 "reset": self.reset})
        self._svg_widget = ipywidgets.HTML()
        self._svg_widget.add_class("bl-board-svg")
        self._odds_widget = ipywidgets.HTML()
        self._odds_widget.add_class("bl-odds-panel")
        self._pad = ChoicePad(self._pick)
        # A bounded side column: a long row of choice buttons wraps inside it instead
        # of widening the column until it drops below the picture.
        side = ipywidgets.VBox([self._odds_widget, self._pad.widget],
                               layout=ipywidgets.Layout(min_width="300px", max_width="420px"))
        main = ipywidgets.HBox([self._svg_widget, side],
                               layout=ipywidgets.Layout(flex_flow="row wrap"))
        self._widget = ipywidgets.VBox([self._stepper.widget, main, self._log.widget])
        self._widget.add_class("bl-board")

    def _commit(self, view: _View) -> None:
        """Put a prepared view on show (assignments only: nothing here can fail midway)."""
        self._log.commit(view.keep, view.chunks)
        self._svg, self._live, self._odds_html = view.svg, view.odds, view.odds_html
        self._status = view.status
        self._offered = view.offered
        self._offered_for = self._match.state if view.offered else None
        self._svg_widget.value = view.svg
        self._odds_widget.value = view.odds_html
        self._log.show()
        self._stepper.set_status(view.status)
        mover = self._match.to_move
        self._stepper.enable(step=mover is not None and mover != self.seat,
                             back=self._match.ply > 0,
                             phase=mover is not None and mover != self.seat,
                             round=mover is not None and mover != self.seat,
                             reset=self._match.ply > 0)
        prompt = f"{self.seat}, your choice:" if view.offered else ""
        self._pad.offer([str(c) for c in view.offered], prompt=prompt)

    def _note(self, text: str) -> None:
        """Show a message in front of the status (the position shown stays as it is)."""
        with suppress(Exception):  # if the display itself fails, keep what is shown
            self._commit(self._prepare())
        self._status = f"{text} · {self._status}" if self._status else text
        self._stepper.set_status(self._status)

    def _pick(self, index: int) -> None:
        """A click on an offered choice."""
        if self._offered_for is not self._match.state or not 0 <= index < len(self._offered):
            self._note("that choice is out of date")
            return
        try:
            self.choose(self._offered[index])
        except Exception as exc:  # a click has no caller: the status says what went wrong
            self._note(f"error: {exc}")


def _restore(match: Match, before: Sequence[Record]) -> None:
    """Put ``match`` back to the history ``before`` (pop what was pushed, redo what was popped)."""
    while match.ply and (match.ply > len(before)
                         or match.records[-1] is not before[match.ply - 1]):
        match.pop()
    for record in before[match.ply:]:
        match.push(record.choice)


def _last_event(records: Sequence[Record]) -> Event | None:
    for record in reversed(records):
        if record.events:
            return record.events[-1]
    return None


def _odds_title(state: State) -> str:
    if state.phase in ("e", "f"):
        return "Break-in now (dice placed, before any card)"
    return "Break-in odds this round (dice unseen)"


def _odds_empty(state: State, enabled: bool) -> str:
    if not enabled:
        return "Odds are switched off."
    if state.phase == "setup":
        return "No odds during setup."
    if state.phase == "over":
        return "The match is over."
    return "No occupied open location."


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[key] = value
