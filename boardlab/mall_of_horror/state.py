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

from typing import Final, NamedTuple

from boardlab import svg
from boardlab.core.records import equal_only_to_itself
from boardlab.mall_of_horror.config import Config, Setup


class Kind:
    """What a match can wait for: the values of ``Pending.kind``.

    Plain strings, so a state, its JSON and its repr read the same as ever; code names
    them through these constants rather than spelling the strings.

    >>> Kind.BALLOT, Kind.BALLOT in PENDING_KINDS, Kind.DEAL in CHANCE_KINDS
    ('ballot', True, True)
    """

    DEAL: Final = "deal"                  # chance: one card dealt (MoH-setup)
    PLACE_ROLL: Final = "place_roll"      # chance: the two placement dice
    PLACE: Final = "place"                # a player places a character
    ZOMBIES0: Final = "zombies0"          # chance: the first zombies' four dice
    WINDOW: Final = "window"              # players may play cards, in turn
    BALLOT: Final = "ballot"              # a secret ballot, in turn
    TIEBREAK: Final = "tiebreak"          # chance: a tied sacrifice vote (MoH-R8)
    TRUCK_DRAW: Final = "truck_draw"      # chance: the searcher draws a card
    TRUCK_SPLIT: Final = "truck_split"    # the searcher keeps, gives and returns
    PICK_VICTIM: Final = "pick_victim"    # the chosen player picks who is eaten
    ARRIVAL_ROLL: Final = "arrival_roll"  # chance: the zombie dice of phase c)
    CAMERA: Final = "camera"              # a player may play the Security Camera
    UNSEEN_ROLL: Final = "unseen_roll"    # chance: a described phase d)'s unseen roll (MoH-R20)
    DESTINATION: Final = "destination"    # a player picks a destination, in turn
    ZOMBIE_DROP: Final = "zombie_drop"    # an eliminated player places a zombie
    MOVE: Final = "move"                  # a player moves a character
    OVER: Final = "over"                  # the end: nothing more to do


#: Every pending kind, and the chance nodes among them.
PENDING_KINDS: Final = frozenset({
    Kind.DEAL, Kind.PLACE_ROLL, Kind.PLACE, Kind.ZOMBIES0, Kind.WINDOW, Kind.BALLOT,
    Kind.TIEBREAK, Kind.TRUCK_DRAW, Kind.TRUCK_SPLIT, Kind.PICK_VICTIM, Kind.ARRIVAL_ROLL,
    Kind.CAMERA, Kind.UNSEEN_ROLL, Kind.DESTINATION, Kind.ZOMBIE_DROP, Kind.MOVE, Kind.OVER})
CHANCE_KINDS: Final = frozenset({Kind.DEAL, Kind.PLACE_ROLL, Kind.ZOMBIES0, Kind.TRUCK_DRAW,
                                 Kind.TIEBREAK, Kind.ARRIVAL_ROLL, Kind.UNSEEN_ROLL})


class Purpose:
    """What a vote or a card window decides: the values of ``Pending.purpose``."""

    TRUCK: Final = "truck"          # who searches the truck (phase a)
    CHIEF: Final = "chief"          # who becomes Chief of Security (phase b)
    SACRIFICE: Final = "sacrifice"  # who is eaten when zombies break in (phase f)
    MEAL: Final = "meal"            # who is eaten at the Parking Lot, one at a time


class Phase:
    """The values of ``State.phase``: setup, the round's phases a)–f), the end."""

    SETUP: Final = "setup"
    A: Final = "a"
    B: Final = "b"
    C: Final = "c"
    D: Final = "d"
    E: Final = "e"
    F: Final = "f"
    OVER: Final = "over"


PHASES: Final = (Phase.SETUP, Phase.A, Phase.B, Phase.C, Phase.D, Phase.E, Phase.F, Phase.OVER)


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
        """``(colour, kind)`` of the characters at ``location`` (see ``queries.at``)."""
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
        return self.pending.kind == Kind.OVER

    def _repr_svg_(self) -> str:
        """The board as SVG, public information only (Jupyter shows it)."""
        return svg.picture(self)   # drawn by render.render_svg, handed in by api.py


# A NamedTuple equals any tuple of the same values; a State equals only a State (issue
# 19: ``State == tuple(state)`` was True). The hash stays the tuple's. Set here, not in
# the class body, where a type checker would read it as a NamedTuple field.
equal_only_to_itself(State)
