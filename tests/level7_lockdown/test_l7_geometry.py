"""Geometry first (L7-R5): the grid, rotations, door joining, not enough space, face-down
tiles, two floors, the derived door graph and its networkx view, tile data errors."""

from __future__ import annotations

import pytest

from boardlab.core.errors import ConfigError, FormatError
from boardlab.level7_lockdown import (
    Config,
    Explore,
    Place,
    Roll,
    TileDraw,
    TileSpec,
    config_from_json,
    layout,
    to_networkx,
)
from boardlab.level7_lockdown.geometry import (
    Door,
    Layout,
    Placement,
    cells_of,
    costs_from,
    door_at,
    doors_of,
    placements_through,
    rotate_offset,
    rotate_side,
    step_toward,
)

from .conftest import HUB, HUB_NORTH, STORAGE, STORAGE_NORTH, start

CFG = Config()
LONG_HALL = CFG.tile("Long Hall")   # rooms (0,0),(0,1); doors room0 S, room1 N, room1 E


def test_l7_r5_rotations_turn_offsets_and_sides_clockwise() -> None:
    assert [rotate_offset(0, 1, r) for r in range(4)] == [(0, 1), (1, 0), (0, -1), (-1, 0)]
    assert [rotate_side("N", r) for r in range(4)] == ["N", "E", "S", "W"]
    assert [rotate_side("W", r) for r in range(4)] == ["W", "N", "E", "S"]
    p = Placement("Long Hall", 0, 5, 5, rotation=1)
    assert cells_of(LONG_HALL, p) == ((0, 5, 5), (0, 6, 5))
    assert sorted(doors_of(LONG_HALL, p)) == [((0, 5, 5), "W"), ((0, 6, 5), "E"),
                                              ((0, 6, 5), "S")]


def test_l7_r5_doors_are_written_once_from_their_north_or_east_cell() -> None:
    assert door_at((0, 1, 1), "S") == Door(0, 1, 0, "N")
    assert door_at((0, 1, 1), "W") == Door(0, 0, 1, "E")
    assert door_at((2, 1, 1), "N") == Door(2, 1, 1, "N")
    assert Door(0, 1, 0, "N").cells == ((0, 1, 0), (0, 1, 1))


def test_l7_r5_legal_placements_of_a_two_room_tile_through_a_door() -> None:
    lay = layout((Placement("Hub", 0, 0, 0),), (), CFG)
    options = placements_through(lay, LONG_HALL, Door(0, 0, 0, "N"))
    # The new tile covers (0,1) with a room whose door faces south back to the Hub.
    assert [(p.x, p.y, p.rotation) for p in options] == [(0, 1, 0), (-1, 1, 1), (0, 2, 2)]
    for p in options:
        cells = cells_of(LONG_HALL, p)
        assert (0, 0, 1) in cells and (0, 0, 0) not in cells
        assert (((0, 0, 1), "S") in doors_of(LONG_HALL, p))


def test_l7_r5_a_symmetric_tile_is_offered_once_per_distinct_result() -> None:
    lay = layout((Placement("Hub", 0, 0, 0),), (), CFG)
    corridor = CFG.tile("Corridor A1")            # doors N and S: turned 180° it is the same
    assert [p.rotation for p in placements_through(lay, corridor, Door(0, 0, 0, "N"))] == [0]
    hub_like = CFG.tile("Security Post")           # four doors: one placement
    assert len(placements_through(lay, hub_like, Door(0, 0, 0, "E"))) == 1


def test_l7_r5_doors_join_only_where_two_doors_face_each_other() -> None:
    tiles = (Placement("Hub", 0, 0, 0),              # N E S W
             Placement("Corridor A1", 0, 1, 0),      # N S: its west side faces the Hub's E
             Placement("Vent Shaft", 0, 0, 1))       # E S: joins the Hub's N; E faces (1,1)
    lay = layout(tiles, (), CFG)
    assert lay.adj[0] == ((2, Door(0, 0, 0, "N")),)  # not the corridor: no west door there
    assert lay.adj[1] == ()
    assert Door(0, 0, 0, "E") not in lay.doors
    # A later tile joins every facing door at once: Security Post at (1,1) meets the
    # Vent Shaft's E door and the corridor's N door.
    tiles += (Placement("Security Post", 0, 1, 1),)
    lay = layout(tiles, (), CFG)
    assert sorted(j for j, _ in lay.adj[3]) == [1, 2]


