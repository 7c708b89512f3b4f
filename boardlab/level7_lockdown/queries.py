"""Facts about a Level 7 character that the rules compute, as public queries.

The rules read a character's fear, terror and stats through their working copy; these
functions give the same answers from a position (``match.state``, ``l7.position(...)``,
``l7.load_position(...)``) or a seat's view, with their arguments checked, so a
rule-checking user can ask them directly. ``tests/level7_lockdown/test_l7_queries.py``
checks each against the engine's own working copy on every state of random matches.

>>> from boardlab import level7_lockdown as l7
>>> s = l7.position(characters={"Leo": {"fear": 7, "terror": 1}})
>>> l7.total_fear(s, "Leo"), l7.stat(s, "Leo", "Strength"), l7.fear_gain(s, "Leo", 3)
(9, 4, (8, 3))
>>> l7.fear_loss(s, "Leo", 9)
1
"""

from __future__ import annotations

from typing import Any

from boardlab.core import validate
from boardlab.core.errors import ArgumentTypeError
from boardlab.level7_lockdown.config import FEAR_MAX, ICONS, INTELLIGENCE, SPEED, STRENGTH
from boardlab.level7_lockdown.observe import View
from boardlab.level7_lockdown.state import Char, State

__all__ = ["fear_gain", "fear_loss", "stat", "total_fear"]


def _char(position: Any, character: Any) -> tuple[State | View, Char]:
    if not isinstance(position, (State, View)):
        raise ArgumentTypeError("position", position, "expected a Level 7 [Escape]: "
                                "Lockdown position (l7.State) or a seat's view (l7.View)")
    names = tuple(c.name for c in position.chars)
    validate.name(character, "character", names, what="character")
    return position, position.chars[names.index(character)]


def total_fear(position: State | View, character: str) -> int:
    """Fear as aliens and Dr. Cronos read it: terror counts twice (L7-R4)."""
    _, c = _char(position, character)
    return c.fear + 2 * c.terror


def stat(position: State | View, character: str, icon: str) -> int:
    """The character's Strength, Speed or Intelligence now: terror adds 1 Strength and
    takes 1 Intelligence (L7-terror-stats), never below 0; the base values are the
    configuration's (invented stand-ins by default, L7-R9)."""
    state, c = _char(position, character)
    validate.name(icon, "icon", ICONS, what="stat")
    base = state.setup.cfg.character(c.name)
    value = {STRENGTH: base.strength, INTELLIGENCE: base.intelligence,
             SPEED: base.speed}[icon]
    if c.terror:
        value += {STRENGTH: 1, INTELLIGENCE: -1}.get(icon, 0)
    return max(value, 0)


def fear_gain(position: State | View, character: str, n: int) -> tuple[int, int]:
    """``(fear, terror)`` after the character gains ``n`` fear: past 8 the excess becomes
    terror, and the fear marker stays at 8 (L7-terror-gain). Terror 8 is a heart attack
    (L7-terror-heart); a character off the map gains none."""
    _, c = _char(position, character)
    n = validate.whole(n, "n", low=0, high=100)
    if c.status != "inside" or n == 0:
        return c.fear, c.terror
    fear = c.fear + n
    over = max(0, fear - FEAR_MAX)
    fear = min(fear, FEAR_MAX)
    if not over:
        return fear, c.terror
    terror = c.terror + over
    return max(fear, min(terror, FEAR_MAX)), terror


def fear_loss(position: State | View, character: str, n: int) -> int:
    """The character's fear after losing ``n``: never below 1 nor below the terror token
    (L7-terror-floor); a character off the map keeps it."""
    _, c = _char(position, character)
    n = validate.whole(n, "n", low=0, high=100)
    if c.status != "inside":
        return c.fear
    return max(max(1, c.terror), c.fear - n)
