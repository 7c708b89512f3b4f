"""Every general Lockdown rule of the text (rules/003: New Core Rules and Components,
Barricade Markers, Clouds, Falling Down, Ranged Attacks, Supply Cache, Terror, New Tile
Features, New Enemies, Dr. Cronos), one test or more named after each id, with the
text's worked examples."""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardlab.core.chance import CHANCE
from boardlab.core.errors import ConfigError
from boardlab.core.events import as_events
from boardlab.level7_lockdown import (
    BOOK,
    Attack,
    CardDraw,
    Config,
    EndStep,
    Explore,
    FallDown,
    ItemDraw,
    LowerTerror,
    Move,
    Place,
    Search,
    Setup,
    Smash,
    StandUp,
    TileDraw,
    effects,
    enemies,
    new_match,
    spawning,
)
from boardlab.level7_lockdown.config import (
    ADRENALINE,
    BOX,
    ENEMY_TYPE,
    EVENTS,
    HYBRIDS,
    ITEMS,
    WARRIOR_CHART,
    Components,
)
from boardlab.level7_lockdown.rules import RULES, Work
from boardlab.level7_lockdown.work import enemy_name

from .conftest import (
    HUB,
    HUB_SOUTH,
    HUB_WEST,
    LAIR,
    MAINT,
    STORAGE,
    STORAGE_EAST,
    all_events,
    roll,
    rules_cited,
    start,
    texts,
)

QUIET = {"enemies": {}, "cronos": None}
MIXED = Config(die=(("Strength", "Speed"), ("Intelligence", "Strength"), ("Speed",),
                    ("Intelligence",), ("Strength",), ()))


def pending(m):  # noqa: ANN001, ANN201
    return m.state.pending


# -- New Core Rules and Components ---------------------------------------------------
def test_l7_components_box_counts_are_data() -> None:
    assert (BOX["tiles"], BOX["event"], BOX["skill"], BOX["item"], BOX["adrenaline"]) == (
        14, 12, 6, 12, 16)
    assert (BOX["power tokens"], BOX["gas clouds"], BOX["warriors"], BOX["blasters"]) == (
        11, 4, 8, 2)
    # The invented library carries the expansion's cards in the box's numbers.
    assert sum(e.lockdown for e in EVENTS) == BOX["event"]
    assert sum(i.copies for i in ITEMS if i.lockdown) == BOX["item"]
    assert sum(a.lockdown for a in ADRENALINE) == BOX["adrenaline"]


def test_l7_core_additions_expansion_rules_add_to_the_stand_in_core() -> None:
    # The stand-in's attack (L7-R11, Toughness 2) and the expansion's cloud (+1) together.
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, enemies={"hunter#1": "Storage Bay"},
              cronos=None, step="enemies", tasks=("activate:hunter#1",))
    assert pending(m).purpose == "enemy_attack" and pending(m).difficulty == 3
    assert {"L7-R11", "L7-cloud"} <= {r.id for r in BOOK}


def test_l7_use_old_scenarios_component_selection_is_data() -> None:
    cfg = Components(adrenaline=True).select(Config())
    assert not any(e.lockdown for e in cfg.events) and not any(i.lockdown for i in cfg.items)
    assert sum(a.lockdown for a in cfg.adrenaline) == 16
    assert len(cfg.events) == 12                         # the core stand-in cards stay
    with pytest.raises(ConfigError, match="unknown scenario '1'"):
        Setup(scenario="1")                             # scenarios 1–8 are not in the texts


def test_l7_blaster_variant_a_blaster_is_a_hybrid() -> None:
    assert "blaster" in HYBRIDS and "hunter" in HYBRIDS
    w = Work(start(enemies={"blaster#1": ("Lair", 1), "hunter#1": "Lair"}).state)
    for e in w.enemies:
        assert enemies.enemy_cost(w, e)(HUB_WEST) == 2             # locked doors: as other hybrids


def test_l7_use_all_every_new_component_is_in_the_sandbox() -> None:
    s = new_match(players=2).state
    assert s.events_deck == (1,) * 24                   # the 12 new cards are shuffled in
    stacked = [t for _, ts in s.stacks for t in ts]
    assert {"Strong Point", "War Zone North", "Long Hall"} <= set(stacked)
    assert any(not s.cfg.tile(t).lockdown for t in stacked)   # mixed with the others


