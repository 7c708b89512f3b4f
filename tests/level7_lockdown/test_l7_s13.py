"""Scenario 13, "Desperate Times, Desperate Measures" (rules/003, section "Scenario
13") and its rulings L7-R61 … L7-R64, L7-R73, L7-R93.

The map at the start: 0 Corridor 104-A, rooms (0,0)–(2,0); 1 Waste Processing, rooms
(0,1)–(2,1), joined to it by the middle door of each and holding a swarm marker.
``FARM`` adds the Abandoned Lab (2) east of the corridor, the Tank Farm (3) north of
the lab and the Auxiliary Station (4) south of the corridor.
"""

from __future__ import annotations

from fractions import Fraction

from boardlab.core.conformance import check_node
from boardlab.core.events import as_events
from boardlab.level7_lockdown import (
    Attack,
    CardDraw,
    Door,
    EndStep,
    Move,
    Peek,
    Special,
    TileDraw,
    enemies,
    new_match,
    scenario,
    spawning,
)
from boardlab.level7_lockdown.game import GAME
from boardlab.level7_lockdown.rules import Work

from .conftest import roll, rules_cited, start

CORRIDOR, WASTE, LAB, FARM_I, STATION = 0, 1, 2, 3, 4
FARM = [("Abandoned Lab", 0, 3, 0, 0), ("Tank Farm", 0, 3, 1, 0),
        ("Auxiliary Station", 0, 1, -1, 0)]
USED_A = [("Corridor 102-B", 0, -1, 0, 0), ("Mess Hall", 0, -2, 0, 0),
          ("Corridor 101-A", 0, -3, 0, 0), ("Office", 0, -4, 0, 0),
          ("Cell Block", 0, -5, 0, 0), ("Squad Bay A", 0, -6, 0, 0)]
WEST_END = Door(0, -7, 0, "E")          # the west door of Squad Bay A (-6,0)


def s13(**kwargs):  # noqa: ANN003, ANN201
    return start(scenario="13", **{"players": 2, "enemies": {}, **kwargs})


def lure(**kwargs):  # noqa: ANN003, ANN201
    """Dr. Cronos on the Tank Farm (locked down), Cody at the station about to act."""
    base = {"tiles": FARM, "cronos": "Tank Farm", "scn": {"locked_down": True},
            "characters": {"Leo": {"tile": "Abandoned Lab"},
                           "Cody": {"tile": "Auxiliary Station"}},
            "active": "Cody", "step": "action"}
    base.update(kwargs)
    return s13(**base)


def test_l7_s13_objective_dr_cronos_on_the_tank_farm_when_it_blows_up() -> None:
    assert scenario("13").title == "Desperate Times, Desperate Measures"
    m = lure()
    m.push(Special("station"))
    roll(m, intelligence=5)
    assert m.is_over and m.state.scn.result == "win"


def test_l7_s13_setup_the_middle_doors_the_swarm_and_the_stacks() -> None:
    s = new_match(2, scenario="13").state
    w = Work(s)
    assert w.lay.adj[CORRIDOR] == ((WASTE, Door(0, 1, 0, "N")),)   # middle to middle only
    assert s.scn.swarms == (WASTE,) and {c.tile for c in s.chars} == {CORRIDOR}
    assert s.stack("aside") == ("Tank Farm",)
    assert s.stack("objective") == ("Abandoned Lab", "Auxiliary Station", "Lair")
    assert [(n, len(t)) for n, t in s.stacks][:3] == [("A", 6), ("B", 8), ("final", 27)]


def test_l7_s13_start_vitality_5_threat_0_and_no_threat_ever() -> None:
    s = new_match(3, scenario="13").state
    assert {(c.vitality, c.threat) for c in s.chars} == {(5, 0)}
    m = s13(enemies={"rogue#1": "Corridor 104-A"}, step="action")
    m.push(Attack("rogue#1"))
    roll(m, strength=1)
    assert m.state.char("Leo").threat == 0 and m.state.threat_pool == 24
    w = Work(m.state)
    spawning.gain_threat(w, 0, "a test")
    assert w.chars[0].threat == 0 and as_events(w.events)[-1].rule.id == "L7-S13-start"


