"""The toy game of ``tests/core/toy.py`` with the front door every game has.

Built by the recipe of docs/adding-a-game.md: the spec is ``tests.core.toy_game.GAME``;
:class:`~boardlab.gamekit.FrontDoor` builds the shared verbs; the board, the explainer,
the odds and the what-ifs load on first use. ``tests/test_front_doors.py`` checks it
like the three games.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.agents import RandomAgent
from boardlab.core.engine import CHANCE
from boardlab.core.errors import ConfigError, IllegalAction
from boardlab.gamekit import FrontDoor, module_attributes
from tests.core.toy import BOOK, RULES, ToySetup, ToyState
from tests.core.toy_game import GAME, GreedyAgent
from tests.toygame.position import position
from tests.toygame.render import render_svg as _render

__all__ = [
    "BOOK", "CHANCE", "GAME", "RULES", "ConfigError", "HeuristicAgent", "IllegalAction",
    "RandomAgent", "Setup", "State", "View", "load_match", "load_position", "new_match",
    "observe", "parse_choice", "play", "position", "render_svg", "rule", "save_position",
    "scores", "winners",
]

State = ToyState
Setup = ToySetup
View = ToyState  # a toy player sees everything
HeuristicAgent = GreedyAgent

DOOR: FrontDoor[ToyState, Any] = FrontDoor(GAME, module=__name__, render=_render)
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

__getattr__, __dir__ = module_attributes(globals(), GAME.lazy, GAME.moved, alias=GAME.alias)
