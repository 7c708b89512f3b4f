"""Level 7 odds: pinned values (the plan's B5 tables, default die of L7-R2), brute force
over every ordered roll, the engine's own counts, and seeded engine simulations (4σ).

Every exact answer here is checked three ways: against a number worked out by hand
(B5), against brute-force enumeration of the ordered rolls (itertools.product over the
faces), and against the engine itself — either its own counting (the dice a position
rolls) or a seeded simulation of its chance nodes, within 4 standard errors.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from boardlab.core.engine import sample_outcome
from boardlab.core.errors import ArgumentTypeError, ConfigError, QuestionError
from boardlab.level7_lockdown import odds
from boardlab.level7_lockdown.choices import Attack, CardDraw, EndStep, Search
from boardlab.level7_lockdown.config import DIE_FACES, Config
from boardlab.level7_lockdown.position import build, position
from boardlab.level7_lockdown.rules import RULES
from boardlab.prob.derivation import Derivation
from boardlab.prob.dice import IconDie
from tests.odds_checklist import missing_tests

MIXED = (("Strength", "Speed"), ("Intelligence", "Strength"), ("Speed",), ("Intelligence",),
         ("Strength", "Strength"), ())
Faces = tuple[tuple[str, ...], ...]


def brute(n: int, faces: Faces, keep: Callable[[dict[str, int]], bool]) -> Fraction:
    """P(keep(icons)) over every ordered roll of ``n`` dice."""
    hits = 0
    for combo in itertools.product(faces, repeat=n):
        icons = {i: sum(f.count(i) for f in combo) for i in ("Strength", "Speed",
                                                             "Intelligence")}
        hits += keep(icons)
    return Fraction(hits, len(faces) ** n)


def within_4_sigma(hits: int, n: int, p: Fraction) -> bool:
    sigma = math.sqrt(float(p * (1 - p)) / n)
    return abs(hits / n - float(p)) <= 4 * sigma + 1e-12


# -- pinned values (B5, default die) ------------------------------------------------------------
def test_b5_1_challenge_difficulty_curves() -> None:
    assert [odds.challenge(k, "Intelligence", 4) for k in range(2, 7)] == [
        Fraction(1, 36), Fraction(19, 216), Fraction(14, 81), Fraction(22, 81),
        Fraction(91, 243)]
    assert [odds.challenge(k, "Strength", 3) for k in range(2, 7)] == [
        Fraction(1, 12), Fraction(11, 54), Fraction(1, 3), Fraction(37, 81),
        Fraction(413, 729)]
    assert [odds.challenge(k, "Intelligence", 5) for k in range(2, 7)] == [
        0, Fraction(1, 54), Fraction(79, 1296), Fraction(1, 8), Fraction(199, 972)]


def test_b5_2_terror_shifts_the_dice() -> None:
    # Restart a generator with Intelligence 3: 19/216; with terror one die fewer: 1/36.
    assert odds.challenge_odds("Intelligence", 4) == Fraction(19, 216)
    assert odds.challenge_odds("Intelligence", 4, terror=1) == Fraction(1, 36)
    assert odds.challenge_odds("Strength", 3, terror=1) == Fraction(1, 3)   # one die more
    assert odds.challenge_odds("Intelligence", 4, stat=3, adrenaline=1) == Fraction(14, 81)


def test_b5_3_supply_cache() -> None:
    assert odds.cache(4) == {"item": Fraction(14, 81), "nothing": Fraction(13, 81),
                             "lost": Fraction(2, 3)}
    assert odds.cache(5) == {"item": Fraction(22, 81), "nothing": Fraction(5, 27),
                             "lost": Fraction(44, 81)}
    assert odds.cache_items(4) == Fraction(7, 27)
    assert odds.cache_items(5) == Fraction(1, 2)


def test_b5_4_barricade() -> None:
    assert [odds.barricade_attack("guard", e) for e in range(4)] == [
        Fraction(1, 12), Fraction(11, 54), Fraction(1, 3), Fraction(37, 81)]
    assert odds.barricade_activations("guard") == 24
    # the fear hunter's stand-in 3 dice; a blaster's power tokens add dice (L7-R67)
    assert odds.barricade_attack("hunter") == Fraction(11, 54)
    assert odds.barricade_attack("blaster", power=2) == Fraction(1, 3)


def test_b5_5_blaster() -> None:
    assert [odds.blaster_attack(2, p) for p in range(6)] == [
        Fraction(1, 3), Fraction(13, 27), Fraction(49, 81), Fraction(19, 27),
        Fraction(569, 729), Fraction(1835, 2187)]
    assert [odds.blaster_attack(3, p) for p in range(6)] == [
        Fraction(1, 12), Fraction(11, 54), Fraction(1, 3), Fraction(37, 81),
        Fraction(413, 729), Fraction(481, 729)]


def test_b5_6_cronos_reach() -> None:
    assert [odds.cronos_reach(1, k) for k in range(1, 5)] == [
        Fraction(1, 3), Fraction(5, 9), Fraction(19, 27), Fraction(65, 81)]
    assert [odds.cronos_reach(2, k) for k in range(1, 5)] == [
        Fraction(1, 6), Fraction(1, 3), Fraction(13, 27), Fraction(49, 81)]
    assert odds.cronos_reach(3, 2) == Fraction(1, 12)
    assert odds.cronos_reach(4, 2) == Fraction(1, 36)
    assert [odds.cronos_moves(k).E() for k in range(5)] == [Fraction(k, 2) for k in range(5)]
    for k in range(4):
        assert odds.cronos_moves(k).P(1) == brute(k, DIE_FACES, lambda ic: ic["Speed"] == 1)
    assert odds.cronos_moves(20) == odds.cronos_moves(8)     # at most 8 dice (L7-R25)


def test_b5_7_the_chase() -> None:
    assert [odds.chase(d, dice=2) for d in range(1, 6)] == [
        Fraction(9, 5), Fraction(63, 25), Fraction(1809, 500), Fraction(11403, 2500),
        Fraction(279729, 50000)]
    growing = [round(float(odds.chase(d)), 2) for d in range(1, 6)]
    assert growing == [2.07, 2.64, 3.42, 3.92, 4.42]


def test_b5_8_tank_farm_and_b5_9_departure() -> None:
    assert [odds.tank_farm_stays(k) for k in range(1, 5)] == [
        Fraction(2, 3), Fraction(4, 9), Fraction(8, 27), Fraction(16, 81)]
    assert odds.tank_farm_plan(3, 4) == Fraction(8, 27) * Fraction(79, 1296)
    assert odds.departure() == {"fear hunter": Fraction(1, 12), "blaster": Fraction(1, 12),
                                "both": 0, "swarm": Fraction(5, 6)}


# -- brute force over every ordered roll --------------------------------------------------------
@pytest.mark.parametrize("faces", [DIE_FACES, MIXED], ids=["default die", "mixed die"])
def test_dice_questions_match_brute_force(faces: Faces) -> None:
    for n in range(0, 5):
        for icon in ("Strength", "Speed", "Intelligence"):
            dist = odds.icon_count(n, icon, die=faces)
            for k in range(0, 2 * n + 2):
                want = brute(n, faces, lambda ic, icon=icon, k=k: ic[icon] == k)
                assert dist.P(k) == want
                assert odds.challenge(n, icon, k, die=faces) == brute(
                    n, faces, lambda ic, icon=icon, k=k: ic[icon] >= k)
                assert odds.at_least(n, icon, k, die=faces) == brute(
                    n, faces, lambda ic, icon=icon, k=k: ic[icon] >= k)
            m = odds.margin(n, icon, 3, die=faces)
            assert m.P(1) == brute(n, faces, lambda ic, icon=icon: 3 - ic[icon] == 1)
        cache = odds.cache(n, die=faces)
        assert cache["lost"] == brute(n, faces, lambda ic: 4 - ic["Intelligence"] >= 2)
        assert sum(cache.values()) == 1
        dep = odds.departure(dice=n, threshold=2, die=faces)
        assert dep["both"] == brute(n, faces, lambda ic: ic["Strength"] >= 2
                                    and ic["Intelligence"] >= 2)
        assert dep["swarm"] == brute(n, faces, lambda ic: ic["Strength"] < 2
                                     and ic["Intelligence"] < 2)
    assert odds.departure(die=MIXED)["both"] == brute(
        2, MIXED, lambda ic: ic["Strength"] >= 3 and ic["Intelligence"] >= 3)


def test_a_die_can_be_given_as_config_icondie_or_faces() -> None:
    as_faces = odds.at_least(3, "Strength", 2, die=MIXED)
    assert odds.at_least(3, "Strength", 2, die=Config(die=MIXED)) == as_faces
    assert odds.at_least(3, "Strength", 2, die=IconDie([list(f) for f in MIXED])) == as_faces


def test_chase_matches_a_direct_first_step_solution() -> None:
    """Two dice a turn: E(d) = 1 + Σ_k P(k Speed)·E(d − k), solved by hand."""
    speed = {k: brute(2, DIE_FACES, lambda ic, k=k: ic["Speed"] == k) for k in range(5)}
    e = [Fraction(0)]
    for d in range(1, 6):
        rest = sum((speed[k] * e[d - k] for k in range(1, 5) if k < d), Fraction(0))
        e.append((1 + rest) / (1 - speed[0]))
    assert [odds.chase(d, dice=2) for d in range(1, 6)] == e[1:]
    assert odds.chase_within(2, 1, dice=2) == odds.cronos_reach(2, 2)


# -- the engine's own counts ---------------------------------------------------------------------
@pytest.mark.parametrize("terror,weapon,dark,flashlight,adrenaline", [
    (0, False, False, False, 0), (1, False, False, False, 0), (0, True, False, False, 0),
    (2, True, True, False, 1), (0, False, True, True, 0), (1, True, True, True, 2),
])
def test_dice_for_is_what_a_position_rolls(terror: int, weapon: bool, dark: bool,
                                           flashlight: bool, adrenaline: int) -> None:
    items = [*(["Pipe Wrench"] if weapon else []), *(["Flashlight"] if flashlight else [])]
    tile = "Lair" if dark else "Storage Bay"
    s = position(players=1, characters={"Leo": {"tile": tile, "terror": terror,
                                                 "fear": max(1, terror), "items": items}},
                 enemies={"rogue#1": tile}, caches=[tile], cronos=None, step="action")
    searched, _ = RULES.step(s, Search(adrenaline))
    attacked, _ = RULES.step(s, Attack("rogue#1", adrenaline))
    assert searched.pending.dice == odds.dice_for("Intelligence", terror=terror, dark=dark,
                                                  flashlight=flashlight, adrenaline=adrenaline)
    assert attacked.pending.dice == odds.dice_for("Strength", terror=terror, weapon=weapon,
                                                  dark=dark, flashlight=flashlight,
                                                  adrenaline=adrenaline)


def test_challenge_odds_agrees_with_live_odds_at_a_position() -> None:
    s = position(players=1, characters={"Leo": {"tile": "Lair", "terror": 1, "fear": 2}},
                 caches=["Lair"], cronos=None, step="action")
    live = odds.live_odds(s)
    assert live["search the supply cache"] == odds.challenge_odds(
        "Intelligence", 4, terror=1, dark=True) == 0
    attack = live["attack rogue clone 1"]
    assert attack == odds.challenge_odds("Strength", 1, terror=1, dark=True)
    with_cloud = odds.live_odds(position(players=1, characters={"Leo": {"tile": "Hub"}},
                                         enemies={"guard#1": "Hub"}, clouds=[("Hub", "gas")],
                                         cronos=None, step="action"))
    assert with_cloud["attack guard 1"] == odds.challenge_odds("Strength", 2, cloud=True)


def test_enemy_attacks_read_the_profile_dice_and_toughness() -> None:
    for kind, dice in (("guard", 2), ("rogue", 2), ("hunter", 3), ("blaster", 2)):
        for cloud, downed in itertools.product((False, True), repeat=2):
            ranged = kind in ("warrior", "blaster")
            need = 2 + cloud + (downed and ranged)
            want = odds.at_least(dice, "Strength", need)
            assert odds.enemy_attack(kind, cloud=cloud, downed=downed) == want
    assert odds.enemy_attack("warrior", downed=True) == odds.at_least(2, "Strength", 3)
    assert odds.enemy_attack("guard", toughness=4) == odds.at_least(2, "Strength", 4)


# -- seeded engine simulations (4σ) --------------------------------------------------------------
def test_simulated_searches_match_cache_odds() -> None:
    """The engine's own search roll, sampled 3000 times with the match sampler."""
    s = position(players=1, characters={"Leo": {"tile": "Storage Bay"}}, cronos=None,
                 step="action")
    rolled, _ = RULES.step(s, Search(1))           # Intelligence 3 + 1 adrenaline = 4 dice
    assert rolled.pending.dice == 4
    rng = random.Random(17)
    counts = {"item": 0, "nothing": 0, "lost": 0}
    n = 3000
    for _ in range(n):
        _, events = RULES.step(rolled, sample_outcome(RULES.outcomes(rolled), rng))
        kinds = {e.kind for e in events}
        key = ("item" if "challenge_won" in kinds else "lost" if "cache_lost" in kinds
               else "nothing")
        counts[key] += 1
    for key, p in odds.cache(4).items():
        assert within_4_sigma(counts[key], n, p), (key, counts[key], p)


