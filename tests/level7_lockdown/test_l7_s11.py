"""Scenario 11, "Into the Mouth of Hell" (rules/003, section "Scenario 11") and its
rulings L7-R49 … L7-R53, L7-R75.

The map at the start: 0 Corridor 104-A, three rooms (0,0)–(2,0) on LEVEL 4 (floor 0).
``DOWN`` adds the Airlock (1) east of it — its western side room joins the corridor's
east door — and the Security Lift (2) at (0,0) of LEVEL 5 (floor 1), linked to it.
"""

from __future__ import annotations

from fractions import Fraction

from boardlab.level7_lockdown import (
    Access,
    CardDraw,
    Door,
    EndStep,
    Explore,
    Move,
    Peek,
    Place,
    Roll,
    TileDraw,
    enemies,
    new_match,
    scenario,
)
from boardlab.level7_lockdown.rules import Work

from .conftest import roll, rules_cited, start

CORRIDOR, AIRLOCK, LIFT = 0, 1, 2
DOWN = {"tiles": [("Airlock", 0, 3, -1, 0), ("Security Lift", 1, 0, 0, 0)],
        "links": [("Airlock", "Security Lift")]}
EAST_DOOR = Door(0, 2, 0, "E")
USED_A4 = [("Corridor 102-B", 0, 0, -1, 0), ("Mess Hall", 0, 0, -2, 0),
           ("Corridor 101-A", 0, 0, -3, 0), ("Office", 0, 0, -4, 0),
           ("Cell Block", 0, 0, -5, 0), ("Tank Farm", 0, 0, -6, 0)]


def s11(**kwargs):  # noqa: ANN003, ANN201
    return start(scenario="11", **{"players": 1, "enemies": {}, **kwargs})


def test_l7_s11_objective_airlock_down_then_the_a_lift() -> None:
    s = new_match(2, scenario="11").state
    assert (s.stack("airlock"), s.stack("a-lift")) == (("Airlock",), ("A-Lift",))
    w = Work(s11(tiles=[*DOWN["tiles"], ("A-Lift", 1, 0, 1, 0)], links=DOWN["links"]).state)
    assert [i for i in range(4) if w.hooks.is_exit(w, i)] == [3]


def test_l7_s11_setup_corridor_104_a_and_a_stack_table_per_floor() -> None:
    s = new_match(3, scenario="11").state
    assert [p.tile for p in s.tiles] == ["Corridor 104-A"] and {c.tile for c in s.chars} == {0}
    assert [(n, len(t)) for n, t in s.stacks][:5] == [("A4", 6), ("B4", 6), ("A5", 2),
                                                      ("B5", 6), ("final", 23)]
    assert dict(scenario("11").stack_floors) == {"A4": 0, "B4": 0, "A5": 1, "B5": 1,
                                                 "airlock": 0, "a-lift": 1}
    m = new_match(1, scenario="11")
    m.push(Explore(EAST_DOOR))
    assert m.state.pending.stack == "A4"
    m = s11(characters={"Leo": {"tile": "Security Lift"}}, **DOWN)
    m.push(Explore(Door(1, 0, 0, "N")))
    assert m.state.pending.stack == "A5"                          # the floor's own stack


def test_l7_s11_start_vitality_5_threat_1() -> None:
    assert {(c.vitality, c.threat) for c in new_match(2, scenario="11").state.chars} == {
        (5, 1)}


def test_l7_s11_stats_the_stat_block() -> None:
    sc = scenario("11")
    assert (sc.reserves[0], sc.secure_number, sc.pack_limit) == (("guard", (1, 2, 3, 4)), 1, 2)
    assert sc.reserves[1:3] == (("rogue", (1, 2, 3, 4)), ("warrior", (1, 2, 3, 4, 5, 6)))
    assert sc.hybrid_limit == (("blaster", 1),) and sc.markers == ("threat", "LOCKDOWN",
                                                                   "POWER")
    assert (sc.threat_pool(1), sc.threat_pool(4), sc.pool_tokens(4)) == (24, 24, 1)


def test_l7_s11_versus_guards_fear_4_clones_threat_4_blasters_8() -> None:
    sc = scenario("11")
    assert (sc.guard_fear, sc.clone_threat, sc.hybrid_threat) == (4, 4, 8)
    w = Work(s11(enemies={"guard#1": "Corridor 104-A", "rogue#1": "Corridor 104-A",
                          "blaster#1": "Corridor 104-A"}, characters={"Leo": {"threat": 5}}).state)
    assert [(t.id, t.value) for t in enemies.targets_for(w, w.find_enemy("guard#1"))] == [
        ("blaster#1", 8), ("Leo", 5), ("rogue#1", 4)]


def test_l7_s11_rules_alien_zone_peeking_and_control_panels() -> None:
    sc = scenario("11")
    assert (sc.alien_zone, sc.peeking, sc.control_panels) == (True, True, True)
    m = s11(tiles=[("Office", 0, 3, 0, 0)], characters={"Leo": {"tile": "Office"}},
            step="action")
    assert Access(EAST_DOOR, True) in m.legal()


