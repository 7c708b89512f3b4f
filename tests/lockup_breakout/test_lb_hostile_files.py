"""Hostile saved Lockup: Breakout files (issue 26): no hang, no raw error, no impossible
position.

Each fault the issue's probe found has a test named after the field or rule it shows;
then every count and list of real saved files is mutated (tests/lockup_breakout/
hostile_files.py) and each mutant must load or be refused within 2 s and 512 MiB; and
random mutants that load must also play on without a raw error. The limits are
``lockup_breakout.limits.LIMITS`` (docs/bad-input.md, "The limits").
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab import lockup_breakout as lb
from boardlab.core.engine import CHANCE
from boardlab.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    BoardlabError,
    ConfigError,
    FormatError,
)
from boardlab.lockup_breakout.limits import LIMITS
from boardlab.lockup_breakout.state import Frame, K
from tests.lockup_breakout.hostile_files import (
    CHECK_EVERY,
    HOSTILE_COUNTS,
    documents,
    put,
    walk,
    where,
)
from tests.prob.hostile import SOAK, examples
from tests.shares import CHECK, PARTS, REST
from tests.test_cli_hostile import one_error_line, run

ROOT = Path(__file__).resolve().parents[2]


def saved_from(state: lb.State) -> dict[str, Any]:
    """A saved match started from ``state`` (its ``start`` field), as parsed JSON."""
    data: dict[str, Any] = json.loads(lb.new_match(start=state, seed=3).to_json())
    return data


def saved_position(state: lb.State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(lb.save_position(state))
    return data


def refused(data: dict[str, Any], loader: Any = lb.load_match) -> FormatError:
    """The FormatError ``data`` is refused with, within a second."""
    t = time.perf_counter()
    with pytest.raises(FormatError) as err:
        loader(json.dumps(data))
    assert time.perf_counter() - t < 1.0
    assert len(str(err.value)) < 700
    return err.value


def first(players: int, seed: int, kinds: list[str]) -> lb.State:
    """The first state of a seeded random match whose frame stack has ``kinds``."""
    return next(r.before for r in lb.play(players=players, seed=seed).records
                if [f.kind for f in r.before.stack] == kinds)


#: Round 1, a reward offer at location 1 (LB-R8).
MID = first(3, 1, [K.GAME, K.ROUND, K.LOCATION, K.REWARD])


# -- hang and memory exhaustion from a small file ---------------------------------------------
@pytest.mark.parametrize("count", [10**100, 10**6, LIMITS.copies + 1])
def test_setup_config_tomes_count_is_bounded_before_anything_is_built(count: int) -> None:
    """The count of a card is at most LIMITS.copies: a saved 10**100 made load_match run
    without end (draws.py built its tables card by card), 10**6 took 32 s."""
    for data in (json.loads(lb.new_match(players=3, seed=1).to_json()), saved_from(MID)):
        put(data, ("setup", "config", "tomes", 0, "count"), count)
        if "start" in data:
            put(data, ("start", "setup", "config", "tomes", 0, "count"), count)
        err = refused(data)
        assert err.path == "setup.config.tomes[0].count"
        assert err.problem.startswith(f"1 to {LIMITS.copies} (LIMITS.copies) (got ")
    with pytest.raises(ConfigError, match=r"^count: 1 to 100 \(LIMITS\.copies\)"):
        lb.Tome("Tome of Ash", 2, count=count)
    assert lb.Tome("Tome of Ash", 2, count=LIMITS.copies).count == LIMITS.copies


@pytest.mark.parametrize("count", [10**100, 10**6, 2, -1])
def test_start_item_deck_counts_are_bounded_before_anything_is_built(count: int) -> None:
    """One copy of each item (LB-R10): any other count is refused naming the entry."""
    data = saved_from(MID)
    put(data, ("start", "item_deck", 0), count)
    err = refused(data)
    assert str(err).startswith("start: item_deck[0]: ")
    assert "but the configuration has 1 of that kind (a count is 0 to 1)" in str(err)


def test_the_replay_command_refuses_a_10_to_the_100_count_in_one_line(tmp_path: Path) -> None:
    data = saved_from(MID)
    put(data, ("start", "item_deck", 0), 10**100)
    file = tmp_path / "huge.json"
    file.write_text(json.dumps(data))
    t = time.perf_counter()
    code, out, err = run("replay", str(file))
    assert time.perf_counter() - t < 2.0
    assert (code, out) == (2, "")
    assert "start: item_deck[0]: " in one_error_line(err)


# -- raw Python errors from damaged files ------------------------------------------------------
def test_lb_R11_start_goon_spaces_holds_one_entry_per_goon_space() -> None:
    data = saved_from(MID)
    del data["start"]["goon_spaces"][0]
    assert str(refused(data)) == "start: goon_spaces: 4 entries; one per goon space 2–6 (LB-R11)"


def test_lb_setup_loot_a_stacks_unseen_count_is_never_negative() -> None:
    """``stacks[i][1] = -1`` was a plain ValueError ("cannot draw -1 cards") in a match
    and, in a position, loaded and crashed when played."""
    i = next(i for i, (known, _) in enumerate(MID.stacks) if not known)
    message = f"stacks[{i}][1]: -1 unseen tokens; a loot stack holds 0 to 3 (LB-setup-loot)"
    data = saved_from(MID)
    put(data, ("start", "stacks", i, 1), -1)
    assert str(refused(data)) == f"start: {message}"
    data = saved_position(MID)
    put(data, ("state", "stacks", i, 1), -1)
    assert str(refused(data, lb.load_position)) == f"state: {message}"
    broken = MID._replace(stacks=tuple((row[0], -1) if j == i else row
                                       for j, row in enumerate(MID.stacks)))
    with pytest.raises(ConfigError, match=r"^start: the position is not sound: stacks\["):
        lb.new_match(start=broken)


def test_start_legend_deck_holds_one_count_per_legend_card() -> None:
    data = saved_from(MID)
    data["start"]["legend_deck"] = []
    assert str(refused(data)) == ("start: legend_deck: 0 entries; it holds one count per "
                                  "legend of the configuration: 8")


# -- impossible start positions -----------------------------------------------------------------
def test_lb_objective_round_0_is_the_setups_only() -> None:
    data = saved_from(MID)
    data["start"]["round"] = 0
    assert str(refused(data)) == ("start: round: 0 in phase 'lightsout'; round 0 is the "
                                  "setup's only (LB-objective)")


def test_lb_escape_an_escape_names_a_side_and_a_round_already_played() -> None:
    data = saved_from(MID)
    data["start"]["escaped"] = [["purple", 3]]
    assert str(refused(data)) == ("start: escaped[0]: 'purple' is not a side of this match "
                                  "(red, blue, green)")
    data["start"]["escaped"] = [["red", 3]]
    assert str(refused(data)).startswith("start: escaped[0]: red escaped in round 3, but the "
                                         "match is in round 1 (LB-escape)")
    with pytest.raises(ConfigError, match=r"^escaped\[red\]: a round 1–2 \(LB-escape\)"):
        lb.position(players=2, round=3, escaped={"red": 3})      # roll call of round 3


@pytest.mark.parametrize("field, value, message", [
    (("stacks", 1, 0), ["purple"], "stacks[1][0][0]: unknown loot token 'purple'"),
    (("stack", -1, "who"), "purple", "stack[3].who: decision reward for 'purple', who is not "
                                     "a player"),
    (("stack", -1, "loc"), 99, "stack[3]: a reward offer is the next reward of location 1 "
                               "(LB-R8); red is offered resources 2 at place 99"),
    (("stack", 2, "loc"), 99, "stack[2].loc: round stage 2 resolves location 1, not 99"),
    (("stack", 1, "stage"), 99, "stack[1].stage: a round never waits at stage 99"),
    (("stack", -1, "kind"), "teleport", "stack[3].kind: unknown frame kind 'teleport'"),
    (("stack", -1, "src"), "LB-nope", "stack[3].src: 'LB-nope'"),
    (("crews", 1), [["purple", "3", False]], "crews[1][0]: unknown token 'purple' '3'"),
    (("lanterns", 0), "Moon", "lanterns[0]: unknown catacomb space 'Moon' (LB-R2)"),
    (("phase", ), "patrol", "phase: 'patrol', but the procedure in progress is lightsout's"),
])
def test_start_names_only_known_sides_tokens_places_and_procedures(
        field: tuple[Any, ...], value: Any, message: str) -> None:
    """A loot stack holding 'purple', a frame of a side that does not play or at location
    99, an unknown procedure or phase: each refused naming the field (all loaded before)."""
    state = MID
    data = saved_from(state)
    path = ("start", *field) if field[0] != "stack" else \
        ("start", "stack", field[1] % len(state.stack), field[2])
    put(data, path, value)
    assert str(refused(data)).startswith(f"start: {message}")


def test_a_decision_with_nothing_to_choose_is_refused() -> None:
    """A legend penalty (a resource to lose) for a side with no resources left: nothing
    to choose (LB-legend-effect), so the position cannot be a match's."""
    state = _penalty_state()
    empty = state._replace(resources=tuple((0,) * len(row) for row in state.resources))
    with pytest.raises(ConfigError, match=r"must decide \(penalty\) but has nothing to choose"):
        lb.new_match(start=empty)
    data = saved_position(state)
    data["state"]["resources"] = [[0] * len(row) for row in state.resources]
    assert str(refused(data, lb.load_position)).endswith(
        "must decide (penalty) but has nothing to choose")


