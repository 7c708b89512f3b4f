"""Build a mid-game Level 7 position from a plain description, for what-ifs and tests.

Start from the scenario's setup, add tiles from its stacks, put characters, enemies,
Dr. Cronos and markers where you say, and start at any turn step — even in the middle
of the enemy activation step, with the tasks still to run (``tasks``).

>>> from boardlab.level7_lockdown.position import position
>>> s = position(players=3, characters={"Leo": {"tile": "Storage Bay", "fear": 5,
...                                              "terror": 3}},
...              enemies={"blaster#1": ("Hub", 2)}, cronos=None)
>>> s.char("Leo").fear, s.enemies[0].power, s.pending.kind
(5, 2, 'move')
>>> position(characters={"Leo": {"fear": 9}})
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: characters['Leo'].fear: 1 to 8 (got 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from boardlab.core.errors import ConfigError, show_value
from boardlab.core.events import Event, as_events
from boardlab.core.validate import flag, mapping, sequence, whole
from boardlab.level7_lockdown.config import (
    ENEMY_KINDS,
    FEAR_MAX,
    HEART_ATTACK,
    POWER_MAX,
    Config,
)
from boardlab.level7_lockdown.geometry import Door, Placement, layout
from boardlab.level7_lockdown.invariants import invariants, static_problems
from boardlab.level7_lockdown.kinds import Auto
from boardlab.level7_lockdown.limits import LIMITS
from boardlab.level7_lockdown.scenario import POOL, UNSEEN
from boardlab.level7_lockdown.state import (
    HEART_ATTACK as HEART,
)
from boardlab.level7_lockdown.state import (
    STATUSES,
    Enemy,
    Pending,
    Scn,
    Setup,
    State,
    Task,
)

TASKS = ("guards", "clones", "hunters_die", "blaster_die", "cronos", "secure", "end_turn")
STARTS = ("move", "action", "events", "enemies")
_KEEP = object()

CHAR_FIELDS = {"tile": str, "vitality": int, "fear": int, "terror": int, "threat": int,
               "adrenaline": int, "items": tuple, "down": bool, "status": str}


def _limited(value: Any, path: str, limit: str, what: str) -> list[Any]:
    """``value`` as a list of ``what``, of at most the declared ``limit`` of entries
    (:mod:`.limits`): core's :func:`~boardlab.core.validate.sequence`."""
    return sequence(value, path, what=f"a list of {what}", longest=LIMITS[limit],
                    rule=f"limits.{limit}", error=ConfigError)


