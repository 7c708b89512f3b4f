"""A Level 7 scenario as data: the :class:`Scenario` record, its markers and rule names, and
the invented sandbox scenario."""

from __future__ import annotations

from typing import Any, Final

from boardlab.core.errors import ConfigError, show_value
from boardlab.core.frozen import dataclass
from boardlab.level7_lockdown.config import (
    ENEMY_KINDS,
    Config,
)
from boardlab.level7_lockdown.geometry import Door, Placement, layout

#: A pool tile not yet seen, as a stack entry.
UNSEEN: Final = "*"
#: The name of the pool in a state's stacks.
POOL: Final = "pool"
#: Markers and tokens a stat block may list.
MARKERS: Final = ("threat", "accessed", "LOCKDOWN", "POWER", "SWARM")
#: Additional rules a scenario may use (L7-S9-rules …).
RULE_NAMES: Final = ("alien_zone", "peeking", "control_panels")


@dataclass(frozen=True)
class Scenario:
    """A scenario's data in one mode (stat block, setup) — procedures live in its hooks.

    ``tiles`` is the starting map (index = placement order, L7-R24); ``start`` the tile
    where characters begin and return from the Infirmary (L7-R22); ``stacks`` are
    explored in order (the first non-empty one is drawn from); ``facedown`` stacks feed
    only face-down tiles; ``objective`` is drawn by a successful peek (L7-R19);
    ``extra_stacks`` are further named stacks (scenario 11's objective per floor, the
    set-aside tiles a scenario places later); ``pool`` the unseen "remaining tiles"
    that ``"*"`` entries of the stacks stand for. ``enemies`` are ``(kind, number,
    tile)`` placed at setup; ``reserves`` the numbers of each kind in the reserves;
    ``boxed`` figures that start in the box. ``special`` holds the scenario's own
    numbers, read by its hook module.
    """

    name: str
    title: str
    tiles: tuple[Placement, ...]
    start: int
    stacks: tuple[tuple[str, tuple[str, ...]], ...]
    links: tuple[tuple[int, int], ...] = ()
    facedown: tuple[tuple[str, tuple[str, ...]], ...] = ()
    objective: tuple[str, ...] = ()
    locked: tuple[Door, ...] = ()
    barricades: tuple[Door, ...] = ()
    clouds: tuple[tuple[int, str], ...] = ()
    caches: tuple[int, ...] = ()
    enemies: tuple[tuple[str, int, int], ...] = ()
    reserves: tuple[tuple[str, tuple[int, ...]], ...] = ()
    hybrid_limit: tuple[tuple[str, int], ...] = ()
    cronos: int = -1
    lockdown_pool: int = 0
    secure_number: int = 2
    pack_limit: int = 2
    threat_pool_per_player: int = 2
    vitality: int = 5
    threat: int = 1
    guard_fear: int = 4
    clone_threat: int = 4
    hybrid_threat: int = 8
    turn_limit: int = 40
    alien_zone: bool = True
    peeking: bool = True
    start_items: tuple[tuple[str, str], ...] = ()
    #: Invented sandbox rules (ruling L7-SB-threat): defeating an enemy gains 1 threat.
    threat_on_kill: bool = True
    # -- scenarios 9–13 -----------------------------------------------------------------
    level: str = ""
    mode: str = "normal"
    modes: tuple[str, ...] = ("normal",)
    threat_pool_fixed: int = 0
    lockdown_pool_per_player: int = 0
    control_panels: bool = True
    threat_gain: bool = True
    markers: tuple[str, ...] = ()
    extra_stacks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    stack_floors: tuple[tuple[str, int], ...] = ()
    pool: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    unused: tuple[str, ...] = ()
    swarms: tuple[int, ...] = ()
    boxed: tuple[tuple[str, int], ...] = ()
    start_kind: str = ""
    remove_items: tuple[str, ...] = ()
    special: tuple[tuple[str, Any], ...] = ()

    @property
    def explore(self) -> tuple[str, ...]:
        """The exploring stacks, in the order they are drawn from."""
        return tuple(n for n, _ in self.stacks)

    def param(self, key: str) -> Any:
        """One of the scenario's own values (``special``)."""
        return dict(self.special)[key]

    def threat_pool(self, players: int) -> int:
        """The threat pool for ``players`` players (a fixed number, or per player)."""
        return self.threat_pool_fixed + self.threat_pool_per_player * players

    def pool_tokens(self, players: int) -> int:
        """LOCKDOWN tokens at the start (L7-S12-stats: players + 2)."""
        return self.lockdown_pool + self.lockdown_pool_per_player * players

    def check(self, cfg: Config) -> None:
        """Validate the scenario against a configuration (tile names, map, markers);
        a pair that passed is remembered (every new setup checks its scenario)."""
        hit = _CHECKED.get((id(self), id(cfg)))
        if hit is not None and hit[0] is self and hit[1] is cfg:
            return
        self._check(cfg)
        if len(_CHECKED) > 256:
            _CHECKED.clear()
        _CHECKED[(id(self), id(cfg))] = (self, cfg)   # both kept alive: their ids stay theirs

    def _check(self, cfg: Config) -> None:
        owner = f"scenario {show_value(self.name)}"
        for i, p in enumerate(self.tiles):
            if not p.face_down and not cfg.has_tile(p.tile):
                raise ConfigError(f"{owner}: tiles[{i}]: unknown tile {show_value(p.tile)}")
        lay = layout(self.tiles, self.links, cfg)
        if not 0 <= self.start < len(self.tiles) or self.tiles[self.start].face_down:
            raise ConfigError(f"{owner}: start: not a face-up tile of the map")
        self._check_stacks(cfg, owner)
        for door in (*self.locked, *self.barricades):
            if door not in lay.doors:
                raise ConfigError(f"{owner}: door {door} is not a joined door of the map")
        for kind, number, tile in self.enemies:
            if kind not in ENEMY_KINDS or not 0 <= tile < len(self.tiles):
                raise ConfigError(f"{owner}: enemy {kind}#{number} on tile {tile}")

    def _check_stacks(self, cfg: Config, owner: str) -> None:
        """The stacks' tiles are the configuration's, each used once; the "*" entries
        do not outnumber the pool; face-down tiles cover one cell."""
        used = [p.tile for p in self.tiles if not p.face_down]
        stars = 0
        for name, tiles in (*self.stacks, *self.facedown, ("objective", self.objective),
                            *self.extra_stacks, ("pool", self.pool)):
            for t in tiles:
                if t == UNSEEN and name != "pool":
                    stars += 1
                    continue
                if not cfg.has_tile(t):
                    raise ConfigError(f"{owner}: stack {show_value(name)}: unknown tile "
                                      f"{show_value(t)}")
                used.append(t)
        if stars > len(self.pool):
            raise ConfigError(f"{owner}: stacks: {stars} pool tiles, the pool has "
                              f"{len(self.pool)}")
        for name, tiles in self.facedown:
            for t in tiles:
                if t != UNSEEN and cfg.tile(t).size != 1:
                    raise ConfigError(f"{owner}: stack {show_value(name)}: face-down tiles "
                                      f"cover one cell, {show_value(t)} covers "
                                      f"{cfg.tile(t).size}")
        repeated = sorted({t for t in used if used.count(t) > 1})
        if repeated:
            raise ConfigError(f"{owner}: tile {show_value(repeated[0])} is used twice")