def _penalty_state() -> lb.State:
    for seed in range(200):
        m = lb.new_match(players=3, seed=seed)
        while not m.is_over:
            if m.state.top.kind == K.PENALTY:
                return m.state
            m.roll() if m.to_move is CHANCE else m.push(m.legal()[0])
    raise AssertionError("no legend penalty in 200 matches")


def test_a_chance_node_with_no_outcome_is_refused() -> None:
    """A tome drawn from a deck with no tome in it (LB-R42 shuffles the discards in
    first): no outcome, refused naming the frame."""
    state = next(r.before for r in lb.play(players=3, seed=1).records
                 if r.before.top.kind == K.TOME_DRAW)
    empty = state._replace(tome_deck=(0,) * len(state.tome_deck),
                           tome_discard=tuple(a + b for a, b in zip(state.tome_deck,
                                                                     state.tome_discard,
                                                                     strict=True)))
    with pytest.raises(ConfigError, match=r"stack\[\d\]: a tome is drawn from a deck that "
                                          r"holds one .* tome_deck is empty"):
        lb.new_match(start=empty)


def test_a_frame_of_the_wrong_procedure_is_refused() -> None:
    """A loot look while the lantern is not on that stack's space, a Shapeshifter chain
    with no Shapeshifter held out: impossible stacks the engine would run (LB-advance-
    loot, LB-goon-shapeshifter)."""
    s = lb.position(players=2)
    look = s._replace(stack=(*s.stack, Frame(K.LOOT_LOOK, who="red", loc=0)))
    assert lb.RULES.invariants(look) == [
        "stack[3].kind: a loot_look cannot wait on an assign at stage 0"]
    s = lb.position(players=2, phase="lightsout", tunnels={1: "single"},
                    crews={1: ["red seeker"]})
    offer = s.stack[-1]
    look = s._replace(stack=(*s.stack[:2], Frame(K.LOCATION, loc=1, stage=5),
                             Frame(K.ADVANCE, "red", 1, 0, 1, src="LB-tunnel-type"),
                             Frame(K.LOOT_LOOK, who="red", loc=0)))
    assert offer.kind == K.REWARD
    assert lb.RULES.invariants(look) == [
        "stack[4].loc: the loot of Stair is taken by the lantern that entered it "
        "(LB-advance-loot)"]


