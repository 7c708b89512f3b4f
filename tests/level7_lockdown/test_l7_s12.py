"""Scenario 12, "The Noose Tightens" (rules/003, section "Scenario 12") and its
rulings L7-R54 … L7-R60, L7-R88, L7-R92, L7-R94, L7-R95.

The map at the start: 0 C-Lift (0,0), doors east and west, with Dr. Cronos and a swarm
token; 1 Security Lift (5,0), doors north and south, with the characters; 2–5 four
face-down tiles at (1,0) … (4,0).
"""

from __future__ import annotations

from fractions import Fraction

from boardlab.level7_lockdown import (
    CardDraw,
    Door,
    EndStep,
    Explore,
    Move,
    Roll,
    TileDraw,
    Vent,
    new_match,
    scenario,
)
from boardlab.level7_lockdown.config import Config
from boardlab.level7_lockdown.rules import RULES, Work

from .conftest import all_events, roll, rules_cited, start
from .driver import run

CLIFT, SLIFT = 0, 1
ROW = (2, 3, 4, 5)
NORTH_OF_SLIFT = ("Corridor 101-A", 0, 5, 1, 0)
#: A tile above the row's last face-down tile (4,0) (not joined to anything else).
ABOVE_ROW = ("Corridor 101-A", 0, 4, 1, 0)
#: The first face-down tile turned over: it keeps index 2.
FIRST = ("Corridor 102-B", 0, 1, 0, 0)


def s12(**kwargs):  # noqa: ANN003, ANN201
    return start(scenario="12", **{"players": 1, "enemies": {}, **kwargs})


def test_l7_s12_objective_past_dr_cronos_to_the_c_lift() -> None:
    s = new_match(2, scenario="12").state
    assert s.cronos == CLIFT and {c.tile for c in s.chars} == {SLIFT}
    w = Work(s)
    assert w.hooks.is_exit(w, CLIFT) and not w.hooks.is_exit(w, SLIFT)


def test_l7_s12_setup_set_aside_a_face_down_row_and_where_everyone_starts() -> None:
    sc = scenario("12")
    assert set(sc.unused) == {"A-Lift", "Office", "Red Lab", "Incinerator"}
    kept_out = {"C-Lift", "Security Lift", "Lair", *sc.unused}
    assert not kept_out & set(sc.pool) and len(sc.pool) == 40
    s = new_match(2, scenario="12").state
    assert [p.face_down for p in s.tiles] == [False, False, True, True, True, True]
    assert s.scn.swarms == (CLIFT,) and (len(s.stack("row")), len(s.stack("main"))) == (4, 36)
    # turning a face-down tile over draws it as if it came from the stack
    m = s12(tiles=[ABOVE_ROW], characters={"Leo": {"tile": "Corridor 101-A"}})
    m.push(Explore(Door(0, 4, 0, "N")))
    assert m.state.pending.index == 5 and dict(m.outcomes())[TileDraw("Mess Hall")] == \
        Fraction(1, 39)


def test_l7_s12_maps_leave_the_item_deck() -> None:
    s = new_match(2, scenario="12").state
    cfg = Config()
    maps = [i for i, it in enumerate(cfg.items) if it.kind == "map"]
    assert all(s.items_deck[i] == 0 for i in maps)
    assert s.scn.items_out == ("Facility Map",) * sum(cfg.items[i].copies for i in maps)


def test_l7_s12_start_vitality_5_threat_1() -> None:
    assert {(c.vitality, c.threat) for c in new_match(3, scenario="12").state.chars} == {
        (5, 1)}


def test_l7_s12_stats_the_stat_block() -> None:
    sc = scenario("12")
    assert (sc.reserves[0], sc.secure_number, sc.pack_limit) == (("guard", (1, 2, 3, 4)), 1, 2)
    assert sc.reserves[1:] == (("rogue", (1, 2, 3, 4)), ("warrior", (1, 2, 3, 4, 5, 6)),
                               ("hunter", (1, 2, 3)), ("blaster", (1, 2)))
    assert sc.hybrid_limit == (("hunter", 1), ("blaster", 1))
    assert sc.markers == ("threat", "LOCKDOWN", "POWER", "SWARM")
    assert [(sc.threat_pool(p), sc.pool_tokens(p)) for p in (1, 2, 3, 4)] == [
        (2, 3), (4, 4), (6, 5), (8, 6)]


def test_l7_s12_versus_guards_fear_4_clones_threat_4_hybrids_8() -> None:
    sc = scenario("12")
    assert (sc.guard_fear, sc.clone_threat, sc.hybrid_threat) == (4, 4, 8)


def test_l7_s12_rules_alien_zone_and_control_panels_no_peeking() -> None:
    sc = scenario("12")
    assert (sc.alien_zone, sc.peeking, sc.control_panels) == (True, False, True)


