"""The one working copy a step changes, with the queries and small changes every
procedure shares.

:class:`Work` holds a state's fields as attributes; the procedures of a turn are plain
functions over it, one module per step of the turn (:mod:`.moving`, :mod:`.actions`,
:mod:`.events_step`, :mod:`.enemies`, :mod:`.cronos`, :mod:`.turn`, with
:mod:`.spawning` and :mod:`.effects`), and the declared procedure table of
:mod:`.rules` dispatches to them. A procedure that hands the turn on to the next step
says so with :meth:`Work.then` (an automatic step of the table, run when the procedure
returns); ``freeze`` turns the copy back into a :class:`~.state.State` once per step.
Events are stored as event rows (:mod:`.events`); what a setup or a map decides once
comes from :mod:`.tables`.

>>> from boardlab.level7_lockdown.rules import RULES
>>> from boardlab.level7_lockdown.state import Setup
>>> w = Work(RULES.initial(Setup(players=2)))
>>> w.me.name, w.tname(w.me.tile), w.freeze() == RULES.initial(Setup(players=2))
('Leo', 'Hub', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from boardlab.core.events import EventTemplate
from boardlab.level7_lockdown.config import (
    ALIENS,
    FEAR_MAX,
    INTELLIGENCE,
    STRENGTH,
    Config,
)
from boardlab.level7_lockdown.events import (
    RULE,
    SIDE_WORDS,
    TO_RESERVES,
    enemy_name,
    phase_name,
    plural,
    worded,
)
from boardlab.level7_lockdown.geometry import (
    OPPOSITE,
    SIDE_ORDER,
    Door,
    DoorCost,
    Layout,
    Placement,
    costs_from,
    door_counts,
    extended,
    layout,
    placements_through,
)
from boardlab.level7_lockdown.kinds import Step
from boardlab.level7_lockdown.scenario import POOL, UNSEEN, Scenario
from boardlab.level7_lockdown.scenarios.base import Hooks
from boardlab.level7_lockdown.spawning import KIND_ORDER, enemy_sort_key
from boardlab.level7_lockdown.state import (
    INSIDE,
    Char,
    Enemy,
    Pending,
    State,
    Task,
)
from boardlab.level7_lockdown.tables import (
    ID_KEYS,
    LAST_SETUP,
    MAPS,
    SetupTable,
    id_key,
    setup_info,
)

__all__ = ["KIND_ORDER", "RULE", "SIDE_WORDS", "Work", "door_counts", "enemy_name",
           "enemy_sort_key", "plural", "setup_info"]

_new = tuple.__new__  # builds a State from a plain tuple, no keyword parsing
#: The last map's tiles, links, configuration and door graph (one tuple, kept alive).
_LAST_LAYOUT: list[tuple[Any, ...]] = [(None, None, None, None, {})]


def _map_memo(lay: Layout) -> dict[Any, Any]:
    """The memo of what the map ``lay`` alone decides (in ``MAPS``, kept with the map so
    that its id stays its own)."""
    hit = MAPS.get(id(lay))
    if hit is None or hit[0] is not lay:
        if len(MAPS) > 512:
            MAPS.clear()
        hit = MAPS[id(lay)] = (lay, {})
    return hit[1]
_CHAR_AT: Final = {name: i for i, name in enumerate(Char._fields)}
_ENEMY_AT: Final = {name: i for i, name in enumerate(Enemy._fields)}

class Work:
    """State fields as attributes plus the queries and small changes every step needs."""

    __slots__ = (*State._fields, "events", "t", "cfg", "scen", "hooks", "phases", "next",
                 "_lay", "_lay_for", "_memo")
    # The State fields take their types from the unpacking in __init__; these are the rest.
    events: list[Any]
    t: SetupTable
    cfg: Config
    scen: Scenario
    hooks: Hooks
    phases: dict[str, tuple[str, ...]]
    next: str | None

    def __init__(self, state: State) -> None:
        (self.setup, self.round, self.active, self.step, self.moves, self.tiles, self.links,
         self.explored, self.locked, self.barricades, self.clouds, self.caches, self.chars,
         self.enemies, self.reserves, self.stacks, self.events_deck, self.events_discard,
         self.event, self.items_deck, self.items_discard, self.threat_pool, self.lockdown,
         self.cronos, self.queue, self.pending, self.scn) = state
        #: Event rows (plain tuples laid out as Events, ``core.events.EventRow``) that
        #: the public step makes Events and bulk play keeps as they are.
        self.events = []
        setup = self.setup
        last = LAST_SETUP[0]
        t = self.t = last[1] if last[0] is setup else setup_info(setup)
        self.cfg, self.scen, self.hooks, self.phases = t.cfg, t.scen, t.hooks, t.phases
        #: The automatic step to run once the current procedure returns (``then``).
        self.next = None
        self._lay: Layout | None = None
        self._lay_for: Any = None
        self._memo: dict[Any, Any] = {}   # the map's memo (see map_memo), set with _lay

    def freeze(self) -> State:
        return _new(State, (
            self.setup, self.round, self.active, self.step, self.moves, self.tiles,
            self.links, self.explored, self.locked, self.barricades, self.clouds, self.caches,
            self.chars, self.enemies, self.reserves, self.stacks, self.events_deck,
            self.events_discard, self.event, self.items_deck, self.items_discard,
            self.threat_pool, self.lockdown, self.cronos, self.queue, self.pending,
            self.scn))

    def set_scn(self, **changes: Any) -> None:
        """Change the scenario's progress record (:class:`~.state.Scn`)."""
        self.scn = self.scn._replace(**changes)

    # -- the procedure ------------------------------------------------------------------
    def wait(self, pending: Pending) -> None:
        """The match now waits for ``pending`` (a decision or a chance node)."""
        self.pending = pending

    def then(self, auto: str) -> None:
        """Hand the turn on to the automatic step ``auto`` (a name of
        :class:`~.kinds.Auto`): the rules run it as soon as the calling procedure has
        returned, so a procedure says this last."""
        self.next = auto

    def push_front(self, tasks: Iterable[Task]) -> None:
        self.queue = (*tasks, *self.queue)

    def add_card(self, field: str, index: int, n: int) -> None:
        """``n`` more cards of kind ``index`` in the counts ``field`` (a deck or its
        discards; ``n`` negative: fewer)."""
        counts = list(getattr(self, field))
        counts[index] += n
        setattr(self, field, tuple(counts))

    # -- events ----------------------------------------------------------------------------
    def phase(self) -> str:
        """The current phase's name: this step of the active character's turn."""
        return self.phases[self.step][self.active]

    def emit(self, tag: str, summary: str, rule_id: str, who: str | None = None, /,
             *, phase: tuple[str, str] | None = None, **data: Any) -> None:
        """An event worded now, stored as an event row under a shared template
        (:func:`~.events.worded`); ``phase`` is a ``(step, actor)`` pair other than the
        current one."""
        step = self.step
        # The end of the match belongs to no round (its heading has no round number).
        self.events.append((worded(tag, rule_id, tuple(data)), who,
                            0 if step == Step.OVER else self.round,
                            self.phases[step][self.active] if phase is None
                            else phase_name(*phase), (), *data.values(), summary))

    def emit_t(self, template: EventTemplate, who: str | None, /, *args: Any) -> None:
        """An event from a template of :mod:`.events`, stored as an event row: its text
        is worded when read."""
        step = self.step
        self.events.append((template, who, 0 if step == Step.OVER else self.round,
                            self.phases[step][self.active], (), *args))

    # -- the map ------------------------------------------------------------------------------
    @property
    def lay(self) -> Layout:
        """The door graph of the map (:func:`~.geometry.layout`). The map's tuples are
        the same objects from step to step until a tile is placed: the last map's
        graph is found by their identity, without hashing every placement again."""
        key = self._lay_for
        if key is None or key[0] is not self.tiles or key[1] is not self.links:
            self._new_map()
        return self._lay  # type: ignore[return-value]

    def _new_map(self) -> None:
        """The door graph and memo of the map the tiles and links now make."""
        tiles, links = self.tiles, self.links
        last = _LAST_LAYOUT[0]
        if last[0] is tiles and last[1] is links and last[2] is self.cfg:
            lay, memo = last[3], last[4]
        else:
            # A tile placed on the last map (the usual new map): its graph extended by
            # the new tile, not derived from every placement again.
            grown = None
            if last[1] is links and last[2] is self.cfg and \
                    len(tiles) == len(last[0]) + 1 and tiles[:-1] == last[0]:
                grown = extended(last[3], tiles[-1], self.cfg)
            lay = layout(tiles, links, self.cfg) if grown is None else grown
            memo = _map_memo(lay)
            _LAST_LAYOUT[0] = (tiles, links, self.cfg, lay, memo)   # replaced whole
        self._lay, self._memo = lay, memo
        self._lay_for = (tiles, links)

    def tname(self, tile: int) -> str:
        p = self.tiles[tile]
        if p.removed:
            return f"{p.tile} (destroyed)"
        return "a face-down tile" if p.face_down else p.tile

    def spec(self, tile: int) -> Any:
        return self.cfg.tile(self.tiles[tile].tile)

    def has_feature(self, tile: int, feature: str) -> bool:
        p = self.tiles[tile]
        return not p.face_down and feature in self.t.features[p.tile]

    def barricade(self, door: Door | None) -> int:
        """The barricade's remaining strength on ``door`` (0: none)."""
        if door is None or not self.barricades:
            return 0
        for d, s in self.barricades:
            if d == door:
                return s
        return 0

    def is_locked(self, door: Door | None) -> bool:
        return door is not None and door in self.locked

    def is_open(self, door: Door | None) -> bool:
        """Neither locked nor barricaded (a lift link is always open)."""
        return door is None or (door not in self.locked and not self.barricade(door))

    def open_cost(self, door: Door | None) -> int | None:
        """A character's move cost: open doors only (L7-R3, L7-barricade-block)."""
        return 1 if self.is_open(door) else None

    def full_cost(self, door: Door | None) -> int:
        """Every door counts: the distance of spawning (L7-R13)."""
        return 1

    def costs(self, source: int, cost: DoorCost, variant: Any = None
              ) -> tuple[int | None, ...]:
        """:func:`~.geometry.costs_from` ``source`` with ``cost``, cached per map, source
        and ``variant``: the key of everything ``cost`` depends on besides the map
        (``None``: every door costs 1, as spawning counts them, L7-R13: then the cheapest
        costs are door counts, found breadth first)."""
        if variant is None:
            return self.map_memo((source, None), lambda key: door_counts(self.lay, source))
        return self.map_memo((source, variant),
                             lambda key: costs_from(self.lay, source, cost))

    def placements(self, name: str, door: Door, replacing: int | None = None
                   ) -> tuple[Placement, ...]:
        """:func:`~.geometry.placements_through` of the tile called ``name`` behind
        ``door`` (L7-R5), remembered per map: the draw and the explorer's choice that
        follows ask the same."""
        return self.map_memo(("place", name, door, replacing), lambda key: (
            placements_through(self.lay, self.cfg.tile(name), door, replacing=replacing)))

    def ranged_neighbours(self, tile: int) -> tuple[int, ...]:
        """Tiles sharing an open door with ``tile`` (L7-ranged, L7-R36; no lift links);
        remembered per map, locked doors and barricades."""
        return self.map_memo(
            ("near", tile, self.locked, self.barricades),
            lambda key: tuple(sorted({j for j, door in self.lay.adj[tile]
                                      if door is not None and self.is_open(door)})))

    def door_tiles(self, door: Door) -> tuple[int, int]:
        a, b = door.cells
        return self.lay.owner[a], self.lay.owner[b]

    def door_words(self, door: Door, tile: int | None = None) -> str:
        """A door in the map's words: ``"the door between Hub and Lair"``, or, seen from
        ``tile`` (or for a door with nothing behind it), ``"the north door of Hub"``."""
        a, b = door.cells
        owner = self.lay.owner
        ta, tb = owner.get(a), owner.get(b)
        if tile is None:
            if ta is not None and tb is not None and door in self.lay.doors:
                return f"the door between {self.tname(ta)} and {self.tname(tb)}"
            tile = ta if ta is not None else tb
        side = door.side if ta == tile else OPPOSITE[door.side]
        return f"the {SIDE_WORDS[side]} door of {self.tname(tile)}"  # type: ignore[arg-type]

    def tile_doors(self, tile: int) -> list[Door]:
        """The joined doors of ``tile`` (no links), cell by cell in N, E, S, W order
        (L7-R24)."""
        return list(self.map_memo(("doors", tile), self._tile_doors))

    def _tile_doors(self, key: tuple[str, int]) -> tuple[Door, ...]:
        tile = key[1]
        owner = self.lay.owner
        keyed = []
        for _, d in self.lay.adj[tile]:
            if d is None:
                continue
            a, b = d.cells
            cell, side = (a, d.side) if owner[a] == tile else (b, OPPOSITE[d.side])
            keyed.append(((cell, SIDE_ORDER[side]), d))
        return tuple(d for _, d in sorted(keyed))

    def map_memo(self, key: Any, make: Callable[[Any], Any]) -> Any:
        """``make(key)``, remembered per map (for what the map alone decides)."""
        key_for = self._lay_for
        if key_for is None or key_for[0] is not self.tiles or key_for[1] is not self.links:
            self._new_map()
        memo = self._memo
        out = memo.get(key)
        if out is None:
            if len(memo) > 4096:
                memo.clear()
            out = memo[key] = make(key)
        return out

    def door_rank(self, tile: int, door: Door) -> tuple[int, ...]:
        """L7-R24's order for a door of ``tile``: cell by cell, then N, E, S, W."""
        a, b = door.cells
        cell, side = (a, door.side) if self.lay.owner.get(a) == tile else (
            b, OPPOSITE[door.side])
        return (*cell, SIDE_ORDER[side])

    def cloud(self, tile: int) -> bool:
        for t, _ in self.clouds:  # noqa: SIM110 - a loop over a handful costs less than any()
            if t == tile:
                return True
        return False

    def add_cloud(self, tile: int, kind: str) -> None:
        if (tile, kind) not in self.clouds:
            self.clouds = tuple(sorted((*self.clouds, (tile, kind))))

    def damage_barricade(self, door: Door, why: str, rule_id: str) -> None:
        """One damage: full strength → battered → gone (L7-barricade)."""
        s = self.barricade(door)
        if s <= 1:
            self.barricades = tuple(b for b in self.barricades if b[0] != door)
            words = self.door_words(door)
            self.emit("barricade_gone", f"The battered barricade on {words} is destroyed "
                      f"({why})", rule_id, door=door)
        else:
            self.barricades = tuple((d, s - 1 if d == door else x) for d, x in self.barricades)
            words = self.door_words(door)
            self.emit("barricade_battered", f"The barricade on {words} is battered ({why})",
                      rule_id, door=door)

    # -- stacks ----------------------------------------------------------------------------
    def stack_tiles(self, name: str) -> tuple[str, ...]:
        for n, tiles in self.stacks:
            if n == name:
                return tiles
        return ()

    def current_stack(self) -> str | None:
        """The stack exploring draws from: the first non-empty one, in order."""
        for name in self.t.explore:
            if self.stack_tiles(name):
                return name
        return None

    def peek_dice(self, names: tuple[str, ...] | None = None,
                  objective: str = "objective") -> int:
        """0: no peeking yet; 1 once Stack A is used up; 2 once A and B are (L7-R19).
        ``names`` are the stacks A, B, … that count (default: the exploring stacks)."""
        if not self.scen.peeking or not self.stack_tiles(objective):
            return 0
        used = [not self.stack_tiles(n) for n in (names or self.t.explore)]
        if len(used) >= 2 and used[0] and used[1]:
            return 2
        return 1 if used and used[0] else 0

    def take_from_stack(self, stack: str, tile: str) -> None:
        """``tile`` leaves ``stack``: named there, or one of its unseen pool tiles."""
        tiles = self.stack_tiles(stack)
        if tile in tiles:
            self.stacks = tuple((n, _without(ts, tile) if n == stack else ts)
                                for n, ts in self.stacks)
            return
        self.stacks = tuple((n, _without(ts, UNSEEN) if n == stack
                             else _without(ts, tile) if n == POOL else ts)
                            for n, ts in self.stacks)

    # -- characters ----------------------------------------------------------------------------
    def ci(self, name: str) -> int:
        for i, c in enumerate(self.chars):
            if c.name == name:
                return i
        raise KeyError(name)

    def set_char(self, i: int, **changes: Any) -> None:
        chars = self.chars
        fields = list(chars[i])
        at = _CHAR_AT
        for name, value in changes.items():   # the fields by position: no _replace
            fields[at[name]] = value
        self.chars = (*chars[:i], _new(Char, fields), *chars[i + 1:])

    @property
    def me(self) -> Char:
        return self.chars[self.active]

    def on_map(self, c: Char) -> bool:
        return c.status == INSIDE

    def chars_on(self, tile: int) -> list[Char]:
        return [c for c in self.chars if c.status == INSIDE and c.tile == tile]

    def turn_order(self) -> list[int]:
        """Character indices in turn order from the active one (L7-R4, L7-R24)."""
        n = len(self.chars)
        return [(self.active + k) % n for k in range(n)]

    @staticmethod
    def total_fear(c: Char) -> int:
        """Fear as aliens and Dr. Cronos read it: terror counts twice (L7-R4)."""
        return c.fear + 2 * c.terror

    def stat(self, c: Char, icon: str) -> int:
        """A stat with terror's effect (L7-terror-stats)."""
        base = self.cfg.character(c.name)
        value = {STRENGTH: base.strength, INTELLIGENCE: base.intelligence}.get(icon,
                                                                              base.speed)
        if c.terror:
            if icon == STRENGTH:
                value += 1
            elif icon == INTELLIGENCE:
                value -= 1
        return max(value, 0)

    def has_item(self, c: Char, kind: str) -> bool:
        item_kind = self.cfg.item_kind
        for it in c.items:  # noqa: SIM110 - a loop over a handful costs less than any()
            if item_kind(it) == kind:
                return True
        return False

    def adrenaline_options(self, c: Char) -> range:
        """Cards playable on one challenge: never pushing fear past 8
        (L7-terror-adrenaline)."""
        return range(0, self.adrenaline_max(c) + 1)

    @staticmethod
    def adrenaline_max(c: Char) -> int:
        """The most adrenaline cards ``c`` may play on one challenge."""
        most = FEAR_MAX - c.fear
        if c.adrenaline < most:
            most = c.adrenaline
        return most if most > 0 else 0

    def challenge_dice(self, c: Char, icon: str, *, adrenaline: int = 0,
                       weapon: bool = False) -> tuple[int, str]:
        """Dice for a challenge and how they were counted (L7-R8, L7-R18, terror)."""
        n = self.stat(c, icon)
        parts = [f"{icon} {n}"]
        if c.terror and icon in (STRENGTH, INTELLIGENCE):
            parts[0] += " with terror"
        if weapon and self.has_item(c, "weapon"):
            n += 1
            parts.append("+1 weapon")
        if adrenaline:
            n += adrenaline
            parts.append(f"+{adrenaline} adrenaline")
        if self.hooks.dark(self, c.tile):
            if self.has_item(c, "flashlight"):
                parts.append("dark, but a flashlight")
            else:
                n -= 1
                parts.append("−1 darkness")
        return self.dice(n), ", ".join(parts)

    # -- enemies ---------------------------------------------------------------------------
    def find_enemy(self, enemy_id: str) -> Enemy | None:
        kind, number = ID_KEYS.get(enemy_id) or id_key(enemy_id)
        for e in self.enemies:
            if e[1] == number and e[0] == kind:
                return e
        return None

    def enemies_on(self, tile: int) -> list[Enemy]:
        return [e for e in self.enemies if e.tile == tile]

    def aliens_on(self, tile: int) -> list[Enemy]:
        return [e for e in self.enemies if e.tile == tile and e.kind in ALIENS]

    def in_play(self, kind: str) -> list[Enemy]:
        return [e for e in self.enemies if e.kind == kind]

    def any_in_play(self, kind: str) -> bool:
        """Some figure of ``kind`` is on the map."""
        for e in self.enemies:  # noqa: SIM110 - a loop over a handful costs less than any()
            if e[0] == kind:
                return True
        return False

    def set_enemy(self, enemy_id: str, **changes: Any) -> None:
        kind, number = ID_KEYS.get(enemy_id) or id_key(enemy_id)
        enemies = self.enemies
        at = _ENEMY_AT
        for i, e in enumerate(enemies):
            if e[1] == number and e[0] == kind:   # ids are unique: the one figure
                fields = list(e)
                for name, value in changes.items():
                    fields[at[name]] = value
                self.enemies = (*enemies[:i], _new(Enemy, fields), *enemies[i + 1:])
                return

    def without_enemy(self, enemy_id: str) -> None:
        """``enemy_id`` leaves the map."""
        kind, number = ID_KEYS.get(enemy_id) or id_key(enemy_id)
        self.enemies = tuple([x for x in self.enemies if x[1] != number or x[0] != kind])

    def add_enemy(self, kind: str, number: int, tile: int) -> None:
        self.enemies = tuple(sorted((*self.enemies, Enemy(kind, number, tile)),
                                    key=enemy_sort_key))

    def reserve(self, kind: str) -> tuple[int, ...]:
        """The numbers of ``kind`` in the reserves."""
        for k, numbers in self.reserves:
            if k == kind:
                return numbers
        return ()

    def take_reserve(self, kind: str) -> int | None:
        """The lowest-numbered figure of ``kind`` in the reserves (L7-R29), taken."""
        for i, (k, numbers) in enumerate(self.reserves):
            if k == kind and numbers:
                reserves = list(self.reserves)
                reserves[i] = (k, numbers[1:])
                self.reserves = tuple(reserves)
                return numbers[0]
        return None

    def to_reserves(self, enemy_id: str, why: str, rule_id: str) -> None:
        """Back to the reserves — or to the box where the scenario says so."""
        e = self.find_enemy(enemy_id)
        if e is None:
            return
        self.without_enemy(enemy_id)
        box = "" if "to_box" in self.t.plain else self.hooks.to_box(self, e)
        if box:
            self.to_box(e.kind, e.number)
            self.emit("to_box", f"{enemy_name(enemy_id)} goes to the box, not back to the "
                      f"reserves ({why})", box, enemy_id=enemy_id)
            return
        self.reserves = tuple((k, tuple(sorted((*n, e.number))) if k == e.kind else n)
                              for k, n in self.reserves)
        self.emit_t(TO_RESERVES[rule_id], None, enemy_id, why)

    def to_box(self, kind: str, number: int) -> None:
        """A figure leaves the game: into the box (off the map and out of the reserves)."""
        self.set_scn(boxed=tuple(sorted((*self.scn.boxed, (kind, number)))))

    def kill_enemy(self, enemy_id: str, why: str, rule_id: str) -> None:
        """An enemy killed and removed from the game (scenario 13's Tank Farm)."""
        e = self.find_enemy(enemy_id)
        if e is None:
            return
        self.without_enemy(enemy_id)
        self.to_box(e.kind, e.number)
        self.emit("enemy_killed", f"{enemy_name(enemy_id)} is killed and removed from the "
                  f"game ({why})", rule_id, enemy_id=enemy_id)

    # -- misc ---------------------------------------------------------------------------------
    def dice(self, n: int) -> int:
        """A roll's dice, between 0 and the cap (L7-R25)."""
        return max(0, min(n, self.cfg.dice_cap))


def _without(tiles: tuple[str, ...], name: str) -> tuple[str, ...]:
    out = list(tiles)
    out.remove(name)
    return tuple(out)
