"""The first check of a Level 7 position: every field of the right type, size and range.

:func:`shape` looks at a :class:`~.state.State` as a hostile file or a hand edit may have
left it — a string where a number belongs, an index past the end of a list, a negative
count, a rotation of 7 — and says what is wrong, naming the field
(``chars[0].tile: 0 to 5 (the tiles of the map) (got 999)``). It never raises: the rest of
the soundness check (:mod:`.invariants`) and the rules assume what it has checked, so a
position that fails here is refused before anything else reads it.

>>> from boardlab.level7_lockdown.api import new_match
>>> s = new_match(players=2).state
>>> shape(s)
[]
>>> shape(s._replace(active=-1))
['active: 0 to 1 (the characters of the match) (got -1)']
>>> shape(s._replace(tiles=s.tiles[:1] + (s.tiles[1]._replace(rotation=7),) + s.tiles[2:]))
['tiles[1].rotation: 0 to 3 (a quarter turn, L7-R5) (got 7)']
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Final, Union

from boardlab.core.errors import ConfigError, show_value
from boardlab.core.identity import same_objects
from boardlab.core.validate import whole
from boardlab.level7_lockdown.config import (
    ENEMY_KINDS,
    FEAR_MAX,
    HEART_ATTACK,
    ICONS,
    POWER_MAX,
    SIDES,
)
from boardlab.level7_lockdown.limits import LIMITS
from boardlab.level7_lockdown.state import STATUSES, State

__all__ = ["COORDINATE", "FLOORS", "shape"]

#: Grid coordinates a placement or door may have (far beyond any map of the box).
COORDINATE: Final = 200
#: Floors of a map (L7-R5: floors are separate grids; scenarios use at most three).
FLOORS: Final = 9

Check = Callable[[Any], bool]


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", str(tp))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@cache
def _fits(annotation: Any) -> Check:
    """A fast predicate: does a value have the *type* ``annotation`` says (built once
    per annotation; a record field by field)? :func:`_explain` says what does not."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is bool:
        return lambda v: v is True or v is False
    if annotation in (int, str):
        return lambda v: type(v) is annotation
    if origin in (Union, types.UnionType):
        options = [_fits(a) for a in args if a is not type(None)]
        nullable = type(None) in args
        return lambda v: (v is None and nullable) or any(f(v) for f in options)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] in (int, str):
                kind = args[0]
                return lambda v: type(v) is tuple and all(type(x) is kind for x in v)
            item = _fits(args[0])
            if _frozen(args[0]):
                return _remembering(item)
            return lambda v: type(v) is tuple and all(item(x) for x in v)
        items = tuple(_fits(a) for a in args)
        n = len(items)
        return lambda v: type(v) is tuple and len(v) == n and \
            all(f(x) for f, x in zip(items, v, strict=True))
    if isinstance(annotation, type) and issubclass(annotation, tuple) and \
            hasattr(annotation, "_fields"):
        cls = annotation
        fields = tuple(_fits(_hints(cls)[f]) for f in cls._fields)
        return lambda v: type(v) is cls and all(f(x) for f, x in zip(fields, v, strict=True))
    if isinstance(annotation, type):   # a dataclass (the setup, the move a roll is for)
        cls = annotation
        return lambda v: isinstance(v, cls)
    raise TypeError(f"no shape check for {annotation!r}")  # pragma: no cover


#: Items a :func:`_remembering` check keeps before it starts again (a match's states
#: hold a few hundred distinct records at most; the bound only caps memory).
REMEMBERED: Final = 4096


#: The records each :func:`_remembering` check holds (a test empties them all).
REMEMBERING: list[dict[int, object]] = []


