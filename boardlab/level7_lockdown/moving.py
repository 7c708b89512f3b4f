"""The move step (L7-R7): moves, vents, exploring and peeking, getting up, falling.

Exploring draws a tile from the scenario's current stack (or flips a face-down tile)
and places it behind the door (L7-R5); the explorer chooses among legal placements and
ends the move step on the new tile. Leaving a tile that holds enemies takes a bull rush
(Strength) or outwit (Intelligence) challenge against their number first.

Every procedure here is a function of the working copy ``w`` (:class:`~.work.Work`);
the end of the move step hands over to the action step (``w.then(Auto.ACTION)``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boardlab.level7_lockdown.choices import (
    EndStep,
    Explore,
    FallDown,
    LowerTerror,
    Move,
    Peek,
    Place,
    Roll,
    StandUp,
    TileDraw,
    Vent,
)
from boardlab.level7_lockdown.config import INTELLIGENCE, STRENGTH
from boardlab.level7_lockdown.events import (
    ADRENALINE,
    FALL,
    GOT_AWAY,
    GOT_UP,
    MOVE,
    STUCK,
    plural,
)
from boardlab.level7_lockdown.geometry import Door, Placement, place, placements_through
from boardlab.level7_lockdown.kinds import Auto, Kind, Purpose
from boardlab.level7_lockdown.scenario import UNSEEN
from boardlab.level7_lockdown.state import ESCAPED, INSIDE, Char, Pending

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

_P_MOVE = Pending(Kind.MOVE)
# The choices without fields, shared (interned: docs/engine-patterns.md).
STAND_UP, FALL_DOWN, LOWER_TERROR, END_STEP = StandUp(), FallDown(), LowerTerror(), EndStep()
_ESCAPES = ("bullrush", "outwit")
_PLAIN = ("",)


# -- what may be done ------------------------------------------------------------------------
def move_choices(w: Work) -> list[Any]:
    c = w.me
    out: list[Any] = []
    if c.status != INSIDE:
        return out
    if c.down:
        if w.moves > 0:
            out.append(STAND_UP)
    else:
        out.append(FALL_DOWN)
        if w.moves > 0:
            _leaving_choices(w, c, out)
    if c.terror and c.adrenaline >= 2:
        out.append(LOWER_TERROR)
    out.append(END_STEP)
    return out


def _leaving_choices(w: Work, c: Char, out: list[Any]) -> None:
    """Every way to leave ``c``'s tile (L7-R7, L7-R5, L7-R19), appended to ``out``: each
    goal with every escape and adrenaline it may take, as shared tuples of interned
    choices."""
    here = c.tile
    lay = w.lay
    guarded = False
    for e in w.enemies:
        if e.tile == here:
            guarded = True
            break
    most = w.adrenaline_max(c) if guarded else 0
    stacks = w.hooks.explore_stacks(w, c)
    for kind, goal, stack in _goals(w, c, here, stacks):
        out.extend(_variants(kind, goal, stack, guarded, most))
    if not guarded:
        # with every stack used up a peek is still possible (L7-R80)
        for stack in stacks or _PLAIN:
            dice, objective = w.hooks.peek(w, c, stack)
            if dice:
                out.extend(_peek(door, stack) for door, _ in lay.ends[here]
                           if objective_fits(w, door, objective))


def _goals(w: Work, c: Char, here: int, stacks: tuple[str, ...]
           ) -> list[tuple[type, Any, str]]:
    """Where ``c`` may go from ``here``: tiles through open doors and links, vents of
    the floor, doors to explore (with the stack to draw from), in the order offered."""
    lay, hooks = w.lay, w.hooks
    reach: dict[int, bool] = {}
    free = "can_move" in w.t.plain
    locked, barricaded = w.locked, w.barricades
    for j, door in lay.adj[here]:
        if door is not None and (door in locked or (barricaded and w.barricade(door))):
            continue    # not open (L7-R3, L7-barricade-block); a lift link always is
        if free or hooks.can_move(w, c, j, "link" if door is None else "move"):
            reach[j] = True
    goals: list[tuple[type, Any, str]] = [(Move, j, "") for j in sorted(reach)]
    if w.has_feature(here, "vent"):
        floor = w.tiles[here].floor
        for j, p in enumerate(w.tiles):
            if j != here and p.floor == floor and w.has_feature(j, "vent") \
                    and hooks.can_move(w, c, j, "vent"):
                goals.append((Vent, j, ""))
    for stack in stacks:
        goals.extend((Explore, door, stack) for door, _ in lay.ends[here])
    for door, j in lay.flips[here]:
        if w.stack_tiles(w.tiles[j].stack):
            goals.append((Explore, door, ""))
    return goals


@lru_cache(maxsize=4096)
def _variants(kind: type, goal: Any, stack: str, guarded: bool, most: int
              ) -> tuple[Any, ...]:
    """Going to ``goal``: plainly, or past enemies by bull rush or outwit with 0 to
    ``most`` adrenaline cards (one shared tuple per goal and options)."""
    escapes, cards = (_ESCAPES, range(most + 1)) if guarded else (_PLAIN, range(1))
    if kind is Explore:
        return tuple(Explore(goal, esc, a, stack) for esc in escapes for a in cards)
    return tuple(kind(goal, esc, a) for esc in escapes for a in cards)


@lru_cache(maxsize=1024)
def _peek(door: Door, stack: str) -> Peek:
    return Peek(door, stack)


def objective_fits(w: Work, door: Door, objective: str = "objective") -> bool:
    """Some objective tile of the stack fits behind ``door`` (else no peek, L7-R19);
    remembered per map, door and tiles of the stack."""
    tiles = w.stack_tiles(objective)
    return w.map_memo(("fits", door, tiles),
                      lambda key: any(placements_through(w.lay, w.cfg.tile(name), door)
                                      for name in set(tiles)))


def place_choices(w: Work) -> list[Place]:
    p = w.pending
    assert p.door is not None
    replacing = p.index if p.index >= 0 else None
    return [Place(o.x, o.y, o.rotation)
            for o in w.placements(p.tile, p.door, replacing)]


# -- doing it ------------------------------------------------------------------------------
def stand_up(w: Work, choice: StandUp) -> None:
    c = w.me
    w.moves -= 1
    w.set_char(w.active, down=False)
    w.emit_t(GOT_UP["L7-fall-effects"], c.name)
    after_move(w)


def fall_down(w: Work, choice: FallDown) -> None:
    c = w.me
    w.set_char(w.active, down=True)
    w.emit_t(FALL["L7-fall"], c.name)


def lower_terror(w: Work, choice: LowerTerror) -> None:
    c = w.me
    terror = c.terror - 1
    w.set_char(w.active, terror=terror, adrenaline=c.adrenaline - 2)
    gone = "; the terror token comes off the track" if terror == 0 else ""
    w.emit("lower_terror", f"{c.name} discards two adrenaline cards: terror "
           f"{terror}{gone}", "L7-terror-lower", c.name, terror=terror)


def spend_adrenaline(w: Work, n: int) -> None:
    """Play ``n`` adrenaline cards: +1 die and +1 fear each (L7-R8, L7-R21)."""
    if not n:
        return
    c = w.me
    w.set_char(w.active, adrenaline=c.adrenaline - n, fear=c.fear + n)
    w.emit_t(ADRENALINE["L7-R21"], c.name, n, c.fear + n)


def roll_or_resolve(w: Work, pending: Pending) -> None:
    """Wait for a roll, or resolve a roll of no dice at once (nothing to chance)."""
    w.pending = pending
    if pending.dice <= 0:
        w.then(Auto.ZERO_ROLL)


def leave(w: Work, choice: Move | Vent | Explore) -> None:
    """Start a move; with enemies here, the bull rush or outwit comes first."""
    if not choice.escape:
        return go(w, choice)
    c = w.me
    n_enemies = len(w.enemies_on(c.tile))
    spend_adrenaline(w, choice.adrenaline)
    c = w.me
    icon = STRENGTH if choice.escape == "bullrush" else INTELLIGENCE
    dice, how = w.challenge_dice(c, icon, adrenaline=choice.adrenaline)
    word = "bull rushes" if choice.escape == "bullrush" else "tries to outwit"
    w.emit("challenge", f"{c.name} {word} {plural(n_enemies, 'enemy')} to get away: "
           f"{icon} {n_enemies} on {plural(dice, 'die')} ({how})", "L7-R7", c.name,
           difficulty=n_enemies, dice=dice)
    plain = (Explore(choice.door, stack=choice.stack) if isinstance(choice, Explore)
             else type(choice)(choice.to))
    roll_or_resolve(w, Pending(Kind.ROLL, Purpose.ESCAPE, c.name, dice=dice, icon=icon,
                               difficulty=n_enemies, then=plain))


def resolve_escape(w: Work, roll: Roll) -> None:
    p = w.pending
    c = w.me
    got = roll.count(p.icon)
    if got >= p.difficulty:
        w.emit_t(GOT_AWAY["L7-R7"], c.name, got, p.icon, p.difficulty)
        assert p.then is not None
        return go(w, p.then)
    w.emit_t(STUCK["L7-R7"], c.name, got, p.icon, p.difficulty)
    w.hooks.challenge_lost(w, "escape")
    w.then(Auto.ACTION)


def go(w: Work, choice: Move | Vent | Explore) -> None:
    c = w.me
    if isinstance(choice, Explore):
        return explore(w, choice.door, choice.stack)
    w.moves -= 1
    how = "crawls through the vents" if isinstance(choice, Vent) else "moves"
    w.set_char(w.active, tile=choice.to)
    w.emit_t(MOVE["L7-R7"], c.name, c.tile, choice.to, how, w.tname(c.tile),
             w.tname(choice.to))
    # the move step goes on with the moves left (also after a bull rush's roll)
    w.wait(_P_MOVE)
    if enter(w, choice.to):
        return
    after_move(w)


def enter(w: Work, tile: int) -> bool:
    """What stepping onto ``tile`` does: gas (L7-cloud-gas, L7-R35), the scenario's
    own effects, the exit. True while waiting for a roll (scenario 12's swarm)."""
    c = w.me
    if (tile, "gas") in w.clouds:
        if c.adrenaline:
            w.set_char(w.active, adrenaline=c.adrenaline - 1)
            w.emit("gas", f"{c.name} walks into the gas cloud and discards an "
                   "adrenaline card", "L7-cloud-gas", c.name)
        else:
            w.emit("gas", f"{c.name} walks into the gas cloud with no adrenaline "
                   "card to lose", "L7-R35", c.name)
    if w.hooks.entered(w, tile):
        return True
    reach_exit(w, tile)
    return False


def reach_exit(w: Work, tile: int) -> None:
    """Escape if ``tile`` is an exit and the active character is still on it."""
    c = w.me
    if c.status == INSIDE and c.tile == tile and w.hooks.is_exit(w, tile):
        w.set_char(w.active, status=ESCAPED, down=False)
        w.emit("escape", f"{c.name} reaches {w.tname(tile)} and escapes!",
               w.hooks.exit_rule, c.name)


def after_move(w: Work) -> None:
    """Out of moves, or out of play: on to the action step."""
    if w.me.status != INSIDE or w.moves <= 0:
        w.then(Auto.ACTION)


# -- exploring and peeking -------------------------------------------------------------------
def explore(w: Work, door: Door, choice: str = "") -> None:
    c = w.me
    w.moves -= 1
    flip = next((j for d, j in w.lay.flips[c.tile] if d == door), None)
    if flip is not None:
        stack = w.tiles[flip].stack
        words = w.door_words(door, c.tile)
        w.emit("explore", f"{c.name} explores through {words} and turns over the "
               "face-down tile there", "L7-R5", c.name, door=door)
        w.wait(Pending(Kind.TILE_DRAW, Purpose.EXPLORE, c.name, door=door, stack=stack,
                       index=flip))
        return
    top = w.hooks.draw_stack(w, c, choice)
    assert top is not None
    stack = top
    words = w.door_words(door, c.tile)
    w.emit("explore", f"{c.name} explores through {words}: a tile from stack {stack}",
           "L7-R5", c.name, door=door, stack=stack)
    w.wait(Pending(Kind.TILE_DRAW, Purpose.EXPLORE, c.name, door=door, stack=stack))


def peek(w: Work, choice: Peek) -> None:
    c = w.me
    door, stack = choice.door, choice.stack
    dice = w.dice(w.hooks.peek(w, c, stack)[0])
    words = w.door_words(door, c.tile)
    w.emit("peek", f"{c.name} peeks through {words}: Intelligence 1 on "
           f"{plural(dice, 'die')}", "L7-R19", c.name, door=door, dice=dice)
    w.moves -= 1
    roll_or_resolve(w, Pending(Kind.ROLL, Purpose.PEEK, c.name, door=door, dice=dice,
                               icon=INTELLIGENCE, difficulty=1, stack=stack))


def resolve_peek(w: Work, roll: Roll) -> None:
    p = w.pending
    c = w.me
    assert p.door is not None
    if roll.intelligence >= 1:
        objective = w.hooks.peek(w, c, p.stack)[1]
        w.emit("peek_won", f"{c.name}'s peek succeeds: the objective tile goes "
               "against their tile; they stay where they are", "L7-R19", c.name)
        w.wait(Pending(Kind.TILE_DRAW, Purpose.PEEK, c.name, door=p.door, stack=objective))
        return
    stack = w.hooks.draw_stack(w, c, p.stack)
    if stack is None:
        w.emit("peek_lost", f"{c.name}'s peek fails and no stack is left to explore "
               "from", "L7-R80", c.name)
        return w.then(Auto.ACTION)
    w.emit("peek_lost", f"{c.name}'s peek fails: they explore through "
           f"{w.door_words(p.door, c.tile)} instead (stack {stack})", "L7-R19", c.name)
    w.wait(Pending(Kind.TILE_DRAW, Purpose.EXPLORE, c.name, door=p.door, stack=stack))


def tile_drawn(w: Work, draw: TileDraw) -> None:
    """The tile an explorer (or a peek) drew: placed at once where only one placement
    fits, else the explorer chooses (L7-R5); no space, no tile (L7-R79)."""
    p = w.pending
    assert p.door is not None
    replacing = p.index if p.index >= 0 else None
    options = w.placements(draw.tile, p.door, replacing)
    w.emit("draw_tile", f"The tile is {draw.tile}", "L7-R5", p.actor, tile=draw.tile,
           stack=p.stack)
    if not options:
        words = w.door_words(p.door, w.me.tile)
        w.emit("no_space", f"Not enough space for {draw.tile} behind {words}: it is "
               f"shuffled back into stack {p.stack} and {p.actor} stays",
               "L7-R79", p.actor, tile=draw.tile)
        return w.then(Auto.ACTION)
    w.take_from_stack(p.stack, draw.tile)
    if len(options) == 1:
        return put_tile(w, options[0].x, options[0].y, options[0].rotation, draw.tile)
    w.wait(p._replace(kind=Kind.PLACE, tile=draw.tile))


def place_tile(w: Work, choice: Place) -> None:
    """The explorer's choice of where the drawn tile goes."""
    put_tile(w, choice.x, choice.y, choice.rotation, w.pending.tile)


def put_tile(w: Work, x: int, y: int, rotation: int, name: str) -> None:
    p = w.pending
    assert p.door is not None
    floor = p.door.floor
    new = Placement(name, floor, x, y, rotation)
    replacing = p.index if p.index >= 0 else None
    w.tiles, index = place(w.tiles, new, replacing=replacing)
    w.explored = (*w.explored, index)
    c = w.me
    turned = f", turned {90 * rotation}°" if rotation else ""
    w.emit("place_tile", f"{name} is placed at ({x},{y}) on floor {floor}{turned}",
           "L7-R5", c.name, tile=name, x=x, y=y, rotation=rotation, index=index)
    w.hooks.after_place(w, index, p.purpose)
    if p.purpose == Purpose.EXPLORE and c.status == INSIDE:
        w.set_char(w.active, tile=index)
        w.emit("move", f"{c.name} steps onto {name}; exploring ends the move step",
               "L7-R7", c.name, start=c.tile, end=index)
        waiting = enter(w, index)
        assert not waiting, "a newly explored tile holds no swarm"
    elif p.purpose == Purpose.PEEK:
        w.emit("peek_stay", f"{c.name} stays on {w.tname(c.tile)}", "L7-R74", c.name)
    w.then(Auto.ACTION)


@lru_cache(maxsize=4096)
def stack_outcomes(tiles: tuple[str, ...], pool: tuple[str, ...]
                   ) -> tuple[tuple[str, Fraction], ...]:
    """Draw chances from a stack whose ``"*"`` entries are unseen tiles of ``pool``.

    >>> stack_outcomes(("*", "*", "Lab"), ("Hall", "Yard"))
    (('Hall', Fraction(1, 3)), ('Lab', Fraction(1, 3)), ('Yard', Fraction(1, 3)))
    >>> stack_outcomes(("*", "Lab"), ("Hall", "Yard", "Den", "Bay"))[0]
    ('Bay', Fraction(1, 8))
    """
    total = len(tiles)
    unseen = tiles.count(UNSEEN)
    out: dict[str, Fraction] = {}
    for t in tiles:
        if t != UNSEEN:
            out[t] = out.get(t, Fraction(0)) + Fraction(1, total)
    if unseen:
        share = Fraction(unseen, total * len(pool))
        for t in pool:
            out[t] = out.get(t, Fraction(0)) + share
    return tuple(sorted(out.items()))
