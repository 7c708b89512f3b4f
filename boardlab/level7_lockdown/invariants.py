"""What must hold in every Level 7 state: the soundness check of a position.

Checked after every step by the conformance run, and before a position is accepted:
by ``load_match`` and ``load_position`` (a file), ``new_match(start=)``, ``play(start=)``
and ``save_position`` (a position made by hand) and :func:`~.position.position`. In
three stages, each assuming the one before:

1. :func:`~.shape.shape`: every field of the right type, size and range, every index
   into the map, the characters, the decks and the reserves in range;
2. the conservation of the box and the rules' invariants: fear between 1 and 8 and
   never below terror (L7-terror-floor); terror 8 only with a heart attack
   (L7-terror-heart); at most five power tokens per blaster (L7-blaster-power); nothing
   in two places (each tile once on the map or in a stack, each enemy figure once on
   the map, in the reserves or in the box, each card once); markers on real doors and
   tiles; the pack limit (L7-R15); the scenario's starting map still in place, and a
   map the scenario's procedures can play (scenario 9: Central Command has a tile at
   Dr. Cronos's distance, L7-R43);
3. :func:`~.procedure.procedure`: the pending step belongs to the turn step, its data
   agrees with the state, the queue ends the turn, and there is a legal continuation.

Every problem names its field (``items_deck: 0 counts, one per card …``); the check
never raises, whatever the state holds.

>>> from boardlab.level7_lockdown.api import new_match
>>> s = new_match(players=2).state
>>> invariants(s)
[]
>>> invariants(s._replace(items_discard=()))
['items_discard: 0 counts, one per card of the configuration (9)']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from boardlab.core.errors import show_value
from boardlab.core.identity import same_objects
from boardlab.level7_lockdown.config import ENEMY_KINDS, HEART_ATTACK
from boardlab.level7_lockdown.geometry import layout
from boardlab.level7_lockdown.procedure import procedure
from boardlab.level7_lockdown.scenario import POOL, UNSEEN
from boardlab.level7_lockdown.shape import shape
from boardlab.level7_lockdown.state import HEART_ATTACK as HEART
from boardlab.level7_lockdown.state import INSIDE, Setup, State

CLONES = ("rogue", "warrior")
_CENSUS: dict[tuple[object, ...], tuple[object, Counter[str]]] = {}


def p_kind(state: State) -> str:
    return state.pending.kind


def _census(setup: Setup) -> Counter[str]:
    """Every tile a match of ``setup`` holds: the starting map's, the stacks' and the
    pool's (cached per scenario, mode, characters and configuration)."""
    key = (setup.scenario, setup.mode, setup.characters, id(setup.cfg))
    hit = _CENSUS.get(key)
    if hit is not None and hit[0] is setup.cfg:   # the same configuration, still alive
        return hit[1]
    from boardlab.level7_lockdown.scenarios import hooks_for

    scen = setup.scen
    found = Counter(p.tile for p in scen.tiles if not p.face_down)
    for _, tiles in hooks_for(scen.name).initial_stacks(setup, scen):
        found.update(t for t in tiles if t != UNSEEN)
    _CENSUS[key] = (setup.cfg, found)
    return found


def invariants(state: Any) -> list[str]:
    """Every broken invariant of ``state``, in words naming the field (empty when the
    state is sound); never raises."""
    return static_problems(state) or procedure(state)


def static_problems(state: Any) -> list[str]:
    """Stages 1 and 2 of :func:`invariants`: the fields and the box, not what the
    position waits for (a position under construction has no pending step yet)."""
    problems = shape(state)
    if problems:
        return problems
    try:
        lay = layout(state.tiles, state.links, state.setup.cfg)
    except ValueError as err:   # two tiles on one cell, a link to nowhere
        return [f"tiles: the map is broken: {err}"]
    return _box(state, lay) or _scenario_map_of(state)


