"""Dr. Cronos: his common rules (L7-cronos-*) and the sandbox's activation (L7-SB-cronos).

He never decides: he walks a cheapest path (L7-R37) toward the character with the
highest total fear (L7-R4), spending moves on guards on his tile (L7-cronos-guards,
L7-R78), on locked doors (L7-cronos-locked) and on barricades (L7-cronos-barricade); he
never leaves a tile with a character (L7-cronos-stay) and stops on reaching one.
"""

from __future__ import annotations

from boardlab.level7_lockdown.choices import Roll
from boardlab.level7_lockdown.config import SPEED
from boardlab.level7_lockdown.enemies import Enemies
from boardlab.level7_lockdown.geometry import Door, costs_from, step_toward
from boardlab.level7_lockdown.state import INSIDE, Char, Pending
from boardlab.level7_lockdown.work import plural


class Cronos(Enemies):
    __slots__ = ()

    def start_cronos(self) -> bool:
        """His activation at the end of the enemy step: one die per LOCKDOWN token
        (L7-SB-cronos, L7-R25, L7-R26). True when it waits for the roll."""
        dice = self.dice(self.lockdown)
        if not dice:
            self.emit("cronos_idle", "Dr. Cronos has no LOCKDOWN token to roll for and stays",
                      "L7-SB-cronos")
            return False
        self.emit("cronos_roll", f"Dr. Cronos activates: {plural(dice, 'die')}, one per "
                  "LOCKDOWN token", "L7-SB-cronos", dice=dice)
        self.wait(Pending("roll", "cronos", dice=dice, icon=SPEED))
        return True

    def cronos_cost(self, door: Door | None) -> int:
        """Moves to cross a door (L7-R37): open 1, locked 2, barricade 1 + damage left."""
        if door is None:
            return 1
        if door in self.locked:
            return 2
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
                  f"{plural(moves, 'move')}", "L7-SB-cronos", moves=moves)
        self.cronos_walk(moves)
        self.run_queue()

    def cronos_walk(self, moves: int) -> None:
        while moves > 0:
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
                return
            target = self.cronos_target()
            if target is None:
                return
            costs = costs_from(self.lay, target.tile, self.cronos_cost)
            step = step_toward(self.lay, here, costs, self.cronos_cost)
            if step is None:
                self.emit("cronos_blocked", f"Dr. Cronos finds no way toward {target.name}",
                          "L7-R37")
                return
            nxt, door = step
            if door is not None and door in self.locked:
                self.locked = tuple(d for d in self.locked if d != door)
                self.emit("cronos_unlock", f"Dr. Cronos spends a move to remove the locked "
                          f"door marker on {self.door_words(door)}", "L7-cronos-locked", door=door)
                moves -= 1
                continue
            if door is not None and self.barricade(door):
                self.damage_barricade(door, "Dr. Cronos spends a move on it",
                                      "L7-cronos-barricade")
                moves -= 1
                continue
            self.cronos = nxt
            moves -= 1
            self.emit("cronos_move", f"Dr. Cronos moves from {self.tname(here)} to "
                      f"{self.tname(nxt)}, toward {target.name}", "L7-R37", start=here,
                      end=nxt)
            if self.chars_on(nxt):
                self.emit("cronos_stop", f"Dr. Cronos reaches "
                          f"{', '.join(c.name for c in self.chars_on(nxt))} and stops",
                          "L7-SB-cronos")
                return

    def cronos_drain(self) -> None:
        """End of every turn: each character on his tile loses 1 vitality
        (L7-cronos-drain)."""
        for i, c in enumerate(self.chars):
            if c.status == INSIDE and c.tile == self.cronos:
                self.lose_vitality(i, 1, "Dr. Cronos is on their tile", "L7-cronos-drain")
