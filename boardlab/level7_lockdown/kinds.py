"""The names of Level 7's procedure: pending kinds, turn steps, roll purposes, tasks.

Plain strings underneath (so a state, its JSON and its repr read as they always did);
the rules name them through these constants rather than spelling the strings, and the
declared procedure table (:data:`~.rules.PROCEDURE`) is keyed by them.

>>> Kind.ROLL, Kind.ROLL in CHANCE_KINDS, Step.ENEMIES, Purpose.ESCAPE in ROLL_PURPOSES
('roll', True, 'enemies', True)
"""

from __future__ import annotations

from typing import Final


class Kind:
    """What a match can wait for: the values of ``Pending.kind``."""

    MOVE: Final = "move"                # the active character's move step (L7-R7)
    ACTION: Final = "action"            # the active character's action (L7-R8)
    PLACE: Final = "place"              # where an explored tile goes (L7-R5)
    CRONOS: Final = "cronos"            # where Dr. Cronos appears (scenario 9, L7-R43)
    TILE_DRAW: Final = "tile_draw"      # chance: a tile from a stack (L7-R5)
    EVENT_DRAW: Final = "event_draw"    # chance: the event card (L7-R12)
    ITEM_DRAW: Final = "item_draw"      # chance: an item card from a cache (L7-cache)
    ROLL: Final = "roll"                # chance: icon dice (L7-R2)
    OVER: Final = "over"                # the end: nothing more to do (L7-R23)


CHANCE_KINDS: Final = frozenset({Kind.TILE_DRAW, Kind.EVENT_DRAW, Kind.ITEM_DRAW, Kind.ROLL})
#: What a character may be asked: moves, an action, where a tile goes, where Dr. Cronos
#: appears (scenario 9).
DECISION_KINDS: Final = frozenset({Kind.MOVE, Kind.ACTION, Kind.PLACE, Kind.CRONOS})
PENDING_KINDS: Final = frozenset({*DECISION_KINDS, Kind.OVER, *CHANCE_KINDS})


class Step:
    """The step of a turn a state is in (``State.step``), and the phases of events."""

    MOVE: Final = "move"
    ACTION: Final = "action"
    EVENTS: Final = "events"
    ENEMIES: Final = "enemies"
    ROUNDEND: Final = "roundend"        # a scenario's end of the round (scenario 12)
    OVER: Final = "over"
    #: Not a step of a turn: the phase of the event that opens a new round.
    ROUND: Final = "round"


STEPS: Final = (Step.MOVE, Step.ACTION, Step.EVENTS, Step.ENEMIES, Step.ROUNDEND, Step.OVER)


class Purpose:
    """What a roll (``Pending.purpose`` of a ``roll``) or a tile draw is for."""

    ESCAPE: Final = "escape"                    # bull rush or outwit (L7-R7)
    PEEK: Final = "peek"                        # a peek (L7-R19); also a peek's tile draw
    ATTACK: Final = "attack"                    # combat (L7-R8)
    SMASH: Final = "smash"                      # a barricade (L7-barricade-player)
    SEARCH: Final = "search"                    # a supply cache (L7-cache)
    ACCESS: Final = "access"                    # a control panel (L7-R20)
    SPECIAL: Final = "special"                  # a scenario's own action
    ENEMY_ATTACK: Final = "enemy_attack"        # an enemy's attack (L7-R11)
    ENEMY_BARRICADE: Final = "enemy_barricade"  # enemies on a barricade
    HUNTERS: Final = "hunters"                  # the fear hunters' die (L7-R32)
    BLASTERS: Final = "blasters"                # the blasters' die (L7-blaster-activation)
    CRONOS: Final = "cronos"                    # his dice (L7-R37); also his tile draw
    CABINET: Final = "cabinet"                  # scenario 10's sample cabinet
    SWARM: Final = "swarm"                      # scenario 12's swarm
    DEPARTURE: Final = "departure"              # scenario 12's departure roll
    EXPLORE: Final = "explore"                  # a tile draw for exploring (L7-R5)


ROLL_PURPOSES: Final = frozenset({
    Purpose.ESCAPE, Purpose.PEEK, Purpose.ATTACK, Purpose.SMASH, Purpose.SEARCH,
    Purpose.ACCESS, Purpose.ENEMY_ATTACK, Purpose.ENEMY_BARRICADE, Purpose.HUNTERS,
    Purpose.BLASTERS, Purpose.CRONOS, Purpose.SPECIAL, Purpose.CABINET, Purpose.SWARM,
    Purpose.DEPARTURE})
#: What a tile draw is for: exploring, a successful peek, Dr. Cronos exploring.
DRAW_PURPOSES: Final = (Purpose.EXPLORE, Purpose.PEEK, Purpose.CRONOS)


class TaskKind:
    """The automatic tasks of a turn's queue (``Task.kind``, L7-R72)."""

    GUARDS: Final = "guards"                    # the event card's guard icon
    CLONES: Final = "clones"                    # its clone icon
    ACTIVATE: Final = "activate"                # one activation of one enemy
    ALIENS: Final = "aliens"                    # every alien once more (a scenario's)
    HUNTERS_DIE: Final = "hunters_die"          # the fear hunters' die
    BLASTER_DIE: Final = "blaster_die"          # the blasters' die
    CRONOS: Final = "cronos"                    # Dr. Cronos's activation
    SECURE: Final = "secure"                    # captured at the secure number (L7-R14)
    END_TURN: Final = "end_turn"                # the end of the turn
    ROUND_END: Final = "round_end"              # a scenario's end of the round
    NEXT_ROUND: Final = "next_round"            # then the next turn
    LOCKDOWN_CHECK: Final = "lockdown_check"    # lockdown starts if it was triggered


TASK_KINDS: Final = (TaskKind.GUARDS, TaskKind.CLONES, TaskKind.ACTIVATE, TaskKind.ALIENS,
                     TaskKind.HUNTERS_DIE, TaskKind.BLASTER_DIE, TaskKind.CRONOS,
                     TaskKind.SECURE, TaskKind.END_TURN, TaskKind.ROUND_END,
                     TaskKind.NEXT_ROUND, TaskKind.LOCKDOWN_CHECK)


class Auto:
    """The automatic steps a procedure hands over to (``Work.then``): the turn moves on
    through the declared table, not by one step module calling the next."""

    ACTION: Final = "begin action"      # the action step begins
    EVENTS: Final = "begin events"      # the trigger-events step begins
    ENEMIES: Final = "begin enemies"    # the enemy activation step begins
    QUEUE: Final = "run queue"          # the queue of tasks runs on
    ZERO_ROLL: Final = "zero roll"      # a roll of no dice: resolved at once, no chance


AUTO_STEPS: Final = (Auto.ACTION, Auto.EVENTS, Auto.ENEMIES, Auto.QUEUE, Auto.ZERO_ROLL)
