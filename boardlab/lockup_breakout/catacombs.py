"""The catacombs board as data: spaces, one-way paths with costs, and their checks.

The layout of the real board is not in the rule text (LB-R2): boardlab ships one
*illustrative* map (:data:`DEFAULT_MAP`) and loads any other from plain data. Every map
is checked against the facts the text does give — moves follow arrows and never go
back (a directed acyclic graph), ENTRANCE is the only start, TOMB and ESCAPED are ends,
TOMB is worth 15 stars (LB-tomb) — and against boardlab's depth ruling (LB-R29: depth
grows along every arrow and is separate from the star value). Errors name the field:

>>> load_map({"spaces": [{"name": "ENTRANCE", "stars": 0, "depth": 0}],
...           "paths": [{"start": "ENTRANCE", "to": 7}]})
Traceback (most recent call last):
...
boardlab.core.errors.FormatError: paths[0].to: expected a string, got 7
>>> DEFAULT_MAP.space("TOMB").stars
15

States never hold a graph object: the map is static setup data made of tuples; a
networkx view (:meth:`CatacombMap.to_networkx`) is built on demand for analysis and
imports networkx lazily.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from boardlab.core.errors import ConfigError, show_value
from boardlab.core.frozen import dataclass
from boardlab.lockup_breakout.limits import (
    LIMITS,
    check_saved_values,
    field_error,
    field_text,
    field_whole,
)

if TYPE_CHECKING:  # pragma: no cover
    import networkx

ENTRANCE: Final = "ENTRANCE"
TOMB: Final = "TOMB"
ESCAPED: Final = "ESCAPED"
#: TOMB's value at final scoring (LB-tomb, LB-end-lantern): a fact of the text.
TOMB_STARS: Final = 15


@dataclass(frozen=True, slots=True)
class Space:
    """A catacomb space: its star value at final scoring, its depth (LB-R29), loot.

    ``x`` and ``y`` place it in drawings (a fixed layout, not a spring layout, so that
    pictures are deterministic).
    """

    name: str
    stars: int
    depth: int
    loot: bool = False
    x: float = 0.0
    y: float = 0.0

    def __post_init__(self) -> None:
        field_text(self.name, "name")
        field_whole(self.stars, "stars")
        field_whole(self.depth, "depth")
        if not isinstance(self.loot, bool):
            raise field_error("loot", f"expected true or false, got {show_value(self.loot)}")
        for axis in ("x", "y"):
            value = getattr(self, axis)
            if isinstance(value, bool) or not isinstance(value, int | float) \
                    or value != value or value in (float("inf"), float("-inf")):
                raise field_error(axis, f"expected a finite number (a drawing coordinate), "
                                        f"got {show_value(value)}")
            if abs(value) > LIMITS.coordinate:
                raise field_error(axis, f"a drawing coordinate from -{LIMITS.coordinate:,} "
                                        f"to {LIMITS.coordinate:,} (the limit of coordinate), "
                                        f"got {show_value(value)}")


@dataclass(frozen=True, slots=True)
class Path:
    """A one-way path ``start`` → ``to``; ``cost`` lists ``(resource, amount)`` pairs."""

    start: str
    to: str
    cost: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        field_text(self.start, "start")
        field_text(self.to, "to")
        if not isinstance(self.cost, tuple):
            raise field_error("cost", f"expected a list of [resource, amount], got "
                                      f"{show_value(self.cost)}")
        if len(self.cost) > LIMITS.kinds:
            raise field_error("cost", f"at most {LIMITS.kinds} resource amounts (the limit "
                                      f"of kinds), got {len(self.cost):,}")
        seen = set()
        for i, pair in enumerate(self.cost):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise field_error(f"cost[{i}]", f"expected [resource, amount], got "
                                                f"{show_value(pair)}")
            field_text(pair[0], f"cost[{i}][0]")
            field_whole(pair[1], f"cost[{i}][1]", low=1)
            if pair[0] in seen:
                raise field_error(f"cost[{i}][0]", f"resource {show_value(pair[0])} listed twice")
            seen.add(pair[0])

    def __str__(self) -> str:
        paid = "" if not self.cost else " paying " + ", ".join(f"{n} {r}" for r, n in self.cost)
        return f"{self.start} → {self.to}{paid}"


@dataclass(frozen=True, slots=True)
class CatacombMap:
    """The catacombs: spaces and paths (map order matters for the guards, LB-R24)."""

    spaces: tuple[Space, ...]
    paths: tuple[Path, ...]

    def __post_init__(self) -> None:
        validate_map(self)

    @classmethod
    def check_saved(cls, value: Mapping[str, Any], path: str) -> None:
        """Bound a saved map before it is decoded (``LIMITS.config_values``)."""
        check_saved_values(value, path, LIMITS.config_values, "config_values")

    def space(self, name: str) -> Space:
        """The space called ``name`` (a :class:`ConfigError` names unknown ones)."""
        for s in self.spaces:
            if s.name == name:
                return s
        raise ConfigError(f"unknown catacomb space {show_value(name)}; spaces are "
                          f"{', '.join(s.name for s in self.spaces)} (LB-R2)")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.spaces)

    @property
    def loot_spaces(self) -> tuple[str, ...]:
        """Spaces with a loot icon, in map order (one loot stack each, LB-setup-loot)."""
        return tuple(s.name for s in self.spaces if s.loot)

    def exits(self, name: str) -> tuple[Path, ...]:
        """Paths leaving ``name``, in map order."""
        return tuple(p for p in self.paths if p.start == name)

    def to_networkx(self) -> networkx.DiGraph:
        """A networkx ``DiGraph`` of the map (networkx is imported here, on demand).

        >>> g = DEFAULT_MAP.to_networkx()
        >>> g.nodes["TOMB"]["stars"], g.has_edge("TOMB", "ESCAPED")
        (15, False)
        """
        import networkx as nx

        g = nx.DiGraph()
        for s in self.spaces:
            g.add_node(s.name, stars=s.stars, depth=s.depth, loot=s.loot, pos=(s.x, s.y))
        for p in self.paths:
            g.add_edge(p.start, p.to, cost=dict(p.cost))
        return g


def validate_map(m: CatacombMap) -> None:
    """Check a map against the text's facts (LB-R2) and the depth ruling (LB-R29).

    Raises a :class:`ConfigError` whose message starts with the bad field; the checks
    run in order: the lists and their sizes, the spaces, the paths, the whole network.

    >>> validate_map(DEFAULT_MAP)
    """
    _map_lists(m)
    by_name = _map_spaces(m)
    pairs: set[tuple[str, str]] = set()
    for i, p in enumerate(m.paths):
        _map_path(i, p, by_name, pairs)
    _map_network(m)


def _map_lists(m: CatacombMap) -> None:
    """Spaces and paths are lists, within the declared limits."""
    if not isinstance(m.spaces, tuple) or not m.spaces:
        raise field_error("spaces", "a map needs spaces")
    if not isinstance(m.paths, tuple):
        raise field_error("paths", "expected a list of paths")
    for name, items in (("spaces", m.spaces), ("paths", m.paths)):
        most = getattr(LIMITS, name)
        if len(items) > most:
            raise field_error(name, f"at most {most} {name} (the limit of {name}), got "
                                    f"{len(items):,}")


def _map_spaces(m: CatacombMap) -> dict[str, Space]:
    """The spaces by name: each once, the three ends among them, TOMB worth its stars
    (LB-tomb) and no loot on ENTRANCE (LB-setup-lanterns)."""
    by_name: dict[str, Space] = {}
    for i, s in enumerate(m.spaces):
        if not isinstance(s, Space):
            raise field_error(f"spaces[{i}]", f"expected a Space, got {show_value(s)}")
        if s.name in by_name:
            raise field_error(f"spaces[{i}].name", f"space {show_value(s.name)} defined twice")
        by_name[s.name] = s
    for end in (ENTRANCE, TOMB, ESCAPED):
        if end not in by_name:
            raise field_error("spaces", f"the map needs a space called {end} (LB-R2)")
    if by_name[TOMB].stars != TOMB_STARS:
        i = m.names.index(TOMB)
        raise field_error(f"spaces[{i}].stars", f"TOMB is worth {TOMB_STARS} stars (LB-tomb), "
                          f"got {by_name[TOMB].stars}")
    if by_name[ENTRANCE].loot:
        raise field_error(f"spaces[{m.names.index(ENTRANCE)}].loot",
                          "ENTRANCE cannot hold loot: lanterns start there (LB-setup-lanterns)")
    return by_name


def _map_path(i: int, p: Any, by_name: dict[str, Space], pairs: set[tuple[str, str]]) -> None:
    """Path ``i`` joins two known spaces, once, forward: never from an end, never back
    to ENTRANCE (LB-R2), deeper at its end (LB-R29). ``pairs`` collects the paths seen."""
    if not isinstance(p, Path):
        raise field_error(f"paths[{i}]", f"expected a Path, got {show_value(p)}")
    for end, value in (("start", p.start), ("to", p.to)):
        if value not in by_name:
            raise field_error(f"paths[{i}].{end}", f"unknown space {show_value(value)}")
    if p.start == p.to:
        raise field_error(f"paths[{i}].to", "a path cannot lead back to its start (LB-R2)")
    if (p.start, p.to) in pairs:
        raise field_error(f"paths[{i}]", f"a second path {p.start} → {p.to}")
    pairs.add((p.start, p.to))
    if p.start in (TOMB, ESCAPED):
        raise field_error(f"paths[{i}].start", f"{p.start} is an end: no path leaves it "
                          "(LB-tomb, LB-escape)")
    if p.to == ENTRANCE:
        raise field_error(f"paths[{i}].to", "no path leads back to ENTRANCE (LB-R2)")
    if by_name[p.to].depth <= by_name[p.start].depth:
        raise field_error(f"paths[{i}]", f"depth must grow along every arrow (LB-R29): "
                          f"{p.start} is {by_name[p.start].depth} deep, {p.to} "
                          f"{by_name[p.to].depth}")


def _map_network(m: CatacombMap) -> None:
    """Every space is reachable from ENTRANCE, and every non-end space has a way on
    (LB-R2)."""
    reach = {ENTRANCE}
    frontier = [ENTRANCE]
    while frontier:
        here = frontier.pop()
        for p in m.paths:
            if p.start == here and p.to not in reach:
                reach.add(p.to)
                frontier.append(p.to)
    for i, s in enumerate(m.spaces):
        if s.name not in reach:
            raise field_error(f"spaces[{i}]", f"{s.name} cannot be reached from ENTRANCE (LB-R2)")
        if s.name not in (TOMB, ESCAPED) and not any(p.start == s.name for p in m.paths):
            raise field_error(f"spaces[{i}]", f"{s.name} is a dead end: only TOMB and ESCAPED "
                              "are ends (LB-R2)")


def load_map(data: str | Mapping[str, Any]) -> CatacombMap:
    """Read a map from JSON text or a parsed mapping; errors name the field.

    >>> data = map_to_dict(DEFAULT_MAP)
    >>> data["paths"][3]["to"] = "NOWHERE"
    >>> load_map(data)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.FormatError: paths[3].to: unknown space 'NOWHERE'
    """
    from boardlab.core.serialize import decode, load_json_object

    return decode_checked(load_json_object(data), CatacombMap, decode)


def decode_checked(data: Any, cls: type, decode: Any, path: str = "") -> Any:
    """``decode(data, cls, path)``: a rule violation (a :func:`field_error`) comes out as a
    :class:`FormatError` at the full path of its field (``paths[3].to``), since the
    decoder joins the field an error names to the record's path."""
    return decode(data, cls, path)


