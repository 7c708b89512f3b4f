"""What a Level 7 position waits for must be possible: the pending step, its data, the
automatic steps still queued, and a way on.

A position is a moment inside a procedure of the rules: a character's move step, the
roll of an attack, the enemy step with its queue of activations, a tile to place.
:func:`procedure` checks that the moment is one the rules can reach and continue from:

- the pending kind (and a roll's purpose) belongs to the turn step it is in, and to the
  scenario (a sample cabinet's threat die only in scenario 10, Dr. Cronos's placement
  only in scenario 9);
- its data is there and agrees with the state — who acts (the active character, an
  enemy in play, Dr. Cronos), the door, the stack, the tile, the move a bull rush is
  for, the scenario action being tried;
- the queue of automatic steps is empty outside the enemy step and ends the turn (or
  the round) inside it, and every task is one the rules run;
- **there is a continuation**: a decision offers at least one legal choice, a chance
  node at least one outcome (a tile to place with nowhere to go, an empty deck to draw
  from, a Dr. Cronos placement with no tile at his distance are refused).

Each problem names the field (``pending.actor: …``). It is part of the soundness check
(:func:`~.invariants.invariants`), after :func:`~.shape.shape` has checked every type and
index.

>>> from boardlab.level7_lockdown.api import new_match
>>> s = new_match(players=2).state
>>> procedure(s)
[]
>>> procedure(s._replace(pending=s.pending._replace(kind="event_draw")))
["pending.kind: 'event_draw' is not a step of the move step (L7-R6)"]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from boardlab.core.errors import show_value
from boardlab.level7_lockdown.choices import Explore, Move, Vent
from boardlab.level7_lockdown.config import ENEMY_KINDS, INTELLIGENCE, STRENGTH
from boardlab.level7_lockdown.moving import move_choices, place_choices
from boardlab.level7_lockdown.scenario import POOL, UNSEEN
from boardlab.level7_lockdown.state import INSIDE, State

if TYPE_CHECKING:
    from boardlab.level7_lockdown.rules import Work

__all__ = ["PROCEDURES", "TASKS", "procedure"]

#: The procedures a position may wait in: (pending kind, roll purpose) → the turn steps
#: they belong to, who acts (``"me"``: the active character; ``"enemy"``: an enemy in
#: play; ``"cronos"``: Dr. Cronos; ``""``: nobody) and the scenario that has them
#: (``""``: every scenario).
PROCEDURES: Final = {
    ("move", ""): (("move",), "", ""),
    ("action", ""): (("action",), "", ""),
    ("event_draw", ""): (("events",), "", ""),
    ("over", ""): (("over",), "", ""),
    ("item_draw", "search"): (("action",), "me", ""),
    ("tile_draw", "explore"): (("move",), "me", ""),
    ("tile_draw", "peek"): (("move",), "me", ""),
    ("tile_draw", "cronos"): (("enemies", "roundend"), "cronos", ""),
    ("place", "explore"): (("move",), "me", ""),
    ("place", "peek"): (("move",), "me", ""),
    ("cronos", "place"): (("action",), "me", "9"),
    ("roll", "escape"): (("move",), "me", ""),
    ("roll", "peek"): (("move",), "me", ""),
    ("roll", "swarm"): (("move",), "me", "12"),
    ("roll", "attack"): (("action",), "me", ""),
    ("roll", "smash"): (("action",), "me", ""),
    ("roll", "search"): (("action",), "me", ""),
    ("roll", "access"): (("action",), "me", ""),
    ("roll", "special"): (("action",), "me", ""),
    ("roll", "cabinet"): (("action",), "me", "10"),
    ("roll", "enemy_attack"): (("enemies",), "enemy", ""),
    ("roll", "enemy_barricade"): (("enemies",), "enemy", ""),
    ("roll", "hunters"): (("enemies",), "", ""),
    ("roll", "blasters"): (("enemies",), "", ""),
    ("roll", "cronos"): (("enemies",), "", ""),
    ("roll", "departure"): (("enemies", "roundend"), "cronos", "12"),
}
#: The automatic steps a queue may hold (see :mod:`.enemies`); the last one of the enemy
#: step ends the turn, the last one of the end of a round starts the next round.
TASKS: Final = ("guards", "clones", "activate", "aliens", "hunters_die", "blaster_die",
                "cronos", "secure", "end_turn", "round_end", "next_round", "lockdown_check")
_LAST: Final = {"enemies": "end_turn", "roundend": "next_round"}
_STEP_WORDS: Final = {"move": "the move step (L7-R6)", "action": "the action step (L7-R6)",
                      "events": "the trigger-events step (L7-R6)",
                      "enemies": "the enemy step (L7-R72)", "roundend": "the end of a round",
                      "over": "a finished match (L7-R23)"}


def procedure(state: State) -> list[str]:
    """What is wrong with what ``state`` waits for (empty when the rules can go on);
    ``state`` has passed :func:`~.shape.shape`."""
    from boardlab.level7_lockdown.rules import Work

    p = state.pending
    entry = PROCEDURES.get((p.kind, p.purpose))
    if entry is None:
        if p.kind == "roll" or (p.kind, "") not in PROCEDURES:
            kinds = sorted({k for k, _ in PROCEDURES})
            purposes = sorted(r for k, r in PROCEDURES if k == p.kind)
            if p.kind in kinds:
                return [f"pending.purpose: {show_value(p.purpose)} is not what a "
                        f"{p.kind} is for ({', '.join(purposes)})"]
            return [f"pending.kind: {show_value(p.kind)} is not one of {', '.join(kinds)}"]
        return [f"pending.purpose: a {p.kind} has no purpose, got {show_value(p.purpose)}"]
    steps, actor, scenario = entry
    if state.step not in steps:
        what = p.kind if p.kind != "roll" else f"roll for {p.purpose}"
        return [f"pending.kind: {show_value(what)} is not a step of "
                f"{_STEP_WORDS.get(state.step, state.step)}"]
    if scenario and state.setup.scenario != scenario:
        return [f"pending.purpose: {show_value(p.purpose or p.kind)} belongs to scenario "
                f"{scenario}, not {state.setup.scenario}"]
    problems = _queue(state)
    if problems:
        return problems
    w = Work(state)
    problems = _actor(state, w, actor)
    if problems:
        return problems
    if state.step != "enemies" and state.event != -1:
        return [f"event: an event card shows only in the enemy step, not in "
                f"{_STEP_WORDS.get(state.step, state.step)}"]
    if state.step == "over" or p.kind == "over":
        return []
    if state.round > state.setup.rounds:
        return [f"round: round {state.round} is past the turn limit of "
                f"{state.setup.rounds}, so the match is over (L7-R23)"]
    check = _CHECKS.get((p.kind, p.purpose))
    return check(state, w) if check is not None else []


def _queue(state: State) -> list[str]:
    queue = state.queue
    for i, t in enumerate(queue):
        if t.kind not in TASKS:
            return [f"queue[{i}].kind: {show_value(t.kind)} is not one of {', '.join(TASKS)}"]
        if t.kind == "activate":
            if t.actor.partition("#")[0] not in ENEMY_KINDS:
                return [f"queue[{i}].actor: {show_value(t.actor)} is not an enemy figure "
                        "such as 'guard#1'"]
        elif t.kind == "aliens":
            if t.actor and not _rule_id(t.actor):
                return [f"queue[{i}].actor: {show_value(t.actor)} is no rule of the book"]
        elif t.actor:
            return [f"queue[{i}].actor: a {t.kind} task has no actor, got "
                    f"{show_value(t.actor)}"]
    last = _LAST.get(state.step)
    if last is None:
        if queue:
            return [f"queue: no automatic step waits outside the enemy step, got "
                    f"{len(queue)} (L7-R72)"]
        return []
    if not queue or queue[-1].kind != last:
        return [f"queue: {_STEP_WORDS[state.step]} ends with {last!r}, but the queue "
                f"{'is empty' if not queue else 'ends with ' + repr(queue[-1].kind)} "
                "(L7-R72)"]
    ends = [i for i, t in enumerate(queue[:-1]) if t.kind in ("end_turn", "next_round")]
    if ends:
        return [f"queue[{ends[0]}]: the turn ends before the queue does (L7-R72)"]
    return []


def _rule_id(text: str) -> bool:
    from boardlab.level7_lockdown.rulebook import BOOK

    return any(ref.id == text for ref in BOOK)


def _actor(state: State, w: Work, actor: str) -> list[str]:
    p = state.pending
    me = state.chars[state.active]
    if (p.kind in ("move", "action", "place", "cronos") or actor == "me") and \
            me.status != INSIDE:
        return [f"active: {me.name} is {me.status}, out of play, and cannot "
                f"{'decide' if p.kind != 'roll' else 'roll'} (L7-R87)"]
    if actor == "me" and p.actor != me.name:
        return [f"pending.actor: the {p.kind} is {me.name}'s (the active character), not "
                f"{show_value(p.actor)}"]
    if actor == "enemy" and w.find_enemy(p.actor) is None:
        return [f"pending.actor: {show_value(p.actor)} is no enemy on the map"]
    if actor == "cronos" and p.actor != "cronos":
        return [f"pending.actor: Dr. Cronos acts here, not {show_value(p.actor)}"]
    if actor == "" and p.actor:
        return [f"pending.actor: nobody acts in a {p.kind}, got {show_value(p.actor)}"]
    return []


# -- each procedure's data and its continuation ---------------------------------------
def _stack_draw(state: State, w: Work, stack: str, index: int, door: Any,
                tile: int) -> list[str]:
    """A tile drawn from ``stack`` (to turn the face-down tile ``index`` over, or -1)
    through ``door`` of ``tile``."""
    if index >= 0:
        under = state.tiles[index]
        if not under.face_down:
            return [f"pending.index: tile {index} is face up; only a face-down tile is "
                    "turned over (L7-R5)"]
        if under.stack != stack:
            return [f"pending.stack: the face-down tile {index} is drawn from stack "
                    f"{under.stack!r}, not {show_value(stack)}"]
        if (door, index) not in w.lay.flips[tile]:
            return [f"pending.door: {door} does not face the face-down tile {index} from "
                    f"{w.tname(tile)}"]
    elif all(d != door for d, _ in w.lay.ends[tile]):
        return [f"pending.door: {door} is no door of {w.tname(tile)} with an empty cell "
                "behind it (L7-R5)"]
    tiles = w.stack_tiles(stack)
    if stack == POOL or not any(n == stack for n, _ in state.stacks):
        return [f"pending.stack: {show_value(stack)} is not a stack of this match"]
    if not tiles:
        return [f"pending.stack: stack {stack!r} is empty: the draw has no outcome"]
    if UNSEEN in tiles and not w.stack_tiles(POOL):
        return [f"stacks: stack {stack!r} holds unseen tiles but the pool is empty"]
    return []


def _needs_door(state: State) -> list[str]:
    return [] if state.pending.door is not None else \
        [f"pending.door: a {state.pending.kind} for {state.pending.purpose} needs the door"]


def _tile_draw(state: State, w: Work) -> list[str]:
    p = state.pending
    problems = _needs_door(state)
    if problems:
        return problems
    if p.purpose == "cronos":
        if state.cronos < 0:
            return ["cronos: Dr. Cronos explores from his tile, but he is not on the map"]
        return _stack_draw(state, w, p.stack, p.index, p.door, state.cronos)
    if p.purpose == "peek" and p.index >= 0:
        return ["pending.index: a successful peek places a new tile, it turns none over"]
    return _stack_draw(state, w, p.stack, p.index, p.door, state.chars[state.active].tile)


def _place(state: State, w: Work) -> list[str]:
    p = state.pending
    problems = _needs_door(state)
    if problems:
        return problems
    if not state.setup.cfg.has_tile(p.tile):
        return [f"pending.tile: {show_value(p.tile)} is not a tile of the configuration"]
    if p.index >= 0 and not state.tiles[p.index].face_down:
        return [f"pending.index: tile {p.index} is face up; only a face-down tile is "
                "turned over (L7-R5)"]
    if not place_choices(w):
        return [f"pending.tile: {p.tile} fits nowhere behind {p.door}: the placement has "
                "nothing to choose (L7-R5)"]
    return []


def _cronos_place(state: State, w: Work) -> list[str]:
    if w.hooks.command(w) is None:
        return ["pending.kind: Dr. Cronos is placed next to Central Command, which is not "
                "on the map (L7-R43)"]
    if not w.hooks.cronos_choices(w):
        return ["pending.kind: no tile lies at Dr. Cronos's distance from Central Command: "
                "the placement has nothing to choose (L7-R43)"]
    return []


def _draw(field: str, what: str) -> Any:
    def check(state: State, w: Work) -> list[str]:
        if sum(getattr(state, field)) <= 0:
            return [f"{field}: the {what} deck is empty: the draw has no outcome "
                    "(L7-R86 reshuffles the discards before a draw)"]
        return []
    return check


def _escape(state: State, w: Work) -> list[str]:
    p = state.pending
    if p.icon not in (STRENGTH, INTELLIGENCE):
        return [f"pending.icon: a bull rush rolls Strength and an outwit Intelligence "
                f"(L7-R7), not {show_value(p.icon)}"]
    if not isinstance(p.then, (Move, Vent, Explore)):
        return ["pending.then: the move the escape is for is missing (L7-R7)"]
    plain: set[Any] = set()
    for choice in move_choices(w):
        if isinstance(choice, Explore) and choice.escape:
            plain.add(Explore(choice.door, stack=choice.stack))
        elif isinstance(choice, (Move, Vent)) and choice.escape:
            plain.add(type(choice)(choice.to))
    if p.then not in plain:
        return [f"pending.then: {p.then} is not a way out of "
                f"{w.tname(state.chars[state.active].tile)} "
                "past its enemies (L7-R7)"]
    return []


def _peek(state: State, w: Work) -> list[str]:
    p = state.pending
    problems = _needs_door(state)
    if problems:
        return problems
    me = state.chars[state.active]
    if all(d != p.door for d, _ in w.lay.ends[me.tile]):
        return [f"pending.door: {p.door} is no door of {w.tname(me.tile)} with an empty "
                "cell behind it (L7-R19)"]
    dice, objective = w.hooks.peek(w, me, p.stack)
    if not dice or not w.stack_tiles(objective):
        return ["pending.stack: no objective tile is left to peek at (L7-R19)"]
    return []


def _swarm(state: State, w: Work) -> list[str]:
    p = state.pending
    me = state.chars[state.active]
    if p.index != me.tile or p.index not in state.scn.swarms:
        return [f"pending.index: the swarm attacks on {me.name}'s tile with a swarm token "
                f"(L7-S12-swarm), not on {p.index}"]
    if p.target != me.name:
        return [f"pending.target: the swarm attacks {me.name}, not {show_value(p.target)}"]
    return []


def _attack(state: State, w: Work) -> list[str]:
    if w.find_enemy(state.pending.target) is None:
        return [f"pending.target: {show_value(state.pending.target)} is no enemy on the "
                "map (L7-R8)"]
    return []


def _smash(state: State, w: Work) -> list[str]:
    p = state.pending
    problems = _needs_door(state)
    if problems:
        return problems
    if not w.barricade(p.door):
        return [f"pending.door: {p.door} holds no barricade to smash (L7-barricade-player)"]
    return []


def _access(state: State, w: Work) -> list[str]:
    p = state.pending
    problems = _needs_door(state)
    if problems:
        return problems
    if p.door not in w.lay.doors:
        return [f"pending.door: {p.door} is no joined door of the map (L7-R20)"]
    return []


def _special(state: State, w: Work) -> list[str]:
    p = state.pending
    me = state.chars[state.active]
    offered = w.hooks.specials(w, me)
    if p.target not in offered:
        listed = ", ".join(offered) or "none here"
        return [f"pending.target: {show_value(p.target)} is not an action of this "
                f"scenario on {w.tname(me.tile)} ({listed})"]
    return []


def _enemy_attack(state: State, w: Work) -> list[str]:
    p = state.pending
    if w.find_enemy(p.target) is None and p.target not in {c.name for c in state.chars}:
        return [f"pending.target: {show_value(p.target)} is neither a character nor an "
                "enemy on the map (L7-R83)"]
    return []


def _enemy_barricade(state: State, w: Work) -> list[str]:
    p = state.pending
    problems = _needs_door(state)
    if problems:
        return problems
    if not w.barricade(p.door):
        return [f"pending.door: {p.door} holds no barricade to attack (L7-barricade-enemy)"]
    return []


def _departure(state: State, w: Work) -> list[str]:
    if state.pending.index < 0:
        return ["pending.index: the tile Dr. Cronos left is missing (L7-S12-departure)"]
    return []


def _roll_needs_dice(check: Any) -> Any:
    def with_dice(state: State, w: Work) -> list[str]:
        if state.pending.dice < 1:
            return ["pending.dice: a roll waits for at least one die (no dice: no chance, "
                    "the rules resolve it at once)"]
        return check(state, w)
    return with_dice


def _nothing(state: State, w: Work) -> list[str]:
    return []


_CHECKS: Final = {
    ("tile_draw", "explore"): _tile_draw, ("tile_draw", "peek"): _tile_draw,
    ("tile_draw", "cronos"): _tile_draw, ("place", "explore"): _place,
    ("place", "peek"): _place, ("cronos", "place"): _cronos_place,
    ("event_draw", ""): _draw("events_deck", "event"),
    ("item_draw", "search"): _draw("items_deck", "item"),
    **{("roll", purpose): _roll_needs_dice(check) for purpose, check in (
        ("escape", _escape), ("peek", _peek), ("swarm", _swarm), ("attack", _attack),
        ("smash", _smash), ("search", _nothing), ("access", _access),
        ("special", _special), ("cabinet", _nothing), ("enemy_attack", _enemy_attack),
        ("enemy_barricade", _enemy_barricade), ("hunters", _nothing),
        ("blasters", _nothing), ("cronos", _nothing), ("departure", _departure))},
}
