"""Game data of Mall of Horror: colours, characters, cards and the board.

Facts from the rule text (MoH Box Contents, Setup) are constants; what the text leaves
open (capacities, names, Weapon strengths: rulings MoH-R1, MoH-R2) lives in
:class:`Config`, whose defaults are the rulings.

>>> Config().capacity(6)
6
>>> Config().capacity(4) is None
True
>>> Config(capacities=(3, 4, 4, None, 3, 2))
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: capacity of location 6 (2) cannot hold ...
>>> Config(dice=4.5)
Traceback (most recent call last):
...
boardlab.core.errors.ConfigTypeError: dice: expected a whole number, got a float (got 4.5)
"""

from __future__ import annotations

from typing import Final

from boardlab.core.errors import ArgumentTypeError, ConfigError, show_value
from boardlab.core.frozen import dataclass
from boardlab.core.validate import text, whole

#: Seat colours in the order they are taken (MoH-R3); 3 players use the first three.
COLOURS: Final = ("yellow", "red", "blue", "green", "brown", "black")
#: Character kinds and their points (MoH Box Contents).
POINTS: Final = {"pinup": 7, "toughguy": 5, "gunman": 3, "girl": 1}
KIND_NAMES: Final = {"pinup": "Pin-Up", "toughguy": "Tough Guy", "gunman": "Gunman",
                     "girl": "Little Girl"}
KINDS: Final = ("pinup", "toughguy", "gunman", "girl")
#: Card kinds; a Weapon is named by how many zombies it kills.
CARDS: Final = ("threat", "camera", "sprint", "hardware", "weapon1", "weapon2", "hidden")
CARD_NAMES: Final = {"threat": "Threat", "camera": "Security Camera", "sprint": "Sprint",
                     "hardware": "Hardware", "weapon1": "Weapon (1 zombie)",
                     "weapon2": "Weapon (2 zombies)", "hidden": "Hidden"}
LOCATIONS: Final = (1, 2, 3, 4, 5, 6)
PARKING: Final = 4
SECURITY: Final = 5
SUPERMARKET: Final = 6
CLOSED_SMALL_GAME: Final = 2  # MoH Setup: location 2 is closed with 3 or 4 players
#: Whole numbers in a described position (zombies, cards, rounds) are at most this big:
#: a what-if with a billion zombies is a typing mistake, and the odds' work grows with them.
MAX_COUNT: Final = 10_000
#: A configuration's numbers (capacities, ``seal_at``) are at most this big: any what-if
#: (seal_at=10**6: locations that never seal), and still a number that a saved file and a
#: message can hold (10**5000 cannot be written).
MAX_SETTING: Final = 10**9