def test_l7_lockdown_icon_marks_new_cards_and_tiles() -> None:
    cfg = Config()
    assert cfg.tile("Lair").lockdown and cfg.tile("Strong Point").lockdown
    assert not cfg.tile("Hub").lockdown
    from boardlab.level7_lockdown.config import TileSpec
    with pytest.raises(ConfigError, match=r"tile 'X': lockdown: expected True or False \(got 1\)"):
        TileSpec("X", doors=((0, "N"),), lockdown=1)  # type: ignore[arg-type]


def test_l7_marker_roles_barricades_and_gas_come_through_events() -> None:
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, **QUIET)
    m.push(Explore(STORAGE_EAST))
    m.push(TileDraw("Security Post"))                   # one placement: placed at once
    m.push(EndStep())
    m.push(CardDraw("Toxic Leak"))                      # hazard: gas
    assert (6, "gas") in m.state.clouds
    assert "L7-marker-roles" in rules_cited(m)


# -- Barricade Markers ------------------------------------------------------------------
def test_l7_barricade_full_then_battered_then_gone() -> None:
    m = start(step="action", **QUIET)
    assert m.state.barricades == ((HUB_SOUTH, 2),)
    m.push(Smash(HUB_SOUTH))
    roll(m, strength=3)
    assert m.state.barricades == ((HUB_SOUTH, 1),)
    m = start(step="action", barricades={HUB_SOUTH: 1}, **QUIET)
    m.push(Smash(HUB_SOUTH))
    roll(m, strength=4)
    assert m.state.barricades == ()
    assert "The battered barricade on 0:(0,-1)N is destroyed" in texts(m)[-1] or any(
        "destroyed" in t for t in texts(m))


def test_l7_barricade_block_nobody_crosses_but_enemies_plan_through_it() -> None:
    m = start(**QUIET)
    assert Move(MAINT) not in m.legal() and Move(STORAGE) in m.legal()
    m = start(enemies={"guard#1": "Maintenance"}, cronos=None, step="enemies",
              tasks=("activate:guard#1",))
    p = pending(m)
    assert (p.purpose, p.door, p.actor) == ("enemy_barricade", HUB_SOUTH, "guard#1")
    assert m.state.enemies[0].tile == MAINT


def test_l7_barricade_player_strength_challenge_of_3() -> None:
    m = start(step="action", **QUIET)
    m.push(Smash(HUB_SOUTH))
    assert (pending(m).dice, pending(m).difficulty) == (3, 3)
    roll(m, strength=2)
    assert m.state.barricades == ((HUB_SOUTH, 2),)
    # Brent's Pipe Wrench adds a die to this attack.
    m = start(players=3, active="Brent", step="action", **QUIET)
    m.push(Smash(HUB_SOUTH))
    assert pending(m).dice == 4


def test_l7_barricade_enemy_needs_3_strength_and_same_type_adds_dice() -> None:
    # Rogue and warrior are one type (L7-R28): the warrior adds a die; the hunter does not.
    m = start(enemies={"rogue#1": "Maintenance", "warrior#1": "Maintenance",
                       "hunter#1": "Maintenance"}, cronos=None, step="enemies",
              tasks=("clones",))
    p = pending(m)
    assert (p.actor, p.dice, p.difficulty) == ("rogue#1", 3, 3)
    roll(m, strength=2)
    assert m.state.barricades == ((HUB_SOUTH, 2),)      # 2 icons: it holds
    assert "warrior clone 1 already counts as activated this turn" in texts(m)
    m = start(enemies={"guard#1": "Maintenance", "guard#2": "Maintenance"}, cronos=None,
              step="enemies", tasks=("guards",))
    assert pending(m).dice == 3
    roll(m, strength=3)
    assert m.state.barricades == ((HUB_SOUTH, 1),)
    assert not any(e.spent for e in m.state.enemies)    # reset at the end of the turn


