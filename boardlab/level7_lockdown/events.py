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


def plural(n: int, word: str) -> str:
    """``'1 die'``, ``'3 dice'``, ``'2 guards'``."""
    if n == 1:
        return f"{n} {word}"
    if word.endswith("die"):
        return f"{n} {word[:-3]}dice"
    if word.endswith("enemy"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}s"


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