def _scenario_map_of(state: State) -> list[str]:
    """:func:`_scenario_map`, not run again on the very fields it last found sound (the
    tiles, the setup, the scenario's progress and Dr. Cronos's tile: all it reads but in
    scenario 9, whose check reads the whole map and always runs)."""
    global _MAP_SOUND
    if state.setup.scenario == "9":
        return _scenario_map(state)
    key = (state.tiles, state.setup, state.scn, state.cronos)
    if same_objects(_MAP_SOUND, key):
        return []
    problems = _scenario_map(state)
    if not problems:
        _MAP_SOUND = key     # strong references: these ids cannot be reused
    return problems


_MAP_SOUND: tuple[object, ...] | None = None


def _box(state: State, lay: Any) -> list[str]:
    """The rules' invariants: the registered :data:`CHECKS` in order (``state`` has
    passed :func:`~.shape.shape`). A check whose inputs are the very objects it last
    found sound is not run again: they are immutable (``shape`` checked their exact
    types), so its verdict cannot have changed — most fields stay the same object from
    one step to the next."""
    problems: list[str] = []
    for i, (_, check, reads) in enumerate(CHECKS):
        key = reads(state) if reads is not None else None
        if key is not None and same_objects(_SOUND[i], key):
            continue
        found = check(state, lay)
        if found:
            problems.extend(found)
        elif key is not None:
            _SOUND[i] = key      # strong references: these ids cannot be reused
    return problems


def _characters(state: State, lay: Any) -> list[str]:
    """Seat order, fear and terror, vitality on the map, the cards carried."""
    problems: list[str] = []
    setup = state.setup
    cfg = setup.cfg
    for i, c in enumerate(state.chars):
        path = f"chars[{i}]"
        if c.name != setup.characters[i]:
            problems.append(f"{path}.name: {show_value(c.name)}, but the setup's character "
                            f"{i + 1} is {setup.characters[i]} (seat order)")
        if c.status == INSIDE and (state.tiles[c.tile].face_down
                                   or state.tiles[c.tile].removed):
            problems.append(f"{path}.tile: {c.name} stands on no face-up tile ({c.tile})")
        if c.fear < c.terror:
            problems.append(f"{path}.fear: {c.name}'s fear {c.fear} is below terror "
                            f"{c.terror} (L7-terror-floor)")
        if (c.terror >= HEART_ATTACK) != (c.status == HEART):
            problems.append(f"{path}.terror: {c.name} has terror {c.terror} and status "
                            f"{c.status}: terror 8 is a heart attack (L7-terror-heart)")
        if c.status == INSIDE and c.vitality < 1:
            problems.append(f"{path}.vitality: {c.name} is on the map with {c.vitality} "
                            "vitality (L7-R22)")
        if c.down and c.status != INSIDE:
            problems.append(f"{path}.down: {c.name} lies down off the map")
        problems.extend(_carried(path, c, cfg))
    return problems


def _carried(path: str, c: Any, cfg: Any) -> list[str]:
    problems = [f"{path}.items[{k}]: {c.name} carries an unknown item {show_value(it)}"
                for k, it in enumerate(c.items) if not _is_item(cfg, it)]
    if list(c.items) != sorted(c.items):
        problems.append(f"{path}.items: not in canonical (sorted) order")
    return problems


def _tiles_once(state: State, lay: Any) -> list[str]:
    """Each tile once, on the map or unseen in a stack (a "*" holds a pool tile)."""
    problems: list[str] = []
    found = [p.tile for p in state.tiles if not p.face_down]
    unseen_slots = unseen_all = 0
    names = [n for n, _ in state.stacks]
    if len(set(names)) != len(names):
        problems.append("stacks: a stack is listed twice")
    for name, tiles in state.stacks:
        found.extend(tiles)
        unseen = tiles.count(UNSEEN)
        unseen_all += unseen
        if name != POOL:
            unseen_slots += unseen
        if list(tiles) != sorted(tiles):
            problems.append(f"stacks: stack {show_value(name)} is not in canonical order")
    if unseen_slots != len(state.stack(POOL)):
        problems.append(f"stacks: {unseen_slots} unseen stack entries for "
                        f"{len(state.stack(POOL))} pool tiles")
    if state.pending.kind == "place":
        found.append(state.pending.tile)     # drawn, waiting to be placed
    seen = Counter(found)        # one count over one list: cheaper than many updates
    left = seen[UNSEEN] - unseen_all    # the stacks' "*" entries are no tiles
    if left:
        seen[UNSEEN] = left
    else:
        seen.pop(UNSEEN, None)
    return problems + _tile_census(state, seen)


