"""The choices characters make and the chance outcomes, as small readable records.

Enemies and Dr. Cronos make no choices: their turns are chance and rulings only.

>>> from boardlab.level7_lockdown.geometry import Door
>>> str(Move(3, escape="outwit", adrenaline=1))
'move to tile 3 (outwit, +1 adrenaline)'
>>> str(Roll(strength=2))
'roll: 2 Strength'
>>> str(Explore(Door(0, 0, 0, "N")))
'explore through door 0:(0,0)N'
"""

from __future__ import annotations

from typing import Any, Final

from boardlab.core.errors import IllegalAction, show_value
from boardlab.core.frozen import dataclass
from boardlab.core.validate import text, whole
from boardlab.level7_lockdown.geometry import Door

#: How a character gets away from enemies on their tile (L7-R7).
ESCAPES: Final = ("", "bullrush", "outwit")


def _door(owner: object, value: Any) -> None:
    if not isinstance(value, Door):
        raise IllegalAction(f"{type(owner).__name__}.door: expected a Door, got "
                            f"{show_value(value)}")


def _leaving(owner: Any) -> None:
    if owner.escape not in ESCAPES:
        raise IllegalAction(f"{type(owner).__name__}.escape: one of '', 'bullrush', "
                            f"'outwit'; got {show_value(owner.escape)}")
    whole(owner.adrenaline, f"{type(owner).__name__}.adrenaline", low=0, error=IllegalAction)


def _extras(escape: str = "", adrenaline: int = 0) -> str:
    parts = []
    if escape:
        parts.append("bull rush" if escape == "bullrush" else "outwit")
    if adrenaline:
        parts.append(f"+{adrenaline} adrenaline")
    return f" ({', '.join(parts)})" if parts else ""


# -- move step ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Move:
    """Cross an open door (or a lift link) to tile ``to`` (L7-R7)."""

    to: int
    escape: str = ""
    adrenaline: int = 0

    def __post_init__(self) -> None:
        whole(self.to, "Move.to", low=0, error=IllegalAction)
        _leaving(self)

    def __str__(self) -> str:
        return f"move to tile {self.to}{_extras(self.escape, self.adrenaline)}"


@dataclass(frozen=True, slots=True)
class Vent:
    """Crawl from a vent tile to another vent tile of the same floor (L7-R7)."""

    to: int
    escape: str = ""
    adrenaline: int = 0

    def __post_init__(self) -> None:
        whole(self.to, "Vent.to", low=0, error=IllegalAction)
        _leaving(self)

    def __str__(self) -> str:
        return f"crawl through the vents to tile {self.to}{_extras(self.escape, self.adrenaline)}"


def _from(stack: str) -> str:
    return f" from stack {stack}" if stack else ""


@dataclass(frozen=True, slots=True)
class Explore:
    """Explore through a door with nothing (or a face-down tile) behind it (L7-R5).

    ``stack`` names the stack to draw from where the scenario lets the explorer
    choose (scenario 9's player stacks, L7-S9-peek); ``""`` elsewhere."""

    door: Door
    escape: str = ""
    adrenaline: int = 0
    stack: str = ""

    def __post_init__(self) -> None:
        _door(self, self.door)
        _leaving(self)
        text(self.stack, "Explore.stack", error=IllegalAction)

    def __str__(self) -> str:
        return (f"explore through door {self.door}{_from(self.stack)}"
                f"{_extras(self.escape, self.adrenaline)}")


@dataclass(frozen=True, slots=True)
class Peek:
    """Peek instead of exploring through ``door`` (L7-R19); a failed peek explores from
    ``stack`` (scenario 9) or the scenario's current stack (``""``)."""

    door: Door
    stack: str = ""

    def __post_init__(self) -> None:
        _door(self, self.door)
        text(self.stack, "Peek.stack", error=IllegalAction)

    def __str__(self) -> str:
        return f"peek through door {self.door}{_from(self.stack)}"


@dataclass(frozen=True, slots=True)
class Place:
    """Where the explored tile goes: first room at ``(x, y)``, turned ``rotation``."""

    x: int
    y: int
    rotation: int

    def __post_init__(self) -> None:
        whole(self.x, "Place.x", low=-10**6, error=IllegalAction)
        whole(self.y, "Place.y", low=-10**6, error=IllegalAction)
        whole(self.rotation, "Place.rotation", low=0, error=IllegalAction)

    def __str__(self) -> str:
        return f"place the tile at ({self.x},{self.y}) turned {90 * self.rotation}°"


@dataclass(frozen=True, slots=True)
class StandUp:
    """Spend a move to get up (L7-fall-effects)."""

    def __str__(self) -> str:
        return "stand up"


@dataclass(frozen=True, slots=True)
class FallDown:
    """Drop to the floor (L7-fall)."""

    def __str__(self) -> str:
        return "fall down"


@dataclass(frozen=True, slots=True)
class LowerTerror:
    """Discard two adrenaline cards to lower terror by 1 (L7-terror-lower)."""

    def __str__(self) -> str:
        return "discard two adrenaline cards to lower terror"


@dataclass(frozen=True, slots=True)
class EndStep:
    """End the move step, or take no action."""

    def __str__(self) -> str:
        return "end this step"


# -- action step ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Attack:
    """A combat challenge against an enemy here (or next door, with a gun)."""

    target: str
    adrenaline: int = 0

    def __post_init__(self) -> None:
        text(self.target, "Attack.target", error=IllegalAction)
        whole(self.adrenaline, "Attack.adrenaline", low=0, error=IllegalAction)

    def __str__(self) -> str:
        return f"attack {self.target}{_extras('', self.adrenaline)}"