def _remembering(item: Check) -> Check:
    """The check of a tuple of records of ``item``'s type that skips a record it has
    already passed, by identity: such a record is immutable all the way down (see
    :func:`_frozen`), so its verdict cannot change, and a step replaces only the records
    it changes (a character, an enemy) while the others stay the very same objects.
    The records passed are held, so an id is not reused while remembered.

    >>> fits = _remembering(lambda x: type(x) is int)
    >>> fits((1, 2)), fits((1, "2")), fits([1])
    (True, False, False)
    """
    passed: dict[int, object] = {}
    REMEMBERING.append(passed)

    def fits(v: Any) -> bool:
        if type(v) is not tuple:
            return False
        for x in v:
            if passed.get(id(x)) is x:
                continue
            if not item(x):
                return False
            if len(passed) >= REMEMBERED:
                passed.clear()
            passed[id(x)] = x
        return True
    return fits


@cache
def _frozen(annotation: Any) -> bool:
    """Whether a value that fits ``annotation`` (exactly: see :func:`_fits`) is immutable
    all the way down: numbers, strings, None, tuples and records of such (not a
    dataclass, which may be changed in place).

    >>> from boardlab.level7_lockdown.state import Char, Setup
    >>> _frozen(tuple[int, str]), _frozen(Char), _frozen(Setup)
    (True, True, False)
    """
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation in (bool, int, str, type(None)):
        return True
    if origin in (Union, types.UnionType):
        return all(_frozen(a) for a in args)
    if origin is tuple:
        return all(a is Ellipsis or _frozen(a) for a in args)
    if isinstance(annotation, type) and issubclass(annotation, tuple) and \
            hasattr(annotation, "_fields"):
        hints = _hints(annotation)
        return all(_frozen(hints[f]) for f in annotation._fields)
    return False


def _explain(annotation: Any, v: Any, path: str) -> str:
    """What is wrong with ``v`` as an ``annotation`` (``_fits`` said something is)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is tuple and type(v) is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            for i, x in enumerate(v):
                if not _fits(args[0])(x):
                    return _explain(args[0], x, f"{path}[{i}]")
        elif len(v) == len(args):
            for i, (a, x) in enumerate(zip(args, v, strict=True)):
                if not _fits(a)(x):
                    return _explain(a, x, f"{path}[{i}]")
    if isinstance(annotation, type) and issubclass(annotation, tuple) and \
            hasattr(annotation, "_fields") and type(v) is annotation:
        for f, x in zip(annotation._fields, v, strict=True):
            hint = _hints(annotation)[f]  # type: ignore[arg-type]  # a class is hashable
            if not _fits(hint)(x):
                return _explain(hint, x, f"{path}.{f}" if path else f)
    return f"{path}: expected {_expected(annotation)}, got {show_value(v)}"


def _expected(annotation: Any) -> str:
    """``annotation`` in words (``a whole number``, ``a tuple of 3``)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is bool:
        return "True or False"
    if annotation is int:
        return "a whole number"
    if annotation is str:
        return "a string"
    if origin in (Union, types.UnionType):
        return " or ".join("None" if a is type(None) else _name(a) for a in args)
    if origin is tuple:
        return "a tuple" if args[-1] is Ellipsis else f"a tuple of {len(args)}"
    return f"a {_name(annotation)}"


#: The last value of each field that passed (held, so its id is not reused): states of
#: one match share most of their fields, and a frozen value checked once stays good.
_PASSED: dict[str, tuple[Any, ...]] = {}
#: The same for the fields of a state, by position (one identity test per field).
_FIELDS_PASSED: list[object] = [object()] * len(State._fields)


def _passed(key: str, *values: Any) -> bool:
    last = _PASSED.get(key)
    return last is not None and len(last) == len(values) and \
        all(a is b for a, b in zip(last, values, strict=True))


def _types(state: Any) -> str | None:
    if type(state) is not State:
        return f"expected a Level 7 State, got {show_value(state)}"
    last = _FIELDS_PASSED
    for i, value in enumerate(state):
        if value is last[i]:      # the very object that passed: still good (frozen)
            continue
        field = State._fields[i]
        hint = _hints(State)[field]
        if not _fits(hint)(value):
            return _explain(hint, value, field)
        last[i] = value
    return None