def test_l7_r5_explorable_doors_have_an_empty_cell_behind_them() -> None:
    lay = layout((Placement("Hub", 0, 0, 0), Placement("Corridor A1", 0, 1, 0)), (), CFG)
    # The Hub's east door faces the corridor's wall: neither joined nor explorable.
    assert [str(d) for d, _ in lay.ends[0]] == ["0:(0,0)N", "0:(0,-1)N", "0:(-1,0)E"]
    assert [str(d) for d, _ in lay.ends[1]] == ["0:(1,0)N", "0:(1,-1)N"]


def test_l7_r5_not_enough_space_when_every_fitting_cell_is_taken() -> None:
    tiles = (Placement("Hub", 0, 0, 0), Placement("Storage Bay", 0, 1, 0),
             Placement("", 0, 0, 1, face_down=True, stack="hidden"),
             Placement("Corridor A1", 0, 1, 2))
    lay = layout(tiles, (), CFG)
    assert placements_through(lay, LONG_HALL, Door(0, 1, 0, "N")) == ()
    # A one-room tile still fits there.
    assert placements_through(lay, CFG.tile("Closet"), Door(0, 1, 0, "N")) != ()


def test_l7_r5_overlapping_tiles_are_refused() -> None:
    with pytest.raises(ConfigError, match="overlaps"):
        layout((Placement("Hub", 0, 0, 0), Placement("Long Hall", 0, 0, -1)), (), CFG)


def test_l7_r5_face_down_tiles_fill_their_cell_but_join_nothing() -> None:
    tiles = (Placement("Hub", 0, 0, 0), Placement("", 0, 0, 1, face_down=True, stack="x"),
             Placement("Security Post", 0, 1, 1))
    lay = layout(tiles, (), CFG)
    assert lay.adj[1] == () and lay.ends[1] == ()
    assert [j for j, _ in lay.adj[0]] == []            # the Hub does not join it
    assert lay.flips[0] == ((Door(0, 0, 0, "N"), 1),)    # but exploring there flips it
    assert lay.flips[2] == ((Door(0, 0, 1, "E"), 1),)
    assert all(d.cells[1] != (0, 0, 1) for d, _ in lay.ends[0])


def test_l7_r5_two_floors_are_separate_grids_joined_only_by_links() -> None:
    tiles = (Placement("Hub", 0, 0, 0), Placement("Security Post", 1, 0, 0),
             Placement("Corridor A1", 1, 0, 1))
    lay = layout(tiles, (), CFG)          # same (x, y) on two floors: no overlap
    assert lay.adj[0] == () and [j for j, _ in lay.adj[1]] == [2]
    linked = layout(tiles, ((0, 1),), CFG)
    assert (1, None) in linked.adj[0]
    assert costs_from(linked, 0, lambda d: 1) == (0, 1, 2)
    assert step_toward(linked, 0, costs_from(linked, 2, lambda d: 1), lambda d: 1) == (1, None)


def test_l7_r5_engine_explores_and_asks_where_the_tile_goes() -> None:
    # Stack A used up elsewhere: the next tile comes from Stack B.
    away = [("Corridor A1", 2, 0, 0, 0), ("Security Post", 2, 5, 5, 0),
            ("Armory", 2, 10, 10, 0), ("War Zone North", 2, 15, 15, 0)]
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, tiles=away, enemies={},
              cronos=None)
    m.push(Explore(STORAGE_NORTH))
    assert m.state.pending.stack == "B"
    m.push(TileDraw("Long Hall"))
    assert m.state.pending.kind == "place"
    assert m.legal() == (Place(1, 1, 0), Place(1, 2, 2))
    m.push(Place(1, 2, 2))
    s = m.state
    assert s.tiles[-1] == Placement("Long Hall", 0, 1, 2, 2)
    assert s.char("Leo").tile == len(s.tiles) - 1
    assert s.pending.kind == "action"                  # exploring ends the move step
    assert "Long Hall" not in s.stack("B")


def test_l7_r79_not_enough_space_shuffles_the_tile_back_and_the_explorer_stays() -> None:
    away = [("Corridor A1", 0, 1, 2, 0), ("Security Post", 2, 5, 5, 0),
            ("Armory", 2, 10, 10, 0), ("War Zone North", 2, 15, 15, 0)]
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, tiles=away, enemies={},
              cronos=None)
    m.push(Explore(STORAGE_NORTH))
    m.push(TileDraw("Long Hall"))
    s = m.state
    assert "Long Hall" in s.stack("B") and s.char("Leo").tile == STORAGE
    assert s.pending.kind == "action"
    assert m.last_events[-1].rule.id == "L7-R79"


