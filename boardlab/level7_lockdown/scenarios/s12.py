"""Scenario 12, "The Noose Tightens" (rules/003, the scenario of LEVEL 6).

Dr. Cronos starts at the exit, the C-Lift, behind a row of four face-down tiles
(L7-S12-setup, L7-S12-layout, L7-R55). Before lockdown he acts once a round: a LOCKDOWN
token leaves the pool and he moves one tile toward the most frightened character, or
explores toward them where no path leads (L7-S12-precronos, L7-R56, L7-R88). Every
tile he leaves without a swarm token may spawn a hybrid or gets a swarm token
(L7-S12-departure; Easy: always a swarm marker, L7-S12-easy); stepping onto a swarm
costs a character a three-die attack and sends a guard back (L7-S12-swarm). Lockdown
starts at once when he reaches a character or the pool runs dry (L7-S12-trigger,
L7-R57); then he rolls two dice, plus one per escaped character, after every enemy
step (L7-S12-lockdown, L7-S12-escape). Hard: lockdown brings a clone to every fear
tile, swarm token and nest (L7-S12-hard, L7-R60, L7-R92).

>>> from boardlab.level7_lockdown.scenario import scenario
>>> s = scenario("12")
>>> [p.tile or "face-down" for p in s.tiles]
['C-Lift', 'Security Lift', 'face-down', 'face-down', 'face-down', 'face-down']
>>> s.pool_tokens(3), s.threat_pool(3), s.hybrid_limit
(5, 6, (('hunter', 1), ('blaster', 1)))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from boardlab.level7_lockdown import cronos, effects, moving, spawning
from boardlab.level7_lockdown.config import INTELLIGENCE, STRENGTH
from boardlab.level7_lockdown.events import plural
from boardlab.level7_lockdown.geometry import costs_from
from boardlab.level7_lockdown.kinds import Auto
from boardlab.level7_lockdown.scenarios.base import Hooks
from boardlab.level7_lockdown.state import ESCAPED, Char, Enemy, Pending, Task

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

EXIT: Final = "C-Lift"
#: Three or more of an icon on the two departure dice spawn a hybrid (L7-S12-departure).
DEPARTURE_DICE: Final = 2
DEPARTURE_ICONS: Final = 3
SWARM_DICE: Final = 3

DATA: Final = {
    "name": "12",
    "title": "The Noose Tightens",
    "level": "LEVEL 6",
    # C-Lift, four face-down tiles, Security Lift in one row (L7-R55): the C-Lift's east
    # door faces the first face-down tile; the Security Lift's doors face north and
    # south, away from the row.
    "layout": {"tiles": [{"tile": EXIT, "x": 0, "y": 0},
                         {"tile": "Security Lift", "x": 5, "y": 0}],
               "facedown": [{"x": x, "y": 0, "stack": "row"} for x in (1, 2, 3, 4)],
               "start": "Security Lift", "cronos": EXIT, "swarms": [EXIT]},
    "set_aside": [EXIT, "Security Lift", "Lair"],           # the Lair stays out: L7-R54
    "unused": ["A-Lift", "Office", "Red Lab", "Incinerator"],
    "stacks": [{"name": "main", "pool": "rest"},
               {"name": "row", "pool": 4, "role": "facedown"}],
    "stats": {"guards": 4, "secure_number": 1, "rogues": 4, "warriors": 6, "pack_limit": 2,
              "hunters": 3, "hunter_limit": 1, "blasters": 2, "blaster_limit": 1,
              "markers": ["threat", "LOCKDOWN", "POWER", "SWARM"],
              "threat_pool": {"per_player": 2},
              "lockdown_pool": {"fixed": 2, "per_player": 1},
              "vitality": 5, "threat": 1, "guard_fear": 4, "clone_threat": 4,
              "hybrid_threat": 8},
    "rules": ["alien_zone", "control_panels"],
    "remove_items": ["map"],
    "modes": {"easy": {}, "hard": {}},
}


class Scenario12(Hooks):
    name = "12"
    exit_rule = "L7-S12-escape"
    cronos_rule = "L7-S12-lockdown"
    threat_rule = "L7-R90"

    # -- swarm tokens (L7-S12-vents, L7-S12-swarm, L7-R95) ----------------------------------
    def can_move(self, w: Work, c: Char, to: int, how: str) -> bool:
        return not (how == "vent" and to in w.scn.swarms)

    def entered(self, w: Work, tile: int) -> bool:
        if tile not in w.scn.swarms:
            return False
        c = w.me
        tough = w.cfg.character(c.name).toughness + int(w.cloud(tile))
        w.emit("swarm_attack", f"The swarm on {w.tname(tile)} attacks {c.name}: "
               f"{SWARM_DICE} dice against Toughness {tough}", "L7-S12-swarm", c.name,
               dice=SWARM_DICE, toughness=tough)
        w.wait(Pending("roll", "swarm", c.name, c.name, dice=w.dice(SWARM_DICE),
                       icon=STRENGTH, difficulty=tough, index=tile))
        return True

    def enemy_entered(self, w: Work, e: Enemy, tile: int) -> None:
        if e.kind == "guard" and tile in w.scn.swarms:
            w.to_reserves(e.id, f"it walked onto the swarm on {w.tname(tile)}",
                          "L7-S12-swarm")

    def resolve_roll(self, w: Work, roll: Any) -> None:
        p = w.pending
        if p.purpose == "swarm":
            c = w.me
            if roll.strength >= p.difficulty:
                w.emit("hit", f"The swarm hits {c.name} ({roll.strength} Strength against "
                       f"Toughness {p.difficulty})", "L7-S12-swarm", c.name)
                effects.lose_vitality(w, w.active, 1, "the swarm", "L7-S12-swarm")
            else:
                w.emit("miss", f"The swarm misses {c.name} ({roll.strength} Strength)",
                       "L7-S12-swarm", c.name)
            # Only a character the swarm did not knock out escapes (L7-R59).
            moving.reach_exit(w, p.index)
            w.wait(Pending("move"))     # the move step goes on with the moves left
            moving.after_move(w)
            return
        assert p.purpose == "departure"
        self.departure(w, roll)
        if cronos.walk(w, p.left):
            return
        w.then(Auto.QUEUE)

    def is_exit(self, w: Work, tile: int) -> bool:
        return w.tiles[tile].tile == EXIT

    # -- Dr. Cronos ------------------------------------------------------------------------
    def after_events(self, w: Work) -> None:
        """No LOCKDOWN pool check in this scenario."""

    def enemy_tasks(self, w: Work, activations: list[Task]) -> list[Task]:
        tasks = super().enemy_tasks(w, activations)
        if w.scn.locked_down:
            return tasks
        # Before lockdown he acts at the end of the round instead (L7-S12-precronos).
        return [t for t in tasks if t.kind != "cronos"]

    def cronos_dice(self, w: Work) -> int:
        escaped = sum(1 for c in w.chars if c.status == ESCAPED)
        return 2 + escaped

    def cronos_explores(self, w: Work) -> bool:
        return True

    def round_end(self, w: Work) -> bool:
        return not w.scn.locked_down and w.cronos >= 0

    def run_round_end(self, w: Work) -> bool:
        w.lockdown = max(0, w.lockdown - 1)
        w.emit("cronos_round", f"The round ends: Dr. Cronos takes a LOCKDOWN token from "
               f"the pool ({plural(w.lockdown, 'token')} left) and moves one tile",
               "L7-S12-precronos", tokens=w.lockdown)
        if not w.lockdown and not w.scn.trigger:
            w.set_scn(trigger=True)
            w.emit("trigger", "The last LOCKDOWN token is gone: lockdown starts",
                   "L7-S12-trigger")
        w.push_front([Task("lockdown_check")])
        return cronos.walk(w, 1)

    def cronos_reached(self, w: Work) -> None:
        if not w.scn.locked_down and not w.scn.trigger:
            w.set_scn(trigger=True)
            w.emit("trigger", "Dr. Cronos has reached a character: lockdown starts "
                   "(at once: it is the end of the round, L7-R57)", "L7-S12-trigger")

    def cronos_left(self, w: Work, tile: int, left: int) -> bool:
        if tile in w.scn.swarms:
            return False
        if w.scen.mode == "easy":
            self.add_swarm(w, tile, "L7-S12-easy")
            return False
        w.emit("departure", f"Dr. Cronos leaves {w.tname(tile)}, which has no swarm token: "
               f"{DEPARTURE_DICE} dice", "L7-S12-departure", tile=tile)
        w.wait(Pending("roll", "departure", "cronos", dice=w.dice(DEPARTURE_DICE), index=tile,
                       left=left))
        return True

    def departure(self, w: Work, roll: Any) -> None:
        """What appears on the tile he left (L7-S12-departure, L7-R58, L7-R94)."""
        tile = w.pending.index
        wanted = [kind for kind, icon in (("hunter", STRENGTH), ("blaster", INTELLIGENCE))
                  if roll.count(icon) >= DEPARTURE_ICONS]
        failed = False
        for kind in wanted:
            if not spawning.spawn_hybrid(w, kind, tile, rule_id="L7-S12-departure"):
                failed = True
        if not wanted or failed:
            why = "L7-R58" if failed else "L7-S12-departure"
            self.add_swarm(w, tile, why)

    def add_swarm(self, w: Work, tile: int, rule_id: str) -> None:
        if tile in w.scn.swarms:
            return
        w.set_scn(swarms=tuple(sorted((*w.scn.swarms, tile))))
        w.emit("swarm", f"A swarm token goes on {w.tname(tile)}", rule_id, tile=tile)

    # -- lockdown ---------------------------------------------------------------------------
    def start_lockdown(self, w: Work) -> None:
        w.set_scn(locked_down=True, trigger=False)
        w.emit("lockdown", "Lockdown: from now on Dr. Cronos rolls two dice (one more per "
               "escaped character) after every enemy activation step", "L7-S12-lockdown")
        if w.scen.mode == "hard":
            self.hard_clones(w)

    def hard_clones(self, w: Work) -> None:
        """One clone per fear tile, swarm token and nest, nearest the C-Lift first
        (L7-S12-hard, L7-R60, L7-R77, L7-R92)."""
        exit_tile = next(i for i, p in enumerate(w.tiles) if p.tile == EXIT)
        costs = costs_from(w.lay, exit_tile, w.full_cost)
        spots = []
        for t, p in enumerate(w.tiles):
            if p.face_down or p.removed:
                continue
            n = 0
            if w.has_feature(t, "fear"):
                n += 1
            if w.has_feature(t, "warzone"):
                n += 2
            if t in w.scn.swarms:
                n += 1
            if w.has_feature(t, "clone_nest"):
                n += 1
            if n:
                far = costs[t] if costs[t] is not None else 10**6
                spots.append((far, t, n))
        for _, t, n in sorted(spots):
            for _ in range(n):
                if spawning.clones_on(w, t) >= w.scen.pack_limit:
                    w.emit("pack_full", f"{w.tname(t)} holds the pack limit: no more clones "
                           "there", "L7-R92", tile=t)
                    break
                kind, number = "rogue", w.take_reserve("rogue")
                if number is None:
                    kind, number = "warrior", w.take_reserve("warrior")
                if number is None:
                    w.emit("spawn_none", "The clone reserves are empty", "L7-S12-hard")
                    return
                w.add_enemy(kind, number, t)
                w.emit("spawn", f"Hard mode: {kind} clone {number} appears on {w.tname(t)}",
                       "L7-S12-hard", enemy_id=f"{kind}#{number}", tile=t)


HOOKS: Final = Scenario12()