def test_the_same_limits_in_code_are_config_errors_naming_the_field() -> None:
    cases = [
        (lambda: lb.Config(display_size=10**100), r"^display_size: 1 to 12 \(LIMITS\.display\)"),
        (lambda: lb.Config(start_resources=(1, 1, 1, 10**5000)),
         r"^start_resources\[3\]: 0 to 1000 \(LIMITS\.number\) \(got <an integer "
         r"of about 5001 digits>\)"),
        (lambda: lb.GoonCard("Troll", "troll", count=10**6),
         r"^count: 1 to 100 \(LIMITS\.copies\)"),
        (lambda: lb.Space("X", 1, 1, x=10.0**9), r"^x: a drawing coordinate from"),
        (lambda: lb.position(players=2, resources={"red": {"gold": 10**100}}),
         r"^resources\[red\]\[gold\]: a whole number 0 to 1,000,000"),
        (lambda: lb.position(players=2, stars={"red": 10**7}), r"^stars\[red\]: a whole number"),
        (lambda: lb.position(players=2, items={"red": iter(lambda: "Lockpick", None)}),
         r"^items\[red\]: at most 10,000 entries \(limits\.cards × limits\.copies\) "
         r"\(got more than 10,000\)"),
        (lambda: lb.position(players=2, crews={1: ["red 3"] * 10**6}),
         r"^crews\[1\]: at most 14 entries \(every crew token of the match\) \(got 1000000\)"),
    ]
    for call, message in cases:
        t = time.perf_counter()
        with pytest.raises(ConfigError, match=message):
            call()
        assert time.perf_counter() - t < 1.0, message


