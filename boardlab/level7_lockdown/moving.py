"""The move step (L7-R7): moves, vents, exploring and peeking, getting up, falling.

Exploring draws a tile from the scenario's current stack (or flips a face-down tile)
and places it behind the door (L7-R5); the explorer chooses among legal placements and
ends the move step on the new tile. Leaving a tile that holds enemies takes a bull rush
(Strength) or outwit (Intelligence) challenge against their number first.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

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
from boardlab.level7_lockdown.config import FEAR_MAX, INTELLIGENCE, STRENGTH
from boardlab.level7_lockdown.geometry import Door, placements_through
from boardlab.level7_lockdown.scenario import POOL, UNSEEN
from boardlab.level7_lockdown.state import ESCAPED, INSIDE, Char, Pending
from boardlab.level7_lockdown.work import Base, plural


class Moving(Base):
    __slots__ = ()

    # -- what may be done --------------------------------------------------------------
    def adrenaline_options(self, c: Char) -> range:
        """Cards playable on one challenge: never pushing fear past 8
        (L7-terror-adrenaline)."""
        return range(0, max(0, min(c.adrenaline, FEAR_MAX - c.fear)) + 1)

    def current_stack(self) -> str | None:
        """The stack exploring draws from: the first non-empty one, in order."""
        for name in self.scen.explore:
            if self.stack_tiles(name):
                return name
        return None

    def stack_tiles(self, name: str) -> tuple[str, ...]:
        for n, tiles in self.stacks:
            if n == name:
                return tiles
        return ()

    def peek_dice(self, names: tuple[str, ...] | None = None,
                  objective: str = "objective") -> int:
        """0: no peeking yet; 1 once Stack A is used up; 2 once A and B are (L7-R19).
        ``names`` are the stacks A, B, … that count (default: the exploring stacks)."""
        if not self.scen.peeking or not self.stack_tiles(objective):
            return 0
        used = [not self.stack_tiles(n) for n in (names or self.scen.explore)]
        if len(used) >= 2 and used[0] and used[1]:
            return 2
        return 1 if used and used[0] else 0

    def move_choices(self) -> list[Any]:
        c = self.me
        out: list[Any] = []
        if c.status != INSIDE:
            return out
        if c.down:
            if self.moves > 0:
                out.append(StandUp())
        else:
            out.append(FallDown())
            if self.moves > 0:
                out.extend(self._leaving_choices(c))
        if c.terror and c.adrenaline >= 2:
            out.append(LowerTerror())
        out.append(EndStep())
        return out

    def _leaving_choices(self, c: Char) -> list[Any]:
        here = c.tile
        lay = self.lay
        hooks = self.hooks
        guarded = bool(self.enemies_on(here))
        escapes = ("bullrush", "outwit") if guarded else ("",)
        adrenaline = self.adrenaline_options(c) if guarded else range(1)
        goals: list[tuple[type, Any, str]] = []
        reach: dict[int, bool] = {}
        w = self.work
        for j, door in lay.adj[here]:
            if self.is_open(door) and hooks.can_move(w, c, j,
                                                     "link" if door is None else "move"):
                reach[j] = True
        goals.extend((Move, j, "") for j in sorted(reach))
        if self.has_feature(here, "vent"):
            floor = self.tiles[here].floor
            for j, p in enumerate(self.tiles):
                if j != here and p.floor == floor and self.has_feature(j, "vent") \
                        and hooks.can_move(w, c, j, "vent"):
                    goals.append((Vent, j, ""))
        stacks = hooks.explore_stacks(w, c)
        for stack in stacks:
            goals.extend((Explore, door, stack) for door, _ in lay.ends[here])
        for door, j in lay.flips[here]:
            if self.stack_tiles(self.tiles[j].stack):
                goals.append((Explore, door, ""))
        out: list[Any] = []
        for kind, goal, stack in goals:
            for esc in escapes:
                for a in adrenaline:
                    out.append(Explore(goal, esc, a, stack) if kind is Explore
                               else kind(goal, esc, a))
        if not guarded:
            # with every stack used up a peek is still possible (L7-R80)
            for stack in stacks or ("",):
                dice, objective = hooks.peek(w, c, stack)
                if dice:
                    out.extend(Peek(door, stack) for door, _ in lay.ends[here]
                               if self.objective_fits(door, objective))
        return out

    def objective_fits(self, door: Door, objective: str = "objective") -> bool:
        """Some objective tile of the stack fits behind ``door`` (else no peek, L7-R19)."""
        return any(placements_through(self.lay, self.cfg.tile(name), door)
                   for name in set(self.stack_tiles(objective)))

    # -- doing it -----------------------------------------------------------------------
    def stand_up(self) -> None:
        c = self.me
        self.moves -= 1
        self.set_char(self.active, down=False)
        self.emit("stand_up", f"{c.name} spends a move to get up", "L7-fall-effects", c.name)
        self.after_move()

    def fall_down(self) -> None:
        c = self.me
        self.set_char(self.active, down=True)
        self.emit("fall", f"{c.name} drops to the floor", "L7-fall", c.name)

    def lower_terror(self) -> None:
        c = self.me
        terror = c.terror - 1
        self.set_char(self.active, terror=terror, adrenaline=c.adrenaline - 2)
        gone = "; the terror token comes off the track" if terror == 0 else ""
        self.emit("lower_terror", f"{c.name} discards two adrenaline cards: terror "
                  f"{terror}{gone}", "L7-terror-lower", c.name, terror=terror)

    def spend_adrenaline(self, n: int) -> None:
        """Play ``n`` adrenaline cards: +1 die and +1 fear each (L7-R8, L7-R21)."""
        if not n:
            return
        c = self.me
        self.set_char(self.active, adrenaline=c.adrenaline - n, fear=c.fear + n)
        self.emit("adrenaline", f"{c.name} plays {plural(n, 'adrenaline card')}: "
                  f"+{n} dice, fear {c.fear + n}", "L7-R21", c.name, cards=n)

    def challenge_dice(self, c: Char, icon: str, *, adrenaline: int = 0,
                       weapon: bool = False) -> tuple[int, str]:
        """Dice for a challenge and how they were counted (L7-R8, L7-R18, terror)."""
        n = self.stat(c, icon)
        parts = [f"{icon} {n}"]
        if c.terror and icon in (STRENGTH, INTELLIGENCE):
            parts[0] += " with terror"
        if weapon and self.has_item(c, "weapon"):
            n += 1
            parts.append("+1 weapon")
        if adrenaline:
            n += adrenaline
            parts.append(f"+{adrenaline} adrenaline")
        if self.hooks.dark(self.work, c.tile):
            if self.has_item(c, "flashlight"):
                parts.append("dark, but a flashlight")
            else:
                n -= 1
                parts.append("−1 darkness")
        return self.dice(n), ", ".join(parts)

    def leave(self, choice: Move | Vent | Explore) -> None:
        """Start a move; with enemies here, the bull rush or outwit comes first."""
        if not choice.escape:
            return self.go(choice)
        c = self.me
        n_enemies = len(self.enemies_on(c.tile))
        self.spend_adrenaline(choice.adrenaline)
        c = self.me
        icon = STRENGTH if choice.escape == "bullrush" else INTELLIGENCE
        dice, how = self.challenge_dice(c, icon, adrenaline=choice.adrenaline)
        word = "bull rushes" if choice.escape == "bullrush" else "tries to outwit"
        self.emit("challenge", f"{c.name} {word} {plural(n_enemies, 'enemy')} to get away: "
                  f"{icon} {n_enemies} on {plural(dice, 'die')} ({how})", "L7-R7", c.name,
                  difficulty=n_enemies, dice=dice)
        plain = (Explore(choice.door, stack=choice.stack) if isinstance(choice, Explore)
                 else type(choice)(choice.to))
        self.roll_or_resolve(Pending("roll", "escape", c.name, dice=dice, icon=icon,
                                     difficulty=n_enemies, then=plain))

    def resolve_escape(self, roll: Roll) -> None:
        p = self.pending
        c = self.me
        got = roll.count(p.icon)
        if got >= p.difficulty:
            self.emit("challenge_won", f"{c.name} gets away ({got} {p.icon} against "
                      f"{p.difficulty})", "L7-R7", c.name, icons=got)
            assert p.then is not None
            return self.go(p.then)
        self.emit("challenge_lost", f"{c.name} fails to get away ({got} {p.icon} against "
                  f"{p.difficulty}): the move step ends", "L7-R7", c.name, icons=got)
        self.hooks.challenge_lost(self.work, "escape")
        self.begin_action()  # type: ignore[attr-defined]

    def go(self, choice: Move | Vent | Explore) -> None:
        c = self.me
        if isinstance(choice, Explore):
            return self.explore(choice.door, choice.stack)
        self.moves -= 1
        how = "crawls through the vents" if isinstance(choice, Vent) else "moves"
        self.set_char(self.active, tile=choice.to)
        self.emit("move", f"{c.name} {how} from {self.tname(c.tile)} to "
                  f"{self.tname(choice.to)}", "L7-R7", c.name, start=c.tile, end=choice.to)
        # the move step goes on with the moves left (also after a bull rush's roll)
        self.wait(Pending("move"))
        if self.enter(choice.to):
            return
        self.after_move()

    def enter(self, tile: int) -> bool:
        """What stepping onto ``tile`` does: gas (L7-cloud-gas, L7-R35), the scenario's
        own effects, the exit. True while waiting for a roll (scenario 12's swarm)."""
        c = self.me
        if (tile, "gas") in self.clouds:
            if c.adrenaline:
                self.set_char(self.active, adrenaline=c.adrenaline - 1)
                self.emit("gas", f"{c.name} walks into the gas cloud and discards an "
                          "adrenaline card", "L7-cloud-gas", c.name)
            else:
                self.emit("gas", f"{c.name} walks into the gas cloud with no adrenaline "
                          "card to lose", "L7-R35", c.name)
        if self.hooks.entered(self.work, tile):
            return True
        self.reach_exit(tile)
        return False

    def reach_exit(self, tile: int) -> None:
        """Escape if ``tile`` is an exit and the active character is still on it."""
        c = self.me
        if c.status == INSIDE and c.tile == tile and self.hooks.is_exit(self.work, tile):
            self.set_char(self.active, status=ESCAPED, down=False)
            self.emit("escape", f"{c.name} reaches {self.tname(tile)} and escapes!",
                      self.hooks.exit_rule, c.name)

    def after_move(self) -> None:
        """Out of moves, or out of play: on to the action step."""
        if self.me.status != INSIDE or self.moves <= 0:
            self.begin_action()  # type: ignore[attr-defined]

    # -- exploring and peeking -------------------------------------------------------------
    def explore(self, door: Door, choice: str = "") -> None:
        c = self.me
        self.moves -= 1
        flip = next((j for d, j in self.lay.flips[c.tile] if d == door), None)
        if flip is not None:
            stack = self.tiles[flip].stack
            words = self.door_words(door, c.tile)
            self.emit("explore", f"{c.name} explores through {words} and turns over the "
                      "face-down tile there", "L7-R5", c.name, door=door)
            self.wait(Pending("tile_draw", "explore", c.name, door=door, stack=stack,
                              index=flip))
            return
        top = self.hooks.draw_stack(self.work, c, choice)
        assert top is not None
        stack = top
        words = self.door_words(door, c.tile)
        self.emit("explore", f"{c.name} explores through {words}: a tile from "
                  f"stack {stack}",
                  "L7-R5", c.name, door=door, stack=stack)
        self.wait(Pending("tile_draw", "explore", c.name, door=door, stack=stack))

    def peek(self, door: Door, choice: str = "") -> None:
        c = self.me
        dice = self.dice(self.hooks.peek(self.work, c, choice)[0])
        words = self.door_words(door, c.tile)
        self.emit("peek", f"{c.name} peeks through {words}: Intelligence 1 on "
                  f"{plural(dice, 'die')}", "L7-R19", c.name, door=door, dice=dice)
        self.moves -= 1
        self.roll_or_resolve(Pending("roll", "peek", c.name, door=door, dice=dice,
                                     icon=INTELLIGENCE, difficulty=1, stack=choice))

    def resolve_peek(self, roll: Roll) -> None:
        p = self.pending
        c = self.me
        assert p.door is not None
        if roll.intelligence >= 1:
            objective = self.hooks.peek(self.work, c, p.stack)[1]
            self.emit("peek_won", f"{c.name}'s peek succeeds: the objective tile goes "
                      "against their tile; they stay where they are", "L7-R19", c.name)
            self.wait(Pending("tile_draw", "peek", c.name, door=p.door, stack=objective))
            return
        stack = self.hooks.draw_stack(self.work, c, p.stack)
        if stack is None:
            self.emit("peek_lost", f"{c.name}'s peek fails and no stack is left to explore "
                      "from", "L7-R80", c.name)
            return self.begin_action()  # type: ignore[attr-defined]
        self.emit("peek_lost", f"{c.name}'s peek fails: they explore through "
                  f"{self.door_words(p.door, c.tile)} "
                  f"instead (stack {stack})", "L7-R19", c.name)
        self.wait(Pending("tile_draw", "explore", c.name, door=p.door, stack=stack))

    def tile_drawn(self, draw: TileDraw) -> None:
        p = self.pending
        assert p.door is not None
        if p.purpose == "cronos":
            return self.cronos_tile_drawn(draw)  # type: ignore[attr-defined]
        replacing = p.index if p.index >= 0 else None
        spec = self.cfg.tile(draw.tile)
        options = placements_through(self.lay, spec, p.door, replacing=replacing)
        self.emit("draw_tile", f"The tile is {draw.tile}", "L7-R5", p.actor, tile=draw.tile,
                  stack=p.stack)
        if not options:
            words = self.door_words(p.door, self.me.tile)
            self.emit("no_space", f"Not enough space for {draw.tile} behind {words}: it is "
                      f"shuffled back into stack {p.stack} and {p.actor} stays",
                      "L7-R79", p.actor, tile=draw.tile)
            return self.begin_action()  # type: ignore[attr-defined]
        self.take_from_stack(p.stack, draw.tile)
        if len(options) == 1:
            return self.put_tile(options[0].x, options[0].y, options[0].rotation, draw.tile)
        self.wait(p._replace(kind="place", tile=draw.tile))

    def take_from_stack(self, stack: str, tile: str) -> None:
        """``tile`` leaves ``stack``: named there, or one of its unseen pool tiles."""
        tiles = self.stack_tiles(stack)
        if tile in tiles:
            self.stacks = tuple((n, _without(ts, tile) if n == stack else ts)
                                for n, ts in self.stacks)
            return
        self.stacks = tuple((n, _without(ts, UNSEEN) if n == stack
                             else _without(ts, tile) if n == POOL else ts)
                            for n, ts in self.stacks)

    def draw_outcomes(self, stack: str) -> tuple[tuple[str, Fraction], ...]:
        """Each tile a draw from ``stack`` may give, with its exact chance: a named tile
        1/n, a pool tile (its share of unseen entries) / (pool size)."""
        return stack_outcomes(self.stack_tiles(stack), self.stack_tiles(POOL))

    def place_choices(self) -> list[Place]:
        p = self.pending
        assert p.door is not None
        spec = self.cfg.tile(p.tile)
        replacing = p.index if p.index >= 0 else None
        return [Place(o.x, o.y, o.rotation)
                for o in placements_through(self.lay, spec, p.door, replacing=replacing)]

    def put_tile(self, x: int, y: int, rotation: int, name: str) -> None:
        from boardlab.level7_lockdown.geometry import Placement, place

        p = self.pending
        assert p.door is not None
        floor = p.door.floor
        new = Placement(name, floor, x, y, rotation)
        replacing = p.index if p.index >= 0 else None
        self.tiles, index = place(self.tiles, new, replacing=replacing)
        self.explored = (*self.explored, index)
        c = self.me
        turned = f", turned {90 * rotation}°" if rotation else ""
        self.emit("place_tile", f"{name} is placed at ({x},{y}) on floor {floor}{turned}",
                  "L7-R5", c.name, tile=name, x=x, y=y, rotation=rotation, index=index)
        self.hooks.after_place(self.work, index, p.purpose)
        if p.purpose == "explore" and c.status == INSIDE:
            self.set_char(self.active, tile=index)
            self.emit("move", f"{c.name} steps onto {name}; exploring ends the move step",
                      "L7-R7", c.name, start=c.tile, end=index)
            waiting = self.enter(index)
            assert not waiting, "a newly explored tile holds no swarm"
        elif p.purpose == "peek":
            self.emit("peek_stay", f"{c.name} stays on {self.tname(c.tile)}", "L7-R74",
                      c.name)
        self.begin_action()  # type: ignore[attr-defined]

    def roll_or_resolve(self, pending: Pending) -> None:
        """Wait for a roll, or resolve a roll of no dice at once (nothing to chance)."""
        if pending.dice > 0:
            return self.wait(pending)
        self.pending = pending
        self.resolve_roll(Roll())  # type: ignore[attr-defined]


def _without(tiles: tuple[str, ...], name: str) -> tuple[str, ...]:
    out = list(tiles)
    out.remove(name)
    return tuple(out)


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

