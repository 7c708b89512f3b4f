"""The step-through phase explainer: a round of Mall of Horror told one phase at a time.

Each card says in plain words what the phase is for (short paraphrases written for
boardlab, citing the rule ids, never the rule text), then what happened in it this
round: the phase's events in :func:`boardlab.narrate.narrate`'s words, the same lines
the CLI prints, each ending with the rule that caused it, and a short tally of votes,
dice, attacks, cards and meals. :func:`explain_phase` gives a card as plain lines,
with no widgets; :class:`Explainer` walks the cards with Next / Back / a phase menu /
Next round.

>>> from boardlab import mall_of_horror as moh
>>> match = moh.play(players=4, seed=3, agents=lambda c: moh.HeuristicAgent(seed=3))
>>> card = explain_phase(match, 2, "b")
>>> card[1].startswith("What it does: The players with characters in the Security Room")
True
>>> for line in [card[0], *card[2:]]:
...     print(line)
Round 2 — b) Elect the Chief
Rules: MoH-b, MoH-R10
What happened:
  The Security Room is empty: red stays Chief (and may not look at the roll)  (MoH-b)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Final

from boardlab.core.engine import Match
from boardlab.core.events import Event
from boardlab.mall_of_horror.config import KIND_NAMES
from boardlab.mall_of_horror.rulebook import BOOK
from boardlab.mall_of_horror.rules import PHASE_NAMES
from boardlab.narrate import INDENT, heading, narrate
from boardlab.widgets.log import lines_html

if TYPE_CHECKING:
    import ipywidgets

__all__ = ["PHASE_GUIDE", "PHASES", "Explainer", "explain_phase", "phase_positions"]

Position = tuple[int, str]

#: The phases of a round, in order.
PHASES: Final = ("a", "b", "c", "d", "e", "f")

#: What each phase does, in boardlab's own words, and the rule ids it paraphrases.
PHASE_GUIDE: Final[Mapping[str, tuple[str, tuple[str, ...]]]] = {
    "setup": (
        "Before the first round every player is dealt one action card; then, in turn, "
        "players roll two dice and put one of their characters at a location the dice "
        "show, until all characters are in the mall; last, four dice bring the first "
        "zombies to the doors they name.",
        ("MoH-setup", "MoH-setup-characters", "MoH-setup-zombies", "MoH-R4")),
    "a": (
        "The players with characters in the Parking Lot vote on who searches the truck. "
        "The searcher draws up to three cards, keeps one, hands one to another player and "
        "slides any third under the deck. Once the deck runs dry the truck is skipped.",
        ("MoH-a", "MoH-R9")),
    "b": (
        "The players with characters in the Security Room vote for the Chief of Security. "
        "If nobody is there, or the vote stays tied, the Chief keeps the badge. The Chief "
        "goes first in every turn order for the rest of the round.",
        ("MoH-b", "MoH-R10")),
    "c": (
        "The Chief rolls the zombie dice out of sight. Only a Chief who won this round's "
        "election may peek; a Security Camera card lets its player peek as well. The dice "
        "say where the next zombies will come.",
        ("MoH-c", "MoH-R10")),
    "d": (
        "Each player secretly picks where one of their characters will go; an elected "
        "Chief picks first and announces it. A player whose characters are all gone "
        "drops a zombie at a door of their choice instead.",
        ("MoH-d", "MoH-R11", "MoH-R15")),
    "e": (
        "The destinations and then the dice are shown, and the new zombies take their "
        "places; an empty location swamped by zombies is sealed for good. Then, in turn "
        "order, each player moves a character; a full destination sends it to the "
        "Parking Lot, and a Sprint card allows a change of plan.",
        ("MoH-e", "MoH-e-seal", "MoH-e-full", "MoH-e-sprint", "MoH-R12")),
    "f": (
        "The most crowded location and the one with the most Pin-Ups each draw one more "
        "zombie. Then locations 1 to 6 are checked in order: where the zombies match the "
        "defence (a Tough Guy counts double; four always get into the Supermarket), the "
        "players there may play cards, then vote on whose character is eaten. In the "
        "Parking Lot every zombie eats.",
        ("MoH-f", "MoH-f-extra", "MoH-R5", "MoH-f-cards", "MoH-parking")),
    "over": (
        "The match ends when all survivors share one location other than the Parking Lot, "
        "or when few enough are left. Every player scores the points of their surviving "
        "characters; more cards in hand break a tie.",
        ("MoH-end", "MoH-R16")),
}

_NOTHING = "Nothing happened in this phase."


def phase_positions(match: Match) -> list[Position]:
    """Every (round, phase) from the match's first position to its current one.

    >>> from boardlab import mall_of_horror as moh
    >>> m = moh.new_match(players=4, seed=1)
    >>> phase_positions(m)
    [(0, 'setup')]
    >>> positions = phase_positions(moh.play(players=4, seed=3))
    >>> len(positions), positions[:3], positions[-2:]
    (26, [(0, 'setup'), (1, 'a'), (1, 'b')], [(4, 'f'), (4, 'over')])
    """
    start, now = match.root, match.state
    first, last = (start.round, start.phase), (now.round, now.phase)
    out: list[Position] = [(0, "setup")] if first == (0, "setup") else []
    for r in range(max(first[0], 1), max(last[0], 0) + 1):
        for phase in PHASES:
            here = (r, phase)
            if _order(first) <= _order(here) <= _order(last):
                out.append(here)
    if last[1] == "over":
        out.append(last)
    return out


def _order(position: Position) -> tuple[int, int]:
    r, phase = position
    if phase == "setup":
        return (0, 0)
    if phase == "over":
        return (r, len(PHASES) + 1)
    return (r, PHASES.index(phase) + 1)


def _events_by_phase(events: Iterable[Event]) -> dict[Position, list[Event]]:
    groups: dict[Position, list[Event]] = {}
    for event in events:
        groups.setdefault((event.round, event.phase), []).append(event)
    return groups


def explain_phase(match: Match, round: int, phase: str,  # noqa: A002 - the game's word
                  viewer: str | None = None) -> list[str]:
    """One card as plain lines: title, what the phase does, rules, what happened.

    The event lines are exactly :func:`~boardlab.narrate.narrate`'s for that phase, as
    ``viewer`` may know them (``None``: everything).

    >>> from boardlab import mall_of_horror as moh
    >>> explain_phase(moh.new_match(players=4), 1, "a")[-1]
    '  Nothing happened in this phase.'
    """
    events = [e for e in match.events if (e.round, e.phase) == (round, phase)]
    return _card_lines(round, phase, events, viewer)


def _card_lines(round_: int, phase: str, events: Sequence[Event],
                viewer: str | None) -> list[str]:
    if phase not in PHASE_GUIDE:
        raise ValueError(f"unknown phase {phase!r}; phases are "
                         f"{', '.join(PHASE_GUIDE)}")
    what, rule_ids = PHASE_GUIDE[phase]
    lines = [heading(round_, phase, PHASE_NAMES), f"What it does: {what}",
             f"Rules: {', '.join(rule_ids)}"]
    short = in_short(events, viewer)
    if short:
        lines.append(f"In short: {short}")
    lines.append("What happened:")
    told = narrate(events, viewer=viewer, phase_titles=PHASE_NAMES)
    lines.extend(line for line in told if line.startswith(INDENT))
    if not events:
        lines.append(INDENT + _NOTHING)
    return lines


def in_short(events: Sequence[Event], viewer: str | None = None) -> str:
    """A one-line tally of a phase: votes, dice, attacks, cards and meals.

    Only what ``viewer`` may know: a hidden roll counts only for those who may look.

    >>> from boardlab import mall_of_horror as moh
    >>> m = moh.play(players=4, seed=3, agents=lambda c: moh.HeuristicAgent(seed=3))
    >>> for fact in in_short([e for e in m.events if (e.round, e.phase) == (1, "f")]).split("; "):
    ...     print(fact)
    5 ballots cast in 2 votes
    zombies vs defence 1 vs 1 at 1, 1 vs 5 at 3, 1 vs 4 at 6
    2 cards played
    eaten: yellow's Tough Guy, green's Tough Guy
    """
    ballots = tallies = cards = 0
    dice: list[str] = []
    attacks: list[str] = []
    eaten: list[str] = []
    for e in events:
        data = e.data_for(viewer)
        if e.kind == "ballot":
            ballots += 1
        elif e.kind == "tally":
            tallies += 1
        elif e.kind in ("card", "camera"):
            cards += 1
        elif e.kind == "eaten" and e.who is not None:
            eaten.append(f"{e.who}'s {KIND_NAMES.get(data.get('kind', ''), 'character')}")
        if e.kind in ("arrival_roll", "arrivals", "initial_zombies") and "dice" in data:
            dice.append(", ".join(map(str, data["dice"])))
        if e.kind in ("threat", "holds") and {"zombies", "defence", "location"} <= set(data):
            attacks.append(f"{data['zombies']} vs {data['defence']} at {data['location']}")
    facts = []
    if ballots or tallies:
        facts.append(f"{_count(ballots, 'ballot')} cast in {_count(tallies, 'vote')}")
    if dice:
        facts.append("dice " + "; ".join(dict.fromkeys(dice)))
    if attacks:
        facts.append("zombies vs defence " + ", ".join(attacks))
    if cards:
        facts.append(f"{_count(cards, 'card')} played")
    if eaten:
        facts.append("eaten: " + ", ".join(eaten))
    return "; ".join(facts)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Explainer:
    """Walk a match phase by phase: ``next()``, ``back()``, ``goto(round, phase)``,
    ``next_round()``; ``card_html`` and ``card_lines`` show the current card.

    ``viewer`` tells the match as that player may know it (``None``: everything).
    The widget (``explainer.widget``) has buttons Back / Next / Next round
    (CSS classes ``bl-explainer-back``, ``-next``, ``-next-round``), a phase menu
    (``bl-explainer-phase``), the card (``bl-explainer-card``) and a position label
    (``bl-explainer-status``).

    >>> from boardlab import mall_of_horror as moh
    >>> ex = Explainer(moh.play(players=4, seed=3))
    >>> ex.position
    (0, 'setup')
    >>> ex.next(), ex.next_round(), ex.back()
    ((1, 'a'), (2, 'a'), (1, 'f'))
    >>> ex.goto(3, "d")
    (3, 'd')
    >>> ex.card_lines[0]
    'Round 3 — d) Choose Destinations'
    """

    def __init__(self, match: Match, *, viewer: str | None = None) -> None:
        colours = match.state.setup.colours
        if viewer is not None and viewer not in colours:
            raise ValueError(f"unknown viewer {viewer!r}; players are {', '.join(colours)}")
        self._match = match
        self.viewer = viewer
        self._index = 0
        self._widget: ipywidgets.VBox | None = None
        self._syncing = False
        self.refresh()

    # -- where we are ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the match (after it moved on), keeping the current card if it still exists."""
        here = self.position if getattr(self, "_positions", None) else None
        self._positions = phase_positions(self._match)
        self._events = _events_by_phase(self._match.events)
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

    def goto(self, round: int, phase: str) -> Position:  # noqa: A002 - the game's word
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
    def _card(self, position: Position) -> tuple[list[str], str]:
        hit = self._cards.get(position)
        if hit is None:
            events = self._events.get(position, [])
            lines = _card_lines(*position, events, self.viewer)
            hit = self._cards[position] = (lines, _card_html(position, lines, events))
        return hit

    @property
    def card_lines(self) -> list[str]:
        """The current card as plain lines (see :func:`explain_phase`)."""
        return list(self._card(self.position)[0])

    @property
    def card_html(self) -> str:
        """The current card as HTML."""
        return self._card(self.position)[1]

    def _title(self, position: Position) -> str:
        return heading(*position, PHASE_NAMES)

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
            value=self._index, description="Phase")
        self._menu.add_class("bl-explainer-phase")
        self._menu.observe(self._picked, names="value")
        self._card_widget = ipywidgets.HTML()
        self._card_widget.add_class("bl-explainer-card")
        self._label = ipywidgets.Label()
        self._label.add_class("bl-explainer-status")
        row = ipywidgets.HBox([*self.buttons.values(), self._menu])
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
        return f"<Explainer viewer={self.viewer!r} at {self.status}>"