def test_l7_s12_vents_never_into_a_swarm() -> None:
    tiles = [("Storage Room", 0, 5, -1, 3), ("Pump Room", 0, 5, 1, 2)]
    m = s12(tiles=tiles, characters={"Leo": {"tile": "Storage Room"}})
    assert Vent(7) in m.legal()
    m = s12(tiles=tiles, characters={"Leo": {"tile": "Storage Room"}},
            scn={"swarms": ["C-Lift", "Pump Room"]})
    assert Vent(7) not in m.legal()


def test_l7_s12_precronos_a_token_and_one_tile_at_the_end_of_each_round() -> None:
    m = start(scenario="12", players=2, enemies={}, step="events", active="Cody")
    m.push(CardDraw("Quiet"))
    assert m.state.pending.kind == "tile_draw" and m.state.lockdown == 3   # 4 − 1
    assert m.state.pending.index == 2                                # he turns (1,0) over
    m.push(TileDraw("Mess Hall"))
    assert m.state.cronos == 2 and m.state.active == 0
    assert "L7-S12-precronos" in rules_cited(m)
    # no enemy-step activation before lockdown
    m = start(scenario="12", players=2, enemies={}, step="events")
    m.push(CardDraw("Quiet"))
    assert m.state.cronos == CLIFT and m.to_move == "Cody"


def test_l7_s12_trigger_reaching_a_character_or_the_last_token() -> None:
    m = s12(characters={"Leo": {"tile": "Corridor 102-B"}}, tiles=[FIRST], step="events")
    m.push(CardDraw("Quiet"))                                     # he reaches Leo: at once
    assert m.state.scn.locked_down and m.state.lockdown == 2 and m.state.cronos == 2
    m = s12(tiles=[NORTH_OF_SLIFT], characters={"Leo": {"tile": "Corridor 101-A"}},
            step="events")
    m.push(CardDraw("Quiet"))
    m.push(TileDraw("Mess Hall"))
    assert not m.state.scn.locked_down
    m = s12(lockdown=1, step="events")
    m.push(CardDraw("Quiet"))
    m.push(TileDraw("Mess Hall"))
    assert m.state.scn.locked_down and m.state.lockdown == 0
    assert "L7-S12-trigger" in rules_cited(m)


def test_l7_s12_departure_roll_hunter_blaster_or_a_swarm() -> None:
    tiles = [FIRST]
    base = {"tiles": tiles, "cronos": "Corridor 102-B", "step": "events",
            "characters": {"Leo": {"tile": "Security Lift"}}}
    outcomes = {Roll(strength=3): ("hunter#1", ()), Roll(intelligence=4): ("blaster#1", ()),
                Roll(strength=2, speed=0, intelligence=0): (None, (0, 2))}
    for r, (spawned, swarms) in outcomes.items():
        m = s12(**base)
        m.push(CardDraw("Quiet"))
        m.push(TileDraw("Mess Hall"))                             # he explores east
        assert m.state.pending.purpose == "departure" and m.state.pending.dice == 2
        m.push(r)
        got = [e.id for e in m.state.enemies]
        assert got == ([spawned] if spawned else []), r
        assert m.state.scn.swarms == (swarms or (0,)), r
    assert dict(RULES.outcomes(m.state._replace(pending=m.state.pending._replace(
        kind="roll", purpose="departure", dice=2, icon=""))))[Roll(strength=4)] == \
        Fraction(1, 36)


def test_l7_s12_swarm_a_three_die_attack_and_a_guard_sent_back() -> None:
    m = s12(tiles=[FIRST], cronos="Corridor 102-B",
            characters={"Leo": {"tile": "Corridor 102-B"}})
    m.push(Move(CLIFT))
    p = m.state.pending
    assert (p.purpose, p.dice, p.difficulty) == ("swarm", 3, 2)
    roll(m, strength=2)
    assert m.state.char("Leo").vitality == 4 and m.state.char("Leo").status == "escaped"
    m = s12(tiles=[FIRST], characters={"Leo": {"threat": 2, "tile": "Corridor 102-B"}},
            enemies={"guard#1": "C-Lift"}, cronos=None, step="enemies", tasks=("guards",),
            scn={"swarms": ["C-Lift", "Corridor 102-B"]})
    assert m.state.enemies == () and "L7-S12-swarm" in rules_cited(m)


def test_l7_s12_lockdown_two_dice_after_every_enemy_step_exploring_as_needed() -> None:
    m = s12(scn={"locked_down": True}, lockdown=0, step="events")
    m.push(CardDraw("Quiet"))
    assert (m.state.pending.purpose, m.state.pending.dice) == ("cronos", 2)
    roll(m, speed=2)
    assert m.state.pending.kind == "tile_draw"                    # no path: he explores
    m.push(TileDraw("Mess Hall"))
    m.push(TileDraw("Cell Block"))                                # his second move
    assert m.state.cronos == 3 and "L7-S12-lockdown" in rules_cited(m)


