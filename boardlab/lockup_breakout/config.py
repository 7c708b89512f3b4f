"""Game data of Lockup: Breakout: the text's fixed numbers and the stand-in core as data.

The expansion's core game is not in the texts (LB-R1), so every core notion the
expansion leans on — crew strengths, location rewards, resources, items, goons, tomes,
goals, legend cards, loot tokens, guard cards and the catacomb map — is *illustrative*
data held in :class:`Config`, with defaults from :mod:`.standin` (docs:
``lockup_breakout_standin.md``). Facts of the text are constants here.

Every record validates itself and names the bad field; :func:`load_config` reads the
JSON form and reports the full path of the bad field:

>>> Config().face_down_allowance(2), Config().face_down_allowance(4)
(3, 2)
>>> Setup(players=6)
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: players: 1 (solitary) to 5 players, got 6 (LB-R5)
>>> load_config('{"crew_strengths": [1, 2, true]}')
Traceback (most recent call last):
...
boardlab.core.errors.FormatError: crew_strengths[2]: expected a whole number, not a bool (got True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from boardlab.core.errors import ArgumentTypeError, ConfigError, show_value
from boardlab.core.frozen import dataclass
from boardlab.lockup_breakout.catacombs import (
    DEFAULT_MAP,
    CatacombMap,
    decode_checked,
    field_error,
)
from boardlab.lockup_breakout.config_check import validate_config
from boardlab.lockup_breakout.limits import LIMITS, check_saved_values
from boardlab.lockup_breakout.records import (  # noqa: F401 - re-exported: their home was here
    BOARD_LOCATIONS,
    CELL_BLOCK,
    DRYAD_PER_BARREL,
    ESCAPE_BASE,
    ESCAPE_PER_ROUND,
    FUNGOID_PER_LOOT,
    GOAL_KINDS,
    GOLEM_TYPES,
    GOON_LOCATIONS,
    GOON_TEXT_TYPES,
    GUARD_LEGEND_STARS,
    GUARDS,
    LEGEND,
    LIBRARY,
    LOOT_EFFECTS,
    PENALTY_KINDS,
    REWARD_KINDS,
    ROUNDS,
    SEEKER,
    SEEKER_STRENGTH,
    SHAPESHIFTER_DRAW,
    TUNNEL_KINDS,
    TUNNEL_SETS,
    TUNNEL_STEPS,
    Goal,
    GoonCard,
    GuardCard,
    GuardLevel,
    Item,
    LegendCard,
    Location,
    LootToken,
    Penalty,
    Reward,
    Tome,
    escape_stars,
)


def _default(name: str) -> Any:
    from boardlab.lockup_breakout import standin

    return getattr(standin, name)


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the text leaves open, with boardlab's illustrative defaults.

    Field by field: ``colours`` (seat colours, LB-R5), ``crew_strengths`` (the six core
    tokens, LB-R6), ``resources`` (kinds, LB-R9), ``start_resources`` (one amount per
    kind), ``valuables`` (kinds, LB-R12; the crew board shows ``crew_board_valuable``),
    ``locations`` (1–7 with ranked rewards, LB-R8), ``catacombs`` (LB-R2), ``items``,
    ``goons``, ``tomes``, ``goals``, ``legends``, ``loot``, ``guard_blue`` (the eight
    blue guard cards) and ``guard_levels`` (difficulties), ``set_stars`` (a set of
    valuables), ``goal_stars`` (first and second place), ``goon_set_types`` (goon types
    scored in sets, LB-R11) and ``display_size`` (LB-R10).
    """

    colours: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
    crew_strengths: tuple[int, ...] = (1, 2, 2, 3, 3, 4)
    resources: tuple[str, ...] = ("scrap", "iron", "potion", "gold")
    start_resources: tuple[int, ...] = (1, 1, 1, 1)
    valuables: tuple[str, ...] = ("barrel", "gem", "coin")
    crew_board_valuable: str = "barrel"
    locations: tuple[Location, ...] = field(default_factory=lambda: _default("LOCATIONS"))
    catacombs: CatacombMap = DEFAULT_MAP
    items: tuple[Item, ...] = field(default_factory=lambda: _default("ITEMS"))
    goons: tuple[GoonCard, ...] = field(default_factory=lambda: _default("GOONS"))
    tomes: tuple[Tome, ...] = field(default_factory=lambda: _default("TOMES"))
    goals: tuple[Goal, ...] = field(default_factory=lambda: _default("GOALS"))
    legends: tuple[LegendCard, ...] = field(default_factory=lambda: _default("LEGENDS"))
    loot: tuple[LootToken, ...] = field(default_factory=lambda: _default("LOOT"))
    guard_blue: tuple[GuardCard, ...] = field(default_factory=lambda: _default("GUARD_BLUE"))
    guard_levels: tuple[GuardLevel, ...] = field(
        default_factory=lambda: _default("GUARD_LEVELS"))
    set_stars: int = 5
    goal_stars: tuple[int, int] = (6, 3)
    goon_set_types: tuple[str, ...] = ("dwarf", "ratman", "imp")
    display_size: int = 3
    goals_drawn: int = 2

    def __post_init__(self) -> None:
        validate_config(self)

    @classmethod
    def check_saved(cls, value: Mapping[str, Any], path: str) -> None:
        """Bound a saved configuration before it is decoded (``LIMITS.config_values``)."""
        check_saved_values(value, path, LIMITS.config_values, "config_values")

    # -- small queries --------------------------------------------------------------------
    def face_down_allowance(self, players: int) -> int:
        """Board tokens a player may place face down: 3 with 2 players (and in solitary,
        LB-R7), 2 with 3–5 (LB-rollcall-facedown)."""
        return 3 if players <= 2 else 2

    def tunnel_set(self, players: int) -> tuple[int, int, int]:
        """Collapsed, single and double tunnel markers (LB-setup-tunnels, LB-R36)."""
        return TUNNEL_SETS[players]

    def location(self, number: int) -> Location:
        return self.locations[number - 1]

    def guard_level(self, colour: str) -> GuardLevel:
        for level in self.guard_levels:
            if level.colour == colour:
                return level
        raise ConfigError(f"unknown difficulty {show_value(colour)}; one of "
                          f"{', '.join(lv.colour for lv in self.guard_levels)} (LB-solo-setup)")

    @property
    def token_labels(self) -> tuple[str, ...]:
        """A player's seven crew tokens as labels: strengths as text, and the seeker."""
        return (*sorted(str(s) for s in self.crew_strengths), SEEKER)


