"""The records of Level 7's game data: tiles, characters, enemy profiles and cards.

Split from :mod:`boardlab.level7_lockdown.config` (which re-exports every name). Each
record checks itself on construction and names the bad field; most of their values are
invented stand-ins (L7-R1, L7-R9, L7-R10, L7-R12, L7-R21).

>>> TileSpec("Bad", doors=((0, "X"),))
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: tile 'Bad': doors[0]: side 'X' is not one of N, E, S, W
"""

from __future__ import annotations

from typing import Final

from boardlab.core.errors import ConfigError, show_value
from boardlab.core.frozen import dataclass
from boardlab.core.validate import text, whole
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
        text(self.name, "tile: name", blank=False, error=ConfigError)
        owner = f"tile {show_value(self.name)}"
        self._check_rooms(owner)
        self._check_doors(owner)
        if len(set(self.doors)) != len(self.doors):
            raise _bad(owner, "doors", "a door is listed twice")
        _check_vocab(owner, "features", self.features, FEATURES)
        _check_vocab(owner, "events", self.events, EVENT_ICONS)
        if len(self.events) > 2:
            raise _bad(owner, "events", "a tile shows at most two event icons "
                       "(L7-tile-multievent)")

    def _check_rooms(self, owner: str) -> None:
        """One or more rooms at distinct cells, the first at (0, 0), in one shape."""
        if not isinstance(self.rooms, tuple) or not self.rooms:
            raise _bad(owner, "rooms", "a tile needs at least one room")
        for i, room in enumerate(self.rooms):
            if not (isinstance(room, tuple) and len(room) == 2):
                raise _bad(owner, f"rooms[{i}]", f"expected an (x, y) pair, got {show_value(room)}")
            for j, v in enumerate(room):
                whole(v, f"{owner}: rooms[{i}][{j}]", low=-8, high=8, error=ConfigError)
        if self.rooms[0] != (0, 0):
            raise _bad(owner, "rooms[0]", "the first room sits at (0, 0)")
        if len(set(self.rooms)) != len(self.rooms):
            raise _bad(owner, "rooms", "two rooms share a cell")
        if not _connected(self.rooms):
            raise _bad(owner, "rooms", "the rooms do not form one connected shape")

    def _check_doors(self, owner: str) -> None:
        """One or more doors, each on a room's side that faces out of the tile."""
        if not isinstance(self.doors, tuple) or not self.doors:
            raise _bad(owner, "doors", "a tile needs at least one door")
        for i, door in enumerate(self.doors):
            if not (isinstance(door, tuple) and len(door) == 2):
                raise _bad(owner, f"doors[{i}]", f"expected (room, side), got {show_value(door)}")
            at, side = door
            whole(at, f"{owner}: doors[{i}]", low=0, high=len(self.rooms) - 1, error=ConfigError)
            if side not in SIDES:
                raise _bad(owner, f"doors[{i}]",
                           f"side {show_value(side)} is not one of N, E, S, W")
            dx, dy = _DELTA[side]
            x, y = self.rooms[at]
            if (x + dx, y + dy) in self.rooms:
                other = self.rooms.index((x + dx, y + dy))
                raise _bad(owner, f"doors[{i}]", f"room {at}'s {side} side faces room "
                           f"{other} of the same tile")
        if not isinstance(self.lockdown, bool):
            raise _bad(owner, "lockdown", "expected true or false, got "
                                          f"{show_value(self.lockdown)}")

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
        text(self.name, "character: name", blank=False, error=ConfigError)
        owner = f"character {show_value(self.name)}"
        for stat in ("strength", "speed", "intelligence"):
            whole(getattr(self, stat), f"{owner}: {stat}", low=0, high=8, error=ConfigError)
        whole(self.toughness, f"{owner}: toughness", low=1, high=8, error=ConfigError)


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
        if self.kind not in ENEMY_KINDS:
            raise ConfigError(f"enemy profile: kind: {show_value(self.kind)} is not one of "
                              f"{', '.join(ENEMY_KINDS)}")
        owner = f"enemy profile {show_value(self.kind)}"
        # At least 2 dice: with one die no enemy could ever damage a barricade (L7-R10).
        whole(self.dice, f"{owner}: dice", low=2, high=8, error=ConfigError)
        whole(self.toughness, f"{owner}: toughness", low=1, high=8, error=ConfigError)
        if not isinstance(self.ranged, bool):
            raise _bad(owner, "ranged", f"expected true or false, got {show_value(self.ranged)}")


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
        text(self.name, "event card: name", blank=False, error=ConfigError)
        owner = f"event card {show_value(self.name)}"
        if self.spawn not in SPAWNS:
            raise _bad(owner, "spawn", f"{show_value(self.spawn)} is not one of "
                                       f"{', '.join(SPAWNS)}")
        _check_vocab(owner, "activations", self.activations, ACTIVATIONS, unique=False)
        if not isinstance(self.sections, tuple):
            raise _bad(owner, "sections", "expected a tuple of (icon, effect) pairs")
        for i, sec in enumerate(self.sections):
            if not (isinstance(sec, tuple) and len(sec) == 2):
                raise _bad(owner, f"sections[{i}]",
                           f"expected (icon, effect), got {show_value(sec)}")
            if sec[0] not in EVENT_ICONS:
                raise _bad(owner, f"sections[{i}]", f"icon {show_value(sec[0])} is not one of "
                           f"{', '.join(EVENT_ICONS)}")
            if sec[1] not in EFFECTS:
                raise _bad(owner, f"sections[{i}]", f"effect {show_value(sec[1])} is not one of "
                           f"{', '.join(EFFECTS)}")
        icons = [s[0] for s in self.sections]
        if len(set(icons)) != len(icons):
            raise _bad(owner, "sections", "one section per tile icon")


@dataclass(frozen=True, slots=True)
class ItemCard:
    """An item card (L7-R21, illustrative); ``copies`` of it are in the deck."""

    name: str
    kind: str
    copies: int = 1
    lockdown: bool = False

    def __post_init__(self) -> None:
        text(self.name, "item card: name", blank=False, error=ConfigError)
        owner = f"item card {show_value(self.name)}"
        if self.kind not in ITEM_KINDS:
            raise _bad(owner, "kind", f"{show_value(self.kind)} is not one of "
                                      f"{', '.join(ITEM_KINDS)}")
        whole(self.copies, f"{owner}: copies", low=1, high=20, error=ConfigError)


@dataclass(frozen=True, slots=True)
class AdrenalineCard:
    """An adrenaline card. In the stand-in every card does the same (L7-R8, L7-R21):
    +1 die to a challenge for +1 fear, or two discarded lower terror by 1; so hands
    are counts and the names are data only."""

    name: str
    lockdown: bool = False

    def __post_init__(self) -> None:
        text(self.name, "adrenaline card: name", blank=False, error=ConfigError)