# -- Clouds -------------------------------------------------------------------------------
def test_l7_cloud_gives_any_target_plus_one_toughness() -> None:
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, enemies={"rogue#1": "Storage Bay"},
              cronos=None, step="action")
    m.push(Attack("rogue#1"))
    assert pending(m).difficulty == 2                   # Toughness 1 + 1 gas cloud
    m = start(enemies={"hunter#1": "Hub"}, cronos=None, clouds=[("Hub", "extinguisher")],
              step="enemies", tasks=("activate:hunter#1",))
    assert pending(m).difficulty == 3                   # Leo's 2 + 1 extinguisher cloud


def test_l7_cloud_gas_entering_discards_an_adrenaline_card() -> None:
    m = start(**QUIET)
    m.push(Move(STORAGE))
    assert m.state.char("Leo").adrenaline == 3
    assert "L7-cloud-gas" in rules_cited(m)


# -- Falling Down -------------------------------------------------------------------------
def test_l7_fall_any_time_in_own_turn_and_forced_by_events() -> None:
    m = start(**QUIET)
    assert FallDown() in m.legal()
    m.push(FallDown())
    assert m.state.char("Leo").down and m.state.pending.kind == "move"
    m = start(step="action", **QUIET)
    assert FallDown() in m.legal()
    # The event "Sirens" forces it on a hazard tile explored this turn.
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, **QUIET)
    m.push(Explore(STORAGE_EAST))
    m.push(TileDraw("Security Post"))
    m.push(EndStep())
    m.push(CardDraw("Sirens"))                          # alarm: lock; hazard: fall
    assert m.state.char("Leo").down


def test_l7_fall_effects_no_moving_until_up_and_toughness_against_ranged() -> None:
    m = start(characters={"Leo": {"down": True}}, **QUIET)
    assert m.legal() == (StandUp(), EndStep())
    m.push(StandUp())
    assert m.state.moves == 1 and Move(STORAGE) in m.legal()
    ranged = start(characters={"Leo": {"down": True}}, enemies={"blaster#1": "Storage Bay"},
                   cronos=None, step="enemies", tasks=("activate:blaster#1",))
    assert (pending(ranged).target, pending(ranged).difficulty) == ("Leo", 3)
    melee = start(characters={"Leo": {"down": True}}, enemies={"hunter#1": "Hub"},
                  cronos=None, step="enemies", tasks=("activate:hunter#1",))
    assert pending(melee).difficulty == 2


# -- Ranged Attacks -------------------------------------------------------------------------
def test_l7_ranged_neighbours_share_an_open_door() -> None:
    w = Work(start(**QUIET).state)
    assert w.ranged_neighbours(HUB) == (STORAGE,)       # locked Lair, barricaded Maintenance
    w = Work(start(locked=(), barricades={}, **QUIET).state)
    assert w.ranged_neighbours(HUB) == (STORAGE, LAIR, MAINT)
    assert w.ranged_neighbours(STORAGE) == (HUB,)       # the lift link is no door


def test_l7_ranged_gun_attacks_a_target_on_a_neighbouring_tile() -> None:
    m = start(players=2, enemies={"rogue#1": "Storage Bay", "rogue#2": "Lair"}, cronos=None,
              step="action")
    assert Attack("rogue#1") in m.legal()               # Leo carries a Pistol
    assert Attack("rogue#2") not in m.legal()           # behind the locked door
    m.push(Attack("rogue#1"))
    assert pending(m).difficulty == 2                   # Toughness 1 + gas on its tile
    roll(m, strength=2)
    assert [e.id for e in m.state.enemies] == ["rogue#2"] and "L7-ranged-gun" in rules_cited(m)
    cody = start(players=2, active="Cody", enemies={"rogue#1": "Storage Bay"}, cronos=None,
                 step="action")
    assert not any(isinstance(c, Attack) for c in cody.legal())   # no gun


def test_l7_ranged_enemy_example_1_shoots_the_most_frightened_neighbour() -> None:
    # Leo, the most frightened, is next to a blaster: it shoots instead of moving in.
    m = start(players=2, characters={"Leo": {"fear": 6}, "Cody": {"fear": 2,
                                                                   "tile": "Storage Bay"}},
              enemies={"blaster#1": ("Lair", 0)}, locked=(), cronos=None, step="enemies",
              tasks=("activate:blaster#1",))
    p = pending(m)
    assert (p.purpose, p.target) == ("enemy_attack", "Leo")
    assert m.state.enemies[0].tile == LAIR