def test_l7_s11_peek_upper_floor_the_airlock_and_its_aliens_lower_the_a_lift() -> None:
    m = s11(tiles=USED_A4)
    m.push(Peek(EAST_DOOR))
    roll(m, intelligence=1)
    assert m.outcomes() == ((TileDraw("Airlock"), Fraction(1)),)
    m.push(TileDraw("Airlock"))
    m.push(Place(3, -1, 0))
    s = m.state
    assert [(e.id, e.tile) for e in s.enemies] == [("rogue#1", 7), ("rogue#2", 7),
                                                  ("blaster#1", 7), ("blaster#2", 7)]
    assert "L7-S11-peek" in rules_cited(m)
    used_a5 = [("Corridor A1", 1, 0, 1, 0), ("Squad Bay A", 1, 0, 2, 0)]
    m = s11(characters={"Leo": {"tile": "Squad Bay A"}}, tiles=[*DOWN["tiles"], *used_a5],
            links=DOWN["links"])
    m.push(Peek(Door(1, 0, 2, "N")))
    roll(m, intelligence=1)
    assert m.outcomes() == ((TileDraw("A-Lift"), Fraction(1)),)


def test_l7_s11_floors_one_move_between_the_elevator_and_the_lift() -> None:
    m = s11(characters={"Leo": {"tile": "Airlock"}}, **DOWN)
    assert Move(LIFT) in m.legal()
    m.push(Move(LIFT))
    assert m.state.char("Leo").tile == LIFT and m.state.moves == 1
    # an enemy walks the same way toward its target
    m = s11(characters={"Leo": {"tile": "Security Lift"}}, enemies={"rogue#1": "Airlock"},
            step="enemies", tasks=("clones",), **DOWN)
    assert m.state.enemies[0].tile == LIFT


def test_l7_s11_trigger_the_first_character_on_the_security_lift() -> None:
    m = s11(characters={"Leo": {"tile": "Airlock"}}, **DOWN)
    m.push(Move(LIFT))
    assert m.state.scn.trigger and not m.state.scn.locked_down
    m.push(EndStep())
    m.push(EndStep())
    m.push(CardDraw("Quiet"))
    assert m.state.scn.locked_down and "L7-S11-trigger" in rules_cited(m)


def test_l7_s11_lockdown_cronos_on_corridor_104_a_and_the_pool_kept_at_one() -> None:
    m = s11(characters={"Leo": {"tile": "Security Lift"}}, scn={"trigger": True},
            step="events", **DOWN)
    m.push(CardDraw("Quiet"))
    assert m.state.cronos == CORRIDOR and m.state.lockdown == 1
    m = s11(cronos="Corridor 104-A", lockdown=4, scn={"locked_down": True}, step="events")
    m.push(CardDraw("Quiet"))
    assert m.state.lockdown == 1 and "L7-S11-lockdown" in rules_cited(m)   # all but one
    m = s11(cronos="Airlock", characters={"Leo": {"tile": "Security Lift"}}, lockdown=2,
            scn={"locked_down": True}, step="events", **DOWN)
    m.push(CardDraw("Quiet"))
    assert m.state.lockdown == 3
    # LOCKDOWN and POWER tokens share the pool but count apart (L7-R26)
    m = s11(cronos="Corridor 104-A", lockdown=4, scn={"locked_down": True}, step="events",
            enemies={"blaster#1": ("Airlock", 3)}, **DOWN)
    m.push(CardDraw("Quiet"))
    assert m.state.lockdown == 1 and m.state.enemies[0].power == 3
    assert m.state.pending.dice == 1                              # the blasters' die


def test_l7_s11_cronos_one_die_per_token_crossing_floors() -> None:
    m = s11(cronos="Corridor 104-A", characters={"Leo": {"tile": "Security Lift"}},
            lockdown=1, scn={"locked_down": True}, step="events", **DOWN)
    m.push(CardDraw("Quiet"))
    assert m.state.pending.dice == 2
    roll(m, speed=3)
    assert m.state.cronos == LIFT and "L7-S11-cronos" in rules_cited(m)


def test_l7_s11_escape_reaching_the_a_lift() -> None:
    m = s11(characters={"Leo": {"tile": "Security Lift"}},
            tiles=[*DOWN["tiles"], ("A-Lift", 1, 0, 1, 0)], links=DOWN["links"])
    m.push(Move(3))
    assert m.state.char("Leo").status == "escaped" and "L7-S11-escape" in rules_cited(m)


def test_l7_s11_easy_a_bull_rush_gets_past_the_airlock_aliens() -> None:
    m = start(scenario="11", mode="easy", players=1, characters={"Leo": {"tile": "Airlock"}},
              enemies={"rogue#1": "Airlock"}, **DOWN)
    assert Move(LIFT, "bullrush") in m.legal()
    m.push(Move(LIFT, "bullrush"))
    roll(m, strength=1)
    assert m.state.char("Leo").tile == LIFT


