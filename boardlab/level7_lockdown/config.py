"""Game data of Level 7 [Escape]: Lockdown on boardlab's stand-in core.

The expansion text (rules/003) is written for a core game that is not among the texts,
so most numbers here are **invented stand-ins**, labelled as such (ruling L7-R1): tile
shapes and features, character stats (L7-R9), enemy profiles (L7-R10), event cards
(L7-R12), items (L7-R21) and the die faces (L7-R2). Facts from the text (the box
counts of L7-components, the warrior chart of L7-warrior-chart, terror's limit of 8)
are constants.

Every record validates itself on construction and names the bad field; a whole
:class:`Config` also has a JSON form (:func:`config_to_json`, :func:`config_from_json`)
whose errors name the path (``tiles[3].doors[1]``).

>>> cfg = Config()
>>> cfg.tile("Hub").doors
((0, 'N'), (0, 'E'), (0, 'S'), (0, 'W'))
>>> TileSpec("Bad", doors=((0, "X"),))
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: tile 'Bad': doors[0]: not a side of a room; one of N, E, S, W ...
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

from boardlab.core.errors import ConfigError, FormatError, show_value
from boardlab.core.frozen import dataclass
from boardlab.core.validate import owned, whole

# The vocabulary, the facts of the text and the records live in their own modules;
# every name stays importable from here.
from boardlab.level7_lockdown.pieces import (  # noqa: F401 - re-exported
    AdrenalineCard,
    Character,
    EnemyProfile,
    EventCard,
    ItemCard,
    TileSpec,
)
from boardlab.level7_lockdown.vocab import (  # noqa: F401 - re-exported
    ACTIVATIONS,
    ALIENS,
    BARRICADE_DIFFICULTY,
    BARRICADE_FULL,
    BLASTER_ICON,
    BOX,
    CACHE_DIFFICULTY,
    CACHE_LOST_MARGIN,
    DIE_FACES,
    EFFECTS,
    ENEMY_KINDS,
    ENEMY_NAMES,
    ENEMY_TYPE,
    EVENT_ICONS,
    FEAR_MAX,
    FEATURES,
    HEART_ATTACK,
    HYBRIDS,
    ICONS,
    INTELLIGENCE,
    ITEM_KINDS,
    POWER_MAX,
    SIDES,
    SPAWNS,
    SPEED,
    STRENGTH,
    WARRIOR_CHART,
    _bad,
    _check_vocab,
)


# -- the default (invented) library ------------------------------------------------------
def _t(name: str, doors: str, *features: str, events: tuple[str, ...] = (),
       lockdown: bool = False) -> TileSpec:
    return TileSpec(name, doors=tuple((0, s) for s in doors), features=features,
                    events=events, lockdown=lockdown)


TILES: Final = (
    # the sandbox's prebuilt map
    _t("Hub", "NESW", "control_panel"),
    _t("Storage Bay", "NEW", "vent", "lift", events=("hazard",)),
    _t("Lair", "NES", "clone_nest", "guard_post", "fear", "dark", lockdown=True),
    _t("Maintenance", "NE", "security", "vent"),
    _t("Lower Landing", "NEW", "lift", events=("alarm",)),
    # stack A
    _t("Corridor A1", "NS", events=("alarm",)),
    _t("Security Post", "NESW", "security", events=("hazard",)),
    _t("Armory", "ESW", events=("alarm", "hazard"), lockdown=True),
    _t("War Zone North", "NESW", "warzone", events=("shadow",), lockdown=True),
    # stack B
    TileSpec("Long Hall", rooms=((0, 0), (0, 1)), doors=((0, "S"), (1, "N"), (1, "E")),
             features=("vent",), events=("shadow", "alarm"), lockdown=True),
    _t("Strong Point", "NESW", "guard_post", "clone_nest", events=("alarm", "shadow"),
       lockdown=True),
    _t("Dark Lab", "NS", "dark", "fear", "lab", events=("shadow",)),
    _t("Vent Shaft", "ES", "vent", events=("hazard",)),
    # final stack
    _t("War Zone South", "NESW", "warzone", events=("hazard", "shadow"), lockdown=True),
    _t("Control Room", "NSW", "control_panel", events=("alarm",)),
    _t("Nest", "NE", "fear", events=("shadow", "hazard"), lockdown=True),
    TileSpec("Loading Dock", rooms=((0, 0), (1, 0)), doors=((0, "W"), (1, "E"), (1, "N")),
             features=("security",), events=("hazard", "alarm"), lockdown=True),
    # face-down stack of the sandbox (one-cell tiles only)
    _t("Closet", "NS", "dark"),
    _t("Crawlspace", "NESW", "vent", events=("shadow",)),
    # objective
    _t("Exit Shaft", "S", "exit", "lift"),
    # -- the tiles of scenarios 9–13 (names from the text where it names them; every
    # shape, door and feature invented: the text does not print the tiles) --
    _t("Security Lift", "NS", "lift"),
    _t("Corridor 101-A", "NESW", events=("alarm",)),
    _t("Squad Bay A", "NESW", "security", events=("hazard",)),
    _t("Central Command", "NES", events=("alarm",)),
    *(_t(f"Sector Generator {n}", "NES", "generator", events=("hazard",))
      for n in (1, 2, 3, 4)),
    _t("Environmental Control Room", "NES", "vent"),
    _t("Red Lab", "NES", "lab", "fear", events=("shadow",)),
    _t("Abandoned Lab", "NESW", "lab", "dark", lockdown=True),
    _t("Bio Lab", "ESW", "lab", events=("hazard",)),
    _t("Genetics Lab", "NS", "lab", "fear"),
    _t("Cloning Lab", "NEW", "lab", "vent", events=("shadow",)),
    _t("Xeno Lab", "NE", "lab", "dark", events=("alarm",)),
    # three rooms in a row; the middle room's north door is "the middle door"
    TileSpec("Corridor 104-A", rooms=((0, 0), (1, 0), (2, 0)),
             doors=((0, "N"), (1, "N"), (2, "N"), (0, "W"), (2, "E"), (1, "S")),
             events=("alarm",)),
    TileSpec("Waste Processing", rooms=((0, 0), (1, 0), (2, 0)),
             doors=((1, "S"), (1, "N"), (0, "W"), (2, "E")), features=("fear",),
             lockdown=True),
    # room 0 is the elevator room, room 3 the room opposite it, rooms 1 and 2 the others
    TileSpec("Airlock", rooms=((0, 0), (1, 0), (0, 1), (1, 1)),
             doors=((1, "E"), (1, "S"), (2, "W"), (2, "N"), (3, "N"), (3, "E")),
             features=("lift",), lockdown=True),
    _t("A-Lift", "NS", "lift"),
    _t("C-Lift", "EW", "lift"),
    _t("Office", "NESW", "control_panel"),
    _t("Incinerator", "NS", "fear", events=("hazard",), lockdown=True),
    _t("Tank Farm", "NESW", "dark", events=("hazard",), lockdown=True),
    _t("Auxiliary Station", "NS", "control_panel", lockdown=True),
    _t("Corridor 102-B", "NESW"),
    _t("Squad Bay B", "NES", "security"),
    _t("Mess Hall", "NESW", events=("shadow",)),
    _t("Medical Bay", "NSW"),
    _t("Barracks", "ESW", "security"),
    _t("Server Room", "NE", "control_panel", "dark"),
    _t("Observation Deck", "NS", "fear", events=("shadow",)),
    _t("Storage Room", "ES", "vent"),
    _t("Cell Block", "NESW", "security", "fear"),
    _t("Pump Room", "NW", "vent", events=("hazard",)),
)

#: The tiles of the sandbox alone (its prebuilt map, face-down stack and exit).
SANDBOX_TILES: Final = ("Hub", "Storage Bay", "Maintenance", "Lower Landing", "Closet",
                        "Crawlspace", "Exit Shaft")
#: The box the scenarios 9–13 shuffle from (every tile but the sandbox's own): the core
#: game's tiles mixed with the Lockdown ones (L7-use-all). All invented stand-ins.
SCENARIO_BOX: Final = tuple(t.name for t in TILES if t.name not in SANDBOX_TILES)

CHARACTERS: Final = (Character("Leo"), Character("Cody"), Character("Brent"),
                     Character("Ava"))

ENEMY_PROFILES: Final = (
    EnemyProfile("guard", dice=2, toughness=2),
    EnemyProfile("rogue", dice=2, toughness=1),
    EnemyProfile("warrior", dice=2, toughness=1, ranged=True),
    EnemyProfile("hunter", dice=3, toughness=3),
    EnemyProfile("blaster", dice=2, toughness=3, ranged=True),
)


def _e(name: str, spawn: str, acts: str, *sections: tuple[str, str],
       lockdown: bool = False) -> EventCard:
    return EventCard(name, spawn=spawn, activations=tuple(acts.split()), sections=sections,
                     lockdown=lockdown)


EVENTS: Final = (
    _e("Footsteps", "clone", "clone", ("shadow", "fear"), ("alarm", "lock")),
    _e("Sirens", "guard", "guard", ("alarm", "lock"), ("hazard", "fall")),
    _e("Patrol", "guard", "guard clone", ("hazard", "cache")),
    _e("Hunger", "clone", "clone clone", ("shadow", "fear")),
    _e("Quiet", "none", "", ("alarm", "calm"), ("shadow", "calm")),
    _e("Power Surge", "none", "guard", ("hazard", "gas"), ("alarm", "fear")),
    _e("Scratching", "clone", "clone", ("shadow", "fall")),
    _e("Lights Flicker", "none", "clone", ("shadow", "fear"), ("hazard", "fear")),
    _e("Lockdown Drill", "guard", "guard", ("alarm", "barricade")),
    _e("Echoes", "none", "guard clone", ("hazard", "calm")),
    _e("Ambush", "clone", "clone guard", ("shadow", "gas")),
    _e("Supply Drop", "none", "", ("hazard", "cache"), ("alarm", "cache")),
    # the twelve Lockdown cards (invented contents; L7-components counts them)
    _e("Sealed Sector", "guard", "guard", ("alarm", "barricade"), ("hazard", "lock"),
       lockdown=True),
    _e("Toxic Leak", "none", "clone", ("hazard", "gas"), ("shadow", "gas"), lockdown=True),
    _e("Collapse", "none", "guard", ("hazard", "fall"), ("alarm", "fall"), lockdown=True),
    _e("Warriors Stir", "clone", "clone", ("shadow", "fear"), lockdown=True),
    _e("Hidden Stash", "none", "", ("alarm", "cache"), ("shadow", "cache"), lockdown=True),
    _e("Barricaded", "none", "guard clone", ("alarm", "barricade"), ("shadow", "barricade"),
       lockdown=True),
    _e("Terror Wave", "clone", "clone", ("shadow", "fear"), ("hazard", "fear"),
       ("alarm", "fear"), lockdown=True),
    _e("Security Sweep", "guard", "guard guard", ("hazard", "lock"), lockdown=True),
    _e("Gas Vent", "none", "clone", ("hazard", "gas"), ("alarm", "calm"), lockdown=True),
    _e("Stumble", "none", "guard", ("shadow", "fall"), ("hazard", "calm"), lockdown=True),
    _e("Reinforcements", "guard", "guard clone", ("alarm", "fear"), lockdown=True),
    _e("Swarm Alarm", "clone", "clone guard", ("shadow", "lock"), ("alarm", "gas"),
       lockdown=True),
)

ITEMS: Final = (
    ItemCard("Pipe Wrench", "weapon", copies=2),
    ItemCard("Pistol", "gun", copies=2),
    ItemCard("Flashlight", "flashlight", copies=3),
    ItemCard("Facility Map", "map", copies=2),
    ItemCard("Fire Extinguisher", "extinguisher", copies=2),
    ItemCard("Stun Baton", "weapon", copies=3, lockdown=True),
    ItemCard("Service Rifle", "gun", copies=3, lockdown=True),
    ItemCard("Head Lamp", "flashlight", copies=3, lockdown=True),
    ItemCard("CO2 Canister", "extinguisher", copies=3, lockdown=True),
)

ADRENALINE: Final = tuple(AdrenalineCard(f"Adrenaline {i}", lockdown=i > 16)
                          for i in range(1, 33))


@dataclass(frozen=True)
class Config:
    """Every stand-in number and data list, with boardlab's ruling defaults.

    ``moves`` per move step (L7-R7), ``dice_cap`` (L7-R25), ``adrenaline_hand`` at the
    start (L7-R9), ``die`` the challenge die's faces (L7-R2).

    >>> Config().dice_cap, Config().moves, len(Config().events)
    (8, 2, 24)
    >>> Config(moves=0)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: config: moves: 1 to 6 (got 0)
    """

    if TYPE_CHECKING:  # set in __post_init__ (not a field): the look-up tables
        _index: ClassVar[dict[str, Any]]

    tiles: tuple[TileSpec, ...] = TILES
    characters: tuple[Character, ...] = CHARACTERS
    enemies: tuple[EnemyProfile, ...] = ENEMY_PROFILES
    events: tuple[EventCard, ...] = EVENTS
    items: tuple[ItemCard, ...] = ITEMS
    adrenaline: tuple[AdrenalineCard, ...] = ADRENALINE
    die: tuple[tuple[str, ...], ...] = DIE_FACES
    dice_cap: int = 8
    moves: int = 2
    adrenaline_hand: int = 4

    def __post_init__(self) -> None:
        for name, kind in (("tiles", TileSpec), ("characters", Character),
                           ("enemies", EnemyProfile), ("events", EventCard),
                           ("items", ItemCard), ("adrenaline", AdrenalineCard)):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not value:
                raise _bad("config", name, "expected a non-empty tuple")
            for i, rec in enumerate(value):
                if not isinstance(rec, kind):
                    raise _bad("config", f"{name}[{i}]", f"expected a {kind.__name__}, got "
                               f"{type(rec).__name__}")
        for name, key in (("tiles", "name"), ("characters", "name"), ("enemies", "kind"),
                          ("events", "name"), ("items", "name"), ("adrenaline", "name")):
            seen: set[str] = set()
            for i, rec in enumerate(getattr(self, name)):
                k = getattr(rec, key)
                if k in seen:
                    raise _bad("config", f"{name}[{i}].{key}", f"{show_value(k)} appears twice")
                seen.add(k)
        missing = set(ENEMY_KINDS) - {p.kind for p in self.enemies}
        if missing:
            raise _bad("config", "enemies", f"no profile for {', '.join(sorted(missing))}")
        if not isinstance(self.die, tuple) or not self.die:
            raise _bad("config", "die", "a die needs at least one face")
        for i, face in enumerate(self.die):
            _check_vocab("config", f"die[{i}]", face, ICONS, "icon", unique=False)
        with owned("config"):
            whole(self.dice_cap, "dice_cap", low=1, high=12, error=ConfigError)
            whole(self.moves, "moves", low=1, high=6, error=ConfigError)
            whole(self.adrenaline_hand, "adrenaline_hand", low=0, high=8, error=ConfigError)
        # Look-up tables: not fields (never compared, hashed or saved), built once.
        index: dict[str, Any] = {}
        object.__setattr__(self, "_index", index)
        index["tile"] = {t.name: t for t in self.tiles}
        index["char"] = {c.name: c for c in self.characters}
        index["enemy"] = {p.kind: p for p in self.enemies}
        index["event"] = {e.name: i for i, e in enumerate(self.events)}
        index["item"] = {it.name: i for i, it in enumerate(self.items)}
        index["event_names"] = tuple(e.name for e in self.events)
        index["item_names"] = tuple(it.name for it in self.items)

    # -- look-ups ------------------------------------------------------------------------
    def tile(self, name: str) -> TileSpec:
        """The tile called ``name`` (a :class:`ConfigError` names an unknown one)."""
        try:
            return self._index["tile"][name]
        except KeyError:
            raise ConfigError(f"unknown tile {show_value(name)}") from None

    def has_tile(self, name: str) -> bool:
        return name in self._index["tile"]

    def character(self, name: str) -> Character:
        try:
            return self._index["char"][name]
        except KeyError:
            raise ConfigError(f"unknown character {show_value(name)}; characters are "
                              f"{', '.join(c.name for c in self.characters)}") from None

    def profile(self, kind: str) -> EnemyProfile:
        return self._index["enemy"][kind]

    def event_index(self, name: str) -> int:
        return self._index["event"][name]

    def item_index(self, name: str) -> int:
        return self._index["item"][name]

    def item_kind(self, name: str) -> str:
        return self.items[self._index["item"][name]].kind

    @property
    def event_names(self) -> tuple[str, ...]:
        return self._index["event_names"]

    @property
    def item_names(self) -> tuple[str, ...]:
        return self._index["item_names"]

    def item_deck(self) -> tuple[int, ...]:
        """Copies of each item card, in :attr:`items` order."""
        return tuple(it.copies for it in self.items)


DEFAULT: Final = Config()


@dataclass(frozen=True, slots=True)
class Components:
    """Which Lockdown components join an older scenario (L7-use-old-scenarios).

    The core stand-in data (records not marked ``lockdown``) always stays.

    >>> cfg = Components(adrenaline=True).select(Config())
    >>> sum(e.lockdown for e in cfg.events), sum(a.lockdown for a in cfg.adrenaline)
    (0, 16)
    """

    tiles: bool = False
    events: bool = False
    items: bool = False
    adrenaline: bool = False

    def __post_init__(self) -> None:
        for name in ("tiles", "events", "items", "adrenaline"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"components: {name}: expected True or False")

    def select(self, cfg: Config) -> Config:
        """``cfg`` keeping Lockdown-marked records only where selected."""
        from dataclasses import replace

        def keep(records: tuple[Any, ...], on: bool) -> tuple[Any, ...]:
            return tuple(r for r in records if on or not r.lockdown)

        return replace(cfg, tiles=keep(cfg.tiles, self.tiles),
                       events=keep(cfg.events, self.events),
                       items=keep(cfg.items, self.items),
                       adrenaline=keep(cfg.adrenaline, self.adrenaline))


# -- JSON form --------------------------------------------------------------------------
_LISTS = {"tiles": TileSpec, "characters": Character, "enemies": EnemyProfile,
          "events": EventCard, "items": ItemCard, "adrenaline": AdrenalineCard}


def config_to_json(cfg: Config, *, indent: int | None = None) -> str:
    """``cfg`` as JSON (lists of plain objects; read back by :func:`config_from_json`).

    >>> back = config_from_json(config_to_json(Config()))
    >>> back == Config()
    True
    """
    from boardlab.core.serialize import encode

    data: dict[str, Any] = {}
    for name in ("tiles", "characters", "enemies", "events", "items", "adrenaline", "die",
                 "dice_cap", "moves", "adrenaline_hand"):
        value = encode(getattr(cfg, name))
        if isinstance(value, list):
            for item in value:
                if isinstance(item, dict):
                    item.pop("type", None)
        data[name] = value
    return json.dumps(data, indent=indent)


def config_from_json(text: str | Mapping[str, Any]) -> Config:
    """Read a :class:`Config` from JSON; a missing list keeps its default.

    Every field is checked; an error names its path:

    >>> config_from_json('{"tiles": [{"name": "Hub", "doors": [[0, "Q"]]}]}')
    Traceback (most recent call last):
    ...
    boardlab.core.errors.FormatError: tiles[0]: tile 'Hub': doors[0]: not a side of a room; ...
    >>> config_from_json('{"moves": "two"}')
    Traceback (most recent call last):
    ...
    boardlab.core.errors.FormatError: moves: expected a whole number, got a str (got 'two')
    """
    from boardlab.core.serialize import decode, load_json_object

    data = load_json_object(text)
    known = {*_LISTS, "die", "dice_cap", "moves", "adrenaline_hand"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise FormatError(unknown[0], f"unknown field; expected some of {sorted(known)}")
    kwargs: dict[str, Any] = {}
    for name, kind in _LISTS.items():
        if name in data:
            kwargs[name] = _decode_list(data[name], kind, name)
    if "die" in data:
        kwargs["die"] = decode(data["die"], tuple[tuple[str, ...], ...], "die")
    for name in ("dice_cap", "moves", "adrenaline_hand"):
        if name in data:
            kwargs[name] = decode(data[name], int, name)
    try:
        return Config(**kwargs)
    except ConfigError as err:
        # The configuration's own refusals name a field of it; a record inside says
        # which record (the owner) in its message.
        if err.owner == "config" and err.field:
            raise FormatError(err.field, err.problem) from err
        raise FormatError("", str(err)) from err


def _decode_list(value: Any, kind: type, path: str) -> tuple[Any, ...]:
    from boardlab.core.serialize import decode

    if not isinstance(value, list):
        raise FormatError(path, f"expected a list, got {show_value(value)}")
    return tuple(decode(v, kind, f"{path}[{i}]") for i, v in enumerate(value))


def names(records: Iterable[Any]) -> tuple[str, ...]:
    """The ``name`` of each record, in order."""
    return tuple(r.name for r in records)