def test_l7_ranged_enemy_example_2_highest_fear_within_range() -> None:
    # Leo (fear 6) two tiles away; Cody (3) and Brent (2) on a neighbouring tile.
    m = start(players=3, characters={"Leo": {"fear": 6, "tile": "Maintenance"},
                                     "Cody": {"fear": 3}, "Brent": {"fear": 2}},
              enemies={"blaster#1": "Storage Bay"}, barricades={}, cronos=None,
              step="enemies", tasks=("activate:blaster#1",))
    assert pending(m).target == "Cody"
    # A non-ranged alien in its place walks toward Leo instead.
    m = start(players=3, characters={"Leo": {"fear": 6, "tile": "Maintenance"},
                                     "Cody": {"fear": 3}, "Brent": {"fear": 2}},
              enemies={"hunter#1": "Storage Bay"}, barricades={}, cronos=None,
              step="enemies", tasks=("activate:hunter#1",))
    assert m.state.enemies[0].tile == HUB


# -- Supply Cache -------------------------------------------------------------------------
def test_l7_cache_search_intelligence_4_draws_an_item_or_may_lose_the_cache() -> None:
    base = {"characters": {"Leo": {"tile": "Storage Bay"}}, "step": "action", **QUIET}
    m = start(**base)
    m.push(Search())
    assert (pending(m).dice, pending(m).difficulty) == (3, 4)
    roll(m, intelligence=4)
    assert pending(m).kind == "item_draw"
    assert dict(m.outcomes())[ItemDraw("Flashlight")] == Fraction(2, 21)  # Cody has one
    m.push(ItemDraw("Flashlight"))
    assert m.state.char("Leo").items == ("Flashlight", "Pistol") and m.state.caches == (1,)
    m = start(**base)
    m.push(Search())
    roll(m, intelligence=3)                              # short by 1: the cache stays
    assert m.state.caches == (1,) and m.state.pending.kind == "event_draw"
    m = start(**base)
    m.push(Search())
    roll(m, intelligence=2)                              # short by 2: removed
    assert m.state.caches == ()


# -- Terror -----------------------------------------------------------------------------
def test_l7_terror_gain_fear_forced_past_8_becomes_terror() -> None:
    w = Work(start(characters={"Leo": {"fear": 7}}, **QUIET).state)
    effects.gain_fear(w, 0, 3, "test", "L7-R17")
    assert (w.chars[0].fear, w.chars[0].terror) == (8, 2)
    # In play: the Alien Zone on the Lair (a fear tile) at fear 8.
    m = start(characters={"Leo": {"fear": 8, "tile": "Lair"}}, **QUIET, step="enemies")
    assert (m.state.char("Leo").fear, m.state.char("Leo").terror) == (8, 1)


def test_l7_terror_adrenaline_never_pays_with_terror() -> None:
    m = start(characters={"Leo": {"fear": 7}}, enemies={"rogue#1": "Hub"}, cronos=None,
              step="action")
    assert {c.adrenaline for c in m.legal() if isinstance(c, Attack)} == {0, 1}
    m = start(characters={"Leo": {"fear": 8}}, enemies={"rogue#1": "Hub"}, cronos=None,
              step="action")
    assert {c.adrenaline for c in m.legal() if isinstance(c, Attack)} == {0}


def test_l7_terror_token_starts_at_1_and_climbs_one_per_terror() -> None:
    w = Work(start(characters={"Leo": {"fear": 8}}, **QUIET).state)
    effects.gain_fear(w, 0, 1, "test", "L7-R17")
    assert w.chars[0].terror == 1
    assert "terror token goes on the track" in as_events(w.events)[-1].summary
    effects.gain_fear(w, 0, 2, "test", "L7-R17")
    assert (w.chars[0].fear, w.chars[0].terror) == (8, 3)
    effects.lose_fear(w, 0, 2, "test", "L7-R85")                  # fear still moves
    assert w.chars[0].fear == 6