def test_l7_s11_hard_the_pool_starts_with_two_tokens() -> None:
    assert new_match(2, scenario="11", mode="hard").state.lockdown == 2
    assert new_match(2, scenario="11").state.lockdown == 1


def test_l7_s11_airlock_aliens_wait_and_nobody_slips_past_them() -> None:
    m = s11(tiles=USED_A4, characters={"Leo": {"fear": 4}})
    m.push(Peek(EAST_DOOR))
    roll(m, intelligence=1)
    m.push(TileDraw("Airlock"))
    m.push(Place(3, -1, 0))
    m.push(EndStep())
    m.push(CardDraw("Hunger"))                                    # two clone activations
    assert all(e.tile == 7 for e in m.state.enemies)             # not this turn
    assert "L7-S11-airlock" in rules_cited(m)
    m = s11(characters={"Leo": {"tile": "Airlock"}}, enemies={"rogue#1": "Airlock"}, **DOWN)
    assert not any(getattr(c, "to", None) == LIFT for c in m.legal())


def test_l7_r49_five_piles_two_per_floor_and_one_shared_final_stack() -> None:
    s = new_match(1, scenario="11").state
    empty = {"A4", "B4", "A5", "B5"}
    w = Work(s._replace(stacks=tuple((n, () if n in empty else t) for n, t in s.stacks)))
    assert w.hooks.draw_stack(w, w.me, "") == "final"
    lower = w.me._replace(tile=0)
    assert w.hooks.draw_stack(w, lower, "") == "final"


def test_l7_r50_the_security_lift_starts_level_5_with_the_airlock() -> None:
    m = s11(tiles=USED_A4)
    m.push(Peek(EAST_DOOR))
    roll(m, intelligence=1)
    m.push(TileDraw("Airlock"))
    m.push(Place(3, -1, 0))
    s = m.state
    assert s.tiles[8] == s.tiles[8]._replace(tile="Security Lift", floor=1, x=0, y=0)
    assert s.links == ((7, 8),) and s.stack("aside") == () and "L7-R50" in rules_cited(m)


def test_l7_r51_airlock_aliens_from_the_reserves_beyond_the_limit() -> None:
    m = s11(tiles=USED_A4, enemies={"rogue#1": "Tank Farm"})
    m.push(Peek(EAST_DOOR))
    roll(m, intelligence=1)
    m.push(TileDraw("Airlock"))
    m.push(Place(3, -1, 0))
    placed = sorted(e.id for e in m.state.enemies if e.tile == 7)
    assert placed == ["blaster#1", "blaster#2", "rogue#2", "rogue#3"]   # two blasters: limit 1
    m.push(EndStep())
    m.push(CardDraw("Hunger"))
    m.push(Roll(strength=2))                                      # the blasters' die
    m.push(EndStep())
    m.push(EndStep())
    m.push(CardDraw("Footsteps"))                                 # next turn: they move
    assert any(e.tile != 7 for e in m.state.enemies if e.id.startswith("rogue#2"))


def test_l7_r52_neighbours_across_floors_for_moving_not_for_shooting() -> None:
    m = s11(characters={"Leo": {"tile": "Security Lift", "fear": 3}},
            enemies={"warrior#1": "Airlock"}, step="enemies", tasks=("clones",), **DOWN)
    kinds = [e.kind for e in m.events]
    assert "enemy_attack" not in kinds and m.state.enemies[0].tile == LIFT
    m = s11(characters={"Leo": {"tile": "Security Lift"}}, enemies={"rogue#1": "Airlock"},
            step="events", **DOWN)
    m.push(CardDraw("Quiet"))
    assert m.state.char("Leo").fear == 1                          # no Alien Zone across


def test_l7_r53_no_way_to_the_elevator_past_an_alien_before_lockdown() -> None:
    base = {"characters": {"Leo": {"tile": "Airlock"}}, "enemies": {"rogue#1": "Airlock"},
            **DOWN}
    assert not any(getattr(c, "to", None) == LIFT for c in s11(**base).legal())
    assert Move(LIFT, "outwit") in s11(scn={"locked_down": True}, **base).legal()
    m = s11(characters={"Leo": {"tile": "Airlock"}}, enemies={"guard#1": "Airlock"}, **DOWN)
    assert Move(LIFT, "bullrush") in m.legal()                    # a guard is no alien


def test_l7_r75_inactive_airlock_blasters_gain_no_power() -> None:
    m = s11(tiles=USED_A4)
    m.push(Peek(EAST_DOOR))
    roll(m, intelligence=1)
    m.push(TileDraw("Airlock"))
    m.push(Place(3, -1, 0))
    m.push(EndStep())
    m.push(CardDraw("Quiet"))
    m.push(Roll(intelligence=2))
    assert [e.power for e in m.state.enemies if e.kind == "blaster"] == [0, 0]
    assert "L7-R75" in rules_cited(m)