def test_l7_s12_escape_the_c_lift_and_an_extra_die_per_escape() -> None:
    m = start(scenario="12", players=2, enemies={}, tiles=[FIRST],
              characters={"Leo": {"tile": "Corridor 102-B"}}, cronos="Security Lift",
              scn={"locked_down": True})
    m.push(Move(CLIFT))
    roll(m)
    assert m.state.char("Leo").status == "escaped" and "L7-S12-escape" in rules_cited(m)
    m.push(CardDraw("Quiet"))
    assert m.state.pending.dice == 3


def test_l7_s12_easy_a_swarm_marker_whenever_he_leaves_a_tile() -> None:
    m = start(scenario="12", mode="easy", players=1, enemies={},
              tiles=[FIRST], cronos="Corridor 102-B", step="events")
    m.push(CardDraw("Quiet"))
    m.push(TileDraw("Mess Hall"))
    assert m.state.scn.swarms == (0, 2) and m.state.pending.kind == "move"
    assert "L7-S12-easy" in rules_cited(m)


def test_l7_s12_hard_clones_on_fear_tiles_swarms_and_nests_nearest_the_c_lift() -> None:
    tiles = [FIRST, ("Cell Block", 0, 1, 1, 0),
             ("Strong Point", 0, 1, -1, 0)]
    m = start(scenario="12", mode="hard", players=1, enemies={}, tiles=tiles, lockdown=1,
              scn={"swarms": ["C-Lift", "Corridor 102-B"]},
              characters={"Leo": {"tile": "Corridor 102-B"}}, step="events")
    m.push(CardDraw("Quiet"))
    run(m, [], until_decision=True)
    placed = [(e.data["enemy_id"], e.data["tile"]) for e in all_events(m)
              if e.rule.id == "L7-S12-hard" and e.kind == "spawn"]
    # C-Lift (swarm), Corridor 102-B (swarm), then Cell Block (fear), Strong Point (nest)
    assert placed == [("rogue#1", 0), ("rogue#2", 2), ("rogue#3", 6), ("rogue#4", 7)]
    assert "L7-S12-hard" in rules_cited(m)


def test_l7_s12_layout_neither_security_lift_door_faces_the_row_one_c_lift_door_does() -> None:
    s = new_match(2, scenario="12").state
    w = Work(s)
    row = set(ROW)
    assert [(p.x, p.y) for p in (s.tiles[i] for i in ROW)] == [(1, 0), (2, 0), (3, 0), (4, 0)]
    assert all(j not in row for _, j in w.lay.flips[SLIFT]) and not w.lay.adj[SLIFT]
    assert [j for _, j in w.lay.flips[CLIFT]] == [2] and len(w.lay.ends[CLIFT]) == 1
    assert s.tiles[CLIFT].y == s.tiles[SLIFT].y == 0 and s.tiles[SLIFT].x == 5


# -- rulings ---------------------------------------------------------------------------
def test_l7_r54_the_lair_stays_out() -> None:
    s = new_match(2, scenario="12").state
    assert "Lair" not in scenario("12").pool and "Lair" in scenario("12").set_aside
    assert not any("Lair" in ts for _, ts in s.stacks)


def test_l7_r55_turning_over_draws_from_every_unseen_tile() -> None:
    m = s12(tiles=[ABOVE_ROW], characters={"Leo": {"tile": "Corridor 101-A"}})
    m.push(Explore(Door(0, 4, 0, "N")))
    outs = m.outcomes()
    assert len(outs) == 39 and sum(p for _, p in outs) == 1       # 40 − the one placed


def test_l7_r56_exploring_toward_the_target_through_the_nearest_free_door() -> None:
    tiles = [FIRST]
    m = s12(tiles=tiles, cronos="Corridor 102-B", step="events",
            characters={"Leo": {"tile": "Security Lift"}})
    m.push(CardDraw("Quiet"))
    # from (1,0): north (1,1) and south (1,-1) are 5 from (5,0); east (2,0) is 3
    assert m.state.pending.door == Door(0, 1, 0, "E") and m.state.pending.index == 3
    assert "L7-R56" in rules_cited(m)


def test_l7_r57_the_single_move_may_go_to_guards_and_lockdown_starts_at_once() -> None:
    m = s12(enemies={"guard#1": "C-Lift"}, lockdown=1, step="events")
    m.push(CardDraw("Quiet"))
    s = m.state
    assert s.cronos == CLIFT and s.enemies == () and s.scn.locked_down
    assert s.pending.kind == "move" and s.round == 2


