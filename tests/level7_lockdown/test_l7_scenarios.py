"""Scenarios 9–13 as a whole: the data format (JSON-able, validated, errors naming the
field), the stat blocks and stack tables against the text, the registry, the rulings
that hold for every scenario (L7-R65, L7-R90, L7-R99), conformance of random matches
in every scenario × mode × number of players, and the command line.

``BOARDLAB_L7_SCENARIO_MATCHES=N`` sets the random matches per scenario × mode ×
players (default 1: 60 matches; the issue's full count is 100: 6,000 matches).
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from typing import Any

import pytest

from boardlab.cli import main
from boardlab.core.conformance import check_game, check_node
from boardlab.core.errors import ConfigError, FormatError
from boardlab.level7_lockdown import (
    RULES,
    Attack,
    CardDraw,
    Setup,
    load_match,
    new_match,
    play,
    position,
    scenario,
)
from boardlab.level7_lockdown.game import GAME, illegal_candidates
from boardlab.level7_lockdown.scenario import NAMES, merge, scenario_from_data, scenario_from_json
from boardlab.level7_lockdown.scenarios import data_for, hooks_for

from .conftest import roll, rules_cited, start

MATCHES = int(os.environ.get("BOARDLAB_L7_SCENARIO_MATCHES", "1"))
SCENARIOS = ("9", "10", "11", "12", "13")
MODES = ("easy", "normal", "hard")

#: The stat blocks of the text, field by field (guards, secure number, rogues,
#: warriors, pack limit, hunters / limit, blasters / limit, threat pool for 1 and 4
#: players, lockdown pool for 1 and 4 players, vitality, threat).
STAT_BLOCKS = {
    "9": (6, 2, 6, 4, 2, (0, None), (0, None), (24, 24), (0, 0), 5, 1),
    "10": (4, 1, 6, 4, 2, (0, None), (0, None), (2, 8), (1, 1), 5, 1),
    "11": (4, 1, 4, 6, 2, (0, None), (2, 1), (24, 24), (1, 1), 5, 1),
    "12": (4, 1, 4, 6, 2, (3, 1), (2, 1), (2, 8), (3, 6), 5, 1),
    "13": (4, 1, 2, 8, 2, (0, None), (0, None), (24, 24), (0, 0), 5, 0),
}
#: The stack tables of the text (unseen pool tiles + named tiles per stack).
STACK_TABLES = {
    "10": [("A", 6, 0), ("B", 11, 7), ("final", 21, 0)],
    "11": [("A4", 6, 0), ("B4", 6, 0), ("A5", 2, 0), ("B5", 6, 0), ("final", 23, 0)],
    "13": [("A", 6, 0), ("B", 8, 0), ("final", 27, 0)],
}


def _stat_block(name: str) -> tuple[Any, ...]:
    sc = scenario(name)
    res = dict(sc.reserves)
    lim = dict(sc.hybrid_limit)
    return (len(res["guard"]), sc.secure_number, len(res["rogue"]), len(res["warrior"]),
            sc.pack_limit, (len(res["hunter"]), lim.get("hunter")),
            (len(res["blaster"]), lim.get("blaster")), (sc.threat_pool(1), sc.threat_pool(4)),
            (sc.pool_tokens(1), sc.pool_tokens(4)), sc.vitality, sc.threat)


@pytest.mark.parametrize("name", SCENARIOS)
def test_l7_scenarios_stat_blocks_as_in_the_text(name: str) -> None:
    assert _stat_block(name) == STAT_BLOCKS[name]


@pytest.mark.parametrize("name", sorted(STACK_TABLES))
def test_l7_scenarios_stack_tables_as_in_the_text(name: str) -> None:
    stacks = scenario(name).stacks
    assert [(n, ts.count("*"), len(ts) - ts.count("*")) for n, ts in stacks] == \
        STACK_TABLES[name]
    # the unseen entries and the pool match one for one at the start
    s = new_match(2, scenario=name).state
    slots = sum(ts.count("*") for n, ts in s.stacks if n != "pool")
    assert slots == len(s.stack("pool")) == len(scenario(name).pool)


# -- the data format -------------------------------------------------------------------
@pytest.mark.parametrize("name", SCENARIOS)
def test_l7_scenarios_data_is_json_and_reads_back_the_same(name: str) -> None:
    text = json.dumps(data_for(name))
    for mode in MODES:
        assert scenario_from_json(text, mode) == scenario(name, mode)
    assert hooks_for(name).name == name


@pytest.mark.parametrize(("change", "message"), [
    ({"stats": {"rogues": True}}, r"scenario '10': stats.rogues: expected a whole number, "
                                  r"not a bool \(got True\)"),
    ({"stats": {"rogues": 9}}, r"stats.rogues: 0 to 8 \(got 9\)"),
    ({"stats": {"dragons": 1}}, r"stats.dragons: unknown field"),
    ({"stats": {"markers": ["threat", "GLITTER"]}}, r"stats.markers\[1\]: expected one of"),
    ({"stats": {"threat_pool": {"each": 2}}}, r"stats.threat_pool.each: unknown field"),
    ({"layout": {"start": "Hub"}}, r"layout.start: 'Hub' is not on the starting map"),
    ({"layout": {"start": 3}}, r"layout.start: expected a string, got an int \(got 3\)"),
    ({"layout": {"tiles": [{"tile": "Nowhere"}]}}, r"layout.tiles\[0\].tile: unknown tile"),
    ({"layout": {"tiles": [{"tile": "Security Lift", "x": "1"}]}},
     r"layout.tiles\[0\].x: expected a whole number, got a str \(got '1'\)"),
    ({"layout": {"locked": [{"tile": "Security Lift", "side": "Q"}]}},
     r"layout.locked\[0\].side: expected one of N, E, S, W"),
    ({"stacks": [{"name": "A", "pool": 60}]}, r"stacks: the stacks take 60 pool tiles"),
    ({"stacks": [{"name": "A", "pool": "rest"}, {"name": "B", "pool": "rest"}]},
     r"stacks\[1\].pool: only one stack takes the rest"),
    ({"stacks": [{"name": "A", "tiles": ["Office"]}]},
     r"stacks\[0\].tiles\[0\]: 'Office' must be set aside"),
    ({"stacks": [{"name": "pool"}]}, r"stacks\[0\].name: 'pool' is taken"),
    ({"stacks": [{"name": "A", "role": "secret"}]}, r"stacks\[0\].role: expected one of"),
    ({"set_aside": ["Hub"]}, r"set_aside\[0\]: 'Hub' is not in the scenario's box"),
    ({"rules": ["peeking", "flying"]}, r"rules\[1\]: expected one of alien_zone"),
    ({"special": {"cabinet_difficulty": 0}}, r"special.cabinet_difficulty: 1 to 8 "
                                             r"\(got 0\)"),
    ({"start_items": {"each": "laser"}}, r"start_items.each: expected an item kind"),
    ({"threat_gain": 1}, r"threat_gain: expected True or False \(got 1\)"),
    ({"modes": {"nightmare": {}}}, r"modes.nightmare: unknown field"),
    ({"colour": "red"}, r"scenario '10': colour: unknown field"),
])
def test_l7_scenarios_data_errors_name_the_field(change: dict, message: str) -> None:
    data = merge(data_for("10"), change)
    with pytest.raises(ConfigError, match=message):
        scenario_from_data(data)


def test_l7_scenarios_data_errors_for_the_whole_record_and_modes() -> None:
    with pytest.raises(ConfigError, match="special.cabinet_difficulty: missing"):
        scenario_from_data({**data_for("10"), "special": {}})
    with pytest.raises(ConfigError, match="scenario data: expected an object, got list"):
        scenario_from_data([])                                       # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="scenario data: name: expected a string, got a NoneType"):
        scenario_from_data({"title": "x"})
    with pytest.raises(ConfigError, match="scenario '10': mode: no 'expert' mode"):
        scenario_from_data(data_for("10"), "expert")
    with pytest.raises(FormatError, match="not JSON"):
        scenario_from_json("{bad")
    with pytest.raises(ConfigError, match=r"unknown scenario \['12'\]"):
        scenario(["12"])                                             # type: ignore[arg-type]


def test_l7_scenarios_modes_merge_over_the_normal_data() -> None:
    assert merge({"a": {"b": 1, "c": 2}, "d": [1]}, {"a": {"c": 3}, "d": [2]}) == {
        "a": {"b": 1, "c": 3}, "d": [2]}
    assert scenario("13", "easy").param("station_difficulty") == 4
    assert scenario("13", "hard").param("station_difficulty") == 5
    assert scenario("9", "hard").start_kind == "" and scenario("9").start_kind == "flashlight"
    assert all(scenario(n).modes == ("normal", "easy", "hard") for n in SCENARIOS)


# -- rulings for every scenario --------------------------------------------------------
def test_l7_r65_scenarios_9_to_13_and_no_14() -> None:
    assert NAMES == ("sandbox", "9", "10", "11", "12", "13")
    with pytest.raises(ConfigError, match=r"unknown scenario '14'.*\(L7-R65\)"):
        Setup(scenario="14")
    assert [scenario(n).level for n in SCENARIOS] == ["LEVEL 1", "LEVEL 4", "LEVEL 4 & 5",
                                                      "LEVEL 6", "LEVEL 5"]


@pytest.mark.parametrize("name", SCENARIOS)
def test_l7_r90_defeating_an_enemy_gains_threat_except_in_scenario_13(name: str) -> None:
    tile = scenario(name).tiles[scenario(name).start].tile
    m = start(scenario=name, players=1, enemies={"rogue#1": tile}, step="action")
    m.push(Attack("rogue#1"))
    roll(m, strength=1)
    gained = m.state.char("Leo").threat - scenario(name).threat
    assert gained == (0 if name == "13" else 1)
    assert ("L7-R90" in rules_cited(m)) == (name != "13")


def test_l7_r99_the_scenario_rules_close_the_turn() -> None:
    m = start(scenario="9", players=3, enemies={"rogue#1": "Corridor 101-A"},
              characters={n: {"tile": "Corridor 101-A"} for n in ("Leo", "Cody", "Brent")},
              step="events")
    m.push(CardDraw("Quiet"))
    kinds = [e.kind for e in m.events]
    assert kinds.index("fear") < kinds.index("threat")          # Alien Zone, then the crowd
    assert "L7-S9-start" in rules_cited(m)


# -- positions -------------------------------------------------------------------------
@pytest.mark.parametrize(("kwargs", "message"), [
    ({"scn": {"locked_down": 1}}, r"scn.locked_down: expected True or False \(got 1\)"),
    ({"scn": {"killed": 3}}, r"scn.killed: 0 to 2 \(got 3\)"),
    ({"scn": {"swarms": "C-Lift"}}, r"scn.swarms: expected a list of tile names"),
    ({"scn": {"swarms": ["Hub"]}}, r"scn.swarms\[0\]: tile 'Hub' is not on the map"),
    ({"scn": {"boxed": ["dragon#1"]}}, r"scn.boxed\[0\]: 'dragon#1' is not an enemy id"),
    ({"scn": {"colour": 1}}, r"scn.colour: unknown field"),
    ({"scn": []}, r"scn: expected a mapping of fields"),
    ({"links": [("C-Lift", "Mars")]}, r"links\[0\]: expected two tile names of the map"),
    ({"mode": "expert"}, r"mode: expected one of easy, normal, hard, got 'expert'"),
    ({"tiles": [("Lair", 0, 1, 1, 0)]}, r"tiles\[0\]: 'Lair' is in no stack"),
])
def test_l7_scenarios_positions_name_the_bad_field(kwargs: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        position(players=1, scenario="12", **kwargs)


def test_l7_scenarios_positions_and_matches_round_trip_through_json() -> None:
    from boardlab.level7_lockdown import load_position, save_position

    for name in SCENARIOS:
        m = play(players=3, scenario=name, mode="hard", seed=7)
        again = load_match(m.to_json())
        assert again.state == m.state and again.state.setup.mode == "hard"
        for ply in (0, m.ply // 3, m.ply):
            m.seek(ply)
            assert load_position(save_position(m.state)) == m.state


def test_l7_scenarios_invariants_catch_scenario_bookkeeping_errors() -> None:
    s = new_match(2, scenario="12").state
    stacks = tuple((n, ts[1:] if n == "main" else ts) for n, ts in s.stacks)
    cases = {
        "unseen stack entries for": s._replace(stacks=stacks),
        "an enemy figure is in two places": s._replace(scn=s.scn._replace(
            boxed=(("guard", 1),))),
        "the Facility Map cards do not add up": s._replace(scn=s.scn._replace(items_out=())),
        "a swarm or accessed marker on no face-up tile": s._replace(scn=s.scn._replace(
            swarms=(0, 3))),
        "Dr. Cronos is dead and on the map": s._replace(scn=s.scn._replace(killed=2)),
        "bad scenario result": s._replace(scn=s.scn._replace(result="win")),
    }
    for words, broken in cases.items():
        assert any(words in p for p in check_node(RULES, broken)), words


def test_l7_scenarios_every_tile_draw_is_exact_over_the_pool() -> None:
    m = new_match(1, scenario="13")
    m.push(m.legal()[1])                                          # explore from stack A
    outs = m.outcomes()
    assert len(outs) == 41 and set(p for _, p in outs) == {Fraction(1, 41)}


# -- conformance ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", SCENARIOS)
# make check plays the normal mode of every scenario; make test the easy and hard ones too.
@pytest.mark.parametrize("mode", [pytest.param(m, marks=[pytest.mark.slow] if m != "normal" else [])
                                  for m in MODES])
def test_l7_scenarios_conformance_random_matches(name: str, mode: str) -> None:
    setups = [(Setup(players=players, scenario=name, mode=mode),
               10_000 * players + 97 * MODES.index(mode) + seed)
              for players in (1, 2, 3, 4) for seed in range(MATCHES)]
    # deep checks (JSON round trips, undo, refused illegal choices, replay) on one match
    # of each scenario, every 40th with the full count
    deep = 40 if MATCHES >= 10 else (len(setups) if mode == MODES[int(name) % 3] else 0)
    report = check_game(RULES, setups, deep_every=deep, illegal=illegal_candidates)
    assert report.violations == []
    assert report.matches == 4 * MATCHES
    assert report.chance_nodes > 20 * report.matches


def test_l7_scenarios_every_match_ends_within_the_turn_limit() -> None:
    for seed, name in enumerate(SCENARIOS * 2):
        m = play(players=1 + seed % 4, scenario=name, mode=MODES[seed % 3], seed=seed)
        assert m.is_over and m.events[-1].kind == "game_over"
        assert m.state.round <= m.state.setup.rounds + 1


# -- the command line ----------------------------------------------------------------------
def test_l7_scenarios_command_line_plays_scenario_12_hard_to_an_outcome(capsys) -> None:
    code = main(["play", "level7-lockdown", "--scenario", "12", "--players", "3", "--mode",
                 "hard", "--seed", "1"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0] == ("Level 7 [Escape]: Lockdown: scenario 12, The Noose Tightens (hard), "
                      "3 players (Leo, Cody, Brent), seed 1 — on boardlab's invented stand-in "
                      "core: tiles, cards, dice and profiles (L7-R1)")
    assert "Final results" in out and out[-1].startswith(("Escaped:", "No one escaped"))
    assert any("Dr. Cronos" in line for line in out)


@pytest.mark.parametrize(("args", "message"), [
    (["--scenario", "14"], "invalid choice: '14' (choose from 'sandbox', '9', '10', '11', "
                           "'12', '13')"),
    (["--scenario", "12", "--mode", "expert"], "invalid choice: 'expert' (choose from "
                                               "'easy', 'normal', 'hard')"),
    (["--mode", "hard"], "mode: the sandbox has only the normal mode, got 'hard'"),
    (["--scenario", "12", "--players", "0"], "players: 1 to 4 (L7-R33) (got 0)"),
])
def test_l7_scenarios_command_line_refuses_bad_options(capsys, args: list[str],
                                                      message: str) -> None:
    try:
        code = main(["play", "level7-lockdown", *args])
    except SystemExit as exit_:                # argparse refuses a value not in the choices
        code = exit_.code
    assert code == 2 and message in capsys.readouterr().err


def test_l7_scenarios_soak_plan_covers_scenario_mode_players() -> None:
    plan = GAME.soak_plan({o.name: o.soak_values for o in GAME.options})
    combos = {(p["scenario"], p["mode"], p["players"]) for p in plan}
    assert len(plan) == len(combos) == 64
    assert {("sandbox", m) for m in MODES} & {(s, m) for s, m, _ in combos} == {
        ("sandbox", "normal")}
    assert {(s, m, p) for s in SCENARIOS for m in MODES for p in (1, 2, 3, 4)} <= combos


def test_l7_scenarios_matches_without_deep_checks_still_probe_illegal_choices() -> None:
    # The soak deep-checks one match in 1000: the others must exercise refusals too
    # (before, only a deep match tried the candidates, so the soak's count never grew).
    setups = [(Setup(players=2, scenario=name), seed)
              for seed, name in enumerate(SCENARIOS)]
    report = check_game(RULES, setups, deep_every=0, illegal=GAME.illegal)
    assert report.violations == []
    assert report.deep_matches == 0
    assert report.illegal_tried >= 2 * report.matches
