"""The enemy activation step: the enemies as an automaton (L7-R10, L7-R11, L7-R83).

An enemy never decides: each activation attacks the best target on its tile (ranged
enemies: else the best on a neighbouring tile, L7-ranged-enemy, L7-R36), else moves
one tile toward the best target it can reach. Guards value threat; aliens value total
fear (terror twice, L7-terror-aliens). Ties follow L7-R24 and L7-R69. Every
uncertainty is a roll, so an enemy turn is pure chance.

The step runs as a queue of tasks (L7-R72; the rules' task table runs it): the event
card's activation icons, the fear hunters' die (L7-R32), the blasters' die
(L7-blaster-activation), Dr. Cronos, then the end of the turn. A roll pauses the queue
at a chance node; its resolution hands back to the queue (``w.then(Auto.QUEUE)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from boardlab.level7_lockdown import effects
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
from boardlab.level7_lockdown.events import (
    ACTIVATE_ALIENS,
    ACTIVATE_CLONES,
    ACTIVATE_GUARDS,
    BLASTER_DIE,
    BLASTER_ICONS,
    ENEMY_ATTACK,
    ENEMY_MOVE,
    ENEMY_STEP,
    HIT_CHARACTER,
    HIT_ENEMY,
    HUNTERS,
    HUNTERS_DIE,
    IDLE,
    MISS,
    PACK_LIMIT,
    POWER,
    POWER_SPENT,
    enemy_name,
    plural,
)
from boardlab.level7_lockdown.geometry import Door, DoorCost, step_toward
from boardlab.level7_lockdown.kinds import Auto, Kind, Purpose, TaskKind
from boardlab.level7_lockdown.spawning import CLONES, KIND_ORDER, clones_on
from boardlab.level7_lockdown.state import INSIDE, Enemy, Pending, Task

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

_P_HUNTERS = Pending(Kind.ROLL, Purpose.HUNTERS, dice=1)
_P_BLASTERS = Pending(Kind.ROLL, Purpose.BLASTERS, dice=1)


class Target(NamedTuple):
    """A possible target with its sort key: higher value first, characters before
    enemies on a tie (L7-R69), then turn order / figure order (L7-R24)."""

    key: tuple[int, int, int, int]
    id: str
    tile: int
    value: int
    is_char: bool


def begin_enemies(w: Work) -> None:
    w.step = "enemies"
    card = w.cfg.events[w.event]
    w.emit_t(ENEMY_STEP["L7-R72"], None, card)
    tasks = [_GUARDS if icon == "guard" else _CLONES for icon in card.activations]
    w.queue = tuple(w.hooks.enemy_tasks(w, tasks))
    w.then(Auto.QUEUE)


# -- the tasks (each returns True when the queue must stop: a roll to wait for) ------------
def task_guards(w: Work, task: Task) -> bool:
    ids = [e.id for e in w.in_play("guard")]
    w.emit_t(ACTIVATE_GUARDS["L7-R12"], None, len(ids))
    w.push_front([*map(activation, ids), _SECURE])
    return False


def task_clones(w: Work, task: Task) -> bool:
    ids = [e.id for e in w.enemies if e.kind in CLONES]
    w.emit_t(ACTIVATE_CLONES["L7-warrior-reserves"], None, len(ids))
    w.push_front(map(activation, ids))
    return False


def activation(enemy_id: str) -> Task:
    """The task of one activation of ``enemy_id`` (shared: they recur all match long)."""
    task = _ACTIVATIONS.get(enemy_id)
    if task is None:
        if len(_ACTIVATIONS) > 1024:
            _ACTIVATIONS.clear()
        task = _ACTIVATIONS[enemy_id] = Task(TaskKind.ACTIVATE, enemy_id)
    return task


_ACTIVATIONS: dict[str, Task] = {}
_SECURE = Task(TaskKind.SECURE)
_GUARDS = Task(TaskKind.GUARDS)
_CLONES = Task(TaskKind.CLONES)


def task_activate(w: Work, task: Task) -> bool:
    e = w.find_enemy(task.actor)
    if e is None:
        return False
    if e.spent:
        w.emit("spent", f"{enemy_name(e.id)} already counts as activated this turn",
               "L7-barricade-enemy", enemy_id=e.id)
        return False
    return activate(w, e)


def task_aliens(w: Work, task: Task) -> bool:
    ids = [e.id for e in w.enemies if e.kind in ALIENS]
    w.emit_t(ACTIVATE_ALIENS[task.actor or "L7-R12"], None, len(ids))
    w.push_front(map(activation, ids))
    return False


def task_hunters_die(w: Work, task: Task) -> bool:
    if not w.any_in_play("hunter"):
        return False
    w.emit_t(HUNTERS_DIE["L7-R32"], None)
    w.wait(_P_HUNTERS)
    return True


def task_blaster_die(w: Work, task: Task) -> bool:
    if not w.any_in_play("blaster"):
        return False
    w.emit_t(BLASTER_DIE["L7-blaster-activation"], None)
    w.wait(_P_BLASTERS)
    return True


def task_secure(w: Work, task: Task) -> bool:
    """Captured at the secure number of guards (L7-R14)."""
    for i, c in enumerate(w.chars):
        if c.status != INSIDE:
            continue
        guards = sum(1 for e in w.enemies if e.kind == "guard" and e.tile == c.tile)
        if guards >= w.scen.secure_number:
            effects.knock_out(w, i, f"captured by {plural(guards, 'guard')}, at least the secure "
                        f"number {w.scen.secure_number}", "L7-R14")
    return False


# -- targets ---------------------------------------------------------------------------------
def targets_for(w: Work, e: Enemy) -> list[Target]:
    """Everything ``e`` may attack, best first (L7-R10, L7-R4, L7-R69, L7-R82).

    The list depends only on whether ``e`` is a guard or an alien, the characters, the
    enemies, whose turn it is and the scenario (and on the markers where a scenario's
    guards target them): the last list of each kind of enemy is kept for the next
    activation on the same figures (most activations in a row change nothing), and so
    are its characters and its enemies apart (a move changes only the enemies, a hit
    often only the characters).
    """
    kind = e.kind
    category = 0 if kind == "guard" else 1 if kind in ALIENS else 2
    markers = category == 0 and not w.t.default_markers
    chars, enemies, active, scen = w.chars, w.enemies, w.active, w.scen
    if not markers:
        last = _LAST_TARGETS[category]
        if last[0] is chars and last[1] is enemies and last[2] == active and last[3] is scen:
            return list(last[4])
    out = [*_character_targets(w, category), *_enemy_targets(w, category)]
    if markers:
        for marker_id, tile, value in w.hooks.marker_targets(w, e):
            out.append(_new(Target, ((-value, 2, tile, 0), marker_id, tile, value, False)))
    out.sort()
    if not markers:
        _LAST_TARGETS[category] = (chars, enemies, active, scen, tuple(out))
    return out


def _best_here(w: Work, e: Enemy) -> Target | None:
    """The first target of :func:`targets_for` on ``e``'s own tile, among the characters
    and enemies (keys are unique, so the one with the lowest key), read from the two
    parts without sorting the whole list: most activations attack here. ``None`` also
    where a scenario's markers are targets too (then ask :func:`targets_for`)."""
    kind = e.kind
    category = 0 if kind == "guard" else 1 if kind in ALIENS else 2
    if category == 0 and not w.t.default_markers:
        return None
    tile = e.tile
    best: Target | None = None
    for part in (_character_targets(w, category), _enemy_targets(w, category)):
        for t in part:
            if t.tile == tile and (best is None or t.key < best.key):
                best = t
    return best


