"""Final scoring as pure functions: goons, valuables, goals, winners, the breakdown.

These read a state (or a worker) and the final-scoring declarations; the engine calls
them once, in the final phase, and stores the stars by source, so that
:func:`final_scores` is a plain read of ``state.stars`` and sums to ``scores()``.

>>> set_points(3)
6
>>> rank_places([("red", 3), ("blue", 3), ("green", 1)], (6, 3), two_sides=False)
{'green': 3}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import product
from typing import Any

from boardlab.lockup_breakout.catacombs import ENTRANCE
from boardlab.lockup_breakout.config import (
    DRYAD_PER_BARREL,
    FUNGOID_PER_LOOT,
    GOLEM_TYPES,
    GUARDS,
    Config,
)
from boardlab.lockup_breakout.state import SOURCES, State, require_state


def set_points(k: int) -> int:
    """Stars for ``k`` goons of one set type: k(k+1)/2 (LB-R11)."""
    return k * (k + 1) // 2


def golem_options(cfg: Config, goons: Iterable[str]) -> tuple[str, ...]:
    """Types a Golem may count as: those of which the owner has a real goon (LB-goon-golem)."""
    kinds = {_kind(cfg, g) for g in goons}
    return tuple(t for t in GOLEM_TYPES if t in kinds)


def _kind(cfg: Config, goon: str) -> str:
    from boardlab.lockup_breakout.work import tables

    return tables(cfg).goons[goon].kind   # a KeyError names an unknown goon


def goon_points(cfg: Config, goons: Sequence[str], golems_as: Sequence[str], barrels: int,
                loot: int) -> dict[str, int]:
    """Goon stars by rule: sets (with Golems counted as declared), Dryads, Fungoids.

    ``golems_as`` has one entry per Golem ("" when it does not count).

    >>> cfg = Config()
    >>> goon_points(cfg, ["Dwarf", "Golem", "Dryad", "Fungoid"], ["dwarf"], barrels=2, loot=3)
    {'sets': 3, 'dryads': 2, 'fungoids': 6}
    """
    from boardlab.lockup_breakout.work import tables

    by_name = tables(cfg).goons
    goons = list(goons)
    kind = {g: by_name[g].kind for g in goons}   # a KeyError names an unknown goon
    sets, dryads, fungoids = _goon_points(kind, cfg.goon_set_types, goons, golems_as,
                                          barrels, loot)
    return {"sets": sets, "dryads": dryads, "fungoids": fungoids}


def _goon_points(kind: Mapping[str, str], set_types: Sequence[str], goons: Iterable[str],
                 golems_as: Iterable[str], barrels: int, loot: int) -> tuple[int, int, int]:
    """:func:`goon_points` as ``(sets, dryads, fungoids)``, given each goon's kind (the
    final-scoring step asks it for every side, with the configuration's table)."""
    counts: dict[str, int] = {}
    for g in goons:
        k = kind[g]
        counts[k] = counts.get(k, 0) + 1
    sets = {t: counts.get(t, 0) for t in set_types}
    for t in golems_as:
        if t:
            sets[t] = sets.get(t, 0) + 1
    total = 0
    for size in sets.values():
        total += set_points(size)
    return (total, counts.get("dryad", 0) * DRYAD_PER_BARREL * barrels,
            counts.get("fungoid", 0) * FUNGOID_PER_LOOT * loot)


def best_golems(cfg: Config, goons: Sequence[str], barrels: int, loot: int) -> tuple[str, ...]:
    """The guards' Golem types: whatever gives them the most stars (LB-solo-end, LB-R21)."""
    n = sum(1 for g in goons if _kind(cfg, g) == "golem")
    options = golem_options(cfg, goons) or ("",)
    best: tuple[str, ...] = ("",) * n
    best_total = -1
    for combo in product(options, repeat=n):
        total = sum(goon_points(cfg, goons, combo, barrels, loot).values())
        if total > best_total:
            best, best_total = combo, total
    return best


def _items_by_name(cfg: Config) -> dict[str, Any]:
    """The configuration's items by name (the engine's per-configuration table, read-only)."""
    from boardlab.lockup_breakout.work import tables

    return tables(cfg).items


def valuables(cfg: Config, items: Iterable[str], wilds: Iterable[str]) -> Counter[str]:
    """Valuable icons: the crew board's, the items', and declared wild ones (LB-R12).

    Wild icons count only here, at final scoring (LB-icon-wild-valuable).
    """
    by_name = _items_by_name(cfg)
    items = list(items)
    return Counter(_valuable_counts({name: by_name[name].valuables for name in items},
                                    cfg.crew_board_valuable, items, wilds))