def test_simulated_items_before_the_cache_is_lost() -> None:
    s = position(players=1, characters={"Leo": {"tile": "Storage Bay"}}, cronos=None,
                 step="action")
    rolled, _ = RULES.step(s, Search(1))
    rng = random.Random(5)
    runs, samples = 3000, []
    for _ in range(runs):
        items = 0
        while True:
            _, events = RULES.step(rolled, sample_outcome(RULES.outcomes(rolled), rng))
            kinds = {e.kind for e in events}
            if "cache_lost" in kinds:
                break
            items += "challenge_won" in kinds
        samples.append(items)
    mean = sum(samples) / runs
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (runs - 1))
    assert abs(mean - float(odds.cache_items(4))) <= 4 * sd / math.sqrt(runs)


def _sample_roll(state: Any, rng: random.Random) -> tuple[Any, tuple[Any, ...]]:
    return RULES.step(state, sample_outcome(RULES.outcomes(state), rng))


def test_simulated_enemy_and_barricade_attacks() -> None:
    rng = random.Random(11)
    n = 2000
    # a blaster with 2 power tokens against Leo (Toughness 2), downed: needs 3 on 4 dice
    state, _ = build(players=1, characters={"Leo": {"tile": "Hub", "down": True}},
                     enemies={"blaster#1": ("Hub", 2)}, cronos=None, step="enemies",
                     tasks=("activate:blaster#1",))
    hits = sum(any(e.kind == "hit" for e in _sample_roll(state, rng)[1]) for _ in range(n))
    assert within_4_sigma(hits, n, odds.enemy_attack("blaster", power=2, downed=True))
    # two guards at the barricade: 3 dice, 3 Strength damage it
    state, _ = build(players=1, characters={"Leo": {"tile": "Maintenance", "threat": 3}},
                     enemies={"guard#1": "Hub", "guard#2": "Hub"}, cronos=None,
                     step="enemies", tasks=("activate:guard#1",))
    damaged = sum(any(e.kind == "barricade_battered" for e in _sample_roll(state, rng)[1])
                  for _ in range(n))
    assert within_4_sigma(damaged, n, odds.barricade_attack("guard", 1))


