"""Scenario 10, "Another Way Out" (rules/003, the first scenario of LEVEL 4).

Break the sample cabinets of the labs to draw the clones out (each broken cabinet is a
swarm marker that spawns clones like a nest, L7-S10-cabinet); clones do not come back
(they go to the box, L7-S10-boxed); when a turn ends with no clone in the reserves,
lockdown starts and the Environmental Control Room becomes the exit (L7-S10-trigger,
L7-S10-escape, latched: L7-R48). Dr. Cronos then appears on the Security Lift and
rolls one die per LOCKDOWN token (L7-S10-lockdown, L7-S10-cronos).

>>> from boardlab.level7_lockdown.scenario import scenario
>>> s = scenario("10")
>>> s.secure_number, s.reserves[1], s.reserves[2], s.lockdown_pool
(1, ('rogue', (1, 2, 3, 4, 5, 6)), ('warrior', (1, 2, 3, 4)), 1)
>>> sorted(t for t in s.stacks[1][1] if t != "*") == sorted(LABS)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from boardlab.level7_lockdown import events_step
from boardlab.level7_lockdown.config import STRENGTH
from boardlab.level7_lockdown.events import plural
from boardlab.level7_lockdown.kinds import Auto
from boardlab.level7_lockdown.scenarios.base import Hooks
from boardlab.level7_lockdown.state import Char, Enemy, Pending

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

#: The seven tiles with a lab icon (names from the text: Red Lab and Abandoned Lab; the
#: other five are boardlab's).
LABS: Final = ("Red Lab", "Abandoned Lab", "Dark Lab", "Bio Lab", "Genetics Lab",
               "Cloning Lab", "Xeno Lab")
EXIT: Final = "Environmental Control Room"

DATA: Final = {
    "name": "10",
    "title": "Another Way Out",
    "level": "LEVEL 4",
    "layout": {"tiles": [{"tile": "Security Lift"}], "start": "Security Lift"},
    "set_aside": [EXIT, *LABS],
    "stacks": [
        {"name": "A", "pool": 6},
        {"name": "B", "pool": 11, "tiles": list(LABS)},     # "11+ Lab Tiles": L7-R46
        {"name": "final", "pool": "rest"},
    ],
    "objective": [EXIT],
    "stats": {"guards": 4, "secure_number": 1, "rogues": 6, "warriors": 4, "pack_limit": 2,
              "markers": ["threat", "LOCKDOWN", "SWARM"], "threat_pool": {"per_player": 2},
              "lockdown_pool": 1, "vitality": 5, "threat": 1, "guard_fear": 4,
              "clone_threat": 4},
    "rules": ["alien_zone", "peeking"],
    "special": {"cabinet_difficulty": 3},
    "modes": {"easy": {"stats": {"warriors": 2}}, "hard": {}},
}


class Scenario10(Hooks):
    name = "10"
    exit_rule = "L7-S10-escape"
    cronos_rule = "L7-S10-cronos"
    threat_rule = "L7-R90"
    special_keys = {"cabinet_difficulty": (1, 8)}

    # -- the cabinets (L7-S10-cabinet, L7-R47) ------------------------------------------
    def specials(self, w: Work, c: Char) -> tuple[str, ...]:
        if w.has_feature(c.tile, "lab") and c.tile not in w.scn.swarms:
            return ("cabinet",)
        return ()

    def special_challenge(self, w: Work, c: Char, action: str
                          ) -> tuple[str, int, bool, str, str]:
        return (STRENGTH, w.scen.param("cabinet_difficulty"), True, "L7-S10-cabinet",
                "break open the sample cabinet")

    def resolve_special(self, w: Work, action: str, won: bool, got: int) -> bool:
        c = w.me
        if not won:
            w.emit("challenge_lost", f"The cabinet holds ({got} Strength)", "L7-S10-cabinet",
                   c.name, icons=got)
            return False
        w.set_scn(swarms=tuple(sorted((*w.scn.swarms, c.tile))))
        w.emit("swarm", f"{c.name} breaks the sample cabinet of {w.tname(c.tile)}: a swarm "
               "marker goes there (it spawns clones as a nest); a die for the threat pool",
               "L7-S10-cabinet", c.name, tile=c.tile)
        w.wait(Pending("roll", "cabinet", c.name, dice=1, icon="Intelligence"))
        return True

    def resolve_roll(self, w: Work, roll: Any) -> None:
        taken = min(roll.intelligence, w.threat_pool)
        w.threat_pool -= taken
        short = (" (the pool holds no more)" if taken < roll.intelligence else "")
        w.emit("threat_pool", f"{plural(roll.intelligence, 'Intelligence icon')}: "
               f"{plural(taken, 'threat token')} leave the pool{short}; "
               f"{w.threat_pool} left", "L7-S10-cabinet" if not short else "L7-R16",
               removed=taken, pool=w.threat_pool)
        w.then(Auto.EVENTS)

    def feature(self, w: Work, tile: int, feature: str) -> bool:
        # A swarm marker works as a clone nest (L7-S10-cabinet).
        if feature == "clone_nest" and tile in w.scn.swarms:
            return True
        return w.has_feature(tile, feature)

    # -- clones to the box (L7-S10-boxed; hard: back to the reserves) ---------------------
    def to_box(self, w: Work, e: Enemy) -> str:
        if e.kind in ("rogue", "warrior") and w.scen.mode != "hard":
            return "L7-S10-boxed"
        return ""

    # -- lockdown -----------------------------------------------------------------------
    def end_of_turn(self, w: Work) -> None:
        if w.scn.locked_down:
            return
        if not w.reserve("rogue") and not w.reserve("warrior"):
            w.emit("lockdown", "The turn ends with no clone in the reserves: lockdown "
                   "starts", "L7-S10-trigger")
            self.start_lockdown(w)

    def start_lockdown(self, w: Work) -> None:
        w.set_scn(locked_down=True, trigger=False, exit_open=True)
        w.cronos = w.scen.start
        w.emit("cronos_placed", f"Dr. Cronos appears on {w.tname(w.cronos)}",
               "L7-S10-lockdown", tile=w.cronos)
        w.emit("exit_open", f"The {EXIT} is now the exit, and stays so (L7-R48)",
               "L7-S10-escape")

    def after_events(self, w: Work) -> None:
        if w.scn.locked_down and w.cronos >= 0:
            events_step.pool_check(w, "empty", "L7-S10-lockdown")

    def cronos_dice(self, w: Work) -> int:
        return w.lockdown

    def is_exit(self, w: Work, tile: int) -> bool:
        return w.scn.exit_open and w.tiles[tile].tile == EXIT


HOOKS: Final = Scenario10()
