"""The choices players make and the chance outcomes, as small readable objects.

>>> str(Vote("red"))
'vote for red'
>>> str(PlayCard("hardware", location=3))
'play Hardware at 3'
>>> str(Dice((1, 4, 4, 6)))
'dice 1, 4, 4, 6'

Every field is type-checked when a choice is made (a bool is not a location, ``1.0`` is
not ``1``), so a choice that merely compares equal to a legal one cannot slip through:

>>> Place("pinup", 1.0)
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: Place.location: expected a whole number, got a float ...

Unknown names can be written down (a what-if may ask about them) but never played: the
match refuses them with :class:`~boardlab.core.errors.IllegalAction` citing the rule,
and the choice prints the name it does not know:

>>> str(Draw("nuke"))
"draw unknown card 'nuke'"
"""

from __future__ import annotations

from typing import Any, TypeAlias

from boardlab.core.errors import ArgumentTypeError
from boardlab.core.frozen import dataclass
from boardlab.core.validate import text, whole
from boardlab.mall_of_horror.checks import shown
from boardlab.mall_of_horror.config import CARD_NAMES, COLOURS, KIND_NAMES, LOCATIONS


def _kind(kind: Any) -> str:
    name = KIND_NAMES.get(kind) if isinstance(kind, str) else None
    return name if name is not None else f"unknown character {shown(kind, ())}"


def _card(card: Any) -> str:
    name = CARD_NAMES.get(card) if isinstance(card, str) else None
    return name if name is not None else f"unknown card {shown(card, ())}"


def _colour(colour: Any) -> str:
    # A short word prints as written ("vote for nobody"), as it always has; anything
    # else as a short repr, so that a message never echoes a huge value.
    if isinstance(colour, str) and len(colour) <= 40 and colour.isprintable() \
            and colour.strip() == colour and colour:
        return colour
    return shown(colour, COLOURS)


def _loc(location: Any) -> str:
    return shown(location, LOCATIONS)


def _optional_int(field: str, value: Any) -> None:
    if value is not None:
        whole(value, field)


def _optional_str(field: str, value: Any) -> None:
    if value is not None:
        text(value, field)


@dataclass(frozen=True, slots=True)
class Place:
    """Initial placement: put this character at this location (MoH-setup-characters)."""

    kind: str
    location: int

    def __post_init__(self) -> None:
        text(self.kind, "Place.kind")
        whole(self.location, "Place.location")

    def __str__(self) -> str:
        return f"place {_kind(self.kind)} at {_loc(self.location)}"


@dataclass(frozen=True, slots=True)
class Vote:
    """A secret vote for a colour (MoH Voting)."""

    colour: str

    def __post_init__(self) -> None:
        text(self.colour, "Vote.colour")

    def __str__(self) -> str:
        return f"vote for {_colour(self.colour)}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play an action card; ``character`` only for Hidden (which character hides)."""

    card: str
    location: int | None = None
    character: str | None = None

    def __post_init__(self) -> None:
        text(self.card, "PlayCard.card")
        _optional_int("PlayCard.location", self.location)
        _optional_str("PlayCard.character", self.character)

    def __str__(self) -> str:
        text = f"play {_card(self.card)}"
        if self.character is not None:
            text += f" on the {_kind(self.character)}"
        if self.location is not None:
            text += f" at {_loc(self.location)}"
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

    def __post_init__(self) -> None:
        text(self.keep, "TruckSplit.keep")
        _optional_str("TruckSplit.give", self.give)
        _optional_str("TruckSplit.to", self.to)

    def __str__(self) -> str:
        text = f"keep {_card(self.keep)}"
        if self.give is not None:
            text += f", give {_card(self.give)} to {_colour(self.to)}"
        elif self.to is not None:
            text += f", give nothing to {_colour(self.to)}"
        return text


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """The chosen colour's owner names which of their characters is eaten."""

    kind: str

    def __post_init__(self) -> None:
        text(self.kind, "Sacrifice.kind")

    def __str__(self) -> str:
        return f"sacrifice the {_kind(self.kind)}"


@dataclass(frozen=True, slots=True)
class Destination:
    """A secret destination for one of the player's characters (MoH d)."""

    location: int

    def __post_init__(self) -> None:
        whole(self.location, "Destination.location")

    def __str__(self) -> str:
        return f"choose destination {_loc(self.location)}"


@dataclass(frozen=True, slots=True)
class PlaceZombie:
    """An eliminated player drops a zombie (MoH-R15)."""

    location: int

    def __post_init__(self) -> None:
        whole(self.location, "PlaceZombie.location")

    def __str__(self) -> str:
        return f"drop a zombie at {_loc(self.location)}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move this character to ``to``; ``sprint`` plays a Sprint card to change destination."""

    kind: str
    to: int
    sprint: bool = False

    def __post_init__(self) -> None:
        text(self.kind, "Move.kind")
        whole(self.to, "Move.to")
        if not isinstance(self.sprint, bool):
            raise ArgumentTypeError("Move.sprint", self.sprint, "expected True or False")

    def __str__(self) -> str:
        verb = "sprint with" if self.sprint else "move"
        return f"{verb} the {_kind(self.kind)} to {_loc(self.to)}"


# -- chance outcomes ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Dice:
    """A roll of several dice, as the sorted faces (order carries no information)."""

    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.faces, tuple):
            raise ArgumentTypeError("Dice.faces", self.faces,
                                    "expected a tuple of die faces, such as (1, 4, 4, 6)")
        for i, face in enumerate(self.faces):
            whole(face, f"Dice.faces[{i}]")

    def __str__(self) -> str:
        if len(self.faces) > 12:
            return f"dice {shown(self.faces, ())}"
        return "dice " + ", ".join(_loc(f) for f in self.faces)


@dataclass(frozen=True, slots=True)
class Draw:
    """The top card of the deck turns out to be ``card``."""

    card: str

    def __post_init__(self) -> None:
        text(self.card, "Draw.card")

    def __str__(self) -> str:
        return f"draw {_card(self.card)}"


@dataclass(frozen=True, slots=True)
class TieBreak:
    """A second tie at a sacrifice is settled at random (MoH-R8)."""

    colour: str

    def __post_init__(self) -> None:
        text(self.colour, "TieBreak.colour")

    def __str__(self) -> str:
        return f"chance picks {_colour(self.colour)}"


CHOICE_TYPES = (Place, Vote, PlayCard, Pass, TruckSplit, Sacrifice, Destination, PlaceZombie,
                Move, Dice, Draw, TieBreak)

#: Any Mall of Horror choice or chance outcome (``Match[State, Choice]``).
Choice: TypeAlias = (Place | Vote | PlayCard | Pass | TruckSplit | Sacrifice | Destination
                     | PlaceZombie | Move | Dice | Draw | TieBreak)
