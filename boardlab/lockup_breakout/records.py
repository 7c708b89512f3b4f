"""Lockup: Breakout's fixed numbers of the text and the records of the stand-in core
(rewards, locations, items, goons, tomes, goals, legend cards, loot, guard cards): each
record checks its own fields and names the bad one. Importable from :mod:`.config` too.

>>> Reward("stars", 2).amount
2
"""

from __future__ import annotations

from typing import Any, Final

from boardlab.core.errors import ConfigError, show_value
from boardlab.core.frozen import dataclass
from boardlab.lockup_breakout.limits import LIMITS, field_error, field_flag, field_text, field_whole

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
        field_whole(self.amount, "amount")
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
        field_whole(self.number, "number", low=1)
        field_text(self.name, "name")
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
        field_text(self.name, "name")
        _check_tuple(self.cost, "cost", LIMITS.kinds, "kinds")
        for i, pair in enumerate(self.cost):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise field_error(f"cost[{i}]", f"expected [resource, amount], got "
                                                f"{show_value(pair)}")
            field_text(pair[0], f"cost[{i}][0]")
            field_whole(pair[1], f"cost[{i}][1]", low=1)
        field_whole(self.stars, "stars")
        field_text(self.kind, "kind")
        _check_tuple(self.valuables, "valuables", LIMITS.kinds, "kinds")
        for i, v in enumerate(self.valuables):
            field_text(v, f"valuables[{i}]")
        for flag in ("advance", "reserve", "wild"):
            field_flag(getattr(self, flag), flag)
        if self.improve is not None:
            if not isinstance(self.improve, tuple) or len(self.improve) != 2:
                raise field_error("improve", f"expected [resource, stars], got "
                                             f"{show_value(self.improve)}")
            field_text(self.improve[0], "improve[0]")
            field_whole(self.improve[1], "improve[1]", low=1)


@dataclass(frozen=True, slots=True)
class GoonCard:
    """A goon card: a kind (Dwarf, Fungoid …), the remove-goon icon (LB-icon-remove-goon),
    and ``count`` copies."""

    name: str
    kind: str
    remove: bool = False
    count: int = 1

    def __post_init__(self) -> None:
        field_text(self.name, "name")
        field_text(self.kind, "kind")
        field_flag(self.remove, "remove")
        field_whole(self.count, "count", low=1, high=LIMITS.copies, rule="LIMITS.copies")


@dataclass(frozen=True, slots=True)
class Tome:
    """A tome card: extra strength at the location resolving (LB-R13); ``legend``: also
    playable while the legend card resolves (LB-legend-tomes)."""

    name: str
    strength: int
    legend: bool = False
    count: int = 1

    def __post_init__(self) -> None:
        field_text(self.name, "name")
        field_whole(self.strength, "strength", low=1)
        field_flag(self.legend, "legend")
        field_whole(self.count, "count", low=1, high=LIMITS.copies, rule="LIMITS.copies")


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
        field_text(self.name, "name")
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
        field_whole(self.amount, "amount", low=1)

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
        field_text(self.name, "name")
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
        field_text(self.name, "name")
        if self.effect not in LOOT_EFFECTS:
            raise field_error("effect", f"unknown loot effect {show_value(self.effect)}; one of "
                              f"{', '.join(LOOT_EFFECTS)}")
        field_whole(self.amount, "amount", low=1)
        field_whole(self.count, "count", low=1, high=LIMITS.copies, rule="LIMITS.copies")


@dataclass(frozen=True, slots=True)
class GuardCard:
    """A solitary guard card (LB-R23; illustrative): strength, seeker icon, copies."""

    name: str
    strength: int
    seeker: bool = False
    count: int = 1

    def __post_init__(self) -> None:
        field_text(self.name, "name")
        field_whole(self.strength, "strength")
        field_flag(self.seeker, "seeker")
        field_whole(self.count, "count", low=1, high=LIMITS.copies, rule="LIMITS.copies")
        if self.seeker and self.strength == 0:
            raise field_error("seeker", "a strength-0 guard card means no guards there "
                              "(LB-R39): it cannot carry a seeker")


@dataclass(frozen=True, slots=True)
class GuardLevel:
    """A difficulty level: the colour of its six guard cards (LB-solo-setup)."""

    colour: str
    cards: tuple[GuardCard, ...]

    def __post_init__(self) -> None:
        field_text(self.colour, "colour")
        _check_tuple(self.cards, "cards", LIMITS.cards, "cards")
        for i, card in enumerate(self.cards):
            if not isinstance(card, GuardCard):
                raise field_error(f"cards[{i}]", f"expected a GuardCard, got {show_value(card)}")
        if sum(c.count for c in self.cards) != 6:
            raise field_error("cards", "a difficulty adds exactly 6 guard cards "
                              "(LB-solo-setup)")
