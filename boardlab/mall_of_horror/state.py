"""The Mall of Horror state: an immutable record of tuples.

States are NamedTuples rather than dataclasses because the engine builds one per step
and a tuple is several times cheaper to create; they are just as immutable, hashable
and comparable. ``Pending`` says what the game waits for (whose decision, which chance
event) and carries the bookkeeping of a procedure in progress: a vote's ballots, a card
window's turn, the cards a searcher drew.

>>> from boardlab.mall_of_horror.state import Pending
>>> Pending("ballot", purpose="chief", location=5).location
5
"""

from __future__ import annotations

from typing import NamedTuple

from boardlab.mall_of_horror.config import Config, Setup


class Pending(NamedTuple):
    """What the match waits for, and the state of the procedure in progress."""

    kind: str
    purpose: str = ""          # "truck" | "chief" | "sacrifice" | "meal" for votes
    location: int = 0
    order: tuple[str, ...] = ()   # who acts in this stage, in turn order
    index: int = 0  # type: ignore[assignment]  # whose turn within ``order`` (shadows tuple.index)
    n: int = 0                    # placement number, or cards still to draw
    dice: tuple[int, ...] = ()    # the two placement dice
    candidates: tuple[str, ...] = ()
    weights: tuple[tuple[str, int], ...] = ()   # voter → votes in this vote
    threats: tuple[tuple[str, int], ...] = ()   # Threat cards played before this vote
    ballots: tuple[tuple[str, str], ...] = ()   # voter → colour, secret until the tally
    second: bool = False
    chosen: str = ""              # the searcher, or the colour whose character is eaten
    drawn: tuple[str, ...] = ()   # the searcher's cards


class State(NamedTuple):
    """A complete Mall of Horror position (see the module docstring)."""

    setup: Setup
    round: int                               # 0 during setup
    phase: str                               # "setup", "a"…"f", "over"
    chars: tuple[tuple[str, str, int], ...]  # living (colour, kind, location), sorted
    eaten: tuple[tuple[str, str], ...]       # (colour, kind) in the order eaten
    zombies: tuple[int, ...]                 # zombies in front of locations 1–6
    sealed: tuple[int, ...]                  # sealed locations (MoH-e-seal)
    hands: tuple[tuple[str, ...], ...]       # each seat's cards, sorted
    deck: tuple[int, ...]                    # unseen deck: count per card kind
    bottom: tuple[str, ...]                  # known cards put under the deck, top first
    discard: tuple[int, ...]                 # discarded cards: count per card kind
    chief: str
    chief_elected: bool                      # elected this round (MoH-R10)
    roll: tuple[int, ...]                    # the hidden arrival roll, () when none
    lookers: tuple[str, ...]                 # who may look at the roll
    destinations: tuple[tuple[str, int], ...]
    hardware: tuple[int, ...]                # Hardware played per location this round
    hidden: tuple[tuple[str, str], ...]      # characters hidden this round
    eliminated: tuple[tuple[str, int], ...]  # (colour, round of elimination)
    pending: Pending

    def __repr__(self) -> str:
        # The NamedTuple default prints every field (kilobytes); notebooks show this
        # next to the picture, so say where the match stands instead.
        alive = len(self.chars)
        where = "setup" if self.phase == "setup" else f"round {self.round}, phase {self.phase}"
        return (f"<Mall of Horror state: {self.setup.players} players, {where}, "
                f"{alive} characters alive, waiting for {self.pending.kind}>")

    # A NamedTuple equals any tuple of the same values; a State equals only a State
    # (issue 19: ``State == tuple(state)`` was True). The hash stays the tuple's.
    def __eq__(self, other: object) -> bool:
        return other.__class__ is State and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    @property
    def config(self) -> Config:
        return self.setup.config

    @property
    def seats(self) -> tuple[str, ...]:
        return self.setup.colours

    def hand(self, colour: str) -> tuple[str, ...]:
        """The cards ``colour`` holds."""
        return self.hands[self.setup.colours.index(colour)]

    def at(self, location: int) -> list[tuple[str, str]]:
        """``(colour, kind)`` of the characters at ``location``."""
        return [(c, k) for c, k, loc in self.chars if loc == location]

    def where(self, colour: str, kind: str) -> int | None:
        """The location of a living character, or ``None`` if eaten (or absent)."""
        for c, k, loc in self.chars:
            if c == colour and k == kind:
                return loc
        return None

    @property
    def deck_size(self) -> int:
        return sum(self.deck) + len(self.bottom)

    @property
    def is_over(self) -> bool:
        return self.pending.kind == "over"

    def _repr_svg_(self) -> str:
        """The board as SVG, public information only (Jupyter shows it)."""
        from boardlab.mall_of_horror.render import render_svg

        return render_svg(self)


# Defining __eq__ drops the inherited hash; a State hashes as its tuple, as before. Set
# here, not in the class body, where a type checker would read it as a NamedTuple field.
State.__hash__ = tuple.__hash__  # type: ignore[method-assign]