@dataclass(frozen=True, slots=True)
class Config:
    """Rule parameters the text leaves open, with boardlab's ruling defaults.

    ``capacities[i]`` is location ``i+1``'s capacity (``None``: unlimited; MoH-R1),
    ``weapon_strengths`` the zombies each of the six Weapon cards kills (MoH-R2).
    ``dice``, ``supermarket_threshold`` and ``seal_at`` are the text's numbers, open to
    what-if variants.
    """

    capacities: tuple[int | None, ...] = (3, 4, 4, None, 3, 6)
    names: tuple[str, ...] = ("Shop 1", "Shop 2", "Shop 3", "Parking Lot",
                              "Security Room", "Supermarket")
    weapon_strengths: tuple[int, ...] = (1, 1, 1, 2, 2, 2)
    dice: int = 4
    supermarket_threshold: int = 4
    seal_at: int = 8

    def __post_init__(self) -> None:
        # Types first (a bool is not a count, 4.5 dice do not exist): every refusal is a
        # ConfigError naming the field, before any comparison could raise a TypeError.
        for field in ("capacities", "names", "weapon_strengths"):
            value = getattr(self, field)
            if isinstance(value, list):  # written by hand as a list: kept as a tuple
                value = tuple(value)
                object.__setattr__(self, field, value)
            if not isinstance(value, tuple):
                raise ConfigError(f"{field}: expected a tuple of six entries, one per "
                                  f"location or Weapon card (got {show_value(value)})")
        for field in ("dice", "supermarket_threshold", "seal_at"):
            whole(getattr(self, field), field, error=ConfigError)
        if len(self.capacities) != 6 or len(self.names) != 6:
            raise ConfigError("capacities and names need one entry per location 1–6 (MoH-R1)")
        for i, name in enumerate(self.names):
            text(name, f"names[{i}]", error=ConfigError)
        self._check_capacities()
        if self.capacities[SUPERMARKET - 1] < self.supermarket_threshold:  # type: ignore[operator]
            raise ConfigError(f"capacity of location 6 ({self.capacities[5]}) cannot hold "
                              f"the Supermarket threshold "
                              f"{show_value(self.supermarket_threshold)}")
        if len(self.weapon_strengths) != 6 or any(
                type(s) is not int or s not in (1, 2) for s in self.weapon_strengths):
            raise ConfigError("weapon_strengths: six Weapon cards, each killing 1 or 2 zombies "
                              "(MoH Box Contents, MoH-R2)")
        if not 1 <= self.dice <= 12:
            raise ConfigError(f"dice must be between 1 and 12, got {show_value(self.dice)}")
        if self.supermarket_threshold < 1 or self.seal_at < 1:
            raise ConfigError("supermarket_threshold and seal_at must be positive")
        if self.seal_at > MAX_SETTING:
            raise ConfigError(f"seal_at: at most {MAX_SETTING:,} zombies, got "
                              f"{show_value(self.seal_at)}")

    def _check_capacities(self) -> None:
        """Every shop a whole-number capacity, the Parking Lot unlimited (MoH-R1)."""
        for loc, cap in zip(LOCATIONS, self.capacities, strict=True):
            if loc == PARKING:
                if cap is not None:
                    raise ConfigError("the Parking Lot (4) has unlimited room: its capacity "
                                      "must be None (MoH Box Contents)")
            elif cap is None or isinstance(cap, bool) or not isinstance(cap, int) or \
                    not 1 <= cap <= MAX_SETTING:
                raise ConfigError(f"capacities[{loc - 1}]: capacity of location {loc} must be "
                                  f"a whole number 1–{MAX_SETTING:,}, got {show_value(cap)} "
                                  "(MoH-R1)")

    def capacity(self, location: int) -> int | None:
        """Characters ``location`` can hold (``None`` = unlimited)."""
        return self.capacities[location - 1]

    def name(self, location: int) -> str:
        return self.names[location - 1]

    def deck(self) -> tuple[int, ...]:
        """Card counts in :data:`CARDS` order: the 21 action cards (MoH Box Contents)."""
        ones = sum(1 for s in self.weapon_strengths if s == 1)
        return (3, 3, 3, 3, ones, 6 - ones, 3)


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything needed to start a match: player count and configuration."""

    players: int = 4
    config: Config = Config()

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not 3 <= self.players <= 6:
            raise ConfigError(f"Mall of Horror takes 3 to 6 players, got "
                              f"{show_value(self.players)} (MoH-R3)")
        if not isinstance(self.config, Config):
            raise ArgumentTypeError("config", self.config, "expected a moh.Config (or None "
                                    "for the default rulings)")

    @property
    def colours(self) -> tuple[str, ...]:
        """Seat colours, clockwise from the first player (MoH Setup, MoH-R3)."""
        return COLOURS[: self.players]

    @property
    def kinds(self) -> tuple[str, ...]:
        """Each player's characters (a Little Girl only with 3 players: MoH Setup)."""
        return KINDS if self.players == 3 else KINDS[:3]

    @property
    def closed(self) -> tuple[int, ...]:
        """Locations closed for the whole game (location 2 with 3–4 players: MoH-R3)."""
        return (CLOSED_SMALL_GAME,) if self.players <= 4 else ()

    @property
    def survivors_to_end(self) -> int:
        """The game ends at this many survivors or fewer (MoH End of Game)."""
        return 6 if self.players == 6 else 4