def position(players: int = 2, *, scenario: str = "sandbox",
             characters: Mapping[str, Mapping[str, Any]] | None = None,
             tiles: Sequence[tuple[str, int, int, int, int] | Placement] = (),
             enemies: Mapping[str, str | tuple[str, int]] | None = None,
             cronos: Any = _KEEP, lockdown: int | None = None,
             locked: Iterable[Door] | None = None,
             barricades: Mapping[Door, int] | None = None,
             clouds: Iterable[tuple[str, str]] | None = None,
             caches: Iterable[str] | None = None,
             active: str | None = None, step: str = "move", moves: int | None = None,
             event: str | None = None, tasks: Sequence[str] = (),
             round: int = 1,  # noqa: A002 - the game's word
             threat_pool: int | None = None, turn_limit: int = 0,
             config: Config | None = None, names: tuple[str, ...] = (),
             mode: str = "normal", links: Sequence[tuple[str, str]] = (),
             scn: Mapping[str, Any] | None = None) -> State:
    """A position at the start of ``step`` ("move", "action", "events", "enemies").

    ``characters`` maps names to any of ``tile`` (a tile name), ``vitality``, ``fear``,
    ``terror``, ``threat``, ``adrenaline``, ``items``, ``down``, ``status``; ``tiles``
    adds ``(name, floor, x, y, rotation)`` tiles from the stacks; ``enemies`` replaces
    the scenario's figures (``{"blaster#1": ("Lair", 3)}`` = on the Lair with 3 power
    tokens; every other figure is in the reserves); ``cronos`` is a tile name or ``None``
    (not in play); ``locked``, ``barricades`` (door → strength 1 or 2), ``clouds``
    (``(tile, "gas" | "extinguisher")``) and ``caches`` replace the scenario's markers.
    With ``step="enemies"``, ``tasks`` lists what is still to run (names from
    ``"guards"``, ``"clones"``, ``"hunters_die"``, ``"blaster_die"``, ``"cronos"``,
    ``"secure"``, or ``"activate:<enemy id>"``); the end of the turn follows them, run
    at once up to the next decision or roll (:func:`build` also returns those events).

    ``scenario``, ``mode``, ``turn_limit``, ``config`` and ``names`` (the characters
    played, as ``new_match``'s ``characters=``) make the setup; ``active`` names the
    character whose turn it is, ``moves`` its moves left, ``event`` the event card
    showing, ``round`` and ``threat_pool`` the counters, ``links`` extra lifts between
    tiles and ``scn`` the scenario's own progress (generators running, …).

    Everything is validated; a problem raises :class:`ConfigError` naming the field.
    """
    return build(players, scenario=scenario, characters=characters, tiles=tiles,
                 enemies=enemies, cronos=cronos, lockdown=lockdown, locked=locked,
                 barricades=barricades, clouds=clouds, caches=caches, active=active,
                 step=step, moves=moves, event=event, tasks=tasks, round=round,
                 threat_pool=threat_pool, turn_limit=turn_limit, config=config,
                 names=names, mode=mode, links=links, scn=scn)[0]


def build(players: int = 2, *, scenario: str = "sandbox",
             characters: Mapping[str, Mapping[str, Any]] | None = None,
             tiles: Sequence[tuple[str, int, int, int, int] | Placement] = (),
             enemies: Mapping[str, str | tuple[str, int]] | None = None,
             cronos: Any = _KEEP, lockdown: int | None = None,
             locked: Iterable[Door] | None = None,
             barricades: Mapping[Door, int] | None = None,
             clouds: Iterable[tuple[str, str]] | None = None,
             caches: Iterable[str] | None = None,
             active: str | None = None, step: str = "move", moves: int | None = None,
             event: str | None = None, tasks: Sequence[str] = (), round: int = 1,
             threat_pool: int | None = None, turn_limit: int = 0,
             config: Config | None = None, names: tuple[str, ...] = (),
             mode: str = "normal", links: Sequence[tuple[str, str]] = (),
             scn: Mapping[str, Any] | None = None
             ) -> tuple[State, tuple[Event, ...]]:
    """:func:`position` and the events of the automatic steps run to reach it.

    >>> s, events = build(players=2, step="action")
    >>> s.pending.kind, events
    ('action', ())
    """
    from boardlab.level7_lockdown.rules import RULES

    setup = Setup(players=players, scenario=scenario, characters=names,
                  turn_limit=turn_limit, config=config, mode=mode)
    state = RULES.initial(setup)
    where = _Map(state, tiles, links)
    chars = _characters(state, where, characters)
    items_deck = _items_deck(state, chars)
    new_enemies, reserves = _enemies(state, where, enemies)
    markers = _markers(state, where, cronos=cronos, lockdown=lockdown, locked=locked,
                       barricades=barricades, clouds=clouds, caches=caches)
    turn = _turn(state, chars, active=active, step=step, event=event, round=round,
                 threat_pool=threat_pool, moves=moves)
    progress = _progress(scn, state, where.tile_of)
    boxed = set(progress.boxed) - {(e.kind, e.number) for e in new_enemies}
    reserves = tuple((k, tuple(n for n in ns if (k, n) not in boxed)) for k, ns in reserves)
    progress = progress._replace(boxed=tuple(sorted(boxed)))
    state = state._replace(
        **turn, links=tuple(where.links), scn=progress,
        tiles=tuple(where.placed), chars=tuple(chars), enemies=tuple(new_enemies),
        reserves=reserves,
        stacks=tuple((n, tuple(sorted(ts))) for n, ts in where.stacks.items()),
        items_deck=tuple(items_deck), **markers)
    if chars[state.active].status != "inside":
        raise ConfigError(f"active: {chars[state.active].name} is not on the map")
    return _pending(state, step, tasks, new_enemies)