def _character_targets(w: Work, category: int) -> tuple[Target, ...]:
    """The characters a guard (``category`` 0: by threat) or an alien (by total fear)
    values, in turn order from the active one (see :func:`targets_for`)."""
    chars, active = w.chars, w.active
    last = _LAST_CHARACTERS[category]
    if last[0] is chars and last[1] == active:
        return last[2]
    out: list[Target] = []
    n = len(chars)
    guard = category == 0
    for k in range(n):
        c = chars[(active + k) % n]
        if c.status != INSIDE:
            continue
        value = c.threat if guard else c.fear + 2 * c.terror
        if value >= 1:
            out.append(_new(Target, ((-value, 0, k, 0), c.name, c.tile, value, True)))
    found = tuple(out)
    _LAST_CHARACTERS[category] = (chars, active, found)
    return found


def _enemy_targets(w: Work, category: int) -> tuple[Target, ...]:
    """The enemies a guard (``category`` 0: the aliens) or an alien (the guards) values,
    in figure order (see :func:`targets_for`)."""
    enemies, scen = w.enemies, w.scen
    last = _LAST_FOES[category]
    if last[0] is enemies and last[1] is scen:
        return last[2]
    out: list[Target] = []
    guard = category == 0
    for x in enemies:
        if guard and x.kind in ALIENS:
            value = scen.clone_threat if x.kind in CLONES else scen.hybrid_threat
        elif category == 1 and x.kind == "guard":
            value = scen.guard_fear
        else:
            continue
        if value >= 1:   # the figure order of enemy_sort_key
            out.append(_new(Target, ((-value, 1, KIND_ORDER[x[0]], x[1]), x.id, x.tile,
                                     value, False)))
    found = tuple(out)
    _LAST_FOES[category] = (enemies, scen, found)
    return found


