"""The map on a square grid (ruling L7-R5) and the door graph derived from it (L7-R3).

A placed tile is a :class:`Placement`: which tile, on which floor, where its first room
lies and how it is turned (``rotation`` quarter turns clockwise). Its rooms cover grid
cells; its doors sit on room sides. Two tiles are joined where a door of one faces a
door of the other across a cell edge; a face-down tile covers its cell but joins
nothing until it is flipped. Floors are separate grids; scenario *links* (a lift) join
tiles of different floors.

Everything here is a pure function of the placements: :func:`layout` derives the door
graph once per map (cached) as tuples, and the hot-path searches (:func:`costs_from`,
:func:`step_toward`) walk those tuples. :func:`to_networkx` gives the same graph as a
``networkx.MultiGraph`` for analysis and drawing; networkx is imported only there.

>>> from boardlab.level7_lockdown.config import Config
>>> cfg = Config()
>>> hub = Placement("Hub", 0, 0, 0)
>>> lay = layout((hub, Placement("Corridor A1", 0, 0, 1)), (), cfg)
>>> lay.adj[0]
((1, Door(floor=0, x=0, y=0, side='N')),)
>>> [str(d) for d, _ in lay.ends[0]]
['0:(0,0)E', '0:(0,-1)N', '0:(-1,0)E']
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from boardlab.core.errors import ConfigError
from boardlab.level7_lockdown.config import SIDES, Config, TileSpec

if TYPE_CHECKING:
    import networkx as nx

DELTA: Final = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE: Final = {"N": "S", "E": "W", "S": "N", "W": "E"}
SIDE_ORDER: Final = {s: i for i, s in enumerate(SIDES)}

Cell = tuple[int, int, int]  # (floor, x, y)


class Door(NamedTuple):
    """A door position, written from the cell whose north or east side it is."""

    floor: int
    x: int
    y: int
    side: str

    def __str__(self) -> str:
        return f"{self.floor}:({self.x},{self.y}){self.side}"

    @property
    def cells(self) -> tuple[Cell, Cell]:
        """The two cells the door lies between."""
        dx, dy = DELTA[self.side]
        return (self.floor, self.x, self.y), (self.floor, self.x + dx, self.y + dy)


def door_at(cell: Cell, side: str) -> Door:
    """The canonical :class:`Door` on ``side`` of ``cell``.

    >>> door_at((0, 1, 1), "S")
    Door(floor=0, x=1, y=0, side='N')
    """
    f, x, y = cell
    if side in ("N", "E"):
        return Door(f, x, y, side)
    dx, dy = DELTA[side]
    return Door(f, x + dx, y + dy, OPPOSITE[side])


def door_sort_key(door: Door) -> tuple[int, int, int, int]:
    return (door.floor, door.x, door.y, SIDE_ORDER[door.side])


class Placement(NamedTuple):
    """A tile on the map: first room at ``(x, y)`` of ``floor``, turned ``rotation``
    quarter turns clockwise. A face-down tile has ``tile == ""`` and remembers the
    ``stack`` it will be drawn from when flipped. A ``removed`` tile has left play
    (scenario 13's Tank Farm): it keeps its index but covers no cell and joins nothing."""

    tile: str
    floor: int
    x: int
    y: int
    rotation: int = 0
    face_down: bool = False
    stack: str = ""
    removed: bool = False

    def __str__(self) -> str:
        name = "face-down tile" if self.face_down else self.tile
        return f"{name} at floor {self.floor} ({self.x},{self.y})"


def rotate_offset(dx: int, dy: int, rotation: int) -> tuple[int, int]:
    """An offset turned ``rotation`` quarter turns clockwise.

    >>> rotate_offset(0, 1, 1), rotate_offset(0, 1, 2)
    ((1, 0), (0, -1))
    """
    for _ in range(rotation % 4):
        dx, dy = dy, -dx
    return dx, dy


def rotate_side(side: str, rotation: int) -> str:
    """``side`` after ``rotation`` quarter turns clockwise.

    >>> rotate_side("N", 1), rotate_side("W", 1)
    ('E', 'N')
    """
    return SIDES[(SIDE_ORDER[side] + rotation) % 4]


def cells_of(spec: TileSpec | None, p: Placement) -> tuple[Cell, ...]:
    """The cells a placed tile covers (a face-down tile: its one cell; a removed tile:
    none)."""
    if p.removed:
        return ()
    if spec is None or p.face_down:
        return ((p.floor, p.x, p.y),)
    out = []
    for rx, ry in spec.rooms:
        dx, dy = rotate_offset(rx, ry, p.rotation)
        out.append((p.floor, p.x + dx, p.y + dy))
    return tuple(out)


def doors_of(spec: TileSpec, p: Placement) -> tuple[tuple[Cell, str], ...]:
    """Each door of a placed (face-up) tile as ``(cell, side)`` on the grid."""
    cells = cells_of(spec, p)
    return tuple((cells[room], rotate_side(side, p.rotation)) for room, side in spec.doors)


class Layout(NamedTuple):
    """The door graph of a map, derived from its placements (read-only, cached).

    ``owner`` maps each covered cell to its tile index; ``adj[i]`` lists ``(j, door)``
    for every joined door of tile ``i`` (``door`` is ``None`` for a scenario link);
    ``ends[i]`` its doors with an empty cell behind (explorable); ``flips[i]`` its
    doors facing a face-down tile, as ``(door, index)``.
    """

    tiles: tuple[Placement, ...]
    owner: dict[Cell, int]
    adj: tuple[tuple[tuple[int, Door | None], ...], ...]
    ends: tuple[tuple[tuple[Door, Cell], ...], ...]
    flips: tuple[tuple[tuple[Door, int], ...], ...]
    doors: frozenset[Door]      # every joined door

    def door_tiles(self, door: Door) -> tuple[int, int] | None:
        """The two tiles a joined door lies between."""
        a, b = door.cells
        if door not in self.doors:
            return None
        return self.owner[a], self.owner[b]


def _spec(cfg: Config, p: Placement) -> TileSpec | None:
    return None if p.face_down else cfg.tile(p.tile)


def layout(tiles: tuple[Placement, ...], links: tuple[tuple[int, int], ...],
           cfg: Config) -> Layout:
    """The :class:`Layout` of a map (cached per map and configuration)."""
    return _layout(tiles, links, _keep(cfg))


_CONFIGS: dict[int, Config] = {}


def _keep(cfg: Config) -> int:
    # The cache is keyed by id(cfg) (hashing a whole configuration on every call would
    # cost more than the look-up saves): keep every configuration used alive so that
    # an id is never reused for another one.
    _CONFIGS.setdefault(id(cfg), cfg)
    return id(cfg)


@lru_cache(maxsize=8192)
def _layout(tiles: tuple[Placement, ...], links: tuple[tuple[int, int], ...],
            cfg_id: int) -> Layout:
    cfg = _CONFIGS[cfg_id]
    owner: dict[Cell, int] = {}
    door_sets: list[set[tuple[Cell, str]]] = []
    for i, p in enumerate(tiles):
        spec = _spec(cfg, p)
        for cell in cells_of(spec, p):
            if cell in owner:
                raise ConfigError(f"{p} overlaps {tiles[owner[cell]]} at {cell} (L7-R5)")
            owner[cell] = i
        door_sets.append(set(doors_of(spec, p)) if spec is not None and not p.removed
                         else set())
    adj: list[list[tuple[int, Door | None]]] = [[] for _ in tiles]
    ends: list[list[tuple[Door, Cell]]] = [[] for _ in tiles]
    flips: list[list[tuple[Door, int]]] = [[] for _ in tiles]
    joined: set[Door] = set()
    for i, p in enumerate(tiles):
        if p.face_down or p.removed:
            continue
        for cell, side in sorted(door_sets[i], key=lambda d: (d[0], SIDE_ORDER[d[1]])):
            f, x, y = cell
            dx, dy = DELTA[side]
            far = (f, x + dx, y + dy)
            door = door_at(cell, side)
            j = owner.get(far)
            if j is None:
                ends[i].append((door, far))
            elif tiles[j].face_down:
                flips[i].append((door, j))
            elif j != i and (far, OPPOSITE[side]) in door_sets[j]:
                adj[i].append((j, door))
                joined.add(door)
    for a, b in links:
        if not (0 <= a < len(tiles) and 0 <= b < len(tiles)) or a == b:
            raise ConfigError(f"link {a}–{b} does not join two placed tiles")
        adj[a].append((b, None))
        adj[b].append((a, None))
    def order(e: tuple[int, Door | None]) -> tuple[int, tuple[int, ...]]:
        return (e[0], door_sort_key(e[1]) if e[1] is not None else (9, 0, 0, 0))

    return Layout(tiles, owner, tuple(tuple(sorted(a, key=order)) for a in adj),
                  tuple(tuple(e) for e in ends), tuple(tuple(f) for f in flips),
                  frozenset(joined))


def extended(lay: Layout, p: Placement, cfg: Config) -> Layout | None:
    """The :class:`Layout` of ``lay``'s map with the face-up tile ``p`` placed last (the
    same links), derived from ``lay`` instead of from every placement again: equal to
    ``layout((*lay.tiles, p), links, cfg)``. ``None`` where the whole map must be
    derived (a face-down or removed tile, an overlap: :func:`layout` says what is
    wrong).

    Placing a tile changes only what faces its cells: the doors of its neighbours that
    open onto it (their ends become joined doors, or walls) and its own doors.

    >>> from boardlab.level7_lockdown.config import Config
    >>> cfg = Config()
    >>> hub = layout((Placement("Hub", 0, 0, 0),), (), cfg)
    >>> new = extended(hub, Placement("Corridor A1", 0, 0, 1), cfg)
    >>> new == layout((*hub.tiles, Placement("Corridor A1", 0, 0, 1)), (), cfg)
    True
    """
    if p.face_down or p.removed:
        return None
    spec = cfg.tile(p.tile)
    cells = cells_of(spec, p)
    old = lay.owner
    if len(set(cells)) != len(cells) or any(c in old for c in cells):
        return None
    n = len(lay.tiles)
    owner = dict(old)
    for cell in cells:
        owner[cell] = n
    tiles = (*lay.tiles, p)
    mine: list[tuple[int, Door]] = []
    ends: list[tuple[Door, Cell]] = []
    flips: list[tuple[Door, int]] = []
    for cell, side in sorted(set(doors_of(spec, p)), key=lambda d: (d[0], SIDE_ORDER[d[1]])):
        f, x, y = cell
        dx, dy = DELTA[side]
        far = (f, x + dx, y + dy)
        door = door_at(cell, side)
        j = owner.get(far)
        if j is None:
            ends.append((door, far))
        elif tiles[j].face_down:
            flips.append((door, j))
        elif j != n and (door, cell) in lay.ends[j]:
            mine.append((j, door))   # the neighbour's door onto this cell: joined
    mine.sort(key=lambda e: (e[0], door_sort_key(e[1])))
    adj = list(lay.adj)
    for j, door in mine:   # after every older entry of j's (the new tile is the last)
        adj[j] = (*adj[j], (n, door))
    # The neighbours' doors onto the new cells are ends no more (joined, or walls).
    new_ends = tuple(e if not any(owner.get(far) == n for _, far in e)
                     else tuple(pair for pair in e if owner.get(pair[1]) != n)
                     for e in lay.ends)
    return Layout(tiles, owner, (*adj, tuple(mine)), (*new_ends, tuple(ends)),
                  (*lay.flips, tuple(flips)), lay.doors | {d for _, d in mine})


# -- placing tiles ---------------------------------------------------------------------
def placements_through(lay: Layout, spec: TileSpec, door: Door, *,
                       replacing: int | None = None) -> tuple[Placement, ...]:
    """Every legal way to put ``spec`` behind ``door`` (L7-R5).

    The new tile must cover the cell behind the door with a room whose door faces it
    back, and all its other rooms must fall on empty cells (with ``replacing``, the
    face-down tile being flipped frees its cell). Rotations that give the same cells
    and doors are offered once (the lowest). An empty result is "not enough space".

    >>> from boardlab.level7_lockdown.config import Config
    >>> cfg = Config()
    >>> lay = layout((Placement("Hub", 0, 0, 0),), (), cfg)
    >>> [p.rotation for p in placements_through(lay, cfg.tile("Corridor A1"),
    ...                                          Door(0, 0, 0, "N"))]
    [0]
    >>> [p.rotation for p in placements_through(lay, cfg.tile("Vent Shaft"),
    ...                                          Door(0, 0, 0, "N"))]
    [0, 1]
    """
    a, b = door.cells
    if a in lay.owner and (b not in lay.owner or b == _cell_of(lay, replacing)):
        inside, target = a, b
    elif b in lay.owner and (a not in lay.owner or a == _cell_of(lay, replacing)):
        inside, target = b, a
    else:
        return ()
    side = next(s for s, (dx, dy) in DELTA.items()
                if (inside[0], inside[1] + dx, inside[2] + dy) == target)
    free_cell = _cell_of(lay, replacing)
    owner = lay.owner
    f, tx, ty = target
    out = []
    for rotation, rx, ry, offsets in _fits(spec, OPPOSITE[side]):
        for ox, oy in offsets:
            cell = (f, tx + ox, ty + oy)
            if cell in owner and cell != free_cell:
                break
        else:
            out.append(Placement(spec.name, f, tx - rx, ty - ry, rotation))
    return tuple(out)


Fit = tuple[int, int, int, tuple[tuple[int, int], ...]]


def _fits(spec: TileSpec, need: str) -> tuple[Fit, ...]:
    """The distinct ways to put ``spec`` on a cell with a door on side ``need`` of the
    room there, as ``(rotation, the room's offset, the offsets of every room from that
    cell)``, in the order :func:`placements_through` offers them; kept per tile and side
    (what fits where is then a look at the map's cells).

    Two rotations are the same placement where they give the same cells and doors
    (the lowest rotation is kept); the order (rotation, then x, then y of the first
    room) is the same for every cell, so it is sorted here once.

    >>> from boardlab.level7_lockdown.config import Config
    >>> [fit[:3] for fit in _fits(Config().tile("Vent Shaft"), "S")]
    [(0, 0, 0), (1, 0, 0)]
    """
    key = (id(spec), need)
    hit = _FITS.get(key)
    if hit is not None and hit[0] is spec:
        return hit[1]
    seen: dict[tuple[frozenset[tuple[int, int]], frozenset[Any]], Fit] = {}
    for rotation in range(4):
        for room, room_side in spec.doors:
            if rotate_side(room_side, rotation) != need:
                continue
            rx, ry = rotate_offset(*spec.rooms[room], rotation)
            offsets = tuple((dx - rx, dy - ry) for dx, dy in
                            (rotate_offset(ox, oy, rotation) for ox, oy in spec.rooms))
            doors = frozenset((offsets[r], rotate_side(s, rotation)) for r, s in spec.doors)
            seen.setdefault((frozenset(offsets), doors), (rotation, rx, ry, offsets))
    fits = tuple(sorted(seen.values(), key=lambda fit: (fit[0], -fit[1], -fit[2])))
    if len(_FITS) > 4096:
        _FITS.clear()
    _FITS[key] = (spec, fits)   # the spec kept alive with its entry: its id stays its own
    return fits


_FITS: dict[tuple[int, str], tuple[TileSpec, tuple[Fit, ...]]] = {}


def _cell_of(lay: Layout, index: int | None) -> Cell | None:
    if index is None:
        return None
    p = lay.tiles[index]
    return (p.floor, p.x, p.y)


def place(tiles: tuple[Placement, ...], p: Placement, *,
          replacing: int | None = None) -> tuple[tuple[Placement, ...], int]:
    """The map with ``p`` added (or flipped in place of ``replacing``) and its index."""
    if replacing is None:
        return (*tiles, p), len(tiles)
    return tiles[:replacing] + (p,) + tiles[replacing + 1:], replacing


# -- searching the door graph --------------------------------------------------------
#: Cost of crossing a door (``None`` for a link), or ``None`` when it cannot be crossed.
DoorCost = Callable[[Door | None], int | None]


def costs_from(lay: Layout, source: int, cost: DoorCost) -> tuple[int | None, ...]:
    """Cheapest crossing costs from ``source`` to every tile (``None``: unreachable).

    With ``cost`` always 1 this is the door-graph distance of L7-R3.

    >>> from boardlab.level7_lockdown.config import Config
    >>> cfg = Config()
    >>> lay = layout((Placement("Hub", 0, 0, 0), Placement("Corridor A1", 0, 0, 1),
    ...               Placement("Security Post", 0, 0, 2)), (), cfg)
    >>> costs_from(lay, 0, lambda d: 1)
    (0, 1, 2)
    """
    n = len(lay.tiles)
    best: list[int | None] = [None] * n
    best[source] = 0
    heap = [(0, source)]
    while heap:
        d, i = heapq.heappop(heap)
        if d != best[i]:
            continue
        for j, door in lay.adj[i]:
            c = cost(door)
            if c is None:
                continue
            nd = d + c
            old = best[j]
            if old is None or nd < old:
                best[j] = nd
                heapq.heappush(heap, (nd, j))
    return tuple(best)


def door_counts(lay: Layout, source: int) -> tuple[int | None, ...]:
    """The fewest doors (or links) from ``source`` to every tile (``None``: unreachable):
    :func:`costs_from` with every crossing costing 1, breadth first.

    >>> from boardlab.level7_lockdown.config import Config
    >>> lay = layout((Placement("Hub", 0, 0, 0), Placement("Corridor A1", 0, 0, 1),
    ...               Placement("Security Post", 0, 0, 2)), (), Config())
    >>> door_counts(lay, 2) == costs_from(lay, 2, lambda d: 1) == (2, 1, 0)
    True
    """
    best: list[int | None] = [None] * len(lay.tiles)
    best[source] = 0
    frontier = [source]
    adj = lay.adj
    d = 0
    while frontier:
        d += 1
        nxt = []
        for i in frontier:
            for j, _ in adj[i]:
                if best[j] is None:
                    best[j] = d
                    nxt.append(j)
        frontier = nxt
    return tuple(best)


def step_toward(lay: Layout, here: int, target_costs: tuple[int | None, ...],
                cost: DoorCost) -> tuple[int, Door | None] | None:
    """The next tile (and door) on a cheapest path from ``here`` to the tile whose
    costs are ``target_costs``; ties: earliest placed tile, then door order N, E, S, W
    (L7-R24). ``None`` when no path leads there or ``here`` is the target."""
    mine = target_costs[here]
    if mine is None or mine == 0:
        return None
    best: tuple[int, int] | None = None
    choice: tuple[int, Door | None] | None = None
    for j, door in lay.adj[here]:
        c = cost(door)
        rest = target_costs[j]
        if c is None or rest is None or c + rest != mine:
            continue
        key = (j, 0 if door is None else 1 + SIDE_ORDER[door.side])
        if best is None or key < best:
            best, choice = key, (j, door)
    return choice


def neighbours(lay: Layout, tile: int, passable: Callable[[Door | None], bool]
               ) -> tuple[int, ...]:
    """Tiles joined to ``tile`` by at least one passable door, in placement order."""
    return tuple(sorted({j for j, door in lay.adj[tile] if passable(door)}))


# -- analysis view ------------------------------------------------------------------------
def to_networkx(lay: Layout, *, markers: Iterable[tuple[Door, str]] = ()) -> nx.MultiGraph:
    """The door graph as a ``networkx.MultiGraph`` (nodes: tile indices; one edge per
    joined door, keyed by the door, with its ``state``: open, locked or barricaded).

    >>> from boardlab.level7_lockdown.config import Config
    >>> lay = layout((Placement("Hub", 0, 0, 0), Placement("Corridor A1", 0, 0, 1)), (),
    ...              Config())
    >>> g = to_networkx(lay)
    >>> sorted(g.nodes(data="name")), g.number_of_edges()
    ([(0, 'Hub'), (1, 'Corridor A1')], 1)
    """
    import networkx as nx

    state = dict(markers)
    g = nx.MultiGraph()
    for i, p in enumerate(lay.tiles):
        g.add_node(i, name=p.tile or "face-down", floor=p.floor, face_down=p.face_down)
    for i, edges in enumerate(lay.adj):
        for j, door in edges:
            if i < j:
                key: Any = door if door is not None else ("link", i, j)
                g.add_edge(i, j, key=key,
                           state="link" if door is None else state.get(door, "open"))
    return g
