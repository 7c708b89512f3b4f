"""The whole-configuration check of Lockup: Breakout: the cross-references between a
:class:`~boardlab.lockup_breakout.config.Config`'s records (each record checks itself).

The check is a table of small checks, each citing the rule it stands for, run in order
so that none trips over a part a former one refused. Each raises a
:func:`~boardlab.lockup_breakout.limits.field_error` naming the bad field.

>>> from boardlab.lockup_breakout.config import Config
>>> Config(crew_strengths=(1, 2, 3))
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: crew_strengths: six core crew tokens besides the seeker ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardlab.core.errors import show_value
from boardlab.lockup_breakout.catacombs import CatacombMap
from boardlab.lockup_breakout.limits import (
    LIMITS,
    check_draw_sizes,
    field_error,
    field_text,
    field_whole,
)
from boardlab.lockup_breakout.records import (
    GOLEM_TYPES,
    GOON_LOCATIONS,
    GOON_TEXT_TYPES,
    GUARDS,
    Goal,
    GoonCard,
    GuardCard,
    GuardLevel,
    Item,
    LegendCard,
    Location,
    LootToken,
    Tome,
    _check_tuple,
)

if TYPE_CHECKING:
    from boardlab.lockup_breakout.config import Config

__all__ = ["CONFIG_CHECKS", "validate_config"]


def _unique(records: tuple[Any, ...], name: str) -> None:
    """No two records of ``name`` share a name."""
    seen: set[str] = set()
    for i, r in enumerate(records):
        if r.name in seen:
            raise field_error(f"{name}[{i}].name", f"{show_value(r.name)} is used twice")
        seen.add(r.name)


def _records(value: Any, cls: type, name: str, minimum: int = 1) -> None:
    """``value`` a list of at least ``minimum`` ``cls`` records, within the card limit."""
    _check_tuple(value, name, LIMITS.cards, "cards")
    if len(value) < minimum:
        raise field_error(name, f"needs at least {minimum} entr{'y' if minimum == 1 else 'ies'}")
    for i, r in enumerate(value):
        if not isinstance(r, cls):
            raise field_error(f"{name}[{i}]", f"expected a {cls.__name__}, got {show_value(r)}")


def _colours(c: Config) -> None:
    """Five different seat colours, none of them the guards' name (LB-R5)."""
    _check_tuple(c.colours, "colours")
    if len(c.colours) != 5 or len(set(c.colours)) != 5:
        raise field_error("colours", "five different seat colours are needed (LB-R5)")
    for i, colour in enumerate(c.colours):
        field_text(colour, f"colours[{i}]")
        if colour == GUARDS:
            raise field_error(f"colours[{i}]", "'guards' names the solitary guards")


def _crew(c: Config) -> None:
    """Six core crew strengths, each at least 1 (LB-R6)."""
    _check_tuple(c.crew_strengths, "crew_strengths")
    if len(c.crew_strengths) != 6:
        raise field_error("crew_strengths", "six core crew tokens besides the seeker "
                          "(LB-rollcall-seeker, LB-R6)")
    for i, s in enumerate(c.crew_strengths):
        field_whole(s, f"crew_strengths[{i}]", low=1)


def _resources(c: Config) -> None:
    """Distinct resource kinds, with one starting amount each (LB-R9)."""
    _check_tuple(c.resources, "resources", LIMITS.kinds, "kinds")
    if not c.resources or len(set(c.resources)) != len(c.resources):
        raise field_error("resources", "distinct resource kinds are needed (LB-R9)")
    for i, r in enumerate(c.resources):
        field_text(r, f"resources[{i}]")
    _check_tuple(c.start_resources, "start_resources")
    if len(c.start_resources) != len(c.resources):
        raise field_error("start_resources", "one starting amount per resource kind")
    for i, n in enumerate(c.start_resources):
        field_whole(n, f"start_resources[{i}]")


def _valuables(c: Config) -> None:
    """Distinct valuable kinds, the barrel among them; the crew board shows one (LB-R12)."""
    _check_tuple(c.valuables, "valuables", LIMITS.kinds, "kinds")
    for i, v in enumerate(c.valuables):
        field_text(v, f"valuables[{i}]")
    if not c.valuables or len(set(c.valuables)) != len(c.valuables):
        raise field_error("valuables", "distinct valuable kinds are needed (LB-R12)")
    if "barrel" not in c.valuables:
        raise field_error("valuables", "the barrel is a valuable kind (Dryads count barrels, "
                          "LB-goon-dryad, LB-R12)")
    if c.crew_board_valuable not in c.valuables:
        raise field_error("crew_board_valuable", f"unknown valuable "
                                                 f"{show_value(c.crew_board_valuable)}")