_new = tuple.__new__   # a Target or Pending from a plain tuple: no keyword parsing
#: Per kind of enemy (guard, alien, other): the figures and turn the last target list
#: was made for, and the list; the same for its characters and its enemies apart (one
#: tuple per entry, replaced whole).
_LAST_TARGETS: list[tuple[Any, ...]] = [(None, None, -1, None, ())] * 3
_LAST_CHARACTERS: list[tuple[Any, ...]] = [(None, -1, ())] * 3
_LAST_FOES: list[tuple[Any, ...]] = [(None, None, ())] * 3


def enemy_cost(w: Work, e: Enemy) -> DoorCost:
    """How ``e`` may path (L7-R10, L7-barricade-block, L7-blaster-doors, L7-R70)."""
    return _enemy_cost(w, e)[0]


def _enemy_cost(w: Work, e: Enemy) -> tuple[DoorCost, Any]:
    """``e``'s door cost and the key of what it depends on (see ``Work.costs``): with no
    locked door every door costs 1, as for spawning (key ``None``)."""
    locked = w.locked
    if not locked:
        return _ONE, None
    hybrid = e.kind in HYBRIDS
    powerless = e.kind == "blaster" and e.power < 1
    reached = e.door

    def cost(door: Door | None) -> int | None:
        if door is None or door not in locked:
            return 1   # open, or barricaded: a way to plan through and attack
        if not hybrid:
            return None
        if powerless and reached != door:
            return None   # no token to pay with: a wall for it (B3 #16)
        return 2
    return cost, (locked, hybrid, powerless and reached)


def _ONE(door: Door | None) -> int:
    return 1


def activate(w: Work, e: Enemy) -> bool:
    """One activation of ``e``; True when it waits for a roll."""
    plain = w.t.plain
    why = "" if "inactive" in plain else w.hooks.inactive(w, e)
    if why:
        w.emit("inactive", f"{enemy_name(e.id)} does not activate yet ({why})",
               "L7-S11-airlock", enemy_id=e.id)
        return False
    if e.kind == "guard":
        if e.tile == w.cronos:
            w.to_reserves(e.id, "it activates on Dr. Cronos's tile", "L7-cronos-guards")
            return False
        if "guard_marker" not in plain and w.hooks.guard_marker(w, e):
            return False
    tile = e.tile
    here = _best_here(w, e)
    if here is not None:
        return enemy_attack(w, e, here, "L7-R83")
    targets = targets_for(w, e)
    for t in targets:
        if t.tile == tile:      # where markers are targets (scenario 9's guards)
            return enemy_attack(w, e, t, "L7-R83")
    if w.cfg.profile(e.kind).ranged:
        near = w.ranged_neighbours(tile)
        for t in targets:
            if t.tile in near:
                return enemy_attack(w, e, t, "L7-ranged-enemy")
    cost, variant = _enemy_cost(w, e)
    costs = w.costs(tile, cost, variant)
    for goal in targets:
        if costs[goal.tile] is not None:
            break
    else:
        w.emit_t(IDLE["L7-R83"], None, e.id)
        return False
    goal_tile = goal.tile
    step = w.map_memo(("step", tile, goal_tile, variant), lambda key: step_toward(
        w.lay, tile, w.costs(goal_tile, cost, variant), cost))
    assert step is not None
    return _enemy_step(w, e, goal, *step)


