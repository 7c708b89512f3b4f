"""The move step (L7-R7): moves, vents, exploring and peeking, getting up, falling.

Exploring draws a tile from the scenario's current stack (or flips a face-down tile)
and places it behind the door (L7-R5); the explorer chooses among legal placements and
ends the move step on the new tile. Leaving a tile that holds enemies takes a bull rush
(Strength) or outwit (Intelligence) challenge against their number first.
"""

from __future__ import annotations

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
        for name, _ in self.scen.stacks:
            if self.stack_tiles(name):
                return name
        return None

    def stack_tiles(self, name: str) -> tuple[str, ...]:
        for n, tiles in self.stacks:
            if n == name:
                return tiles
        return ()

    def peek_dice(self) -> int:
        """0: no peeking yet; 1 once Stack A is used up; 2 once A and B are (L7-R19)."""
        if not self.scen.peeking or not self.stack_tiles("objective"):
            return 0
        names = [n for n, _ in self.scen.stacks]
        used = [not self.stack_tiles(n) for n in names]
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
        guarded = bool(self.enemies_on(here))
        escapes = ("bullrush", "outwit") if guarded else ("",)
        adrenaline = self.adrenaline_options(c) if guarded else range(1)
        goals: list[tuple[type, Any]] = []
        for j in sorted({j for j, door in lay.adj[here] if self.is_open(door)}):
            goals.append((Move, j))
        if self.has_feature(here, "vent"):
            floor = self.tiles[here].floor
            for j, p in enumerate(self.tiles):
                if j != here and p.floor == floor and self.has_feature(j, "vent"):
                    goals.append((Vent, j))
        if self.current_stack() is not None:
            goals.extend((Explore, door) for door, _ in lay.ends[here])
        for door, j in lay.flips[here]:
            if self.stack_tiles(self.tiles[j].stack):
                goals.append((Explore, door))
        out: list[Any] = [kind(goal, esc, a) for kind, goal in goals
                          for esc in escapes for a in adrenaline]
        if not guarded and self.peek_dice():
            out.extend(Peek(door) for door, _ in lay.ends[here] if self.objective_fits(door))
        return out

    def objective_fits(self, door: Door) -> bool:
        """Some objective tile of the stack fits behind ``door`` (else no peek, L7-R19)."""
        return any(placements_through(self.lay, self.cfg.tile(name), door)
                   for name in self.stack_tiles("objective"))

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
        if self.has_feature(c.tile, "dark"):
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
        plain = Explore(choice.door) if isinstance(choice, Explore) else type(choice)(choice.to)
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
        self.begin_action()  # type: ignore[attr-defined]

    def go(self, choice: Move | Vent | Explore) -> None:
        c = self.me
        if isinstance(choice, Explore):
            return self.explore(choice.door)
        self.moves -= 1
        how = "crawls through the vents" if isinstance(choice, Vent) else "moves"
        self.set_char(self.active, tile=choice.to)
        self.emit("move", f"{c.name} {how} from {self.tname(c.tile)} to "
                  f"{self.tname(choice.to)}", "L7-R7", c.name, start=c.tile, end=choice.to)
        self.enter(choice.to)
        self.after_move()

    def enter(self, tile: int) -> None:
        """What stepping onto ``tile`` does: gas (L7-cloud-gas, L7-R35), the exit."""
        c = self.me
        if (tile, "gas") in self.clouds:
            if c.adrenaline:
                self.set_char(self.active, adrenaline=c.adrenaline - 1)
                self.emit("gas", f"{c.name} walks into the gas cloud and discards an "
                          "adrenaline card", "L7-cloud-gas", c.name)
            else:
                self.emit("gas", f"{c.name} walks into the gas cloud with no adrenaline "
                          "card to lose", "L7-R35", c.name)
        if self.has_feature(tile, "exit"):
            self.set_char(self.active, status=ESCAPED, down=False)
            self.emit("escape", f"{c.name} reaches {self.tname(tile)} and escapes!",
                      "L7-SB-exit", c.name)

    def after_move(self) -> None:
        """Out of moves, or out of play: on to the action step."""
        if self.me.status != INSIDE or self.moves <= 0:
            self.begin_action()  # type: ignore[attr-defined]

    # -- exploring and peeking -------------------------------------------------------------
    def explore(self, door: Door) -> None:
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
        top = self.current_stack()
        assert top is not None
        stack = top
        words = self.door_words(door, c.tile)
        self.emit("explore", f"{c.name} explores through {words}: a tile from "
                  f"stack {stack}",
                  "L7-R5", c.name, door=door, stack=stack)
        self.wait(Pending("tile_draw", "explore", c.name, door=door, stack=stack))

    def peek(self, door: Door) -> None:
        c = self.me
        dice = self.dice(self.peek_dice())
        words = self.door_words(door, c.tile)
        self.emit("peek", f"{c.name} peeks through {words}: Intelligence 1 on "
                  f"{plural(dice, 'die')}", "L7-R19", c.name, door=door, dice=dice)
        self.moves -= 1
        self.roll_or_resolve(Pending("roll", "peek", c.name, door=door, dice=dice,
                                     icon=INTELLIGENCE, difficulty=1))

    def resolve_peek(self, roll: Roll) -> None:
        p = self.pending
        c = self.me
        assert p.door is not None
        if roll.intelligence >= 1:
            self.emit("peek_won", f"{c.name}'s peek succeeds: the objective tile goes "
                      "against their tile; they stay where they are", "L7-R19", c.name)
            self.wait(Pending("tile_draw", "peek", c.name, door=p.door, stack="objective"))
            return
        stack = self.current_stack()
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
        self.stacks = tuple((n, _without(ts, draw.tile) if n == p.stack else ts)
                            for n, ts in self.stacks)
        if len(options) == 1:
            return self.put_tile(options[0].x, options[0].y, options[0].rotation, draw.tile)
        self.wait(p._replace(kind="place", tile=draw.tile))

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
        if p.purpose == "explore" and c.status == INSIDE:
            self.set_char(self.active, tile=index)
            self.emit("move", f"{c.name} steps onto {name}; exploring ends the move step",
                      "L7-R7", c.name, start=c.tile, end=index)
            self.enter(index)
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

