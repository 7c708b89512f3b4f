"""The data format of scenarios 9–13: reading and checking a scenario's JSON data."""

from __future__ import annotations

import builtins
import json
from collections.abc import Mapping
from typing import Any

from boardlab.core import validate
from boardlab.core.errors import ConfigError, ConfigTypeError, FormatError, show_value
from boardlab.core.validate import flag, owned, sequence, text, whole
from boardlab.level7_lockdown.config import (
    DEFAULT,
    ITEM_KINDS,
    SCENARIO_BOX,
    SIDES,
    Config,
)
from boardlab.level7_lockdown.geometry import Door, Placement, cells_of, door_at, layout
from boardlab.level7_lockdown.scenario.model import MARKERS, RULE_NAMES, UNSEEN, Scenario


# -- the data format of scenarios 9–13 ------------------------------------------------
class _Reader:
    """Reads one scenario's data, naming the path of every problem."""

    def __init__(self, name: str) -> None:
        self.owner = f"scenario {show_value(name)}"

    def bad(self, path: str, problem: str) -> ConfigError:
        """A problem at ``path`` of this scenario (the scenario is the error's owner)."""
        return ConfigError(field=path, problem=problem, owner=self.owner)

    # Each read is core's check (boardlab.core.validate), the scenario named as owner.
    def mapping(self, path: str, value: Any) -> Mapping[str, Any]:
        with owned(self.owner):
            return validate.mapping(value, path, what="an object", error=ConfigError)

    def known(self, path: str, value: Mapping[str, Any], keys: tuple[str, ...]) -> None:
        unknown = sorted(set(value) - set(keys))
        if unknown:
            where = f"{path}.{unknown[0]}" if path else unknown[0]
            raise self.bad(where, f"unknown field; fields are {', '.join(keys)}")

    def int(self, path: str, value: Any, low: int, high: int) -> int:
        with owned(self.owner):
            return whole(value, path, low=low, high=high, error=ConfigError)

    def str(self, path: str, value: Any) -> str:
        with owned(self.owner):
            return text(value, path, blank=False, shortest=1, error=ConfigError)

    def bool(self, path: builtins.str, value: Any) -> bool:
        with owned(self.owner):
            return flag(value, path, error=ConfigError)

    def list(self, path: builtins.str, value: Any) -> list[Any]:
        with owned(self.owner):
            return sequence(value, path, ordered=True, error=ConfigError)

    def tile(self, path: builtins.str, value: Any, cfg: Config) -> builtins.str:
        name = self.str(path, value)
        if not cfg.has_tile(name):
            raise self.bad(path, f"unknown tile {show_value(name)}")
        return name

    def names(self, path: builtins.str, value: Any, cfg: Config) -> tuple[builtins.str, ...]:
        return tuple(self.tile(f"{path}[{i}]", v, cfg)
                     for i, v in enumerate(self.list(path, value)))


_TOP = ("name", "title", "level", "box", "layout", "set_aside", "unused", "aside", "stacks",
        "objective", "stats", "rules", "start_items", "remove_items", "turn_limit", "special",
        "modes", "threat_on_kill", "threat_gain")
_LAYOUT = ("tiles", "start", "links", "locked", "swarms", "cronos", "facedown")
_STATS = ("guards", "secure_number", "rogues", "warriors", "pack_limit", "hunters",
          "hunter_limit", "blasters", "blaster_limit", "markers", "threat_pool",
          "lockdown_pool", "vitality", "threat", "guard_fear", "clone_threat",
          "hybrid_threat", "boxed_guards")
_STACK = ("name", "pool", "tiles", "floor", "role")
_ROLES = ("explore", "facedown", "objective", "extra")


def merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` merged into ``base``: objects merged key by key, anything else replaced.

    >>> merge({"stats": {"rogues": 6, "warriors": 4}}, {"stats": {"warriors": 2}})
    {'stats': {'rogues': 6, 'warriors': 2}}
    """
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def scenario_from_data(data: Mapping[str, Any], mode: str = "normal", *,
                       cfg: Config = DEFAULT) -> Scenario:
    """Read one scenario (in ``mode``) from its JSON-able data; every field is checked
    and a problem names its path.

    >>> from boardlab.level7_lockdown.scenarios import s10
    >>> scenario_from_data(s10.DATA).secure_number
    1
    >>> scenario_from_data({**s10.DATA, "stats": {**s10.DATA["stats"], "rogues": True}})
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigTypeError: scenario '10': stats.rogues: expected a whole number, ...
    """
    from boardlab.level7_lockdown.scenarios import hooks_for

    name = _scenario_name(data)
    r = _Reader(name)
    r.known("", data, _TOP)
    modes = r.mapping("modes", data.get("modes", {}))
    data = _in_mode(r, data, modes, mode)
    title, level = r.str("title", data.get("title")), _level(r, data)
    box = (r.names("box", data["box"], cfg) if "box" in data
           else tuple(t for t in SCENARIO_BOX if cfg.has_tile(t)))
    lay_data = r.mapping("layout", data.get("layout"))
    tiles, start, links, locked, swarms, cronos = _starting_map(r, lay_data, cfg)
    set_aside, unused, aside, pool = _kept_out(r, data, cfg, box, tiles)
    explore, facedown, extra, floors = _stacks(r, data, cfg, set_aside, pool)
    objective = r.names("objective", data.get("objective", []), cfg)
    for i, t in enumerate(objective):
        if t not in set_aside:
            raise r.bad(f"objective[{i}]", f"{show_value(t)} must be set aside")
    if aside:
        extra.append(("aside", tuple(sorted(aside))))
    for p in tiles:
        if p.face_down and p.stack not in {n for n, _ in facedown}:
            raise r.bad("layout.facedown", f"no face-down stack named {show_value(p.stack)}")
    stats = r.mapping("stats", data.get("stats"))
    reserves, boxed, limits, markers, threat, lockdown_pool = _stat_block(r, stats)
    threat_fixed, threat_per = threat
    pool_fixed, pool_per = lockdown_pool
    rules, start_kind, removed = _rules_and_items(r, data)
    special = r.mapping("special", data.get("special", {}))
    hooks = hooks_for(name)
    hooks.check_special(r, special)
    scen = Scenario(
        name=name, title=title, tiles=tiles, start=start, stacks=tuple(explore),
        links=links, facedown=tuple(facedown), objective=tuple(sorted(objective)),
        locked=locked, enemies=(), reserves=reserves,
        hybrid_limit=limits, cronos=cronos, lockdown_pool=pool_fixed,
        lockdown_pool_per_player=pool_per,
        secure_number=r.int("stats.secure_number", stats.get("secure_number"), 1, 4),
        pack_limit=r.int("stats.pack_limit", stats.get("pack_limit"), 1, 4),
        threat_pool_per_player=threat_per, threat_pool_fixed=threat_fixed,
        vitality=r.int("stats.vitality", stats.get("vitality"), 1, 9),
        threat=r.int("stats.threat", stats.get("threat"), 0, 9),
        guard_fear=r.int("stats.guard_fear", stats.get("guard_fear", 4), 0, 8),
        clone_threat=r.int("stats.clone_threat", stats.get("clone_threat", 4), 0, 12),
        hybrid_threat=r.int("stats.hybrid_threat", stats.get("hybrid_threat", 8), 0, 12),
        turn_limit=r.int("turn_limit", data.get("turn_limit", 40), 1, 500),
        alien_zone="alien_zone" in rules, peeking="peeking" in rules,
        control_panels="control_panels" in rules,
        threat_on_kill=r.bool("threat_on_kill", data.get("threat_on_kill", True)),
        threat_gain=r.bool("threat_gain", data.get("threat_gain", True)),
        level=level, mode=mode, modes=("normal", *modes), markers=markers,
        extra_stacks=tuple(extra), stack_floors=tuple(floors), pool=pool,
        set_aside=set_aside, unused=unused, swarms=swarms, boxed=boxed,
        start_kind=start_kind, remove_items=removed,
        special=tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                             for k, v in special.items())))
    scen.check(cfg)
    return scen


def _starting_map(r: _Reader, lay_data: Mapping[str, Any], cfg: Config) -> tuple[Any, ...]:
    """The starting map (``layout``): tiles, face-down tiles, the start, lifts, locked
    doors, swarms and Dr. Cronos."""
    r.known("layout", lay_data, _LAYOUT)
    placed: list[Placement] = []
    for i, t in enumerate(r.list("layout.tiles", lay_data.get("tiles"))):
        path = f"layout.tiles[{i}]"
        t = r.mapping(path, t)
        r.known(path, t, ("tile", "floor", "x", "y", "rotation"))
        placed.append(Placement(r.tile(f"{path}.tile", t.get("tile"), cfg),
                                r.int(f"{path}.floor", t.get("floor", 0), 0, 9),
                                r.int(f"{path}.x", t.get("x", 0), -50, 50),
                                r.int(f"{path}.y", t.get("y", 0), -50, 50),
                                r.int(f"{path}.rotation", t.get("rotation", 0), 0, 3)))
    for i, fd in enumerate(r.list("layout.facedown", lay_data.get("facedown", []))):
        path = f"layout.facedown[{i}]"
        fd = r.mapping(path, fd)
        r.known(path, fd, ("stack", "floor", "x", "y"))
        placed.append(Placement("", r.int(f"{path}.floor", fd.get("floor", 0), 0, 9),
                                r.int(f"{path}.x", fd.get("x", 0), -50, 50),
                                r.int(f"{path}.y", fd.get("y", 0), -50, 50), 0, True,
                                r.str(f"{path}.stack", fd.get("stack"))))
    if not placed:
        raise r.bad("layout.tiles", "the starting map needs at least one tile")
    tiles = tuple(placed)
    try:
        lay = layout(tiles, (), cfg)
    except ConfigError as err:
        raise r.bad("layout.tiles", str(err)) from None
    names = [p.tile for p in tiles]

    def index(path: str, value: Any) -> int:
        tile = r.tile(path, value, cfg)
        if tile not in names:
            raise r.bad(path, f"{show_value(tile)} is not on the starting map")
        return names.index(tile)

    start = index("layout.start", lay_data.get("start"))
    links = []
    for i, link in enumerate(r.list("layout.links", lay_data.get("links", []))):
        pair = r.list(f"layout.links[{i}]", link)
        if len(pair) != 2:
            raise r.bad(f"layout.links[{i}]", "expected two tile names")
        links.append((index(f"layout.links[{i}][0]", pair[0]),
                      index(f"layout.links[{i}][1]", pair[1])))
    locked = [_locked_door(r, f"layout.locked[{i}]", d, index, tiles, lay, cfg)
              for i, d in enumerate(r.list("layout.locked", lay_data.get("locked", [])))]
    swarms = tuple(sorted(index(f"layout.swarms[{i}]", t) for i, t in
                          enumerate(r.list("layout.swarms", lay_data.get("swarms", [])))))
    cronos = (-1 if lay_data.get("cronos") is None
              else index("layout.cronos", lay_data.get("cronos")))
    return tiles, start, tuple(links), tuple(sorted(locked)), swarms, cronos


def _scenario_name(data: Any) -> str:
    with owned("scenario data"):
        if not isinstance(data, Mapping):
            raise ConfigTypeError(f"expected an object, got {type(data).__name__}")
        return text(data.get("name"), "name", shortest=1, error=ConfigError)


def _level(r: _Reader, data: Mapping[str, Any]) -> str:
    with owned(r.owner):
        return text(data.get("level", ""), "level", error=ConfigError)


def _locked_door(r: _Reader, path: str, d: Any, index: Any, tiles: tuple[Placement, ...],
                 lay: Any, cfg: Config) -> Door:
    """A locked door of the starting map: a side of a room of a tile, joined."""
    d = r.mapping(path, d)
    r.known(path, d, ("tile", "side", "room"))
    k = index(f"{path}.tile", d.get("tile"))
    side = d.get("side")
    if side not in SIDES:
        raise r.bad(f"{path}.side",
                    f"expected one of {', '.join(SIDES)}, got {show_value(side)}")
    room = r.int(f"{path}.room", d.get("room", 0), 0, 8)
    door = _side_door(tiles[k], cfg, room, side)
    if door not in lay.doors:
        raise r.bad(path, f"the {side} side of {tiles[k].tile} is no joined door")
    return door


def _in_mode(r: _Reader, data: Mapping[str, Any], modes: Mapping[str, Any],
             mode: str) -> Mapping[str, Any]:
    """``data`` with the ``mode``'s changes merged over it (easy, hard)."""
    r.known("modes", modes, ("easy", "hard"))
    if mode == "normal":
        return data
    if mode not in modes:
        raise r.bad("mode", f"no {show_value(mode)} mode; modes are normal"
                            f"{''.join(', ' + m for m in modes)}")
    return merge(data, r.mapping(f"modes.{mode}", modes[mode]))


def _kept_out(r: _Reader, data: Mapping[str, Any], cfg: Config, box: tuple[str, ...],
              tiles: tuple[Placement, ...]) -> tuple[Any, ...]:
    """The tiles kept out of the shuffle (set aside, unused, aside) and the pool left."""
    set_aside = r.names("set_aside", data.get("set_aside", []), cfg)
    unused = r.names("unused", data.get("unused", []), cfg)
    aside = r.names("aside", data.get("aside", []), cfg)
    for path, group in (("set_aside", set_aside), ("unused", unused), ("aside", aside)):
        for i, t in enumerate(group):
            if t not in box:
                raise r.bad(f"{path}[{i}]", f"{show_value(t)} is not in the scenario's box")
    for i, t in enumerate(aside):
        if t not in set_aside:
            raise r.bad(f"aside[{i}]", f"{show_value(t)} must also be set aside")
    kept = {p.tile for p in tiles if not p.face_down} | set(set_aside) | set(unused)
    pool = tuple(sorted(t for t in box if t not in kept))
    return set_aside, unused, aside, pool


def _stacks(r: _Reader, data: Mapping[str, Any], cfg: Config, set_aside: tuple[str, ...],
            pool: tuple[str, ...]) -> tuple[Any, ...]:
    """The stacks by role (explore, face-down, objective or extra) and their floors."""
    explore: list[tuple[str, tuple[str, ...]]] = []
    facedown: list[tuple[str, tuple[str, ...]]] = []
    extra: list[tuple[str, tuple[str, ...]]] = []
    floors: list[tuple[str, int]] = []
    seen_names: set[str] = {"objective", "pool", "aside"}
    rest_at: tuple[str, int] | None = None
    stars_total = 0
    for i, st in enumerate(r.list("stacks", data.get("stacks"))):
        path = f"stacks[{i}]"
        st = r.mapping(path, st)
        r.known(path, st, _STACK)
        sname = r.str(f"{path}.name", st.get("name"))
        if sname in seen_names:
            raise r.bad(f"{path}.name", f"{show_value(sname)} is taken")
        seen_names.add(sname)
        count = st.get("pool", 0)
        if count == "rest":
            if rest_at is not None:
                raise r.bad(f"{path}.pool", "only one stack takes the rest")
            rest_at = (sname, i)
            count = 0
        else:
            count = r.int(f"{path}.pool", count, 0, 60)
        explicit = r.names(f"{path}.tiles", st.get("tiles", []), cfg)
        for k, t in enumerate(explicit):
            if t not in set_aside:
                raise r.bad(f"{path}.tiles[{k}]", f"{show_value(t)} must be set aside to be "
                            "shuffled in")
        stars_total += count
        role = st.get("role", "explore")
        if role not in _ROLES:
            raise r.bad(f"{path}.role",
                        f"expected one of {', '.join(_ROLES)}, got {show_value(role)}")
        entry = (sname, (UNSEEN,) * count + tuple(sorted(explicit)))
        {"explore": explore, "facedown": facedown, "objective": extra,
         "extra": extra}[role].append(entry)
        if "floor" in st:
            floors.append((sname, r.int(f"{path}.floor", st["floor"], 0, 9)))
    if stars_total > len(pool):
        raise r.bad("stacks", f"the stacks take {stars_total} pool tiles; only {len(pool)} "
                    "remain after the set-aside ones")
    if rest_at is not None:
        rest = len(pool) - stars_total
        for role_stacks in (explore, facedown, extra):
            for k, (n, ts) in enumerate(role_stacks):
                if n == rest_at[0]:
                    role_stacks[k] = (n, (UNSEEN,) * rest + ts)
    return explore, facedown, extra, floors


def _stat_block(r: _Reader, stats: Mapping[str, Any]) -> tuple[Any, ...]:
    """The stat block's figures, hybrid limits, markers, threat and LOCKDOWN pools."""
    r.known("stats", stats, _STATS)
    guards = r.int("stats.guards", stats.get("guards", 0), 0, 12)
    boxed_guards = r.int("stats.boxed_guards", stats.get("boxed_guards", 0), 0, 8)
    rogues = r.int("stats.rogues", stats.get("rogues", 0), 0, 8)
    warriors = r.int("stats.warriors", stats.get("warriors", 0), 0, 8)
    hunters = r.int("stats.hunters", stats.get("hunters", 0), 0, 3)
    blasters = r.int("stats.blasters", stats.get("blasters", 0), 0, 2)
    limits = []
    for kind, key in (("hunter", "hunter_limit"), ("blaster", "blaster_limit")):
        if stats.get(key) is not None:
            limits.append((kind, r.int(f"stats.{key}", stats[key], 1, 3)))
    markers = tuple(r.list("stats.markers", stats.get("markers", [])))
    for i, m in enumerate(markers):
        if m not in MARKERS:
            raise r.bad(f"stats.markers[{i}]", f"expected one of {', '.join(MARKERS)}, "
                        f"got {show_value(m)}")
    tp = stats.get("threat_pool", 0)
    if isinstance(tp, Mapping):
        r.known("stats.threat_pool", tp, ("per_player",))
        threat_fixed, threat_per = 0, r.int("stats.threat_pool.per_player",
                                            tp.get("per_player"), 0, 12)
    else:
        threat_fixed, threat_per = r.int("stats.threat_pool", tp, 0, 99), 0
    lp = stats.get("lockdown_pool")
    if isinstance(lp, Mapping):
        r.known("stats.lockdown_pool", lp, ("fixed", "per_player"))
        pool_fixed = r.int("stats.lockdown_pool.fixed", lp.get("fixed", 0), 0, 12)
        pool_per = r.int("stats.lockdown_pool.per_player", lp.get("per_player", 0), 0, 4)
    else:
        pool_fixed, pool_per = (0 if lp is None
                                else r.int("stats.lockdown_pool", lp, 0, 12)), 0
    reserves = (("guard", tuple(range(1, guards + 1))), ("rogue", tuple(range(1, rogues + 1))),
                ("warrior", tuple(range(1, warriors + 1))),
                ("hunter", tuple(range(1, hunters + 1))),
                ("blaster", tuple(range(1, blasters + 1))))
    boxed = tuple(("guard", n) for n in range(guards + 1, guards + boxed_guards + 1))
    return (reserves, boxed, tuple(limits), markers, (threat_fixed, threat_per),
            (pool_fixed, pool_per))


def _rules_and_items(r: _Reader, data: Mapping[str, Any]) -> tuple[Any, ...]:
    """The optional rules played, the item each character starts with, the item kinds
    removed."""
    rules = tuple(r.list("rules", data.get("rules", [])))
    for i, rule_name in enumerate(rules):
        if rule_name not in RULE_NAMES:
            raise r.bad(f"rules[{i}]", f"expected one of {', '.join(RULE_NAMES)}, "
                        f"got {show_value(rule_name)}")
    items = r.mapping("start_items", data.get("start_items", {}))
    r.known("start_items", items, ("each",))
    start_kind = items.get("each") or ""
    if start_kind and start_kind not in ITEM_KINDS:
        raise r.bad("start_items.each", f"expected an item kind ({', '.join(ITEM_KINDS)}), "
                    f"got {show_value(start_kind)}")
    removed = tuple(r.list("remove_items", data.get("remove_items", [])))
    for i, kind in enumerate(removed):
        if kind not in ITEM_KINDS:
            raise r.bad(f"remove_items[{i}]", f"expected an item kind, got {show_value(kind)}")
    return rules, start_kind, removed


def _side_door(p: Placement, cfg: Config, room: int, side: str) -> Door:
    cells = cells_of(cfg.tile(p.tile), p)
    return door_at(cells[min(room, len(cells) - 1)], side)


def scenario_from_json(text: str, mode: str = "normal", *, cfg: Config = DEFAULT
                       ) -> Scenario:
    """:func:`scenario_from_data` from JSON text (a syntax error is a FormatError)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError("", f"not JSON: {err}") from None
    return scenario_from_data(data, mode, cfg=cfg)