def _sizes(state: State) -> list[str]:
    """Lengths within :data:`~.limits.LIMITS` (a hand-made state may hold anything);
    not measured again for the very fields last found within them (tuples: frozen)."""
    global _SIZES_PASSED
    key = (state.tiles, state.links, state.explored, state.locked, state.barricades,
           state.clouds, state.caches, state.enemies, state.stacks, state.queue)
    if same_objects(_SIZES_PASSED, key):
        return []
    out = _measured(state)
    if not out:
        _SIZES_PASSED = key    # strong references: the ids are not reused
    return out


_SIZES_PASSED: tuple[object, ...] | None = None


def _measured(state: State) -> list[str]:
    out = []
    for field, limit in (("tiles", "tiles"), ("links", "markers"), ("explored", "markers"),
                         ("locked", "markers"), ("barricades", "markers"),
                         ("clouds", "markers"), ("caches", "markers"),
                         ("enemies", "enemies"), ("stacks", "stacks"), ("queue", "queue")):
        n = len(getattr(state, field))
        if n > LIMITS[limit]:
            out.append(f"{field}: {n} entries, at most {LIMITS[limit]} (limits.{limit})")
    for name, tiles in state.stacks:
        if len(tiles) > LIMITS["stack"]:
            out.append(f"stacks: {len(tiles)} tiles in stack {show_value(name)}, at most "
                       f"{LIMITS['stack']} (limits.stack)")
    return out


def _within(path: str, value: int, low: int, high: int, what: str) -> str | None:
    """The problem of ``value`` outside ``low``…``high`` in core's words (its range check,
    collected rather than raised: a shape check never raises)."""
    if low <= value <= high:
        return None
    try:
        whole(value, path, low=low, high=high, rule=what, error=ConfigError)
    except ConfigError as err:
        return str(err)
    return None


def shape(state: Any) -> list[str]:
    """What is wrong with the types, sizes, ranges and indices of ``state`` (empty when
    nothing is), each naming its field; never raises.

    >>> from boardlab.level7_lockdown.api import new_match
    >>> shape(new_match(players=1).state._replace(round=0))
    ['round: 1 to 11 (the turn limit is 10 rounds, L7-R23) (got 0)']
    """
    problem = _types(state)
    if problem:
        return [problem]
    problems = _sizes(state)
    if problems:
        return problems
    out: list[str | None] = []
    for i, (section, reads) in enumerate(SECTIONS):
        # a section whose fields are the very objects it last passed is still passed
        # (they are frozen, and their types were checked above)
        key = reads(state) if reads is not None else None
        if key is not None and same_objects(_SECTION_PASSED[i], key):
            continue
        found = [x for x in section(state) if x]
        if found:
            out.extend(found)
        elif key is not None:
            _SECTION_PASSED[i] = key     # strong references: the ids are not reused
    return [x for x in out if x]


#: The icons a pending step may name, and none.
_ICONS: Final = frozenset(("", *ICONS))


Found = list[str | None]


def _counters(state: State) -> Found:
    """The characters, the seat to move, the round and the counters (L7-R7, L7-R23)."""
    setup, cfg = state.setup, state.setup.cfg
    n_tiles, n_chars = len(state.tiles), len(state.chars)
    number = LIMITS["number"]
    # Checked after every step: when every range holds (the very tests of ``_within``
    # below), there is nothing to word.
    if n_chars == len(setup.characters) and 0 <= state.active <= n_chars - 1 and \
            1 <= state.round <= setup.rounds + 1 and 0 <= state.moves <= cfg.moves and \
            -1 <= state.event <= len(cfg.events) - 1 and \
            -1 <= state.cronos <= n_tiles - 1 and 0 <= state.threat_pool <= number and \
            0 <= state.lockdown <= number:
        return []
    out: Found = []
    if n_chars != len(setup.characters):
        out.append(f"chars: {n_chars} characters, the setup has {len(setup.characters)} "
                   f"({', '.join(setup.characters)})")
    return out + [
        _within("active", state.active, 0, n_chars - 1, "the characters of the match"),
        _within("round", state.round, 1, setup.rounds + 1,
                f"the turn limit is {setup.rounds} rounds, L7-R23"),
        _within("moves", state.moves, 0, cfg.moves, "moves left in a move step, L7-R7"),
        _within("event", state.event, -1, len(cfg.events) - 1,
                "an event card of the configuration, or -1 for none"),
        _within("cronos", state.cronos, -1, n_tiles - 1, "a tile of the map, or -1 for none"),
        _within("threat_pool", state.threat_pool, 0, LIMITS["number"],
                "a count of threat tokens"),
        _within("lockdown", state.lockdown, 0, LIMITS["number"], "a count of LOCKDOWN tokens"),
    ]