def _quiet_turn(state: Any, rng: random.Random) -> Any:
    for _ in range(2):
        state, _ = RULES.step(state, EndStep())
    state, _ = RULES.step(state, CardDraw(odds.QUIET_CARD.name))
    if state.pending.kind == "roll":
        state, _ = _sample_roll(state, rng)
    return state


def test_simulated_chase_matches_the_chain() -> None:
    """Whole quiet turns sampled from the engine: mean turns to be caught and
    P(caught within 2 turns), 4σ."""
    rng = random.Random(3)
    start = odds._chase_start(3, 0)
    runs, samples = 600, []
    for _ in range(runs):
        state, turns = start, 0
        while state.cronos != state.chars[0].tile:
            state = _quiet_turn(state, rng)
            turns += 1
        samples.append(turns)
    mean = sum(samples) / runs
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (runs - 1))
    assert abs(mean - float(odds.chase(3))) <= 4 * sd / math.sqrt(runs)
    assert within_4_sigma(sum(t <= 2 for t in samples), runs, odds.chase_within(3, 2))


def test_chase_start_is_the_chains_own_first_state() -> None:
    """chase_start(d, pool=p) is the position the chain's state (d, p) is played from:
    the character d moves from Dr. Cronos on the quiet line, p tokens, its move step."""
    for distance, pool in ((1, 0), (3, 2), (7, 9)):
        start = odds.chase_start(distance, pool=pool)
        here = odds.LINE.index(start.tiles[start.cronos].tile)
        there = odds.LINE.index(start.tiles[start.chars[0].tile].tile)
        assert (there - here, start.lockdown, start.pending.kind) == (distance, pool, "move")
        assert start is odds._chase_start(distance, pool)
    with pytest.raises(QuestionError, match=r"chase_start: distance: 1 to 7 \(got 8\)"):
        odds.chase_start(8)
    with pytest.raises(QuestionError, match=r"chase_start: distance: 1 to 7 \(got 0\)"):
        odds.chase_start(0)
    with pytest.raises(ArgumentTypeError, match=r"chase_start: pool: expected a whole number, "
                                                r"not a bool"):
        odds.chase_start(2, pool=True)