@dataclass(frozen=True, slots=True)
class Smash:
    """Attack the barricade on ``door`` (L7-barricade-player)."""

    door: Door
    adrenaline: int = 0

    def __post_init__(self) -> None:
        _door(self, self.door)
        whole(self.adrenaline, "Smash.adrenaline", low=0, error=IllegalAction)

    def __str__(self) -> str:
        return f"smash the barricade on {self.door}{_extras('', self.adrenaline)}"


@dataclass(frozen=True, slots=True)
class Search:
    """Search the supply cache here (L7-cache)."""

    adrenaline: int = 0

    def __post_init__(self) -> None:
        whole(self.adrenaline, "Search.adrenaline", low=0, error=IllegalAction)

    def __str__(self) -> str:
        return f"search the supply cache{_extras('', self.adrenaline)}"


@dataclass(frozen=True, slots=True)
class Access:
    """Use the control panel here to lock or unlock ``door`` (L7-R20)."""

    door: Door
    lock: bool
    adrenaline: int = 0

    def __post_init__(self) -> None:
        _door(self, self.door)
        if not isinstance(self.lock, bool):
            raise IllegalAction(f"Access.lock: expected True or False, got {show_value(self.lock)}")
        whole(self.adrenaline, "Access.adrenaline", low=0, error=IllegalAction)

    def __str__(self) -> str:
        verb = "lock" if self.lock else "unlock"
        return f"access the control panel to {verb} {self.door}{_extras('', self.adrenaline)}"


#: The scenarios' own challenge actions (Special.action).
SPECIALS: Final = ("restart", "command", "cabinet", "station")
SPECIAL_WORDS: Final = {"restart": "restart the generator here",
                        "command": "access Central Command",
                        "cabinet": "break open the sample cabinet",
                        "station": "access the Auxiliary Station"}


@dataclass(frozen=True, slots=True)
class Special:
    """A scenario's own challenge action on this tile: ``"restart"`` a generator or
    access Central Command (``"command"``) in scenario 9, break a sample
    ``"cabinet"`` in scenario 10, access the Auxiliary ``"station"`` in scenario 13."""

    action: str
    adrenaline: int = 0

    def __post_init__(self) -> None:
        if self.action not in SPECIALS:
            raise IllegalAction(f"Special.action: one of {', '.join(SPECIALS)}; got "
                                f"{show_value(self.action)}")
        whole(self.adrenaline, "Special.adrenaline", low=0, error=IllegalAction)

    def __str__(self) -> str:
        return f"{SPECIAL_WORDS[self.action]}{_extras('', self.adrenaline)}"


@dataclass(frozen=True, slots=True)
class PlaceCronos:
    """Where Dr. Cronos appears when the scenario lets the character who started
    lockdown choose (scenario 9, L7-R43)."""

    tile: int

    def __post_init__(self) -> None:
        whole(self.tile, "PlaceCronos.tile", low=0, error=IllegalAction)

    def __str__(self) -> str:
        return f"place Dr. Cronos on tile {self.tile}"


@dataclass(frozen=True, slots=True)
class Extinguish:
    """Spray a fire extinguisher here: an extinguisher cloud (L7-R21)."""

    def __str__(self) -> str:
        return "use a fire extinguisher"


# -- chance -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TileDraw:
    """The tile drawn from a stack (uniform over its unseen tiles)."""

    tile: str

    def __post_init__(self) -> None:
        text(self.tile, "TileDraw.tile", error=IllegalAction)

    def __str__(self) -> str:
        return f"draw {self.tile}"


@dataclass(frozen=True, slots=True)
class CardDraw:
    """The event card drawn."""

    card: str

    def __post_init__(self) -> None:
        text(self.card, "CardDraw.card", error=IllegalAction)

    def __str__(self) -> str:
        return f"event card {self.card}"


@dataclass(frozen=True, slots=True)
class ItemDraw:
    """The item card drawn."""

    item: str

    def __post_init__(self) -> None:
        text(self.item, "ItemDraw.item", error=IllegalAction)

    def __str__(self) -> str:
        return f"item card {self.item}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Icons rolled, collapsed to the counts that matter for this roll (L7-R2).

    Plain integers so that a match record encodes it as JSON today.
    """

    strength: int = 0
    speed: int = 0
    intelligence: int = 0

    def count(self, icon: str) -> int:
        return {"Strength": self.strength, "Speed": self.speed,
                "Intelligence": self.intelligence}[icon]

    def __post_init__(self) -> None:
        whole(self.strength, "Roll.strength", low=0, error=IllegalAction)
        whole(self.speed, "Roll.speed", low=0, error=IllegalAction)
        whole(self.intelligence, "Roll.intelligence", low=0, error=IllegalAction)

    def __str__(self) -> str:
        parts = [f"{n} {name}" for n, name in ((self.strength, "Strength"),
                                               (self.speed, "Speed"),
                                               (self.intelligence, "Intelligence")) if n]
        return "roll: " + (", ".join(parts) if parts else "no icons")


DECISION_TYPES: Final = (Move, Vent, Explore, Peek, Place, StandUp, FallDown, LowerTerror,
                         EndStep, Attack, Smash, Search, Access, Extinguish, Special,
                         PlaceCronos)
CHANCE_TYPES: Final = (TileDraw, CardDraw, ItemDraw, Roll)
CHOICE_TYPES: Final = DECISION_TYPES + CHANCE_TYPES
