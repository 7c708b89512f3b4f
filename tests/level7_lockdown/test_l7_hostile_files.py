"""Hostile saved Level 7 files and positions (issue 26): no hang, no raw error, no
impossible position.

Each fault the issue's probe found in Level 7 has a test here, named for the field or
rule it shows: damaged saved matches and positions are refused naming the field (never
an IndexError out of the invariants), impossible starts are refused at every door,
``position()`` refuses a scenario 9 map on which an access could not place Dr. Cronos,
and the odds refuse what is not a number. Then every count and list of real saved
files, a configuration and scenario data is mutated (tests/level7_lockdown/
hostile_files.py) and loaded in a child limited to 512 MiB: a load or a boardlab error,
each in under 2 s of CPU. The limits are ``level7_lockdown.limits.LIMITS``
(docs/bad-input.md, "The limits").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import sympy

from boardlab import level7_lockdown as l7
from boardlab.core.errors import ArgumentTypeError, ConfigError, FormatError
from boardlab.level7_lockdown import odds
from tests.prob.hostile import SOAK

ROOT = Path(__file__).resolve().parents[2]

#: The issue's state: ``play(players=2, seed=22)`` a few plies in.
START = l7.play(players=2, seed=22, turn_limit=3).records[3].before


def saved_match() -> dict[str, Any]:
    """A saved match started from :data:`START` (so its ``start`` field is in the file)."""
    m = l7.new_match(start=START, seed=1)
    for _ in range(5):
        m.push(m.legal()[0]) if m.to_move is not l7.CHANCE else m.roll()
    data: dict[str, Any] = json.loads(m.to_json())
    return data


def put(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> str:
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(data)


# (field path inside the start position, bad value, the problem reported)
DAMAGED = [
    (("items_discard",), [], "items_discard: 0 counts, one per card of the configuration (9)"),
    (("items_deck",), [], "items_deck: 0 counts, one per card of the configuration (9)"),
    (("active",), 99, "active: 0 to 1 (the characters of the match) (got 99)"),
    (("active",), -1, "active: 0 to 1 (the characters of the match) (got -1)"),
    (("chars", 0, "tile"), 999, "chars[0].tile: 0 to 5 (the tiles of the map) (got 999)"),
    (("moves",), -1, "moves: 0 to 2 (moves left in a move step, L7-R7) (got -1)"),
    (("tiles", 0, "rotation"), 7, "tiles[0].rotation: 0 to 3 (a quarter turn, L7-R5) (got 7)"),
]


@pytest.mark.parametrize(("path", "value", "problem"), DAMAGED,
                         ids=[".".join(map(str, p)) + f"={v}" for p, v, _ in DAMAGED])
def test_a_damaged_start_is_refused_naming_the_field(path: tuple[Any, ...], value: Any,
                                                     problem: str) -> None:
    with pytest.raises(FormatError) as err:
        l7.load_match(put(saved_match(), ("start", *path), value))
    assert str(err.value) == f"start: {problem}"
    position = json.loads(l7.save_position(START))
    with pytest.raises(FormatError) as err:
        l7.load_position(put(position, ("state", *path), value))
    assert str(err.value) == f"state: {problem}"


@pytest.mark.parametrize(("fields", "problem"), [
    ({"active": -1}, "active: 0 to 1 (the characters of the match) (got -1)"),
    ({"active": 99}, "active: 0 to 1 (the characters of the match) (got 99)"),
    ({"moves": -1}, "moves: 0 to 2 (moves left in a move step, L7-R7) (got -1)"),
])
def test_an_impossible_start_built_in_code_is_refused_at_every_door(fields: dict[str, Any],
                                                                    problem: str) -> None:
    """Python's negative index would pick the last character for ``active=-1``."""
    bad = START._replace(**fields)
    for door, field in ((lambda: l7.new_match(start=bad, seed=0), "start"),
                        (lambda: l7.play(start=bad, seed=0), "start"),
                        (lambda: l7.save_position(bad), "state")):
        with pytest.raises(ConfigError) as err:
            door()
        assert str(err.value) == f"{field}: the position is not sound: {problem}"


def test_a_saved_match_without_a_seed_is_refused() -> None:
    data = saved_match()
    with pytest.raises(FormatError) as err:
        l7.load_match(put(data, ("seed",), None))
    assert str(err.value) == ("seed: null: a saved match records the seed of its dice (an "
                              "integer), so that it replays them")
    del data["seed"]
    with pytest.raises(FormatError) as err:
        l7.load_match(json.dumps(data))
    assert str(err.value) == "seed: missing: a saved match records the seed of its dice"