class _Map:
    """The map of the described position: the scenario's tiles and the ones added from
    its stacks (``tiles``), its lifts (``links``), and the tile names found on it."""

    def __init__(self, state: State, tiles: Any, links: Any) -> None:
        self.setup = state.setup
        self.placed = list(state.tiles)
        self.stacks = {n: list(ts) for n, ts in state.stacks}
        if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Sequence):
            raise ConfigError("tiles: expected a list of (name, floor, x, y, rotation)")
        for i, spec in enumerate(_limited(tiles, "tiles", "tiles",
                                        "(name, floor, x, y, rotation)")):
            self.place(i, _placement(i, spec))
        self.links = list(state.links)
        self.add_links(links)
        try:
            self.lay = layout(tuple(self.placed), tuple(self.links), self.setup.cfg)
        except ConfigError as err:
            raise ConfigError(f"tiles: {err}") from None

    def place(self, i: int, spec: Placement) -> None:
        """Take ``spec``'s tile from its stack and put it on the map."""
        stacks, placed = self.stacks, self.placed
        home = next((n for n, ts in stacks.items() if spec.tile in ts), None)
        if home is None:
            raise ConfigError(f"tiles[{i}]: {show_value(spec.tile)} is in no stack of this "
                              "scenario (already placed, or unknown)")
        stacks[home].remove(spec.tile)
        # a tile put where a face-down tile lies turns that one over (scenario 12)
        under = next((k for k, p in enumerate(placed) if p.face_down
                      and (p.floor, p.x, p.y) == (spec.floor, spec.x, spec.y)), None)
        if home == POOL:
            stacks[self.pool_slot(spec, under)].remove(UNSEEN)
        if under is not None:
            placed[under] = spec
        else:
            placed.append(spec)

    def pool_slot(self, spec: Placement, under: int | None) -> str:
        """A pool tile is one of the unseen entries: of the face-down tile turned over,
        else of the first stack holding one, a stack of the tile's floor first."""
        floors = dict(self.setup.scen.stack_floors)
        slots = [n for n, ts in self.stacks.items() if n != POOL and UNSEEN in ts]
        if under is not None and self.placed[under].stack in slots:
            return self.placed[under].stack
        return next((n for n in slots if floors.get(n) == spec.floor), None) or \
            next((n for n in slots if n not in floors), slots[0])

    def add_links(self, links: Any) -> None:
        names = [p.tile for p in self.placed]
        if isinstance(links, (str, bytes)) or not isinstance(links, Sequence):
            raise ConfigError("links: expected a list of (tile, tile) pairs")
        for i, pair in enumerate(_limited(links, "links", "markers", "(tile, tile) pairs")):
            if not (isinstance(pair, tuple) and len(pair) == 2) or any(
                    t not in names for t in pair):
                raise ConfigError(f"links[{i}]: expected two tile names of the map, got "
                                  f"{show_value(pair)}")
            self.links.append((names.index(pair[0]), names.index(pair[1])))

    def tile_of(self, path: str, name: Any) -> int:
        """The map index of the face-up tile ``name``."""
        if not isinstance(name, str):
            raise ConfigError(f"{path}: expected a tile name, got {show_value(name)}")
        for k, p in enumerate(self.placed):
            if p.tile == name and not p.face_down:
                return k
        raise ConfigError(f"{path}: tile {show_value(name)} is not on the map")