def test_simulated_barricade_destruction_time() -> None:
    """A lone guard attacks until the barricade is gone: mean attacks vs 2/p, 4σ."""
    rng = random.Random(21)
    states = {}
    for strength in (2, 1):
        states[strength], _ = build(players=1, characters={"Leo": {"tile": "Maintenance",
                                                                   "threat": 3}},
                                    enemies={"guard#1": "Hub"}, cronos=None, step="enemies",
                                    barricades={odds_door(): strength},
                                    tasks=("activate:guard#1",))
    runs, samples = 400, []
    for _ in range(runs):
        attacks, strength = 0, 2
        while strength:
            attacks += 1
            _, events = _sample_roll(states[strength], rng)
            strength -= any(e.kind.startswith("barricade_") and e.kind != "barricade_holds"
                            for e in events)
        samples.append(attacks)
    mean = sum(samples) / runs
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (runs - 1))
    assert abs(mean - float(odds.barricade_activations("guard"))) <= 4 * sd / math.sqrt(runs)


def odds_door() -> Any:
    from boardlab.level7_lockdown.geometry import Door

    return Door(0, 0, -1, "N")     # Hub – Maintenance, barricaded in the sandbox


def test_simulated_tank_farm_plan() -> None:
    """Dr. Cronos's quiet turn with 2 tokens, then a 4-dice access roll of the engine."""
    rng = random.Random(13)
    start = odds._chase_start(3, 1)                  # 1 token + the events step's = 2 dice
    access, _ = RULES.step(position(players=1, characters={"Leo": {"tile": "Storage Bay"}},
                                    cronos=None, step="action"), Search(1))
    n, hits = 3000, 0
    for _ in range(n):
        stays = _quiet_turn(start, rng).cronos == start.cronos
        roll = sample_outcome(RULES.outcomes(access), rng)
        hits += stays and roll.intelligence >= 5
    assert within_4_sigma(hits, n, odds.tank_farm_plan(2, 4))


def test_simulated_stays_and_reach() -> None:
    """One quiet turn with k − 1 tokens (k after the trigger-events step)."""
    rng = random.Random(8)
    n = 1500
    for k in (1, 3):
        start = odds._chase_start(3, k - 1)
        moved = reached = 0
        for _ in range(n):
            after = _quiet_turn(start, rng)
            moved += after.cronos != start.cronos
            reached += after.cronos == after.chars[0].tile
        assert within_4_sigma(n - moved, n, odds.tank_farm_stays(k))
        assert within_4_sigma(reached, n, odds.cronos_reach(3, k))


def test_simulated_departure_roll() -> None:
    """The engine's sampler on a two-dice roll of every icon (L7-S12-departure)."""
    from boardlab.level7_lockdown.rolls import roll_outcomes

    rng = random.Random(2)
    table = roll_outcomes(DIE_FACES, 2, "")
    n = 4000
    seen = {"fear hunter": 0, "blaster": 0, "both": 0, "swarm": 0}
    for _ in range(n):
        r = sample_outcome(table, rng)
        h, b = r.strength >= 3, r.intelligence >= 3
        seen["both" if h and b else "fear hunter" if h else "blaster" if b else "swarm"] += 1
    for key, p in odds.departure().items():
        assert within_4_sigma(seen[key], n, p), key


# -- scenario 12's departure roll, from the scenario engine ---------------------------------
#: Faces with three icons, so that two dice can show 3 Strength and 3 Intelligence.
THREE_ICONS = (("Intelligence", "Strength", "Strength"),
               ("Intelligence", "Intelligence", "Strength"), ("Speed",))


def _what_appeared(before: Any, after: Any) -> str:
    """What the engine put on the tile Dr. Cronos left, read off the two states."""
    new = {e.kind for e in after.enemies if e.id not in {x.id for x in before.enemies}}
    if new == {"hunter", "blaster"}:
        return "both"
    if new == {"hunter"}:
        return "fear hunter"
    if new == {"blaster"}:
        return "blaster"
    assert not new and before.pending.index in after.scn.swarms
    return "swarm"


def test_departure_node_is_scenario_12s_own_roll() -> None:
    node = odds._departure_node(DIE_FACES)
    assert node.setup.scenario == "12" and node.setup.mode == "normal"
    assert (node.pending.kind, node.pending.purpose, node.pending.dice) == \
        ("roll", "departure", 2)
    assert node.tiles[node.pending.index].tile == "Corridor 102-B"
    assert node.pending.index not in node.scn.swarms


@pytest.mark.parametrize("faces", [DIE_FACES, MIXED, THREE_ICONS],
                         ids=["default die", "mixed die", "three-icon die"])
def test_departure_is_the_engines_chance_table_at_the_node(faces: Faces) -> None:
    """Each outcome the engine offers at scenario 12's departure roll, with its
    probability, resolved by the engine: the sums are departure()'s answer; the what-if
    path with scenario 12's numbers and the brute force over ordered rolls agree."""
    node = odds._departure_node(faces)
    want = dict.fromkeys(("fear hunter", "blaster", "both", "swarm"), Fraction(0))
    table = RULES.outcomes(node)
    assert sum(p for _, p in table) == 1
    for outcome, p in table:
        after, _ = RULES.step(node, outcome)
        want[_what_appeared(node, after)] += p
    got = odds.departure(die=faces)
    assert got == want == odds.departure(dice=2, threshold=3, die=faces)
    assert got["both"] == brute(2, faces, lambda ic: ic["Strength"] >= 3
                                and ic["Intelligence"] >= 3)
    assert got["swarm"] == brute(2, faces, lambda ic: ic["Strength"] < 3
                                 and ic["Intelligence"] < 3)


def test_departure_exact_values_from_the_engine() -> None:
    assert odds.departure() == {"fear hunter": Fraction(1, 12), "blaster": Fraction(1, 12),
                                "both": 0, "swarm": Fraction(5, 6)}
    assert odds.departure(die=THREE_ICONS) == {
        "fear hunter": Fraction(1, 9), "blaster": Fraction(1, 9), "both": Fraction(2, 9),
        "swarm": Fraction(5, 9)}


