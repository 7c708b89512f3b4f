"""Scenario 13, "Desperate Times, Desperate Measures" (rules/003, on LEVEL 5).

Lure Dr. Cronos onto the Tank Farm and blow it up from the Auxiliary Station (an
Intelligence 5 access, 4 in Easy: L7-S13-aux, L7-S13-easy): everyone on the Tank Farm
dies; if he is there, the characters win (L7-S13-escape, L7-R63) — in Hard mode his
death instead opens Waste Processing as the exit and the aliens activate once more in
every trigger-events step (L7-S13-hard, L7-R73). The three objective tiles come by
peeking, each peek costing 1 fear (L7-S13-peek); the Abandoned Lab brings the Tank
Farm (L7-R64, L7-R93); the Lair starts lockdown and brings Dr. Cronos after the
finder's trigger-events step (L7-S13-trigger, L7-S13-lockdown, L7-R62).

>>> from boardlab.level7_lockdown.scenario import scenario
>>> s = scenario("13")
>>> s.reserves[1], s.reserves[2], s.threat, s.threat_gain, s.guard_fear
(('rogue', (1, 2)), ('warrior', (1, 2, 3, 4, 5, 6, 7, 8)), 0, False, 6)
>>> [(name, len(tiles)) for name, tiles in s.stacks], s.objective
([('A', 6), ('B', 8), ('final', 27)], ('Abandoned Lab', 'Auxiliary Station', 'Lair'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardlab.level7_lockdown import effects, events_step, turn
from boardlab.level7_lockdown.config import INTELLIGENCE
from boardlab.level7_lockdown.geometry import (
    Door,
    costs_from,
    door_sort_key,
    place,
    placements_through,
)
from boardlab.level7_lockdown.scenarios.base import Hooks
from boardlab.level7_lockdown.state import DEAD, INFIRMARY, INSIDE, WON, Char, Setup, Task

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

TANK_FARM: Final = "Tank Farm"
STATION: Final = "Auxiliary Station"
LAB: Final = "Abandoned Lab"
LAIR: Final = "Lair"
WASTE: Final = "Waste Processing"

DATA: Final = {
    "name": "13",
    "title": "Desperate Times, Desperate Measures",
    "level": "LEVEL 5",
    # Waste Processing joins Corridor 104-A by the middle door of each (L7-S13-setup).
    "layout": {"tiles": [{"tile": "Corridor 104-A", "x": 0, "y": 0},
                         {"tile": WASTE, "x": 0, "y": 1}],
               "start": "Corridor 104-A", "swarms": [WASTE]},
    "set_aside": [TANK_FARM, STATION, LAB, LAIR],
    "aside": [TANK_FARM],
    "stacks": [{"name": "A", "pool": 6}, {"name": "B", "pool": 8},
               {"name": "final", "pool": "rest"}],
    "objective": [STATION, LAB, LAIR],
    "stats": {"rogues": 2, "warriors": 8, "pack_limit": 2, "guards": 4, "secure_number": 1,
              "markers": ["threat", "LOCKDOWN"], "threat_pool": 24, "lockdown_pool": 0,
              "vitality": 5, "threat": 0, "guard_fear": 6, "clone_threat": 6},
    "rules": ["alien_zone", "peeking", "control_panels"],
    "threat_gain": False,
    "threat_on_kill": False,
    "special": {"station_difficulty": 5, "peek_fear": 1},
    "modes": {"easy": {"special": {"station_difficulty": 4}}, "hard": {}},
}


class Scenario13(Hooks):
    name = "13"
    exit_rule = "L7-S13-hard"
    cronos_rule = "L7-S13-lockdown"
    threat_rule = "L7-S13-start"
    special_keys = {"station_difficulty": (1, 8), "peek_fear": (0, 3)}

    def notes(self, setup: Setup) -> tuple[str, ...]:
        if setup.players == 1 and len(setup.characters) < 2:
            return ("Scenario 13 needs two places at once: alone, play at least two "
                    "characters (L7-S13-solo)",)
        return ()

    # -- moving ------------------------------------------------------------------------
    def can_move(self, w: Work, c: Char, to: int, how: str) -> bool:
        return not (w.tiles[to].tile == WASTE and to in w.scn.swarms)

    def is_exit(self, w: Work, tile: int) -> bool:
        return w.scn.exit_open and w.tiles[tile].tile == WASTE

    # -- peeking and the objective tiles --------------------------------------------------
    def after_place(self, w: Work, index: int, purpose: str) -> None:
        name = w.tiles[index].tile
        if purpose == "peek":
            effects.gain_fear(w, w.active, w.scen.param("peek_fear"), "a successful peek",
                        "L7-S13-peek")
            if name == LAIR and not w.scn.locked_down:
                w.set_scn(locked_down=True)
                w.emit("lockdown", f"{w.me.name} finds the Lair: lockdown starts; Dr. Cronos "
                       "comes after this trigger-events step", "L7-S13-trigger")
            if not w.stack_tiles("objective"):
                w.emit("objectives_found", "All three objective tiles are found: nobody "
                       "peeks any more", "L7-S13-peek")
        self.place_tank_farm(w)

    def place_tank_farm(self, w: Work) -> None:
        """The Tank Farm joins the Abandoned Lab, or the nearest tile that has room
        (L7-S13-peek, L7-R64, L7-R93)."""
        if TANK_FARM not in w.stack_tiles("aside"):
            return
        lab = next((i for i, p in enumerate(w.tiles) if p.tile == LAB), None)
        if lab is None:
            return
        lay = w.lay
        spec = w.cfg.tile(TANK_FARM)
        costs = costs_from(lay, lab, w.full_cost)
        order = sorted((d, t) for t, d in enumerate(costs) if d is not None)
        for dist, tile in order:
            for door, _ in sorted(lay.ends[tile], key=lambda e: w.door_rank(tile, e[0])):
                options = placements_through(lay, spec, door)
                if options:
                    w.tiles, index = place(w.tiles, options[0])
                    w.take_from_stack("aside", TANK_FARM)
                    where = (f"against the {LAB}" if dist == 0 else
                             f"as near the {LAB} as there is room, next to {w.tname(tile)}")
                    w.emit("place_tile", f"The {TANK_FARM} is placed {where}",
                           "L7-S13-peek" if dist == 0 else "L7-R64", tile=TANK_FARM,
                           index=index)
                    return
        w.emit("no_space", f"No room for the {TANK_FARM} yet: it waits for the next tile "
               "placed", "L7-R93")

    # -- the Auxiliary Station (L7-S13-aux, L7-R61) ----------------------------------------
    def tank_farm(self, w: Work) -> int | None:
        for i, p in enumerate(w.tiles):
            if p.tile == TANK_FARM and not p.removed:
                return i
        return None

    def specials(self, w: Work, c: Char) -> tuple[str, ...]:
        if w.tiles[c.tile].tile == STATION and self.tank_farm(w) is not None:
            return ("station",)
        return ()

    def special_challenge(self, w: Work, c: Char, action: str
                          ) -> tuple[str, int, bool, str, str]:
        rule_id = "L7-S13-easy" if w.scen.mode == "easy" else "L7-S13-aux"
        return (INTELLIGENCE, w.scen.param("station_difficulty"), False, rule_id,
                "access the Auxiliary Station")

    @staticmethod
    def _clear_doors(w: Work, doors: set[Door]) -> None:
        """Take the locked markers and barricades off the doors of the destroyed Tank Farm
        (L7-R101)."""
        gone = sorted((d for d in doors if d in w.locked or w.barricade(d)), key=door_sort_key)
        if not gone:
            return
        w.locked = tuple(d for d in w.locked if d not in doors)
        w.barricades = tuple(b for b in w.barricades if b[0] not in doors)
        w.emit("doors_gone", f"The {TANK_FARM}'s doors are gone, and the markers on them "
               f"leave play: {', '.join(str(d) for d in gone)}", "L7-R101")

    def resolve_special(self, w: Work, action: str, won: bool, got: int) -> bool:
        c = w.me
        if not won:
            w.emit("challenge_lost", f"The Auxiliary Station does not respond ({got} "
                   "Intelligence)", "L7-S13-aux", c.name, icons=got)
            return False
        farm = self.tank_farm(w)
        assert farm is not None
        w.emit("tank_farm", f"{c.name} accesses the Auxiliary Station: the {TANK_FARM} blows "
               "up and leaves play; everyone on it dies", "L7-S13-aux", c.name)
        for i, other in enumerate(w.chars):
            if other.status == INSIDE and other.tile == farm:
                w.set_char(i, status=DEAD, down=False)
                w.emit("killed", f"{other.name} dies on the {TANK_FARM}", "L7-S13-aux",
                       other.name)
        for e in list(w.enemies):
            if e.tile == farm:
                w.kill_enemy(e.id, f"on the {TANK_FARM}", "L7-S13-aux")
        cronos_there = w.cronos == farm
        # Its doors join nothing once it is gone, so the markers on them go too (L7-R101):
        # read before the tile leaves, while the map still knows them.
        doors = set(w.tile_doors(farm))
        w.tiles = tuple(p._replace(removed=True) if k == farm else p
                        for k, p in enumerate(w.tiles))
        self._clear_doors(w, doors)
        if not cronos_there:
            w.set_scn(result="defeat")
            w.emit("defeat", f"Dr. Cronos was not on the {TANK_FARM}: nothing else can kill "
                   "him, and everyone still inside loses", "L7-R61")
            turn.match_over(w)
            return True
        w.cronos = -1
        w.set_scn(killed=1)
        w.emit("cronos_killed", f"Dr. Cronos is on the {TANK_FARM} and dies",
               "L7-S13-escape")
        if w.scen.mode != "hard":
            w.set_scn(result="win")
            for i, other in enumerate(w.chars):
                if other.status in (INSIDE, INFIRMARY):
                    w.set_char(i, status=WON, down=False)
            w.emit("win", "The characters win: everyone still in play wins", "L7-R63")
            turn.match_over(w)
            return True
        waste = next(i for i, p in enumerate(w.tiles) if p.tile == WASTE)
        w.set_scn(swarms=tuple(t for t in w.scn.swarms if t != waste), exit_open=True)
        w.emit("exit_open", f"Hard mode: his death is no win yet — the swarm marker leaves "
               f"{WASTE}, which is now the exit, and from the next turn on the aliens "
               "activate once more in every trigger-events step", "L7-S13-hard")
        return False

    # -- lockdown and Dr. Cronos ---------------------------------------------------------
    def after_events(self, w: Work) -> None:
        if w.cronos >= 0:
            events_step.pool_check(w, "empty", "L7-S13-lockdown")
        if w.scn.locked_down and w.cronos < 0 and not w.scn.killed:
            lair = next(i for i, p in enumerate(w.tiles) if p.tile == LAIR)
            w.cronos = lair
            w.emit("cronos_placed", "Dr. Cronos appears in the Lair, after this step's pool "
                   "check (his pool first grows at the next one)", "L7-R62", tile=lair)

    def cronos_dice(self, w: Work) -> int:
        return w.lockdown

    def enemy_tasks(self, w: Work, activations: list[Task]) -> list[Task]:
        tasks = super().enemy_tasks(w, activations)
        if w.scen.mode == "hard" and w.scn.killed == 2:
            return [Task("aliens", "L7-R73"), *tasks]
        return tasks

    def end_of_turn(self, w: Work) -> None:
        if w.scn.killed == 1:
            w.set_scn(killed=2)


HOOKS: Final = Scenario13()