def _tile_census(state: State, seen: Counter[str]) -> list[str]:
    problems: list[str] = []
    twice = [t for t, n in seen.items() if n > 1]
    if twice:
        problems.append(f"tiles: tile {twice[0]!r} is in two places")
    expected = _census(state.setup)
    if set(seen) - set(expected):
        problems.append(f"tiles: unknown tiles {sorted(set(seen) - set(expected))[:5]}")
    if sum(expected.values()) != sum(seen.values()):
        problems.append("tiles: tiles appeared or vanished (the map and the stacks hold "
                        f"{sum(seen.values())}, the box {sum(expected.values())})")
    return problems


def _stacks_supply(state: State, lay: Any) -> list[str]:
    """A face-down tile is drawn from its stack when flipped: that stack must hold enough."""
    waiting = Counter(p.stack for p in state.tiles if p.face_down)
    if state.pending.kind == "place" and state.pending.index >= 0:
        waiting[state.tiles[state.pending.index].stack] -= 1   # drawn, being turned over
    return [f"stacks: stack {show_value(name)} cannot supply its {n} face-down tiles"
            for name, n in waiting.items() if len(state.stack(name)) < n]


def _figures(state: State, lay: Any) -> list[str]:
    """Each enemy figure once, on the map, in the reserves or in the box."""
    problems: list[str] = []
    found = [(e.kind, e.number) for e in state.enemies]
    kinds = [k for k, _ in state.reserves]
    if len(set(kinds)) != len(kinds):
        problems.append("reserves: a kind of enemy is listed twice")
    for kind, numbers in state.reserves:
        found.extend((kind, n) for n in numbers)
        if list(numbers) != sorted(numbers):
            problems.append(f"reserves: the {kind} reserves are not sorted")
    found.extend(state.scn.boxed)
    figures = Counter(found)
    if any(n > 1 for n in figures.values()):
        problems.append("enemies: an enemy figure is in two places")
    if figures != _start_figures(state.setup.scen):
        problems.append("enemies: enemy figures appeared or vanished")
    return problems


def _start_figures(scen: Any) -> Counter[tuple[str, int]]:
    """The figures of the scenario's box (counted once per scenario object, which is
    immutable; the Counter is read, never changed)."""
    hit = _FIGURES.get(id(scen))
    if hit is not None and hit[0] is scen:
        return hit[1]
    start = _count_figures(scen)
    if len(_FIGURES) >= 256:             # a bound on memory only
        _FIGURES.clear()
    _FIGURES[id(scen)] = (scen, start)   # held: the id is not reused
    return start


_FIGURES: dict[int, tuple[Any, Counter[tuple[str, int]]]] = {}


def _count_figures(scen: Any) -> Counter[tuple[str, int]]:
    start = Counter((k, n) for k, n, _ in scen.enemies)
    for kind, numbers in scen.reserves:
        start.update((kind, n) for n in numbers)
    start.update(scen.boxed)
    return start


def _enemies(state: State, lay: Any) -> list[str]:
    """Canonical order, figures on face-up tiles, power only on blasters, the pack limit."""
    problems: list[str] = []
    scen = state.setup.scen
    if list(state.enemies) != sorted(state.enemies, key=lambda e: (_KIND[e.kind], e.number)):
        problems.append("enemies: not in canonical order (kind, then number)")
    clones = Counter(e.tile for e in state.enemies if e.kind in CLONES)
    for i, e in enumerate(state.enemies):
        if state.tiles[e.tile].face_down or state.tiles[e.tile].removed:
            problems.append(f"enemies[{i}].tile: {e.id} stands on no face-up tile")
        if e.power and e.kind != "blaster":
            problems.append(f"enemies[{i}].power: {e.id} holds power tokens but is no "
                            "blaster (L7-blaster-power)")
    # Spawns respect the pack limit; scenario setup may exceed it (not here).
    for tile, n in clones.items():
        if n > max(scen.pack_limit, sum(1 for k, _, t in scen.enemies
                                        if k in CLONES and t == tile)):
            problems.append(f"enemies: {n} clones on tile {tile}, over the pack limit "
                            "(L7-R15)")
    return problems