def test_l7_terror_floor_fear_never_below_the_token() -> None:
    w = Work(start(characters={"Leo": {"fear": 4, "terror": 3}}, **QUIET).state)
    effects.lose_fear(w, 0, 3, "test", "L7-R85")
    assert w.chars[0].fear == 3
    effects.lose_fear(w, 0, 1, "test", "L7-R85")
    assert w.chars[0].fear == 3 and as_events(w.events)[-1].rule.id == "L7-terror-floor"


def test_l7_terror_lower_two_adrenaline_cards_per_point() -> None:
    m = start(characters={"Leo": {"fear": 2, "terror": 2}}, **QUIET)
    m.push(LowerTerror())
    assert (m.state.char("Leo").terror, m.state.char("Leo").adrenaline) == (1, 2)
    m.push(LowerTerror())
    assert m.state.char("Leo").terror == 0 and "comes off the track" in texts(m)[-1]
    assert LowerTerror() not in m.legal()
    m = start(characters={"Leo": {"fear": 2, "terror": 2, "adrenaline": 1}}, **QUIET)
    assert LowerTerror() not in m.legal()


def test_l7_terror_stats_plus_1_strength_minus_1_intelligence() -> None:
    m = start(characters={"Leo": {"fear": 3, "terror": 1}}, step="action", **QUIET)
    m.push(Smash(HUB_SOUTH))
    assert pending(m).dice == 4
    m = start(characters={"Leo": {"fear": 3, "terror": 1, "tile": "Storage Bay"}},
              step="action", **QUIET)
    m.push(Search())
    assert pending(m).dice == 2


def test_l7_terror_heart_at_8_the_character_loses_and_leaves() -> None:
    m = start(players=1, characters={"Leo": {"fear": 8, "terror": 7, "tile": "Lair"}},
              step="enemies", **QUIET)
    leo = m.state.char("Leo")
    assert (leo.status, leo.terror) == ("heart attack", 8)
    assert m.is_over and m.scores() == {"Leo": 0}
    assert "L7-terror-heart" in rules_cited(m)


def test_l7_terror_aliens_fear_5_terror_3_reads_11() -> None:
    s = start(characters={"Leo": {"fear": 5, "terror": 3}}).state
    assert Work.total_fear(s.char("Leo")) == 11
    # A clone prefers Leo (11) to Cody at fear 8, though Cody is first in turn order.
    m = start(players=2, active="Cody", characters={"Leo": {"fear": 5, "terror": 3},
                                                    "Cody": {"fear": 8}},
              enemies={"rogue#1": "Hub"}, cronos=None, step="enemies",
              tasks=("activate:rogue#1",))
    assert pending(m).target == "Leo"


def test_l7_terror_infirmary_return_sets_fear_to_4_or_the_terror() -> None:
    for terror, fear in ((6, 6), (2, 4)):
        m = start(players=2, active="Cody",
                  characters={"Leo": {"status": "infirmary", "vitality": 0, "fear": 8,
                                      "terror": terror, "tile": "Lair"}},
                  step="enemies", **QUIET)
        leo = m.state.char("Leo")
        assert (leo.status, leo.fear, leo.tile, leo.vitality) == ("inside", fear, HUB, 5)


# -- New Tile Features ------------------------------------------------------------------
def test_l7_tiles_the_library_marks_the_new_tiles() -> None:
    new = [t.name for t in Config().tiles if t.lockdown]
    assert {"Lair", "Strong Point", "War Zone North", "War Zone South"} <= set(new)
    assert sum(1 for t in Config().tiles if len(t.events) == 2) == 6   # multi-event tiles


def test_l7_tile_generators_lair_and_strong_point_spawn_guards_and_clones() -> None:
    for feature in ("clone_nest", "guard_post"):
        assert Config().tile("Lair").has(feature) and Config().tile("Strong Point").has(feature)
    m = start(characters={"Leo": {"tile": "Lair"}}, step="events", **QUIET)
    m.push(CardDraw("Sirens"))                           # a guard spawn
    assert "guard 1 spawns on Lair" in texts(m)
    m = start(tiles=[("Strong Point", 0, 2, 0, 0)], characters={"Leo": {"tile":
                                                                         "Strong Point"}},
              step="events", **QUIET)
    m.push(CardDraw("Footsteps"))                        # a clone spawn
    assert "rogue clone 1 spawns on Strong Point" in texts(m)