def test_l7_r58_a_hybrid_at_its_limit_counts_as_an_empty_reserve() -> None:
    tiles = [FIRST, NORTH_OF_SLIFT]
    m = s12(tiles=tiles, cronos="Corridor 102-B", step="events",
            enemies={"hunter#1": "Corridor 101-A"}, characters={"Leo": {"fear": 1}})
    m.push(CardDraw("Quiet"))
    m.push(Roll(strength=1))                                      # the hunters' die
    m.push(TileDraw("Mess Hall"))
    m.push(Roll(strength=3))                                      # a hunter … at its limit
    assert [e.id for e in m.state.enemies] == ["hunter#1"] and 2 in m.state.scn.swarms
    assert "L7-R58" in rules_cited(m)


def test_l7_r59_the_swarm_on_the_c_lift_first_a_knock_out_is_no_escape() -> None:
    m = s12(tiles=[FIRST], cronos="Security Lift",
            characters={"Leo": {"tile": "Corridor 102-B", "vitality": 1}})
    m.push(Move(CLIFT))
    roll(m, strength=2)
    assert m.state.char("Leo").status == "infirmary"


def test_l7_r60_one_clone_per_feature_until_the_reserves_run_out() -> None:
    tiles = [FIRST, ("Cell Block", 0, 1, 1, 0)]
    gone = [f"rogue#{n}" for n in (1, 2, 3, 4)] + [f"warrior#{n}" for n in range(1, 6)]
    m = start(scenario="12", mode="hard", players=1, tiles=tiles, lockdown=1, enemies={},
              characters={"Leo": {"tile": "Corridor 102-B"}}, scn={"boxed": gone},
              step="events")
    m.push(CardDraw("Quiet"))
    run(m, [], until_decision=True)
    placed = [e.data["tile"] for e in all_events(m)
              if e.rule.id == "L7-S12-hard" and e.kind == "spawn"]
    assert placed == [CLIFT]                                      # the last clone
    assert m.state.reserve("warrior") == () and any(
        e.kind == "spawn_none" for e in all_events(m))            # none for Cell Block


def test_l7_r88_his_tile_takes_its_first_legal_placement_and_he_steps_on() -> None:
    m = s12(cronos="C-Lift", scn={"locked_down": True}, step="enemies", tasks=("cronos",))
    roll(m, speed=1)
    m.push(TileDraw("Medical Bay"))                               # doors N, S, W
    placed = m.state.tiles[2]
    assert (placed.tile, placed.rotation) == ("Medical Bay", 0) and m.state.cronos == 2
    assert "L7-R88" in rules_cited(m)


def test_l7_r92_hard_clone_placements_respect_the_pack_limit() -> None:
    m = start(scenario="12", mode="hard", players=1, lockdown=1, tiles=[FIRST],
              characters={"Leo": {"tile": "Corridor 102-B"}},
              enemies={"rogue#1": "C-Lift", "rogue#2": "C-Lift"}, step="events")
    m.push(CardDraw("Quiet"))
    run(m, [], until_decision=True)
    assert [e.tile for e in m.state.enemies].count(CLIFT) == 2
    assert "L7-R92" in rules_cited(m)


def test_l7_r94_a_swarm_token_unless_every_hybrid_called_for_spawned() -> None:
    # a die whose first face shows two Strength and two Intelligence: both at once
    mixed = Config(die=(("Strength", "Strength", "Intelligence", "Intelligence"), ("Speed",)))
    m = start(scenario="12", players=1, enemies={"blaster#1": "Security Lift"}, tiles=[FIRST],
              cronos="Corridor 102-B", step="events", config=mixed)
    m.push(CardDraw("Quiet"))
    m.push(Roll(speed=1))                                         # blasters' die: no one
    m.push(TileDraw("Mess Hall"))
    m.push(Roll(strength=4, intelligence=4))                      # both thresholds
    assert [e.id for e in m.state.enemies] == ["hunter#1", "blaster#1"]
    assert 2 in m.state.scn.swarms                                # the blaster could not


def test_l7_r95_swarm_tokens_and_markers_are_one_kind() -> None:
    m = start(scenario="12", mode="easy", players=1, enemies={},
              tiles=[FIRST], cronos="Corridor 102-B",
              scn={"swarms": ["C-Lift", "Corridor 102-B"]}, step="events")
    m.push(CardDraw("Quiet"))
    m.push(TileDraw("Mess Hall"))
    assert m.state.scn.swarms == (0, 2)                           # no second marker
    assert not any(e.kind == "swarm" for e in all_events(m))


def test_l7_s12_a_full_round_with_two_players_before_dr_cronos_acts() -> None:
    m = start(scenario="12", players=2, enemies={})
    m.push(EndStep())
    m.push(EndStep())
    m.push(CardDraw("Quiet"))
    assert m.state.cronos == CLIFT and m.to_move == "Cody"        # not yet: Cody's turn
