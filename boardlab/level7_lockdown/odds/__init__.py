"""Exact Level 7 [Escape]: Lockdown odds, answered from the engine's own chance nodes.

Every roll of the engine is one chance node whose outcomes come from
:func:`~boardlab.level7_lockdown.rolls.roll_outcomes` (icon dice collapsed to the
counts that matter, L7-R2); every answer here is read off that table, or off
:class:`~boardlab.level7_lockdown.rules.Level7Rules` itself: dice are counted by the
engine's own ``challenge_dice``, enemy attacks and barricade attacks by its enemy
step, Dr. Cronos's chase by whole turns played through ``RULES.step`` (see
:func:`chase_chain`). Nothing is a parallel model of the rules.

The conventions are Mall of Horror's (docs/api.md): a probability or a mean is a
:class:`fractions.Fraction`, a distribution a :class:`~boardlab.prob.dist.Dist`, an
answer per outcome a ``dict``; ``explain=True`` returns a
:class:`~boardlab.prob.derivation.Derivation` whose ``.answer`` is that same value and
which shows the working. **Stand-ins:** the die faces (L7-R2), the characters' stats
(L7-R9) and the enemies' dice and Toughness (L7-R10) are invented, because the core
game is not among the rule texts; every derivation lists the stand-in numbers it
used under ``facts`` (marked "stand-in"), and a configuration (``config=``, ``die=``)
puts your own numbers in.

>>> from boardlab.level7_lockdown import odds
>>> odds.challenge(4, "Intelligence", 4)
Fraction(14, 81)
>>> odds.cache_items(4)
Fraction(7, 27)
>>> print(odds.chase(1, dice=2), odds.chase(2, dice=2))
9/5 63/25
>>> odds.departure()
{'fear hunter': Fraction(1, 12), 'blaster': Fraction(1, 12), 'both': Fraction(0, 1), \
'swarm': Fraction(5, 6)}
>>> odds.tank_farm_stays(3)
Fraction(8, 27)
"""

from __future__ import annotations

from boardlab.level7_lockdown.live import (  # the board's panel, outside the package
    live_odds,
)
from boardlab.level7_lockdown.odds.characters import (
    challenge_odds,
    dice_for,
)
from boardlab.level7_lockdown.odds.chase import (
    LINE as LINE,
)
from boardlab.level7_lockdown.odds.chase import (
    _chase_start as _chase_start,
)
from boardlab.level7_lockdown.odds.chase import (
    chase,
    chase_chain,
    chase_start,
    chase_within,
)
from boardlab.level7_lockdown.odds.common import (
    CAUGHT,
    QUIET,
)
from boardlab.level7_lockdown.odds.common import (
    QUIET_CARD as QUIET_CARD,
)
from boardlab.level7_lockdown.odds.common import (
    DieSpec as DieSpec,
)
from boardlab.level7_lockdown.odds.common import (
    Faces as Faces,
)
from boardlab.level7_lockdown.odds.cronos import (
    cronos_moves,
    cronos_reach,
)
from boardlab.level7_lockdown.odds.dice import (
    at_least,
    challenge,
    icon_count,
    margin,
)
from boardlab.level7_lockdown.odds.enemies import (
    barricade_activations,
    barricade_attack,
    blaster_attack,
    enemy_attack,
)
from boardlab.level7_lockdown.odds.scenarios import (
    _departure_node as _departure_node,
)
from boardlab.level7_lockdown.odds.scenarios import (
    departure,
    tank_farm_plan,
    tank_farm_stays,
)
from boardlab.level7_lockdown.odds.standins import (
    stand_ins,
)
from boardlab.level7_lockdown.odds.supply import (
    cache,
    cache_items,
)

__all__ = [
    "CAUGHT", "QUIET", "at_least", "barricade_activations", "barricade_attack",
    "blaster_attack", "cache", "cache_items", "challenge", "challenge_odds", "chase",
    "chase_chain", "chase_start", "chase_within", "cronos_moves", "cronos_reach", "departure",
    "dice_for", "enemy_attack", "icon_count", "live_odds", "margin", "stand_ins",
    "tank_farm_plan", "tank_farm_stays",
]
