"""A phase explainer for any game: a played match told one phase at a time, one card each.

A card says what the phase is for (a game's own words, citing rule ids), gives a short
tally if the game has one, then what happened in it: the phase's events in
:func:`boardlab.narrate.narrate`'s words, each ending with the rule that caused it.
:class:`PhaseExplainer` walks the cards with Next / Back / a phase menu / Next round.
It knows nothing of any game; a game subclasses it and sets a few hooks:

=====================================================  ======================================
hook                                                   what it gives
=====================================================  ======================================
``phase_text(phase) -> (what, rule_ids)``              the card's words and the rules cited
                                                       (default: looked up in ``phase_guide``)
class attributes ``phases``, ``opening``, ``closing``  the phases of a round in order, those
                                                       before round 1, those that end a match
``phase_titles``                                       phase id → heading
``in_short(events, viewer) -> str``                    a one-line tally of a phase (or ``""``)
``position_of(state) -> (round, phase)``               where a state stands
``group_events(events) -> {(round, phase): events}``   which card tells which event
``phase_positions() -> [(round, phase), …]``           every card, in order
``players(state) -> tuple[str, ...]``                  the viewers a card may be told for
=====================================================  ======================================

By convention events carry their ``round`` and ``phase`` and states have ``round`` and
``phase`` attributes: a game that follows it needs only ``phases`` (and ``opening`` /
``closing``), ``phase_titles`` and ``phase_guide``. Without ``phases`` the cards are the
event groups in the order they happened.

>>> ordered_positions((0, "setup"), (2, "b"), ("a", "b", "c"), opening=("setup",))
[(0, 'setup'), (1, 'a'), (1, 'b'), (1, 'c'), (2, 'a'), (2, 'b')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, ClassVar, Final

from boardlab.core.engine import Match
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.core.events import Event
from boardlab.core.rules import RuleRef
from boardlab.narrate import INDENT, heading, narrate
from boardlab.widgets.log import lines_html

if TYPE_CHECKING:
    import ipywidgets

__all__ = ["NOTHING", "PhaseExplainer", "Position", "card_html", "card_lines",
           "ordered_positions"]

Position = tuple[int, str]

#: What a card says when nothing happened in its phase.
NOTHING: Final = "Nothing happened in this phase."


def ordered_positions(first: Position, last: Position, phases: Sequence[str], *,
                      opening: Sequence[str] = (), closing: Sequence[str] = ()) -> list[Position]:
    """Every (round, phase) from ``first`` to ``last``, both included, in play order.

    ``phases`` repeat every round from round 1; ``opening`` phases come once before round 1
    (round 0); a ``closing`` phase is listed only when the match stands in it (``last``).

    >>> ordered_positions((1, "b"), (2, "over"), ("a", "b"), closing=("over",))
    [(1, 'b'), (2, 'a'), (2, 'b'), (2, 'over')]
    >>> ordered_positions((0, "deal"), (0, "deal"), ("a",), opening=("deal", "bid"))
    [(0, 'deal')]
    """
    order = _order_key(phases, opening, closing)
    start, end = order(first), order(last)
    out: list[Position] = [(0, p) for p in opening if start <= order((0, p)) <= end]
    for r in range(max(first[0], 1), max(last[0], 0) + 1):
        for phase in phases:
            if start <= order((r, phase)) <= end:
                out.append((r, phase))
    if last[1] in closing:
        out.append(last)
    return out


def _order_key(phases: Sequence[str], opening: Sequence[str], closing: Sequence[str]) -> Any:
    def order(position: Position) -> tuple[int, int]:
        r, phase = position
        if phase in opening:
            return (0, list(opening).index(phase))
        if phase in closing:
            return (r, len(phases) + 1 + list(closing).index(phase))
        if phase not in phases:
            raise ValueError(f"unknown phase {phase!r}; phases are "
                             f"{', '.join([*opening, *phases, *closing])}")
        return (r, list(phases).index(phase) + 1)
    return order


def card_lines(position: Position, events: Sequence[Event], *, what: str,
               rule_ids: Sequence[str], phase_titles: Mapping[str, str] | None = None,
               short: str = "", viewer: str | None = None) -> list[str]:
    """One card as plain lines: title, what the phase does, rules, tally, what happened.

    The event lines are exactly :func:`~boardlab.narrate.narrate`'s, as ``viewer`` may
    know them (``None``: everything).

    >>> card_lines((1, "s"), [], what="Pawns on the goal score.", rule_ids=["D-1"],
    ...            phase_titles={"s": "Scoring"})
    ['Round 1 — Scoring', 'What it does: Pawns on the goal score.', 'Rules: D-1', \
'What happened:', '  Nothing happened in this phase.']
    """
    lines = [heading(*position, phase_titles), f"What it does: {what}",
             f"Rules: {', '.join(rule_ids)}"]
    if short:
        lines.append(f"In short: {short}")
    lines.append("What happened:")
    told = narrate(events, viewer=viewer, phase_titles=phase_titles)
    lines.extend(line for line in told if line.startswith(INDENT))
    if not events:
        lines.append(INDENT + NOTHING)
    return lines


def card_html(position: Position, lines: Sequence[str], events: Sequence[Event], *,
              what: str, rules: Sequence[RuleRef]) -> str:
    """A card (``lines`` from :func:`card_lines`) as HTML; each rule id shows its citation."""
    cited = ", ".join(f'<span class="bl-card-rule" title="{escape(r.cite())}: '
                      f'{escape(r.summary)}">{escape(r.id)}</span>' for r in rules)
    short = next((line[len("In short: "):] for line in lines if line.startswith("In short: ")),
                 "")
    told = list(lines[list(lines).index("What happened:") + 1:])
    happened = (lines_html(told, events) if events
                else f'<div class="bl-card-nothing" style="color:#666">{NOTHING}</div>')
    parts = [f'<div class="bl-card" data-round="{position[0]}" '
             f'data-phase="{escape(str(position[1]))}" '
             'style="font-family:sans-serif;font-size:13px;max-width:60em">',
             f'<h3 class="bl-card-title" style="margin:0.2em 0">{escape(lines[0])}</h3>',
             f'<p class="bl-card-what"><b>What it does:</b> {escape(what)}</p>',
             f'<p class="bl-card-rules"><b>Rules:</b> {cited}</p>']
    if short:
        parts.append(f'<p class="bl-card-short"><b>In short:</b> {escape(short)}</p>')
    parts.append(f'<div class="bl-card-events"><b>What happened:</b>{happened}</div></div>')
    return "".join(parts)


class PhaseExplainer:
    """Walk a match phase by phase: ``next()``, ``back()``, ``goto(round, phase)``,
    ``next_round()``; ``card_html`` and ``card_lines`` show the current card.

    ``viewer`` tells the match as that player may know it (``None``: everything;
    ``"public"``: only what every player knows, as a spectator would).
    The widget (``explainer.widget``) has buttons Back / Next / Next round
    (CSS classes ``bl-explainer-back``, ``-next``, ``-next-round``), a phase menu
    (``bl-explainer-phase``), the card (``bl-explainer-card``) and a position label
    (``bl-explainer-status``). See the module docstring for the hooks a game sets.
    """

    #: The phases of every round, in order (empty: the cards follow the events).
    phases: ClassVar[tuple[str, ...]] = ()
    #: Phases played once before round 1 (at round 0), in order.
    opening: ClassVar[tuple[str, ...]] = ()
    #: Phases that end a match (shown after the last round's phases).
    closing: ClassVar[tuple[str, ...]] = ()
    #: Phase id → heading text.
    phase_titles: ClassVar[Mapping[str, str]] = {}
    #: Phase id → (what the phase does, in the game's own words; the rule ids it follows).
    phase_guide: ClassVar[Mapping[str, tuple[str, tuple[str, ...]]]] = {}
    #: The rules of the game told (``None``: a match of any game is accepted).
    rules: ClassVar[Any] = None
    #: The game's name in messages ("a Mall of Horror match").
    game: ClassVar[str] = "game"

    def __init__(self, match: Match, *, viewer: str | None = None) -> None:
        if not isinstance(match, Match) or (self.rules is not None
                                            and match.rules is not self.rules):
            raise ArgumentTypeError("match", match, f"expected a {self.game} match "
                                    "(new_match, play or load_match)")
        self._match = match
        from boardlab.widgets.board import check_viewer

        check_viewer(viewer, self.players(match.state))
        self.viewer = viewer
        self._index = 0
        self._widget: ipywidgets.VBox | None = None
        self._syncing = False
        self.refresh()

    # -- hooks: a game overrides these ----------------------------------------------------
    def phase_text(self, phase: str) -> tuple[str, tuple[str, ...]]:
        """What ``phase`` does and the rule ids it follows (default: ``phase_guide``).

        Raises ``ValueError`` for a phase the game does not have.
        """
        if not isinstance(phase, str) or phase not in self.phase_guide:
            raise ArgumentError("phase", phase, "unknown phase; phases are "
                                f"{', '.join(self.phase_guide)}")
        return self.phase_guide[phase]

    @classmethod
    def card(cls, match: Match, round: int, phase: str,  # noqa: A002 - the games' word
             viewer: str | None = None) -> list[str]:
        """One card as plain lines: title, what the phase does, rules, tally, what
        happened, as ``viewer`` may know it (``None``: everything). Every game publishes
        it as ``explain_phase(match, round, phase, viewer=None)``."""
        return cls(match).explain(round, phase, viewer)

    def in_short(self, events: Sequence[Event], viewer: str | None) -> str:
        """A one-line tally of a phase's events as ``viewer`` may know them (default ``""``)."""
        return ""

    def position_of(self, state: Any) -> Position:
        """The (round, phase) a state stands in (default: its ``round`` and ``phase``)."""
        return (state.round, state.phase)

    def group_events(self, events: Iterable[Event]) -> dict[Position, list[Event]]:
        """Events by the card that tells them (default: each event's round and phase)."""
        groups: dict[Position, list[Event]] = {}
        for event in events:
            groups.setdefault((event.round, event.phase), []).append(event)
        return groups

    def phase_positions(self) -> list[Position]:
        """Every card's (round, phase) for the match so far, in order.

        Default: with :attr:`phases`, :func:`ordered_positions` from the first state's
        position to the current one; without, the event groups in order.
        """
        if not self.phases:
            return list(self._events) or [self.position_of(self._match.state)]
        return ordered_positions(self.position_of(self._match.root),
                                 self.position_of(self._match.state), self.phases,
                                 opening=self.opening, closing=self.closing)

    def players(self, state: Any) -> tuple[str, ...]:
        """The players a card can be told for (default: those ``rules.scores`` names)."""
        return tuple(self._match.rules.scores(state))

    def rule(self, rule_id: str) -> RuleRef:
        """The rule a card cites (default: from the match's rule book)."""
        return self._match.rules.book[rule_id]

    # -- where we are ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the match (after it moved on), keeping the current card if it still exists."""
        here = self.position if getattr(self, "_positions", None) else None
        self._events = self.group_events(self._match.events)
        self._positions = self.phase_positions()
        self._cards: dict[Position, tuple[list[str], str]] = {}
        self._index = self._positions.index(here) if here in self._positions else 0
        if self._widget is not None:
            self._menu.options = [(self._title(p), i) for i, p in enumerate(self._positions)]
            self._show()

    @property
    def match(self) -> Match:
        return self._match

    @property
    def positions(self) -> list[Position]:
        """Every card's (round, phase), in order."""
        return list(self._positions)

    @property
    def position(self) -> Position:
        """The current card's (round, phase)."""
        return self._positions[self._index]

    # -- moving ------------------------------------------------------------------------------
    def next(self) -> Position:
        """The next phase (stays on the last card)."""
        return self._go(min(self._index + 1, len(self._positions) - 1))

    def back(self) -> Position:
        """The previous phase (stays on the first card)."""
        return self._go(max(self._index - 1, 0))

    def next_round(self) -> Position:
        """The first card of the next round (the last card if there is none)."""
        now = self.position[0]
        for i in range(self._index + 1, len(self._positions)):
            if self._positions[i][0] > now:
                return self._go(i)
        return self._go(len(self._positions) - 1)

    def goto(self, round: int, phase: str) -> Position:  # noqa: A002 - the games' word
        """Jump to a card; ``ValueError`` if the match has no such phase (yet)."""
        target = (round, phase)
        if target not in self._positions:
            raise ValueError(f"no card for round {round}, phase {phase!r}: this match has "
                             f"{self._title(self._positions[0])} … "
                             f"{self._title(self._positions[-1])}")
        return self._go(self._positions.index(target))

    def _go(self, index: int) -> Position:
        self._index = index
        if self._widget is not None:
            self._show()
        return self.position

    # -- the card ----------------------------------------------------------------------------
    def explain(self, round: int, phase: str,  # noqa: A002 - the games' word
                viewer: str | None = None) -> list[str]:
        """The card of any (round, phase) as plain lines, told for ``viewer``.

        Unlike :meth:`goto`, the phase need not have been reached (its card then says
        nothing happened); an unknown phase raises ``ValueError``.
        """
        position = (round, phase)
        return self._lines(position, self._events.get(position, []), viewer)

    def _lines(self, position: Position, events: Sequence[Event],
               viewer: str | None) -> list[str]:
        what, rule_ids = self.phase_text(position[1])
        return card_lines(position, events, what=what, rule_ids=rule_ids,
                          phase_titles=self.phase_titles, short=self.in_short(events, viewer),
                          viewer=viewer)

    def _card(self, position: Position) -> tuple[list[str], str]:
        hit = self._cards.get(position)
        if hit is None:
            events = self._events.get(position, [])
            lines = self._lines(position, events, self.viewer)
            what, rule_ids = self.phase_text(position[1])
            html = card_html(position, lines, events, what=what,
                             rules=[self.rule(r) for r in rule_ids])
            hit = self._cards[position] = (lines, html)
        return hit

    @property
    def card_lines(self) -> list[str]:
        """The current card as plain lines (see :func:`card_lines`)."""
        return list(self._card(self.position)[0])

    @property
    def card_html(self) -> str:
        """The current card as HTML."""
        return self._card(self.position)[1]

    def _title(self, position: Position) -> str:
        return heading(*position, self.phase_titles)

    @property
    def status(self) -> str:
        """``'Round 1 — a) Search the Truck (2 of 51)'``: the label under the card."""
        return (f"{self._title(self.position)} ({self._index + 1} of "
                f"{len(self._positions)})")

    # -- the widget --------------------------------------------------------------------------
    @property
    def widget(self) -> ipywidgets.VBox:
        """Back / Next / Next round, the phase menu, the card and a position label."""
        if self._widget is None:
            self._build()
        assert self._widget is not None
        return self._widget

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def close(self) -> None:
        """Close the explainer's widgets (a later ``widget`` access builds new ones)."""
        if self._widget is not None:
            from boardlab.widgets import close_tree

            close_tree(self._widget)
            self._widget = None

    def _build(self) -> None:
        import ipywidgets

        def button(text: str, name: str, action: Any) -> ipywidgets.Button:
            b = ipywidgets.Button(description=text, layout=ipywidgets.Layout(width="auto"))
            b.add_class(f"bl-explainer-{name}")
            b.on_click(lambda _b: action())
            return b

        self.buttons = {"back": button("Back", "back", self.back),
                        "next": button("Next", "next", self.next),
                        "next_round": button("Next round", "next-round", self.next_round)}
        self._menu = ipywidgets.Dropdown(
            options=[(self._title(p), i) for i, p in enumerate(self._positions)],
            value=self._index, description="Phase",
            # as wide as its longest title, never wider than the notebook; the row wraps,
            # so at 1024 px the menu goes under the buttons instead of being cut (issue 29)
            layout=ipywidgets.Layout(width="auto", max_width="100%"))
        self._menu.add_class("bl-explainer-phase")
        self._menu.observe(self._picked, names="value")
        self._card_widget = ipywidgets.HTML()
        self._card_widget.add_class("bl-explainer-card")
        self._label = ipywidgets.Label()
        self._label.add_class("bl-explainer-status")
        row = ipywidgets.HBox([*self.buttons.values(), self._menu],
                              layout=ipywidgets.Layout(flex_flow="row wrap"))
        self._widget = ipywidgets.VBox([row, self._card_widget, self._label])
        self._widget.add_class("bl-explainer")
        self._show()

    @property
    def menu(self) -> ipywidgets.Dropdown:
        """The phase menu (its value is the card's index in :attr:`positions`)."""
        _ = self.widget
        return self._menu

    def _picked(self, change: Mapping[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self._go(change["new"])

    def _show(self) -> None:
        html = self.card_html
        self._syncing = True
        try:
            self._menu.value = self._index
        finally:
            self._syncing = False
        self._card_widget.value = html
        self._label.value = self.status
        self.buttons["back"].disabled = self._index == 0
        last = self._index == len(self._positions) - 1
        self.buttons["next"].disabled = last
        self.buttons["next_round"].disabled = last

    def __repr__(self) -> str:
        return f"<{type(self).__name__} viewer={self.viewer!r} at {self.status}>"