def _placement(i: int, spec: Any) -> Placement:
    """``tiles[i]`` as a :class:`Placement` (a placement, or a 5-tuple checked field by
    field)."""
    if isinstance(spec, Placement):
        return spec
    if not (isinstance(spec, tuple) and len(spec) == 5):
        raise ConfigError(f"tiles[{i}]: expected (name, floor, x, y, rotation), got "
                          f"{show_value(spec)}")
    name, floor, x, y, rotation = spec
    if not isinstance(name, str):
        raise ConfigError(f"tiles[{i}]: expected a tile name, got {show_value(name)}")
    whole(floor, f"tiles[{i}].floor", low=0, high=9, error=ConfigError)
    whole(x, f"tiles[{i}].x", low=-50, high=50, error=ConfigError)
    whole(y, f"tiles[{i}].y", low=-50, high=50, error=ConfigError)
    whole(rotation, f"tiles[{i}].rotation", low=0, high=3, error=ConfigError)
    return Placement(name, floor, x, y, rotation)


def _characters(state: State, where: _Map,
                characters: Mapping[str, Mapping[str, Any]] | None) -> list[Any]:
    """The characters with the fields ``characters`` changes (L7-terror-floor,
    L7-terror-heart)."""
    chars = list(state.chars)
    by_name = {c.name: k for k, c in enumerate(chars)}
    given = mapping({} if characters is None else characters, "characters",
                    what="a mapping of character names to fields",
                    longest=LIMITS["characters"], rule="limits.characters", error=ConfigError)
    for name, fields in given.items():
        path = f"characters[{show_value(name)}]"
        if name not in by_name:
            raise ConfigError(f"{path}: not a character of this match "
                              f"({', '.join(by_name)})")
        if not isinstance(fields, Mapping):
            raise ConfigError(f"{path}: expected a mapping of fields")
        unknown = sorted(map(str, set(fields) - set(CHAR_FIELDS)))
        if unknown:
            raise ConfigError(f"{path}.{unknown[0]}: unknown field; fields are "
                              f"{', '.join(CHAR_FIELDS)}")
        c = chars[by_name[name]]._replace(**_char_changes(path, fields, where))
        if c.fear < c.terror:
            raise ConfigError(f"{path}.fear: fear {c.fear} is below terror {c.terror} "
                              "(L7-terror-floor)")
        if c.terror >= HEART_ATTACK and c.status != HEART:
            raise ConfigError(f"{path}.terror: terror 8 is a heart attack (L7-terror-heart)")
        chars[by_name[name]] = c
    return chars


#: The numeric fields of a character and their ranges.
_CHAR_RANGES = (("vitality", 0, 20), ("fear", 1, FEAR_MAX), ("terror", 0, HEART_ATTACK),
                ("threat", 0, 99), ("adrenaline", 0, 99))


def _char_changes(path: str, fields: Mapping[str, Any], where: _Map) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    if "tile" in fields:
        changes["tile"] = where.tile_of(f"{path}.tile", fields["tile"])
    for field, low, high in _CHAR_RANGES:
        if field in fields:
            changes[field] = whole(fields[field], f"{path}.{field}", low=low, high=high,
                                   error=ConfigError)
    if "down" in fields:
        changes["down"] = flag(fields["down"], f"{path}.down", error=ConfigError)
    if "status" in fields:
        if fields["status"] not in STATUSES:
            raise ConfigError(f"{path}.status: one of {', '.join(STATUSES)}")
        changes["status"] = fields["status"]
    if "items" in fields:
        changes["items"] = _carried(path, fields["items"], where.setup.cfg)
    return changes


def _carried(path: str, items: Any, cfg: Config) -> tuple[str, ...]:
    if isinstance(items, str) or not isinstance(items, (list, tuple)):
        raise ConfigError(f"{path}.items: expected a list of item names")
    _limited(items, f"{path}.items", "carried", "item names")
    for k, it in enumerate(items):
        if not isinstance(it, str) or it not in {x.name for x in cfg.items}:
            raise ConfigError(f"{path}.items[{k}]: unknown item {show_value(it)}")
    return tuple(sorted(items))


