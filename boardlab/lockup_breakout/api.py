"""Lockup: Breakout's front door: the verbs every game has, built from its spec.

``new_match``, ``play``, ``load_match``, ``save_position``, ``load_position``, ``rule``,
``observe``, ``render_svg``, ``winners``, ``scores`` and ``parse_choice`` are built by
:class:`boardlab.gamekit.FrontDoor` from :data:`boardlab.lockup_breakout.game.GAME`,
with the same signatures and checks as in every game; ``difficulty=`` is the game's own
keyword (the solitary game's guard-card colour). :func:`make_setup` (from
:mod:`.config`) and :func:`final_scores` are Breakout's own.

>>> from boardlab.lockup_breakout.api import new_match, play
>>> m = new_match(players=3, seed=7)
>>> m.to_move
CHANCE
>>> play(players=1, difficulty="red", seed=2).is_over
True
>>> new_match(players=True)
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: players: expected a whole number, not a bool (got True)
"""

from __future__ import annotations

from typing import Any

from boardlab.gamekit import FrontDoor
from boardlab.lockup_breakout.config import DIFFICULTY_NAMES, make_setup
from boardlab.lockup_breakout.game import GAME
from boardlab.lockup_breakout.render import render_svg as _render
from boardlab.lockup_breakout.state import State

__all__ = ["DIFFICULTY_NAMES", "DOOR", "load_match", "load_position", "make_setup",
           "new_match", "observe", "parse_choice", "play", "render_svg", "rule",
           "save_position", "scores", "winners"]

#: The shared verbs of Lockup: Breakout (see :mod:`boardlab.gamekit.door`).
DOOR: FrontDoor[State, Any] = FrontDoor(GAME, module=__name__, render=_render)
new_match = DOOR.new_match
play = DOOR.play
load_match = DOOR.load_match
save_position = DOOR.save_position
load_position = DOOR.load_position
rule = DOOR.rule
observe = DOOR.observe
render_svg = DOOR.render_svg
winners = DOOR.winners
scores = DOOR.scores
parse_choice = DOOR.parse_choice