#: The (scenario, configuration) pairs that passed ``Scenario.check``, by their ids.
_CHECKED: dict[tuple[int, int], tuple[Scenario, Config]] = {}


def _hub_doors() -> dict[str, Door]:
    return {"north": Door(0, 0, 0, "N"), "east": Door(0, 0, 0, "E"),
            "south": Door(0, 0, -1, "N"), "west": Door(0, -1, 0, "E")}


_D = _hub_doors()

#: The sandbox (invented by boardlab; see the module docstring and docs).
SANDBOX: Final = Scenario(
    name="sandbox",
    title="Sandbox (invented by boardlab: every general Lockdown rule on one small map)",
    tiles=(
        Placement("Hub", 0, 0, 0),                                   # 0 start
        Placement("Storage Bay", 0, 1, 0),                          # 1 (doors N E W)
        Placement("Lair", 0, -1, 0, rotation=1),                    # 2 doors E S W
        Placement("", 0, 0, 1, face_down=True, stack="hidden"),     # 3 face-down
        Placement("Maintenance", 0, 0, -1),                          # 4 doors N E
        Placement("Lower Landing", 1, 0, 0),                         # 5 floor 1
    ),
    start=0,
    links=((1, 5),),
    stacks=(("A", ("Corridor A1", "Security Post", "Armory", "War Zone North")),
            ("B", ("Long Hall", "Strong Point", "Dark Lab", "Vent Shaft")),
            ("final", ("War Zone South", "Control Room", "Nest", "Loading Dock"))),
    facedown=(("hidden", ("Closet", "Crawlspace")),),
    objective=("Exit Shaft",),
    locked=(_D["west"],),
    barricades=(_D["south"],),
    clouds=((1, "gas"),),
    caches=(1,),
    enemies=(("hunter", 1, 2), ("blaster", 1, 2), ("blaster", 2, 5), ("rogue", 1, 2)),
    reserves=(("guard", (1, 2, 3, 4)), ("rogue", (2, 3)), ("warrior", (1, 2)),
              ("hunter", ()), ("blaster", ())),
    hybrid_limit=(("hunter", 1), ("blaster", 2)),
    cronos=2,
    lockdown_pool=1,
    secure_number=2,
    pack_limit=2,
    threat_pool_per_player=2,
    vitality=5,
    threat=1,
    turn_limit=10,
    start_items=(("Leo", "Pistol"), ("Cody", "Flashlight"), ("Brent", "Pipe Wrench"),
                 ("Ava", "Fire Extinguisher")),
)