def test_l7_s13_stats_the_stat_block() -> None:
    sc = scenario("13")
    assert sc.reserves[1:3] == (("rogue", (1, 2)), ("warrior", tuple(range(1, 9))))
    assert (sc.pack_limit, sc.reserves[0], sc.secure_number) == (2, ("guard", (1, 2, 3, 4)), 1)
    assert (sc.markers, sc.threat_pool(2), sc.pool_tokens(4)) == (("threat", "LOCKDOWN"), 24,
                                                                  0)


def test_l7_s13_waste_no_entry_while_its_swarm_marker_is_there() -> None:
    m = s13()
    assert Move(WASTE) not in m.legal()
    m = s13(scn={"exit_open": True}, mode="hard")
    assert Move(WASTE) not in m.legal()                           # the swarm is still there


def test_l7_s13_aux_intelligence_5_blows_up_the_tank_farm_and_all_on_it() -> None:
    m = lure(enemies={"rogue#1": "Tank Farm"},
             characters={"Leo": {"tile": "Tank Farm"}, "Cody": {"tile": "Auxiliary Station"}})
    assert Special("station") in m.legal()
    m.push(Special("station"))
    assert (m.state.pending.icon, m.state.pending.difficulty) == ("Intelligence", 5)
    roll(m, intelligence=5)
    s = m.state
    assert s.tiles[FARM_I].removed and s.char("Leo").status == "dead"
    assert s.enemies == () and s.scn.boxed == (("rogue", 1),)
    assert s.char("Cody").status == "won"
    m = lure()
    m.push(Special("station"))
    roll(m, intelligence=4)                                       # one short: nothing
    assert not m.state.tiles[FARM_I].removed


def test_l7_s13_trigger_finding_the_lair_starts_lockdown() -> None:
    m = s13(tiles=USED_A, characters={"Leo": {"tile": "Squad Bay A"}})
    m.push(Peek(WEST_END))
    roll(m, intelligence=1)
    m.push(TileDraw("Lair"))
    m.push(m.legal()[0])                                          # where the Lair goes
    assert m.state.scn.locked_down and "L7-S13-trigger" in rules_cited(m)


def test_l7_s13_lockdown_cronos_in_the_lair_the_pool_and_his_dice() -> None:
    m = s13(tiles=USED_A, characters={"Leo": {"tile": "Squad Bay A"}})
    m.push(Peek(WEST_END))
    roll(m, intelligence=1)
    m.push(TileDraw("Lair"))
    m.push(m.legal()[0])
    m.push(EndStep())
    assert m.state.cronos == -1
    m.push(CardDraw("Quiet"))
    assert m.state.cronos == 8 and m.state.lockdown == 0          # the Lair: tile 8
    m = s13(cronos="Corridor 104-A", scn={"locked_down": True}, lockdown=3,
            characters={"Leo": {"tile": "Corridor 104-A"}}, step="events")
    m.push(CardDraw("Quiet"))
    assert m.state.lockdown == 0                                  # with a character: empty
    m = s13(tiles=FARM, cronos="Tank Farm", scn={"locked_down": True}, lockdown=2,
            step="events")
    m.push(CardDraw("Quiet"))
    assert (m.state.lockdown, m.state.pending.dice) == (3, 3)
    assert "L7-S13-lockdown" in rules_cited(m)


def test_l7_s13_versus_guards_fear_6_clones_threat_6() -> None:
    sc = scenario("13")
    assert (sc.guard_fear, sc.clone_threat) == (6, 6)
    w = Work(s13(enemies={"guard#1": "Corridor 104-A", "rogue#1": "Corridor 104-A"}).state)
    assert [(t.id, t.value) for t in enemies.targets_for(w, w.find_enemy("rogue#1"))][0] == (
        "guard#1", 6)


def test_l7_s13_rules_alien_zone_peeking_and_control_panels() -> None:
    sc = scenario("13")
    assert (sc.alien_zone, sc.peeking, sc.control_panels) == (True, True, True)


