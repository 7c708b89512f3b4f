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
boardlab.core.errors.FormatError: crew_strengths[2]: expected an integer, got True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from boardlab.core.errors import ArgumentTypeError, ConfigError, show_value
from boardlab.lockup_breakout.catacombs import (
    DEFAULT_MAP,
    CatacombMap,
    _int,
    _str,
    decode_checked,
    field_error,
)
from boardlab.lockup_breakout.limits import LIMITS, check_draw_sizes, check_saved_values

# -- facts of the rule text ------------------------------------------------------------
ROUNDS: Final = 6                      # LB-objective
SEEKER: Final = "seeker"               # LB-rollcall-seeker
SEEKER_STRENGTH: Final = 1             # LB-rollcall-seeker
BOARD_LOCATIONS: Final = (1, 2, 3, 4, 5, 6, 7)   # tokens go to locations 1–7
CELL_BLOCK: Final = 7                  # LB-icon-reserve, LB-R8
LIBRARY: Final = 8                     # LB-tunnel-stragglers, LB-R8
LEGEND: Final = 0                      # where the legend tokens lie (index in State.crews)
ESCAPE_BASE: Final = 17                # LB-escape: 17 + 3 per round left
ESCAPE_PER_ROUND: Final = 3
FUNGOID_PER_LOOT: Final = 2            # LB-goon-fungoid
DRYAD_PER_BARREL: Final = 1            # LB-goon-dryad
SHAPESHIFTER_DRAW: Final = 3           # LB-goon-shapeshifter
GUARD_LEGEND_STARS: Final = 2          # LB-solo-legend
#: Tunnel markers (collapsed, single, double) by player count (LB-setup-tunnels); the
#: solitary game uses the two-player set (LB-R36).
TUNNEL_SETS: Final = {1: (5, 1, 1), 2: (5, 1, 1), 3: (4, 2, 1), 4: (3, 3, 1), 5: (3, 3, 1)}
TUNNEL_KINDS: Final = ("collapsed", "single", "double")
TUNNEL_STEPS: Final = {"single": 1, "double": 2}   # LB-tunnel-type
GUARDS: Final = "guards"               # the automated side of the solitary game
GOON_TEXT_TYPES: Final = ("dryad", "fungoid", "golem", "shapeshifter")
GOLEM_TYPES: Final = ("dwarf", "ratman")   # LB-goon-golem
REWARD_KINDS: Final = ("resources", "stars", "recruit", "craft", "tome", "advance", "item")
PENALTY_KINDS: Final = ("stars", "resource")
LOOT_EFFECTS: Final = ("resources", "advance", "reserve", "tome", "recruit")
GOAL_KINDS: Final = ("explorer", "items", "goons", "loot", "valuables")


def escape_stars(round_: int) -> int:
    """Stars for escaping in ``round_`` (LB-escape: 17 + 3 per round still to play).

    >>> [escape_stars(r) for r in range(1, 7)]
    [32, 29, 26, 23, 20, 17]
    >>> escape_stars(7)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: round: an integer 1–6, got 7 (LB-escape)
    """
    if isinstance(round_, bool) or not isinstance(round_, int) or not 1 <= round_ <= ROUNDS:
        raise ConfigError(f"round: an integer 1–{ROUNDS}, got {show_value(round_)} (LB-escape)")
    return ESCAPE_BASE + ESCAPE_PER_ROUND * (ROUNDS - round_)


# -- records of the stand-in ------------------------------------------------------------
def _check_tuple(value: Any, name: str, most: int | None = None, limit: str = "") -> None:
    if not isinstance(value, tuple):
        raise field_error(name, f"expected a list, got {show_value(value)}")
    if most is not None and len(value) > most:
        raise field_error(name, f"at most {most:,} entries (the limit of {limit}), got "
                                f"{len(value):,}")


def _bool(value: Any, name: str) -> None:
    if not isinstance(value, bool):
        raise field_error(name, f"expected true or false, got {show_value(value)}")