def _valuable_counts(item_valuables: Mapping[str, Sequence[str]], crew_board: str,
                     items: Iterable[str], wilds: Iterable[str]) -> dict[str, int]:
    """:func:`valuables` as a plain dict in the same order, given each item's valuables
    (counted one by one: final scoring asks this for every side)."""
    counts = {crew_board: 1}
    get = counts.get
    for name in items:
        for v in item_valuables[name]:
            counts[v] = get(v, 0) + 1
    for v in wilds:
        counts[v] = get(v, 0) + 1
    return counts


def midgame_valuables(cfg: Config, items: Iterable[str], *, guards: bool = False) -> Counter[str]:
    """Valuables before final scoring: wild icons count as nothing (LB-icon-wild-valuable)."""
    counts = valuables(cfg, items, ())
    if guards:
        counts[cfg.crew_board_valuable] -= 1
    return counts


def valuable_sets(cfg: Config, counts: Counter[str]) -> int:
    """Complete sets of one of each valuable kind (LB-R12)."""
    return min(counts[v] for v in cfg.valuables)


def rank_places(values: Sequence[tuple[str, int]], stars: tuple[int, int],
                two_sides: bool) -> dict[str, int]:
    """Goal stars by place: ties for a place pay nobody, the next player takes the next
    place (LB-R14, LB-R32); a place needs at least 1; with two sides only first place pays
    (LB-clar-tomb-raider, LB-R38).

    >>> rank_places([("red", 3), ("blue", 2)], (6, 3), two_sides=True)
    {'red': 6}
    >>> rank_places([("red", 2), ("blue", 2)], (6, 3), two_sides=True)
    {}
    """
    places = stars[:1] if two_sides else stars
    ordered = sorted((v for v in values if v[1] > 0), key=lambda v: -v[1])
    out: dict[str, int] = {}
    place = 0
    i = 0
    while i < len(ordered) and place < len(places):
        group = [c for c, v in ordered if v == ordered[i][1]]
        if len(group) == 1:
            out[group[0]] = places[place]
        place += 1
        i += len(group)
    return out


def goal_value(state: Any, side: str, goal_kind: str, item_type: str,
               wilds: dict[str, list[str]]) -> int:
    """What a goal counts for ``side`` (Explorer: lantern depth, LB-R29)."""
    cfg: Config = state.setup.config
    i = state.setup.sides.index(side)
    if goal_kind == "explorer":
        here = state.lanterns[i]
        return 0 if here == ENTRANCE else cfg.catacombs.space(here).depth
    if goal_kind == "items":
        by = _items_by_name(cfg)
        return sum(1 for n in state.items[i] if by[n].kind == item_type)
    if goal_kind == "goons":
        return len(state.goons[i])
    if goal_kind == "loot":
        return len(state.kept_loot[i])
    counts = valuables(cfg, state.items[i], wilds.get(side, ()))
    if side == GUARDS:
        counts[cfg.crew_board_valuable] -= 1
    return sum(counts.values())


def declarations(state: Any) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Golem types and wild kinds declared so far, per side."""
    golems: dict[str, list[str]] = {}
    wilds: dict[str, list[str]] = {}
    for side, what, choice in state.declared:
        (golems if what == "golem" else wilds).setdefault(side, []).append(choice)
    return golems, wilds


def final_scores(state: State) -> dict[str, dict[str, int]]:
    """Stars per side and source; each side's sources sum to ``scores()[side]``.

    Before the end this is the provisional breakdown (end-only sources are 0).

    >>> from boardlab.lockup_breakout import play
    >>> m = play(players=3, seed=2)
    >>> all(sum(v.values()) == m.scores()[c] for c, v in final_scores(m.state).items())
    True
    """
    require_state(state)
    return {side: dict(zip(SOURCES, row, strict=True))
            for side, row in zip(state.setup.sides, state.stars, strict=True)}


def scores(state: State) -> dict[str, int]:
    """Total stars per side (final at the end, provisional before)."""
    return {side: sum(row) for side, row in zip(state.setup.sides, state.stars, strict=True)}


def winners(state: State) -> tuple[str, ...]:
    """The winner(s): most stars, ties shared (LB-R27); in solitary the player needs
    strictly more than the guards (LB-R26), else the guards win."""
    return _winners(require_state(state))


def _winners(state: Any) -> tuple[str, ...]:
    """:func:`winners` of a state or of the engine's worker (which reads the same)."""
    total = scores(state)
    if state.setup.players == 1:
        player = state.setup.colours[0]
        return (player,) if total[player] > total[GUARDS] else (GUARDS,)
    best = max(total.values())
    return tuple(c for c in state.setup.colours if total[c] == best)