def _decks(state: State) -> Found:
    """One count per card of the configuration, each a number of copies."""
    cfg = state.setup.cfg
    decks = (state.events_deck, state.events_discard, state.items_deck, state.items_discard)
    if _passed("decks", cfg, *decks):
        return []
    out: Found = []
    for field, counts, size in (("events_deck", decks[0], len(cfg.events)),
                                ("events_discard", decks[1], len(cfg.events)),
                                ("items_deck", decks[2], len(cfg.items)),
                                ("items_discard", decks[3], len(cfg.items))):
        if len(counts) != size:
            out.append(f"{field}: {len(counts)} counts, one per card of the configuration "
                       f"({size})")
        if counts and not 0 <= min(counts) <= max(counts) <= 20:  # else none to word
            out.extend(_within(f"{field}[{i}]", n, 0, 20, "copies of a card")
                       for i, n in enumerate(counts))
    if not any(out):
        _PASSED["decks"] = (cfg, *decks)
    return out


def _tiles(state: State) -> Found:
    """Each placement on a floor and a grid cell, a quarter turn, a tile of the box (L7-R5)."""
    cfg = state.setup.cfg
    if _passed("tiles-range", state.tiles, cfg):
        return []
    out: Found = []
    for i, p in enumerate(state.tiles):
        out.extend(_placement(f"tiles[{i}]", p, cfg))
    if not any(out):
        _PASSED["tiles-range"] = (state.tiles, cfg)
    return out


def _placement(path: str, p: Any, cfg: Any) -> Found:
    out: Found = [
        _within(f"{path}.floor", p.floor, 0, FLOORS, "the floors of a map"),
        _within(f"{path}.x", p.x, -COORDINATE, COORDINATE, "grid columns"),
        _within(f"{path}.y", p.y, -COORDINATE, COORDINATE, "grid rows"),
    ]
    out.append(_within(f"{path}.rotation", p.rotation, 0, 3, "a quarter turn, L7-R5"))
    if p.face_down:
        if p.tile or not p.stack or p.removed:
            out.append(f"{path}: a face-down tile has no name, a stack and is in play")
    elif not cfg.has_tile(p.tile):
        out.append(f"{path}.tile: {show_value(p.tile)} is not a tile of the configuration")
    return out


def _markers(state: State) -> Found:
    """Links, explored tiles, doors of the locked markers and barricades, clouds, caches."""
    n_tiles = len(state.tiles)
    out: Found = [f"links[{i}]: ({a}, {b}) does not join two tiles of the map"
                  for i, (a, b) in enumerate(state.links)
                  if not (0 <= a < n_tiles and 0 <= b < n_tiles) or a == b]
    out.extend(_within(f"explored[{i}]", t, 0, n_tiles - 1, "the tiles of the map")
               for i, t in enumerate(state.explored))
    out.extend(_door(f"locked[{i}]", d) for i, d in enumerate(state.locked))
    out.extend(_door(f"barricades[{i}]", d) for i, (d, _) in enumerate(state.barricades))
    if state.pending.door is not None:
        out.append(_door("pending.door", state.pending.door))
    out.extend(_within(f"barricades[{i}][1]", strength, 1, 2,
                       "a barricade's strength, L7-barricade")
               for i, (_, strength) in enumerate(state.barricades))
    for i, (t, kind) in enumerate(state.clouds):
        out.append(_within(f"clouds[{i}][0]", t, 0, n_tiles - 1, "the tiles of the map"))
        if kind not in ("gas", "extinguisher"):
            out.append(f"clouds[{i}][1]: {show_value(kind)} is not gas or extinguisher")
    out.extend(_within(f"caches[{i}]", t, 0, n_tiles - 1, "the tiles of the map")
               for i, t in enumerate(state.caches))
    return out