def test_l7_tile_multievent_first_matching_section_then_the_second() -> None:
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, **QUIET)
    m.push(Explore(STORAGE_EAST))
    m.push(TileDraw("Armory"))                           # alarm + hazard
    m.push(Place(2, 0, 0))
    m.push(EndStep())
    m.push(CardDraw("Sirens"))                           # alarm: lock; hazard: fall
    kinds = [e.kind for e in m.events if e.rule.id == "L7-tile-multievent"
             or e.kind in ("lock", "fall")]
    assert kinds == ["lock", "fall"]
    assert STORAGE_EAST in m.state.locked and m.state.char("Leo").down
    # A one-icon tile takes only its own section.
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, **QUIET)
    m.push(Explore(STORAGE_EAST))
    m.push(TileDraw("Security Post"))                    # hazard only
    m.push(EndStep())
    m.push(CardDraw("Sirens"))
    assert m.state.char("Leo").down and STORAGE_EAST not in m.state.locked


WARZONE_MAP = [("Nest", 0, 2, 0, 3), ("War Zone North", 0, 2, 1, 0),
               ("Security Post", 0, 3, 1, 0)]


def test_l7_tile_warzone_example_two_guards_but_one_clone_at_home() -> None:
    # Cody on a fear tile (the Nest) next to a war zone; a security tile two moves away.
    m = start(players=2, active="Cody", tiles=WARZONE_MAP,
              characters={"Cody": {"tile": "Nest"}}, step="events", **QUIET)
    m.push(CardDraw("Sirens"))                           # guard spawn
    spawns = [t for t in texts(m) if "spawns" in t]
    assert spawns == ["guard 1 spawns on War Zone North", "guard 2 spawns on War Zone North"]
    assert "L7-tile-warzone" in rules_cited(m)
    m = start(players=2, active="Cody", tiles=WARZONE_MAP,
              characters={"Cody": {"tile": "Nest"}}, step="events", **QUIET)
    m.push(CardDraw("Footsteps"))                        # clone spawn
    assert [t for t in texts(m) if "spawns" in t] == ["rogue clone 1 spawns on Nest"]


# -- New Enemies ------------------------------------------------------------------------
def test_l7_enemies_warriors_and_blasters_join_rogues_and_fear_hunters() -> None:
    assert [enemy_name(i) for i in ("rogue#1", "warrior#2", "hunter#1", "blaster#2")] == [
        "rogue clone 1", "warrior clone 2", "fear hunter 1", "blaster hybrid 2 (Speed)"]
    assert Config().profile("warrior").ranged and not Config().profile("rogue").ranged


def test_l7_warrior_follows_clone_rules_and_attacks_at_range() -> None:
    m = start(enemies={"warrior#1": "Storage Bay"}, cronos=None, step="enemies",
              tasks=("activate:warrior#1",))
    assert (pending(m).target, m.state.enemies[0].tile) == ("Leo", STORAGE)
    # Like any clone it stops at a locked door and keeps the pack limit.
    w = Work(start(enemies={"warrior#1": "Lair"}).state)
    assert enemies.enemy_cost(w, w.enemies[0])(HUB_WEST) is None
    m = start(players=1, characters={"Leo": {"tile": "Maintenance"}}, barricades={},
              enemies={"warrior#1": "Storage Bay", "rogue#1": "Hub", "rogue#2": "Hub"},
              cronos=None, step="enemies", tasks=("activate:warrior#1",))
    assert m.state.enemies[-1].tile == STORAGE
    assert "warrior clone 1 stays: Hub already holds the pack limit" in texts(m)


def test_l7_warrior_reserves_rogues_first_then_warriors() -> None:
    s = start(tiles=[("Nest", 0, 2, 0, 3), ("Dark Lab", 0, 2, 1, 0)], **QUIET).state
    assert s.reserve("rogue") == (1, 2, 3) and s.reserve("warrior") == (1, 2)
    w = Work(s)
    for _ in range(5):
        spawning.spawn(w, "clone", 7)                              # from the Dark Lab
    where = [(e.id, w.tname(e.tile)) for e in w.enemies]
    assert where == [("rogue#1", "Dark Lab"), ("rogue#2", "Dark Lab"), ("rogue#3", "Nest"),
                     ("warrior#1", "Nest"), ("warrior#2", "Lair")]
    m = start(enemies={"warrior#1": "Lair", "rogue#2": "Lair", "rogue#1": "Hub"}, cronos=None,
              step="enemies", tasks=("clones",))
    order = [e.data["enemy_id"] for e in all_events(m) if "enemy_id" in e.data]
    assert order[0] == "rogue#1"


