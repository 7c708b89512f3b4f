"""Level 7's front door: the verbs every game has, built from its spec.

``new_match``, ``play``, ``load_match``, ``save_position``, ``load_position``, ``rule``,
``observe``, ``render_svg``, ``winners``, ``scores`` and ``parse_choice`` are built by
:class:`boardlab.gamekit.FrontDoor` from :data:`boardlab.level7_lockdown.game.GAME`,
with the same signatures and checks as in every game; ``scenario=``, ``mode=``,
``characters=`` and ``turn_limit=`` are the game's own keywords. :func:`outcome`, each
character's result, is Level 7's own.

>>> from boardlab.level7_lockdown.api import new_match, play
>>> m = new_match(players=2, seed=1)
>>> m.to_move
'Leo'
>>> play(players=2, seed=1).is_over
True
>>> new_match(3, scenario="12", mode="hard").state.lockdown   # players + 2 tokens
5
"""

from __future__ import annotations

from typing import Any

from boardlab.gamekit import FrontDoor
from boardlab.level7_lockdown.game import GAME
from boardlab.level7_lockdown.render import render_svg as _render
from boardlab.level7_lockdown.state import State

__all__ = ["DOOR", "load_match", "load_position", "new_match", "observe", "outcome",
           "parse_choice", "play", "render_svg", "rule", "save_position", "scores",
           "winners"]

#: The shared verbs of Level 7 (see :mod:`boardlab.gamekit.door`).
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


def outcome(state: State) -> dict[str, str]:
    """Each character's result (L7-R23): escaped, won (scenario 13, L7-R63), dead,
    heart attack or inside.

    >>> sorted(set(outcome(play(players=3, seed=2).state).values()) - {"inside", "escaped",
    ...                                                      "heart attack", "dead", "won"})
    []
    """
    state = GAME.check_state(state, sound=False)
    return {c.name: ("inside" if c.status == "infirmary" else c.status) for c in state.chars}
