"""Scenario 10, "Another Way Out" (rules/003, section "Scenario 10") and its rulings
L7-R46 … L7-R48, L7-R96.

The map at the start: 0 Security Lift (0,0), doors north and south, everyone on it.
``LINE`` adds Corridor 102-B (1) north of it and the Red Lab (2) north of that.
"""

from __future__ import annotations

from fractions import Fraction

from boardlab.level7_lockdown import (
    Attack,
    CardDraw,
    Door,
    EndStep,
    Move,
    Peek,
    Special,
    TileDraw,
    Vent,
    enemies,
    new_match,
    scenario,
)
from boardlab.level7_lockdown.rules import RULES, Work
from boardlab.level7_lockdown.scenarios.s10 import LABS

from .conftest import roll, rules_cited, start

LIFT, HALL, LAB = 0, 1, 2
LINE = [("Corridor 102-B", 0, 0, 1, 0), ("Red Lab", 0, 0, 2, 2)]
EXIT_EAST_OF_HALL = ("Environmental Control Room", 0, 1, 1, 2)
NONE_LEFT = {"scn": {"boxed": [f"rogue#{n}" for n in range(1, 7)] +
                     [f"warrior#{n}" for n in range(1, 5)]}}


def s10(**kwargs):  # noqa: ANN003, ANN201
    return start(scenario="10", **{"players": 1, "enemies": {}, **kwargs})


def test_l7_s10_objective_samples_out_clones_out_then_the_vents() -> None:
    m = new_match(2, scenario="10")
    assert scenario("10").title == "Another Way Out"
    assert "Environmental Control Room" in m.state.stack("objective")
    w = Work(m.state)
    assert not w.hooks.is_exit(w, LIFT)                           # no exit at the start


def test_l7_s10_setup_stack_a_6_stack_b_11_and_the_labs_a_final_stack() -> None:
    s = new_match(2, scenario="10").state
    assert [p.tile for p in s.tiles] == ["Security Lift"] and {c.tile for c in s.chars} == {0}
    stacks = dict(s.stacks)
    assert [len(stacks[n]) for n in ("A", "B", "final")] == [6, 18, 21]
    assert sorted(t for t in stacks["B"] if t != "*") == sorted(LABS)
    assert all(t == "*" for t in stacks["A"] + stacks["final"])
    lab_tiles = {t.name for t in s.cfg.tiles if "lab" in t.features}
    assert lab_tiles == set(LABS) and "Environmental Control Room" not in scenario("10").pool
    # exploring draws from A first, B only once A is empty
    m = new_match(1, scenario="10")
    m.push(m.legal()[1])
    assert m.state.pending.stack == "A" and TileDraw("Red Lab") not in dict(m.outcomes())


def test_l7_s10_start_vitality_5_threat_1() -> None:
    assert {(c.vitality, c.threat) for c in new_match(4, scenario="10").state.chars} == {
        (5, 1)}


def test_l7_s10_stats_the_stat_block() -> None:
    sc = scenario("10")
    assert (sc.reserves[0], sc.secure_number, sc.pack_limit) == (("guard", (1, 2, 3, 4)), 1, 2)
    assert sc.reserves[1:3] == (("rogue", (1, 2, 3, 4, 5, 6)), ("warrior", (1, 2, 3, 4)))
    assert sc.markers == ("threat", "LOCKDOWN", "SWARM")
    assert [sc.threat_pool(p) for p in (1, 2, 3, 4)] == [2, 4, 6, 8]
    assert new_match(3, scenario="10").state.lockdown == 1


def test_l7_s10_versus_guards_fear_4_clones_threat_4() -> None:
    sc = scenario("10")
    assert (sc.guard_fear, sc.clone_threat) == (4, 4)
    w = Work(s10(tiles=LINE, enemies={"guard#1": "Red Lab", "rogue#1": "Corridor 102-B"},
                 characters={"Leo": {"fear": 3}}).state)
    assert [(t.id, t.value) for t in enemies.targets_for(w, w.find_enemy("rogue#1"))][0] == (
        "guard#1", 4)


