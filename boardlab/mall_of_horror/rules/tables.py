"""What the rules look up rather than compute: per-setup tables and interned choices.

``legal`` hands out shared choice objects instead of building fresh ones: a choice taken
from ``legal()`` is then recognised by identity in ``Match.push``, and a stored ply
costs a pointer. The option sets that recur (a vote's ballots, the moves of a colour)
are bounded caches of tuples of those objects. A :class:`Table` holds what the rules
ask of a setup again and again, worked out once per setup.

>>> from boardlab.mall_of_horror.config import Setup
>>> t = table(Setup(players=4))
>>> t.labels[6], t.orders["blue"]
('6 Supermarket', ('blue', 'green', 'yellow', 'red'))
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from boardlab.mall_of_horror.choices import (
    Destination,
    Move,
    Pass,
    Place,
    PlaceZombie,
    PlayCard,
    Sacrifice,
    TruckSplit,
    Vote,
)
from boardlab.mall_of_horror.config import COLOURS, KINDS, LOCATIONS, Setup

# -- interned choices ----------------------------------------------------------------------
# The domains are the game's own finite choices.
VOTE = {c: Vote(c) for c in COLOURS}
DESTINATION = {loc: Destination(loc) for loc in LOCATIONS}
ZOMBIE_DROP = {loc: PlaceZombie(loc) for loc in LOCATIONS}
SACRIFICE = {k: Sacrifice(k) for k in KINDS}
PLACE = {(k, loc): Place(k, loc) for k in KINDS for loc in LOCATIONS}
MOVE = {(k, loc, sprint): Move(k, loc, sprint) for k in KINDS for loc in LOCATIONS
        for sprint in (False, True)}
PLAY = {(card, loc): PlayCard(card, loc) for card in ("threat", "hardware", "weapon1",
                                                      "weapon2") for loc in LOCATIONS}
HIDE = {(loc, k): PlayCard("hidden", loc, k) for loc in LOCATIONS for k in KINDS}
#: MOVE_TO[location][kind]: the plain move of a character of that kind to that location.
MOVE_TO = {loc: {k: MOVE[k, loc, False] for k in KINDS} for loc in LOCATIONS}
PASS = Pass()
CAMERA_CHOICES = (PlayCard("camera"), PASS)
_SPLIT: dict[tuple[str, str | None, str | None], TruckSplit] = {}


def _split(keep: str, give: str | None, to: str | None) -> TruckSplit:
    key = (keep, give, to)
    split = _SPLIT.get(key)
    if split is None:  # at most 7 x 7 x 6 of them
        split = _SPLIT[key] = TruckSplit(keep, give, to)
    return split


@lru_cache(maxsize=2048)
def votes(candidates: tuple[str, ...]) -> tuple[Vote, ...]:
    """The ballots of a vote among ``candidates``."""
    return tuple(VOTE[c] for c in candidates)


@lru_cache(maxsize=1024)
def places(kinds: tuple[str, ...], offered: tuple[int, ...]) -> tuple[Place, ...]:
    """Each unplaced kind at each offered location."""
    return tuple(PLACE[k, loc] for k in kinds for loc in offered)


@lru_cache(maxsize=256)
def drops(options: tuple[int, ...]) -> tuple[PlaceZombie, ...]:
    return tuple(ZOMBIE_DROP[loc] for loc in options)


@lru_cache(maxsize=4096)
def splits(drawn: tuple[str, ...], others: tuple[str, ...]) -> tuple[TruckSplit, ...]:
    """Keep one card, give one to another player, the rest under the deck (MoH-R9)."""
    seen: dict[tuple[str, str, str], None] = {}  # keeps the first of equal splits, in order
    for i, keep in enumerate(drawn):
        for j, give in enumerate(drawn):
            if i != j:
                for to in others:
                    seen[keep, give, to] = None
    return tuple([_split(*key) for key in seen])


@lru_cache(maxsize=8192)
def moves(mine: tuple[tuple[str, str, int], ...], dest: int,
          shut: tuple[int, ...] | None) -> tuple[Move, ...]:
    """Moves of one colour's characters ``mine`` (``State.chars`` entries) towards
    ``dest``; with a Sprint card (``shut``: the sealed and closed locations) also every
    other open target (MoH-e, MoH-e-sprint)."""
    found = [MOVE[k, dest, False] for _, k, loc in mine if loc != dest]
    if shut is not None:
        targets = [loc for loc in LOCATIONS if loc not in shut and loc != dest]
        found.extend(MOVE[k, loc, True] for _, k, _ in mine for loc in targets)
    return tuple(found)


# -- per setup -----------------------------------------------------------------------------
class Table:
    """What the rules ask of a setup again and again, worked out once per setup.

    Seat numbers, turn orders, open locations, capacities, location labels and the
    one-colour ``visible_to`` tuples are shared by every step and every event of every
    match with this setup (events point at the same label strings).
    """

    __slots__ = ("setup", "colours", "seat", "kinds", "closed", "caps", "labels", "orders",
                 "others", "vis", "survivors_to_end", "seal_at", "supermarket_threshold",
                 "dice", "characters", "triples", "destinations")
    setup: Setup
    colours: tuple[str, ...]
    seat: Mapping[str, int]
    kinds: tuple[str, ...]
    closed: tuple[int, ...]
    caps: tuple[int, ...]
    labels: tuple[str, ...]
    orders: Mapping[str, tuple[str, ...]]
    others: Mapping[str, tuple[str, ...]]
    vis: Mapping[str, tuple[str, ...]]
    survivors_to_end: int
    seal_at: int
    supermarket_threshold: int
    dice: int
    characters: int
    triples: Mapping[tuple[str, str, int], tuple[str, str, int]]
    destinations: tuple[tuple[Destination, ...], ...]

    def __init__(self, setup: Setup) -> None:
        # Shared by every match with this setup, so read-only once built: attributes
        # cannot be rebound and the mappings are read-only views.
        cfg = setup.config
        colours = setup.colours
        kinds = setup.kinds
        big = 1 << 30  # the Parking Lot's unlimited room
        fields = {
            "setup": setup, "colours": colours, "kinds": kinds, "closed": setup.closed,
            "seat": MappingProxyType({c: i for i, c in enumerate(colours)}),
            "caps": (0, *(big if cap is None else cap for cap in cfg.capacities)),
            "labels": ("", *(f"{loc} {cfg.name(loc)}" for loc in LOCATIONS)),
            "orders": MappingProxyType({c: colours[i:] + colours[:i]
                                        for i, c in enumerate(colours)}),
            "others": MappingProxyType({c: tuple([o for o in colours if o != c])
                                        for c in colours}),
            "vis": MappingProxyType({c: (c,) for c in colours}),
            "survivors_to_end": setup.survivors_to_end, "seal_at": cfg.seal_at,
            "supermarket_threshold": cfg.supermarket_threshold, "dice": cfg.dice,
            "characters": len(colours) * len(kinds),
            # (colour, kind, location) entries of ``State.chars``, shared by every state.
            "triples": MappingProxyType({(c, k, loc): (c, k, loc) for c in colours
                                         for k in kinds for loc in LOCATIONS}),
            # destinations[only]: the destinations while no location is sealed, for a
            # colour whose characters all stand at ``only`` (0: not all at one place).
            "destinations": tuple(tuple(DESTINATION[loc] for loc in LOCATIONS
                                        if loc != only and loc not in setup.closed)
                                  for only in range(len(LOCATIONS) + 1)),
        }
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a setup's table is read-only")

    def is_open(self, location: int, sealed: tuple[int, ...]) -> bool:
        return location not in self.closed and location not in sealed


@lru_cache(maxsize=64)
def _table_for(setup: Setup) -> Table:
    return Table(setup)


# The last setup asked for and its table, as one pair replaced in one assignment (so a
# thread never sees one setup with another's table): finding it costs one `is` test.
_last: tuple[Any, Any] = (None, None)


def table(setup: Setup) -> Table:
    """The table of ``setup`` (one ``is`` test when it is the setup asked last)."""
    last = _last
    if setup is last[0]:
        return last[1]
    return remember(setup)


def remember(setup: Setup) -> Table:
    global _last
    found = _table_for(setup)
    _last = (setup, found)
    return found