def test_save_load_save_is_byte_identical() -> None:
    for text in (json.dumps(saved_match()), l7.play(players=3, seed=4).to_json(),
                 l7.play(players=2, seed=9, scenario="9", turn_limit=3).to_json()):
        assert l7.load_match(text).to_json() == text
    saved = l7.save_position(START)
    assert l7.save_position(l7.load_position(saved)) == saved


@pytest.mark.parametrize("start", ["x", 3, {}, l7.Setup(players=2)],
                         ids=["str", "int", "dict", "Setup"])
def test_new_match_start_must_be_a_position(start: Any) -> None:
    with pytest.raises(ArgumentTypeError) as err:
        l7.new_match(start=start)
    assert str(err.value).startswith("start: expected a Level 7 [Escape]: Lockdown position")


# -- position() ---------------------------------------------------------------------------
def test_l7_R43_central_command_needs_a_tile_at_dr_cronos_distance() -> None:
    """A successful access at Central Command places Dr. Cronos at his distance from it
    (L7-R43): a map with no tile there would leave that placement with nothing to choose,
    a stuck match, so position() refuses it, naming the tiles."""
    far = [("Central Command", 0, 5, 5, 0)]
    with pytest.raises(ConfigError) as err:
        l7.position(scenario="9", players=2, tiles=far, step="action", enemies={},
                    characters={"Leo": {"tile": "Central Command"}})
    assert str(err.value) == ("the described position is not sound: tiles: Central Command "
                              "(tile 3) has no tile at Dr. Cronos's distance, so a successful "
                              "access could not place him (L7-R43)")
    near = [("Central Command", 0, -1, 1, 0)]
    s = l7.position(scenario="9", players=2, tiles=near, step="action", enemies={},
                    characters={"Leo": {"tile": "Central Command"}})
    assert s.tiles[3].tile == "Central Command"


def test_position_characters_is_a_mapping_of_names() -> None:
    with pytest.raises(ConfigError) as err:
        l7.position(players=2, characters=["Leo"])  # type: ignore[arg-type]
    assert str(err.value) == ("characters: expected a mapping of character names to fields, "
                              "got a list (got ['Leo'])")


# -- odds ---------------------------------------------------------------------------------
def test_blaster_attack_needs_a_toughness() -> None:
    with pytest.raises(ArgumentTypeError) as err:
        odds.blaster_attack(toughness=None, power=1)  # type: ignore[arg-type]
    assert str(err.value).startswith("level7 odds.blaster_attack: toughness: expected a "
                                     "whole number, got a NoneType")


def test_dice_for_answers_a_plain_int_for_a_sympy_integer() -> None:
    got = odds.dice_for("Intelligence", adrenaline=sympy.Integer(2))
    assert got == odds.dice_for("Intelligence", adrenaline=2)
    assert type(got) is type(odds.dice_for("Intelligence", adrenaline=2))


# -- every saved file: within 2 s and 512 MiB ---------------------------------------------
@pytest.mark.slow
def test_every_mutated_file_is_refused_or_loaded_within_2s_and_512_mib() -> None:
    """Every whole number of the files set to 10**100, 10**6 and -1, every list emptied
    and made as long as 16 MiB allows, each loaded in a process limited to 512 MiB of
    address space: a boardlab error or a load, in under 2 s of CPU each. ``make test``
    loads every fifth mutation of the files :data:`~tests.level7_lockdown.hostile_files.
    QUICK` names (a configuration, scenario data, a position and matches: the core's size
    test loads the other positions and matches); the soak loads every mutation of every
    file."""
    code = ("import resource, runpy, sys; "
            "resource.setrlimit(resource.RLIMIT_AS, (512 * 2**20, 512 * 2**20)); "
            f"sys.argv = ['hostile_files'{'' if SOAK else ', ' + repr('--quick')}]; "
            "runpy.run_module('tests.level7_lockdown.hostile_files', run_name='__main__')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=7200, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["raw"] == []
    assert report["files"] == (41 if SOAK else 5)
    # Every mutation was loaded (6,179 of all the files; every fifth of the quick five's).
    assert report["refused"] + report["loaded"] == (6179 if SOAK else 115)
    assert report["refused"] > report["loaded"] > 0
    assert report["slowest"][0] < 2.0, report["slowest"]
