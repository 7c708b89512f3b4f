"""The hooks of :class:`~boardlab.widgets.board.GameBoard`: what a game overrides.

:class:`BoardHooks` holds every hook with its working default and the class attributes
a game sets (``rules``, ``game``, ``phase_titles``, ``picture_width`` …); the board's
machinery (stepping, caches, widgets) is :mod:`boardlab.widgets.board`, which subclasses
it.

=======================================================  =====================================
hook                                                     what it gives
=======================================================  =====================================
``render(state, *, viewer, highlight, odds) -> str``     the picture (SVG or HTML)
``status_line(state, last, viewer) -> str``              the line under the buttons
``odds_for(state) -> Mapping[key, probability]``         the odds panel's numbers (``{}``: none)
``odds_title(state)``, ``odds_empty(state) -> str``      the panel's title; its text when empty
``odds_note(state) -> str``                              what the panel's numbers assume
``odds_known(state) -> Mapping[key, str]``               outcomes already decided, as text
``odds_labels(state) -> Mapping[key, str]``              row labels of the panel
``highlights(events, viewer) -> tuple``                  what the picture outlines after a ply
``phase_key(state)``, ``round_key(state) -> Hashable``   where Play phase / Play round stop
``choice_label(choice) -> str``                          the text on a choice's button
``choice_group(choice) -> str | None``                   the group of a choice in a long list
``choice_rank(choice) -> int``                           where it goes: the rare ones last
``players(state) -> tuple[str, ...]``                    the seats
``make_agent(player, index) -> Agent``                   who plays a seat nobody else plays
class attributes ``rules``, ``game``, ``phase_titles``   the game a board accepts, its name,
                                                         the log's headings
``picture_width``, ``picture_scrolls`` (class attrs.)   the picture's own width; whether a
                                                         wider one scrolls
=======================================================  =====================================

>>> from boardlab.widgets.board import GameBoard
>>> issubclass(GameBoard, BoardHooks), BoardHooks.picture_width
(True, 560)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any, ClassVar

from boardlab.core.agents import Agent, RandomAgent
from boardlab.core.engine import Rules
from boardlab.core.events import Event

if TYPE_CHECKING:
    from boardlab.core.engine import Match

__all__ = ["BoardHooks"]


class BoardHooks:
    """The hooks and class attributes a game's board overrides (defaults that work)."""

    #: The game's rules: a match of any other game is refused (``None``: any game).
    rules: ClassVar[Rules | None] = None
    #: The game's name, as error messages say it.
    game: ClassVar[str] = "game"
    #: Phase id → heading text, for the log.
    phase_titles: ClassVar[Mapping[str, str]] = {}
    #: Lines of log on show before it scrolls.
    log_rows: ClassVar[int] = 12
    #: Longer choice lists are grouped when no ``group_above`` is given (``None``: never).
    default_group_above: ClassVar[int | None] = 8
    #: The picture's own width in CSS px: the choices go beside it only where it fits
    #: whole next to them (otherwise they go above it).
    picture_width: ClassVar[int] = 560
    #: A picture wider than the notebook scrolls sideways instead of shrinking (a map
    #: that grows as it is explored keeps its text at the size it is drawn at).
    picture_scrolls: ClassVar[bool] = False

    # set by the board: the match on show and the seed of its default agents
    _match: Match
    seed: int | None

    def players(self, state: Any) -> tuple[str, ...]:
        """The seats of the match (default: the players ``rules.scores`` names)."""
        return tuple(self._match.rules.scores(state))

    def make_agent(self, player: str, index: int) -> Agent:
        """The agent for ``player`` (the ``index``-th seat) when none is given.

        Default: a :class:`~boardlab.core.agents.RandomAgent` seeded as
        :func:`~boardlab.core.simulate.agent_table` seeds it.
        """
        return RandomAgent(seed=(0 if self.seed is None else self.seed) * 1000 + index)

    def render(self, state: Any, *, viewer: str | None, highlight: tuple[Hashable, ...],
               odds: Mapping[Hashable, Fraction] | None) -> str:
        """The picture of ``state`` as ``viewer`` may see it.

        ``viewer`` is a player, :data:`PUBLIC` (what every player knows) or ``None``
        (everything). ``highlight`` is :meth:`highlights` of the last ply; ``odds`` the
        odds on show as Fractions (``None`` when odds are off). Default: the state's own
        ``_repr_svg_``, else its repr as preformatted text — a game with secrets
        overrides this to hide them.
        """
        draw = getattr(state, "_repr_svg_", None)
        if draw is not None:
            return str(draw())
        return f'<pre class="bl-state">{escape(repr(state))}</pre>'

    def status_line(self, state: Any, last: Event | None, viewer: str | None) -> str:
        """Round, phase, who is to move, and the last event as ``viewer`` may read it.

        Default: ``Round 2 · <phase title> · to move: red · last: …``, from the state's
        ``round`` and ``phase`` when it has them. When the seat must choose, the board
        puts "red to choose: pick one of your choices by the picture" in front of it.
        """
        parts = []
        round_ = getattr(state, "round", 0)
        if isinstance(round_, int) and round_ > 0:
            parts.append(f"Round {round_}")
        phase = getattr(state, "phase", None)
        if phase:
            parts.append(self.phase_titles.get(phase, str(phase)))
        mover = self._match.rules.to_move(state)
        parts.append("game over" if mover is None else f"to move: {mover}")
        if last is not None:
            parts.append(f"last: {last.text_for(viewer)}")
        return " · ".join(parts)

    def odds_for(self, state: Any) -> Mapping[Hashable, Any]:
        """Exact probabilities to show (``Fraction``, ``int`` or ``sympy.Rational``); ``{}``."""
        return {}

    def odds_title(self, state: Any) -> str:
        """The odds panel's title for ``state``."""
        return "Odds"

    def odds_note(self, state: Any) -> str:
        """What the odds panel's numbers assume, in a sentence (default: nothing)."""
        return ""

    def odds_known(self, state: Any) -> Mapping[Hashable, str]:
        """Keys of :meth:`odds_for` whose outcome is already decided, with that outcome.

        Their rows show this text ("breaks in", "holds") instead of a 0 or a 1 (default:
        none). The probability is still in :attr:`odds`.
        """
        return {}

    def odds_empty(self, state: Any) -> str:
        """What the odds panel says when :meth:`odds_for` is empty."""
        return "No odds at this point."

    def odds_labels(self, state: Any) -> Mapping[Hashable, str]:
        """Row labels of the odds panel (a key without a label shows as itself)."""
        return {}

    def highlights(self, events: Sequence[Event], viewer: str | None) -> tuple[Hashable, ...]:
        """What the picture outlines after a ply with these ``events`` (default: nothing).

        Read events as ``viewer`` may know them (:meth:`Event.data_for`).
        """
        return ()

    def round_key(self, state: Any) -> Hashable:
        """Play round stops when this changes (default: the state's ``round``)."""
        return getattr(state, "round", None)

    def phase_key(self, state: Any) -> Hashable:
        """Play phase stops when this changes (default: the state's round and ``phase``)."""
        return (self.round_key(state), getattr(state, "phase", None))

    def choice_label(self, choice: Any) -> str:
        """The text of a choice's button (default: ``str(choice)``)."""
        return str(choice)

    def choice_group(self, choice: Any) -> str | None:
        """The group of a choice in a long list (default ``None``: no grouping)."""
        return None

    def choice_rank(self, choice: Any) -> int:
        """Where a choice goes among the buttons: lower first, ties in the rules' order
        (default 0 for all). A game ranks its rare choices higher, so they come last."""
        return 0