@dataclass(frozen=True, slots=True)
class Reward:
    """One reward: ``kind`` in :data:`REWARD_KINDS`, ``amount`` where it counts.

    ``resources`` gives ``amount`` resources of one kind chosen by the taker; ``stars``
    gives stars; ``recruit`` the goon on this location; ``craft`` a craft from the display
    (at the CELL BLOCK also of a reserved item); ``tome`` draws a tome; ``advance`` moves
    the lantern up to ``amount`` spaces; ``item`` takes a display item without crafting.
    """

    kind: str
    amount: int = 0

    def __post_init__(self) -> None:
        if self.kind not in REWARD_KINDS:
            raise field_error("kind", f"unknown reward {show_value(self.kind)}; one of "
                              f"{', '.join(REWARD_KINDS)}")
        _int(self.amount, "amount")
        if self.kind in ("resources", "stars", "advance") and self.amount < 1:
            raise field_error("amount", f"a {self.kind} reward needs an amount of at least 1")

    def __str__(self) -> str:
        if self.kind == "resources":
            return f"{self.amount} resource{'s' if self.amount != 1 else ''} of one kind"
        if self.kind == "stars":
            return f"{self.amount} star{'s' if self.amount != 1 else ''}"
        if self.kind == "advance":
            return f"advancing up to {self.amount}"
        # Gerunds, so that event texts read "declines recruiting the goon here".
        return {"recruit": "recruiting the goon here", "craft": "crafting an item",
                "tome": "drawing a tome", "item": "taking a display item"}[self.kind]


@dataclass(frozen=True, slots=True)
class Location:
    """A board location 1–7: its name and ranked rewards (LB-R8; illustrative)."""

    number: int
    name: str
    ranks: tuple[tuple[Reward, ...], ...]

    def __post_init__(self) -> None:
        _int(self.number, "number", 1)
        _str(self.name, "name")
        _check_tuple(self.ranks, "ranks", LIMITS.rewards, "rewards")
        for i, bundle in enumerate(self.ranks):
            _check_tuple(bundle, f"ranks[{i}]", LIMITS.rewards, "rewards")
            for j, r in enumerate(bundle):
                if not isinstance(r, Reward):
                    raise field_error(f"ranks[{i}][{j}]", f"expected a Reward, got {show_value(r)}")
                if r.kind == "recruit" and self.number not in GOON_LOCATIONS:
                    raise field_error(f"ranks[{i}][{j}].kind", "only locations 2–6 hold a "
                                      "goon to recruit (LB-R11)")
                if r.kind == "advance":
                    raise field_error(f"ranks[{i}][{j}].kind", "advances at locations come "
                                      "from tunnels (LB-tunnel), not from the reward list")


GOON_LOCATIONS: Final = (2, 3, 4, 5, 6)   # LB-R11


@dataclass(frozen=True, slots=True)
class Item:
    """An item card (LB-R10; illustrative); ``kind`` is its type (Tomb Raider counts one
    type). ``improve`` is ``(resource, bonus stars)``."""

    name: str
    cost: tuple[tuple[str, int], ...]
    stars: int
    kind: str
    valuables: tuple[str, ...] = ()
    advance: bool = False
    reserve: bool = False
    wild: bool = False
    improve: tuple[str, int] | None = None

    def __post_init__(self) -> None:
        _str(self.name, "name")
        _check_tuple(self.cost, "cost", LIMITS.kinds, "kinds")
        for i, pair in enumerate(self.cost):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise field_error(f"cost[{i}]", f"expected [resource, amount], got "
                                                f"{show_value(pair)}")
            _str(pair[0], f"cost[{i}][0]")
            _int(pair[1], f"cost[{i}][1]", 1)
        _int(self.stars, "stars")
        _str(self.kind, "kind")
        _check_tuple(self.valuables, "valuables", LIMITS.kinds, "kinds")
        for i, v in enumerate(self.valuables):
            _str(v, f"valuables[{i}]")
        for flag in ("advance", "reserve", "wild"):
            _bool(getattr(self, flag), flag)
        if self.improve is not None:
            if not isinstance(self.improve, tuple) or len(self.improve) != 2:
                raise field_error("improve", f"expected [resource, stars], got "
                                             f"{show_value(self.improve)}")
            _str(self.improve[0], "improve[0]")
            _int(self.improve[1], "improve[1]", 1)


