"""The choices players make and the chance outcomes, as small readable objects.

>>> str(Vote("red"))
'vote for red'
>>> str(PlayCard("hardware", location=3))
'play Hardware at 3'
>>> str(Dice((1, 4, 4, 6)))
'dice 1, 4, 4, 6'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from boardlab.mall_of_horror.config import CARD_NAMES, KIND_NAMES


@dataclass(frozen=True, slots=True)
class Place:
    """Initial placement: put this character at this location (MoH-setup-characters)."""

    kind: str
    location: int

    def __str__(self) -> str:
        return f"place {KIND_NAMES[self.kind]} at {self.location}"


@dataclass(frozen=True, slots=True)
class Vote:
    """A secret vote for a colour (MoH Voting)."""

    colour: str

    def __str__(self) -> str:
        return f"vote for {self.colour}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play an action card; ``character`` only for Hidden (which character hides)."""

    card: str
    location: int | None = None
    character: str | None = None

    def __str__(self) -> str:
        text = f"play {CARD_NAMES[self.card]}"
        if self.character is not None:
            text += f" on the {KIND_NAMES[self.character]}"
        if self.location is not None:
            text += f" at {self.location}"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """Play no (more) cards now."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class TruckSplit:
    """The searcher keeps ``keep``, gives ``give`` to ``to``; any third card goes under."""

    keep: str
    give: str | None = None
    to: str | None = None

    def __str__(self) -> str:
        text = f"keep {CARD_NAMES[self.keep]}"
        if self.give is not None:
            text += f", give {CARD_NAMES[self.give]} to {self.to}"
        return text


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """The chosen colour's owner names which of their characters is eaten."""

    kind: str

    def __str__(self) -> str:
        return f"sacrifice the {KIND_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Destination:
    """A secret destination for one of the player's characters (MoH d)."""

    location: int

    def __str__(self) -> str:
        return f"choose destination {self.location}"


@dataclass(frozen=True, slots=True)
class PlaceZombie:
    """An eliminated player drops a zombie (MoH-R15)."""

    location: int

    def __str__(self) -> str:
        return f"drop a zombie at {self.location}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move this character to ``to``; ``sprint`` plays a Sprint card to change destination."""

    kind: str
    to: int
    sprint: bool = False

    def __str__(self) -> str:
        verb = "sprint with" if self.sprint else "move"
        return f"{verb} the {KIND_NAMES[self.kind]} to {self.to}"


# -- chance outcomes ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Dice:
    """A roll of several dice, as the sorted faces (order carries no information)."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "dice " + ", ".join(map(str, self.faces))


@dataclass(frozen=True, slots=True)
class Draw:
    """The top card of the deck turns out to be ``card``."""

    card: str

    def __str__(self) -> str:
        return f"draw {CARD_NAMES[self.card]}"


@dataclass(frozen=True, slots=True)
class TieBreak:
    """A second tie at a sacrifice is settled at random (MoH-R8)."""

    colour: str

    def __str__(self) -> str:
        return f"chance picks {self.colour}"


CHOICE_TYPES = (Place, Vote, PlayCard, Pass, TruckSplit, Sacrifice, Destination, PlaceZombie,
                Move, Dice, Draw, TieBreak)

#: Any Mall of Horror choice or chance outcome (``Match[State, Choice]``).
Choice: TypeAlias = (Place | Vote | PlayCard | Pass | TruckSplit | Sacrifice | Destination
                     | PlaceZombie | Move | Dice | Draw | TieBreak)