def _physical_roll(rng: random.Random, faces: Faces, pending: Any) -> Any:
    """``pending.dice`` dice thrown (a face picked uniformly for each), told to the engine
    the way its chance node lists them: only the icon the roll counts, or every icon."""
    from boardlab.level7_lockdown import Roll

    icons = [icon for _ in range(pending.dice) for icon in rng.choice(faces)]
    counts = {i: icons.count(i) if pending.icon in ("", i) else 0
              for i in ("Strength", "Speed", "Intelligence")}
    return Roll(counts["Strength"], counts["Speed"], counts["Intelligence"])


@pytest.mark.parametrize(("faces", "seed"), [(DIE_FACES, 12), (THREE_ICONS, 13)],
                         ids=["default die", "three-icon die"])
def test_simulated_scenario_12_departures(faces: Faces, seed: int) -> None:
    """Seeded scenario 12 matches at the departure roll: two physical dice thrown (a
    face picked uniformly for each), pushed into the match, what appeared counted; 4σ."""
    from boardlab.level7_lockdown import new_match

    rng = random.Random(seed)
    node = odds._departure_node(faces)
    n = 3000
    seen = dict.fromkeys(("fear hunter", "blaster", "both", "swarm"), 0)
    for i in range(n):
        m = new_match(start=node, seed=i)
        m.push(_physical_roll(rng, faces, node.pending))
        seen[_what_appeared(node, m.state)] += 1
    for key, p in odds.departure(die=faces).items():
        assert within_4_sigma(seen[key], n, p), (key, seen)


# -- scenario 13's Tank Farm plan, from the scenario engine ---------------------------------
#: The Abandoned Lab east of the start corridor, the Tank Farm north of it, the Auxiliary
#: Station (tests/level7_lockdown/test_l7_s13.py's ``FARM``).
S13_FARM = [("Abandoned Lab", 0, 3, 0, 0), ("Tank Farm", 0, 3, 1, 0),
            ("Auxiliary Station", 0, 1, -1, 0)]
S13_CHARS = {"Leo": {"tile": "Auxiliary Station"}, "Cody": {"tile": "Corridor 104-A"}}


def _s13_activation(tokens: int) -> Any:
    """Scenario 13 after lockdown: Dr. Cronos alone on the Tank Farm, his roll waiting."""
    return position(2, scenario="13", enemies={}, tiles=S13_FARM, cronos="Tank Farm",
                    scn={"locked_down": True}, lockdown=tokens, step="enemies",
                    tasks=("cronos",), characters=S13_CHARS)


def _s13_access(mode: str) -> Any:
    """Scenario 13: Leo on the Auxiliary Station has begun the access; its roll waits."""
    from boardlab.level7_lockdown import Special

    s = position(2, scenario="13", enemies={}, tiles=S13_FARM, cronos="Tank Farm",
                 scn={"locked_down": True}, step="action", mode=mode, active="Leo",
                 characters=S13_CHARS)
    return RULES.step(s, Special("station"))[0]


@pytest.mark.parametrize("mode", ["normal", "easy"])
def test_tank_farm_plan_matches_scenario_13s_own_rolls(mode: str) -> None:
    """P(he stays) is read off scenario 13's activation roll, every outcome walked by
    the engine; P(the access) off the Auxiliary Station's roll (Intelligence 5, Easy 4:
    L7-S13-aux, L7-S13-easy); tank_farm_plan is their product."""
    access_node = _s13_access(mode)
    p = access_node.pending
    assert (p.purpose, p.icon, p.difficulty) == ("special", "Intelligence",
                                                 4 if mode == "easy" else 5)
    access = sum((q for r, q in RULES.outcomes(access_node)
                  if any(e.kind == "cronos_killed" for e in RULES.step(access_node, r)[1])),
                 Fraction(0))
    assert access == odds.challenge(p.dice, "Intelligence", p.difficulty)
    for k in range(1, 5):
        node = _s13_activation(k)
        assert (node.pending.purpose, node.pending.dice) == ("cronos", k)
        stays = sum((q for r, q in RULES.outcomes(node)
                     if RULES.step(node, r)[0].cronos == node.cronos), Fraction(0))
        assert stays == odds.tank_farm_stays(k)
        assert odds.tank_farm_plan(k, p.dice, difficulty=p.difficulty) == stays * access


def test_simulated_scenario_13_plan() -> None:
    """Seeded scenario 13 matches: Dr. Cronos's activation with 2 tokens, then the
    access, each fed physically thrown dice; the plan works when he stayed and the
    station blew the Tank Farm up with him on it (4σ)."""
    from boardlab.level7_lockdown import new_match

    rng = random.Random(13)
    activation, access = _s13_activation(2), _s13_access("easy")
    n, works = 3000, 0
    for i in range(n):
        m = new_match(start=activation, seed=i)
        m.push(_physical_roll(rng, DIE_FACES, activation.pending))
        stayed = m.state.cronos == activation.cronos
        a = new_match(start=access, seed=i)
        a.push(_physical_roll(rng, DIE_FACES, access.pending))
        works += stayed and a.state.scn.result == "win"
    want = odds.tank_farm_plan(2, access.pending.dice, difficulty=4)
    assert want == Fraction(4, 9) * Fraction(19, 216)
    assert within_4_sigma(works, n, want)


# -- scenario 9's chase, from the scenario engine -------------------------------------------
def _s9_activation(cronos: str) -> Any:
    """Scenario 9 in lockdown, the lift unlocked: Leo and Cody wait on Corridor 101-A,
    Dr. Cronos on ``cronos`` (the Security Lift: one move away; Squad Bay A: two); his
    two-dice roll after the trigger-events step is waiting (L7-S9-cronos)."""
    return position(2, scenario="9", enemies={}, locked=[], cronos=cronos,
                    scn={"locked_down": True}, step="enemies", tasks=("cronos",),
                    characters={"Leo": {"tile": "Corridor 101-A", "fear": 5},
                                "Cody": {"tile": "Corridor 101-A"}})