@pytest.mark.parametrize("field, count", [
    ("goals_drawn", 10), ("display_size", 6), ("loot", 0)])
def test_a_configuration_whose_chance_nodes_are_too_large_is_refused(field: str,
                                                                    count: int) -> None:
    """LIMITS.outcomes bounds every chance node a configuration can make: 10 of 30
    goals at once, a display of 6 from 60 items, loot stacks of 5 from 40 kinds."""
    cfg = lb.Config()
    if field == "goals_drawn":
        kwargs: dict[str, Any] = {"goals": tuple(lb.Goal(f"G{i}", "explorer")
                                                  for i in range(30)), "goals_drawn": count}
    elif field == "display_size":
        kwargs = {"items": tuple(lb.Item(f"I{i}", (("gold", 1),), 1, "tool")
                                 for i in range(60)), "display_size": count}
    else:
        kwargs = {"loot": tuple(lb.LootToken(f"L{i}", "resources") for i in range(40))}
    with pytest.raises(ConfigError, match=f"^{field}: .* more than one chance node may have "
                                          r"\(20,000: the limit of outcomes\)"):
        lb.Config(**kwargs)
    assert cfg.display_size == 3      # the stand-in: 220 displays, far below the limit


def test_setup_players_with_5000_digits_is_refused_without_pythons_wording() -> None:
    # The setup's own check is a ConfigError; new_match's argument check (core.validate,
    # before any setup is built) an ArgumentError: both boardlab errors naming players.
    for call, error in ((lambda: lb.Setup(players=10**5000), ConfigError),
                        (lambda: lb.new_match(10**5000), ArgumentError),
                        (lambda: lb.position(players=10**5000), ConfigError)):
        with pytest.raises(error) as err:
            call()
        assert str(err.value).startswith("players: ")
        assert "<an integer of about 5001 digits>" in str(err.value)
        assert "Exceeds the limit" not in str(err.value)
    data = json.loads(lb.new_match(players=3, seed=1).to_json())
    data["setup"]["players"] = 10**5000       # a mapping: JSON text cannot hold it
    with pytest.raises(FormatError) as err:
        lb.load_match(data)
    # The core refuses it before any field is decoded, as for every game's loaders.
    assert str(err.value) == "setup.players: not readable JSON: a number with too many digits"


def test_a_saved_file_of_too_many_values_is_refused_unparsed() -> None:
    data = saved_from(MID)
    data["start"]["looked"] = [[0, "red"]] * 300_000
    t = time.perf_counter()
    err = refused(data)
    assert time.perf_counter() - t < 1.0
    assert str(err) == ("<root>: 902,264 commas and brackets: more values than a saved file "
                        "may hold (200,000; boardlab.core.serialize.MAX_SAVED_VALUES)")
    data["start"]["looked"] = [[0, "red"]] * 10_000
    assert str(refused(data)).startswith("start.looked: 10,000 entries: more values than a "
                                         "saved position holds (5,000 in all; lockup_breakout"
                                         ".limits.LIMITS.position_values)")