def test_l7_warrior_chart_scenarios_1_to_8() -> None:
    assert WARRIOR_CHART == {1: (5, 1), 2: (4, 2), 3: (4, 2), 4: (4, 2), 5: (8, 2),
                             6: (8, 2), 7: (6, 4), 8: (2, 4)}


def test_l7_blaster_shoots_at_range() -> None:
    m = start(enemies={"blaster#2": "Storage Bay"}, cronos=None, step="enemies",
              tasks=("activate:blaster#2",))
    assert (pending(m).actor, pending(m).target) == ("blaster#2", "Leo")
    assert "L7-ranged-enemy" in rules_cited(m)


def test_l7_blaster_activation_own_die_after_the_fear_hunters_die() -> None:
    m = start(step="events", enemies={"hunter#1": "Lower Landing",
                                      "blaster#1": "Lower Landing"}, cronos=None)
    m.push(CardDraw("Quiet"))                            # no activation icons
    assert pending(m).purpose == "hunters"
    roll(m, speed=1)
    # hunter 1 moves (toward Leo); then a separate die for the blasters
    assert pending(m).purpose == "blasters"
    assert [e.rule.id for e in all_events(m) if e.kind in ("hunters_die", "blaster_die")] == [
        "L7-R32", "L7-blaster-activation"]


def test_l7_blaster_power_intelligence_gives_every_blaster_a_token_up_to_5() -> None:
    m = start(enemies={"blaster#1": ("Lower Landing", 4), "blaster#2": ("Lower Landing", 0)},
              cronos=None, step="enemies", tasks=("blaster_die",))
    roll(m, intelligence=2)
    assert [(e.id, e.power) for e in m.state.enemies] == [("blaster#1", 5), ("blaster#2", 2)]
    assert "(at most 5)" in " ".join(texts(m))


def test_l7_blaster_icons_strength_blaster_first_with_a_mixed_face_die() -> None:
    m = start(config=MIXED, enemies={"blaster#1": "Storage Bay", "blaster#2": "Storage Bay"},
              cronos=None, step="enemies", tasks=("blaster_die",))
    assert m.outcomes()[-1][0].strength == 1   # the mixed die can show Strength and Speed
    roll(m, strength=1, speed=1)
    assert pending(m).actor == "blaster#1"
    roll(m)                                               # blaster 1 misses
    assert pending(m).actor == "blaster#2"
    # The default die: two Strength icons, the Strength blaster twice.
    m = start(enemies={"blaster#1": "Storage Bay"}, cronos=None, step="enemies",
              tasks=("blaster_die",))
    roll(m, strength=2)
    roll(m)
    assert pending(m).actor == "blaster#1"


def test_l7_blaster_attack_one_die_per_power_token_then_tokens_leave() -> None:
    m = start(enemies={"blaster#1": ("Hub", 3)}, cronos=None, step="enemies",
              tasks=("activate:blaster#1",))
    assert (pending(m).dice, pending(m).difficulty) == (5, 2)
    roll(m, strength=1)
    assert m.state.enemies[0].power == 0 and m.state.char("Leo").vitality == 5


def test_l7_blaster_doors_a_locked_door_costs_a_power_token() -> None:
    m = start(enemies={"blaster#1": ("Lair", 1)}, cronos=None, step="enemies",
              tasks=("activate:blaster#1", "activate:blaster#1"))
    b = m.state.enemies[0]
    assert (b.tile, b.power) == (HUB, 0)                 # paid, then crossed next time
    assert HUB_WEST in m.state.locked
    assert [e.rule.id for e in all_events(m) if e.kind in ("locked_door", "enemy_move")] == [
        "L7-blaster-doors", "L7-R70"]
    m = start(enemies={"blaster#1": ("Lair", 0)}, cronos=None, step="enemies",
              tasks=("activate:blaster#1",))
    assert m.state.enemies[0].tile == LAIR and "has no target it can reach" in " ".join(
        texts(m))


