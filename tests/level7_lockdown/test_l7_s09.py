"""Scenario 9, "There Must Be Another Way Out" (rules/003, section "Scenario 9") and
its rulings L7-R38 … L7-R45, L7-R71, L7-R77, L7-R89, L7-R91, L7-R97, L7-R98.

The map at the start (indices = placement order): 0 Security Lift (0,0), turned so
its doors face east and west, both locked; 1 Corridor 101-A (-1,0); 2 Squad Bay A
(1,0), a security tile.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardlab.core.errors import IllegalAction
from boardlab.core.events import as_events
from boardlab.level7_lockdown import (
    Access,
    Attack,
    CardDraw,
    Door,
    EndStep,
    Explore,
    Move,
    Peek,
    PlaceCronos,
    Setup,
    Special,
    TileDraw,
    cronos,
    enemies,
    new_match,
    scenario,
)
from boardlab.level7_lockdown.rules import RULES, Work

from .conftest import all_events, roll, rules_cited, start, texts

LIFT, WEST, EAST = 0, 1, 2
LIFT_W = Door(0, -1, 0, "E")          # Corridor 101-A – lift
LIFT_E = Door(0, 0, 0, "E")           # lift – Squad Bay A
GEN1_NORTH_OF_WEST = ("Sector Generator 1", 0, -1, 1, 0)
GEN2_NORTH_OF_EAST = ("Sector Generator 2", 0, 1, 1, 0)
GEN3_SOUTH_OF_WEST = ("Sector Generator 3", 0, -1, -1, 2)
COMMAND_NORTH_OF_GEN1 = ("Central Command", 0, -1, 2, 0)
QUIET = {"enemies": {}}


def s9(**kwargs):  # noqa: ANN003, ANN201
    return start(scenario="9", **{"players": 2, **kwargs})


# -- the text ------------------------------------------------------------------------------
def test_l7_s9_objective_generators_then_central_command_then_the_lift() -> None:
    s = new_match(2, scenario="9").state
    assert scenario("9").title == "There Must Be Another Way Out"
    assert s.locked == (LIFT_W, LIFT_E)                          # the way out is shut
    assert "Central Command" in s.stack("objective")             # found by peeking
    assert "Sector Generator 1" in s.stack("Leo")                # generators in the stacks
    w = Work(s)
    assert w.hooks.is_exit(w, LIFT) and not w.hooks.is_exit(w, WEST)


def test_l7_s9_setup_the_locked_lift_between_the_two_side_tiles() -> None:
    s = new_match(4, scenario="9").state
    assert [(p.tile, p.x, p.y) for p in s.tiles] == [("Security Lift", 0, 0),
                                                     ("Corridor 101-A", -1, 0),
                                                     ("Squad Bay A", 1, 0)]
    w = Work(s)
    assert sorted(j for j, _ in w.lay.adj[LIFT]) == [WEST, EAST]
    assert set(s.locked) == set(w.tile_doors(LIFT))              # both lift doors locked
    assert [c.tile for c in s.chars] == [WEST, EAST, WEST, EAST]


def test_l7_s9_stacks_a_stack_each_with_a_generator_and_a_fifth_stack() -> None:
    s = new_match(4, scenario="9").state
    stacks = dict(s.stacks)
    for i, name in enumerate(("Leo", "Cody", "Brent", "Ava")):
        assert sorted(stacks[name]) == ["*"] * 6 + [f"Sector Generator {i + 1}"]
    assert len(stacks["fifth"]) == len(scenario("9").pool) - 24 == 15
    assert stacks["objective"] == ("Central Command",)
    m = new_match(4, scenario="9")
    assert {c.stack for c in m.legal() if isinstance(c, Explore)} == {"Leo"}
    # with every player stack empty the fifth stack serves (the generators are out)
    empty = {n: () for n in ("Leo", "Cody", "Brent", "Ava")}
    w = Work(s._replace(stacks=tuple((n, empty.get(n, t)) for n, t in s.stacks)))
    assert w.hooks.explore_stacks(w, w.me) == ("fifth",)


def test_l7_s9_flashlight_every_character_starts_with_one() -> None:
    s = new_match(4, scenario="9").state
    kinds = [s.cfg.item_kind(c.items[0]) for c in s.chars]
    assert kinds == ["flashlight"] * 4 and all(len(c.items) == 1 for c in s.chars)


def test_l7_s9_few_an_objective_stack_and_two_running_generators_suffice() -> None:
    s = new_match(2, scenario="9").state
    assert s.stack("objective") == ("Central Command", "Sector Generator 3",
                                    "Sector Generator 4")
    m = s9(tiles=[GEN1_NORTH_OF_WEST, GEN2_NORTH_OF_EAST, COMMAND_NORTH_OF_GEN1],
           characters={"Leo": {"tile": "Central Command"}},
           scn={"accessed": ["Sector Generator 1", "Sector Generator 2"]},
           step="action", **QUIET)
    assert Special("command") in m.legal()
    m.push(Special("command"))
    assert "L7-S9-few" in rules_cited(m)


def test_l7_s9_solo_dr_cronos_two_moves_from_central_command() -> None:
    tiles = [GEN1_NORTH_OF_WEST, ("Sector Generator 2", 0, -2, 0, 1), COMMAND_NORTH_OF_GEN1]
    m = start(scenario="9", players=1, tiles=tiles,
              characters={"Leo": {"tile": "Central Command"}},
              scn={"accessed": ["Sector Generator 1", "Sector Generator 2"]},
              step="action", **QUIET)
    m.push(Special("command"))
    roll(m, intelligence=4)
    # two moves from Central Command: Corridor 101-A (via Generator 1) only
    assert m.state.cronos == WEST and "L7-S9-solo" in rules_cited(m)


def test_l7_s9_start_vitality_threat_and_a_crowded_tile() -> None:
    s = new_match(3, scenario="9").state
    assert {(c.vitality, c.threat) for c in s.chars} == {(5, 1)}
    m = start(scenario="9", players=3,
              characters={n: {"tile": "Corridor 101-A"} for n in ("Leo", "Cody", "Brent")},
              step="events", **QUIET)
    m.push(CardDraw("Quiet"))
    assert m.state.char("Leo").threat == 2 and "L7-S9-start" in rules_cited(m)


def test_l7_s9_stats_the_stat_block() -> None:
    sc = scenario("9")
    assert sc.reserves[0] == ("guard", (1, 2, 3, 4, 5, 6)) and sc.secure_number == 2
    assert sc.reserves[1:3] == (("rogue", (1, 2, 3, 4, 5, 6)), ("warrior", (1, 2, 3, 4)))
    assert (sc.pack_limit, sc.markers, sc.threat_pool(3)) == (2, ("threat", "accessed"), 24)
    assert (sc.pool_tokens(4), "LOCKDOWN" in sc.markers) == (0, False)   # no pool at all
    assert new_match(4, scenario="9").state.lockdown == 0


def test_l7_s9_versus_guards_read_clones_as_threat_4() -> None:
    m = s9(enemies={"guard#1": "Squad Bay A", "rogue#1": "Corridor 101-A"},
           characters={"Leo": {"tile": "Corridor 101-A"}, "Cody": {"tile": "Corridor 101-A"}},
           step="enemies", tasks=("guards",))
    # Squad Bay A – lift is locked: the guard cannot reach anyone; it targets the clone
    w = Work(m.state)
    guard = w.find_enemy("guard#1")
    assert [(t.id, t.value) for t in enemies.targets_for(w, guard)][:1] == [("rogue#1", 4)]
    assert scenario("9").guard_fear == 4


def test_l7_s9_rules_alien_zone_and_peeking_no_control_panels() -> None:
    sc = scenario("9")
    assert (sc.alien_zone, sc.peeking, sc.control_panels) == (True, True, False)
    m = s9(tiles=[("Office", 0, -1, 1, 0)], characters={"Leo": {"tile": "Office"}},
           step="action", **QUIET)
    assert not any(isinstance(c, Access) for c in m.legal())     # a panel, but no access


def test_l7_s9_peek_own_stack_one_die_any_stack_two_and_central_command() -> None:
    m = s9(tiles=[GEN1_NORTH_OF_WEST], characters={"Leo": {"tile": "Sector Generator 1"}},
           **QUIET)
    peeks = [c for c in m.legal() if isinstance(c, Peek)]
    assert {c.stack for c in peeks} == {"Leo"}                  # not from Cody's (L7-R98)
    m.push(Peek(Door(0, -1, 1, "N"), "Leo"))
    assert m.state.pending.dice == 1
    roll(m, intelligence=1)
    # fewer than four players: the objective stack (Central Command and the spare ones)
    assert {o.tile for o, _ in m.outcomes()} == {"Central Command", "Sector Generator 3",
                                                  "Sector Generator 4"}
    m.push(TileDraw("Central Command"))
    assert m.state.pending.kind == "place"
    s = new_match(2, scenario="9").state
    w = Work(s._replace(stacks=tuple((n, () if n == "Leo" else t) for n, t in s.stacks),
                        tiles=(*s.tiles, s.tiles[1]._replace(tile="Sector Generator 1",
                                                             y=1))))
    assert w.hooks.peek(w, w.me, "Cody") == (2, "objective")   # own stack empty: 2 dice


def test_l7_s9_lift_only_central_command_unlocks_it() -> None:
    m = s9(characters={"Leo": {"fear": 8}, "Cody": {"tile": "Corridor 101-A"}},
           cronos="Squad Bay A", step="enemies", tasks=("cronos",),
           scn={"locked_down": True}, **QUIET)
    roll(m, speed=4)
    assert m.state.cronos == EAST and set(m.state.locked) == {LIFT_W, LIFT_E}
    assert "Dr. Cronos finds no way toward Leo" in texts(m)       # L7-R44: sealed for him
    w = Work(m.state)
    assert w.hooks.sealed(w, LIFT_W) and cronos.cronos_cost(w, LIFT_W) is None


def test_l7_s9_flashlight_loss_failed_combat_bull_rush_or_outwit() -> None:
    m = s9(enemies={"rogue#1": "Corridor 101-A"}, step="action")
    m.push(Attack("rogue#1"))
    roll(m)                                                     # a miss
    assert m.state.char("Leo").items == () and m.state.scn.items_out == ("Flashlight",)
    m = s9(enemies={"rogue#1": "Corridor 101-A"})
    m.push(Explore(Door(0, -1, 0, "N"), "outwit", 0, "Leo"))
    roll(m)
    assert m.state.char("Leo").items == () and "L7-S9-flashlight-loss" in rules_cited(m)


def test_l7_s9_generator_restart_marker_guard_reserve_and_guards() -> None:
    m = s9(tiles=[GEN1_NORTH_OF_WEST], characters={"Leo": {"tile": "Sector Generator 1"}},
           step="action", **QUIET)
    m.push(Special("restart"))
    assert (m.state.pending.icon, m.state.pending.difficulty) == ("Intelligence", 4)
    roll(m, intelligence=4)
    s = m.state
    assert s.scn.accessed == (3,) and s.reserve("guard") == (1, 2, 3, 4, 5, 6, 7)
    assert Special("restart") not in RULES.legal(s)              # it runs already
    # a guard goes for the running generator (threat 4) and only takes its marker off
    m = s9(tiles=[GEN1_NORTH_OF_WEST], characters={"Leo": {"threat": 3}},
           enemies={"guard#1": "Sector Generator 1"}, scn={"accessed": ["Sector Generator 1"]},
           step="enemies", tasks=("guards",))
    assert m.state.scn.accessed == () and m.state.enemies[0].tile == 3
    assert "L7-S9-generator" in rules_cited(m)
    w = Work(s9(tiles=[GEN1_NORTH_OF_WEST], enemies={"guard#1": "Squad Bay A"},
                scn={"accessed": ["Sector Generator 1"]}).state)
    assert [(t.id, t.value) for t in enemies.targets_for(w, w.find_enemy("guard#1"))][0] == (
        "marker:3", 4)


def test_l7_s9_surge_a_guard_on_every_security_tile_nearest_the_lift_first() -> None:
    m = s9(tiles=[GEN1_NORTH_OF_WEST, ("Barracks", 0, 1, 1, 0)],
           characters={"Leo": {"tile": "Sector Generator 1"}}, step="action", **QUIET)
    m.push(Special("restart"))
    roll(m, intelligence=4)
    m.push(CardDraw("Quiet"))
    spawns = [(e.data["enemy_id"], e.data["tile"]) for e in m.events if e.kind == "spawn"]
    assert spawns == [("guard#1", EAST), ("guard#2", 4)] and m.state.scn.surged


def test_l7_s9_access_three_running_lockdown_marker_lift_and_cronos() -> None:
    tiles = [GEN1_NORTH_OF_WEST, GEN2_NORTH_OF_EAST, GEN3_SOUTH_OF_WEST,
             COMMAND_NORTH_OF_GEN1]
    gens = ["Sector Generator 1", "Sector Generator 2"]
    m = start(scenario="9", players=4, tiles=tiles,
              characters={"Leo": {"tile": "Central Command"}}, scn={"accessed": gens},
              step="action", **QUIET)
    assert Special("command") not in m.legal()                   # four players need three
    m = start(scenario="9", players=4, tiles=tiles,
              characters={"Leo": {"tile": "Central Command"}},
              scn={"accessed": [*gens, "Sector Generator 3"]}, step="action", **QUIET)
    m.push(Special("command"))
    roll(m, intelligence=4)
    s = m.state
    assert s.scn.locked_down and 6 in s.scn.accessed and s.locked == ()
    assert s.cronos == 3                                          # next to Central Command
    assert "L7-S9-access" in rules_cited(m)


def test_l7_s9_lockdown_guards_go_for_central_command_and_relock_the_lift() -> None:
    tiles = [GEN1_NORTH_OF_WEST, COMMAND_NORTH_OF_GEN1]
    base = {"tiles": tiles, "characters": {"Leo": {"threat": 1}, "Cody": {"threat": 1}},
            "locked": [], "scn": {"locked_down": True,
                                  "accessed": ["Sector Generator 1", "Central Command"]}}
    w = Work(s9(enemies={"guard#1": "Corridor 101-A"}, **base).state)
    targets = [(t.id, t.value) for t in enemies.targets_for(w, w.find_enemy("guard#1"))]
    assert targets[0] == ("marker:4", 6) and ("marker:3", 4) not in targets
    m = s9(enemies={"guard#1": "Central Command"}, step="enemies", tasks=("guards",), **base)
    assert m.state.scn.accessed == (3,) and set(m.state.locked) == {LIFT_W, LIFT_E}
    assert "L7-S9-lockdown" in rules_cited(m)


def test_l7_s9_cronos_two_dice_after_each_trigger_events_step() -> None:
    m = s9(cronos="Squad Bay A", locked=[], scn={"locked_down": True},
           characters={"Leo": {"fear": 5}, "Cody": {"tile": "Corridor 101-A"}},
           step="events", **QUIET)
    m.push(CardDraw("Quiet"))
    assert (m.state.pending.purpose, m.state.pending.dice) == ("cronos", 2)
    assert m.state.step == "enemies" and "cronos_roll" in [e.kind for e in m.events]
    roll(m, speed=2)                                              # lift, Corridor 101-A
    assert m.state.cronos == WEST and "L7-S9-cronos" in rules_cited(m)


def test_l7_s9_escape_reaching_the_lift_and_one_more_die_per_escape() -> None:
    m = s9(locked=[], scn={"locked_down": True}, cronos="Squad Bay A", **QUIET)
    m.push(Move(LIFT))
    assert m.state.char("Leo").status == "escaped" and "L7-S9-escape" in rules_cited(m)
    m.push(CardDraw("Quiet"))
    assert m.state.pending.dice == 3


def test_l7_s9_easy_five_tiles_per_stack_and_cronos_within_two_moves() -> None:
    s = new_match(2, scenario="9", mode="easy").state
    assert sorted(s.stack("Leo")) == ["*"] * 5 + ["Sector Generator 1"]
    tiles = [GEN1_NORTH_OF_WEST, GEN2_NORTH_OF_EAST, COMMAND_NORTH_OF_GEN1]
    m = start(scenario="9", players=2, mode="easy", tiles=tiles,
              characters={"Leo": {"tile": "Central Command"}},
              scn={"accessed": ["Sector Generator 1", "Sector Generator 2"]}, step="action",
              **QUIET)
    m.push(Special("command"))
    roll(m, intelligence=4)
    assert m.legal() == (PlaceCronos(WEST), PlaceCronos(3))     # at one or two moves
    m.push(PlaceCronos(WEST))
    assert m.state.cronos == WEST and "L7-S9-easy" in rules_cited(m)


def test_l7_s9_hard_no_flashlight_and_dark_until_two_generators_run() -> None:
    s = new_match(2, scenario="9", mode="hard").state
    assert all(c.items == () for c in s.chars)
    m = start(scenario="9", mode="hard", tiles=[GEN1_NORTH_OF_WEST],
              characters={"Leo": {"tile": "Sector Generator 1"}}, step="action", **QUIET)
    m.push(Special("restart"))
    assert m.state.pending.dice == 2                              # 3 − 1 darkness
    m = start(scenario="9", mode="hard", tiles=[GEN1_NORTH_OF_WEST, GEN2_NORTH_OF_EAST],
              characters={"Leo": {"tile": "Sector Generator 1"}},
              scn={"accessed": ["Sector Generator 2", "Sector Generator 1"]},
              enemies={"rogue#1": "Sector Generator 1"}, step="action")
    m.push(Attack("rogue#1"))
    assert m.state.pending.dice == 3                              # two run: light again


# -- rulings -------------------------------------------------------------------------------
def test_l7_r38_players_split_alternately_from_corridor_101_a() -> None:
    assert [c.tile for c in new_match(3, scenario="9").state.chars] == [WEST, EAST, WEST]
    solo = new_match(1, scenario="9", characters=("Leo", "Cody")).state
    assert [c.tile for c in solo.chars] == [WEST, EAST]


def test_l7_r39_fewer_players_stacks_objective_and_fifth() -> None:
    for players in (1, 2, 3):
        s = new_match(players, scenario="9").state
        stacks = dict(s.stacks)
        assert [n for n, _ in s.stacks][:players] == list(s.setup.characters)
        assert len(stacks["objective"]) == 1 + 4 - players
        assert len(stacks["fifth"]) == len(scenario("9").pool) - 6 * players


def test_l7_r40_only_ones_own_stack_until_ones_generator_is_found() -> None:
    m = s9(tiles=[GEN2_NORTH_OF_EAST], characters={"Leo": {"tile": "Sector Generator 2"}},
           **QUIET)
    # standing on Cody's generator does not count: Leo still explores only his own
    assert {c.stack for c in m.legal() if isinstance(c, Explore)} == {"Leo"}
    assert not any(isinstance(c, Peek) for c in m.legal())
    m = s9(tiles=[GEN1_NORTH_OF_WEST], characters={"Leo": {"tile": "Sector Generator 1"}},
           **QUIET)
    assert {c.stack for c in m.legal() if isinstance(c, Explore)} == {"Leo", "Cody"}


def test_l7_r41_guard_reserves_grow_and_shrink_with_the_markers() -> None:
    m = s9(tiles=[GEN1_NORTH_OF_WEST], characters={"Leo": {"tile": "Sector Generator 1"}},
           step="action", **QUIET)
    m.push(Special("restart"))
    roll(m, intelligence=4)
    assert len(m.state.reserve("guard")) == 7 and ("guard", 7) not in m.state.scn.boxed
    # a guard takes the marker off: one guard leaves the reserves for the box again
    m = s9(tiles=[GEN1_NORTH_OF_WEST],
           enemies={"guard#1": "Sector Generator 1", "guard#7": "Squad Bay A"},
           scn={"accessed": ["Sector Generator 1"]}, step="enemies", tasks=("guards",))
    assert m.state.scn.accessed == ()                             # 7 guards out, room for 6
    assert ("guard", 6) in m.state.scn.boxed and m.state.reserve("guard") == (2, 3, 4, 5)
    # a marker lost while no guard was in the reserves: seven guards out, room for six —
    # the next guard to come back goes to the box instead
    w = Work(s9(enemies={f"guard#{n}": "Squad Bay A" for n in range(1, 8)}).state)
    w.to_reserves("guard#1", "a test", "L7-R11")
    assert ("guard", 1) in w.scn.boxed and as_events(w.events)[-1].rule.id == "L7-R41"


def test_l7_r42_the_surge_happens_once_until_the_reserves_run_out() -> None:
    m = s9(tiles=[GEN1_NORTH_OF_WEST, ("Barracks", 0, 1, 1, 0), ("Cell Block", 0, 1, -1, 0)],
           enemies={f"guard#{n}": "Corridor 101-A" for n in range(1, 6)},
           characters={"Leo": {"tile": "Sector Generator 1"}}, step="action")
    m.push(Special("restart"))
    roll(m, intelligence=4)
    m.push(CardDraw("Quiet"))
    assert [e.data.get("tile") for e in m.events if e.kind == "spawn"] == [EAST, 4]
    assert "The guard reserves are empty" in texts(m)            # Cell Block gets none
    m.push(EndStep())
    m.push(EndStep())
    m.push(CardDraw("Supply Drop"))
    assert not any(e.rule.id == "L7-S9-surge" for e in m.last_events)


def test_l7_r43_the_character_who_started_lockdown_places_dr_cronos() -> None:
    tiles = [GEN1_NORTH_OF_WEST, GEN2_NORTH_OF_EAST, COMMAND_NORTH_OF_GEN1,
             ("Corridor 102-B", 0, 0, 2, 0)]
    m = s9(tiles=tiles, characters={"Cody": {"tile": "Central Command"}}, active="Cody",
           scn={"accessed": ["Sector Generator 1", "Sector Generator 2"]}, step="action",
           **QUIET)
    m.push(Special("command"))
    roll(m, intelligence=4)
    assert m.to_move == "Cody" and m.state.pending.kind == "cronos"
    assert m.legal() == (PlaceCronos(3), PlaceCronos(6))          # both next to it
    with pytest.raises(IllegalAction):
        m.push(PlaceCronos(WEST))                                 # two moves away
    m.push(PlaceCronos(6))
    assert m.state.cronos == 6 and m.state.pending.kind == "event_draw"


def test_l7_r44_lockdown_stays_and_central_command_reopens_the_lift() -> None:
    tiles = [GEN1_NORTH_OF_WEST, GEN2_NORTH_OF_EAST, COMMAND_NORTH_OF_GEN1]
    m = s9(tiles=tiles, characters={"Leo": {"tile": "Central Command"}}, cronos="Squad Bay A",
           scn={"locked_down": True, "accessed": ["Sector Generator 1", "Sector Generator 2"]},
           step="action", **QUIET)
    assert m.state.locked                                         # relocked earlier
    m.push(Special("command"))
    roll(m, intelligence=4)
    assert m.state.locked == () and m.state.pending.kind == "event_draw"
    assert m.state.cronos == EAST and "L7-R44" in rules_cited(m)


def test_l7_r45_at_least_two_other_characters() -> None:
    m = start(scenario="9", players=4, characters={n: {"tile": "Corridor 101-A"}
                                                   for n in ("Leo", "Cody", "Brent", "Ava")},
              step="events", **QUIET)
    m.push(CardDraw("Quiet"))
    assert m.state.char("Leo").threat == 2                        # three others count too
    m = start(scenario="9", players=4, step="events", **QUIET)
    m.push(CardDraw("Quiet"))
    assert m.state.char("Leo").threat == 1                        # one other: nothing


def test_l7_r71_back_from_the_infirmary_on_ones_own_side() -> None:
    m = s9(characters={"Cody": {"status": "infirmary", "tile": "Corridor 101-A"}},
           step="events", **QUIET)
    m.push(CardDraw("Quiet"))
    assert m.state.char("Cody").tile == EAST and m.state.char("Cody").status == "inside"
    assert "L7-R71" in rules_cited(m)


def test_l7_r77_a_war_zone_gets_two_guards_in_the_surge() -> None:
    m = s9(tiles=[GEN1_NORTH_OF_WEST, ("War Zone North", 0, -1, -1, 0)],
           characters={"Leo": {"tile": "Sector Generator 1"}}, step="action", **QUIET)
    m.push(Special("restart"))
    roll(m, intelligence=4)
    m.push(CardDraw("Quiet"))
    spawned = [e for e in all_events(m) if e.kind == "spawn"]
    assert [e.data["tile"] for e in spawned] == [EAST, 4, 4]
    assert spawned[-1].rule.id == "L7-R77"


def test_l7_r89_nearest_smaller_distance_and_easy_wins_over_solo() -> None:
    # single-player: two moves away, but the map has nothing that far: one move
    tiles = [GEN1_NORTH_OF_WEST, ("Sector Generator 2", 0, -2, 0, 1),
             ("Central Command", 0, -2, -1, 2)]
    m = start(scenario="9", players=1, tiles=tiles,
              characters={"Leo": {"tile": "Central Command"}},
              scn={"accessed": ["Sector Generator 1", "Sector Generator 2"]}, step="action",
              **QUIET)
    w = Work(m.state)
    assert w.hooks.cronos_choices(w) == (1,)                     # Corridor 101-A is at 2
    solo_easy = start(scenario="9", players=1, mode="easy", tiles=tiles,
                      characters={"Leo": {"tile": "Central Command"}}, **QUIET)
    w = Work(solo_easy.state)
    assert w.hooks.cronos_choices(w) == (1, 4)                   # within two: 1 or 2


def test_l7_r91_per_player_numbers_count_characters() -> None:
    solo = new_match(1, scenario="9", characters=("Leo", "Cody", "Brent", "Ava")).state
    assert [n for n, _ in solo.stacks][:4] == ["Leo", "Cody", "Brent", "Ava"]
    assert solo.stack("objective") == ("Central Command",)       # four characters
    assert new_match(1, scenario="12", characters=("Leo", "Cody")).state.lockdown == 4


def test_l7_r97_central_command_needs_running_generators() -> None:
    tiles = [GEN1_NORTH_OF_WEST, GEN2_NORTH_OF_EAST, COMMAND_NORTH_OF_GEN1]
    m = s9(tiles=tiles, characters={"Leo": {"tile": "Central Command"}},
           scn={"accessed": ["Sector Generator 1"]}, step="action", **QUIET)
    assert Special("command") not in m.legal()                    # only one runs
    with pytest.raises(IllegalAction):
        m.push(Special("command"))


def test_l7_r98_no_peeking_from_another_characters_stack() -> None:
    m = s9(tiles=[GEN1_NORTH_OF_WEST], characters={"Leo": {"tile": "Sector Generator 1"}},
           **QUIET)
    w = Work(m.state)
    assert w.hooks.peek(w, w.me, "Cody")[0] == 0 and w.hooks.peek(w, w.me, "Leo")[0] == 1
    m.push(Explore(Door(0, -1, 1, "N"), stack="Cody"))
    assert m.state.pending.stack == "Cody"
    assert {o.tile for o, _ in m.outcomes()} >= {"Sector Generator 2"}
    assert dict(m.outcomes())[TileDraw("Sector Generator 2")] == Fraction(1, 7)


def test_l7_s9_setup_refuses_players_as_a_bool() -> None:
    with pytest.raises(ValueError, match="players: expected a whole number, not a bool"):
        Setup(players=True, scenario="9")