def _items_deck(state: State, chars: list[Any]) -> list[int]:
    """The item deck: what the characters carry, and what is out of the game from the
    start (scenario 12), leaves it."""
    cfg = state.setup.cfg
    items_deck = list(cfg.item_deck())
    for it in state.scn.items_out:
        items_deck[cfg.item_index(it)] -= 1
    for c in chars:
        for it in c.items:
            items_deck[cfg.item_index(it)] -= 1
    for k, n in enumerate(items_deck):
        if n < 0:
            raise ConfigError(f"characters: more {cfg.items[k].name} cards carried than the "
                              f"deck holds ({cfg.items[k].copies})")
    return items_deck


def _enemies(state: State, where: _Map, enemies: Any
             ) -> tuple[list[Enemy], tuple[tuple[str, tuple[int, ...]], ...]]:
    """The figures on the map (all of the scenario's by default) and the reserves."""
    figures = {(e.kind, e.number) for e in state.enemies}
    figures |= {(k, n) for k, ns in state.reserves for n in ns}
    figures |= set(state.scn.boxed)
    new_enemies = list(state.enemies)
    if enemies is not None:
        if not isinstance(enemies, Mapping):
            raise ConfigError("enemies: expected a mapping of enemy id to tile")
        mapping(enemies, "enemies", what="a mapping of enemy ids to tiles",
                longest=LIMITS["enemies"], rule="limits.enemies", error=ConfigError)
        new_enemies = [_enemy(eid, at, figures, where) for eid, at in enemies.items()]
    used = {(e.kind, e.number) for e in new_enemies}
    reserves = tuple((k, tuple(sorted(n for kk, n in figures if kk == k and (kk, n)
                                      not in used))) for k, _ in state.reserves)
    new_enemies.sort(key=lambda e: (ENEMY_KINDS.index(e.kind), e.number))
    return new_enemies, reserves


def _enemy(eid: Any, at: Any, figures: set[tuple[str, int]], where: _Map) -> Enemy:
    """The figure ``eid`` on the tile ``at`` (or ``(tile, power)``, L7-blaster-power)."""
    path = f"enemies[{show_value(eid)}]"
    kind, _, num = str(eid).partition("#")
    if kind not in ENEMY_KINDS or not num.isdigit() or len(num) > 6 or \
            (kind, int(num)) not in figures:
        raise ConfigError(f"{path}: no such figure in this scenario; figures are "
                          f"{', '.join(sorted(f'{k}#{n}' for k, n in figures))}")
    power = 0
    if isinstance(at, tuple):
        if len(at) != 2:
            raise ConfigError(f"{path}: expected a tile name or (tile, power)")
        at, power = at
        power = whole(power, f"{path}.power", low=0, high=POWER_MAX, error=ConfigError)
        if power and kind != "blaster":
            raise ConfigError(f"{path}.power: only blasters hold power tokens")
    return Enemy(kind, int(num), where.tile_of(path, at), power)


def _markers(state: State, where: _Map, *, cronos: Any, lockdown: int | None,
             locked: Any, barricades: Any, clouds: Any, caches: Any) -> dict[str, Any]:
    """Dr. Cronos, the LOCKDOWN tokens and the markers, as fields of the state."""
    cronos_tile = state.cronos
    if cronos is not _KEEP:
        cronos_tile = -1 if cronos is None else where.tile_of("cronos", cronos)
    pool = state.lockdown if lockdown is None else whole(lockdown, "lockdown", low=0, high=99,
                                                         error=ConfigError)
    return {"cronos": cronos_tile, "lockdown": pool,
            "locked": state.locked if locked is None else _locked(locked, where),
            "barricades": (state.barricades if barricades is None
                           else _barricades(barricades, where)),
            "clouds": state.clouds if clouds is None else _clouds(clouds, where),
            "caches": state.caches if caches is None else tuple(sorted(
                {where.tile_of(f"caches[{k}]", t)
                 for k, t in enumerate(_limited(caches, "caches", "markers", "tile names"))}))}