def test_l7_s13_peek_a_random_objective_a_fear_and_the_tank_farm() -> None:
    m = s13(tiles=USED_A, characters={"Leo": {"tile": "Squad Bay A"}})
    m.push(Peek(WEST_END))
    roll(m, intelligence=1)
    assert m.outcomes() == tuple((TileDraw(t), Fraction(1, 3)) for t in (
        "Abandoned Lab", "Auxiliary Station", "Lair"))
    m.push(TileDraw("Abandoned Lab"))
    s = m.state
    assert s.char("Leo").fear == 2 and [p.tile for p in s.tiles][-2:] == ["Abandoned Lab",
                                                                          "Tank Farm"]
    w = Work(s)
    assert any(j == len(s.tiles) - 2 for j, _ in w.lay.adj[len(s.tiles) - 1])
    done = s13(tiles=[*USED_A, *FARM, ("Lair", 0, -7, 0, 1)],
               characters={"Leo": {"tile": "Squad Bay A"}})
    assert not any(isinstance(c, Peek) for c in done.legal())    # all three found


def test_l7_s13_escape_dr_cronos_dies_and_the_characters_win() -> None:
    m = lure()
    m.push(Special("station"))
    roll(m, intelligence=5)
    s = m.state
    assert s.cronos == -1 and s.scn.killed == 1 and m.scores() == {"Leo": 1, "Cody": 1}
    assert "L7-S13-escape" in rules_cited(m) and GAME.winners(m) == ("Leo", "Cody")


def test_l7_s13_easy_the_access_is_intelligence_4() -> None:
    m = lure(mode="easy")
    m.push(Special("station"))
    assert m.state.pending.difficulty == 4
    roll(m, intelligence=4)
    assert m.state.scn.result == "win" and "L7-S13-easy" in rules_cited(m)


def test_l7_s13_hard_no_win_waste_processing_opens_and_aliens_act_again() -> None:
    m = lure(mode="hard")
    m.push(Special("station"))
    roll(m, intelligence=5)
    s = m.state
    assert not m.is_over and s.scn.exit_open and s.scn.swarms == ()
    assert {c.status for c in s.chars} == {"inside"}
    m.push(CardDraw("Quiet"))                                     # Cody's turn ends
    m.push(Move(CORRIDOR))                                        # Leo: the lab, corridor
    m.push(Move(WASTE))
    assert m.state.char("Leo").status == "escaped" and "L7-S13-hard" in rules_cited(m)


def test_l7_s13_solo_advice_to_play_two_characters() -> None:
    alone = GAME.title(new_match(1, scenario="13"))
    assert "alone, play at least two characters" in alone
    assert "at least two" not in GAME.title(new_match(1, scenario="13",
                                                      characters=("Leo", "Cody")))


def test_l7_r61_the_station_needs_the_tank_farm_and_without_him_it_is_defeat() -> None:
    m = s13(tiles=FARM[::2], characters={"Leo": {"tile": "Auxiliary Station"}},
            step="action")
    assert Special("station") not in m.legal()                    # no Tank Farm yet
    m = lure(cronos="Abandoned Lab")
    m.push(Special("station"))
    roll(m, intelligence=5)
    assert m.is_over and m.state.scn.result == "defeat" and m.scores() == {"Leo": 0,
                                                                           "Cody": 0}
    assert "L7-R61" in rules_cited(m) and GAME.result_lines(m)[-2] == "Defeat: Dr. Cronos lives"


def test_l7_r62_placed_after_the_pool_check_the_pool_grows_next_step() -> None:
    m = s13(tiles=[*FARM, ("Lair", 0, 4, 1, 1)], scn={"locked_down": True}, step="events")
    m.push(CardDraw("Quiet"))
    assert m.state.cronos == 5 and m.state.lockdown == 0
    assert [e.kind for e in m.events].index("cronos_placed") > 0
    assert not any(e.kind == "pool" for e in m.events)
    m.push(EndStep())
    m.push(EndStep())
    m.push(CardDraw("Supply Drop"))
    assert m.state.lockdown == 1 and "L7-R62" in rules_cited(m)


def test_l7_r63_everyone_still_in_play_wins_the_dead_do_not() -> None:
    m = start(scenario="13", players=3, enemies={}, tiles=FARM, cronos="Tank Farm",
              scn={"locked_down": True}, active="Cody", step="action",
              characters={"Leo": {"tile": "Tank Farm"}, "Cody": {"tile": "Auxiliary Station"},
                          "Brent": {"status": "infirmary"}})
    m.push(Special("station"))
    roll(m, intelligence=5)
    assert {c.name: c.status for c in m.state.chars} == {"Leo": "dead", "Cody": "won",
                                                          "Brent": "won"}