def _cronos_and_scenario(state: State, lay: Any) -> list[str]:
    """Dr. Cronos and the scenario's markers on face-up tiles, sorted sets, the result."""
    problems: list[str] = []
    if state.cronos != -1 and (state.tiles[state.cronos].face_down
                               or state.tiles[state.cronos].removed):
        problems.append("cronos: Dr. Cronos stands on no tile")
    scn = state.scn
    for t in (*scn.swarms, *scn.accessed):
        if state.tiles[t].face_down:
            problems.append(f"scn: a swarm or accessed marker on no face-up tile ({t})")
    if list(scn.swarms) != sorted(set(scn.swarms)) or \
            list(scn.accessed) != sorted(set(scn.accessed)) or \
            list(scn.boxed) != sorted(set(scn.boxed)) or \
            list(scn.items_out) != sorted(scn.items_out):
        problems.append("scn: marker lists are not sorted sets")
    if scn.killed and state.cronos != -1:
        problems.append("scn.killed: Dr. Cronos is dead and on the map")
    if scn.result not in ("", "win", "defeat") or (scn.result and p_kind(state) != "over"):
        problems.append(f"scn.result: bad scenario result {show_value(scn.result)}")
    return problems


def _doors(state: State, lay: Any) -> list[str]:
    """Locked markers and barricades on joined doors, never both on one door."""
    problems = [f"locked[{i}]: locked marker on {d}, which is no joined door"
                for i, d in enumerate(state.locked) if d not in lay.doors]
    if list(state.locked) != sorted(set(state.locked)):
        problems.append("locked: not a sorted set of doors")
    barred = [d for d, _ in state.barricades]
    if len(set(barred)) != len(barred):
        problems.append("barricades: a door holds two barricades")
    for i, (d, strength) in enumerate(state.barricades):
        if d not in lay.doors:
            problems.append(f"barricades[{i}]: bad barricade {d} {strength}: no joined door")
        if d in state.locked:
            problems.append(f"barricades[{i}]: {d} is locked and barricaded")
    return problems


def _event_cards(state: State, lay: Any) -> list[str]:
    """The event cards: the deck, the discards and the card showing make the deck."""
    problems: list[str] = []
    cfg = state.setup.cfg
    drawn = 1 if state.event >= 0 else 0
    if sum(state.events_deck) + sum(state.events_discard) + drawn != len(cfg.events):
        problems.append("events_deck: the event cards do not add up (deck, discards and "
                        f"the card showing make {sum(state.events_deck)} + "
                        f"{sum(state.events_discard)} + {drawn}, the deck has "
                        f"{len(cfg.events)})")
    if state.event >= 0 and (state.events_deck[state.event] or
                             state.events_discard[state.event]):
        problems.append("event: the card showing is also in the deck or the discards")
    return problems


def _item_cards(state: State, lay: Any) -> list[str]:
    """Each item card in the deck, the discards, a hand or out of play."""
    cfg = state.setup.cfg
    carried = Counter([it for c in state.chars for it in c.items] + list(state.scn.items_out))
    problems: list[str] = []
    for i, card in enumerate(cfg.items):
        total = state.items_deck[i] + state.items_discard[i] + carried[card.name]
        if total != card.copies:
            problems.append(f"items_deck[{i}]: the {card.name} cards do not add up (deck "
                            f"{state.items_deck[i]}, discards {state.items_discard[i]}, "
                            f"carried or out {carried[card.name]}; copies {card.copies})")
    return problems


def _placing(state: State) -> object:
    # The pending step matters to the tile checks only while a drawn tile waits.
    return state.pending if state.pending.kind == "place" else None