def _card_html(position: Position, lines: list[str], events: Sequence[Event]) -> str:
    what, rule_ids = PHASE_GUIDE[position[1]]
    rules = ", ".join(f'<span class="bl-card-rule" title="{escape(BOOK[r].cite())}: '
                      f'{escape(BOOK[r].summary)}">{escape(r)}</span>' for r in rule_ids)
    short = next((line[len("In short: "):] for line in lines if line.startswith("In short: ")),
                 "")
    told = lines[lines.index("What happened:") + 1:]
    happened = (lines_html(told, events) if events
                else f'<div class="bl-card-nothing" style="color:#666">{_NOTHING}</div>')
    parts = [f'<div class="bl-card" data-round="{position[0]}" data-phase="{position[1]}" '
             'style="font-family:sans-serif;font-size:13px;max-width:60em">',
             f'<h3 class="bl-card-title" style="margin:0.2em 0">{escape(lines[0])}</h3>',
             f'<p class="bl-card-what"><b>What it does:</b> {escape(what)}</p>',
             f'<p class="bl-card-rules"><b>Rules:</b> {rules}</p>']
    if short:
        parts.append(f'<p class="bl-card-short"><b>In short:</b> {escape(short)}</p>')
    parts.append(f'<div class="bl-card-events"><b>What happened:</b>{happened}</div></div>')
    return "".join(parts)
