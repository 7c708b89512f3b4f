"""Level 7's events: the words they use, their templates, and the phases they carry.

An event is stored as an *event row* (docs/engine-patterns.md): a plain tuple laid out
as an :class:`~boardlab.core.events.Event`, ``(template, who, round, phase, visible_to,
*args)``, made an Event when a ply's events are read. The frequent events have a
template of their own here, worded when read; the others are worded when emitted
(:meth:`~.work.Work.emit`) and stored under one shared template per kind, rule and data
names (:func:`worded`), their text the last value. Both read exactly alike.

Events carry the phase ``"<step>:<character>"`` (``"move:Leo"``), ``"round:"`` for a new
round; inside the rules a phase is the pair ``(step, character)`` and its name comes
from :func:`phase_name` (interned: one string per pair).

>>> enemy_name("blaster#1"), plural(1, "die"), plural(3, "enemy")
('blaster hybrid 1 (Strength)', '1 die', '3 enemies')
>>> phase_name("move", "Leo"), phase_key("round:")
('move:Leo', ('round', ''))
>>> from boardlab.core.events import as_events
>>> (e,) = as_events([(worded("turn", "L7-R6"), "Leo", 1, "move:Leo", (), "Leo's turn")])
>>> e.line(), e.phase
("Leo's turn  (L7-R6)", 'move:Leo')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from boardlab.core.events import EventTemplate
from boardlab.level7_lockdown.config import BLASTER_ICON, ENEMY_NAMES
from boardlab.level7_lockdown.rulebook import BOOK
from boardlab.words import plural  # re-exported: the scenarios and actions use it

__all__ = ["RULE", "SIDE_WORDS", "enemy_name", "phase_key", "phase_name", "plural", "worded"]

RULE: Final = {ref.id: ref for ref in BOOK}   # a plain dict: one look-up per event
SIDE_WORDS: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}


# -- words ---------------------------------------------------------------------------------
def enemy_name(enemy_id: str) -> str:
    """``'blaster#1'`` → ``'blaster hybrid 1 (Strength)'``."""
    name = _ENEMY_NAMES.get(enemy_id)
    if name is None:
        kind, _, number = enemy_id.partition("#")
        name = f"{ENEMY_NAMES[kind]} {number}"
        if kind == "blaster":
            name += f" ({BLASTER_ICON.get(int(number), '?')})"
        if len(_ENEMY_NAMES) < 1024:      # bounded: figure ids recur, a handful per kind
            _ENEMY_NAMES[enemy_id] = name
    return name


_ENEMY_NAMES: dict[str, str] = {}


# -- phases ---------------------------------------------------------------------------------
@lru_cache(maxsize=1024)
def phase_name(step: str, actor: str) -> str:
    """The public name of the phase ``(step, actor)``: ``"<step>:<actor>"`` (shared)."""
    return f"{step}:{actor}"


def phase_key(phase: str) -> tuple[str, str]:
    """The pair ``(step, actor)`` a public phase name stands for."""
    step, _, actor = phase.partition(":")
    return step, actor


# -- events worded when emitted -----------------------------------------------------------------
def _said(_who: Any, *args: Any) -> str:
    return args[-1]


#: Templates of the events worded when emitted, by kind, rule and data names.
_WORDED: dict[tuple[str, str, tuple[str, ...]], EventTemplate] = {}


def worded(tag: str, rule_id: str, data: tuple[str, ...] = ()) -> EventTemplate:
    """The shared template of events of kind ``tag`` citing ``rule_id`` with ``data``
    whose text is worded when emitted: a row is ``(template, who, round, phase, (),
    *data values, summary)``.

    >>> worded("fall", "L7-fall") is worded("fall", "L7-fall")
    True
    """
    key = (tag, rule_id, data)
    template = _WORDED.get(key)
    if template is None:
        template = EventTemplate(tag, RULE[rule_id], _said, data=data)
        if len(_WORDED) > 4096:   # bounded: the keys come from the code, never from input
            _WORDED.clear()
        _WORDED[key] = template
    return template


# -- the frequent events' templates, worded when read ---------------------------------------
class PerRule(dict[str, EventTemplate]):
    """The templates of one kind of event, by the rule each cites (made on first use:
    the rule ids come from the code and the scenario hooks, never from input).

    >>> FALL["L7-fall"].kind, FALL["L7-fall"] is FALL["L7-fall"]
    ('fall', True)
    """

    def __init__(self, kind: str, summary: Any, data: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.kind, self.summary, self.data = kind, summary, data

    def __missing__(self, rule_id: str) -> EventTemplate:
        template = self[rule_id] = EventTemplate(self.kind, RULE[rule_id], self.summary,
                                                 data=self.data)
        return template


def _tally(strength: int, toughness: int) -> str:
    return f"{strength} Strength against Toughness {toughness}"


def _spawned(enemy_id: str) -> str:
    kind, _, number = enemy_id.partition("#")
    return f"{ENEMY_NAMES[kind]} {number}"


# The arguments of each template: its data values in the order named, then what only
# the text needs (tile names, the words of a target, a reason already worded).
ENEMY_ATTACK = PerRule(
    "enemy_attack", lambda who, eid, _target, dice, tough, words, where, power, note:
    f"{enemy_name(eid)} attacks {words}{where} with {plural(dice, 'die')}{power}: "
    f"Toughness {tough}{note}", ("enemy_id", "target", "dice", "toughness"))
MISS = PerRule("miss", lambda who, eid, strength, tough:
               f"{enemy_name(eid)} misses ({_tally(strength, tough)})", ("enemy_id",))
HIT_ENEMY = PerRule("hit", lambda who, eid, target, strength, tough:
                    f"{enemy_name(eid)} hits {enemy_name(target)} ({_tally(strength, tough)})",
                    ("enemy_id",))
HIT_CHARACTER = PerRule("hit", lambda who, eid, strength, tough:
                        f"{enemy_name(eid)} hits {who} ({_tally(strength, tough)})",
                        ("enemy_id",))
ENEMY_MOVE = PerRule(
    "enemy_move", lambda who, eid, _start, _end, here, there, crossed, goal:
    f"{enemy_name(eid)} moves from {here} to {there}{crossed}, toward {goal}",
    ("enemy_id", "start", "end"))
IDLE = PerRule("idle", lambda who, eid: f"{enemy_name(eid)} has no target it can reach",
               ("enemy_id",))
TO_RESERVES = PerRule("to_reserves", lambda who, eid, why:
                      f"{enemy_name(eid)} goes back to the reserves ({why})", ("enemy_id",))
SPAWN = PerRule("spawn", lambda who, eid, _tile, where:
                f"{_spawned(eid)} spawns on {where}", ("enemy_id", "tile"))
ACTIVATE_GUARDS = PerRule("activate", lambda who, n:
                          f"The guards activate ({plural(n, 'guard')})", ("count",))
ACTIVATE_CLONES = PerRule("activate", lambda who, n:
                          f"The clones activate ({plural(n, 'clone')}; rogues first)",
                          ("count",))
ACTIVATE_ALIENS = PerRule("activate", lambda who, n:
                          f"The aliens activate once more ({plural(n, 'alien')})", ("count",))
HUNTERS_DIE = PerRule("hunters_die", "A die is rolled for the fear hunters")
BLASTER_DIE = PerRule("blaster_die", "A die is rolled for the blaster hybrids")
HUNTERS = PerRule("hunters", lambda who, icons:
                  f"The fear hunters' die shows {plural(icons, 'icon')}: each fear hunter "
                  f"activates {plural(icons, 'time')}", ("icons",))
BLASTER_ICONS = PerRule(
    "blaster_icons", lambda who, eid, count, icon, both:
    f"{plural(count, icon + ' icon')}: {enemy_name(eid)} activates "
    f"{plural(count, 'time')}{both}", ("enemy_id", "count"))
POWER = PerRule("power", lambda who, eid, power, icons, capped:
                f"{enemy_name(eid)} gains {plural(icons, 'power token')}: {power}{capped}",
                ("enemy_id", "power"))
EVENT_CARD = PerRule(
    "event_card", lambda who, name, card:
    f"{who} draws the event card {name} (spawn: {card.spawn}; activations: "
    f"{', '.join(card.activations) or 'none'})", ("card",))
ENEMY_STEP = PerRule(
    "enemy_step", lambda who, card:
    f"Enemy activation step ({card.name}: {', '.join(card.activations) or 'no activation icons'}"
    "), then the hybrids' dice and Dr. Cronos")
POOL_EMPTIES = PerRule("pool", lambda who, _tokens, what:
                       f"Dr. Cronos stands with a character: the lockdown pool {what}",
                       ("tokens",))
POOL_TOKEN = PerRule("pool", lambda who, tokens:
                     f"A LOCKDOWN token joins the pool: {plural(tokens, 'token')}", ("tokens",))
CRONOS_IDLE = PerRule("cronos_idle", "Dr. Cronos has no die to roll and stays")
CRONOS_ROLL = PerRule("cronos_roll", lambda who, dice:
                      f"Dr. Cronos activates: {plural(dice, 'die')}", ("dice",))
CRONOS_MOVES = PerRule("cronos_moves", lambda who, moves:
                       f"Dr. Cronos rolls {plural(moves, 'Speed icon')}: {plural(moves, 'move')}",
                       ("moves",))
CRONOS_MOVE = PerRule("cronos_move", lambda who, _start, _end, here, there, why:
                      f"Dr. Cronos moves from {here} to {there}, {why}", ("start", "end"))
TURN = PerRule("turn", lambda who, where: f"{who}'s turn begins on {where}")
MOVE = PerRule("move", lambda who, _start, _end, how, here, there:
               f"{who} {how} from {here} to {there}", ("start", "end"))
END_MOVES = PerRule("end_moves", "{0} ends the move step")
NO_ACTION = PerRule("no_action", "{0} takes no action")
FALL = PerRule("fall", "{0} drops to the floor")
FEAR = PerRule("fear", lambda who, fear, _terror, n, why:
               f"{who} gains {n} fear ({why}): fear {fear}", ("fear", "terror"))
WOUND = PerRule("wound", lambda who, vitality, n, why:
                f"{who} loses {n} vitality ({why}): {vitality} left", ("vitality",))
KNOCKED_OUT = PerRule("knocked_out", lambda who, why:
                      f"{who} is knocked out ({why}) and taken to the Infirmary")
BACK_FROM_INFIRMARY = PerRule("infirmary", lambda who, where, vitality:
                    f"{who} misses this turn in the Infirmary and returns to {where} with "
                    f"{vitality} vitality")
FEAR_SET = PerRule("fear", lambda who, fear, terror:
                   f"{who}'s fear is set to {fear} (the higher of 4 and the terror {terror})",
                   ("fear",))
GOT_UP = PerRule("stand_up", "{0} spends a move to get up")
ADRENALINE = PerRule("adrenaline", lambda who, n, fear:
                     f"{who} plays {plural(n, 'adrenaline card')}: +{n} dice, fear {fear}",
                     ("cards",))
POWER_SPENT = PerRule("power_spent", lambda who, eid:
                      f"{enemy_name(eid)}'s power tokens leave the pool", ("enemy_id",))
PACK_LIMIT = PerRule("pack_limit", lambda who, eid, where:
                     f"{enemy_name(eid)} stays: {where} already holds the pack limit",
                     ("enemy_id",))
GOT_AWAY = PerRule("challenge_won", lambda who, got, icon, difficulty:
                   f"{who} gets away ({got} {icon} against {difficulty})", ("icons",))
STUCK = PerRule("challenge_lost", lambda who, got, icon, difficulty:
                f"{who} fails to get away ({got} {icon} against {difficulty}): the move step "
                "ends", ("icons",))
NEW_ROUND = PerRule("round", lambda who, number: f"Round {number} begins")
#: The phase of the event that opens a round (no character's turn).
ROUND_PHASE: Final = phase_name("round", "")
