"""Scenario 11, "Into the Mouth of Hell" (rules/003, across LEVELS 4 and 5).

Two maps: LEVEL 4 grows from Corridor 104-A, LEVEL 5 from the Security Lift; they
never join, but one move takes a character between the Airlock's elevator and the
Security Lift, and enemies treat the two as neighbours for spawning and moving
(L7-S11-floors, L7-R52). Each floor explores from its own Stacks A and B, then the
shared final stack (L7-S11-setup, L7-R49). A LEVEL 4 peek brings the Airlock with two
rogue clones and both blasters on it, inactive in the turn it appears (L7-S11-peek,
L7-S11-airlock, L7-R51, L7-R75) and the Security Lift below it (L7-R50); before
lockdown nobody gets past an alien there to the lift (L7-R53; Easy: a bull rush or
outwit does, L7-S11-easy). The turn someone first reaches the Security Lift ends in
lockdown: Dr. Cronos on Corridor 104-A (L7-S11-trigger, L7-S11-lockdown). A LEVEL 5
peek brings the A-Lift, the exit (L7-S11-escape).

>>> from boardlab.level7_lockdown.scenario import scenario
>>> s = scenario("11")
>>> [(n, len(t)) for n, t in s.stacks]
[('A4', 6), ('B4', 6), ('A5', 2), ('B5', 6), ('final', 23)]
>>> s.hybrid_limit, s.reserves[4], scenario("11", "hard").lockdown_pool
((('blaster', 1),), ('blaster', (1, 2)), 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardlab.level7_lockdown import events_step
from boardlab.level7_lockdown.geometry import Placement, place
from boardlab.level7_lockdown.scenarios.base import Hooks
from boardlab.level7_lockdown.state import Char, Enemy

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

AIRLOCK: Final = "Airlock"
LIFT: Final = "Security Lift"
EXIT: Final = "A-Lift"
START: Final = "Corridor 104-A"
#: Exploring stacks per floor (Stack A, Stack B, then the shared final stack, L7-R49),
#: and the objective each floor's peek draws.
FLOOR_STACKS: Final = {0: ("A4", "B4", "final"), 1: ("A5", "B5", "final")}
FLOOR_OBJECTIVE: Final = {0: "airlock", 1: "a-lift"}

DATA: Final = {
    "name": "11",
    "title": "Into the Mouth of Hell",
    "level": "LEVEL 4 & 5",
    "layout": {"tiles": [{"tile": START, "x": 0, "y": 0}], "start": START},
    "set_aside": [AIRLOCK, EXIT, LIFT],
    "aside": [LIFT],
    "stacks": [
        {"name": "A4", "pool": 6, "floor": 0},
        {"name": "B4", "pool": 6, "floor": 0},
        {"name": "A5", "pool": 2, "floor": 1},
        {"name": "B5", "pool": 6, "floor": 1},
        {"name": "final", "pool": "rest"},
        {"name": "airlock", "tiles": [AIRLOCK], "role": "objective", "floor": 0},
        {"name": "a-lift", "tiles": [EXIT], "role": "objective", "floor": 1},
    ],
    "stats": {"guards": 4, "secure_number": 1, "rogues": 4, "warriors": 6, "pack_limit": 2,
              "blasters": 2, "blaster_limit": 1, "lockdown_pool": 1, "threat_pool": 24,
              "markers": ["threat", "LOCKDOWN", "POWER"], "vitality": 5, "threat": 1,
              "guard_fear": 4, "clone_threat": 4, "hybrid_threat": 8},
    "rules": ["alien_zone", "peeking", "control_panels"],
    "modes": {"easy": {}, "hard": {"stats": {"lockdown_pool": 2}}},
}


def _find(w: Work, name: str) -> int | None:
    for i, p in enumerate(w.tiles):
        if p.tile == name:
            return i
    return None


class Scenario11(Hooks):
    name = "11"
    exit_rule = "L7-S11-escape"
    cronos_rule = "L7-S11-cronos"
    threat_rule = "L7-R90"

    # -- exploring by floor ------------------------------------------------------------
    def explore_stacks(self, w: Work, c: Char) -> tuple[str, ...]:
        return ("",) if self.draw_stack(w, c, "") is not None else ()

    def draw_stack(self, w: Work, c: Char, stack: str) -> str | None:
        floor = w.tiles[c.tile].floor
        return next((n for n in FLOOR_STACKS[floor] if w.stack_tiles(n)), None)

    def peek(self, w: Work, c: Char, stack: str) -> tuple[int, str]:
        floor = w.tiles[c.tile].floor
        names = FLOOR_STACKS[floor][:2]
        objective = FLOOR_OBJECTIVE[floor]
        return w.peek_dice(names, objective), objective

    # -- the Airlock -------------------------------------------------------------------
    def after_place(self, w: Work, index: int, purpose: str) -> None:
        if w.tiles[index].tile != AIRLOCK:
            return
        placed = []
        for kind, count in (("rogue", 2), ("blaster", 2)):
            for _ in range(count):
                number = w.take_reserve(kind)
                if number is not None:
                    w.add_enemy(kind, number, index)
                    placed.append(f"{kind}#{number}")
        names = ", ".join(placed) or "nobody (the reserves are empty)"
        w.emit("airlock", f"The Airlock comes with its guards: {names} — two rogue clones "
               "in the room opposite the elevator, a blaster in each other room; they do "
               "not activate this turn", "L7-S11-peek", tile=index, enemies=tuple(placed))
        lift = Placement(LIFT, 1, 0, 0)
        w.tiles, lift_index = place(w.tiles, lift)
        w.take_from_stack("aside", LIFT)
        w.links = (*w.links, (index, lift_index))
        w.emit("lower_floor", "The Security Lift starts the map of LEVEL 5; one move takes a "
               "character between the Airlock's elevator and it", "L7-R50", tile=lift_index)

    def inactive(self, w: Work, e: Enemy) -> str:
        airlock = _find(w, AIRLOCK)
        if airlock is not None and e.tile == airlock and airlock in w.explored:
            return "the Airlock joined the map this turn, L7-R51"
        return ""

    def can_move(self, w: Work, c: Char, to: int, how: str) -> bool:
        if how != "link" or w.scn.locked_down or w.scen.mode == "easy":
            return True
        airlock = _find(w, AIRLOCK)
        # Before lockdown no alien on the Airlock may be passed to reach its elevator
        # (L7-S11-airlock, L7-R53).
        return not (c.tile == airlock and w.aliens_on(c.tile))

    # -- lockdown -----------------------------------------------------------------------
    def entered(self, w: Work, tile: int) -> bool:
        if w.tiles[tile].tile == LIFT and not w.scn.locked_down and not w.scn.trigger:
            w.set_scn(trigger=True)
            w.emit("trigger", f"{w.me.name} is the first to reach the Security Lift: "
                   "lockdown starts at the end of this turn", "L7-S11-trigger")
        return False

    def end_of_turn(self, w: Work) -> None:
        if w.scn.trigger and not w.scn.locked_down:
            self.start_lockdown(w)

    def start_lockdown(self, w: Work) -> None:
        w.set_scn(locked_down=True, trigger=False)
        w.cronos = w.scen.start
        w.emit("cronos_placed", f"Lockdown: Dr. Cronos appears on {START}",
               "L7-S11-lockdown", tile=w.cronos)

    def after_events(self, w: Work) -> None:
        if w.scn.locked_down and w.cronos >= 0:
            events_step.pool_check(w, "one", "L7-S11-lockdown")

    def cronos_dice(self, w: Work) -> int:
        return w.lockdown

    def is_exit(self, w: Work, tile: int) -> bool:
        return w.tiles[tile].tile == EXIT


HOOKS: Final = Scenario11()