@dataclass(frozen=True, slots=True)
class GoonCard:
    """A goon card: a kind (Dwarf, Fungoid …), the remove-goon icon (LB-icon-remove-goon),
    and ``count`` copies."""

    name: str
    kind: str
    remove: bool = False
    count: int = 1

    def __post_init__(self) -> None:
        _str(self.name, "name")
        _str(self.kind, "kind")
        _bool(self.remove, "remove")
        _int(self.count, "count", 1, LIMITS.copies, "copies")


@dataclass(frozen=True, slots=True)
class Tome:
    """A tome card: extra strength at the location resolving (LB-R13); ``legend``: also
    playable while the legend card resolves (LB-legend-tomes)."""

    name: str
    strength: int
    legend: bool = False
    count: int = 1

    def __post_init__(self) -> None:
        _str(self.name, "name")
        _int(self.strength, "strength", 1)
        _bool(self.legend, "legend")
        _int(self.count, "count", 1, LIMITS.copies, "copies")


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal card scored at the end (LB-R14): what it ranks the players by.

    ``kind``: ``explorer`` (lantern depth, LB-R29), ``items`` (items of ``item_type``:
    Tomb Raider), ``goons``, ``loot`` (loot tokens kept) or ``valuables``.
    """

    name: str
    kind: str
    item_type: str = ""

    def __post_init__(self) -> None:
        _str(self.name, "name")
        if self.kind not in GOAL_KINDS:
            raise field_error("kind", f"unknown goal kind {show_value(self.kind)}; one of "
                              f"{', '.join(GOAL_KINDS)}")
        if (self.kind == "items") != bool(self.item_type):
            raise field_error("item_type", "an items goal names its item type, no other does")


@dataclass(frozen=True, slots=True)
class Penalty:
    """A legend penalty: lose ``amount`` stars, or ``amount`` resources of the loser's
    choice (a penalty with a choice, LB-solo-legend)."""

    kind: str
    amount: int = 1

    def __post_init__(self) -> None:
        if self.kind not in PENALTY_KINDS:
            raise field_error("kind", f"unknown penalty {show_value(self.kind)}; one of "
                              f"{', '.join(PENALTY_KINDS)}")
        _int(self.amount, "amount", 1)

    def __str__(self) -> str:
        if self.kind == "stars":
            return f"lose {self.amount} star{'s' if self.amount != 1 else ''}"
        return f"lose {self.amount} resource{'s' if self.amount != 1 else ''} of their choice"


@dataclass(frozen=True, slots=True)
class LegendCard:
    """A legend card (LB-R16; illustrative): a reward for the strongest legend token
    and/or a penalty for the weakest."""

    name: str
    reward: Reward | None = None
    penalty: Penalty | None = None

    def __post_init__(self) -> None:
        _str(self.name, "name")
        for name, cls in (("reward", Reward), ("penalty", Penalty)):
            value = getattr(self, name)
            if value is not None and not isinstance(value, cls):
                raise field_error(name, f"expected a {cls.__name__} or None, got "
                                        f"{show_value(value)}")
        if self.reward is None and self.penalty is None:
            raise field_error("reward", "a legend card needs a reward or a penalty")
        if self.reward is not None and self.reward.kind in ("recruit", "craft"):
            raise field_error("reward.kind", "a legend card cannot give recruit or craft "
                              "(they belong to a location)")


@dataclass(frozen=True, slots=True)
class LootToken:
    """A kind of loot token (LB-R17; illustrative): its effect and how many are in the box."""

    name: str
    effect: str
    amount: int = 1
    count: int = 1

    def __post_init__(self) -> None:
        _str(self.name, "name")
        if self.effect not in LOOT_EFFECTS:
            raise field_error("effect", f"unknown loot effect {show_value(self.effect)}; one of "
                              f"{', '.join(LOOT_EFFECTS)}")
        _int(self.amount, "amount", 1)
        _int(self.count, "count", 1, LIMITS.copies, "copies")


@dataclass(frozen=True, slots=True)
class GuardCard:
    """A solitary guard card (LB-R23; illustrative): strength, seeker icon, copies."""

    name: str
    strength: int
    seeker: bool = False
    count: int = 1

    def __post_init__(self) -> None:
        _str(self.name, "name")
        _int(self.strength, "strength")
        _bool(self.seeker, "seeker")
        _int(self.count, "count", 1, LIMITS.copies, "copies")
        if self.seeker and self.strength == 0:
            raise field_error("seeker", "a strength-0 guard card means no guards there "
                              "(LB-R39): it cannot carry a seeker")


@dataclass(frozen=True, slots=True)
class GuardLevel:
    """A difficulty level: the colour of its six guard cards (LB-solo-setup)."""

    colour: str
    cards: tuple[GuardCard, ...]

    def __post_init__(self) -> None:
        _str(self.colour, "colour")
        _check_tuple(self.cards, "cards", LIMITS.cards, "cards")
        for i, card in enumerate(self.cards):
            if not isinstance(card, GuardCard):
                raise field_error(f"cards[{i}]", f"expected a GuardCard, got {show_value(card)}")
        if sum(c.count for c in self.cards) != 6:
            raise field_error("cards", "a difficulty adds exactly 6 guard cards "
                              "(LB-solo-setup)")


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


def _unique(records: tuple[Any, ...], name: str) -> None:
    seen: set[str] = set()
    for i, r in enumerate(records):
        if r.name in seen:
            raise field_error(f"{name}[{i}].name", f"{show_value(r.name)} is used twice")
        seen.add(r.name)


def _records(value: Any, cls: type, name: str, minimum: int = 1) -> None:
    _check_tuple(value, name, LIMITS.cards, "cards")
    if len(value) < minimum:
        raise field_error(name, f"needs at least {minimum} entr{'y' if minimum == 1 else 'ies'}")
    for i, r in enumerate(value):
        if not isinstance(r, cls):
            raise field_error(f"{name}[{i}]", f"expected a {cls.__name__}, got {show_value(r)}")


def validate_config(c: Config) -> None:
    """Check a configuration as a whole (cross-references between records)."""
    _check_tuple(c.colours, "colours")
    if len(c.colours) != 5 or len(set(c.colours)) != 5:
        raise field_error("colours", "five different seat colours are needed (LB-R5)")
    for i, colour in enumerate(c.colours):
        _str(colour, f"colours[{i}]")
        if colour == GUARDS:
            raise field_error(f"colours[{i}]", "'guards' names the solitary guards")
    _check_tuple(c.crew_strengths, "crew_strengths")
    if len(c.crew_strengths) != 6:
        raise field_error("crew_strengths", "six core crew tokens besides the seeker "
                          "(LB-rollcall-seeker, LB-R6)")
    for i, s in enumerate(c.crew_strengths):
        _int(s, f"crew_strengths[{i}]", 1)
    _check_tuple(c.resources, "resources", LIMITS.kinds, "kinds")
    if not c.resources or len(set(c.resources)) != len(c.resources):
        raise field_error("resources", "distinct resource kinds are needed (LB-R9)")
    for i, r in enumerate(c.resources):
        _str(r, f"resources[{i}]")
    _check_tuple(c.start_resources, "start_resources")
    if len(c.start_resources) != len(c.resources):
        raise field_error("start_resources", "one starting amount per resource kind")
    for i, n in enumerate(c.start_resources):
        _int(n, f"start_resources[{i}]")
    _check_tuple(c.valuables, "valuables", LIMITS.kinds, "kinds")
    for i, v in enumerate(c.valuables):
        _str(v, f"valuables[{i}]")
    if not c.valuables or len(set(c.valuables)) != len(c.valuables):
        raise field_error("valuables", "distinct valuable kinds are needed (LB-R12)")
    if "barrel" not in c.valuables:
        raise field_error("valuables", "the barrel is a valuable kind (Dryads count barrels, "
                          "LB-goon-dryad, LB-R12)")
    if c.crew_board_valuable not in c.valuables:
        raise field_error("crew_board_valuable", f"unknown valuable "
                                                 f"{show_value(c.crew_board_valuable)}")
    kinds = set(c.resources)
    _records(c.locations, Location, "locations", 7)
    if len(c.locations) != 7:
        raise field_error("locations", "exactly seven board locations 1–7 (LB-R1, LB-R8)")
    for i, loc in enumerate(c.locations):
        if loc.number != i + 1:
            raise field_error(f"locations[{i}].number", f"expected {i + 1}, got {loc.number}")
    if not isinstance(c.catacombs, CatacombMap):
        raise field_error("catacombs", f"expected a CatacombMap, got {show_value(c.catacombs)}")
    for i, p in enumerate(c.catacombs.paths):
        for j, (kind, _) in enumerate(p.cost):
            if kind not in kinds:
                raise field_error(f"catacombs.paths[{i}].cost[{j}][0]",
                                  f"unknown resource {show_value(kind)}")
    _int(c.display_size, "display_size", 1, LIMITS.display, "display")
    _records(c.items, Item, "items", c.display_size)
    _unique(c.items, "items")
    for i, item in enumerate(c.items):
        for j, (kind, _) in enumerate(item.cost):
            if kind not in kinds:
                raise field_error(f"items[{i}].cost[{j}][0]", f"unknown resource "
                                                              f"{show_value(kind)}")
        for j, v in enumerate(item.valuables):
            if v not in c.valuables:
                raise field_error(f"items[{i}].valuables[{j}]", f"unknown valuable {show_value(v)}")
        if item.improve is not None and item.improve[0] not in kinds:
            raise field_error(f"items[{i}].improve[0]", f"unknown resource "
                                                        f"{show_value(item.improve[0])}")
    _records(c.goons, GoonCard, "goons")
    _unique(c.goons, "goons")
    if sum(g.count for g in c.goons) < len(GOON_LOCATIONS):
        raise field_error("goons", "at least 5 goon cards for locations 2–6 (LB-R11)")
    _check_tuple(c.goon_set_types, "goon_set_types", LIMITS.kinds, "kinds")
    for i, t in enumerate(c.goon_set_types):
        _str(t, f"goon_set_types[{i}]")
        if t in GOON_TEXT_TYPES and t != "golem":
            raise field_error(f"goon_set_types[{i}]", f"{t} goons score by their own rule "
                              "(LB-goon-*), not in sets (LB-R11)")
        if t == "golem":
            raise field_error(f"goon_set_types[{i}]", "Golems join sets only through "
                              "LB-goon-golem")
    for t in GOLEM_TYPES:
        if t not in c.goon_set_types:
            raise field_error("goon_set_types", f"{t} must be a set type: Golems count as "
                              "Dwarves or Ratmen (LB-goon-golem)")
    _records(c.tomes, Tome, "tomes")
    _unique(c.tomes, "tomes")
    _records(c.goals, Goal, "goals")
    _unique(c.goals, "goals")
    if isinstance(c.goals_drawn, bool) or not isinstance(c.goals_drawn, int) \
            or not 0 <= c.goals_drawn <= len(c.goals):
        raise field_error("goals_drawn", f"between 0 and {len(c.goals)}, got "
                                         f"{show_value(c.goals_drawn)}")
    _records(c.legends, LegendCard, "legends")
    _unique(c.legends, "legends")
    _records(c.loot, LootToken, "loot")
    _unique(c.loot, "loot")
    stacks = len(c.catacombs.loot_spaces)
    need = stacks * 5
    if sum(t.count for t in c.loot) < need:
        raise field_error("loot", f"{stacks} loot stacks of up to 5 tokens need at least {need} "
                          "loot tokens (LB-setup-loot)")
    _records(c.guard_blue, GuardCard, "guard_blue")
    if sum(g.count for g in c.guard_blue) != 8:
        raise field_error("guard_blue", "the guard deck has 8 blue cards (LB-solo-setup)")
    _records(c.guard_levels, GuardLevel, "guard_levels")
    names = [g.name for g in c.guard_blue]
    for i, level in enumerate(c.guard_levels):
        for j, card in enumerate(level.cards):
            if card.name in names:
                raise field_error(f"guard_levels[{i}].cards[{j}].name",
                                  f"guard card name {show_value(card.name)} is used twice")
            names.append(card.name)
    _int(c.set_stars, "set_stars")
    if not isinstance(c.goal_stars, tuple) or len(c.goal_stars) != 2:
        raise field_error("goal_stars", "first- and second-place stars (LB-R14)")
    for i, n in enumerate(c.goal_stars):
        _int(n, f"goal_stars[{i}]")
    check_draw_sizes(c)


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