def test_chase_matches_scenario_9s_own_activation() -> None:
    """Every outcome of scenario 9's own activation roll walked by the engine gives the
    one-turn moves; the first-step equations on them give chase(d, dice=2) exactly."""
    lift, bay = "Security Lift", "Squad Bay A"
    left: dict[str, dict[int, Fraction]] = {}
    for start, d in ((lift, 1), (bay, 2)):
        node = _s9_activation(start)
        assert (node.pending.purpose, node.pending.dice) == ("cronos", 2)
        names = [t.tile for t in node.tiles]
        away = {"Corridor 101-A": 0, lift: 1, bay: 2}
        left[start] = {}
        for r, q in RULES.outcomes(node):
            after = RULES.step(node, r)[0]
            k = away[names[after.cronos]]
            left[start][k] = left[start].get(k, Fraction(0)) + q
        assert odds.chase_within(d, 1, dice=2) == left[start][0]
    e1 = 1 / (1 - left[lift][1])
    e2 = (1 + left[bay][1] * e1) / (1 - left[bay][2])
    assert (e1, e2) == (odds.chase(1, dice=2), odds.chase(2, dice=2)) == \
        (Fraction(9, 5), Fraction(63, 25))


def test_simulated_scenario_9_chase() -> None:
    """Seeded scenario 9 chases from two moves away: activations fed physically thrown
    dice until he reaches the corridor; mean turns within 4σ of chase(2, dice=2)."""
    from boardlab.level7_lockdown import new_match

    rng = random.Random(9)
    nodes = {t: _s9_activation(t) for t in ("Squad Bay A", "Security Lift")}
    runs, samples = 1500, []
    for i in range(runs):
        where, turns = "Squad Bay A", 0
        while where != "Corridor 101-A":
            node = nodes[where]
            m = new_match(start=node, seed=i)
            m.push(_physical_roll(rng, DIE_FACES, node.pending))
            where = node.tiles[m.state.cronos].tile
            turns += 1
        samples.append(turns)
    mean = sum(samples) / runs
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (runs - 1))
    assert abs(mean - float(odds.chase(2, dice=2))) <= 4 * sd / math.sqrt(runs)


# -- explanations, stand-ins, errors ---------------------------------------------------------
@pytest.mark.parametrize("call", [
    lambda e: odds.icon_count(3, "Speed", explain=e),
    lambda e: odds.at_least(3, "Speed", 2, explain=e),
    lambda e: odds.challenge(4, "Intelligence", 4, explain=e),
    lambda e: odds.margin(4, "Intelligence", 4, explain=e),
    lambda e: odds.challenge_odds("Strength", 3, terror=1, cloud=True, explain=e),
    lambda e: odds.enemy_attack("hunter", explain=e),
    lambda e: odds.blaster_attack(2, 3, explain=e),
    lambda e: odds.barricade_attack("guard", 2, explain=e),
    lambda e: odds.barricade_activations("guard", 1, explain=e),
    lambda e: odds.cache(4, explain=e),
    lambda e: odds.cache_items(4, explain=e),
    lambda e: odds.cronos_moves(3, explain=e),
    lambda e: odds.cronos_reach(2, 3, explain=e),
    lambda e: odds.chase(2, dice=2, explain=e),
    lambda e: odds.chase_within(2, 3, explain=e),
    lambda e: odds.tank_farm_stays(3, explain=e),
    lambda e: odds.tank_farm_plan(3, 4, explain=e),
    lambda e: odds.departure(explain=e),
])
def test_explain_gives_the_same_answer_and_names_the_stand_ins(call: Any) -> None:
    working = call(True)
    assert isinstance(working, Derivation)
    assert working.answer == call(False)
    assert "stand-in" in str(working)     # the invented die is named in every derivation


def test_stand_ins_are_listed_and_vanish_with_your_own_numbers() -> None:
    assert set(odds.stand_ins()) == {"die", "characters", "enemies"}
    assert "die" not in odds.stand_ins(Config(die=MIXED))
    assert "die (stand-in)" not in str(odds.challenge(2, "Speed", 1, die=MIXED, explain=True))


def test_bad_input_is_refused_with_the_field_named() -> None:
    with pytest.raises(ConfigError, match="icon"):
        odds.challenge(3, "Luck", 2)
    with pytest.raises(ArgumentTypeError, match="challenge: n: expected a whole number, not a "
                                                "bool"):
        odds.challenge(True, "Speed", 1)          # a bool is not a count
    with pytest.raises(QuestionError, match=r"challenge: n: 0 to 12 \(got 13\)"):
        odds.challenge(13, "Speed", 1)
    with pytest.raises(ConfigError, match="die\\[0\\]"):
        odds.at_least(2, "Speed", 1, die=[["Sword"]])
    with pytest.raises(ConfigError, match="power"):
        odds.enemy_attack("guard", power=1)
    with pytest.raises(ConfigError, match="distance"):
        odds.chase(0)
    with pytest.raises(ConfigError, match="never lost"):
        odds.cache_items(2, die=[["Intelligence", "Intelligence"]])
    with pytest.raises(ArgumentTypeError, match="state: expected a Level 7"):
        odds.live_odds("not a state")  # type: ignore[arg-type]


