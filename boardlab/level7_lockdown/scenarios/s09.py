"""Scenario 9, "There Must Be Another Way Out" (rules/003, the scenario of LEVEL 1).

The Security Lift sits locked between Corridor 101-A and Squad Bay A, where the
characters start, split alternately (L7-S9-setup, L7-R38). Each character explores
from their own stack of six tiles and a generator until they find it (L7-S9-stacks,
L7-R40), then from any stack (L7-S9-peek, L7-R98); peeking places Central Command —
with fewer than four characters, the objective stack of spare generators and Central
Command (L7-S9-few, L7-R39). Restarting generators (L7-S9-generator) feeds the guards
(L7-R41) and, once, a guard surge (L7-S9-surge, L7-R42); with three running (two with
fewer than four characters) Central Command can be accessed: lockdown, the lift opens,
Dr. Cronos appears next to it (L7-S9-access, L7-R43, L7-R89). Then he rolls two dice
(one more per escaped character) at the end of every trigger-events step
(L7-S9-cronos); reaching the lift is escaping (L7-S9-escape), while guards try to take
the accessed marker off Central Command and so relock the lift (L7-S9-lockdown,
L7-R44).

>>> from boardlab.level7_lockdown.scenario import scenario
>>> s = scenario("9")
>>> s.reserves[0], s.boxed[:2], s.secure_number, s.threat_pool(2), s.markers
(('guard', (1, 2, 3, 4, 5, 6)), (('guard', 7), ('guard', 8)), 2, 24, ('threat', 'accessed'))
>>> [p.tile for p in s.tiles]
['Security Lift', 'Corridor 101-A', 'Squad Bay A']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardlab.level7_lockdown import spawning
from boardlab.level7_lockdown.config import INTELLIGENCE
from boardlab.level7_lockdown.geometry import Door, costs_from
from boardlab.level7_lockdown.kinds import Auto
from boardlab.level7_lockdown.scenario import POOL, UNSEEN, Scenario
from boardlab.level7_lockdown.scenarios.base import Hooks
from boardlab.level7_lockdown.state import ESCAPED, INSIDE, Char, Enemy, Pending, Setup, Task

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

GENERATORS: Final = tuple(f"Sector Generator {n}" for n in (1, 2, 3, 4))
COMMAND: Final = "Central Command"
LIFT: Final = "Security Lift"
SIDES: Final = ("Corridor 101-A", "Squad Bay A")
LIFT_INDEX: Final = 0
FIFTH: Final = "fifth"

DATA: Final = {
    "name": "9",
    "title": "There Must Be Another Way Out",
    "level": "LEVEL 1",
    # The lift in the middle (turned so its doors face east and west), a side tile on
    # each side, both lift doors locked (L7-S9-setup).
    "layout": {"tiles": [{"tile": LIFT, "x": 0, "y": 0, "rotation": 1},
                         {"tile": SIDES[0], "x": -1, "y": 0},
                         {"tile": SIDES[1], "x": 1, "y": 0}],
               "start": SIDES[0],
               "locked": [{"tile": LIFT, "side": "E"}, {"tile": LIFT, "side": "W"}]},
    "set_aside": [COMMAND, *GENERATORS],
    # The player stacks (six tiles and a generator each) are dealt by the hooks from
    # the fifth stack's share, because their number depends on the players.
    "stacks": [{"name": FIFTH, "pool": "rest"}],
    "objective": [COMMAND],
    "stats": {"guards": 6, "boxed_guards": 5, "secure_number": 2, "rogues": 6,
              "warriors": 4, "pack_limit": 2, "markers": ["threat", "accessed"],
              "threat_pool": 24, "lockdown_pool": None, "vitality": 5, "threat": 1,
              "guard_fear": 4, "clone_threat": 4},
    "rules": ["alien_zone", "peeking"],
    "start_items": {"each": "flashlight"},
    "special": {"player_stack": 6, "restart_difficulty": 4, "access_difficulty": 4,
                "running_needed": 3, "running_needed_few": 2, "cronos_distance": 1,
                "cronos_distance_solo": 2, "cronos_within": 0, "dark_until": 0},
    "modes": {"easy": {"special": {"player_stack": 5, "cronos_within": 2}},
              "hard": {"start_items": {"each": None}, "special": {"dark_until": 2}}},
}


class Scenario9(Hooks):
    name = "9"
    exit_rule = "L7-S9-escape"
    cronos_rule = "L7-S9-cronos"
    threat_rule = "L7-R90"
    special_keys = {"player_stack": (1, 8), "restart_difficulty": (1, 8),
                    "access_difficulty": (1, 8), "running_needed": (1, 4),
                    "running_needed_few": (1, 4), "cronos_distance": (1, 4),
                    "cronos_distance_solo": (1, 4), "cronos_within": (0, 4),
                    "dark_until": (0, 4)}

    # -- setup ------------------------------------------------------------------------
    def initial_stacks(self, setup: Setup, scen: Scenario
                       ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """A stack per character: six unseen tiles (five in Easy) and a generator; the
        rest of the pool is the fifth stack; the spare generators and Central Command
        are the objective stack (L7-S9-stacks, L7-S9-few, L7-R39)."""
        size = scen.param("player_stack")
        players = len(setup.characters)
        stacks = [(name, tuple(sorted((UNSEEN,) * size + (GENERATORS[i],))))
                  for i, name in enumerate(setup.characters)]
        stacks.append((FIFTH, (UNSEEN,) * (len(scen.pool) - size * players)))
        spare = GENERATORS[players:]
        stacks.append(("objective", tuple(sorted((*spare, COMMAND)))))
        stacks.append((POOL, scen.pool))
        return tuple(stacks)

    def home(self, setup: Setup, scen: Scenario, index: int) -> int:
        """Alternately Corridor 101-A and Squad Bay A, in seat order (L7-R38, L7-R71)."""
        return 1 + index % 2

    # -- whose stack ----------------------------------------------------------------------
    def found(self, w: Work, i: int) -> bool:
        """Has character ``i`` found the generator of their own stack (L7-R40)?"""
        mine = GENERATORS[i]
        return any(p.tile == mine for p in w.tiles)

    def explore_stacks(self, w: Work, c: Char) -> tuple[str, ...]:
        i = w.ci(c.name)
        own = c.name
        players = [ch.name for ch in w.chars if w.stack_tiles(ch.name)]
        if w.stack_tiles(own):
            if not self.found(w, i):
                return (own,)
            return (own, *(n for n in players if n != own))
        if players:
            return tuple(players)
        return (FIFTH,) if w.stack_tiles(FIFTH) else ()

    def draw_stack(self, w: Work, c: Char, stack: str) -> str | None:
        if stack:
            return stack
        options = self.explore_stacks(w, c)
        return options[0] if options else None

    def peek(self, w: Work, c: Char, stack: str) -> tuple[int, str]:
        """No peeking before one's generator is found; from one's own stack 1 die (as if
        Stack A were used up); once it is empty, from any stack 2 dice; from another
        character's stack while one's own still holds tiles, none (L7-S9-peek, L7-R98)."""
        if not w.scen.peeking or not w.stack_tiles("objective"):
            return 0, "objective"
        i = w.ci(c.name)
        if not self.found(w, i):
            return 0, "objective"
        if not w.stack_tiles(c.name):
            return 2, "objective"
        return (1 if stack == c.name else 0), "objective"

    # -- generators and Central Command -----------------------------------------------
    def running(self, w: Work) -> int:
        return sum(1 for t in w.scn.accessed if w.has_feature(t, "generator"))

    def command(self, w: Work) -> int | None:
        return next((i for i, p in enumerate(w.tiles) if p.tile == COMMAND), None)

    def needed(self, w: Work) -> int:
        few = len(w.chars) < 4
        return w.scen.param("running_needed_few" if few else "running_needed")

    def specials(self, w: Work, c: Char) -> tuple[str, ...]:
        if w.has_feature(c.tile, "generator") and c.tile not in w.scn.accessed:
            return ("restart",)
        if c.tile == self.command(w) and c.tile not in w.scn.accessed \
                and self.running(w) >= self.needed(w):
            return ("command",)
        return ()

    def special_challenge(self, w: Work, c: Char, action: str
                          ) -> tuple[str, int, bool, str, str]:
        if action == "restart":
            return (INTELLIGENCE, w.scen.param("restart_difficulty"), False,
                    "L7-S9-generator", "restart the generator here")
        rule_id = "L7-S9-few" if len(w.chars) < 4 else "L7-S9-access"
        return (INTELLIGENCE, w.scen.param("access_difficulty"), False, rule_id,
                "access Central Command")

    def resolve_special(self, w: Work, action: str, won: bool, got: int) -> bool:
        c = w.me
        if not won:
            what = "generator" if action == "restart" else "Central Command"
            w.emit("challenge_lost", f"The {what} does not respond ({got} Intelligence)",
                   "L7-S9-generator" if action == "restart" else "L7-S9-access", c.name,
                   icons=got)
            return False
        self.add_marker(w, c.tile)
        if action == "restart":
            w.emit("generator", f"{c.name} restarts {w.tname(c.tile)}: an accessed marker "
                   f"shows it running ({self.running(w)} running)", "L7-S9-generator",
                   c.name, tile=c.tile)
            return False
        self.open_lift(w)
        if w.scn.locked_down:
            w.emit("reopen", f"{c.name} accesses Central Command again: the lift is open once "
                   "more", "L7-R44", c.name)
            return False
        w.set_scn(locked_down=True)
        w.emit("lockdown", f"{c.name} accesses Central Command: lockdown starts, the lift "
               "opens and Dr. Cronos comes", "L7-S9-access", c.name)
        choices = self.cronos_choices(w)
        if len(choices) == 1:
            self.place_cronos(w, choices[0])
            return True
        w.wait(Pending("cronos", "place", c.name))
        return True

    def add_marker(self, w: Work, tile: int) -> None:
        """An accessed marker; each marker in play adds a guard to the reserves (L7-R41)."""
        w.set_scn(accessed=tuple(sorted((*w.scn.accessed, tile))))
        if self.outside(w) < self.capacity(w):
            spare = sorted(n for k, n in w.scn.boxed if k == "guard")
            if spare:
                w.set_scn(boxed=tuple(b for b in w.scn.boxed if b != ("guard", spare[0])))
                w.reserves = tuple((k, tuple(sorted((*ns, spare[0]))) if k == "guard" else ns)
                                   for k, ns in w.reserves)
                w.emit("guard_reserve", f"A guard joins the reserves ({self.capacity(w)} "
                       "guards now)", "L7-R41")

    def remove_marker(self, w: Work, tile: int, why: str) -> None:
        w.set_scn(accessed=tuple(t for t in w.scn.accessed if t != tile))
        w.emit("marker_removed", f"The accessed marker leaves {w.tname(tile)} ({why})",
               "L7-S9-generator" if tile != self.command(w) else "L7-S9-lockdown",
               tile=tile)
        if self.outside(w) > self.capacity(w):
            spare = w.reserve("guard")
            if spare:
                out = spare[-1]
                w.reserves = tuple((k, tuple(n for n in ns if n != out) if k == "guard"
                                    else ns) for k, ns in w.reserves)
                w.to_box("guard", out)
                w.emit("guard_reserve", f"A guard leaves the reserves ({self.capacity(w)} "
                       "guards now)", "L7-R41")
        if tile == self.command(w):
            self.close_lift(w)

    def capacity(self, w: Work) -> int:
        return len(w.scen.reserves[0][1]) + len(w.scn.accessed)

    def outside(self, w: Work) -> int:
        """Guards not in the box: on the map or in the reserves."""
        return len(w.in_play("guard")) + len(w.reserve("guard"))

    def to_box(self, w: Work, e: Enemy) -> str:
        # Guards beyond the reserves' size leave the game when they come back (L7-R41).
        if e.kind == "guard" and self.outside(w) >= self.capacity(w):
            return "L7-R41"
        return ""

    def lift_doors(self, w: Work) -> list[Door]:
        return w.tile_doors(LIFT_INDEX)

    def open_lift(self, w: Work) -> None:
        doors = self.lift_doors(w)
        w.locked = tuple(d for d in w.locked if d not in doors)
        w.emit("lift_open", "The locked door markers leave the Security Lift", "L7-S9-lift")

    def close_lift(self, w: Work) -> None:
        w.locked = tuple(sorted({*w.locked, *self.lift_doors(w)}))
        w.barricades = tuple(b for b in w.barricades if b[0] not in self.lift_doors(w))
        w.emit("lift_closed", "Central Command lost its marker: the Security Lift is locked "
               "again", "L7-S9-lockdown")

    def sealed(self, w: Work, door: Door) -> bool:
        return door in self.lift_doors(w)

    # -- Dr. Cronos -----------------------------------------------------------------------
    def cronos_choices(self, w: Work) -> tuple[int, ...]:
        """Tiles at the scenario's distance from Central Command (L7-R43): 1 ("adjacent"),
        2 in the single-player version ("two moves from"), 1 or 2 in Easy ("within two
        moves"); with none at that distance, the largest smaller one (L7-R89)."""
        cmd = self.command(w)
        assert cmd is not None
        costs = costs_from(w.lay, cmd, w.full_cost)
        within = w.scen.param("cronos_within")
        if within:
            wanted = set(range(1, within + 1))
        else:
            key = "cronos_distance_solo" if w.setup.solo else "cronos_distance"
            wanted = {w.scen.param(key)}
        reach = {d for d in costs if d}
        while wanted and not (wanted & reach):
            wanted = {d - 1 for d in wanted if d > 1}
        return tuple(t for t, d in enumerate(costs) if d in wanted
                     and not w.tiles[t].face_down)

    def place_cronos(self, w: Work, tile: int) -> None:
        w.cronos = tile
        rule_id = "L7-S9-solo" if w.setup.solo else (
            "L7-S9-easy" if w.scen.mode == "easy" else "L7-R43")
        w.emit("cronos_placed", f"{w.me.name} puts Dr. Cronos on {w.tname(tile)}", rule_id,
               w.me.name, tile=tile)
        w.then(Auto.EVENTS)

    def after_events(self, w: Work) -> None:
        """No LOCKDOWN pool check in this scenario."""

    def enemy_tasks(self, w: Work, activations: list[Task]) -> list[Task]:
        tasks = super().enemy_tasks(w, activations)
        if not w.scn.locked_down:
            return tasks
        # In lockdown he acts at the end of the trigger-events step (L7-S9-cronos).
        return [Task("cronos"), *(t for t in tasks if t.kind != "cronos")]

    def cronos_dice(self, w: Work) -> int:
        return 2 + sum(1 for c in w.chars if c.status == ESCAPED)

    # -- guards and running generators ---------------------------------------------------
    def marker_targets(self, w: Work, e: Enemy) -> list[tuple[str, int, int]]:
        if w.scn.locked_down:
            cmd = self.command(w)
            return [(f"marker:{cmd}", cmd, 6)] if cmd in w.scn.accessed else []
        return [(f"marker:{t}", t, 4) for t in w.scn.accessed
                if w.has_feature(t, "generator")]

    def guard_marker(self, w: Work, e: Enemy) -> bool:
        if e.tile not in w.scn.accessed:
            return False
        self.remove_marker(w, e.tile, f"guard {e.number} takes it off; that is all it does")
        return True

    # -- darkness, flashlights --------------------------------------------------------------
    def dark(self, w: Work, tile: int) -> bool:
        until = w.scen.param("dark_until")
        if until and self.running(w) < until:
            return True     # Hard: every tile is dark until two generators run
        return w.has_feature(tile, "dark")

    def challenge_lost(self, w: Work, kind: str) -> None:
        c = w.me
        lights = sorted(it for it in c.items if w.cfg.item_kind(it) == "flashlight")
        if not lights:
            return
        items = list(c.items)
        items.remove(lights[0])
        w.set_char(w.active, items=tuple(items))
        w.set_scn(items_out=tuple(sorted((*w.scn.items_out, lights[0]))))
        w.emit("flashlight_lost", f"{c.name} failed a challenge: the {lights[0]} goes back to "
               "the box", "L7-S9-flashlight-loss", c.name, item=lights[0])

    # -- end of turn ------------------------------------------------------------------------
    def end_of_turn(self, w: Work) -> None:
        c = w.me
        if c.status == INSIDE:
            others = [o for o in w.chars_on(c.tile) if o.name != c.name]
            if len(others) >= 2:
                spawning.gain_threat(w, w.active, f"ending the turn with {len(others)} other "
                              "characters", "L7-S9-start")
        if not w.scn.surged and self.running(w):
            self.surge(w)

    def surge(self, w: Work) -> None:
        """Once: a guard on every security tile and guard post, nearest the lift first;
        a war zone gets two (L7-S9-surge, L7-R42, L7-R77)."""
        w.set_scn(surged=True)
        costs = costs_from(w.lay, LIFT_INDEX, w.full_cost)
        spots = sorted((costs[t] if costs[t] is not None else 10**6, t)
                       for t, p in enumerate(w.tiles)
                       if not p.face_down and any(w.has_feature(t, f) for f in
                                                  ("security", "guard_post", "warzone")))
        w.emit("surge", "The first turn with a generator running ends: a guard comes to "
               "every security tile and guard post", "L7-S9-surge")
        for _, t in spots:
            for _ in range(2 if w.has_feature(t, "warzone") else 1):
                number = w.take_reserve("guard")
                if number is None:
                    w.emit("spawn_none", "The guard reserves are empty", "L7-R42")
                    return
                w.add_enemy("guard", number, t)
                w.emit("spawn", f"guard {number} spawns on {w.tname(t)}",
                       "L7-R77" if w.has_feature(t, "warzone") else "L7-R42",
                       enemy_id=f"guard#{number}", tile=t)

    def is_exit(self, w: Work, tile: int) -> bool:
        return tile == LIFT_INDEX


HOOKS: Final = Scenario9()
