"""Mall of Horror's front door: the verbs every game has, built from its spec.

``new_match``, ``play``, ``load_match``, ``save_position``, ``load_position``, ``rule``,
``observe``, ``render_svg``, ``winners``, ``scores`` and ``parse_choice`` are built by
:class:`boardlab.gamekit.FrontDoor` from :data:`boardlab.mall_of_horror.game.GAME`, with
the same signatures and checks as in every game; :func:`dice_outcomes` is Mall of
Horror's own.

>>> from boardlab.mall_of_horror.api import new_match, play
>>> m = new_match(players=3, seed=7)
>>> m.to_move
CHANCE
>>> play(players=4, seed=2).is_over
True
>>> new_match(config="x")
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: config: expected a moh.Config ... (got 'x')
"""

from __future__ import annotations

from boardlab.core.deprecation import warn_deprecated
from boardlab.core.engine import OutcomeTable
from boardlab.core.errors import ArgumentError
from boardlab.core.validate import whole
from boardlab.gamekit import FrontDoor
from boardlab.mall_of_horror.choices import Choice
from boardlab.mall_of_horror.game import GAME
from boardlab.mall_of_horror.render import render_svg as _render
from boardlab.mall_of_horror.rules import dice_outcomes as rules_dice_outcomes
from boardlab.mall_of_horror.state import State

__all__ = ["DOOR", "dice_outcomes", "load_match", "load_position", "new_match", "observe",
           "parse_choice", "play", "render_svg", "rule", "save_position", "scores", "winners"]

#: The shared verbs of Mall of Horror (see :mod:`boardlab.gamekit.door`).
DOOR: FrontDoor[State, Choice] = FrontDoor(GAME, module=__name__, render=_render)
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


def dice_outcomes(n: int, faces: int = 6) -> OutcomeTable:
    """Every roll of ``n`` dice with ``faces`` faces, as sorted faces with exact odds.

    The rules' own table (:func:`boardlab.mall_of_horror.rules.dice_outcomes`), with
    its arguments checked: 1–12 dice, as :class:`Config` allows, of 2–20 faces.

    >>> from boardlab.mall_of_horror.choices import Dice
    >>> dict(dice_outcomes(2))[Dice((1, 2))]
    Fraction(1, 18)
    >>> dice_outcomes(10**6)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentError: n: 1 to 12 dice, as Config.dice allows (got 1000000)
    """
    n = whole(n, "n")
    faces = whole(faces, "faces")
    if not 1 <= n <= 12:
        raise ArgumentError("n", n, "1 to 12 dice, as Config.dice allows")
    if not 2 <= faces <= 20:
        raise ArgumentError("faces", faces, "dice of 2 to 20 faces")
    return rules_dice_outcomes(n, faces)


def check_start(start: object, argument: str = "start") -> State:
    """Deprecated since 0.2 (goes in 0.3): ``moh.GAME.check_state(start, argument)``, the
    check every game's spec has."""
    warn_deprecated("moh.api.check_start()", "moh.GAME.check_state(start, argument)")
    return GAME.check_state(start, argument)
