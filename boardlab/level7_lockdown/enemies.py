"""The enemy activation step: the enemies as an automaton (L7-R10, L7-R11, L7-R83).

An enemy never decides: each activation attacks the best target on its tile (ranged
enemies: else the best on a neighbouring tile, L7-ranged-enemy, L7-R36), else moves
one tile toward the best target it can reach. Guards value threat; aliens value total
fear (terror twice, L7-terror-aliens). Ties follow L7-R24 and L7-R69. Every
uncertainty is a roll, so an enemy turn is pure chance.

The step runs as a queue of tasks (L7-R72): the event card's activation icons, the
fear hunters' die (L7-R32), the blasters' die (L7-blaster-activation), Dr. Cronos,
then the end of the turn. A roll pauses the queue at a chance node.
"""

from __future__ import annotations

from typing import NamedTuple

from boardlab.level7_lockdown.choices import Roll
from boardlab.level7_lockdown.config import (
    ALIENS,
    BARRICADE_DIFFICULTY,
    ENEMY_TYPE,
    HYBRIDS,
    POWER_MAX,
    SPEED,
    STRENGTH,
)
from boardlab.level7_lockdown.events_step import CLONES, EventsStep
from boardlab.level7_lockdown.geometry import Door, costs_from, step_toward
from boardlab.level7_lockdown.state import INSIDE, Enemy, Pending, Task
from boardlab.level7_lockdown.work import enemy_name, enemy_sort_key, plural


class Target(NamedTuple):
    """A possible target with its sort key: higher value first, characters before
    enemies on a tie (L7-R69), then turn order / figure order (L7-R24)."""

    key: tuple[int, int, int, int]
    id: str
    tile: int
    value: int
    is_char: bool


