"""Turns and rounds (L7-R6), the end of a turn (L7-R72), the Infirmary (L7-R22) and the
end of the match (L7-R23)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.level7_lockdown import cronos, effects
from boardlab.level7_lockdown.choices import EndStep
from boardlab.level7_lockdown.events import (
    BACK_FROM_INFIRMARY,
    END_MOVES,
    FEAR_SET,
    NEW_ROUND,
    NO_ACTION,
    ROUND_PHASE,
    TURN,
    plural,
)
from boardlab.level7_lockdown.kinds import Auto, Kind, Step, TaskKind
from boardlab.level7_lockdown.state import INFIRMARY, INSIDE, Pending, Task
from boardlab.words import and_list

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

#: Characters still in the match: on the map or in the Infirmary.
PRESENT = (INSIDE, INFIRMARY)
_P_MOVE = Pending(Kind.MOVE)
_P_OVER = Pending(Kind.OVER)
_ROUND_END = (Task(TaskKind.ROUND_END), Task(TaskKind.NEXT_ROUND))


def end_step(w: Work, choice: EndStep) -> None:
    """The character ends the move step (on to the action step), or takes no action (on
    to the trigger-events step)."""
    name = w.me.name
    if w.step == Step.MOVE:
        w.emit_t(END_MOVES["L7-R7"], name)
        w.then(Auto.ACTION)
    else:
        w.emit_t(NO_ACTION["L7-R6"], name)
        w.then(Auto.EVENTS)


def begin_turn(w: Work) -> None:
    """Start the active character's turn, skipping those out of play (a character in
    the Infirmary misses the turn and comes back, L7-R84)."""
    if match_over(w):
        return
    c = w.me
    if c.status == INSIDE:
        w.step = Step.MOVE
        w.moves = w.cfg.moves
        w.explored = ()
        w.event = -1
        w.emit_t(TURN["L7-R6"], c.name, w.tname(c.tile))
        w.wait(_P_MOVE)
        return
    if c.status == INFIRMARY:
        return_from_infirmary(w)
    next_seat(w)


def next_seat(w: Work) -> None:
    """After a turn (or a missed one): the scenario's end of the round when this was
    the last seat (scenario 12's Dr. Cronos, L7-S12-precronos), then the next turn."""
    if w.active == len(w.chars) - 1 and not w.scn.result and w.hooks.round_end(w):
        w.step = Step.ROUNDEND      # its events read "end of the round"
        w.queue = _ROUND_END
        return w.then(Auto.QUEUE)
    next_turn(w)


def next_turn(w: Work) -> None:
    w.queue = ()
    advance(w)
    begin_turn(w)


def return_from_infirmary(w: Work) -> None:
    """The missed turn ends: back on the start tile (L7-R22, L7-R84; scenario 9: the
    character's own side tile, L7-R71), fear at least 4 or the terror
    (L7-terror-infirmary)."""
    c = w.me
    fear = max(4, c.terror)
    home = w.hooks.home(w.setup, w.scen, w.active)
    w.step = Step.MOVE
    w.set_char(w.active, status=INSIDE, tile=home, vitality=w.scen.vitality, fear=fear,
               down=False)
    w.emit_t(BACK_FROM_INFIRMARY["L7-R71" if w.scen.name == "9" else "L7-R84"], c.name,
             w.tname(home), w.scen.vitality)
    w.emit_t(FEAR_SET["L7-terror-infirmary" if c.terror else "L7-R22"], c.name, fear,
             c.terror)


def end_turn(w: Work) -> None:
    """After Dr. Cronos: the Alien Zone, his drain, the next turn (L7-R72)."""
    c = w.me
    if c.status == INSIDE and w.scen.alien_zone:
        fear_tile = w.has_feature(c.tile, "fear")
        aliens = w.aliens_on(c.tile)
        if fear_tile or aliens:
            why = "a fear tile" if fear_tile else plural(len(aliens), "alien")
            effects.gain_fear(w, w.active, 1, f"the Alien Zone: {why}", "L7-R17")
    if w.cronos >= 0:
        cronos.drain(w)
    if "end_of_turn" not in w.t.plain:
        w.hooks.end_of_turn(w)
    for e in w.enemies:
        if e.spent:   # helpers at a barricade count as activated for this turn only
            w.enemies = tuple(e._replace(spent=False) for e in w.enemies)
            break
    if w.event >= 0:
        w.add_card("events_discard", w.event, 1)
    w.event = -1
    w.explored = ()
    w.queue = ()
    next_seat(w)


def advance(w: Work) -> None:
    w.active += 1
    if w.active == len(w.chars):
        w.active = 0
        w.round += 1
        if w.round <= w.t.rounds:
            w.step = Step.MOVE
            w.events.append((NEW_ROUND["L7-R6"], None, w.round, ROUND_PHASE, (), w.round))


def match_over(w: Work) -> bool:
    """The match ends when no character is left inside, when the scenario declares a
    win or a defeat (scenario 13), or after the turn limit."""
    present = [c for c in w.chars if c.status in PRESENT]
    verdict = w.hooks.result(w)
    if present and w.round <= w.t.rounds and not verdict:
        return False
    w.step = Step.OVER
    w.queue = ()
    w.pending = _P_OVER
    if verdict:
        pass   # the scenario's hook has said why
    elif present:
        w.emit("turn_limit", f"The turn limit of {w.setup.rounds} rounds is reached: "
               f"{and_list([c.name for c in present])} never got out", "L7-R23")
    results = "; ".join(f"{c.name} {c.status if c.status not in PRESENT else 'inside'}"
                        for c in w.chars)
    w.emit("game_over", f"The match is over: {results}", "L7-R23",
           results=tuple((c.name, c.status) for c in w.chars))
    return True


# -- the queue's tasks of the end of a turn and of a round -------------------------------------
def task_end_turn(w: Work, task: Task) -> bool:
    end_turn(w)
    return True


def task_round_end(w: Work, task: Task) -> bool:
    return w.hooks.run_round_end(w)


def task_next_round(w: Work, task: Task) -> bool:
    next_turn(w)
    return True


def task_lockdown_check(w: Work, task: Task) -> bool:
    if w.scn.trigger and not w.scn.locked_down:
        w.hooks.start_lockdown(w)
    return False