# -- brute force for the enemy, Dr. Cronos and scenario questions --------------------------------
def test_attacks_match_brute_force() -> None:
    """An attack rolls the profile's dice (+1 per extra enemy, +1 per power token) and
    hits when the Strength icons reach the target's Toughness (L7-R10, L7-R67)."""
    for toughness in (1, 2, 3, 4):
        for power in range(0, 4):
            want = brute(2 + power, DIE_FACES, lambda ic, t=toughness: ic["Strength"] >= t)
            assert odds.blaster_attack(toughness, power) == want
            # downed: +1 Toughness against a ranged attack (L7-R66)
            if toughness > 1:
                assert odds.blaster_attack(toughness - 1, power, downed=True) == want
    # (the sandbox holds one fear hunter: no extra hunters to add)
    for kind, dice, extras in (("guard", 2, range(0, 3)), ("hunter", 3, range(0, 1))):
        for extra in extras:
            assert odds.barricade_attack(kind, extra) == brute(
                dice + extra, DIE_FACES, lambda ic: ic["Strength"] >= 3)
            p = brute(dice + extra, DIE_FACES, lambda ic: ic["Strength"] >= 3)
            # two damages destroy a full barricade; each attack is a fresh roll: 2/p
            assert odds.barricade_activations(kind, extra) == 2 / p
    assert odds.barricade_attack("blaster", 0, power=2) == brute(
        4, DIE_FACES, lambda ic: ic["Strength"] >= 3)
    assert odds.enemy_attack("blaster", power=2, downed=True) == odds.blaster_attack(3, 2)


@pytest.mark.parametrize("mods", [{}, {"terror": 1}, {"terror": 2, "dark": True},
                                  {"adrenaline": 2}, {"weapon": True, "cloud": True},
                                  {"stat": 1, "dark": True, "flashlight": True}])
def test_challenge_odds_match_brute_force(mods: dict[str, Any]) -> None:
    for icon, difficulty in (("Intelligence", 4), ("Strength", 3), ("Intelligence", 5)):
        n = odds.dice_for(icon, **{k: v for k, v in mods.items() if k != "cloud"})
        need = difficulty + mods.get("cloud", False)   # a cloud: +1 difficulty (L7-cloud)
        assert odds.challenge_odds(icon, difficulty, **mods) == brute(
            n, DIE_FACES, lambda ic, icon=icon, need=need: ic[icon] >= need)


def test_cronos_moves_reach_and_stays_match_brute_force() -> None:
    for k in range(0, 5):
        dist = odds.cronos_moves(k)
        for moves in range(0, 2 * k + 1):
            assert dist.P(moves) == brute(k, DIE_FACES, lambda ic, m=moves: ic["Speed"] == m)
        for d in range(1, 5):
            assert odds.cronos_reach(d, k) == brute(k, DIE_FACES,
                                                    lambda ic, d=d: ic["Speed"] >= d)
        assert odds.tank_farm_stays(k) == brute(k, DIE_FACES, lambda ic: ic["Speed"] == 0)


def test_tank_farm_plan_matches_a_joint_brute_force() -> None:
    """One enumeration of both rolls together: his 2 dice, then the 4 access dice."""
    hits = 0
    for combo in itertools.product(DIE_FACES, repeat=6):
        cronos, access = combo[:2], combo[2:]
        hits += (sum(f.count("Speed") for f in cronos) == 0
                 and sum(f.count("Intelligence") for f in access) >= 5)
    assert odds.tank_farm_plan(2, 4) == Fraction(hits, 6 ** 6)


def test_cache_items_is_success_over_loss_by_brute_force() -> None:
    for n in range(1, 6):
        s = brute(n, DIE_FACES, lambda ic: ic["Intelligence"] >= 4)
        lost = brute(n, DIE_FACES, lambda ic: ic["Intelligence"] <= 2)
        assert odds.cache_items(n) == s / lost


def _caught_within(distance: int, dice_per_turn: list[int]) -> Fraction:
    """Brute force over every ordered roll of every turn: the Speed icons of the turns
    add up (he walks one tile per icon and stops on the character)."""
    n = sum(dice_per_turn)
    return brute(n, DIE_FACES, lambda ic: ic["Speed"] >= distance)


@pytest.mark.slow
def test_chase_within_matches_brute_force() -> None:
    for d in (1, 2, 3, 4):
        for turns in (1, 2, 3):
            # two dice a turn (scenario 9) and the growing pool from empty (1, 2, 3 dice)
            assert odds.chase_within(d, turns, dice=2) == _caught_within(d, [2] * turns)
            assert odds.chase_within(d, turns) == _caught_within(d, list(range(1, turns + 1)))
    assert odds.chase_within(2, 0, dice=2) == 0


# -- seeded engine simulations of the dice and of live odds ---------------------------------------
def test_simulated_icon_counts_match_the_exact_distribution() -> None:
    """The engine's search roll (4 dice), sampled: each Intelligence count, 4σ; this
    checks icon_count, at_least, challenge and margin against the engine's sampler."""
    s = position(players=1, characters={"Leo": {"tile": "Storage Bay"}}, cronos=None,
                 step="action")
    rolled, _ = RULES.step(s, Search(1))
    rng = random.Random(31)
    n = 3000
    counts: dict[int, int] = {}
    for _ in range(n):
        roll = sample_outcome(RULES.outcomes(rolled), rng)
        counts[roll.intelligence] = counts.get(roll.intelligence, 0) + 1
    dist = odds.icon_count(4, "Intelligence")
    for k in range(0, 9):
        assert within_4_sigma(counts.get(k, 0), n, dist.P(k)), (k, counts.get(k, 0))
    at_least_4 = sum(v for k, v in counts.items() if k >= 4)
    assert within_4_sigma(at_least_4, n, odds.challenge(4, "Intelligence", 4))
    missed_by_1 = counts.get(3, 0)
    assert within_4_sigma(missed_by_1, n, odds.margin(4, "Intelligence", 4).P(1))


def test_simulated_attack_matches_live_odds() -> None:
    """Leo (terror 2, in the dark) attacks the rogue clone: the engine's attack roll,
    sampled, against the board's live odds and challenge_odds."""
    s = position(players=1, characters={"Leo": {"tile": "Lair", "terror": 2, "fear": 4}},
                 step="action", cronos=None)
    p = odds.live_odds(s)["attack rogue clone 1"]
    assert p == odds.challenge_odds("Strength", 1, terror=2, dark=True) == Fraction(19, 27)
    rolled, _ = RULES.step(s, Attack("rogue#1", 0))
    rng = random.Random(41)
    n = 3000
    hits = sum(any(e.kind == "challenge_won" for e in _sample_roll(rolled, rng)[1])
               for _ in range(n))
    assert within_4_sigma(hits, n, p)