def _locations(c: Config) -> None:
    """Exactly the seven board locations, numbered 1–7 in order (LB-R8)."""
    _records(c.locations, Location, "locations", 7)
    if len(c.locations) != 7:
        raise field_error("locations", "exactly seven board locations 1–7 (LB-R1, LB-R8)")
    for i, loc in enumerate(c.locations):
        if loc.number != i + 1:
            raise field_error(f"locations[{i}].number", f"expected {i + 1}, got {loc.number}")


def _catacombs(c: Config) -> None:
    """A catacomb map whose path costs are in the configuration's resources (LB-R2)."""
    if not isinstance(c.catacombs, CatacombMap):
        raise field_error("catacombs", f"expected a CatacombMap, got {show_value(c.catacombs)}")
    kinds = set(c.resources)
    for i, p in enumerate(c.catacombs.paths):
        for j, (kind, _) in enumerate(p.cost):
            if kind not in kinds:
                raise field_error(f"catacombs.paths[{i}].cost[{j}][0]",
                                  f"unknown resource {show_value(kind)}")


def _items(c: Config) -> None:
    """Enough items for the display, each named once, costing known resources and
    showing known valuables (LB-R10)."""
    field_whole(c.display_size, "display_size", low=1, high=LIMITS.display, rule="LIMITS.display")
    _records(c.items, Item, "items", c.display_size)
    _unique(c.items, "items")
    kinds = set(c.resources)
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


def _goons(c: Config) -> None:
    """Goon cards named once, enough for locations 2–6 (LB-R11)."""
    _records(c.goons, GoonCard, "goons")
    _unique(c.goons, "goons")
    if sum(g.count for g in c.goons) < len(GOON_LOCATIONS):
        raise field_error("goons", "at least 5 goon cards for locations 2–6 (LB-R11)")


def _goon_sets(c: Config) -> None:
    """The goon types scored in sets: not those with a rule of their own, and the
    Golem's two among them (LB-R11, LB-goon-golem)."""
    _check_tuple(c.goon_set_types, "goon_set_types", LIMITS.kinds, "kinds")
    for i, t in enumerate(c.goon_set_types):
        field_text(t, f"goon_set_types[{i}]")
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


def _tomes_and_goals(c: Config) -> None:
    """Tomes and goals named once; no more goals drawn than there are (LB-R13, LB-R14)."""
    _records(c.tomes, Tome, "tomes")
    _unique(c.tomes, "tomes")
    _records(c.goals, Goal, "goals")
    _unique(c.goals, "goals")
    if isinstance(c.goals_drawn, bool) or not isinstance(c.goals_drawn, int) \
            or not 0 <= c.goals_drawn <= len(c.goals):
        raise field_error("goals_drawn", f"between 0 and {len(c.goals)}, got "
                                         f"{show_value(c.goals_drawn)}")


def _legends_and_loot(c: Config) -> None:
    """Legend cards and loot named once; loot enough for full stacks (LB-setup-loot)."""
    _records(c.legends, LegendCard, "legends")
    _unique(c.legends, "legends")
    _records(c.loot, LootToken, "loot")
    _unique(c.loot, "loot")
    stacks = len(c.catacombs.loot_spaces)
    need = stacks * 5
    if sum(t.count for t in c.loot) < need:
        raise field_error("loot", f"{stacks} loot stacks of up to 5 tokens need at least {need} "
                          "loot tokens (LB-setup-loot)")


def _guard_decks(c: Config) -> None:
    """Eight blue guard cards, and every guard card named once (LB-solo-setup)."""
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


def _scores(c: Config) -> None:
    """The stars of a set of valuables and of the goals' two places (LB-R12, LB-R14)."""
    field_whole(c.set_stars, "set_stars")
    if not isinstance(c.goal_stars, tuple) or len(c.goal_stars) != 2:
        raise field_error("goal_stars", "first- and second-place stars (LB-R14)")
    for i, n in enumerate(c.goal_stars):
        field_whole(n, f"goal_stars[{i}]")


#: The checks of a configuration, in order (each row: the rule it stands for, the check).
CONFIG_CHECKS: tuple[tuple[str, Callable[[Config], None]], ...] = (
    ("LB-R5", _colours),
    ("LB-R6", _crew),
    ("LB-R9", _resources),
    ("LB-R12", _valuables),
    ("LB-R8", _locations),
    ("LB-R2", _catacombs),
    ("LB-R10", _items),
    ("LB-R11", _goons),
    ("LB-goon-golem", _goon_sets),
    ("LB-R14", _tomes_and_goals),
    ("LB-setup-loot", _legends_and_loot),
    ("LB-solo-setup", _guard_decks),
    ("LB-R14", _scores),
    ("LIMITS.outcomes", check_draw_sizes),   # a declared size limit, not a rule of the text
)


def validate_config(c: Config) -> None:
    """Check a configuration as a whole (cross-references between records), running
    :data:`CONFIG_CHECKS` in order; the first problem raises.

    >>> from boardlab.lockup_breakout.config import Config
    >>> validate_config(Config())
    """
    for _rule, check in CONFIG_CHECKS:
        check(c)
