"""Dr. Cronos: his common rules (L7-cronos-*) and his activation, whose timing and dice
each scenario's hooks set (L7-SB-cronos, L7-S9-cronos … L7-S13-lockdown).

He never decides: he walks a cheapest path (L7-R37) toward the character with the
highest total fear (L7-R4), spending moves on guards on his tile (L7-cronos-guards,
L7-R78), on locked doors (L7-cronos-locked) and on barricades (L7-cronos-barricade); he
never leaves a tile with a character (L7-cronos-stay) and stops on reaching one. In
scenario 12 he explores where no path leads to his target (L7-R56), and leaving a tile
may spawn hybrids (L7-S12-departure): both are chance nodes in the middle of his walk,
which resumes with the moves left (``Pending.left``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.level7_lockdown import effects
from boardlab.level7_lockdown.choices import Roll, TileDraw
from boardlab.level7_lockdown.config import SPEED
from boardlab.level7_lockdown.events import CRONOS_IDLE, CRONOS_MOVE, CRONOS_MOVES, CRONOS_ROLL
from boardlab.level7_lockdown.geometry import (
    Door,
    DoorCost,
    cells_of,
    costs_from,
    place,
    placements_through,
    step_toward,
)
from boardlab.level7_lockdown.kinds import Auto, Kind, Purpose
from boardlab.level7_lockdown.state import INSIDE, Char, Pending, Task

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work


def task_cronos(w: Work, task: Task) -> bool:
    """The queue's Dr. Cronos task: his activation while he is in play."""
    return w.cronos >= 0 and start(w)


def start(w: Work) -> bool:
    """His activation: as many dice as the scenario gives him (the sandbox: one per
    LOCKDOWN token, L7-SB-cronos, L7-R25, L7-R26). True when it waits for the roll."""
    rule_id = w.hooks.cronos_rule
    dice = w.dice(w.hooks.cronos_dice(w))
    if not dice:
        w.emit_t(CRONOS_IDLE[rule_id], None)
        return False
    w.emit_t(CRONOS_ROLL[rule_id], None, dice)
    w.wait(Pending(Kind.ROLL, Purpose.CRONOS, dice=dice, icon=SPEED))
    return True


def cronos_cost(w: Work, door: Door | None) -> int | None:
    """Moves to cross a door (L7-R37): open 1, locked 2, barricade 1 + damage left; a
    sealed door (scenario 9's lift, L7-R44) not at all."""
    if door is None:
        return 1
    if door in w.locked:
        return None if w.hooks.sealed(w, door) else 2
    return 1 + w.barricade(door)


def target(w: Work) -> Char | None:
    """The character with the highest total fear, ties by turn order (L7-R4)."""
    best: Char | None = None
    for i in w.turn_order():
        c = w.chars[i]
        if c.status == INSIDE and (best is None or w.total_fear(c) > w.total_fear(best)):
            best = c
    return best


def resolve_roll(w: Work, roll: Roll) -> None:
    moves = roll.speed
    w.emit_t(CRONOS_MOVES[w.hooks.cronos_rule], None, moves)
    if walk(w, moves):
        return
    w.then(Auto.QUEUE)


def walk(w: Work, moves: int) -> bool:
    """Walk up to ``moves`` moves; True while waiting for a chance node (a tile he
    explores, a departure roll), after which the walk resumes."""
    def cost(door: Door | None) -> int | None:
        return cronos_cost(w, door)

    while moves > 0 and w.cronos >= 0:
        here = w.cronos
        guards = [e for e in w.enemies_on(here) if e.kind == "guard"]
        if guards:
            w.to_reserves(guards[0].id, "Dr. Cronos spends a move to send it away",
                          "L7-cronos-guards")
            moves -= 1
            continue
        if w.chars_on(here):
            w.emit("cronos_stays", "Dr. Cronos will not leave a tile with a character on "
                   "it", "L7-cronos-stay")
            return False
        goal = target(w)
        if goal is None:
            return False
        step = _step(w, here, goal.tile, cost)
        if step is None:
            if w.hooks.cronos_explores(w):
                return explore(w, goal, moves)
            w.emit("cronos_blocked", f"Dr. Cronos finds no way toward {goal.name}", "L7-R37")
            return False
        nxt, door = step
        moves -= 1
        if door is not None and door in w.locked:
            w.locked = tuple(d for d in w.locked if d != door)
            w.emit("cronos_unlock", f"Dr. Cronos spends a move to remove the locked door "
                   f"marker on {w.door_words(door)}", "L7-cronos-locked", door=door)
            continue
        if door is not None and w.barricade(door):
            w.damage_barricade(door, "Dr. Cronos spends a move on it", "L7-cronos-barricade")
            continue
        if move_to(w, here, nxt, f"toward {goal.name}", moves):
            return True
        moves = 0 if w.chars_on(nxt) else moves
    return False


