"""The size limits of Level 7's saved files and data, declared in one place.

A saved match or position, a configuration (:func:`~.config.config_from_json`) and a
scenario's data (:func:`~.scenario.scenario_from_data`) are read only within these
limits. Each is checked on the *raw* JSON before anything is built from it — a list's
length before its items are read, a number's size before it is used, a text's length
before it is compared — so a small hostile file can neither hang a loader nor fill
memory; a refusal is a :class:`~boardlab.core.errors.FormatError` naming the field
(``state.tiles: 5000 items, at most 200 (limits.TILES)``).

The limits are far above anything the game holds (the stand-in box has 55 tiles, 24
event cards, 9 item cards, 32 adrenaline cards and 26 enemy figures) and far below what
would make a load slow. The exact ranges (an index into the map, a count the deck can
hold) are checked afterwards by the position's soundness check (:mod:`.invariants`);
these limits only bound sizes. docs/bad-input.md lists them ("The limits", Level 7).

>>> LIMITS["tiles"], LIMITS["number"]
(200, 1000000)
>>> check_saved_state({"round": 10 ** 100}, "state")
Traceback (most recent call last):
...
boardlab.core.errors.FormatError: state.round: 1000000000...0000000000 is larger than ...
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, Final, Union

from boardlab.core.errors import FormatError, show_value

__all__ = ["LIMITS", "LIMIT_DOCS", "check_list", "check_saved", "check_saved_config",
           "check_saved_setup", "check_saved_state", "check_size"]

#: Every limit by name: the largest size a saved file or a data file may give.
LIMITS: Final = MappingProxyType({
    "number": 1_000_000,    # any whole number in a saved state, configuration or data
    "text": 200,            # characters of a name (tile, card, character, stack …)
    "tiles": 200,           # placements on a map; tile kinds in a configuration
    "rooms": 9,             # rooms of one tile
    "doors": 36,            # doors of one tile (four sides of nine rooms)
    "characters": 16,       # characters of a configuration (a match plays 1–4)
    "events": 100,          # event cards of a configuration
    "items": 50,            # item cards (kinds) of a configuration
    "adrenaline": 100,      # adrenaline cards of a configuration
    "faces": 12,            # faces of the die
    "icons": 6,             # icons on one face; tile features, event icons, activations
    "stacks": 16,           # named stacks of tiles (exploring, face-down, objective, pool)
    "stack": 200,           # tiles in one stack
    "enemies": 64,          # enemy figures on the map, in one reserve or in the box
    "markers": 200,         # locked doors, barricades, clouds, caches, links, swarms …
    "carried": 64,          # item cards one character carries, or out of the game
    "queue": 256,           # automatic steps still to run in a turn
    "special": 32,          # a scenario's own values
})

#: What each limit bounds, for docs/bad-input.md (checked by the tests).
LIMIT_DOCS: Final = MappingProxyType({
    "number": "a whole number anywhere in a saved state, configuration or scenario data "
              "(at most seven digits; the exact range is checked afterwards)",
    "text": "characters of a name: a tile, card, character, stack or scenario",
    "tiles": "placements on a map, tile kinds of a configuration, tiles of a scenario's "
             "layout",
    "rooms": "rooms of one tile",
    "doors": "doors of one tile",
    "characters": "characters of a configuration, or of a setup",
    "events": "event cards of a configuration (and the counts of the event deck)",
    "items": "item cards of a configuration (and the counts of the item deck)",
    "adrenaline": "adrenaline cards of a configuration",
    "faces": "faces of the die",
    "icons": "icons on a face; features and event icons of a tile; an event card's "
             "activations and sections",
    "stacks": "named stacks of a state or a scenario",
    "stack": "tiles in one stack (or a scenario's list of tile names)",
    "enemies": "enemy figures on the map, in one reserve or in the box",
    "markers": "locked doors, barricades, clouds, caches, lift links, explored tiles, "
               "swarm and accessed markers",
    "carried": "item cards one character carries, or cards out of the game",
    "queue": "automatic steps still to run in the turn",
    "special": "a scenario's own values (``special``)",
})

# The limit of each variable-length field, by record and field name (``(record,
# field)``: a list of records or values; ``(record, field, 1)``: the lists inside it).
_FIELDS: Final = {
    ("State", "tiles"): "tiles", ("State", "links"): "markers",
    ("State", "explored"): "markers", ("State", "locked"): "markers",
    ("State", "barricades"): "markers", ("State", "clouds"): "markers",
    ("State", "caches"): "markers", ("State", "chars"): "characters",
    ("State", "enemies"): "enemies", ("State", "reserves"): "icons",
    ("State", "reserves", 1): "enemies", ("State", "stacks"): "stacks",
    ("State", "stacks", 1): "stack", ("State", "events_deck"): "events",
    ("State", "events_discard"): "events", ("State", "items_deck"): "items",
    ("State", "items_discard"): "items", ("State", "queue"): "queue",
    ("Char", "items"): "carried",
    ("Scn", "swarms"): "markers", ("Scn", "accessed"): "markers",
    ("Scn", "boxed"): "enemies", ("Scn", "items_out"): "carried",
    ("Setup", "characters"): "characters",
    ("Config", "tiles"): "tiles", ("Config", "characters"): "characters",
    ("Config", "enemies"): "icons", ("Config", "events"): "events",
    ("Config", "items"): "items", ("Config", "adrenaline"): "adrenaline",
    ("Config", "die"): "faces", ("Config", "die", 1): "icons",
    ("TileSpec", "doors"): "doors", ("TileSpec", "rooms"): "rooms",
    ("TileSpec", "features"): "icons", ("TileSpec", "events"): "icons",
    ("EventCard", "activations"): "icons", ("EventCard", "sections"): "icons",
}


def check_size(value: Any, path: str) -> None:
    """Refuse a number or a text larger than :data:`LIMITS` allows (a FormatError).

    >>> check_size("x" * 300, "setup.scenario")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.FormatError: setup.scenario: a text of 300 characters is longer ...
    """
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if not -LIMITS["number"] <= value <= LIMITS["number"]:
            raise FormatError(path, f"{show_value(value)} is larger than a Level 7 file "
                              f"holds (at most {LIMITS['number']:,} either way; "
                              "limits.number)")
    elif isinstance(value, str) and len(value) > LIMITS["text"]:
        raise FormatError(path, f"a text of {len(value):,} characters is longer than a "
                          f"Level 7 name may be ({LIMITS['text']}; limits.text)")


def check_list(value: Any, path: str, limit: str) -> None:
    """Refuse a list longer than the limit called ``limit`` (a FormatError)."""
    if isinstance(value, list) and len(value) > LIMITS[limit]:
        raise FormatError(path, f"{len(value):,} items, at most {LIMITS[limit]} "
                          f"(limits.{limit})")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _records() -> dict[str, type]:
    from boardlab.level7_lockdown.config import (
        AdrenalineCard,
        Character,
        Config,
        EnemyProfile,
        EventCard,
        ItemCard,
        TileSpec,
    )
    from boardlab.level7_lockdown.state import Setup, State

    return {c.__name__: c for c in (State, Setup, Config, TileSpec, Character,
                                    EnemyProfile, EventCard, ItemCard, AdrenalineCard)}


def _walk(value: Any, annotation: Any, path: str, record: str, field: str,
          depth: int) -> None:
    """Check the sizes of raw JSON ``value`` read as ``annotation`` (a field of
    ``record``), lists before their items; anything of the wrong shape is left to the
    decoder, which names it."""
    if isinstance(value, (int, str)):
        check_size(value, path)
        return
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (Union, types.UnionType):
        for option in args:
            if option is not type(None):
                _walk(value, option, path, record, field, depth)
        return
    if isinstance(value, list):
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            limit = _FIELDS.get((record, field, depth) if depth else (record, field))
            if limit is None:   # a list the file format does not hold: the decoder says
                return
            check_list(value, path, limit)
            for i, item in enumerate(value):
                _walk(item, args[0], f"{path}[{i}]", record, field, depth + 1)
        elif origin is tuple and len(value) == len(args):
            for i, (item, arg) in enumerate(zip(value, args, strict=True)):
                _walk(item, arg, f"{path}[{i}]", record, field, depth)
        return
    if isinstance(value, Mapping) and isinstance(annotation, type):
        _walk_record(value, annotation, path)


def _walk_record(value: Mapping[str, Any], cls: type, path: str) -> None:
    hints = _hints(cls)
    for name, item in value.items():
        if name in hints:
            _walk(item, hints[name], f"{path}.{name}" if path else name, cls.__name__,
                  name, 0)


def check_saved(value: Any, record: str, path: str) -> None:
    """Check the sizes of a saved ``record`` (``"State"``, ``"Setup"``, ``"Config"``
    …) in raw JSON before it is decoded; a refusal is a FormatError naming the field."""
    if isinstance(value, Mapping):
        _walk_record(value, _records()[record], path)


def check_saved_state(value: Any, path: str = "state") -> None:
    """:func:`check_saved` of a saved :class:`~.state.State`."""
    check_saved(value, "State", path)


def check_saved_setup(value: Any, path: str = "setup") -> None:
    """:func:`check_saved` of a saved :class:`~.state.Setup` (its configuration too)."""
    check_saved(value, "Setup", path)


def check_saved_config(value: Any, path: str = "") -> None:
    """:func:`check_saved` of a configuration in its JSON form."""
    check_saved(value, "Config", path)