# -- Dr. Cronos ----------------------------------------------------------------------------
def test_l7_cronos_is_in_play_in_the_sandbox() -> None:
    s = new_match(players=2).state
    assert (s.cronos, s.lockdown) == (LAIR, 1)


def test_l7_cronos_immune_he_is_never_an_attack_target() -> None:
    m = start(enemies={}, cronos="Hub", step="action")
    assert not any(isinstance(c, Attack) for c in m.legal())
    from boardlab.core.errors import IllegalAction
    with pytest.raises(IllegalAction, match="L7-R8"):
        m.push(Attack("cronos"))


def test_l7_cronos_threat_guards_never_target_him() -> None:
    m = start(players=1, characters={"Leo": {"threat": 0}}, enemies={"guard#1": "Storage Bay"},
              cronos="Hub", step="enemies", tasks=("activate:guard#1",))
    assert m.state.enemies[0].tile == STORAGE and "has no target it can reach" in " ".join(
        texts(m))


def test_l7_cronos_guards_go_back_and_cost_him_a_move_each() -> None:
    m = start(enemies={"guard#1": "Lair"}, cronos="Lair", step="enemies",
              tasks=("activate:guard#1",))
    assert m.state.enemies == () and m.state.reserve("guard") == (1, 2, 3, 4)
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, locked=(),
              enemies={"guard#1": "Lair", "guard#2": "Lair"}, cronos="Lair", lockdown=3,
              step="enemies", tasks=("cronos",))
    roll(m, speed=3)                                      # 2 moves for guards, 1 to walk
    assert m.state.enemies == () and m.state.cronos == HUB


def test_l7_cronos_locked_a_move_to_remove_the_marker_then_a_move_to_cross() -> None:
    m = start(enemies={}, cronos="Lair", lockdown=2, step="enemies", tasks=("cronos",))
    roll(m, speed=1)
    assert HUB_WEST not in m.state.locked and m.state.cronos == LAIR
    m = start(enemies={}, cronos="Lair", lockdown=2, step="enemies", tasks=("cronos",))
    roll(m, speed=2)
    assert m.state.cronos == HUB


def test_l7_cronos_barricade_a_move_per_damage_until_gone() -> None:
    m = start(characters={"Leo": {"tile": "Hub"}}, enemies={}, cronos="Maintenance",
              lockdown=3, step="enemies", tasks=("cronos",))
    roll(m, speed=2)
    assert m.state.barricades == () and m.state.cronos == MAINT
    m = start(enemies={}, cronos="Maintenance", lockdown=3, step="enemies", tasks=("cronos",))
    roll(m, speed=3)
    assert m.state.cronos == HUB


def test_l7_cronos_stay_he_never_leaves_a_tile_with_a_character() -> None:
    m = start(players=2, characters={"Cody": {"tile": "Lair", "fear": 1},
                                     "Leo": {"fear": 8}},
              enemies={}, locked=(), cronos="Lair", lockdown=2, step="enemies",
              tasks=("cronos",))
    roll(m, speed=2)
    assert m.state.cronos == LAIR and "L7-cronos-stay" in rules_cited(m)


def test_l7_cronos_drain_characters_on_his_tile_lose_1_vitality() -> None:
    m = start(players=2, characters={"Cody": {"tile": "Hub"}}, enemies={}, cronos="Hub",
              lockdown=0, step="enemies")
    assert [c.vitality for c in m.state.chars] == [4, 4]
    assert "L7-cronos-drain" in rules_cited(m)


def test_l7_cronos_is_nobody_decides_for_him() -> None:
    # His turn is chance only: the roll is the only node, never a seat.
    m = start(enemies={}, cronos="Lair", lockdown=3, step="enemies", tasks=("cronos",))
    assert m.to_move is CHANCE and RULES.to_move(m.state) is CHANCE
    assert sorted(r.speed for r, _ in m.outcomes()) == list(range(7))
    assert "blaster" in ENEMY_TYPE and ENEMY_TYPE["warrior"] == ENEMY_TYPE["rogue"]
