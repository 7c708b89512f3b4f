"""The :class:`Rules` protocol a game provides, its optional text hook and a ply's
:class:`Record` (split from :mod:`boardlab.core.engine`, which re-exports them).

>>> from boardlab.core.protocol import Record
>>> Record("c", (), 0, 1).after
1
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any, Generic, NamedTuple, Protocol, TypeAlias, TypeVar, runtime_checkable

from boardlab.core.chance import Chance
from boardlab.core.events import Event
from boardlab.core.rules import RuleBook, RuleRef

__all__ = ["C", "ParsesChoices", "Record", "Rules", "S", "ToMove"]

#: A game's state type and its choice (and chance outcome) type.
S = TypeVar("S", bound=Hashable)
C = TypeVar("C", bound=Hashable)

S_contra = TypeVar("S_contra", bound=Hashable, contravariant=True)
C_co = TypeVar("C_co", bound=Hashable, covariant=True)

#: What ``to_move`` answers: a player's name, :data:`CHANCE`, or ``None`` at the end.
ToMove: TypeAlias = str | Chance | None


@runtime_checkable
class Rules(Protocol[S, C]):
    """What a game module provides. All functions are pure; states are immutable.

    ``Rules[S, C]`` is generic in the game's state type ``S`` and its choice type ``C``
    (chance outcomes included); its data members are read-only (a class attribute or a
    property satisfies them). The optional extras: ``node(state)`` for speed (below)
    and ``parse_choice(text, state)`` (see :class:`ParsesChoices`).
    """

    @property
    def name(self) -> str:
        """The game's registry name, as its saved files carry it."""
        ...

    @property
    def book(self) -> RuleBook:
        """Every rule the game cites."""
        ...

    @property
    def setup_type(self) -> type[Any]:
        """The class of a setup (what :meth:`initial` takes)."""
        ...

    @property
    def state_type(self) -> type[S]:
        """The class of a state."""
        ...

    @property
    def choice_types(self) -> tuple[type[Any], ...]:
        """The classes of choices and chance outcomes (for saved files)."""
        ...

    def initial(self, setup: Any) -> S:
        """The state before the first choice."""
        ...

    def to_move(self, state: S) -> ToMove:
        """The player to decide, :data:`CHANCE`, or ``None`` at the end."""
        ...

    def legal(self, state: S) -> tuple[C, ...]:
        """The legal choices at a decision node, unique, in a fixed order."""
        ...

    def outcomes(self, state: S) -> Sequence[tuple[C, Fraction]]:
        """Chance outcomes with exact probabilities that sum to 1."""
        ...

    def step(self, state: S, choice: C) -> tuple[S, tuple[Event, ...]]:
        """Apply a legal choice or outcome; return the new state and its events."""
        ...

    def decision_rule(self, state: S) -> RuleRef:
        """The rule that governs the pending decision (cited when a choice is refused)."""
        ...

    def observe(self, state: S, player: str) -> Any:
        """What ``player`` may know of ``state``."""
        ...

    def invariants(self, state: S) -> Sequence[str]:
        """Broken invariants of ``state`` (empty when the state is sound)."""
        ...

    def scores(self, state: S) -> dict[str, int]:
        """Points per player (final at the end, provisional before)."""
        ...

    # Optional, for speed: ``node(state) -> (to_move, legal or outcomes, step)``, the
    # three answers in one look at the state (``step`` is any function with the
    # signature of :meth:`step`, except that its events may be event rows: plain tuples
    # laid out as an Event, see boardlab.core.events.EventRow). Bulk play uses it when
    # present; it must agree with the methods above, which
    # :mod:`boardlab.core.conformance` checks.


@runtime_checkable
class ParsesChoices(Protocol[S_contra, C_co]):
    """The optional text hook of a game: ``parse_choice(text, state)``.

    It returns the legal choice (or, at a chance node, the outcome) that ``text``
    names, or raises :class:`~boardlab.core.errors.ChoiceTextError` listing the legal
    ones. A game may put it on its rules object or on its registry entry
    (:meth:`boardlab.registry.Game.parse_choice`, handed to core by the game's front
    door: :func:`boardlab.core.text.use_parser`); without either, text is read by each
    choice's own ``str()`` form (:func:`boardlab.core.text.choice_from_text`).
    """

    def parse_choice(self, text: str, state: S_contra) -> C_co:
        """The choice ``text`` names at ``state``."""
        ...


class Record(NamedTuple, Generic[S, C]):
    """One ply of a match: the choice made, the events it caused, the states around it."""

    choice: C
    events: tuple[Event, ...]
    before: S
    after: S

