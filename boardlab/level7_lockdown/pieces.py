"""The records of Level 7's game data: tiles, characters, enemy profiles and cards.

Split from :mod:`boardlab.level7_lockdown.config` (which re-exports every name). Each
record checks itself on construction and names the bad field; most of their values are
invented stand-ins (L7-R1, L7-R9, L7-R10, L7-R12, L7-R21).

>>> TileSpec("Bad", doors=((0, "X"),))
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: tile 'Bad': doors[0]: not a side of a room; one of N, E, S, W ...
"""

from __future__ import annotations

from typing import Final

from boardlab.core.errors import ConfigError, ConfigTypeError, show_value
from boardlab.core.frozen import dataclass
from boardlab.core.validate import flag, name, owned, text, whole
from boardlab.level7_lockdown.vocab import (
    ACTIVATIONS,
    EFFECTS,
    ENEMY_KINDS,
    EVENT_ICONS,
    FEATURES,
    ITEM_KINDS,
    SIDES,
    SPAWNS,
    _bad,
    _check_vocab,
)


# -- records --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TileSpec:
    """One map tile (L7-R5): its rooms on the grid, doors, features and event icons.

    ``rooms`` are cell offsets of the unrotated tile, the first at ``(0, 0)``; ``doors``
    are ``(room index, side)``. ``events`` holds one or two tile event icons (two:
    L7-tile-multievent). ``lockdown`` marks the expansion's tiles (L7-lockdown-icon).

    >>> TileSpec("Long Hall", rooms=((0, 0), (0, 1)), doors=((0, "S"), (1, "N"))).size
    2
    >>> TileSpec("Odd", rooms=((0, 0), (0, 1)), doors=((0, "N"),))
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: tile 'Odd': doors[0]: room 0's N side faces room 1 ...
    """

    name: str
    doors: tuple[tuple[int, str], ...]
    rooms: tuple[tuple[int, int], ...] = ((0, 0),)
    features: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    lockdown: bool = False

    def __post_init__(self) -> None:
        with owned("tile"):
            text(self.name, "name", blank=False, error=ConfigError)
        owner = f"tile {show_value(self.name)}"
        with owned(owner):
            self._check_rooms()
            self._check_doors()
        if len(set(self.doors)) != len(self.doors):
            raise _bad(owner, "doors", "a door is listed twice")
        _check_vocab(owner, "features", self.features, FEATURES, "feature")
        _check_vocab(owner, "events", self.events, EVENT_ICONS, "event icon")
        if len(self.events) > 2:
            raise _bad(owner, "events", "a tile shows at most two event icons "
                       "(L7-tile-multievent)")

    def _check_rooms(self) -> None:
        """One or more rooms at distinct cells, the first at (0, 0), in one shape (inside
        ``owned``: the errors name the tile)."""
        if not isinstance(self.rooms, tuple) or not self.rooms:
            raise ConfigError(field="rooms", problem="a tile needs at least one room")
        for i, room in enumerate(self.rooms):
            if not (isinstance(room, tuple) and len(room) == 2):
                raise ConfigError.at(f"rooms[{i}]", room, "expected an (x, y) pair")
            for j, v in enumerate(room):
                whole(v, f"rooms[{i}][{j}]", low=-8, high=8, error=ConfigError)
        if self.rooms[0] != (0, 0):
            raise ConfigError(field="rooms[0]", problem="the first room sits at (0, 0)")
        if len(set(self.rooms)) != len(self.rooms):
            raise ConfigError(field="rooms", problem="two rooms share a cell")
        if not _connected(self.rooms):
            raise ConfigError(field="rooms", problem="the rooms do not form one connected shape")

    def _check_doors(self) -> None:
        """One or more doors, each on a room's side that faces out of the tile (inside
        ``owned``: the errors name the tile)."""
        if not isinstance(self.doors, tuple) or not self.doors:
            raise ConfigError(field="doors", problem="a tile needs at least one door")
        for i, door in enumerate(self.doors):
            if not (isinstance(door, tuple) and len(door) == 2):
                raise ConfigError.at(f"doors[{i}]", door, "expected (room, side)")
            at, side = door
            whole(at, f"doors[{i}]", low=0, high=len(self.rooms) - 1, error=ConfigError)
            name(side, f"doors[{i}]", SIDES, what="side", where="of a room", error=ConfigError)
            dx, dy = _DELTA[side]
            x, y = self.rooms[at]
            if (x + dx, y + dy) in self.rooms:
                other = self.rooms.index((x + dx, y + dy))
                raise ConfigError(field=f"doors[{i}]", problem=f"room {at}'s {side} side "
                                  f"faces room {other} of the same tile")
        flag(self.lockdown, "lockdown", error=ConfigError)

    @property
    def size(self) -> int:
        """Cells the tile covers."""
        return len(self.rooms)

    def has(self, feature: str) -> bool:
        return feature in self.features


