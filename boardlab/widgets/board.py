"""A game board for any game: the picture, the controls, the odds and the log, bound to a Match.

:class:`GameBoard` steps a :class:`~boardlab.core.engine.Match` one decision or chance
event at a time: Step / Back / Play phase / Play round / Reset / Re-roll from here, with a
choice pad for the seat you play. It knows nothing of any game; a game subclasses it and
overrides a few *hooks* (methods with a working default) that say how a state looks and
reads, listed in :mod:`boardlab.widgets.hooks` (:class:`~boardlab.widgets.hooks.BoardHooks`).

**Who sees what.** ``viewer`` is whose eyes the board has: a player (that player's secrets
and nobody else's), :data:`PUBLIC` (``"public"``: a spectator, only what every player
knows) or ``None`` (an omniscient narrator: every secret). A board playing ``seat``
sees as that seat; a board without a seat is the narrator unless ``viewer=`` says
otherwise. Hooks receive the viewer as given.

**Rewind replays.** Back moves the match back one ply *keeping what came after it*
(``match.seek``), and Step, Play phase and Play round then replay the recorded plies
instead of asking the dice and the agents again: Back then Step shows the same dice and
the same log. The recorded future is dropped only on purpose: when the seat (or, without a
seat, :meth:`~GameBoard.choose`) picks a different choice, or with **Re-roll from here**
(:meth:`~GameBoard.reroll`), which continues with other dice from the current ply.

Everything shown is computed for the new position first and only then put on the
widgets; if anything fails (an agent, the rules, a hook), the match and the agents'
random generators are put back as they were (the dice follow: chance is a function of
the match's seed and history) and the status says what went wrong:
a board never ends half-updated, and plays on as if the failed action never happened.
Pictures and odds are cached per state, and the log grows by one chunk per ply, so a step
costs the same at any point of a match, and Back is served from the caches.

The board fits the notebook's width: the picture scales down (an SVG keeps its aspect
ratio) with the choices and odds beside it, or, in a narrow notebook, in one column: the
choices under the status line (in view), then the picture, then the odds. The buttons
and the status line wrap instead of widening the page.

A board for the toy game of ``tests/core/toy.py``, with every hook left at its default
(seeded random players, no odds, the state's repr as the picture); without a seat,
:meth:`~GameBoard.choose` plays for whoever is to move, chance included (a what-if):

>>> from boardlab.core.engine import Match
>>> from tests.core.toy import RULES, Add, Coin, ToySetup
>>> board = GameBoard(Match(RULES, ToySetup(), seed=1))
>>> board.choose(Coin(heads=True))[0].summary, board.status
('heads', 'to move: a · last: heads')
>>> board.choose(Add(2))[0].summary, board.status
('+2', 'to move: chance · last: +2')
>>> board.back(), board.status, board.ahead
(Add(amount=2), 'to move: a · last: heads', 1)
>>> board.step()[0].summary   # the recorded +2 again, not a new decision of a's agent
'+2'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from contextlib import suppress
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from boardlab.core.agents import Agent
from boardlab.core.engine import CHANCE, Match
from boardlab.core.errors import ArgumentError, ArgumentTypeError, IllegalAction
from boardlab.core.events import Event
from boardlab.core.simulate import agent_table
from boardlab.widgets import board_checks as checks
from boardlab.widgets.advice_slot import AdviceSlot
from boardlab.widgets.board_checks import PUBLIC, board_css, check_agents, check_viewer
from boardlab.widgets.history import (
    agents_checkpoint,
    branch,
    history,
    last_event,
    next_choice,
    remember,
    replay_one,
    restore,
)
from boardlab.widgets.hooks import BoardHooks
from boardlab.widgets.log import LogChunk, LogView
from boardlab.widgets.odds_panel import as_fraction, odds_table_html

if TYPE_CHECKING:
    import ipywidgets

    from boardlab.widgets.choices import ChoicePad
    from boardlab.widgets.stepper import Stepper

__all__ = ["PUBLIC", "AgentSpec", "GameBoard", "check_viewer"]

T = TypeVar("T")

AgentSpec = Mapping[str, Agent] | Callable[[str], Agent] | None


_MAX_PLIES = 100_000
_SEAT: Any = object()  # viewer= not given: the seat's view (the narrator's without a seat)

class _View(NamedTuple):
    """Everything the board shows for one position, computed before any widget changes."""

    keep: int
    chunks: list[LogChunk]
    svg: str
    odds: dict[Hashable, Any]
    known: dict[Hashable, str]
    odds_html: str
    status: str
    replay: str
    offered: tuple[Any, ...]
    labels: tuple[str, ...]
    groups: tuple[str | None, ...]
    pad_groups: tuple[str | None, ...] | None  # what the pad groups by (None: no grouping)


class GameBoard(BoardHooks):
    """A board for ``match``; see the module docstring for the hooks a game overrides.

    ``seat`` is the player you play (``None``: every seat is played by agents).
    ``viewer`` is whose eyes the board has: by default the seat's, and without a seat
    ``None``, the omniscient narrator that tells everything; ``viewer="public"``
    (:data:`PUBLIC`) is a spectator who sees only public information, and a player's
    name watches the agents play as that player may know the match. A seated board
    always sees as its seat. ``odds`` switches the odds panel on or off; ``agents`` maps
    players to agents (or is a factory ``player -> agent``), by default
    :meth:`make_agent` for each seat; ``seed`` seeds the default agents and the dice of
    :meth:`reroll`. ``group_above``: a seat offered more choices than this sees a group
    selector first, when the game groups its choices (:meth:`choice_group`); by default
    :attr:`default_group_above`, so short lists always look the same. ``advice=True``
    starts with the Advice toggle on (:attr:`advice`, :mod:`boardlab.widgets.advice_slot`).
    """

    def __init__(self, match: Match, *, seat: str | None = None, viewer: str | None = _SEAT,
                 odds: bool = True, agents: AgentSpec = None, seed: int | None = 0,
                 group_above: int | None = None, advice: bool = False) -> None:
        self._check_match(match)
        self._match = match
        players = self.players(match.state)
        if seat is not None:
            if not isinstance(seat, str):
                raise ArgumentTypeError("seat", seat, "a seat is a player's name, or None")
            if seat not in players:
                raise ArgumentError("seat", seat, f"unknown seat; players are "
                                    f"{', '.join(players)}")
        if viewer is _SEAT:
            viewer = seat
        elif seat is not None and viewer != seat:
            raise ArgumentError("viewer", viewer, f"a board playing {seat} sees what {seat} "
                                f"may see: leave out viewer= (or give viewer={seat!r})")
        check_viewer(viewer, players)
        for name, flag in (("odds", odds), ("advice", advice)):
            if not isinstance(flag, bool):
                raise ArgumentTypeError(name, flag, "expected True or False")
        checks.check_group_above(group_above)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentTypeError("seed", seed, "a seed is an integer or None")
        check_agents(agents, players)
        self.seat = seat
        self.viewer = viewer
        self.odds_enabled = odds
        self.seed = seed
        self._group_above = self.default_group_above if group_above is None else group_above
        self._agent_spec = agents
        self.agents = self._make_agents()
        self._rerolls = random.Random(f"boardlab-reroll:{seed}:{match.seed}")
        self._log = LogView(viewer=viewer, phase_titles=self.phase_titles, rows=self.log_rows)
        self._svgs: dict[tuple[Any, Hashable], str] = {}
        self._odds: dict[Any, tuple[dict[Hashable, Any], dict[Hashable, str], str]] = {}
        self._svg = self._odds_html = self._status = self._replay = ""
        self._live: dict[Hashable, Any] = {}
        self._known: dict[Hashable, str] = {}
        self._offered: tuple[Any, ...] = ()
        self._labels: tuple[str, ...] = ()
        self._groups: tuple[str | None, ...] = ()
        self._offered_for: Any = None
        self._widget: ipywidgets.VBox | None = None
        self.advice = AdviceSlot(seat=seat, viewer=viewer)  # the Advice toggle, off
        self._build_widgets()
        self._commit(self._prepare())
        if advice:
            self.advice.set(True)

    # -- the public face ------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The match this board steps (its history is the board's history).

        After :meth:`reroll` this is a new match: a branch of the old one at the re-rolled
        ply, with another seed.
        """
        return self._match

    @property
    def ahead(self) -> int:
        """How many recorded plies lie after the one on show (Step replays them)."""
        return self._match.recorded_plies - self._match.ply

    @property
    def svg(self) -> str:
        """The picture on show (what :meth:`render` made)."""
        return self._svg

    @property
    def odds(self) -> dict[Hashable, Any]:
        """The odds on show, as :meth:`odds_for` gave them (empty without odds)."""
        return dict(self._live)

    @property
    def known_outcomes(self) -> dict[Hashable, str]:
        """The odds panel's rows that show a known outcome (:meth:`odds_known`), as text."""
        return dict(self._known)

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
        """The log as plain text: :func:`boardlab.narrate.narrate`'s lines for the viewer."""
        return self._log.lines

    @property
    def status(self) -> str:
        """The status line (also on the widget's ``bl-status`` label)."""
        return self._status

    @property
    def replay_note(self) -> str:
        """The line under the status while recorded plies lie ahead (else ``""``)."""
        return self._replay

    @property
    def offered(self) -> tuple[Any, ...]:
        """The choices offered to the seat now (empty when it is not the seat's turn)."""
        return self._offered

    @property
    def choice_labels(self) -> list[str]:
        """The labels of the offered choices, as on the buttons."""
        return list(self._labels)

    @property
    def choice_groups(self) -> list[str | None]:
        """The group of each offered choice, as :meth:`choice_group` gives it."""
        return list(self._groups)

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
        view = "" if self.viewer == self.seat else f" viewer={self.viewer!r}"
        return (f"<{type(self).__name__} seat={self.seat!r}{view} ply={self._match.ply}: "
                f"{self._status}>")

    # -- actions --------------------------------------------------------------------------
    @property
    def can_step(self) -> bool:
        """Whether :meth:`step` would move the match: not over, not the seat's own turn.

        Loop on this, not on :meth:`step`'s events (a ply can make none)::

            while board.can_step:
                board.step()
        """
        mover = self._match.to_move
        return mover is not None and mover != self.seat

    def step(self) -> tuple[Event, ...]:
        """One decision or chance event; its events (empty if nothing could move).

        A recorded ply ahead (after :meth:`back` or :meth:`reset`) is replayed as it was,
        dice and agents' choices alike. At the seat's own decision nothing moves: the
        choice is the seat's (:meth:`choose`). Some plies make no event (a card drawn in
        secret), so use :attr:`can_step` to know whether stepping is possible.
        """
        events = self._act(self._advance)
        if events is None:
            if self._match.to_move is None:
                self._note("the match is over")
            else:
                self._commit(self._prepare())  # the status already says who must choose
            return ()
        return events

    def back(self) -> Any:
        """One ply back, keeping the plies after it; the undone ply's choice (``None`` at 0).

        The match moves with ``match.seek``, so Step replays the same ply again.
        """
        match = self._match
        if match.ply == 0:
            self._note("nothing to undo: this is the start of the match")
            return None
        choice = match.records[-1].choice
        self._act(lambda: match.seek(match.ply - 1))
        return choice

    def play_phase(self) -> int:
        """Step until the phase changes, the seat must choose, or the match ends; plies made."""
        start = self.phase_key(self._match.state)
        return self._act(lambda: self._play_until(lambda s: self.phase_key(s) != start))

    def play_round(self) -> int:
        """Step until the round changes, the seat must choose, or the match ends; plies made."""
        start = self.round_key(self._match.state)
        return self._act(lambda: self._play_until(lambda s: self.round_key(s) != start))

    def reset(self) -> None:
        """Back to ply 0, keeping the match's record: Step then replays it as it happened."""
        self._act(lambda: self._match.seek(0))

    def reroll(self, seed: int | None = None) -> int | None:
        """Re-roll from here: forget the plies after this one and draw other dice from now on.

        The board goes on with ``match.branch(ply, seed=...)`` (so :attr:`match` is that
        new match): the same history up to here, another seed for every chance event
        after it. Without ``seed`` the next seed of the board's own seeded sequence is
        used, so a notebook re-rolls the same way every time it runs. Returns the seed
        (``None`` once the match is over: nothing is left to roll).
        The agents then decide afresh wherever the new dice lead.

        >>> from boardlab.core.engine import Match
        >>> from tests.core.toy import RULES, ToySetup
        >>> board = GameBoard(Match(RULES, ToySetup(), seed=1))
        >>> board.play_round() and board.reset()
        >>> board.ahead > 0, board.reroll(seed=7), board.ahead, board.match.seed
        (True, 7, 0, 7)
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"a seed is an integer, not {seed!r}")
        match = self._match
        if match.to_move is None:
            self._note("the match is over: nothing to re-roll")
            return None
        new_seed = self._rerolls.getrandbits(63) if seed is None else seed

        def go_on() -> None:
            self._match = branch(match, new_seed)
        self._act(go_on)
        self._note(f"re-rolled at step {self._match.ply}: other dice from here on "
                   f"(seed {new_seed})")
        return new_seed

    def choose(self, choice: Any) -> tuple[Event, ...]:
        """Play ``choice`` for the player to move (the seat, on a seated board).

        The choice recorded next (after :meth:`back`) is replayed, keeping the recorded
        plies after it; any other choice starts a new future from here. An illegal choice
        raises :class:`~boardlab.core.errors.IllegalAction` naming the rule, and changes
        nothing: neither the match nor anything on show.
        """
        match = self._match
        mover = match.to_move
        if self.seat is not None and mover != self.seat:
            who = "chance decides" if mover is CHANCE else (
                "the match is over" if mover is None else f"it is {mover}'s decision")
            raise IllegalAction(f"{choice} cannot be played by {self.seat}: {who}",
                                rule=match.rules.decision_rule(match.state))
        if mover is None or choice not in match.legal():
            match.push(choice)  # raises the engine's own IllegalAction; nothing changes
        if self.ahead and next_choice(match) == choice:
            return self._act(lambda: replay_one(match))
        return self._act(lambda: match.push(choice))

    def refresh(self) -> None:
        """Show the match as it stands (after changing it outside the board)."""
        self._act(lambda: None)

    # -- stepping ---------------------------------------------------------------------------
    def _check_match(self, match: Any) -> None:
        """Refuse anything but a match of this board's game, naming the argument."""
        if isinstance(match, Match) and (self.rules is None or match.rules is self.rules):
            return
        hint = ""
        if hasattr(match, "_fields") and hasattr(match, "setup"):
            hint = "; for a position, new_match(start=state)"
        raise ArgumentTypeError("match", match, f"expected a {self.game} match (new_match, "
                                f"play or load_match){hint}")

    def _make_agents(self) -> dict[str, Agent]:
        players = self.players(self._match.state)
        if self._agent_spec is None:
            return {p: self.make_agent(p, i) for i, p in enumerate(players)}
        return agent_table(players, self._agent_spec, self.seed)

    def _advance(self) -> tuple[Event, ...] | None:
        """Make one ply unless the match is over or the seat must choose.

        A recorded ply ahead is replayed as it was; otherwise chance rolls and an agent
        decides.
        """
        match = self._match
        mover = match.to_move
        if mover is None or mover == self.seat:
            return None
        if match.ply < match.recorded_plies:
            return replay_one(match)
        if mover is CHANCE:
            match.roll()
            return match.last_events
        agent = self.agents[mover]
        return match.push(agent.choose(match.observe(mover), match.legal()))

    def _play_until(self, done: Callable[[Any], bool]) -> int:
        plies = 0
        while plies < _MAX_PLIES:
            if self._advance() is None:
                break
            plies += 1
            if done(self._match.state):
                break
        return plies

    def _act(self, action: Callable[[], T]) -> T:
        """Run ``action`` on the match, then show the result; on failure undo and say so."""
        match, agents = self._match, self.agents
        recorded = history(match)
        restore_agents = agents_checkpoint(agents)
        try:
            result = action()
            view = self._prepare()
        except Exception as exc:
            self._match = match
            restore(match, *recorded)
            self.agents = agents
            restore_agents()
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
        highlight = tuple(self.highlights(last_events, self.viewer))
        live, known, odds_html = self._odds_of(state)
        svg = self._svg_for(state, highlight, live)
        status = self.status_line(state, last_event(records), self.viewer)
        mover = match.to_move
        if self.seat is not None and mover == self.seat:
            status = f"{self.seat} to choose: pick one of your choices by the picture · {status}"
        ahead = match.recorded_plies - match.ply
        replay = ""
        if ahead:
            replay = (f"Replaying the recorded match: {ahead} more "
                      f"step{'' if ahead == 1 else 's'} recorded after this one. Step "
                      "repeats them exactly; a different choice, or Re-roll from here, "
                      "starts another future.")
        offered = match.legal() if self.seat is not None and mover == self.seat else ()
        if offered:   # the rare ones last (a stable sort keeps the rules' order otherwise)
            offered = tuple(sorted(offered, key=self.choice_rank))
        labels = tuple(self.choice_label(c) for c in offered)
        groups = tuple(self.choice_group(c) for c in offered)
        grouped = self._group_above is not None and any(g is not None for g in groups)
        return _View(keep, chunks, svg, live, known, odds_html, status, replay, offered,
                     labels, groups, groups if grouped else None)

    def _odds_of(self, state: Any) -> tuple[dict[Hashable, Any], dict[Hashable, str], str]:
        hit = self._odds.get(state)
        if hit is None:
            if self.odds_enabled:
                live = dict(self.odds_for(state))
                known = {k: v for k, v in self.odds_known(state).items() if k in live}
                html = odds_table_html(live, labels=self.odds_labels(state),
                                       title=self.odds_title(state),
                                       empty=self.odds_empty(state),
                                       note=self.odds_note(state) if live else "",
                                       known=known)
            else:
                live, known = {}, {}
                html = odds_table_html({}, title=self.odds_title(state),
                                       empty="Odds are switched off.")
            hit = (live, known, html)
            remember(self._odds, state, hit)
        return hit

    def _svg_for(self, state: Any, highlight: tuple[Hashable, ...],
                 live: Mapping[Hashable, Any]) -> str:
        key = (state, highlight)
        svg = self._svgs.get(key)
        if svg is None:
            # The picture reads plain Fractions, whatever exact type the odds came in.
            exact = {k: as_fraction(p) for k, p in live.items()} if self.odds_enabled else None
            svg = self.render(state, viewer=self.viewer, highlight=highlight, odds=exact)
            remember(self._svgs, key, svg)
        return svg

    def _build_widgets(self) -> None:
        import ipywidgets

        from boardlab.widgets.choices import ChoicePad
        from boardlab.widgets.stepper import Stepper

        self._stepper = Stepper({"step": self.step, "back": self.back,
                                 "phase": self.play_phase, "round": self.play_round,
                                 "reset": self.reset, "reroll": self.reroll})
        style = ipywidgets.HTML(board_css(self.picture_width, scrolls=self.picture_scrolls),
                                layout=ipywidgets.Layout(display="none"))
        style.add_class("bl-board-style")
        # The HTML parts share one default layout and one style, the boxes another layout:
        # each would otherwise be a widget of its own (a comm and a model in the page),
        # about a third of the board's widgets, none ever changed per part (issue 28).
        plain, html_style, box = (ipywidgets.Layout(), ipywidgets.widgets.widget_string.HTMLStyle(),
                                  ipywidgets.Layout())
        self._replay_widget, self._svg_widget, self._odds_widget = (
            ipywidgets.HTML(layout=plain, style=html_style) for _ in range(3))
        for part, name in ((self._replay_widget, "bl-replay"), (self._svg_widget, "bl-board-svg"),
                           (self._odds_widget, "bl-odds-panel")):
            part.add_class(name)
        self._pad = ChoicePad(self._pick, group_above=self._group_above)  # None: unused
        # Laid out by _STYLE: the picture with the choices and odds beside it, or in one
        # column (choices, picture, odds) when the notebook is narrow.
        toggle, slot = self.advice.widgets(self._stepper.layout)
        self._stepper.add(toggle)
        main = ipywidgets.Box([self._svg_widget, self._pad.widget, self._odds_widget, slot],
                              layout=box)
        main.add_class("bl-board-main")
        self._widget = ipywidgets.VBox([style, self._stepper.widget, self._replay_widget,
                                        main, self._log.widget], layout=box)
        self._widget.add_class("bl-board")

    def _commit(self, view: _View) -> None:
        """Put a prepared view on show (assignments only: nothing here can fail midway)."""
        self._log.commit(view.keep, view.chunks)
        self._svg, self._live, self._odds_html = view.svg, view.odds, view.odds_html
        self._known = view.known
        self._status, self._replay = view.status, view.replay
        self._offered, self._labels, self._groups = view.offered, view.labels, view.groups
        self._offered_for = self._match.state if view.offered else None
        self._svg_widget.value = view.svg
        self._odds_widget.value = view.odds_html
        self._replay_widget.value = (f'<div class="bl-replay-note" style="color:#444">'
                                     f"{escape(view.replay)}</div>" if view.replay else "")
        self._log.show()
        self._stepper.set_status(view.status)
        match = self._match
        mover = match.to_move
        moves = mover is not None and mover != self.seat
        # Re-roll from here forgets the recorded plies ahead and draws other dice for
        # them: with nothing recorded ahead (no dice drawn yet for the future) it would
        # change nothing on show, so it is enabled only then (issue 29).
        self._stepper.enable(step=moves, back=match.ply > 0, phase=moves, round=moves,
                             reset=match.ply > 0,
                             reroll=mover is not None and match.recorded_plies > match.ply)
        prompt = f"{self.seat}, your choice:" if view.offered else ""
        self._pad.offer(view.labels, prompt=prompt, groups=view.pad_groups)
        self.advice.follow(match)  # off: nothing; on: from the cache or a thread

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