class Enemies(EventsStep):
    __slots__ = ()

    def begin_enemies(self) -> None:
        self.step = "enemies"
        card = self.cfg.events[self.event]
        icons = ", ".join(card.activations) or "no activation icons"
        self.emit("enemy_step", f"Enemy activation step ({card.name}: {icons}), then the "
                  "hybrids' dice and Dr. Cronos", "L7-R72")
        tasks = [Task("guards" if icon == "guard" else "clones") for icon in card.activations]
        self.queue = tuple(self.hooks.enemy_tasks(self.work, tasks))
        self.run_queue()

    def run_queue(self) -> None:
        """Run automatic tasks until one waits for a roll or the turn ends."""
        while self.queue:
            task, self.queue = self.queue[0], self.queue[1:]
            kind = task.kind
            if kind == "guards":
                ids = [e.id for e in self.in_play("guard")]
                self.emit("activate", f"The guards activate ({plural(len(ids), 'guard')})",
                          "L7-R12", count=len(ids))
                self.push_front([*(Task("activate", i) for i in ids), Task("secure")])
            elif kind == "clones":
                ids = [e.id for e in self.enemies if e.kind in CLONES]
                self.emit("activate", f"The clones activate ({plural(len(ids), 'clone')}; "
                          "rogues first)", "L7-warrior-reserves", count=len(ids))
                self.push_front(Task("activate", i) for i in ids)
            elif kind == "activate":
                e = self.find_enemy(task.actor)
                if e is None:
                    continue
                if e.spent:
                    self.emit("spent", f"{enemy_name(e.id)} already counts as activated "
                              "this turn", "L7-barricade-enemy", enemy_id=e.id)
                    continue
                if self.activate(e):
                    return
            elif kind == "aliens":
                ids = [e.id for e in self.enemies if e.kind in ALIENS]
                self.emit("activate", f"The aliens activate once more "
                          f"({plural(len(ids), 'alien')})", task.actor or "L7-R12",
                          count=len(ids))
                self.push_front(Task("activate", i) for i in ids)
            elif kind == "hunters_die":
                if self.in_play("hunter"):
                    self.emit("hunters_die", "A die is rolled for the fear hunters", "L7-R32")
                    return self.wait(Pending("roll", "hunters", dice=1))
            elif kind == "blaster_die":
                if self.in_play("blaster"):
                    self.emit("blaster_die", "A die is rolled for the blaster hybrids",
                              "L7-blaster-activation")
                    return self.wait(Pending("roll", "blasters", dice=1))
            elif kind == "cronos":
                if self.cronos >= 0 and self.start_cronos():  # type: ignore[attr-defined]
                    return
            elif kind == "secure":
                self.secure_check()
            elif kind == "end_turn":
                return self.end_turn()  # type: ignore[attr-defined]
            elif kind == "round_end":
                if self.hooks.run_round_end(self.work):
                    return
            elif kind == "next_round":
                return self.next_turn()  # type: ignore[attr-defined]
            elif kind == "lockdown_check" and self.scn.trigger and not self.scn.locked_down:
                self.hooks.start_lockdown(self.work)
        raise AssertionError("the enemy step ran out of tasks before the end of the turn")

    # -- targets ---------------------------------------------------------------------------
    def targets_for(self, e: Enemy) -> list[Target]:
        """Everything ``e`` may attack, best first (L7-R10, L7-R4, L7-R69, L7-R82)."""
        out: list[Target] = []
        scen = self.scen
        for k, i in enumerate(self.turn_order()):
            c = self.chars[i]
            if c.status != INSIDE:
                continue
            value = c.threat if e.kind == "guard" else self.total_fear(c)
            if value >= 1:
                out.append(Target((-value, 0, k, 0), c.name, c.tile, value, True))
        for x in self.enemies:
            if e.kind == "guard" and x.kind in ALIENS:
                value = scen.clone_threat if x.kind in CLONES else scen.hybrid_threat
            elif e.kind in ALIENS and x.kind == "guard":
                value = scen.guard_fear
            else:
                continue
            if value >= 1:
                kind_rank, number = enemy_sort_key(x)
                out.append(Target((-value, 1, kind_rank, number), x.id, x.tile, value, False))
        if e.kind == "guard":
            for marker_id, tile, value in self.hooks.marker_targets(self.work, e):
                out.append(Target((-value, 2, tile, 0), marker_id, tile, value, False))
        out.sort()
        return out

    def enemy_cost(self, e: Enemy):  # noqa: ANN201 - returns a DoorCost
        """How ``e`` may path (L7-R10, L7-barricade-block, L7-blaster-doors, L7-R70)."""
        hybrid = e.kind in HYBRIDS

        def cost(door: Door | None) -> int | None:
            if door is None or door not in self.locked:
                return 1   # open, or barricaded: a way to plan through and attack
            if not hybrid:
                return None
            if e.kind == "blaster" and e.power < 1 and e.door != door:
                return None   # no token to pay with: a wall for it (B3 #16)
            return 2
        return cost

    def activate(self, e: Enemy) -> bool:
        """One activation of ``e``; True when it waits for a roll."""
        why = self.hooks.inactive(self.work, e)
        if why:
            self.emit("inactive", f"{enemy_name(e.id)} does not activate yet ({why})",
                      "L7-S11-airlock", enemy_id=e.id)
            return False
        if e.kind == "guard" and e.tile == self.cronos:
            self.to_reserves(e.id, "it activates on Dr. Cronos's tile", "L7-cronos-guards")
            return False
        if e.kind == "guard" and self.hooks.guard_marker(self.work, e):
            return False
        ranged = self.cfg.profile(e.kind).ranged
        targets = self.targets_for(e)
        here = [t for t in targets if t.tile == e.tile]
        if here:
            return self.enemy_attack(e, here[0], "L7-R83")
        if ranged:
            near = set(self.ranged_neighbours(e.tile))
            reach = [t for t in targets if t.tile in near]
            if reach:
                return self.enemy_attack(e, reach[0], "L7-ranged-enemy")
        cost = self.enemy_cost(e)
        costs = costs_from(self.lay, e.tile, cost)
        reachable = [t for t in targets if costs[t.tile] is not None]
        if not reachable:
            self.emit("idle", f"{enemy_name(e.id)} has no target it can reach", "L7-R83",
                      enemy_id=e.id)
            return False
        goal = reachable[0]
        step = step_toward(self.lay, e.tile, costs_from(self.lay, goal.tile, cost), cost)
        assert step is not None
        nxt, door = step
        if door is not None and self.barricade(door):
            return self.barricade_attack(e, door)
        if door is not None and door in self.locked and e.door != door:
            pay = ""
            if e.kind == "blaster":
                self.set_enemy(e.id, power=e.power - 1, door=door)
                pay = " and pays a power token"
            else:
                self.set_enemy(e.id, door=door)
            rule_id = "L7-blaster-doors" if e.kind == "blaster" else "L7-R70"
            words = self.door_words(door).removeprefix("the ")
            self.emit("locked_door", f"{enemy_name(e.id)} reaches the locked {words}"
                      f"{pay}; it will cross on its next activation", rule_id,
                      enemy_id=e.id, door=door)
            return False
        if e.kind in CLONES and self.clones_on(nxt) >= self.scen.pack_limit:
            self.emit("pack_limit", f"{enemy_name(e.id)} stays: {self.tname(nxt)} already "
                      "holds the pack limit", "L7-R15", enemy_id=e.id)
            return False
        self.set_enemy(e.id, tile=nxt, door=None)
        crossed = " through the locked door" if door is not None and door in self.locked \
            else ""
        self.emit("enemy_move", f"{enemy_name(e.id)} moves from {self.tname(e.tile)} to "
                  f"{self.tname(nxt)}{crossed}, toward {self.target_name(goal)}",
                  "L7-R70" if crossed else "L7-R10", enemy_id=e.id, start=e.tile, end=nxt)
        if e.kind == "guard" and nxt == self.cronos:
            self.to_reserves(e.id, "it ends its activation on Dr. Cronos's tile",
                             "L7-cronos-guards")
            return False
        self.hooks.enemy_entered(self.work, e, nxt)
        return False

    def target_name(self, t: Target) -> str:
        if t.is_char:
            return t.id
        if t.id.startswith("marker:"):
            return f"the accessed marker on {self.tname(t.tile)}"
        return enemy_name(t.id)

    # -- attacks ---------------------------------------------------------------------------
    def enemy_attack(self, e: Enemy, t: Target, rule_id: str) -> bool:
        prof = self.cfg.profile(e.kind)
        ranged = prof.ranged
        dice = prof.dice + (e.power if e.kind == "blaster" else 0)
        n = self.dice(dice)
        notes = []
        if t.is_char:
            c = self.chars[self.ci(t.id)]
            tough = self.cfg.character(c.name).toughness
            if c.down and ranged:
                tough += 1
                notes.append("+1 downed against a ranged attack")
        else:
            target = self.find_enemy(t.id)
            assert target is not None
            tough = self.cfg.profile(target.kind).toughness
        if self.cloud(t.tile):
            tough += 1
            notes.append("+1 cloud")
        power = f", {plural(e.power, 'power die')}" if e.kind == "blaster" and e.power else ""
        where = f" on {self.tname(t.tile)}" if t.tile != e.tile else ""
        note = f" ({', '.join(notes)})" if notes else ""
        if e.kind == "blaster":
            rule_id = "L7-blaster-attack" if t.tile == e.tile else rule_id
        self.emit("enemy_attack", f"{enemy_name(e.id)} attacks {self.target_name(t)}{where}"
                  f" with {plural(n, 'die')}{power}: Toughness {tough}{note}", rule_id,
                  t.id if t.is_char else None, enemy_id=e.id, target=t.id, dice=n,
                  toughness=tough)
        self.wait(Pending("roll", "enemy_attack", e.id, t.id, dice=n, icon=STRENGTH,
                          difficulty=tough))
        return True

    def resolve_enemy_attack(self, roll: Roll) -> None:
        p = self.pending
        e = self.find_enemy(p.actor)
        hit = roll.strength >= p.difficulty
        tally = f"{roll.strength} Strength against Toughness {p.difficulty}"
        if e is not None and e.kind == "blaster" and e.power:
            self.set_enemy(e.id, power=0)
            self.emit("power_spent", f"{enemy_name(e.id)}'s power tokens leave the pool",
                      "L7-blaster-attack", enemy_id=e.id)
        if not hit:
            self.emit("miss", f"{enemy_name(p.actor)} misses ({tally})", "L7-R11",
                      enemy_id=p.actor)
        elif "#" in p.target:
            self.emit("hit", f"{enemy_name(p.actor)} hits {enemy_name(p.target)} ({tally})",
                      "L7-R11", enemy_id=p.actor)
            self.to_reserves(p.target, f"beaten by {enemy_name(p.actor)}", "L7-R11")
        else:
            self.emit("hit", f"{enemy_name(p.actor)} hits {p.target} ({tally})", "L7-R11",
                      p.target, enemy_id=p.actor)
            self.lose_vitality(self.ci(p.target), 1, f"hit by {enemy_name(p.actor)}",
                               "L7-R11")
        self.run_queue()

    def barricade_attack(self, e: Enemy, door: Door) -> bool:
        """``e`` would cross a barricade: it attacks it with help (L7-barricade-enemy)."""
        kind = ENEMY_TYPE[e.kind]
        helpers = [x for x in self.enemies_on(e.tile)
                   if x.id != e.id and ENEMY_TYPE[x.kind] == kind]
        for x in helpers:
            self.set_enemy(x.id, spent=True)
        prof = self.cfg.profile(e.kind)
        power = e.power if e.kind == "blaster" else 0
        n = self.dice(prof.dice + power + len(helpers))
        helped = (f", helped by {', '.join(enemy_name(x.id) for x in helpers)} (one die each; "
                  "they count as activated)") if helpers else ""
        words = self.door_words(door)
        self.emit("barricade_attack", f"{enemy_name(e.id)} attacks the barricade on {words} "
                  f"with {plural(n, 'die')}{helped}: 3 Strength damage it",
                  "L7-R67" if power else "L7-barricade-enemy", enemy_id=e.id, door=door,
                  dice=n, helpers=tuple(x.id for x in helpers))
        self.wait(Pending("roll", "enemy_barricade", e.id, door=door, dice=n, icon=STRENGTH,
                          difficulty=BARRICADE_DIFFICULTY))
        return True

    def resolve_enemy_barricade(self, roll: Roll) -> None:
        p = self.pending
        assert p.door is not None
        e = self.find_enemy(p.actor)
        if e is not None and e.kind == "blaster" and e.power:
            self.set_enemy(e.id, power=0)
            self.emit("power_spent", f"{enemy_name(e.id)}'s power tokens leave the pool",
                      "L7-R67", enemy_id=e.id)
        tally = f"{roll.strength} Strength"
        if roll.strength >= p.difficulty:
            self.damage_barricade(p.door, f"{enemy_name(p.actor)}: {tally}",
                                  "L7-barricade-enemy")
        else:
            words = self.door_words(p.door)
            self.emit("barricade_holds", f"The barricade on {words} holds ({tally}, 3 "
                      "needed)", "L7-barricade-enemy", door=p.door)
        self.run_queue()

    # -- the hybrids' dice -------------------------------------------------------------
    def resolve_hunters(self, roll: Roll) -> None:
        icons = roll.strength + roll.speed + roll.intelligence
        hunters = [e.id for e in self.in_play("hunter")]
        self.emit("hunters", f"The fear hunters' die shows {plural(icons, 'icon')}: each "
                  f"fear hunter activates {plural(icons, 'time')}", "L7-R32", icons=icons)
        self.push_front(Task("activate", h) for h in hunters for _ in range(icons))
        self.run_queue()

    def resolve_blasters(self, roll: Roll) -> None:
        blasters = self.in_play("blaster")
        if roll.intelligence:
            asleep = [b for b in blasters if self.hooks.inactive(self.work, b)]
            for b in asleep:
                self.emit("no_power", f"{enemy_name(b.id)} is not active yet and gains no "
                          "power token", "L7-R75", enemy_id=b.id)
            blasters = [b for b in blasters if b not in asleep]
            for b in blasters:
                power = min(POWER_MAX, b.power + roll.intelligence)
                self.set_enemy(b.id, power=power)
                capped = " (at most 5)" if b.power + roll.intelligence > POWER_MAX else ""
                self.emit("power", f"{enemy_name(b.id)} gains "
                          f"{plural(roll.intelligence, 'power token')}: {power}{capped}",
                          "L7-blaster-power" if roll.intelligence == 1 else "L7-R30",
                          enemy_id=b.id, power=power)
        tasks: list[Task] = []
        for icon, number in ((STRENGTH, 1), (SPEED, 2)):
            count = roll.count(icon)
            if not count:
                continue
            blaster = self.find_enemy(f"blaster#{number}")
            if blaster is None:
                self.emit("blaster_absent", f"{plural(count, icon + ' icon')} for the "
                          f"{icon} blaster, which is not in play", "L7-blaster-icons")
                continue
            both = " (first)" if icon == STRENGTH and roll.speed else ""
            self.emit("blaster_icons", f"{plural(count, icon + ' icon')}: "
                      f"{enemy_name(blaster.id)} activates {plural(count, 'time')}{both}",
                      "L7-blaster-icons", enemy_id=blaster.id, count=count)
            tasks.extend(Task("activate", blaster.id) for _ in range(count))
        if roll.intelligence and (roll.strength or roll.speed):
            self.emit("mixed_face", "Power tokens first, then the activations", "L7-R68")
        self.push_front(tasks)
        self.run_queue()

    # -- guards ------------------------------------------------------------------------------
    def secure_check(self) -> None:
        """Captured at the secure number of guards (L7-R14)."""
        for i, c in enumerate(self.chars):
            if c.status != INSIDE:
                continue
            guards = sum(1 for e in self.enemies if e.kind == "guard" and e.tile == c.tile)
            if guards >= self.scen.secure_number:
                self.knock_out(i, f"captured by {plural(guards, 'guard')}, at least the secure "
                               f"number {self.scen.secure_number}", "L7-R14")