def test_l7_s10_rules_alien_zone_and_peeking() -> None:
    sc = scenario("10")
    assert (sc.alien_zone, sc.peeking, sc.control_panels) == (True, True, False)


def test_l7_s10_peek_places_the_environmental_control_room() -> None:
    used_a = [("Corridor 102-B", 0, 0, 1, 0), ("Mess Hall", 0, 0, 2, 0),
              ("Corridor 101-A", 0, 0, 3, 0), ("Office", 0, 0, 4, 0),
              ("Cell Block", 0, 0, 5, 0), ("Tank Farm", 0, 0, 6, 0)]
    m = s10(tiles=used_a, characters={"Leo": {"tile": "Tank Farm"}})
    m.push(Peek(Door(0, 0, 6, "N")))
    roll(m, intelligence=1)
    assert m.outcomes() == ((TileDraw("Environmental Control Room"), Fraction(1)),)


def test_l7_s10_boxed_a_defeated_clone_goes_to_the_box() -> None:
    m = s10(enemies={"rogue#1": "Security Lift"}, step="action")
    m.push(Attack("rogue#1"))
    roll(m, strength=1)
    s = m.state
    assert s.scn.boxed == (("rogue", 1),) and 1 not in s.reserve("rogue")
    assert "L7-S10-boxed" in rules_cited(m)


def test_l7_s10_cabinet_strength_3_a_swarm_nest_and_threat_tokens() -> None:
    m = s10(tiles=LINE, characters={"Leo": {"tile": "Red Lab", "items": ("Pipe Wrench",)}},
            step="action")
    m.push(Special("cabinet"))
    p = m.state.pending
    assert (p.icon, p.difficulty, p.dice) == ("Strength", 3, 4)   # the weapon helps
    roll(m, strength=3)
    assert m.state.scn.swarms == (LAB,) and m.state.pending.purpose == "cabinet"
    assert m.state.pending.dice == 1
    roll(m, intelligence=2)
    assert m.state.threat_pool == 0                               # 2 per player, 1 player
    # the swarm marker spawns clones as a nest would
    m.push(CardDraw("Footsteps"))
    assert m.state.enemies[0].tile == LAB and "L7-S10-cabinet" in rules_cited(m)


def test_l7_s10_trigger_a_turn_ending_with_empty_clone_reserves() -> None:
    m = s10(step="events", **NONE_LEFT)
    assert not m.state.scn.locked_down
    m.push(CardDraw("Quiet"))
    assert m.state.scn.locked_down and "L7-S10-trigger" in rules_cited(m)


def test_l7_s10_lockdown_cronos_on_the_lift_and_the_pool() -> None:
    m = s10(step="events", **NONE_LEFT)
    m.push(CardDraw("Quiet"))
    assert m.state.cronos == LIFT and m.state.lockdown == 1
    m = s10(tiles=LINE, characters={"Leo": {"tile": "Red Lab"}}, cronos="Security Lift",
            scn={"locked_down": True}, lockdown=2, step="events")
    m.push(CardDraw("Quiet"))
    assert m.state.lockdown == 3
    m = s10(cronos="Security Lift", scn={"locked_down": True}, lockdown=5, step="events")
    m.push(CardDraw("Quiet"))
    assert m.state.lockdown == 0 and "L7-S10-lockdown" in rules_cited(m)


def test_l7_s10_cronos_one_die_per_token_after_the_enemy_step() -> None:
    m = s10(tiles=LINE, characters={"Leo": {"tile": "Red Lab"}}, cronos="Security Lift",
            scn={"locked_down": True}, lockdown=2, step="events")
    m.push(CardDraw("Quiet"))
    assert (m.state.pending.purpose, m.state.pending.dice) == ("cronos", 3)
    roll(m, speed=1)
    assert m.state.cronos == HALL and "L7-S10-cronos" in rules_cited(m)