# -- the checklist: every public function has its brute force and its simulation ----------------
#: For each public odds function: the tests that check it against brute force (or an
#: independent exact computation) and against the engine (a seeded simulation at 4σ, or
#: the engine's own exact counts where there is nothing random to sample).
CHECKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "icon_count": (("test_dice_questions_match_brute_force",),
                   ("test_simulated_icon_counts_match_the_exact_distribution",)),
    "at_least": (("test_dice_questions_match_brute_force",),
                 ("test_simulated_icon_counts_match_the_exact_distribution",)),
    "challenge": (("test_dice_questions_match_brute_force",),
                  ("test_simulated_icon_counts_match_the_exact_distribution",
                   "test_simulated_searches_match_cache_odds")),
    "margin": (("test_dice_questions_match_brute_force",),
               ("test_simulated_icon_counts_match_the_exact_distribution",)),
    "dice_for": (("test_challenge_odds_match_brute_force",),
                 ("test_dice_for_is_what_a_position_rolls",)),
    "challenge_odds": (("test_challenge_odds_match_brute_force",),
                       ("test_simulated_attack_matches_live_odds",
                        "test_challenge_odds_agrees_with_live_odds_at_a_position")),
    "live_odds": (("test_challenge_odds_match_brute_force",),
                  ("test_simulated_attack_matches_live_odds",)),
    "enemy_attack": (("test_attacks_match_brute_force",
                      "test_enemy_attacks_read_the_profile_dice_and_toughness"),
                     ("test_simulated_enemy_and_barricade_attacks",)),
    "blaster_attack": (("test_attacks_match_brute_force",),
                       ("test_simulated_enemy_and_barricade_attacks",)),
    "barricade_attack": (("test_attacks_match_brute_force",),
                         ("test_simulated_enemy_and_barricade_attacks",)),
    "barricade_activations": (("test_attacks_match_brute_force",),
                              ("test_simulated_barricade_destruction_time",)),
    "cache": (("test_dice_questions_match_brute_force",),
              ("test_simulated_searches_match_cache_odds",)),
    "cache_items": (("test_cache_items_is_success_over_loss_by_brute_force",),
                    ("test_simulated_items_before_the_cache_is_lost",)),
    "cronos_moves": (("test_cronos_moves_reach_and_stays_match_brute_force",),
                     ("test_simulated_stays_and_reach",)),
    "cronos_reach": (("test_cronos_moves_reach_and_stays_match_brute_force",),
                     ("test_simulated_stays_and_reach",)),
    "chase_chain": (("test_chase_matches_a_direct_first_step_solution",
                     "test_chase_within_matches_brute_force"),
                    ("test_simulated_chase_matches_the_chain",)),
    "chase": (("test_chase_matches_a_direct_first_step_solution",
               "test_chase_matches_scenario_9s_own_activation"),
              ("test_simulated_chase_matches_the_chain", "test_simulated_scenario_9_chase")),
    "chase_within": (("test_chase_within_matches_brute_force",),
                     ("test_simulated_chase_matches_the_chain",)),
    "tank_farm_stays": (("test_cronos_moves_reach_and_stays_match_brute_force",),
                        ("test_simulated_stays_and_reach",)),
    "tank_farm_plan": (("test_tank_farm_plan_matches_a_joint_brute_force",
                        "test_tank_farm_plan_matches_scenario_13s_own_rolls"),
                       ("test_simulated_tank_farm_plan", "test_simulated_scenario_13_plan")),
    "departure": (("test_dice_questions_match_brute_force",
                   "test_departure_is_the_engines_chance_table_at_the_node"),
                  ("test_simulated_departure_roll", "test_simulated_scenario_12_departures")),
}
#: Public names that are not probability questions.
NOT_QUESTIONS = {"CAUGHT", "QUIET", "chase_start", "stand_ins"}


def test_every_public_function_has_its_brute_force_and_its_simulation() -> None:
    assert set(odds.__all__) - NOT_QUESTIONS == set(CHECKS)
    assert missing_tests(CHECKS, globals()) == []


# -- barricades with more helpers than the sandbox has figures (issue 25) -----------------
def _strength_at_least(dice: int, need: int) -> Fraction:
    """P(at least ``need`` Strength icons on ``dice`` of the stand-in die), by brute force:
    every die's face, grouped by its number of Strength icons (with how many faces show
    that many), over every combination of the dice."""
    from boardlab.level7_lockdown.config import DIE_FACES

    by_count: dict[int, int] = {}
    for face in DIE_FACES:
        by_count[face.count("Strength")] = by_count.get(face.count("Strength"), 0) + 1
    good = 0
    for combo in itertools.product(by_count, repeat=dice):
        if sum(combo) >= need:
            good += math.prod(by_count[c] for c in combo)
    return Fraction(good, len(DIE_FACES) ** dice)


@pytest.mark.parametrize("extra", range(10))
def test_l7_barricade_enemy_any_number_of_guards_helping(extra: int) -> None:
    # A guard rolls 2 dice and each guard beside it one more (L7-barricade-enemy, L7-R28);
    # beyond the sandbox's three other guards the engine's roll simply has more dice.
    assert odds.barricade_attack("guard", extra) == _strength_at_least(2 + extra, 3)


def test_l7_R15_clones_beyond_the_pack_limit_cannot_help_at_a_barricade() -> None:
    assert odds.barricade_attack("rogue", 1) == _strength_at_least(3, 3)
    with pytest.raises(QuestionError, match=r"pack limit, L7-R15\), so a rogue has at most 1"):
        odds.barricade_attack("rogue", 2)
