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

from boardlab.level7_lockdown.choices import Roll, TileDraw
from boardlab.level7_lockdown.config import SPEED
from boardlab.level7_lockdown.enemies import Enemies
from boardlab.level7_lockdown.geometry import (
    Door,
    cells_of,
    costs_from,
    place,
    placements_through,
    step_toward,
)
from boardlab.level7_lockdown.state import INSIDE, Char, Pending
from boardlab.level7_lockdown.work import plural


class Cronos(Enemies):
    __slots__ = ()

    def start_cronos(self) -> bool:
        """His activation: as many dice as the scenario gives him (the sandbox: one per
        LOCKDOWN token, L7-SB-cronos, L7-R25, L7-R26). True when it waits for the roll."""
        rule_id = self.hooks.cronos_rule
        dice = self.dice(self.hooks.cronos_dice(self.work))
        if not dice:
            self.emit("cronos_idle", "Dr. Cronos has no die to roll and stays", rule_id)
            return False
        self.emit("cronos_roll", f"Dr. Cronos activates: {plural(dice, 'die')}", rule_id,
                  dice=dice)
        self.wait(Pending("roll", "cronos", dice=dice, icon=SPEED))
        return True

    def cronos_cost(self, door: Door | None) -> int | None:
        """Moves to cross a door (L7-R37): open 1, locked 2, barricade 1 + damage left; a
        sealed door (scenario 9's lift, L7-R44) not at all."""
        if door is None:
            return 1
        if door in self.locked:
            return None if self.hooks.sealed(self.work, door) else 2
        return 1 + self.barricade(door)

    def cronos_target(self) -> Char | None:
        """The character with the highest total fear, ties by turn order (L7-R4)."""
        best: Char | None = None
        for i in self.turn_order():
            c = self.chars[i]
            if c.status == INSIDE and (best is None
                                       or self.total_fear(c) > self.total_fear(best)):
                best = c
        return best

    def resolve_cronos(self, roll: Roll) -> None:
        moves = roll.speed
        self.emit("cronos_moves", f"Dr. Cronos rolls {plural(moves, 'Speed icon')}: "
                  f"{plural(moves, 'move')}", self.hooks.cronos_rule, moves=moves)
        if self.cronos_walk(moves):
            return
        self.run_queue()

    def cronos_walk(self, moves: int) -> bool:
        """Walk up to ``moves`` moves; True while waiting for a chance node (a tile he
        explores, a departure roll), after which the walk resumes."""
        while moves > 0 and self.cronos >= 0:
            here = self.cronos
            guards = [e for e in self.enemies_on(here) if e.kind == "guard"]
            if guards:
                self.to_reserves(guards[0].id, "Dr. Cronos spends a move to send it away",
                                 "L7-cronos-guards")
                moves -= 1
                continue
            if self.chars_on(here):
                self.emit("cronos_stays", "Dr. Cronos will not leave a tile with a character "
                          "on it", "L7-cronos-stay")
                return False
            target = self.cronos_target()
            if target is None:
                return False
            costs = costs_from(self.lay, target.tile, self.cronos_cost)
            step = step_toward(self.lay, here, costs, self.cronos_cost)
            if step is None:
                if self.hooks.cronos_explores(self.work):
                    return self.cronos_explore(target, moves)
                self.emit("cronos_blocked", f"Dr. Cronos finds no way toward {target.name}",
                          "L7-R37")
                return False
            nxt, door = step
            if door is not None and door in self.locked:
                self.locked = tuple(d for d in self.locked if d != door)
                self.emit("cronos_unlock", f"Dr. Cronos spends a move to remove the locked "
                          f"door marker on {self.door_words(door)}", "L7-cronos-locked",
                          door=door)
                moves -= 1
                continue
            if door is not None and self.barricade(door):
                self.damage_barricade(door, "Dr. Cronos spends a move on it",
                                      "L7-cronos-barricade")
                moves -= 1
                continue
            moves -= 1
            if self.cronos_step(here, nxt, f"toward {target.name}", moves):
                return True
            moves = 0 if self.chars_on(nxt) else moves
        return False

    def cronos_step(self, here: int, nxt: int, why: str, left: int) -> bool:
        """He moves from ``here`` to ``nxt``; stops on a character; the scenario's
        departure rule follows (True while it waits for a roll)."""
        self.cronos = nxt
        self.emit("cronos_move", f"Dr. Cronos moves from {self.tname(here)} to "
                  f"{self.tname(nxt)}, {why}", "L7-R37", start=here, end=nxt)
        if self.chars_on(nxt):
            self.emit("cronos_stop", f"Dr. Cronos reaches "
                      f"{', '.join(c.name for c in self.chars_on(nxt))} and stops",
                      self.hooks.cronos_rule)
            self.hooks.cronos_reached(self.work)
            left = 0
        return self.hooks.cronos_left(self.work, here, left)

    # -- exploring (scenario 12) -----------------------------------------------------------
    def cronos_explore(self, target: Char, moves: int) -> bool:
        """No path to his target: he explores through the free door of his tile whose far
        cell is nearest to the target (L7-R56); the tile is drawn as a character's would
        be, without an event card. True while waiting for the draw."""
        here = self.cronos
        goal = cells_of(self.spec(target.tile), self.tiles[target.tile])
        options = []
        for door, far in self.lay.ends[here]:
            options.append((door, far, -1))
        for door, j in self.lay.flips[here]:
            p = self.tiles[j]
            options.append((door, (p.floor, p.x, p.y), j))
        best = None
        for door, far, flip in options:
            stack = (self.tiles[flip].stack if flip >= 0
                     else self.hooks.draw_stack(self.work, target, ""))
            if not stack or not self.stack_tiles(stack):
                continue
            dist = min((abs(far[1] - g[1]) + abs(far[2] - g[2]) if far[0] == g[0] else 999)
                       for g in goal)
            key = (dist, self.door_rank(here, door))
            if best is None or key < best[0]:
                best = (key, door, flip, stack)
        if best is None:
            self.emit("cronos_blocked", f"Dr. Cronos finds no way toward {target.name} and "
                      "nothing to explore", "L7-R56")
            return False
        _, door, flip, stack = best
        words = self.door_words(door, here)
        what = "turns over the face-down tile there" if flip >= 0 else f"a tile from {stack}"
        self.emit("cronos_explore", f"Dr. Cronos finds no path to {target.name} and explores "
                  f"through {words}: {what}", "L7-R56", door=door, stack=stack)
        self.wait(Pending("tile_draw", "cronos", "cronos", door=door, stack=stack, index=flip,
                          left=moves - 1))
        return True

    def cronos_tile_drawn(self, draw: TileDraw) -> None:
        """The tile he explored: the first legal placement (L7-R88), then he steps on it."""
        p = self.pending
        assert p.door is not None
        replacing = p.index if p.index >= 0 else None
        spec = self.cfg.tile(draw.tile)
        options = placements_through(self.lay, spec, p.door, replacing=replacing)
        self.emit("draw_tile", f"The tile is {draw.tile}", "L7-R56", tile=draw.tile,
                  stack=p.stack)
        if not options:
            self.emit("no_space", f"Not enough space for {draw.tile}: it goes back into "
                      f"{p.stack} and Dr. Cronos stays", "L7-R79", tile=draw.tile)
            return self.run_queue()
        self.take_from_stack(p.stack, draw.tile)
        first = options[0]
        self.tiles, index = place(self.tiles, first, replacing=replacing)
        turned = f", turned {90 * first.rotation}°" if first.rotation else ""
        self.emit("place_tile", f"{draw.tile} is placed at ({first.x},{first.y}) on floor "
                  f"{first.floor}{turned} (its first legal placement)", "L7-R88",
                  tile=draw.tile, x=first.x, y=first.y, rotation=first.rotation, index=index)
        self.hooks.after_place(self.work, index, "cronos")
        if self.cronos_step(self.cronos, index, "onto the tile he explored", p.left):
            return
        if self.cronos_walk(p.left):
            return
        self.run_queue()

    def cronos_drain(self) -> None:
        """End of every turn: each character on his tile loses 1 vitality
        (L7-cronos-drain)."""
        for i, c in enumerate(self.chars):
            if c.status == INSIDE and c.tile == self.cronos:
                self.lose_vitality(i, 1, "Dr. Cronos is on their tile", "L7-cronos-drain")