def test_l7_r5_flipping_a_face_down_tile_draws_from_its_stack_in_place() -> None:
    m = start(enemies={}, cronos=None)
    assert Explore(HUB_NORTH) in m.legal()
    m.push(Explore(HUB_NORTH))
    assert m.state.pending.stack == "hidden"
    assert dict(m.outcomes()) == {TileDraw("Closet"): 1 / 2, TileDraw("Crawlspace"): 1 / 2}
    m.push(TileDraw("Closet"))
    s = m.state
    assert s.tiles[3] == Placement("Closet", 0, 0, 1, 0) and not s.tiles[3].face_down
    assert s.char("Leo").tile == 3 and s.stack("hidden") == ("Crawlspace",)
    assert (3, HUB_NORTH) in [(j, d) for j, d in layout(s.tiles, s.links, CFG).adj[HUB]]


def test_l7_r5_door_graph_as_a_networkx_view() -> None:
    s = start().state
    g = to_networkx(layout(s.tiles, s.links, CFG),
                    markers=[(d, "locked") for d in s.locked]
                    + [(d, "barricaded") for d, _ in s.barricades])
    assert g.number_of_nodes() == 6
    states = sorted(st for _, _, st in g.edges(data="state"))
    assert states == ["barricaded", "link", "locked", "open"]
    assert g.nodes[3]["face_down"] is True and g.degree(3) == 0
    assert not hasattr(s, "graph")          # states stay tuples; the graph is a view


def test_l7_r5_tile_data_errors_name_the_field() -> None:
    with pytest.raises(ConfigError, match=r"tile 'X': rooms\[1\]: expected an \(x, y\) pair"):
        TileSpec("X", doors=((0, "N"),), rooms=((0, 0), (1,)))
    with pytest.raises(ConfigError, match=r"tile 'X': rooms: the rooms do not form"):
        TileSpec("X", doors=((0, "N"),), rooms=((0, 0), (2, 0)))
    with pytest.raises(ConfigError, match=r"tile 'X': doors\[1\]: expected a whole number, not a "
                                          r"bool"):
        TileSpec("X", doors=((0, "N"), (True, "S")))
    with pytest.raises(ConfigError, match=r"tile 'X': features\[0\]: not a known feature; one of "
                                          r".* \(got 'lava'\)"):
        TileSpec("X", doors=((0, "N"),), features=("lava",))
    with pytest.raises(ConfigError, match=r"tile 'X': events: a tile shows at most two"):
        TileSpec("X", doors=((0, "N"),), events=("alarm", "hazard", "shadow"))
    with pytest.raises(FormatError, match=r"^tiles\[0\]\.doors\[0\]\[1\]: expected a string"):
        config_from_json('{"tiles": [{"name": "A", "doors": [[0, 7]]}]}')
    with pytest.raises(FormatError, match=r"^tiles\[2\]: tile 'C': doors: a tile needs"):
        config_from_json('{"tiles": [{"name": "A", "doors": [[0, "N"]]}, '
                         '{"name": "B", "doors": [[0, "S"]]}, {"name": "C", "doors": []}]}')
    with pytest.raises(FormatError, match=r"^tiles\[1\]\.name: 'A' appears twice"):
        config_from_json('{"tiles": [{"name": "A", "doors": [[0, "N"]]}, '
                         '{"name": "A", "doors": [[0, "S"]]}]}')
    with pytest.raises(FormatError, match=r"^tiles\[0\]\.colour: unknown field"):
        config_from_json('{"tiles": [{"name": "A", "doors": [[0, "N"]], "colour": 1}]}')


def test_l7_r5_peeked_objective_needs_room_or_there_is_no_peek() -> None:
    # Stacks A and B used up (placed on floor 2): peeking with 2 dice is on offer.
    used = [("Corridor A1", 2, 0, 0, 0), ("Security Post", 2, 5, 5, 0),
            ("Armory", 2, 10, 10, 0), ("War Zone North", 2, 15, 15, 0),
            ("Long Hall", 2, 20, 20, 0), ("Strong Point", 2, 25, 25, 0),
            ("Dark Lab", 2, 30, 30, 0), ("Vent Shaft", 2, 35, 35, 0)]
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, tiles=used, enemies={},
              cronos=None)
    peeks = [c for c in m.legal() if type(c).__name__ == "Peek"]
    assert [str(p.door) for p in peeks] == ["0:(1,0)N", "0:(1,0)E"]
    m.push(peeks[0])
    assert m.state.pending.dice == 2
    m.push(Roll(intelligence=1))
    m.push(TileDraw("Exit Shaft"))          # one way to put it: placed at once
    s = m.state
    assert s.tiles[-1].tile == "Exit Shaft" and s.char("Leo").tile == STORAGE