def _step(w: Work, here: int, goal: int, cost: DoorCost) -> tuple[int, Door | None] | None:
    """His next tile and door on a cheapest path from ``here`` to ``goal``; remembered
    per map, locked doors and barricades where no door is sealed by the scenario."""
    if "sealed" not in w.t.plain:
        return step_toward(w.lay, here, costs_from(w.lay, goal, cost), cost)
    variant = ("cronos", w.locked, w.barricades)
    return w.map_memo(("step", here, goal, variant), lambda key: step_toward(
        w.lay, here, w.costs(goal, cost, variant), cost))


def move_to(w: Work, here: int, nxt: int, why: str, left: int) -> bool:
    """He moves from ``here`` to ``nxt``; stops on a character; the scenario's
    departure rule follows (True while it waits for a roll)."""
    w.cronos = nxt
    w.emit_t(CRONOS_MOVE["L7-R37"], None, here, nxt, w.tname(here), w.tname(nxt), why)
    if w.chars_on(nxt):
        w.emit("cronos_stop", f"Dr. Cronos reaches "
               f"{', '.join(c.name for c in w.chars_on(nxt))} and stops",
               w.hooks.cronos_rule)
        w.hooks.cronos_reached(w)
        left = 0
    return w.hooks.cronos_left(w, here, left)


# -- exploring (scenario 12) ---------------------------------------------------------------
def explore(w: Work, goal: Char, moves: int) -> bool:
    """No path to his target: he explores through the free door of his tile whose far
    cell is nearest to the target (L7-R56); the tile is drawn as a character's would
    be, without an event card. True while waiting for the draw."""
    here = w.cronos
    cells = cells_of(w.spec(goal.tile), w.tiles[goal.tile])
    options = [(door, far, -1) for door, far in w.lay.ends[here]]
    for door, j in w.lay.flips[here]:
        p = w.tiles[j]
        options.append((door, (p.floor, p.x, p.y), j))
    best = None
    for door, far, flip in options:
        stack = (w.tiles[flip].stack if flip >= 0 else w.hooks.draw_stack(w, goal, ""))
        if not stack or not w.stack_tiles(stack):
            continue
        dist = min((abs(far[1] - g[1]) + abs(far[2] - g[2]) if far[0] == g[0] else 999)
                   for g in cells)
        key = (dist, w.door_rank(here, door))
        if best is None or key < best[0]:
            best = (key, door, flip, stack)
    if best is None:
        w.emit("cronos_blocked", f"Dr. Cronos finds no way toward {goal.name} and nothing "
               "to explore", "L7-R56")
        return False
    _, door, flip, stack = best
    words = w.door_words(door, here)
    what = "turns over the face-down tile there" if flip >= 0 else f"a tile from {stack}"
    w.emit("cronos_explore", f"Dr. Cronos finds no path to {goal.name} and explores "
           f"through {words}: {what}", "L7-R56", door=door, stack=stack)
    w.wait(Pending(Kind.TILE_DRAW, Purpose.CRONOS, "cronos", door=door, stack=stack,
                   index=flip, left=moves - 1))
    return True


def tile_drawn(w: Work, draw: TileDraw) -> None:
    """The tile he explored: the first legal placement (L7-R88), then he steps on it."""
    p = w.pending
    assert p.door is not None
    replacing = p.index if p.index >= 0 else None
    spec = w.cfg.tile(draw.tile)
    options = placements_through(w.lay, spec, p.door, replacing=replacing)
    w.emit("draw_tile", f"The tile is {draw.tile}", "L7-R56", tile=draw.tile,
           stack=p.stack)
    if not options:
        w.emit("no_space", f"Not enough space for {draw.tile}: it goes back into "
               f"{p.stack} and Dr. Cronos stays", "L7-R79", tile=draw.tile)
        return w.then(Auto.QUEUE)
    w.take_from_stack(p.stack, draw.tile)
    first = options[0]
    w.tiles, index = place(w.tiles, first, replacing=replacing)
    turned = f", turned {90 * first.rotation}°" if first.rotation else ""
    w.emit("place_tile", f"{draw.tile} is placed at ({first.x},{first.y}) on floor "
           f"{first.floor}{turned} (its first legal placement)", "L7-R88",
           tile=draw.tile, x=first.x, y=first.y, rotation=first.rotation, index=index)
    w.hooks.after_place(w, index, "cronos")
    if move_to(w, w.cronos, index, "onto the tile he explored", p.left):
        return
    if walk(w, p.left):
        return
    w.then(Auto.QUEUE)


def drain(w: Work) -> None:
    """End of every turn: each character on his tile loses 1 vitality
    (L7-cronos-drain)."""
    for i, c in enumerate(w.chars):
        if c.status == INSIDE and c.tile == w.cronos:
            effects.lose_vitality(w, i, 1, "Dr. Cronos is on their tile", "L7-cronos-drain")
