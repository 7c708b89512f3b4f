"""What must hold in every Level 7 state (checked after every step by the conformance run).

Fear between 1 and 8 and never below terror (L7-terror-floor); terror 8 only with a
heart attack (L7-terror-heart); at most five power tokens per blaster (L7-blaster-power);
nothing in two places (each tile once on the map or in a stack, each enemy figure once
on the map or in the reserves, each item card once); markers on real doors and tiles;
the pack limit (L7-R15); well-formed pending steps.

>>> from boardlab.level7_lockdown.api import new_match
>>> invariants(new_match(players=2).state)
[]
"""

from __future__ import annotations

from collections import Counter

from boardlab.level7_lockdown.config import ENEMY_KINDS, FEAR_MAX, HEART_ATTACK, POWER_MAX
from boardlab.level7_lockdown.geometry import layout
from boardlab.level7_lockdown.scenario import POOL, UNSEEN
from boardlab.level7_lockdown.state import HEART_ATTACK as HEART
from boardlab.level7_lockdown.state import INSIDE, STATUSES, Setup, State

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


def invariants(state: State) -> list[str]:
    """Every broken invariant of ``state``, in words (empty when the state is sound)."""
    from boardlab.level7_lockdown.rules import (
        DECISION_KINDS,
        PENDING_KINDS,
        ROLL_PURPOSES,
        STEPS,
    )

    problems: list[str] = []
    setup = state.setup
    cfg, scen = setup.cfg, setup.scen
    try:
        lay = layout(state.tiles, state.links, cfg)
    except ValueError as err:
        return [f"the map is broken: {err}"]
    n_tiles = len(state.tiles)
    # -- characters
    if tuple(c.name for c in state.chars) != setup.characters:
        problems.append("the characters are not the setup's, in seat order")
    for c in state.chars:
        if c.status not in STATUSES:
            problems.append(f"{c.name} has unknown status {c.status!r}")
        if not 0 <= c.tile < n_tiles or state.tiles[c.tile].face_down:
            problems.append(f"{c.name} stands on no face-up tile ({c.tile})")
        if not 1 <= c.fear <= FEAR_MAX:
            problems.append(f"{c.name}'s fear {c.fear} is outside 1…8")
        if c.fear < c.terror:
            problems.append(f"{c.name}'s fear {c.fear} is below terror {c.terror}")
        if c.terror < 0 or c.terror > HEART_ATTACK:
            problems.append(f"{c.name}'s terror {c.terror} is outside 0…8")
        if (c.terror >= HEART_ATTACK) != (c.status == HEART):
            problems.append(f"{c.name} has terror {c.terror} and status {c.status}: terror 8 "
                            "is a heart attack")
        if c.status == INSIDE and c.vitality < 1:
            problems.append(f"{c.name} is on the map with {c.vitality} vitality")
        if c.vitality < 0 or c.adrenaline < 0 or c.threat < 0:
            problems.append(f"{c.name} has a negative count")
        if c.down and c.status != INSIDE:
            problems.append(f"{c.name} lies down off the map")
        for it in c.items:
            try:
                cfg.item_index(it)
            except KeyError:
                problems.append(f"{c.name} carries an unknown item {it!r}")
    # -- tiles: each once, on the map or unseen in a stack (a "*" holds a pool tile)
    seen = Counter(p.tile for p in state.tiles if not p.face_down)
    unseen_slots = 0
    for name, tiles in state.stacks:
        seen.update(t for t in tiles if t != UNSEEN)
        if name != POOL:
            unseen_slots += tiles.count(UNSEEN)
        if list(tiles) != sorted(tiles):
            problems.append("a stack is not in canonical order")
    if unseen_slots != len(state.stack(POOL)):
        problems.append(f"{unseen_slots} unseen stack entries for {len(state.stack(POOL))} "
                        "pool tiles")
    if state.pending.kind == "place":
        seen[state.pending.tile] += 1     # drawn, waiting to be placed
    twice = [t for t, n in seen.items() if n > 1]
    if twice:
        problems.append(f"tile {twice[0]!r} is in two places")
    expected = _census(setup)
    if set(seen) - set(expected):
        problems.append(f"unknown tiles {sorted(set(seen) - set(expected))}")
    if sum(expected.values()) != sum(seen.values()):
        problems.append("tiles appeared or vanished")
    for c in state.chars:
        if c.status == INSIDE and state.tiles[c.tile].removed:
            problems.append(f"{c.name} stands on a tile that left play")
    # A face-down tile is drawn from its stack when flipped: that stack must hold enough.
    waiting = Counter(p.stack for p in state.tiles if p.face_down)
    if state.pending.kind == "place" and state.pending.index >= 0:
        waiting[state.tiles[state.pending.index].stack] -= 1   # drawn, being turned over
    for name, n in waiting.items():
        if len(state.stack(name)) < n:
            problems.append(f"stack {name!r} cannot supply its {n} face-down tiles")
    # -- enemies: each figure once, on the map or in the reserves
    figures = Counter((e.kind, e.number) for e in state.enemies)
    for kind, numbers in state.reserves:
        if kind not in ENEMY_KINDS:
            problems.append(f"unknown reserve {kind!r}")
        figures.update((kind, n) for n in numbers)
        if list(numbers) != sorted(numbers):
            problems.append(f"the {kind} reserves are not sorted")
    figures.update(state.scn.boxed)
    if any(n > 1 for n in figures.values()):
        problems.append("an enemy figure is in two places")
    start = Counter((k, n) for k, n, _ in scen.enemies)
    for kind, numbers in scen.reserves:
        start.update((kind, n) for n in numbers)
    start.update(scen.boxed)
    if figures != start:
        problems.append("enemy figures appeared or vanished")
    clones = Counter(e.tile for e in state.enemies if e.kind in CLONES)
    for e in state.enemies:
        if not 0 <= e.tile < n_tiles or state.tiles[e.tile].face_down \
                or state.tiles[e.tile].removed:
            problems.append(f"{e.id} stands on no face-up tile")
        if not 0 <= e.power <= POWER_MAX:
            problems.append(f"{e.id} holds {e.power} power tokens (0…5)")
        if e.power and e.kind != "blaster":
            problems.append(f"{e.id} holds power tokens but is no blaster")
    # Spawns respect the pack limit; scenario setup may exceed it (not here).
    for tile, n in clones.items():
        if n > max(scen.pack_limit, sum(1 for k, _, t in scen.enemies
                                        if k in CLONES and t == tile)):
            problems.append(f"{n} clones on tile {tile}, over the pack limit")
    if state.cronos != -1 and (not 0 <= state.cronos < n_tiles
                               or state.tiles[state.cronos].face_down
                               or state.tiles[state.cronos].removed):
        problems.append("Dr. Cronos stands on no tile")
    scn = state.scn
    for t in (*scn.swarms, *scn.accessed):
        if not 0 <= t < n_tiles or state.tiles[t].face_down:
            problems.append(f"a swarm or accessed marker on no face-up tile ({t})")
    if list(scn.swarms) != sorted(set(scn.swarms)) or \
            list(scn.accessed) != sorted(set(scn.accessed)):
        problems.append("marker lists are not sorted sets")
    if scn.killed and state.cronos != -1:
        problems.append("Dr. Cronos is dead and on the map")
    if scn.result not in ("", "win", "defeat") or (scn.result and p_kind(state) != "over"):
        problems.append(f"bad scenario result {scn.result!r}")
    # -- markers
    for d in state.locked:
        if d not in lay.doors:
            problems.append(f"locked marker on {d}, which is no joined door")
    for d, s in state.barricades:
        if d not in lay.doors or s not in (1, 2):
            problems.append(f"bad barricade {d} {s}")
        if d in state.locked:
            problems.append(f"{d} is locked and barricaded")
    for t, kind in state.clouds:
        if not 0 <= t < n_tiles or kind not in ("gas", "extinguisher"):
            problems.append(f"bad cloud {kind} on {t}")
    for t in state.caches:
        if not 0 <= t < n_tiles:
            problems.append(f"supply cache on no tile {t}")
    # -- cards and pools
    if len(state.events_deck) != len(cfg.events) or any(
            n < 0 for n in (*state.events_deck, *state.events_discard)):
        problems.append("bad event deck counts")
    drawn = 1 if state.event >= 0 else 0
    if sum(state.events_deck) + sum(state.events_discard) + drawn != len(cfg.events):
        problems.append("the event cards do not add up")
    carried = Counter(it for c in state.chars for it in c.items)
    carried.update(state.scn.items_out)
    for i, card in enumerate(cfg.items):
        total = state.items_deck[i] + state.items_discard[i] + carried[card.name]
        if total != card.copies or state.items_deck[i] < 0 or state.items_discard[i] < 0:
            problems.append(f"the {card.name} cards do not add up")
    if state.threat_pool < 0 or state.lockdown < 0:
        problems.append("a pool went negative")
    # -- procedure
    p = state.pending
    if p.kind not in PENDING_KINDS:
        problems.append(f"unknown pending step {p.kind!r}")
    if p.kind == "roll" and (p.purpose not in ROLL_PURPOSES or not 0 <= p.dice
                             <= cfg.dice_cap):
        problems.append(f"bad roll {p.purpose!r} with {p.dice} dice")
    if state.step not in STEPS:
        problems.append(f"unknown step {state.step!r}")
    if (p.kind == "over") != (state.step == "over"):
        problems.append("over and not over at once")
    if p.kind in DECISION_KINDS and state.chars[state.active].status != INSIDE:
        problems.append("a character out of play is asked to decide")
    if not 1 <= state.round <= setup.rounds + 1:
        problems.append(f"round {state.round} is beyond the turn limit")
    return problems