Reads = Callable[[State], tuple[object, ...]]
#: The rules' invariants in the order their problems are reported: the rule each
#: checks, the check, and the fields it reads (for the identity cache of :func:`_box`;
#: None: always run).
CHECKS: tuple[tuple[str, Callable[[State, Any], list[str]], Reads | None], ...] = (
    ("L7-terror-floor", _characters, lambda s: (s.chars, s.tiles, s.setup)),
    ("L7-components", _tiles_once, lambda s: (s.tiles, s.stacks, _placing(s), s.setup)),
    ("L7-components", _stacks_supply, lambda s: (s.tiles, s.stacks, _placing(s))),
    ("L7-components", _figures, lambda s: (s.enemies, s.reserves, s.scn.boxed, s.setup)),
    ("L7-R15", _enemies, lambda s: (s.enemies, s.tiles, s.setup)),
    ("L7-marker-roles", _cronos_and_scenario, lambda s: (s.cronos, s.tiles, s.scn,
                                                         s.pending.kind)),
    ("L7-barricade", _doors, lambda s: (s.locked, s.barricades, s.tiles, s.links, s.setup)),
    ("L7-components", _event_cards, lambda s: (s.events_deck, s.events_discard, s.event,
                                               s.setup)),
    ("L7-components", _item_cards, lambda s: (s.items_deck, s.items_discard, s.chars,
                                              s.scn.items_out, s.setup)),
)
_SOUND: list[tuple[object, ...] | None] = [None] * len(CHECKS)


def _scenario_map(state: State) -> list[str]:
    """The scenario's starting map is still in place (its procedures find the lift, the
    exit, the start tiles by their place), and the map is one its procedures can play."""
    scen = state.setup.scen
    problems: list[str] = []
    if len(state.tiles) < len(scen.tiles):
        return [f"tiles: {len(state.tiles)} placements, fewer than the scenario's starting "
                f"map ({len(scen.tiles)})"]
    for i, (now, was) in enumerate(zip(state.tiles, scen.tiles, strict=False)):
        if was.face_down:
            if now.face_down and (now.stack, now.floor, now.x, now.y) != \
                    (was.stack, was.floor, was.x, was.y):
                problems.append(f"tiles[{i}]: the scenario's face-down tile moved")
        elif (now.tile, now.floor, now.x, now.y, now.rotation, now.face_down) != \
                (was.tile, was.floor, was.x, was.y, was.rotation, was.face_down):
            problems.append(f"tiles[{i}]: {show_value(now.tile)}, but the scenario's starting "
                            f"map has {was.tile} there (placement order, L7-R24)")
    for i, p in enumerate(state.tiles[len(scen.tiles):], start=len(scen.tiles)):
        if p.face_down:
            problems.append(f"tiles[{i}]: only the scenario's starting map has face-down "
                            "tiles")
    if problems:
        return problems
    name = state.setup.scenario
    scn = state.scn
    if name != "13" and (scn.killed or scn.result):
        return ["scn.killed: only scenario 13 kills Dr. Cronos (L7-S13-aux)"]
    if name != "9" and scn.accessed:
        return ["scn.accessed: only scenario 9 has accessed markers (L7-S9-generator)"]
    if name == "sandbox" and (scn.locked_down or scn.trigger or scn.exit_open or scn.surged):
        return ["scn.locked_down: the sandbox has no lockdown of its own (L7-SB-cronos)"]
    if name == "9":
        return _scenario9(state)
    if name == "13" and scn.locked_down and state.cronos < 0 and not scn.killed and \
            not any(p.tile == "Lair" for p in state.tiles):
        return ["scn.locked_down: scenario 13's lockdown starts when the Lair is found, "
                "but the Lair is not on the map (L7-S13-trigger)"]
    return []


def _scenario9(state: State) -> list[str]:
    """Central Command, once placed, has a tile at Dr. Cronos's distance: a successful
    access puts him there (L7-R43, L7-R89). (A what-if may start scenario 9 in lockdown
    without it: nothing of the lockdown needs it on the map.)"""
    from boardlab.level7_lockdown.rules import Work

    w = Work(state)
    command = w.hooks.command(w)
    if command is None:
        return []
    if not w.hooks.cronos_choices(w):
        return [f"tiles: Central Command (tile {command}) has no tile at Dr. Cronos's "
                "distance, so a successful access could not place him (L7-R43)"]
    return []


def _is_item(cfg: Any, name: str) -> bool:
    try:
        cfg.item_index(name)
    except KeyError:
        return False
    return True


_KIND = {k: i for i, k in enumerate(ENEMY_KINDS)}