def _enemy_step(w: Work, e: Enemy, goal: Target, nxt: int, door: Door | None) -> bool:
    """``e`` takes one step toward ``goal``: through ``door`` onto ``nxt``, or against
    the barricade or locked door in the way; True when it waits for a roll."""
    enemy_id = e.id
    locked = door is not None and door in w.locked
    if door is not None and w.barricades and w.barricade(door):
        return barricade_attack(w, e, door)
    if door is not None and locked and e.door != door:
        pay = ""
        if e.kind == "blaster":
            w.set_enemy(enemy_id, power=e.power - 1, door=door)
            pay = " and pays a power token"
        else:
            w.set_enemy(enemy_id, door=door)
        rule_id = "L7-blaster-doors" if e.kind == "blaster" else "L7-R70"
        words = w.door_words(door).removeprefix("the ")
        w.emit("locked_door", f"{enemy_name(enemy_id)} reaches the locked {words}{pay}; "
               "it will cross on its next activation", rule_id, enemy_id=enemy_id,
               door=door)
        return False
    if e.kind in CLONES and clones_on(w, nxt) >= w.scen.pack_limit:
        w.emit_t(PACK_LIMIT["L7-R15"], None, enemy_id, w.tname(nxt))
        return False
    w.set_enemy(enemy_id, tile=nxt, door=None)
    crossed = " through the locked door" if locked else ""
    w.emit_t(ENEMY_MOVE["L7-R70" if crossed else "L7-R10"], None, enemy_id, e.tile, nxt,
             w.tname(e.tile), w.tname(nxt), crossed, target_name(w, goal))
    if e.kind == "guard" and nxt == w.cronos:
        w.to_reserves(enemy_id, "it ends its activation on Dr. Cronos's tile",
                      "L7-cronos-guards")
        return False
    if "enemy_entered" not in w.t.plain:
        w.hooks.enemy_entered(w, e, nxt)
    return False


def target_name(w: Work, t: Target) -> str:
    if t.is_char:
        return t.id
    if t.id.startswith("marker:"):
        return f"the accessed marker on {w.tname(t.tile)}"
    return enemy_name(t.id)


# -- attacks ---------------------------------------------------------------------------------
def enemy_attack(w: Work, e: Enemy, t: Target, rule_id: str) -> bool:
    """``e`` attacks ``t``: its dice (with a blaster's power) against the target's
    toughness (+1 downed against a ranged attack, +1 in a cloud: L7-R11, L7-cloud)."""
    cfg = w.cfg
    prof = cfg.profile(e.kind)
    blaster = e.kind == "blaster"
    n = prof.dice + e.power if blaster else prof.dice
    if n > cfg.dice_cap:   # between 0 and the cap (Work.dice, L7-R25)
        n = cfg.dice_cap
    if n < 0:
        n = 0
    notes = []
    tile, target_id = t.tile, t.id
    if t.is_char:
        chars = w.chars
        c = chars[(w.active + t.key[2]) % len(chars)]    # the key holds its turn order
        tough = w.t.toughness[c.name]
        if c.down and prof.ranged:
            tough += 1
            notes.append("+1 downed against a ranged attack")
        words: str = target_id
    else:
        target = w.find_enemy(target_id)
        assert target is not None
        tough = cfg.profile(target.kind).toughness
        words = target_name(w, t)
    if w.clouds and w.cloud(tile):
        tough += 1
        notes.append("+1 cloud")
    power = f", {plural(e.power, 'power die')}" if blaster and e.power else ""
    where = f" on {w.tname(tile)}" if tile != e.tile else ""
    note = f" ({', '.join(notes)})" if notes else ""
    if blaster and tile == e.tile:
        rule_id = "L7-blaster-attack"
    enemy_id = e.id
    w.emit_t(ENEMY_ATTACK[rule_id], target_id if t.is_char else None, enemy_id, target_id,
             n, tough, words, where, power, note)
    w.wait(_new(Pending, (Kind.ROLL, Purpose.ENEMY_ATTACK, enemy_id, target_id, None, n,
                          STRENGTH, tough, "", "", -1, False, None, 0)))
    return True


def resolve_enemy_attack(w: Work, roll: Roll) -> None:
    p = w.pending
    # Only a blaster has power to spend (its id names its kind: "blaster#2").
    e = w.find_enemy(p.actor) if p.actor.startswith("blaster#") else None
    hit = roll.strength >= p.difficulty
    if e is not None and e.kind == "blaster" and e.power:
        w.set_enemy(e.id, power=0)
        w.emit_t(POWER_SPENT["L7-blaster-attack"], None, e.id)
    if not hit:
        w.emit_t(MISS["L7-R11"], None, p.actor, roll.strength, p.difficulty)
    elif "#" in p.target:
        w.emit_t(HIT_ENEMY["L7-R11"], None, p.actor, p.target, roll.strength, p.difficulty)
        w.to_reserves(p.target, f"beaten by {enemy_name(p.actor)}", "L7-R11")
    else:
        w.emit_t(HIT_CHARACTER["L7-R11"], p.target, p.actor, roll.strength, p.difficulty)
        effects.lose_vitality(w, w.ci(p.target), 1, f"hit by {enemy_name(p.actor)}", "L7-R11")
    w.then(Auto.QUEUE)