def _characters(state: State) -> Found:
    out: Found = []
    for i, c in enumerate(state.chars):
        out.extend(_char(f"chars[{i}]", c, len(state.tiles)))
    return out


def _enemies(state: State) -> Found:
    """Each figure's kind, number, tile, power tokens (L7-blaster-power) and door."""
    n_tiles = len(state.tiles)
    out: Found = []
    for i, e in enumerate(state.enemies):
        path = f"enemies[{i}]"
        if e.kind not in ENEMY_KINDS:
            out.append(f"{path}.kind: {show_value(e.kind)} is not one of "
                       f"{', '.join(ENEMY_KINDS)}")
        out.append(_within(f"{path}.number", e.number, 1, LIMITS["enemies"],
                           "figure numbers"))
        out.append(_within(f"{path}.tile", e.tile, 0, n_tiles - 1, "the tiles of the map"))
        out.append(_within(f"{path}.power", e.power, 0, POWER_MAX, "power tokens a blaster "
                           "holds, L7-blaster-power"))
        if e.door is not None:
            out.append(_door(f"{path}.door", e.door))
    return out


def _reserves(state: State) -> Found:
    out: Found = []
    for i, (kind, numbers) in enumerate(state.reserves):
        if kind not in ENEMY_KINDS:
            out.append(f"reserves[{i}][0]: {show_value(kind)} is not one of "
                       f"{', '.join(ENEMY_KINDS)}")
        if len(numbers) > LIMITS["enemies"]:
            out.append(f"reserves[{i}][1]: {len(numbers)} figures, at most "
                       f"{LIMITS['enemies']}")
        out.extend(_within(f"reserves[{i}][1][{k}]", n, 1, LIMITS["enemies"],
                           "figure numbers")
                   for k, n in enumerate(numbers[: LIMITS["enemies"]]))
    return out


def _pending(state: State) -> Found:
    """The pending step's numbers: dice (L7-R25), difficulty, tile, moves, icon."""
    p, cfg = state.pending, state.setup.cfg
    if 0 <= p.dice <= cfg.dice_cap and 0 <= p.difficulty <= 99 and \
            -1 <= p.index <= len(state.tiles) - 1 and \
            0 <= p.left <= 2 * cfg.dice_cap * LIMITS["icons"] and p.icon in _ICONS:
        return []   # every test below passes: nothing to word
    out: Found = [
        _within("pending.dice", p.dice, 0, cfg.dice_cap, "the dice cap, L7-R25"),
        _within("pending.difficulty", p.difficulty, 0, 99, "a difficulty"),
        _within("pending.index", p.index, -1, len(state.tiles) - 1,
                "a tile of the map, or -1 for none"),
        _within("pending.left", p.left, 0, 2 * cfg.dice_cap * LIMITS["icons"],
                "Dr. Cronos's moves left"),
    ]
    if p.icon not in _ICONS:
        out.append(f"pending.icon: {show_value(p.icon)} is not one of {', '.join(ICONS)} "
                   "(or '')")
    return out


