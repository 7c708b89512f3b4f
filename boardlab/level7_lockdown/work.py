"""The mutable working copy of a state used inside one ``step``, and its small helpers.

A :class:`Base` holds a state's fields as attributes; the turn-step modules
(:mod:`.moving`, :mod:`.actions`, :mod:`.events_step`, :mod:`.enemies`,
:mod:`.cronos`, :mod:`.turn`) add the procedures as mixins, and :class:`Work` (in
:mod:`.rules`) puts them together. ``freeze`` turns the copy back into a
:class:`~.state.State` once per step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from boardlab.core.events import Event
from boardlab.level7_lockdown.config import (
    ALIENS,
    BLASTER_ICON,
    ENEMY_KINDS,
    ENEMY_NAMES,
    FEAR_MAX,
    HEART_ATTACK,
    INTELLIGENCE,
    STRENGTH,
)
from boardlab.level7_lockdown.geometry import OPPOSITE, SIDE_ORDER, Door, Layout, layout
from boardlab.level7_lockdown.rulebook import BOOK
from boardlab.level7_lockdown.state import (
    HEART_ATTACK as HEART,
)
from boardlab.level7_lockdown.state import (
    INFIRMARY,
    INSIDE,
    Char,
    Enemy,
    Pending,
    State,
    Task,
)

if TYPE_CHECKING:
    from boardlab.level7_lockdown.rules import Work

RULE = {ref.id: ref for ref in BOOK}
SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
KIND_ORDER = {k: i for i, k in enumerate(ENEMY_KINDS)}


def enemy_sort_key(e: Enemy) -> tuple[int, int]:
    return (KIND_ORDER[e.kind], e.number)


def enemy_name(enemy_id: str) -> str:
    """``'blaster#1'`` → ``'blaster hybrid 1 (Strength)'``."""
    kind, _, number = enemy_id.partition("#")
    name = f"{ENEMY_NAMES[kind]} {number}"
    if kind == "blaster":
        name += f" ({BLASTER_ICON.get(int(number), '?')})"
    return name


def plural(n: int, word: str) -> str:
    """``'1 die'``, ``'3 dice'``, ``'2 guards'``."""
    if n == 1:
        return f"{n} {word}"
    if word.endswith("die"):
        return f"{n} {word[:-3]}dice"
    if word.endswith("enemy"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}s"


class Base:
    """State fields as attributes plus the queries every step needs."""

    __slots__ = (*State._fields, "events", "cfg", "scen", "hooks", "_lay", "_lay_for")

    def __init__(self, state: State) -> None:
        from boardlab.level7_lockdown.scenarios import hooks_for

        (self.setup, self.round, self.active, self.step, self.moves, self.tiles, self.links,
         self.explored, self.locked, self.barricades, self.clouds, self.caches, self.chars,
         self.enemies, self.reserves, self.stacks, self.events_deck, self.events_discard,
         self.event, self.items_deck, self.items_discard, self.threat_pool, self.lockdown,
         self.cronos, self.queue, self.pending, self.scn) = state
        self.events: list[Event] = []
        self.cfg = state.setup.cfg
        self.scen = state.setup.scen
        self.hooks = hooks_for(self.scen.name)
        self._lay: Layout | None = None
        self._lay_for: Any = None

    @property
    def work(self) -> Work:
        """This copy as the full working copy the scenario hooks receive.

        Every turn-step mixin is a base of :class:`~.rules.Work`, the only class a working
        copy is made of, so a mixin passes ``self.work`` where a hook asks for a ``Work``
        (the type checker cannot know that a mixin's ``self`` is always one).
        """
        return cast("Work", self)

    def freeze(self) -> State:
        return State(self.setup, self.round, self.active, self.step, self.moves, self.tiles,
                     self.links, self.explored, self.locked, self.barricades, self.clouds,
                     self.caches, self.chars, self.enemies, self.reserves, self.stacks,
                     self.events_deck, self.events_discard, self.event, self.items_deck,
                     self.items_discard, self.threat_pool, self.lockdown, self.cronos,
                     self.queue, self.pending, self.scn)

    def set_scn(self, **changes: Any) -> None:
        """Change the scenario's progress record (:class:`~.state.Scn`)."""
        self.scn = self.scn._replace(**changes)

    # -- events ----------------------------------------------------------------------
    def emit(self, tag: str, summary: str, rule_id: str, who: str | None = None, /,
             *, phase: str | None = None, **data: Any) -> None:
        actor = self.chars[self.active].name if self.chars else ""
        # The end of the match belongs to no round (its heading has no round number).
        round_ = 0 if self.step == "over" else self.round
        self.events.append(Event(tag, summary, RULE[rule_id], who, data, round_,
                                 phase if phase is not None else f"{self.step}:{actor}"))

    # -- the map ------------------------------------------------------------------------
    @property
    def lay(self) -> Layout:
        key = self._lay_for
        if key is None or key[0] is not self.tiles or key[1] is not self.links:
            self._lay = layout(self.tiles, self.links, self.cfg)
            self._lay_for = (self.tiles, self.links)
        return self._lay  # type: ignore[return-value]

    def tname(self, tile: int) -> str:
        p = self.tiles[tile]
        if p.removed:
            return f"{p.tile} (destroyed)"
        return "a face-down tile" if p.face_down else p.tile

    def spec(self, tile: int) -> Any:
        return self.cfg.tile(self.tiles[tile].tile)

    def has_feature(self, tile: int, feature: str) -> bool:
        p = self.tiles[tile]
        return not p.face_down and feature in self.cfg.tile(p.tile).features

    def barricade(self, door: Door | None) -> int:
        """The barricade's remaining strength on ``door`` (0: none)."""
        if door is None:
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

    def ranged_neighbours(self, tile: int) -> tuple[int, ...]:
        """Tiles sharing an open door with ``tile`` (L7-ranged, L7-R36; no lift links)."""
        return tuple(sorted({j for j, door in self.lay.adj[tile]
                             if door is not None and self.is_open(door)}))

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
        owner = self.lay.owner
        keyed = []
        for _, d in self.lay.adj[tile]:
            if d is None:
                continue
            a, b = d.cells
            cell, side = (a, d.side) if owner[a] == tile else (b, OPPOSITE[d.side])
            keyed.append(((cell, SIDE_ORDER[side]), d))
        return [d for _, d in sorted(keyed)]

    def door_rank(self, tile: int, door: Door) -> tuple[int, ...]:
        """L7-R24's order for a door of ``tile``: cell by cell, then N, E, S, W."""
        a, b = door.cells
        cell, side = (a, door.side) if self.lay.owner.get(a) == tile else (
            b, OPPOSITE[door.side])
        return (*cell, SIDE_ORDER[side])

    def cloud(self, tile: int) -> bool:
        return any(t == tile for t, _ in self.clouds)

    def add_cloud(self, tile: int, kind: str) -> None:
        if (tile, kind) not in self.clouds:
            self.clouds = tuple(sorted((*self.clouds, (tile, kind))))

    # -- characters ------------------------------------------------------------------------
    def ci(self, name: str) -> int:
        for i, c in enumerate(self.chars):
            if c.name == name:
                return i
        raise KeyError(name)

    def set_char(self, i: int, **changes: Any) -> None:
        chars = list(self.chars)
        chars[i] = chars[i]._replace(**changes)
        self.chars = tuple(chars)

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
        return any(self.cfg.item_kind(it) == kind for it in c.items)

    def gain_fear(self, i: int, n: int, why: str, rule_id: str) -> None:
        """Fear forced up by ``n``; past 8 it becomes terror (L7-terror-gain)."""
        c = self.chars[i]
        if c.status != INSIDE or n <= 0:
            return
        fear = c.fear + n
        over = max(0, fear - FEAR_MAX)
        fear = min(fear, FEAR_MAX)
        if not over:
            self.set_char(i, fear=fear)
            self.emit("fear", f"{c.name} gains {n} fear ({why}): fear {fear}", rule_id,
                      c.name, fear=fear, terror=c.terror)
            return
        terror = c.terror + over
        first = " — the terror token goes on the track" if not c.terror else ""
        self.set_char(i, fear=max(fear, min(terror, FEAR_MAX)), terror=terror)
        self.emit("terror", f"{c.name}'s fear would pass 8 ({why}): {over} terror instead, "
                  f"terror {terror}{first}", "L7-terror-gain", c.name, fear=fear,
                  terror=terror)
        if terror >= HEART_ATTACK:
            self.heart_attack(i)

    def heart_attack(self, i: int) -> None:
        c = self.chars[i]
        self.set_char(i, status=HEART, terror=HEART_ATTACK, fear=FEAR_MAX, down=False)
        self.emit("heart_attack", f"{c.name} reaches terror 8: a heart attack; "
                  f"{c.name} loses and leaves the game", "L7-terror-heart", c.name)

    def lose_fear(self, i: int, n: int, why: str, rule_id: str) -> None:
        """Fear down by ``n``, never below 1 nor below the terror token (L7-terror-floor)."""
        c = self.chars[i]
        if c.status != INSIDE:
            return
        floor = max(1, c.terror)
        fear = max(floor, c.fear - n)
        if fear == c.fear:
            held = (" (the terror token holds it)" if c.terror >= c.fear else "")
            self.emit("fear", f"{c.name}'s fear stays {fear} ({why}){held}",
                      "L7-terror-floor" if held else rule_id, c.name, fear=fear)
            return
        self.set_char(i, fear=fear)
        self.emit("fear", f"{c.name} loses fear ({why}): fear {fear}", rule_id, c.name,
                  fear=fear)

    def lose_vitality(self, i: int, n: int, why: str, rule_id: str) -> None:
        c = self.chars[i]
        if c.status != INSIDE:
            return
        v = max(0, c.vitality - n)
        self.set_char(i, vitality=v)
        self.emit("wound", f"{c.name} loses {n} vitality ({why}): {v} left", rule_id, c.name,
                  vitality=v)
        if v == 0:
            self.knock_out(i, "no vitality left", "L7-R22")

    def knock_out(self, i: int, why: str, rule_id: str) -> None:
        """To the Infirmary (L7-R22): off the map until the end of their next turn."""
        c = self.chars[i]
        self.set_char(i, status=INFIRMARY, down=False, vitality=0)
        self.emit("knocked_out", f"{c.name} is knocked out ({why}) and taken to the "
                  "Infirmary", rule_id, c.name)

    def gain_threat(self, i: int, why: str, rule_id: str = "L7-SB-threat") -> None:
        """One threat from the pool; from an empty pool a guard spawns (L7-R16); never
        where the scenario forbids gaining threat (L7-S13-start)."""
        c = self.chars[i]
        if not self.scen.threat_gain:
            self.emit("no_threat", f"{c.name} would gain threat ({why}), but nobody gains "
                      "threat in this scenario", "L7-S13-start", c.name)
            return
        if self.threat_pool > 0:
            self.threat_pool -= 1
            self.set_char(i, threat=c.threat + 1)
            self.emit("threat", f"{c.name} gains 1 threat ({why}): threat {c.threat + 1}",
                      rule_id, c.name, threat=c.threat + 1)
            return
        self.emit("threat_empty", f"The threat pool is empty: instead of {c.name} gaining "
                  "threat, a guard spawns", "L7-R16", c.name)
        self.spawn("guard", c.tile, rule_id="L7-R16")  # type: ignore[attr-defined]

    # -- enemies ---------------------------------------------------------------------------
    def find_enemy(self, enemy_id: str) -> Enemy | None:
        for e in self.enemies:
            if e.id == enemy_id:
                return e
        return None

    def enemies_on(self, tile: int) -> list[Enemy]:
        return [e for e in self.enemies if e.tile == tile]

    def aliens_on(self, tile: int) -> list[Enemy]:
        return [e for e in self.enemies if e.tile == tile and e.kind in ALIENS]

    def set_enemy(self, enemy_id: str, **changes: Any) -> None:
        self.enemies = tuple(e._replace(**changes) if e.id == enemy_id else e
                             for e in self.enemies)

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
        for k, numbers in self.reserves:
            if k == kind and numbers:
                self.reserves = tuple((k2, n2[1:] if k2 == kind else n2)
                                      for k2, n2 in self.reserves)
                return numbers[0]
        return None

    def to_reserves(self, enemy_id: str, why: str, rule_id: str) -> None:
        """Back to the reserves — or to the box where the scenario says so."""
        e = self.find_enemy(enemy_id)
        if e is None:
            return
        self.enemies = tuple(x for x in self.enemies if x.id != enemy_id)
        box = self.hooks.to_box(self.work, e)
        if box:
            self.to_box(e.kind, e.number)
            self.emit("to_box", f"{enemy_name(enemy_id)} goes to the box, not back to the "
                      f"reserves ({why})", box, enemy_id=enemy_id)
            return
        self.reserves = tuple((k, tuple(sorted((*n, e.number))) if k == e.kind else n)
                              for k, n in self.reserves)
        self.emit("to_reserves", f"{enemy_name(enemy_id)} goes back to the reserves "
                  f"({why})", rule_id, enemy_id=enemy_id)

    def to_box(self, kind: str, number: int) -> None:
        """A figure leaves the game: into the box (off the map and out of the reserves)."""
        self.set_scn(boxed=tuple(sorted((*self.scn.boxed, (kind, number)))))

    def kill_enemy(self, enemy_id: str, why: str, rule_id: str) -> None:
        """An enemy killed and removed from the game (scenario 13's Tank Farm)."""
        e = self.find_enemy(enemy_id)
        if e is None:
            return
        self.enemies = tuple(x for x in self.enemies if x.id != enemy_id)
        self.to_box(e.kind, e.number)
        self.emit("enemy_killed", f"{enemy_name(enemy_id)} is killed and removed from the "
                  f"game ({why})", rule_id, enemy_id=enemy_id)

    def in_play(self, kind: str) -> list[Enemy]:
        return [e for e in self.enemies if e.kind == kind]

    # -- misc ---------------------------------------------------------------------------------
    def dice(self, n: int) -> int:
        """A roll's dice, between 0 and the cap (L7-R25)."""
        return max(0, min(n, self.cfg.dice_cap))

    def push_front(self, tasks: Iterable[Task]) -> None:
        self.queue = (*tasks, *self.queue)

    def wait(self, pending: Pending) -> None:
        self.pending = pending