def _locked(locked: Any, where: _Map) -> tuple[Door, ...]:
    doors = _limited(locked, "locked", "markers", "doors")
    for d in doors:
        if not isinstance(d, Door) or d not in where.lay.doors:
            raise ConfigError(f"locked: {show_value(d)} is not a joined door of the map")
    return tuple(sorted(set(doors)))


def _barricades(barricades: Any, where: _Map) -> tuple[tuple[Door, int], ...]:
    """Door → strength 1 or 2 (L7-barricade)."""
    if not isinstance(barricades, Mapping):
        raise ConfigError("barricades: expected a mapping of door to strength")
    mapping(barricades, "barricades", what="a mapping of doors to strengths",
            longest=LIMITS["markers"], rule="limits.markers", error=ConfigError)
    for d in barricades:
        if not isinstance(d, Door) or d not in where.lay.doors:
            raise ConfigError(f"barricades: {show_value(d)} is not a joined door of the "
                              "map")
    return tuple(sorted((d, whole(s, f"barricades[{d}]", low=1, high=2, error=ConfigError))
                        for d, s in barricades.items()))


def _clouds(clouds: Any, where: _Map) -> tuple[tuple[int, str], ...]:
    cl = []
    for k, item in enumerate(_limited(clouds, "clouds", "markers",
                                    "(tile, 'gas' or 'extinguisher') pairs")):
        if not (isinstance(item, tuple) and len(item) == 2) or item[1] not in \
                ("gas", "extinguisher"):
            raise ConfigError(f"clouds[{k}]: expected (tile, 'gas' or 'extinguisher')")
        cl.append((where.tile_of(f"clouds[{k}]", item[0]), item[1]))
    return tuple(sorted(set(cl)))


def _turn(state: State, chars: list[Any], *, active: Any, step: Any, event: Any,
          round: Any, threat_pool: Any, moves: Any) -> dict[str, Any]:  # noqa: A002
    """Whose turn, which step, the event card showing and the counters, as fields."""
    cfg = state.setup.cfg
    names = [c.name for c in chars]
    act = 0
    if active is not None:
        if not isinstance(active, str) or active not in names:
            raise ConfigError(f"active: {show_value(active)} is not a character of this match")
        act = names.index(active)
    if not isinstance(step, str) or step not in STARTS:
        raise ConfigError(f"step: one of {', '.join(STARTS)}, got {show_value(step)}")
    ev = -1
    events_deck = list(state.events_deck)
    if event is not None:
        try:
            ev = cfg.event_index(event)
        except (KeyError, TypeError):
            raise ConfigError(f"event: unknown event card {show_value(event)}") from None
        events_deck[ev] = 0
    whole(round, "round", low=1, high=state.setup.rounds, error=ConfigError)
    pool_threat = state.threat_pool if threat_pool is None else whole(
        threat_pool, "threat_pool", low=0, high=99, error=ConfigError)
    mv = cfg.moves if moves is None else whole(moves, "moves", low=0, high=cfg.moves,
                                               error=ConfigError)
    return {"round": round, "active": act, "step": step, "moves": mv if step == "move" else 0,
            "events_deck": tuple(events_deck), "event": ev, "threat_pool": pool_threat}


def _pending(state: State, step: str, tasks: Any, new_enemies: list[Enemy]
             ) -> tuple[State, tuple[Event, ...]]:
    """The step waited for; at the enemies step the tasks still to run are run up to the
    next decision or roll. The result must be sound."""
    from boardlab.level7_lockdown.rules import Work, run_auto

    tasks = _limited(tasks, "tasks", "queue", "task names")
    if tasks and step != "enemies":
        raise ConfigError("tasks: only with step='enemies'")
    w = Work(state)
    if step in _FIRST:
        w.pending = Pending(_FIRST[step])
    else:
        w.queue = _queue(tasks, new_enemies)
        # The rules run the queue from here: what they start from must be sound first
        # (the pending step is a placeholder, replaced by the queue).
        w.pending = Pending("roll", "hunters", dice=1)
        broken = static_problems(w.freeze())
        if broken:
            raise ConfigError(f"the described position is not sound: {broken[0]}")
        run_auto(w, Auto.QUEUE)
    result = w.freeze()
    broken = invariants(result)
    if broken:
        raise ConfigError(f"the described position is not sound: {broken[0]}")
    return result, as_events(w.events)