def test_l7_r13_door_counts_breadth_first_equal_the_cheapest_costs() -> None:
    """The engine's breadth-first door counts (every crossing 1: spawning, unlocked
    maps) are geometry.costs_from's cheapest costs, from every tile of real maps."""
    from boardlab.level7_lockdown import play
    from boardlab.level7_lockdown.work import Work, door_counts

    seen = 0
    for seed, scenario in enumerate(("sandbox", "9", "11", "12", "13")):
        match = play(2, scenario=scenario, seed=seed)
        for record in match.records[::25]:
            w = Work(record.before)
            for source in range(len(w.tiles)):
                assert door_counts(w.lay, source) == costs_from(w.lay, source, lambda d: 1)
                seen += 1
    assert seen > 300


def _placements_by_rotation(lay: Layout, spec: TileSpec, door: Door
                            ) -> tuple[Placement, ...]:
    """L7-R5's placements found the long way (the algorithm before geometry._fits):
    every rotation and door of ``spec`` facing the door back, on free cells, one per
    distinct set of cells and doors (the lowest rotation), by rotation, x, y."""
    a, b = door.cells
    inside, target = (a, b) if a in lay.owner else (b, a)
    side = next(s for s in "NESW" if door_at(inside, s) == door)
    need = {"N": "S", "S": "N", "E": "W", "W": "E"}[side]
    seen: dict[object, Placement] = {}
    for rotation in range(4):
        for room, room_side in spec.doors:
            if rotate_side(room_side, rotation) != need:
                continue
            rx, ry = rotate_offset(*spec.rooms[room], rotation)
            p = Placement(spec.name, target[0], target[1] - rx, target[2] - ry, rotation)
            cells = cells_of(spec, p)
            if any(c in lay.owner for c in cells):
                continue
            seen.setdefault((frozenset(cells), frozenset(doors_of(spec, p))), p)
    return tuple(sorted(seen.values(), key=lambda p: (p.rotation, p.x, p.y)))


def test_l7_r5_placements_of_every_tile_behind_every_open_end_of_real_maps() -> None:
    """Every tile of the configuration behind every explorable door of maps from real
    matches: the placements offered are those found rotation by rotation."""
    from boardlab.level7_lockdown import play

    checked = fitted = 0
    for seed, scenario in enumerate(("sandbox", "9", "12", "13")):
        state = play(2, scenario=scenario, seed=seed).state
        lay = layout(state.tiles, state.links, CFG)
        for ends in lay.ends:
            for door, _ in ends:
                for spec in CFG.tiles:
                    found = placements_through(lay, spec, door)
                    assert found == _placements_by_rotation(lay, spec, door)
                    checked += 1
                    fitted += bool(found)
    assert checked > 500 and 0 < fitted < checked


def test_l7_r5_a_placed_tile_extends_the_last_maps_door_graph() -> None:
    """geometry.extended (the engine's new map after a tile is placed) equals the door
    graph derived from every placement, for every tile placed in real matches of every
    scenario; a face-down tile or an overlap is left to layout (None)."""
    from boardlab.level7_lockdown import play
    from boardlab.level7_lockdown.geometry import extended

    grown = 0
    for seed, scenario in enumerate(("sandbox", "9", "10", "11", "12", "13") * 3):
        match = play(3, scenario=scenario, seed=seed)
        for record in match.records:
            old, new = record.before, record.after
            if len(new.tiles) != len(old.tiles) + 1 or new.tiles[:-1] != old.tiles:
                continue
            cfg = new.setup.cfg
            lay = extended(layout(old.tiles, old.links, cfg), new.tiles[-1], cfg)
            full = layout(new.tiles, new.links, cfg)
            assert lay == full and list(lay.owner.items()) == list(full.owner.items())
            grown += 1
    assert grown > 50
    hub = layout((Placement("Hub", 0, 0, 0),), (), CFG)
    assert extended(hub, Placement("Corridor A1", 0, 0, 0), CFG) is None   # overlaps
    assert extended(hub, Placement("", 0, 0, 1, face_down=True, stack="A"), CFG) is None