def _scenario(state: State) -> Found:
    """The scenario's markers: swarms, accessed terminals, boxed figures, Dr. Cronos
    killed, items out of play."""
    scn, n_tiles = state.scn, len(state.tiles)
    out: Found = []
    for field in ("swarms", "accessed"):
        ts = getattr(scn, field)
        if len(ts) > LIMITS["markers"]:
            out.append(f"scn.{field}: {len(ts)} markers, at most {LIMITS['markers']}")
            continue
        out.extend(_within(f"scn.{field}[{i}]", t, 0, n_tiles - 1, "the tiles of the map")
                   for i, t in enumerate(ts))
    for field, limit in (("boxed", "enemies"), ("items_out", "carried")):
        if len(getattr(scn, field)) > LIMITS[limit]:
            out.append(f"scn.{field}: {len(getattr(scn, field))} entries, at most "
                       f"{LIMITS[limit]}")
    for i, (kind, n) in enumerate(scn.boxed[: LIMITS["enemies"]]):
        if kind not in ENEMY_KINDS:
            out.append(f"scn.boxed[{i}][0]: {show_value(kind)} is not one of "
                       f"{', '.join(ENEMY_KINDS)}")
        out.append(_within(f"scn.boxed[{i}][1]", n, 1, LIMITS["enemies"], "figure numbers"))
    out.append(_within("scn.killed", scn.killed, 0, 2,
                       "Dr. Cronos killed: not, this turn, before"))
    out.extend(f"scn.items_out[{i}]: {show_value(it)} is not an item card of the "
               "configuration" for i, it in enumerate(scn.items_out[: LIMITS["carried"]])
               if not _item(state.setup.cfg, it))
    return out


Reads = Callable[[State], tuple[object, ...]]
#: The sections of :func:`shape`, in the order their problems are reported, each with
#: the fields it reads (None: always run; the decks and tiles keep their own record).
SECTIONS: tuple[tuple[Callable[[State], Found], Reads | None], ...] = (
    (_counters, None), (_decks, None), (_tiles, None),
    (_markers, lambda s: (s.links, s.explored, s.locked, s.barricades, s.pending.door,
                          s.clouds, s.caches, s.tiles)),
    (_characters, lambda s: (s.chars, s.tiles)),
    (_enemies, lambda s: (s.enemies, s.tiles)),
    (_reserves, lambda s: (s.reserves,)),
    (_pending, None),
    (_scenario, lambda s: (s.scn, s.tiles, s.setup)),
)
_SECTION_PASSED: list[tuple[object, ...] | None] = [None] * len(SECTIONS)


def _door(path: str, d: Any) -> str | None:
    if d.side not in SIDES[:2]:
        return f"{path}.side: {show_value(d.side)} is not N or E (a door is written from " \
               "the cell whose north or east side it is)"
    for field, value in (("x", d.x), ("y", d.y)):
        if not -COORDINATE <= value <= COORDINATE:
            return f"{path}.{field}: {show_value(value)} is not a grid position"
    if not 0 <= d.floor <= FLOORS:
        return f"{path}.floor: {show_value(d.floor)} is not a floor"
    return None


def _item(cfg: Any, name: str) -> bool:
    try:
        cfg.item_index(name)
    except KeyError:
        return False
    return True


def _char(path: str, c: Any, n_tiles: int) -> list[str | None]:
    out: list[str | None] = [
        _within(f"{path}.tile", c.tile, 0, n_tiles - 1, "the tiles of the map"),
        _within(f"{path}.vitality", c.vitality, 0, 20, "vitality"),
        _within(f"{path}.fear", c.fear, 1, FEAR_MAX, "fear, L7-terror-floor"),
        _within(f"{path}.terror", c.terror, 0, HEART_ATTACK, "terror, L7-terror-heart"),
        _within(f"{path}.threat", c.threat, 0, LIMITS["number"], "a count of threat tokens"),
        _within(f"{path}.adrenaline", c.adrenaline, 0, 99, "adrenaline cards in hand"),
    ]
    if c.status not in STATUSES:
        out.append(f"{path}.status: {show_value(c.status)} is not one of "
                   f"{', '.join(STATUSES)}")
    if len(c.items) > LIMITS["carried"]:
        out.append(f"{path}.items: {len(c.items)} cards, at most {LIMITS['carried']}")
    return out