_DELTA: Final = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def _connected(rooms: tuple[tuple[int, int], ...]) -> bool:
    seen = {rooms[0]}
    todo = [rooms[0]]
    cells = set(rooms)
    while todo:
        x, y = todo.pop()
        for dx, dy in _DELTA.values():
            nxt = (x + dx, y + dy)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(cells)


@dataclass(frozen=True, slots=True)
class Character:
    """A character's stats (L7-R9: invented defaults 3/3/3, Toughness 2).

    >>> Character("Leo").intelligence
    3
    >>> Character("Leo", strength=True)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigTypeError: character 'Leo': strength: expected a whole number, ...
    """

    name: str
    strength: int = 3
    speed: int = 3
    intelligence: int = 3
    toughness: int = 2

    def __post_init__(self) -> None:
        with owned("character"):
            text(self.name, "name", blank=False, error=ConfigError)
        with owned(f"character {show_value(self.name)}"):
            for stat in ("strength", "speed", "intelligence"):
                whole(getattr(self, stat), stat, low=0, high=8, error=ConfigError)
            whole(self.toughness, "toughness", low=1, high=8, error=ConfigError)


@dataclass(frozen=True, slots=True)
class EnemyProfile:
    """How an enemy kind fights (L7-R10, invented): attack dice, Toughness, range.

    >>> EnemyProfile("blaster", dice=2, toughness=3, ranged=True).ranged
    True
    """

    kind: str
    dice: int
    toughness: int
    ranged: bool = False

    def __post_init__(self) -> None:
        with owned("enemy profile"):
            name(self.kind, "kind", ENEMY_KINDS, what="known enemy kind", where="",
                 rule="L7-enemies", error=ConfigError)
        with owned(f"enemy profile {show_value(self.kind)}"):
            # At least 2 dice: with one die no enemy could ever damage a barricade (L7-R10).
            whole(self.dice, "dice", low=2, high=8, error=ConfigError)
            whole(self.toughness, "toughness", low=1, high=8, error=ConfigError)
            flag(self.ranged, "ranged", error=ConfigError)


@dataclass(frozen=True, slots=True)
class EventCard:
    """An event card (L7-R12, illustrative): spawn icon, activation icons, tile sections.

    ``sections`` pairs a tile event icon with an effect, in card order.

    >>> EventCard("Sirens", spawn="guard", activations=("guard",),
    ...           sections=(("alarm", "lock"),)).spawn
    'guard'
    """

    name: str
    spawn: str = "none"
    activations: tuple[str, ...] = ()
    sections: tuple[tuple[str, str], ...] = ()
    lockdown: bool = False

    def __post_init__(self) -> None:
        with owned("event card"):
            text(self.name, "name", blank=False, error=ConfigError)
        owner = f"event card {show_value(self.name)}"
        with owned(owner):
            name(self.spawn, "spawn", SPAWNS, what="known spawn icon", where="",
                 error=ConfigError)
        _check_vocab(owner, "activations", self.activations, ACTIVATIONS, "activation",
                     unique=False)
        with owned(owner):
            self._check_sections()

    def _check_sections(self) -> None:
        """(tile event icon, effect) pairs, one per icon (inside ``owned``: the errors
        name the card)."""
        if not isinstance(self.sections, tuple):
            raise ConfigTypeError.at("sections", self.sections,
                                     "expected a tuple of (icon, effect) pairs")
        for i, sec in enumerate(self.sections):
            if not (isinstance(sec, tuple) and len(sec) == 2):
                raise ConfigError.at(f"sections[{i}]", sec, "expected (icon, effect)")
            name(sec[0], f"sections[{i}][0]", EVENT_ICONS, what="known event icon", where="",
                 error=ConfigError)
            name(sec[1], f"sections[{i}][1]", EFFECTS, what="known effect", where="",
                 error=ConfigError)
        icons = [s[0] for s in self.sections]
        if len(set(icons)) != len(icons):
            raise ConfigError(field="sections", problem="one section per tile icon")


@dataclass(frozen=True, slots=True)
class ItemCard:
    """An item card (L7-R21, illustrative); ``copies`` of it are in the deck."""

    name: str
    kind: str
    copies: int = 1
    lockdown: bool = False

    def __post_init__(self) -> None:
        with owned("item card"):
            text(self.name, "name", blank=False, error=ConfigError)
        with owned(f"item card {show_value(self.name)}"):
            name(self.kind, "kind", ITEM_KINDS, what="known item kind", where="",
                 error=ConfigError)
            whole(self.copies, "copies", low=1, high=20, error=ConfigError)


@dataclass(frozen=True, slots=True)
class AdrenalineCard:
    """An adrenaline card. In the stand-in every card does the same (L7-R8, L7-R21):
    +1 die to a challenge for +1 fear, or two discarded lower terror by 1; so hands
    are counts and the names are data only."""

    name: str
    lockdown: bool = False

    def __post_init__(self) -> None:
        with owned("adrenaline card"):
            text(self.name, "name", blank=False, error=ConfigError)