# -- every saved file: within 2 s and 512 MiB ----------------------------------------------------
#: How many files the quick sweep loads: every hostile_files.QUICK_EVERY-th mutant of the
#: seven documents and their 24 files of nearly 16 MiB (a change to the documents changes it).
QUICK_CASES = 944
#: make check loads every CHECK_EVERY-th of them (118 files), make test the others too.
PART_CASES = {CHECK: -(-QUICK_CASES // CHECK_EVERY),
              REST: QUICK_CASES - -(-QUICK_CASES // CHECK_EVERY)}


@pytest.mark.parametrize("part", PARTS)
def test_every_saved_file_is_refused_or_loaded_within_2s_and_512_mib(part: str) -> None:
    """Every count and list of real saved matches and positions mutated (10**100, 10**6,
    -1, a thousand and a million entries, files of nearly 16 MiB), each loaded in a
    process limited to 512 MiB of address space: a boardlab error or a load, in under
    2 s each. ``make test`` loads every eleventh mutant and every 16 MiB file (``make
    check`` every eighth of those: part ``check``); the soak (``make soak``) loads every
    one."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    quick = [] if SOAK else ["--quick"]
    done = subprocess.run([sys.executable, "-m", "tests.lockup_breakout.hostile_files", *quick,
                           "--part", part],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=3000,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert "memory" not in report, report
    assert report["raw"] == []
    if SOAK:
        assert report["swept"] > 5000
        assert report["results"]["FormatError"] > report["cases"] * 3 // 4
    else:
        assert report["swept"] == QUICK_CASES, report["swept"]
        assert report["cases"] == PART_CASES[part], report["cases"]
        assert report["results"]["FormatError"] > PART_CASES[part] // 2
    assert report["slowest"][0] < 2.0, report["slowest"]


# -- random mutants: loaded ones play on --------------------------------------------------------
DOCUMENTS = [(name, loader, data) for name, loader, data in documents()
             if loader == "position"]


@settings(max_examples=examples(60), deadline=None, derandomize=True, database=None)
@given(which=st.integers(0, len(DOCUMENTS) - 1), pick=st.randoms(use_true_random=False),
       value=st.sampled_from([*HOSTILE_COUNTS, 0, 1, 2, 3, 7, True, "", "red", "guards",
                              "TOMB", "Golem", "Cache", "advance", "LB-R17", [], None]))
def test_a_mutated_saved_position_loads_and_plays_on_or_is_refused(
        which: int, pick: random.Random, value: Any) -> None:
    """A position that loads is possible: 40 random plies from it raise no raw error (a
    negative stack count loaded, then crashed when played)."""
    _, _, data = DOCUMENTS[which]
    data = json.loads(json.dumps(data))
    fields = [p for p, v in walk(data["state"]) if p and not isinstance(v, (dict, list))]
    path = pick.choice(fields)
    put(data["state"], path, value)
    try:
        state = lb.load_position(json.dumps(data))
    except BoardlabError as err:
        assert str(err).startswith("state"), (where(path), str(err))
        return
    m = lb.new_match(start=state, seed=pick.randrange(100))
    for _ in range(40):
        if m.is_over:
            break
        m.roll() if m.to_move is CHANCE else m.push(pick.choice(m.legal()))
    lb.render_svg(m.state), lb.scores(m.state), lb.observe(m.state, m.state.setup.colours[0])


def test_the_position_keywords_refuse_what_is_not_a_position() -> None:
    """position(events='x') was an AttributeError; a bool was a location."""
    with pytest.raises(ArgumentTypeError, match="^events: expected a list"):
        lb.position(players=2, events="x")
    with pytest.raises(ConfigError, match=r"^tunnels: a location is a whole number, not a "
                                          r"bool \(got True\)"):
        lb.position(players=2, tunnels={True: "single"})
    for kwargs, message in [
            ({"tunnels": {1.0: "single"}}, r"^tunnels: unknown location 1.0"),
            ({"crews": {True: ["red 3"]}}, r"^crews: a location is a whole number, not a bool"),
            ({"goon_spaces": {True: "Imp"}}, r"^goon_spaces: unknown goon space True"),
            ({"legend": []}, r"^legend: unknown legend card \[\]"),
            ({"goon_spaces": {2: []}}, r"^goon_spaces\[2\]: unknown goon \[\]"),
            ({"stacks": {"Stair": [[]]}}, r"^stacks\[Stair\]: unknown name \[\]"),
            ({"items": {"red": [{}]}}, r"^items\[red\]: unknown name \{\}"),
            ({"lanterns": {"red": []}}, r"^lanterns\[red\]: unknown space \[\]"),
            ({"legend_tokens": {"red": []}}, r"^legend_tokens\[red\]: unknown token \[\]")]:
        with pytest.raises(ConfigError, match=message):
            lb.position(players=2, **kwargs)