def barricade_attack(w: Work, e: Enemy, door: Door) -> bool:
    """``e`` would cross a barricade: it attacks it with help (L7-barricade-enemy)."""
    kind = ENEMY_TYPE[e.kind]
    helpers = [x for x in w.enemies_on(e.tile)
               if x.id != e.id and ENEMY_TYPE[x.kind] == kind]
    for x in helpers:
        w.set_enemy(x.id, spent=True)
    prof = w.cfg.profile(e.kind)
    power = e.power if e.kind == "blaster" else 0
    n = w.dice(prof.dice + power + len(helpers))
    helped = (f", helped by {', '.join(enemy_name(x.id) for x in helpers)} (one die each; "
              "they count as activated)") if helpers else ""
    words = w.door_words(door)
    w.emit("barricade_attack", f"{enemy_name(e.id)} attacks the barricade on {words} "
           f"with {plural(n, 'die')}{helped}: 3 Strength damage it",
           "L7-R67" if power else "L7-barricade-enemy", enemy_id=e.id, door=door,
           dice=n, helpers=tuple(x.id for x in helpers))
    w.wait(Pending(Kind.ROLL, Purpose.ENEMY_BARRICADE, e.id, door=door, dice=n,
                   icon=STRENGTH, difficulty=BARRICADE_DIFFICULTY))
    return True


def resolve_enemy_barricade(w: Work, roll: Roll) -> None:
    p = w.pending
    assert p.door is not None
    e = w.find_enemy(p.actor)
    if e is not None and e.kind == "blaster" and e.power:
        w.set_enemy(e.id, power=0)
        w.emit_t(POWER_SPENT["L7-R67"], None, e.id)
    tally = f"{roll.strength} Strength"
    if roll.strength >= p.difficulty:
        w.damage_barricade(p.door, f"{enemy_name(p.actor)}: {tally}", "L7-barricade-enemy")
    else:
        words = w.door_words(p.door)
        w.emit("barricade_holds", f"The barricade on {words} holds ({tally}, 3 needed)",
               "L7-barricade-enemy", door=p.door)
    w.then(Auto.QUEUE)


# -- the hybrids' dice ---------------------------------------------------------------------
def resolve_hunters(w: Work, roll: Roll) -> None:
    icons = roll.strength + roll.speed + roll.intelligence
    hunters = [e.id for e in w.in_play("hunter")]
    w.emit_t(HUNTERS["L7-R32"], None, icons)
    w.push_front([activation(h) for h in hunters for _ in range(icons)])
    w.then(Auto.QUEUE)


def resolve_blasters(w: Work, roll: Roll) -> None:
    if roll.intelligence:
        _blaster_power(w, w.in_play("blaster"), roll.intelligence)
    tasks: list[Task] = []
    for icon, number in ((STRENGTH, 1), (SPEED, 2)):
        count = roll.count(icon)
        if not count:
            continue
        blaster_id = _BLASTER_IDS[number]
        if w.find_enemy(blaster_id) is None:
            w.emit("blaster_absent", f"{plural(count, icon + ' icon')} for the {icon} "
                   "blaster, which is not in play", "L7-blaster-icons")
            continue
        both = " (first)" if icon == STRENGTH and roll.speed else ""
        w.emit_t(BLASTER_ICONS["L7-blaster-icons"], None, blaster_id, count, icon, both)
        tasks.extend([activation(blaster_id)] * count)
    if roll.intelligence and (roll.strength or roll.speed):
        w.emit("mixed_face", "Power tokens first, then the activations", "L7-R68")
    w.push_front(tasks)
    w.then(Auto.QUEUE)


_BLASTER_IDS = {1: "blaster#1", 2: "blaster#2"}


def _blaster_power(w: Work, blasters: list[Enemy], icons: int) -> None:
    """Intelligence icons on the blasters' die: power tokens for the active ones."""
    asleep = [b for b in blasters if w.hooks.inactive(w, b)]
    for b in asleep:
        w.emit("no_power", f"{enemy_name(b.id)} is not active yet and gains no power "
               "token", "L7-R75", enemy_id=b.id)
    for b in blasters:
        if b in asleep:
            continue
        power = min(POWER_MAX, b.power + icons)
        w.set_enemy(b.id, power=power)
        capped = " (at most 5)" if b.power + icons > POWER_MAX else ""
        w.emit_t(POWER["L7-blaster-power" if icons == 1 else "L7-R30"], None, b.id, power,
                 icons, capped)