def load_config(data: str | Mapping[str, Any]) -> Config:
    """A :class:`Config` from its JSON form (missing fields take the defaults).

    >>> load_config({"set_stars": 4}).set_stars
    4
    >>> load_config({"catacombs": {"spaces": [], "paths": []}})
    Traceback (most recent call last):
    ...
    boardlab.core.errors.FormatError: catacombs.spaces: a map needs spaces
    """
    from boardlab.core.serialize import decode, load_json_object

    return decode_checked(load_json_object(data), Config, decode)


def config_to_dict(config: Config) -> dict[str, Any]:
    """The JSON form of ``config`` (what :func:`load_config` reads back)."""
    from boardlab.core.serialize import encode

    return encode(config)


_DEFAULT_CONFIG: Config | None = None


def default_config() -> Config:
    """The default configuration, built once."""
    global _DEFAULT_CONFIG
    if _DEFAULT_CONFIG is None:
        _DEFAULT_CONFIG = Config()
    return _DEFAULT_CONFIG


@dataclass(frozen=True, slots=True)
class Setup:
    """A match's start: ``players`` (1 = solitary, 2–5), the solitary ``difficulty``
    (the colour of its six guard cards, LB-solo-setup) and the configuration."""

    players: int = 4
    difficulty: str = ""
    config: Config = field(default_factory=default_config)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not 1 <= self.players <= 5:
            raise field_error("players", "1 (solitary) to 5 players, "
                              f"got {show_value(self.players)} (LB-R5)")
        if not isinstance(self.config, Config):
            raise field_error("config", f"expected a Config, got {show_value(self.config)}")
        if not isinstance(self.difficulty, str):
            raise field_error("difficulty", f"expected a string, got {show_value(self.difficulty)}")
        if self.players == 1:
            if not self.difficulty:
                raise field_error("difficulty", "the solitary game needs a difficulty: one of "
                                  + ", ".join(lv.colour for lv in self.config.guard_levels)
                                  + " (LB-solo-setup)")
            if self.difficulty not in {lv.colour for lv in self.config.guard_levels}:
                raise field_error("difficulty", f"unknown difficulty "
                                                f"{show_value(self.difficulty)}; one "
                                  "of " + ", ".join(lv.colour for lv in self.config.guard_levels)
                                  + " (LB-solo-setup)")
        elif self.difficulty:
            raise field_error("difficulty", "only the solitary game (players=1) has a "
                              "difficulty (LB-solo-setup)")

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def colours(self) -> tuple[str, ...]:
        """The deciding players, in seat order (LB-R5)."""
        return self.config.colours[: self.players]

    @property
    def sides(self) -> tuple[str, ...]:
        """Everyone who scores: the players, and the guards in solitary."""
        return (*self.colours, GUARDS) if self.players == 1 else self.colours

    @property
    def stack_height(self) -> int:
        """Loot tokens per stack: the player count, 2 in solitary (LB-setup-loot, LB-R18)."""
        return 2 if self.players == 1 else self.players


#: Friendly names of the difficulty levels (the guard-card colours, LB-solo-setup).
DIFFICULTY_NAMES = {"easy": "green", "normal": "yellow", "hard": "red"}


def make_setup(players: int = 4, *, difficulty: str | None = None,
               config: Config | None = None) -> Setup:
    """A validated :class:`Setup`; ``difficulty`` defaults to ``"yellow"`` in solitary and
    accepts ``easy``/``normal``/``hard`` for green/yellow/red.

    >>> make_setup(1, difficulty="hard").difficulty
    'red'
    >>> make_setup(2, config="x")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: config: expected an lb.Config ... (got 'x')
    """
    if config is not None and not isinstance(config, Config):
        raise ArgumentTypeError("config", config, "expected an lb.Config (or None for the "
                                "game's own)")
    if difficulty is not None and not isinstance(difficulty, str):
        raise ArgumentTypeError("difficulty", difficulty, "expected a guard-card colour "
                                "(green, yellow, red) or easy, normal, hard")
    if isinstance(players, bool) or not isinstance(players, int):
        raise ArgumentTypeError("players", players, "expected a whole number, 1 (solitary) "
                                "to 5 (LB-R5)")
    diff = DIFFICULTY_NAMES.get(difficulty or "", difficulty or "")
    if players == 1 and not diff:
        diff = "yellow"
    # The default configuration is one shared immutable object: its lookup tables are
    # derived once per process, not once per match.
    return Setup(players=players, difficulty=diff, config=config or default_config())
