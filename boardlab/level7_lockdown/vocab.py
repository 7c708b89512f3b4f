"""Level 7's vocabulary, the facts of the text and the records' small checks.

Split from :mod:`boardlab.level7_lockdown.config` (which re-exports every name): the
sides, icons, features and enemy kinds the records use (L7-R3, L7-R5, L7-enemies), the
numbers the text gives (L7-components, L7-warrior-chart, terror's limit of 8), and the
checks every record runs on construction, each naming the record and the field.

>>> ICONS
('Strength', 'Speed', 'Intelligence')
>>> _check_vocab("tile 'Hub'", "features", ("lift", "pool"), ("lift", "vent"), "feature")
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: tile 'Hub': features[1]: not a known feature; one of ...

Whole numbers and names are checked by core's checks (:mod:`boardlab.core.validate`)
inside :func:`~boardlab.core.validate.owned`, so the error names the record
(``tile 'Hub': rooms[0][1]``) as its ``owner`` and the field as a path inside it.
"""

from __future__ import annotations

from typing import Any, Final

from boardlab.core.errors import ConfigError, ConfigTypeError, a_type
from boardlab.core.validate import name, owned

# -- vocabulary -----------------------------------------------------------------------
#: Sides of a grid cell, clockwise from north (L7-R5); also the tie order of L7-R24.
SIDES: Final = ("N", "E", "S", "W")
STRENGTH: Final = "Strength"
SPEED: Final = "Speed"
INTELLIGENCE: Final = "Intelligence"
ICONS: Final = (STRENGTH, SPEED, INTELLIGENCE)
#: Default die faces (ruling L7-R2; the printed faces are not in the text). Kept here,
#: the game's own constant; ``boardlab.prob.dice.LEVEL7_FACES`` is the same tuple.
DIE_FACES: Final = (
    (STRENGTH,), (STRENGTH, STRENGTH),
    (SPEED,), (SPEED, SPEED),
    (INTELLIGENCE,), (INTELLIGENCE, INTELLIGENCE),
)
#: Printed tile features (L7-R3): spawn icons, generators, panels, vents, darkness …
FEATURES: Final = ("security", "fear", "warzone", "guard_post", "clone_nest",
                   "control_panel", "vent", "dark", "exit", "lift", "lab", "generator")
#: Tile event icons (invented names: the text says only that tiles show event icons).
EVENT_ICONS: Final = ("alarm", "hazard", "shadow")
#: What an event card's tile section can do (L7-R12, illustrative).
EFFECTS: Final = ("fear", "calm", "gas", "barricade", "fall", "lock", "cache")
SPAWNS: Final = ("none", "guard", "clone")
ACTIVATIONS: Final = ("guard", "clone")
#: Enemy kinds: guards, the two clone kinds, the two hybrid kinds (L7-enemies).
ENEMY_KINDS: Final = ("guard", "rogue", "warrior", "hunter", "blaster")
ENEMY_NAMES: Final = {"guard": "guard", "rogue": "rogue clone", "warrior": "warrior clone",
                      "hunter": "fear hunter", "blaster": "blaster hybrid"}
#: Enemy "type" for barricade help (L7-R28): rogues and warriors are one type.
ENEMY_TYPE: Final = {"guard": "guard", "rogue": "clone", "warrior": "clone",
                     "hunter": "hunter", "blaster": "blaster"}
ALIENS: Final = frozenset({"rogue", "warrior", "hunter", "blaster"})
HYBRIDS: Final = frozenset({"hunter", "blaster"})
ITEM_KINDS: Final = ("weapon", "gun", "flashlight", "map", "extinguisher")
#: The two blaster hybrids (L7-R30): number 1 bears Strength, number 2 Speed.
BLASTER_ICON: Final = {1: STRENGTH, 2: SPEED}

# -- facts of the text ---------------------------------------------------------------
FEAR_MAX: Final = 8        # L7-terror-gain: fear beyond 8 becomes terror
HEART_ATTACK: Final = 8    # L7-terror-heart
POWER_MAX: Final = 5       # L7-blaster-power
BARRICADE_FULL: Final = 2  # L7-barricade: full strength, battered, gone
BARRICADE_DIFFICULTY: Final = 3   # L7-barricade-player / L7-barricade-enemy
CACHE_DIFFICULTY: Final = 4       # L7-cache
CACHE_LOST_MARGIN: Final = 2      # L7-cache: missing by 2 or more
#: L7-components: the box counts (data, not caps: L7-R31).
BOX: Final = {"tiles": 14, "event": 12, "skill": 6, "item": 12, "adrenaline": 16,
              "terror tokens": 5, "power tokens": 11, "gas clouds": 4,
              "extinguisher clouds": 2, "locked doors": 2, "barricades": 2, "caches": 2,
              "accessed panels": 2, "blasters": 2, "warriors": 8}
#: L7-warrior-chart: scenario → (highest rogue number, highest warrior number).
WARRIOR_CHART: Final = {1: (5, 1), 2: (4, 2), 3: (4, 2), 4: (4, 2), 5: (8, 2), 6: (8, 2),
                        7: (6, 4), 8: (2, 4)}


def _bad(owner: str, path: str, problem: str) -> ConfigError:
    """The refusal of a record's field, the record named as its owner."""
    return ConfigError(field=path, problem=problem, owner=owner)


def _check_vocab(owner: str, path: str, values: Any, vocab: tuple[str, ...], what: str, *,
                 unique: bool = True) -> None:
    """``values`` a tuple of words of ``vocab`` (each a known ``what``: core's
    :func:`~boardlab.core.validate.name`), none repeated when ``unique``."""
    with owned(owner):
        if not isinstance(values, tuple):
            raise ConfigTypeError.at(path, values, f"expected a tuple, got {a_type(values)}")
        for i, v in enumerate(values):
            name(v, f"{path}[{i}]", vocab, what=f"known {what}", where="", error=ConfigError)
        if unique and len(set(values)) != len(values):
            raise ConfigError(field=path, problem="an entry is repeated")