def test_l7_s10_escape_the_environmental_control_room_once_the_clones_are_out() -> None:
    tiles = [*LINE, EXIT_EAST_OF_HALL]
    m = s10(tiles=tiles, characters={"Leo": {"tile": "Corridor 102-B"}})
    m.push(Move(3))
    assert m.state.char("Leo").status == "inside"                 # not yet the exit
    m = s10(tiles=tiles, characters={"Leo": {"tile": "Corridor 102-B"}},
            scn={"locked_down": True, "exit_open": True})
    m.push(Move(3))
    assert m.state.char("Leo").status == "escaped" and "L7-S10-escape" in rules_cited(m)


def test_l7_s10_easy_eight_clones() -> None:
    assert scenario("10", "easy").reserves[1:3] == (("rogue", (1, 2, 3, 4, 5, 6)),
                                                    ("warrior", (1, 2)))
    m = start(scenario="10", mode="easy", players=1, enemies={}, step="events",
              scn={"boxed": [f"rogue#{n}" for n in range(1, 7)] + ["warrior#1", "warrior#2"]})
    m.push(CardDraw("Quiet"))
    assert m.state.scn.locked_down


def test_l7_s10_hard_clones_go_back_to_the_reserves() -> None:
    m = start(scenario="10", mode="hard", players=1, enemies={"rogue#1": "Security Lift"},
              step="action")
    m.push(Attack("rogue#1"))
    roll(m, strength=1)
    assert m.state.scn.boxed == () and 1 in m.state.reserve("rogue")


def test_l7_r46_stack_b_holds_11_tiles_and_the_7_labs() -> None:
    s = new_match(1, scenario="10").state
    assert len(s.stack("B")) == 18 and s.stack("B").count("*") == 11


def test_l7_r47_a_lab_cabinet_breaks_once() -> None:
    m = s10(tiles=LINE, characters={"Leo": {"tile": "Red Lab"}}, scn={"swarms": ["Red Lab"]},
            step="action")
    assert Special("cabinet") not in m.legal()
    m = s10(tiles=LINE, characters={"Leo": {"tile": "Corridor 102-B"}}, step="action")
    assert Special("cabinet") not in m.legal()                    # not a lab


def test_l7_r48_lockdown_and_the_exit_latch_even_in_hard_mode() -> None:
    # every clone out of the reserves (the warriors put in the box by hand)
    m = start(scenario="10", mode="hard", players=1, step="action",
              enemies={**{f"rogue#{n}": "Security Lift" for n in (1, 2)},
                       **{f"rogue#{n}": "Corridor 102-B" for n in (3, 4)},
                       **{f"rogue#{n}": "Red Lab" for n in (5, 6)}}, tiles=LINE,
              scn={"boxed": [f"warrior#{n}" for n in range(1, 5)]})
    m.push(EndStep())
    m.push(CardDraw("Quiet"))
    assert m.state.scn.locked_down and m.state.scn.exit_open
    m.push(EndStep())                                             # Leo's next turn
    m.push(Attack("rogue#1"))
    roll(m, strength=1)                                           # back to the reserves
    m.push(CardDraw("Supply Drop"))
    assert m.state.reserve("rogue") == (1,)
    assert m.state.scn.locked_down and m.state.scn.exit_open      # still open


def test_l7_r96_reaching_means_moving_onto_it_while_it_is_the_exit() -> None:
    tiles = [*LINE, EXIT_EAST_OF_HALL]
    m = s10(tiles=tiles, characters={"Leo": {"tile": "Environmental Control Room"}},
            step="events", **NONE_LEFT)
    m.push(CardDraw("Quiet"))                                     # the exit opens under him
    assert m.state.scn.exit_open and m.state.char("Leo").status == "inside"
    assert Move(HALL) in RULES.legal(m.state)
    # through the vents counts as reaching it
    m = s10(tiles=[*tiles, ("Storage Room", 0, -1, 0, 1)],
            characters={"Leo": {"tile": "Storage Room"}},
            scn={"locked_down": True, "exit_open": True})
    m.push(Vent(3))
    assert m.state.char("Leo").status == "escaped"