def test_l7_r64_no_room_beside_the_lab_the_nearest_tile_with_room() -> None:
    # the lab boxed in on every side: the Tank Farm goes behind the first free door of
    # the tiles one door away — Corridor 104-A, Corridor 102-B, Cell Block, Office —, the
    # earliest placed first (L7-R24): the corridor's west door
    tiles = [("Abandoned Lab", 0, 3, 0, 0), ("Corridor 102-B", 0, 3, 1, 0),
             ("Cell Block", 0, 4, 0, 0), ("Office", 0, 3, -1, 0)]
    w = Work(s13(tiles=tiles).state)
    w.hooks.place_tank_farm(w)
    farm = w.tiles[-1]
    assert (farm.tile, farm.x, farm.y) == ("Tank Farm", -1, 0)
    assert as_events(w.events)[-1].rule.id == "L7-R64"
    assert "next to Corridor 104-A" in as_events(w.events)[-1].summary


def test_l7_r73_the_extra_activation_starts_the_turn_after_his_death() -> None:
    m = lure(mode="hard", enemies={"rogue#1": "Corridor 104-A"})
    m.push(Special("station"))
    roll(m, intelligence=5)
    m.push(CardDraw("Quiet"))
    assert not any(e.rule.id == "L7-R73" for e in m.events)       # not in the same turn
    m.push(EndStep())
    m.push(EndStep())
    m.push(CardDraw("Supply Drop"))
    assert any(e.rule.id == "L7-R73" for e in m.events)


def test_l7_r93_first_place_by_door_order_else_it_waits_for_the_next_tile() -> None:
    w = Work(s13(tiles=[("Abandoned Lab", 0, 3, 0, 0)]).state)
    w.hooks.place_tank_farm(w)
    farm = w.tiles[-1]
    assert (farm.tile, farm.x, farm.y) == ("Tank Farm", 3, 1)     # the lab's north door
    assert w.stack_tiles("aside") == () and as_events(w.events)[-1].rule.id == "L7-S13-peek"
    # nowhere to go: it waits, and the next tile placed tries again
    w = Work(s13(tiles=[("Abandoned Lab", 0, 3, 0, 0)]).state)
    w._lay = w.lay._replace(ends=tuple(() for _ in w.tiles))      # every door taken
    w.hooks.place_tank_farm(w)
    assert w.stack_tiles("aside") == ("Tank Farm",) and as_events(w.events)[-1].rule.id == "L7-R93"
    w._lay_for = None                                             # the map changes
    w.hooks.after_place(w, CORRIDOR, "explore")
    assert w.stack_tiles("aside") == () and w.tiles[-1].tile == "Tank Farm"


def test_l7_r101_the_markers_on_the_tank_farms_doors_leave_with_it() -> None:
    # Found by the 10^5-match soak (issue 26): a barricade stayed on a door of the
    # destroyed Tank Farm, a door that joins nothing. Hard mode, so the match goes on.
    to_lab, to_waste, middle = Door(0, 3, 0, "N"), Door(0, 2, 1, "E"), Door(0, 1, 0, "N")
    m = lure(mode="hard", locked=[to_waste], barricades={to_lab: 1, middle: 2})
    m.push(Special("station"))
    roll(m, intelligence=5)
    s = m.state
    assert s.tiles[FARM_I].removed and not m.is_over
    assert s.locked == () and s.barricades == ((middle, 2),)     # the corridor's stays
    gone = [e for e in as_events(m.records[-1].events) if e.kind == "doors_gone"]
    assert [e.rule.id for e in gone] == ["L7-R101"]
    assert gone[0].summary == ("The Tank Farm's doors are gone, and the markers on them "
                               "leave play: 0:(2,1)E, 0:(3,0)N")
    assert check_node(GAME.rules, s) == []
    m = lure()                                                   # no marker: no event
    m.push(Special("station"))
    roll(m, intelligence=5)
    assert "doors_gone" not in {e.kind for e in as_events(m.records[-1].events)}