#: What the start of each step but the enemies' waits for.
_FIRST = {"move": "move", "action": "action", "events": "event_draw"}


def _queue(tasks: list[Any], new_enemies: list[Enemy]) -> tuple[Task, ...]:
    """The enemy step's tasks still to run, ending with the end of the turn."""
    queue: list[Task] = []
    for k, t in enumerate(tasks):
        if not isinstance(t, str):
            raise ConfigError(f"tasks[{k}]: expected a task name, got {show_value(t)}")
        kind, _, actor = t.partition(":")
        if kind == "activate":
            if actor not in {e.id for e in new_enemies}:
                raise ConfigError(f"tasks[{k}]: no enemy {show_value(actor)} in play")
            queue.append(Task("activate", actor))
        elif kind in TASKS and not actor:
            queue.append(Task(kind))
        else:
            raise ConfigError(f"tasks[{k}]: {show_value(t)} is not one of {', '.join(TASKS)} "
                              "or 'activate:<enemy id>'")
    if not queue or queue[-1].kind != "end_turn":
        queue.append(Task("end_turn"))
    return tuple(queue)


SCN_FIELDS = ("locked_down", "trigger", "exit_open", "swarms", "accessed", "boxed",
              "surged", "killed")


def _progress(spec: Mapping[str, Any] | None, state: State, tile_of: Any) -> Scn:
    """The scenario's progress (:class:`Scn`) from ``scn={...}``: flags, marker tiles
    by name, boxed figures by id."""
    out = state.scn
    if spec is None:
        return out
    if not isinstance(spec, Mapping):
        raise ConfigError("scn: expected a mapping of fields")
    unknown = sorted(map(str, set(spec) - set(SCN_FIELDS)))
    if unknown:
        raise ConfigError(f"scn.{unknown[0]}: unknown field; fields are "
                          f"{', '.join(SCN_FIELDS)}")
    changes: dict[str, Any] = {}
    for key in ("locked_down", "trigger", "exit_open", "surged"):
        if key in spec:
            changes[key] = flag(spec[key], f"scn.{key}", error=ConfigError)
    if "killed" in spec:
        changes["killed"] = whole(spec["killed"], "scn.killed", low=0, high=2, error=ConfigError)
    for key in ("swarms", "accessed"):
        if key in spec:
            value = spec[key]
            if isinstance(value, str) or not isinstance(value, (list, tuple)):
                raise ConfigError(f"scn.{key}: expected a list of tile names")
            _limited(value, f"scn.{key}", "markers", "tile names")
            changes[key] = tuple(sorted({tile_of(f"scn.{key}[{k}]", t)
                                         for k, t in enumerate(value)}))
    if "boxed" in spec:
        value = spec["boxed"]
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise ConfigError("scn.boxed: expected a list of enemy ids")
        _limited(value, "scn.boxed", "enemies", "enemy ids")
        boxed = []
        for k, eid in enumerate(value):
            kind, _, num = str(eid).partition("#")
            if kind not in ENEMY_KINDS or not num.isdigit() or len(num) > 6:
                raise ConfigError(f"scn.boxed[{k}]: {show_value(eid)} is not an enemy id like "
                                  "'rogue#3'")
            boxed.append((kind, int(num)))
        changes["boxed"] = tuple(sorted(set(boxed) | set(out.boxed)))
    return out._replace(**changes)