def map_to_dict(m: CatacombMap) -> dict[str, Any]:
    """The map as plain JSON data (what :func:`load_map` reads)."""
    from boardlab.core.serialize import encode

    return encode(m)


def _s(name: str, stars: int, depth: int, loot: bool, x: float, y: float) -> Space:
    return Space(name, stars, depth, loot, x, y)


#: The illustrative default map (LB-R2, LB-R29). Invented: the text gives no layout. It
#: is a two-branch graph ENTRANCE → Crossroads → {TOMB branch, ESCAPED branch}, with a
#: costed fork on each branch, loot on TOMB, spaces worth 9 and 10 at equal depth and a
#: space worth 13 deeper than TOMB (the Explorer clarification, LB-clar-explorer).
DEFAULT_MAP: Final = CatacombMap(
    spaces=(
        _s(ENTRANCE, 0, 0, False, 0, 2),
        _s("Stair", 1, 1, True, 1, 2),
        _s("Ossuary", 3, 2, False, 2, 1),
        _s("Flooded Hall", 4, 2, False, 2, 3),
        _s("Crossroads", 5, 3, True, 3, 2),
        _s("Chapel", 9, 4, True, 4, 0),
        _s("Reliquary", 10, 4, False, 4, 1),
        _s(TOMB, TOMB_STARS, 5, True, 5, 0.5),
        _s("Sewer", 6, 4, False, 4, 3),
        _s("Outflow", 8, 5, True, 5, 3),
        _s("Deep Gate", 13, 6, False, 6, 2.5),
        _s("Culvert", 11, 6, False, 6, 3.5),
        _s(ESCAPED, 0, 7, False, 7, 3),
    ),
    paths=(
        Path(ENTRANCE, "Stair"),
        Path("Stair", "Flooded Hall", (("iron", 1),)),
        Path("Stair", "Ossuary"),
        Path("Ossuary", "Crossroads"),
        Path("Flooded Hall", "Crossroads"),
        Path("Crossroads", "Reliquary", (("gold", 1),)),
        Path("Crossroads", "Chapel"),
        Path("Crossroads", "Sewer", (("scrap", 1),)),
        Path("Chapel", TOMB),
        Path("Reliquary", TOMB),
        Path("Sewer", "Outflow"),
        Path("Outflow", "Deep Gate", (("potion", 1),)),
        Path("Outflow", "Culvert"),
        Path("Deep Gate", ESCAPED),
        Path("Culvert", ESCAPED),
    ),
)
