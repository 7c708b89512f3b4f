"""The stand-in core and every ruling (L7-R1…R37, the further rulings L7-R66…R78 used
here, boardlab's own L7-R80…R86) and the sandbox's invented rules (L7-SB-*)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from boardlab.core.chance import CHANCE
from boardlab.core.errors import ConfigError
from boardlab.core.events import as_events
from boardlab.level7_lockdown import (
    BOOK,
    Access,
    Attack,
    CardDraw,
    Config,
    EndStep,
    Explore,
    FallDown,
    Move,
    Peek,
    Roll,
    Search,
    Setup,
    TileDraw,
    actions,
    cronos,
    enemies,
    new_match,
    observe,
    position,
    spawning,
)
from boardlab.level7_lockdown.config import DIE_FACES, ENEMY_TYPE
from boardlab.level7_lockdown.geometry import Door, costs_from, layout
from boardlab.level7_lockdown.rolls import challenge_chance, roll_outcomes
from boardlab.level7_lockdown.rules import RULES, Work
from boardlab.level7_lockdown.scenario import SANDBOX

from .conftest import (
    HUB,
    HUB_EAST,
    HUB_SOUTH,
    HUB_WEST,
    LAIR,
    LANDING,
    MAINT,
    STORAGE,
    STORAGE_EAST,
    STORAGE_NORTH,
    all_events,
    roll,
    rules_cited,
    start,
    texts,
)

QUIET = {"enemies": {}, "cronos": None}
USED_A = [("Corridor A1", 2, 0, 0, 0), ("Security Post", 2, 5, 5, 0),
          ("Armory", 2, 10, 10, 0), ("War Zone North", 2, 15, 15, 0)]
USED_B = [("Long Hall", 2, 20, 20, 0), ("Strong Point", 2, 25, 25, 0),
          ("Dark Lab", 2, 30, 30, 0), ("Vent Shaft", 2, 35, 35, 0)]
USED_FINAL = [("War Zone South", 2, 40, 40, 0), ("Control Room", 2, 45, 45, 0),
              ("Nest", 2, 50, 50, 0), ("Loading Dock", 2, -40, -40, 0)]
MIXED = Config(die=(("Strength", "Speed"), ("Intelligence", "Strength"), ("Speed",),
                    ("Intelligence",), ("Strength",), ()))


def pending(m):  # noqa: ANN001, ANN201
    return m.state.pending


def test_l7_r1_the_core_is_a_labelled_stand_in() -> None:
    assert "invented" in SANDBOX.title
    assert all(r.book == "boardlab rulings" for r in BOOK if r.kind == "ruling")
    assert all("invented" in r.section for r in BOOK if r.id.startswith("L7-SB"))
    assert new_match(players=1, config=Config(moves=3)).state.moves == 3   # configurable


def _brute(n: int, icon: str, k: int, faces: tuple[tuple[str, ...], ...]) -> Fraction:
    hits = sum(1 for combo in itertools.product(faces, repeat=n)
               if sum(face.count(icon) for face in combo) >= k)
    return Fraction(hits, len(faces) ** n)


def test_l7_r2_default_die_and_exact_challenge_odds() -> None:
    assert DIE_FACES == (("Strength",), ("Strength", "Strength"), ("Speed",),
                         ("Speed", "Speed"), ("Intelligence",),
                         ("Intelligence", "Intelligence"))
    assert [challenge_chance(DIE_FACES, k, "Intelligence", 4) for k in range(2, 7)] == [
        Fraction(1, 36), Fraction(19, 216), Fraction(14, 81), Fraction(22, 81),
        Fraction(91, 243)]
    for n in range(1, 5):
        for k in range(0, 5):
            assert challenge_chance(DIE_FACES, n, "Strength", k) == _brute(n, "Strength", k,
                                                                          DIE_FACES)
            assert challenge_chance(MIXED.die, n, "Speed", k) == _brute(n, "Speed", k,
                                                                        MIXED.die)
    assert sum(p for _, p in roll_outcomes(MIXED.die, 3, "")) == 1


def test_l7_r2_roll_tables_are_the_icon_pools_of_the_prob_layer() -> None:
    """The engine's roll tables (an integer convolution of one die's icons) are
    boardlab.prob's icon pools collapsed to the counted icons: the same outcomes in the
    same order, the same Fractions, the same sampling table."""
    from boardlab.core.engine import OutcomeTable
    from boardlab.prob.dice import IconDie, icon_pool

    def by_pool(faces: tuple[tuple[str, ...], ...], n: int, icon: str) -> OutcomeTable:
        merged: dict[Roll, Fraction] = {}
        for icons, p in icon_pool([IconDie(faces)] * n).items():
            s, sp, i = icons["Strength"], icons["Speed"], icons["Intelligence"]
            roll = {"Strength": Roll(strength=s), "Speed": Roll(speed=sp),
                    "Intelligence": Roll(intelligence=i)}.get(icon, Roll(s, sp, i))
            merged[roll] = merged.get(roll, Fraction(0)) + p
        return OutcomeTable(sorted(merged.items(), key=lambda rp: (
            rp[0].strength, rp[0].speed, rp[0].intelligence)))

    for faces in (DIE_FACES, MIXED.die):
        for n in range(1, 9):
            for icon in ("", "Strength", "Speed", "Intelligence"):
                ours, theirs = roll_outcomes(faces, n, icon), by_pool(faces, n, icon)
                assert list(ours) == list(theirs), (faces, n, icon)
                assert (ours.denominator, ours.cumulative) == (theirs.denominator,
                                                               theirs.cumulative)
    assert list(roll_outcomes(DIE_FACES, 0, "Speed")) == [(Roll(), Fraction(1))]


def test_l7_r3_door_graph_distances_and_what_stops_characters() -> None:
    s = start().state
    lay = layout(s.tiles, s.links, s.cfg)
    assert costs_from(lay, HUB, lambda d: 1) == (0, 1, 1, None, 1, 2)
    m = start(**QUIET)
    moves = {c.to for c in m.legal() if isinstance(c, Move)}
    assert moves == {STORAGE}                           # locked and barricaded stop them


def test_l7_r4_ties_go_by_turn_order_from_the_active_character() -> None:
    for active, target in (("Leo", "Leo"), ("Cody", "Cody")):
        m = start(players=2, active=active, characters={"Cody": {"fear": 3},
                                                        "Leo": {"fear": 3}},
                  enemies={"rogue#1": "Hub"}, cronos=None, step="enemies",
                  tasks=("activate:rogue#1",))
        assert pending(m).target == target


def test_l7_r6_a_turn_is_move_action_events_enemies_then_the_next_seat() -> None:
    m = start(players=2, **QUIET)
    m.push(EndStep())
    assert (m.state.step, pending(m).kind) == ("action", "action")
    m.push(EndStep())
    assert (m.state.step, pending(m).kind) == ("events", "event_draw")
    m.push(CardDraw("Quiet"))
    assert m.to_move == "Cody" and m.state.round == 1
    steps = [e.phase for e in m.events]
    order = [p for k, p in enumerate(steps) if k == 0 or steps[k - 1] != p]
    assert order == ["move:Leo", "action:Leo", "events:Leo", "enemies:Leo", "move:Cody"]
    m.push(EndStep())
    m.push(EndStep())
    m.push(CardDraw("Echoes"))
    assert m.to_move == "Leo" and m.state.round == 2 and "Round 2 begins" in texts(m)


def test_l7_r7_two_moves_exploring_ends_the_step_and_getting_away_from_enemies() -> None:
    m = start(**QUIET)
    m.push(Move(STORAGE))
    assert m.state.moves == 1
    m.push(Move(HUB))
    assert pending(m).kind == "action"                  # two moves used
    m = start(**QUIET)
    assert Explore(STORAGE_EAST) not in m.legal()       # not a door of the Hub
    m.push(Explore(Door(0, 0, 0, "N")))                 # the face-down tile: step over
    m.push(TileDraw("Crawlspace"))
    assert pending(m).kind == "action" and m.state.char("Leo").tile == 3
    m = start(enemies={"rogue#1": "Hub", "rogue#2": "Hub"}, cronos=None)
    assert Move(STORAGE) not in m.legal()               # enemies here: get away first
    m.push(Move(STORAGE, "outwit"))
    assert (pending(m).difficulty, pending(m).icon, pending(m).dice) == (2, "Intelligence", 3)
    roll(m, intelligence=1)
    assert pending(m).kind == "action" and m.state.char("Leo").tile == HUB
    m = start(enemies={"rogue#1": "Hub"}, cronos=None)
    m.push(Move(STORAGE, "bullrush"))
    roll(m, strength=1)
    assert m.state.char("Leo").tile == STORAGE and m.state.moves == 1
    assert pending(m).kind == "move"                   # the step goes on, no second roll


def test_l7_r8_challenge_dice_and_success_at_the_difficulty() -> None:
    # Leo in the dark Lair: Strength 3 − 1 darkness; one adrenaline card: +1 die, +1 fear.
    m = start(characters={"Leo": {"tile": "Lair"}}, enemies={"rogue#1": "Lair"},
              cronos=None, step="action")
    m.push(Attack("rogue#1", adrenaline=1))
    assert pending(m).dice == 3 and m.state.char("Leo").fear == 2
    roll(m, strength=1)                                 # icons = difficulty: success
    assert m.state.enemies == ()
    # Brent's weapon adds a die to combat, not to an Intelligence challenge.
    m = start(players=3, active="Brent", characters={"Brent": {"tile": "Storage Bay"}},
              step="action", **QUIET)
    m.push(Search())
    assert pending(m).dice == 3


def test_l7_r9_default_characters() -> None:
    for c in Config().characters:
        assert (c.strength, c.speed, c.intelligence, c.toughness) == (3, 3, 3, 2)
    leo = new_match(players=1).state.char("Leo")
    assert (leo.fear, leo.terror, leo.adrenaline, leo.vitality, leo.threat) == (1, 0, 4, 5, 1)


def test_l7_r10_enemy_profiles_and_who_crosses_locked_doors() -> None:
    cfg = Config()
    assert [(p.kind, p.dice, p.toughness, p.ranged) for p in cfg.enemies] == [
        ("guard", 2, 2, False), ("rogue", 2, 1, False), ("warrior", 2, 1, True),
        ("hunter", 3, 3, False), ("blaster", 2, 3, True)]
    w = Work(start(enemies={"guard#1": "Lair", "rogue#1": "Lair", "hunter#1": "Lair"}).state)
    costs = {e.kind: enemies.enemy_cost(w, e)(HUB_WEST) for e in w.enemies}
    assert costs == {"guard": None, "rogue": None, "hunter": 2}
    with pytest.raises(ConfigError, match=r"enemy profile 'guard': dice: 2 to 8 \(got 1\)"):
        from boardlab.level7_lockdown.config import EnemyProfile
        EnemyProfile("guard", dice=1, toughness=2)


def test_l7_r11_a_hit_reaches_toughness_a_character_loses_1_an_enemy_goes_back() -> None:
    m = start(enemies={"hunter#1": "Hub"}, cronos=None, step="enemies",
              tasks=("activate:hunter#1",))
    roll(m, strength=1)
    assert m.state.char("Leo").vitality == 5
    m = start(enemies={"hunter#1": "Hub"}, cronos=None, step="enemies",
              tasks=("activate:hunter#1",))
    roll(m, strength=2)
    assert m.state.char("Leo").vitality == 4
    m = start(enemies={"guard#1": "Lair", "rogue#1": "Lair"}, cronos=None, step="enemies",
              tasks=("activate:guard#1",))
    assert pending(m).target == "rogue#1"              # threat 4 beats Leo's 1
    roll(m, strength=1)
    assert [e.id for e in m.state.enemies] == ["guard#1"]


def test_l7_r12_one_event_card_with_spawn_and_activation_icons() -> None:
    assert len(Config().events) == 24
    m = start(enemies={"rogue#1": "Storage Bay"}, cronos=None, step="events")
    assert len(m.outcomes()) == 24 and all(p == Fraction(1, 24) for _, p in m.outcomes())
    m.push(CardDraw("Hunger"))                          # spawn clone; activations clone clone
    acts = [t for t in texts(m) if t.startswith("The clones activate")]
    assert len(acts) == 2 and pending(m).purpose == "enemy_attack"    # one per icon
    assert m.state.events_deck[m.state.cfg.event_index("Hunger")] == 0


def test_l7_r13_spawn_on_the_closest_matching_tile_counting_every_door() -> None:
    w = Work(start(**QUIET).state)
    # From the Hub the Lair (guard post, behind the locked door) and the Maintenance
    # (security, behind the barricade) are both 1 away: placement order decides.
    assert spawning.spawn_candidates(w, "guard", HUB) == [LAIR, MAINT]
    assert spawning.spawn_candidates(w, "clone", HUB) == [LAIR]
    spawning.spawn(w, "guard", STORAGE)
    assert [(e.id, e.tile) for e in w.enemies] == [("guard#1", LAIR)]


def test_l7_r14_captured_at_the_secure_number_of_guards() -> None:
    m = start(players=1, characters={"Leo": {"threat": 0}},
              enemies={"guard#1": "Hub", "guard#2": "Hub"}, cronos=None, step="enemies",
              tasks=("guards",))
    assert "Leo is knocked out (captured by 2 guards, at least the secure number 2) and " \
        "taken to the Infirmary" in texts(m)
    assert m.state.round == 3          # alone, Leo's missed turn (round 2) passes at once
    m = start(players=1, characters={"Leo": {"threat": 0}}, enemies={"guard#1": "Hub"},
              cronos=None, step="enemies", tasks=("guards",))
    assert m.state.char("Leo").status == "inside"


def test_l7_r15_no_clone_moves_onto_a_tile_at_the_pack_limit() -> None:
    m = start(players=1, characters={"Leo": {"tile": "Storage Bay"}},
              enemies={"rogue#1": "Hub", "rogue#2": "Storage Bay", "rogue#3": "Storage Bay"},
              cronos=None, step="enemies", tasks=("activate:rogue#1",))
    assert m.state.enemies[0].tile == HUB and "L7-R15" in rules_cited(m)


def test_l7_r16_threat_comes_from_the_pool_an_empty_pool_spawns_a_guard() -> None:
    m = start(enemies={"rogue#1": "Hub"}, cronos=None, step="action", threat_pool=1)
    m.push(Attack("rogue#1"))
    roll(m, strength=1)
    assert (m.state.char("Leo").threat, m.state.threat_pool) == (2, 0)
    m = start(enemies={"rogue#1": "Hub"}, cronos=None, step="action", threat_pool=0)
    m.push(Attack("rogue#1"))
    roll(m, strength=1)
    assert m.state.char("Leo").threat == 1
    assert [(e.id, e.tile) for e in m.state.enemies] == [("guard#1", LAIR)]


def test_l7_r17_alien_zone_fear_tile_or_alien_at_the_end_of_the_turn() -> None:
    for where, placed, fear in (("Hub", {}, 1), ("Lair", {}, 2),
                                ("Storage Bay", {"rogue#1": "Storage Bay"}, 2),
                                ("Storage Bay", {"guard#1": "Storage Bay"}, 1)):
        m = start(characters={"Leo": {"tile": where, "threat": 0}}, enemies=placed,
                  cronos=None, step="enemies")
        assert m.state.char("Leo").fear == fear, where


def test_l7_r18_darkness_one_die_fewer_without_a_flashlight() -> None:
    for name, dice in (("Leo", 2), ("Cody", 3)):          # Cody carries a Flashlight
        m = start(players=2, active=name, characters={name: {"tile": "Lair"}},
                  enemies={"rogue#1": "Lair"}, cronos=None, step="action")
        m.push(Attack("rogue#1"))
        assert pending(m).dice == dice


def test_l7_r19_peeking_after_stack_a_with_one_die_failure_explores() -> None:
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, **QUIET)
    assert not any(isinstance(c, Peek) for c in m.legal())
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, tiles=USED_A, **QUIET)
    m.push(Peek(STORAGE_NORTH))
    assert pending(m).dice == 1
    assert dict(m.outcomes()) == {Roll(): Fraction(2, 3), Roll(intelligence=1): Fraction(1, 6),
                                  Roll(intelligence=2): Fraction(1, 6)}
    roll(m)
    assert (pending(m).kind, pending(m).stack) == ("tile_draw", "B")


def test_l7_r20_control_panel_locks_or_unlocks_a_door_of_its_tile() -> None:
    m = start(step="action", **QUIET)
    assert Access(HUB_WEST, False) in m.legal() and Access(HUB_EAST, True) in m.legal()
    assert Access(HUB_SOUTH, True) not in m.legal()     # barricaded
    m.push(Access(HUB_WEST, False))
    assert (pending(m).difficulty, pending(m).icon) == (3, "Intelligence")
    roll(m, intelligence=3)
    assert m.state.locked == ()
    m = start(step="action", **QUIET)
    m.push(Access(HUB_EAST, True))
    roll(m, intelligence=2)
    assert m.state.locked == (HUB_WEST,)


def test_l7_r21_items_adrenaline_and_open_hands() -> None:
    s = new_match(players=4).state
    assert [c.items for c in s.chars] == [("Pistol",), ("Flashlight",), ("Pipe Wrench",),
                                         ("Fire Extinguisher",)]
    assert observe(s, "Cody").chars[0].items == ("Pistol",)   # hands are open
    m = start(players=4, active="Ava", step="action", **QUIET)
    m.push(next(c for c in m.legal() if type(c).__name__ == "Extinguish"))
    assert (HUB, "extinguisher") in m.state.clouds and m.state.char("Ava").items == ()
    assert m.state.items_discard[m.state.cfg.item_index("Fire Extinguisher")] == 1


def test_l7_r22_knocked_out_to_the_infirmary_back_on_the_start_tile() -> None:
    m = start(players=2, characters={"Leo": {"vitality": 1, "tile": "Storage Bay"}},
              enemies={"hunter#1": "Storage Bay"}, cronos=None, step="enemies",
              tasks=("activate:hunter#1",))
    roll(m, strength=3)
    leo = m.state.char("Leo")
    assert (leo.status, leo.vitality) == ("infirmary", 0)
    assert m.to_move == "Cody"
    m.push(EndStep())
    m.push(EndStep())
    m.push(CardDraw("Quiet"))
    roll(m, speed=1)                                    # the fear hunter's die: it walks
    # Leo's next turn is missed; he is back on the Hub, Cody moves again.
    leo = m.state.char("Leo")
    assert (leo.status, leo.tile, leo.vitality) == ("inside", HUB, 5)
    assert m.to_move == "Cody" and m.state.round == 2


def test_l7_r23_turn_limit_results_and_scores() -> None:
    m = start(players=2, active="Cody", round=10, step="enemies", **QUIET)
    assert m.is_over and m.scores() == {"Leo": 0, "Cody": 0}
    assert "The turn limit of 10 rounds is reached" in " ".join(texts(m))
    with pytest.raises(ConfigError, match="turn_limit"):
        Setup(turn_limit=-1)
    assert new_match(players=2, turn_limit=3).state.setup.rounds == 3


def test_l7_r24_ties_by_placement_order_and_sides() -> None:
    w = Work(start(**QUIET).state)
    assert spawning.spawn_candidates(w, "guard", HUB) == [LAIR, MAINT]
    assert [str(d) for d in w.tile_doors(HUB)] == ["0:(0,0)E", "0:(0,-1)N", "0:(-1,0)E"]


def test_l7_r25_at_most_8_dice() -> None:
    m = start(enemies={}, cronos="Lair", lockdown=12, step="enemies", tasks=("cronos",))
    assert pending(m).dice == 8
    m = start(enemies={"blaster#1": ("Hub", 5)}, cronos=None, step="enemies",
              tasks=("activate:blaster#1",))
    assert pending(m).dice == 7
    m = start(config=Config(dice_cap=4), enemies={"blaster#1": ("Hub", 5)}, cronos=None,
              step="enemies", tasks=("activate:blaster#1",))
    assert pending(m).dice == 4


def test_l7_r26_lockdown_and_power_tokens_are_counted_apart() -> None:
    m = start(enemies={"blaster#1": ("Lower Landing", 3)}, cronos="Lair", lockdown=2,
              step="events")
    m.push(CardDraw("Quiet"))
    assert m.state.lockdown == 3 and m.state.enemies[0].power == 3


def test_l7_r27_a_hybrid_limit_stops_spawns_not_setup() -> None:
    w = Work(start(enemies={"hunter#1": "Lair"}, cronos=None).state)
    assert not spawning.spawn_hybrid(w, "hunter", HUB, rule_id="L7-blaster")
    w = Work(start(enemies={}, cronos=None).state)
    assert spawning.spawn_hybrid(w, "blaster", HUB, rule_id="L7-blaster")
    assert spawning.spawn_hybrid(w, "blaster", HUB, rule_id="L7-blaster")
    assert [e.id for e in w.enemies] == ["blaster#1", "blaster#2"]   # Strength one first
    assert not spawning.spawn_hybrid(w, "blaster", HUB, rule_id="L7-blaster")
    # The sandbox's setup puts blasters on two tiles whatever the limit says.
    assert dict(SANDBOX.hybrid_limit)["hunter"] == 1


def test_l7_r28_enemy_types_for_barricade_help() -> None:
    assert ENEMY_TYPE == {"guard": "guard", "rogue": "clone", "warrior": "clone",
                          "hunter": "hunter", "blaster": "blaster"}
    m = start(players=1, characters={"Leo": {"threat": 1}},
              enemies={"guard#1": "Maintenance", "rogue#1": "Maintenance"}, cronos=None,
              step="enemies", tasks=("activate:rogue#1",))
    # The rogue attacks the guard on its own tile (fear 4) rather than the barricade.
    assert pending(m).target == "guard#1"


def test_l7_r29_lowest_number_first() -> None:
    w = Work(start(enemies={"rogue#1": "Storage Bay"}, cronos=None).state)
    spawning.spawn(w, "clone", HUB)
    assert [e.id for e in w.enemies] == ["rogue#1", "rogue#2"]
    m = start(enemies={"guard#2": "Maintenance", "guard#1": "Storage Bay"}, cronos=None,
              step="enemies", tasks=("guards",))
    moved = [e.data["enemy_id"] for e in all_events(m) if e.kind in ("enemy_move",
                                                                     "barricade_attack",
                                                                     "enemy_attack")]
    assert moved[0] == "guard#1"


def test_l7_r30_a_double_intelligence_face_gives_two_tokens_each() -> None:
    m = start(enemies={"blaster#1": "Lower Landing", "blaster#2": "Lower Landing"},
              cronos=None, step="enemies", tasks=("blaster_die",))
    roll(m, intelligence=2)
    assert [e.power for e in m.state.enemies] == [2, 2]


def test_l7_r31_component_counts_are_not_caps_except_the_rules() -> None:
    tiles = [("Corridor A1", 0, 0, 2, 0), ("Security Post", 0, 1, 1, 0)]
    clouds = [(n, "gas") for n in ("Hub", "Storage Bay", "Lair", "Maintenance",
                                   "Lower Landing")]
    s = position(tiles=tiles, clouds=clouds)                   # five gas clouds: the box has 4
    assert len(s.clouds) == 5
    with pytest.raises(ConfigError, match=r"enemies\['blaster#1'\]\.power: 0 to 5 \(got 6\)"):
        position(enemies={"blaster#1": ("Lair", 6)})


def test_l7_r32_fear_hunters_activate_once_per_icon_on_their_die() -> None:
    m = start(players=1, characters={"Leo": {"tile": "Maintenance"}}, barricades={},
              enemies={"hunter#1": "Lower Landing"}, cronos=None, step="enemies",
              tasks=("hunters_die",))
    roll(m, strength=2)                                 # a double face: two activations
    assert [e.data["end"] for e in all_events(m) if e.kind == "enemy_move"] == [STORAGE, HUB]


def test_l7_r33_one_seat_may_play_several_characters() -> None:
    m = new_match(players=1, characters=("Leo", "Cody"))
    assert m.state.setup.seats == ("solo",) and m.to_move == "solo"
    m = start(players=1, names=("Leo", "Cody"), **QUIET)
    m.push(EndStep())
    m.push(EndStep())
    m.push(CardDraw("Quiet"))
    assert m.to_move == "solo" and m.state.active == 1 and m.scores() == {"solo": 0}
    with pytest.raises(ConfigError, match="3 players play one character each"):
        Setup(players=3, characters=("Leo", "Cody"))


def test_l7_r34_a_downed_character_may_act_and_cannot_fall_again() -> None:
    m = start(characters={"Leo": {"down": True}}, enemies={"rogue#1": "Hub"}, cronos=None,
              step="action")
    assert Attack("rogue#1") in m.legal() and FallDown() not in m.legal()


def test_l7_r35_clouds_do_not_stack_and_gas_without_cards_costs_nothing() -> None:
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, enemies={"rogue#1": "Storage Bay"},
              clouds=[("Storage Bay", "gas"), ("Storage Bay", "extinguisher")], cronos=None,
              step="action")
    m.push(Attack("rogue#1"))
    assert pending(m).difficulty == 2
    m = start(characters={"Leo": {"adrenaline": 0}}, **QUIET)
    m.push(Move(STORAGE))
    assert m.state.char("Leo").adrenaline == 0 and "L7-R35" in rules_cited(m)


def test_l7_r36_ranged_reach_needs_an_open_door_highest_fear_first() -> None:
    base = {"players": 2, "enemies": {"warrior#1": "Lair"}, "cronos": None, "step": "enemies",
            "tasks": ("activate:warrior#1",)}
    m = start(characters={"Leo": {"fear": 2}, "Cody": {"fear": 5}}, locked=(), **base)
    assert pending(m).target == "Cody"
    m = start(characters={"Leo": {"fear": 2}, "Cody": {"fear": 5}}, **base)
    assert pending(m).kind != "roll" or pending(m).purpose != "enemy_attack"  # locked


SQUARE = [("Security Post", 1, 0, 1, 0), ("War Zone North", 1, 1, 1, 0),
          ("War Zone South", 1, 1, 0, 0)]
LANDING_NORTH, LANDING_EAST = Door(1, 0, 0, "N"), Door(1, 0, 0, "E")


def test_l7_r37_dr_cronos_takes_a_cheapest_path() -> None:
    # Two ways round a square from the Lower Landing to the War Zone North.
    m = start(players=1, tiles=SQUARE, characters={"Leo": {"tile": "War Zone North"}},
              enemies={}, cronos="Lower Landing", lockdown=1, locked=(LANDING_NORTH,),
              step="enemies", tasks=("cronos",))
    roll(m, speed=1)
    assert m.state.tiles[m.state.cronos].tile == "War Zone South"    # 2 beats 1 + 2
    m = start(players=1, tiles=SQUARE, characters={"Leo": {"tile": "War Zone North"}},
              enemies={}, cronos="Lower Landing", lockdown=1, locked=(LANDING_NORTH,),
              barricades={LANDING_EAST: 2}, step="enemies", tasks=("cronos",))
    roll(m, speed=1)
    assert m.state.cronos == LANDING and LANDING_NORTH not in m.state.locked  # 3 beats 4
    w = Work(m.state)
    assert (cronos.cronos_cost(w, None), cronos.cronos_cost(w, LANDING_EAST)) == (1, 3)


def test_l7_r66_downed_plus_one_against_ranged_even_from_the_same_tile() -> None:
    m = start(characters={"Leo": {"down": True}}, enemies={"warrior#1": "Hub"}, cronos=None,
              step="enemies", tasks=("activate:warrior#1",))
    assert pending(m).difficulty == 3


def test_l7_r67_a_blaster_on_a_barricade_adds_and_spends_its_power() -> None:
    m = start(enemies={"blaster#1": ("Maintenance", 2)}, cronos=None, step="enemies",
              tasks=("activate:blaster#1",))
    assert (pending(m).purpose, pending(m).dice) == ("enemy_barricade", 4)
    roll(m, strength=3)
    assert m.state.enemies[0].power == 0 and m.state.barricades == ((HUB_SOUTH, 1),)


def test_l7_r68_mixed_face_power_first_then_the_activation() -> None:
    m = start(config=MIXED, enemies={"blaster#1": ("Hub", 0)}, cronos=None, step="enemies",
              tasks=("blaster_die",))
    roll(m, strength=1, intelligence=1)
    assert (pending(m).actor, pending(m).dice) == ("blaster#1", 3)
    assert "L7-R68" in rules_cited(m)


def test_l7_r69_a_character_before_a_guard_on_equal_fear() -> None:
    m = start(characters={"Leo": {"fear": 4}}, enemies={"rogue#1": "Hub", "guard#1": "Hub"},
              cronos=None, step="enemies", tasks=("activate:rogue#1",))
    assert pending(m).target == "Leo"
    m = start(characters={"Leo": {"fear": 3}}, enemies={"rogue#1": "Hub", "guard#1": "Hub"},
              cronos=None, step="enemies", tasks=("activate:rogue#1",))
    assert pending(m).target == "guard#1"


def test_l7_r70_a_hybrid_reaches_a_locked_door_then_crosses_it_next_time() -> None:
    m = start(enemies={"hunter#1": "Lair"}, cronos=None, step="enemies",
              tasks=("activate:hunter#1",))
    assert m.state.enemies[0].door == HUB_WEST and m.state.enemies[0].tile == LAIR
    m = start(enemies={"hunter#1": "Lair"}, cronos=None, step="enemies",
              tasks=("activate:hunter#1", "activate:hunter#1"))
    assert m.state.enemies[0].tile == HUB and HUB_WEST in m.state.locked


def test_l7_r72_end_of_turn_order() -> None:
    m = start(enemies={"hunter#1": "Lower Landing", "blaster#1": "Lower Landing",
                       "rogue#1": "Lower Landing"}, cronos="Lair", step="events")
    m.push(CardDraw("Footsteps"))                        # clone spawn + clone activation
    while m.to_move is CHANCE:
        m.push(m.legal()[0])
    kinds = [e.kind for e in m.events if e.kind in ("activate", "hunters_die", "blaster_die",
                                                    "cronos_roll", "fear", "wound", "turn")]
    assert kinds[:4] == ["activate", "hunters_die", "blaster_die", "cronos_roll"]


def test_l7_r74_a_successful_peek_leaves_the_peeker_in_place() -> None:
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, tiles=USED_A, **QUIET)
    m.push(Peek(STORAGE_EAST))
    roll(m, intelligence=1)
    m.push(TileDraw("Exit Shaft"))
    assert m.state.char("Leo").tile == STORAGE and pending(m).kind == "action"
    assert "L7-R74" in rules_cited(m)


def test_l7_r76_a_full_clone_tile_sends_the_spawn_on_or_nowhere() -> None:
    w = Work(start(enemies={"rogue#1": "Lair", "warrior#1": "Lair"}, cronos=None).state)
    spawning.spawn(w, "clone", HUB)
    assert [e.id for e in w.enemies] == ["rogue#1", "warrior#1"]
    assert w.reserves == start(enemies={"rogue#1": "Lair", "warrior#1": "Lair"}).state.reserves
    assert as_events(w.events)[-1].rule.id == "L7-R76"


def test_l7_r78_dr_cronos_sends_guards_back_with_a_character_there() -> None:
    m = start(enemies={"guard#1": "Hub"}, characters={"Leo": {"threat": 0}}, cronos="Hub",
              lockdown=1, step="enemies", tasks=("cronos",))
    roll(m, speed=2)
    assert m.state.enemies == () and m.state.cronos == HUB


def test_l7_r80_no_peek_with_enemies_and_no_stack_left_after_a_failed_peek() -> None:
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, tiles=USED_A,
              enemies={"rogue#1": "Storage Bay"}, cronos=None)
    assert not any(isinstance(c, Peek) for c in m.legal())
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, tiles=USED_A + USED_B + USED_FINAL,
              **QUIET)
    m.push(Peek(STORAGE_NORTH))
    roll(m)
    assert pending(m).kind == "action" and "L7-R80" in rules_cited(m)


def test_l7_r81_dr_cronos_is_no_enemy_figure() -> None:
    m = start(enemies={}, cronos="Hub")
    assert Move(STORAGE) in m.legal()                    # no bull rush needed
    m = start(enemies={}, cronos="Lair", characters={"Leo": {"tile": "Storage Bay"}},
              lockdown=0, step="enemies")
    assert m.state.char("Leo").fear == 1                  # he is no alien for the Alien Zone


def test_l7_r82_a_target_worth_nothing_is_no_target() -> None:
    m = start(players=1, characters={"Leo": {"threat": 0}}, enemies={"guard#1": "Hub"},
              cronos=None, step="enemies", tasks=("activate:guard#1",))
    assert pending(m).kind == "move"                     # the guard did nothing
    assert "guard 1 has no target it can reach" in texts(m)


def test_l7_r83_attack_here_else_step_toward_the_best_reachable_target() -> None:
    m = start(players=1, characters={"Leo": {"tile": "Storage Bay"}},
              enemies={"rogue#1": "Lower Landing"}, cronos=None, step="enemies",
              tasks=("activate:rogue#1",))
    assert m.state.enemies[0].tile == STORAGE            # one tile, up the lift
    m = start(players=1, enemies={"rogue#1": "Hub"}, cronos=None, step="enemies",
              tasks=("activate:rogue#1",))
    assert pending(m).purpose == "enemy_attack"


def test_l7_r84_a_missed_turn_draws_no_event() -> None:
    m = start(players=2, active="Cody", characters={"Leo": {"status": "infirmary",
                                                            "vitality": 0}},
              step="enemies", **QUIET)
    assert not [e for e in m.events if e.kind == "event_card"]
    assert "Leo misses this turn in the Infirmary" in " ".join(texts(m))
    assert m.to_move == "Cody"


def test_l7_r85_sections_act_on_explored_tiles_and_the_first_free_door() -> None:
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, **QUIET)
    m.push(Explore(STORAGE_EAST))
    m.push(TileDraw("Corridor A1"))                      # alarm; rotated to join
    m.push(EndStep())
    m.push(CardDraw("Lockdown Drill"))                   # alarm: barricade
    assert m.state.barricades[-1] == (STORAGE_EAST, 2) or (STORAGE_EAST, 2) in \
        m.state.barricades
    # No tile explored: no section applies.
    m = start(step="events", **QUIET)
    m.push(CardDraw("Lockdown Drill"))
    assert m.state.barricades == ((HUB_SOUTH, 2),)


def test_l7_r86_empty_decks_are_reshuffled_from_their_discards() -> None:
    m = start(step="action", characters={"Leo": {"tile": "Storage Bay"}}, **QUIET)
    s = m.state._replace(events_deck=(0,) * 24, events_discard=(1,) * 24)
    m2 = new_match(start=s)
    m2.push(EndStep())
    assert sum(m2.state.events_deck) == 24 and "L7-R86" in rules_cited(m2)
    w = Work(s._replace(items_deck=(0,) * len(s.items_deck)))
    assert not actions.draw_item(w) and as_events(w.events)[-1].rule.id == "L7-R86"


def test_l7_sb_setup_the_sandbox_start() -> None:
    s = new_match(players=2).state
    assert [p.tile or "face-down" for p in s.tiles] == ["Hub", "Storage Bay", "Lair",
                                                       "face-down", "Maintenance",
                                                       "Lower Landing"]
    assert [(e.id, e.tile) for e in s.enemies] == [("rogue#1", LAIR), ("hunter#1", LAIR),
                                                  ("blaster#1", LAIR),
                                                  ("blaster#2", LANDING)]
    assert (s.locked, s.barricades, s.clouds, s.caches) == (
        (HUB_WEST,), ((HUB_SOUTH, 2),), ((STORAGE, "gas"),), (STORAGE,))
    assert (s.threat_pool, s.cronos, s.lockdown) == (4, LAIR, 1)


def test_l7_sb_cronos_pool_and_walk() -> None:
    m = start(players=1, enemies={}, cronos="Lair", lockdown=1, step="events")
    m.push(CardDraw("Quiet"))
    assert m.state.lockdown == 2 and pending(m).dice == 2
    roll(m, speed=4)                                     # unlock, cross, reach Leo: stop
    assert m.state.cronos == HUB and "Dr. Cronos reaches Leo and stops" in texts(m)
    m = start(enemies={}, cronos="Hub", lockdown=5, step="events")
    m.push(CardDraw("Quiet"))
    assert m.state.lockdown == 0


def test_l7_sb_exit_entering_the_exit_shaft_escapes() -> None:
    m = start(players=1, tiles=[("Exit Shaft", 0, 1, 1, 0)],
              characters={"Leo": {"tile": "Storage Bay"}}, **QUIET)
    m.push(Move(6))
    assert m.state.char("Leo").status == "escaped" and not m.is_over
    m.push(CardDraw("Quiet"))                            # L7-R87: the turn runs on
    assert m.is_over and m.scores() == {"Leo": 1} and RULES.scores(m.state) == {"Leo": 1}
    assert "L7-R87" in rules_cited(m)


def test_l7_sb_threat_defeating_an_enemy_gains_threat() -> None:
    m = start(enemies={"rogue#1": "Hub"}, cronos=None, step="action")
    m.push(Attack("rogue#1"))
    roll(m, strength=1)
    assert m.state.char("Leo").threat == 2 and "L7-SB-threat" in rules_cited(m)
    assert m.state.threat_pool == 3


def test_l7_r87_an_escape_skips_the_rest_of_the_own_turn_not_the_enemies() -> None:
    m = start(players=2, tiles=[("Exit Shaft", 0, 1, 1, 0)],
              characters={"Leo": {"tile": "Storage Bay"}}, enemies={"hunter#1": "Lair"},
              cronos=None)
    m.push(Move(6))
    assert pending(m).kind == "event_draw" and "L7-R87" in rules_cited(m)
    m.push(CardDraw("Quiet"))
    assert pending(m).purpose == "hunters"               # the enemy step still runs


def test_l7_r2_engine_roll_nodes_match_brute_force_and_simulation() -> None:
    import random

    from boardlab.core.engine import sample_outcome

    m = start(enemies={"hunter#1": "Hub"}, cronos=None, step="enemies",
              tasks=("activate:hunter#1",))
    outs = m.outcomes()                                  # 3 dice, Strength counted
    hit = sum(p for r, p in outs if r.strength >= 2)
    assert hit == _brute(3, "Strength", 2, DIE_FACES) == Fraction(13, 27)
    rng = random.Random(7)
    n = 20_000
    freq = sum(sample_outcome(outs, rng).strength >= 2 for _ in range(n)) / n
    sd = (float(hit) * (1 - float(hit)) / n) ** 0.5
    assert abs(freq - float(hit)) < 4 * sd
