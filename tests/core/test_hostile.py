"""Hostile input to the core and file layer (issue 10, items 1, 3, 4, 7, 8, 10).

Each reproducer of the issue is refused with a boardlab error that names the field or
argument, shows at most ~200 characters of the bad value, and leaves any match as it was.
The property tests (mutated saved matches and positions, refused pushes) run for every
game in ``tests/test_hostile_games.py``.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardlab import mall_of_horror as moh
from boardlab.core import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    BoardlabError,
    FormatError,
    IllegalAction,
    Match,
    PlyError,
    RandomAgent,
    UnknownRule,
    chance_table,
    sample_outcome,
)
from boardlab.core.errors import SHOWN_CHARS, describe, show_value
from boardlab.core.serialize import (
    MAX_NESTING,
    MAX_SAVED_BYTES,
    MAX_SAVED_VALUES,
    load_json_object,
    read_saved_text,
)
from boardlab.core.simulate import play_out
from tests.core.toy import RULES as TOY
from tests.core.toy import ToySetup


def saved(plies: int = 40, seed: int = 1) -> dict[str, Any]:
    """A real saved Mall of Horror match, ``plies`` plies in, as parsed JSON."""
    m = moh.new_match(players=4, seed=seed)
    while m.ply < plies and not m.is_over:
        if m.to_move is CHANCE:
            m.roll()
        else:
            m.push(m.legal()[-1])
    data: dict[str, Any] = json.loads(m.to_json())
    return data


def snapshot(m: Match[Any, Any]) -> tuple[Any, ...]:
    return (m.to_json(), m.ply, m.recorded_plies, m.state, m.rng.getstate(), m.events)


# -- (1) unknown names must not crash while the message is built ---------------------------
def test_an_unknown_card_is_refused_with_its_repr_and_the_rule() -> None:
    m = moh.new_match(players=4, seed=1)
    before = snapshot(m)
    with pytest.raises(IllegalAction) as err:
        m.push(moh.Draw("nuke"))
    text = str(err.value)
    # mohguard's Draw prints an unknown card by name itself ("draw unknown card 'nuke'")
    assert text.startswith("draw unknown card 'nuke' is not a legal outcome [MoH-setup ")
    assert "Legal here: draw Threat" in text
    assert snapshot(m) == before


def test_an_unknown_card_in_a_saved_file_is_a_format_error() -> None:
    data = saved()
    data["choices"][0] = {"type": "Draw", "card": "nuke"}
    with pytest.raises(FormatError) as err:
        moh.load_match(json.dumps(data))
    assert err.value.path == "choices[0]"
    assert "draw unknown card 'nuke' is not a legal outcome" in str(err.value)


def test_describe_falls_back_to_repr_and_never_fails() -> None:
    class Hostile:
        def __str__(self) -> str:
            raise KeyError("x")

        def __repr__(self) -> str:
            raise RuntimeError("no repr either")

    assert describe(moh.Draw("nuke")) == "draw unknown card 'nuke'"  # its own __str__
    assert describe(Hostile()) == "<a Hostile that cannot be shown>"
    with pytest.raises(IllegalAction, match="<a Hostile that cannot be shown> is not a legal"):
        moh.new_match(players=4, seed=1).push(Hostile())


@pytest.mark.parametrize("location", [1.0, True])
def test_a_choice_equal_to_a_legal_one_is_recorded_as_the_legal_object(location: Any) -> None:
    """``Place(kind, 1.0)`` or ``Place(kind, True)`` never reaches the rules or the record.

    The choice types may refuse such a value when made (a boardlab error); if they accept
    it, push records the game's own legal object, so the match narrates and saves as if
    ``Place(kind, 1)`` had been pushed."""
    m = moh.new_match(players=4, seed=1)
    while m.to_move is CHANCE:
        m.roll()
    legal = next(c for c in m.legal() if isinstance(c, moh.Place) and c.location == 1)
    try:
        odd = moh.Place(legal.kind, location)
    except BoardlabError:
        return
    m.push(odd)
    assert m.choices[-1] is legal
    assert moh.load_match(m.to_json()).to_json() == m.to_json()
    assert "True" not in " ".join(e.text_for(None) for e in m.last_events)


# -- (3) seek, branch and pop refuse bad arguments without touching the match -------------
@pytest.mark.parametrize(("call", "error", "start"), [
    (lambda m: m.seek(1.5), ArgumentTypeError, "ply: a ply is a whole number (got 1.5)"),
    (lambda m: m.seek(True), ArgumentTypeError, "ply: a ply is a whole number (got True)"),
    (lambda m: m.seek("2"), ArgumentTypeError, "ply: a ply is a whole number (got '2')"),
    (lambda m: m.seek(-1), PlyError, "ply: this match has plies 0..5 (got -1)"),
    (lambda m: m.seek(6), PlyError, "ply: this match has plies 0..5 (got 6)"),
    (lambda m: m.branch(99), PlyError, "ply: this match has plies 0..5 (got 99)"),
    (lambda m: m.branch(2.0), ArgumentTypeError, "ply: a ply is a whole number (got 2.0)"),
    (lambda m: m.branch(seed="x"), ArgumentTypeError, "seed: a seed is an integer or None"),
    (lambda m: m.branch(seed=False), ArgumentTypeError, "seed: a seed is an integer or None"),
    (lambda m: m.push_index(True), ArgumentTypeError, "index: a choice index is a whole"),
])
def test_bad_plies_seeds_and_indexes_change_nothing(call: Any, error: type, start: str) -> None:
    m = moh.new_match(players=4, seed=2)
    for _ in range(5):
        m.roll()
    m.seek(3)
    before = snapshot(m)
    with pytest.raises(error) as err:
        call(m)
    assert str(err.value).startswith(start)
    assert isinstance(err.value, BoardlabError)
    assert snapshot(m) == before
    assert m.to_json() == before[0]  # still saveable: nothing half-updated


def test_pop_of_an_empty_match_is_a_ply_error_and_an_index_error() -> None:
    m = Match(TOY, ToySetup(), seed=1)
    with pytest.raises(IndexError) as err:
        m.pop()
    assert isinstance(err.value, PlyError) and str(err.value).startswith("pop: ")


# -- (4) the loader on hostile files ----------------------------------------------------------
def test_an_unhashable_choice_type_is_a_format_error() -> None:
    data = saved()
    data["choices"][3]["type"] = []
    with pytest.raises(FormatError) as err:
        moh.load_match(json.dumps(data))
    assert err.value.path == "choices[3].type"
    assert err.value.problem.startswith("unknown kind []; expected one of ['Destination'")


def test_deep_nesting_is_refused_before_it_can_recurse() -> None:
    for text in ("[" * 100_000, '{"a":' + "[" * 100_000 + "]" * 100_000 + "}"):
        with pytest.raises(FormatError, match=f"nested deeper than {MAX_NESTING} levels"):
            load_json_object(text)
    nested: Any = []
    for _ in range(MAX_NESTING + 1):
        nested = [nested]
    with pytest.raises(FormatError, match="nested deeper"):
        moh.load_match({**saved(), "setup": nested})
    cyclic: dict[str, Any] = {}
    cyclic["a"] = cyclic  # a mapping handed in directly may even be cyclic
    with pytest.raises(FormatError, match="nested deeper"):
        moh.load_match(cyclic)
    ok: Any = 0
    for _ in range(MAX_NESTING - 1):
        ok = [ok]
    assert load_json_object(json.dumps({"a": ok}))["a"] == ok


def test_a_5001_digit_seed_is_a_format_error() -> None:
    text = json.dumps(saved()).replace('"seed": 1', '"seed": ' + "9" * 5001)
    with pytest.raises(FormatError) as err:
        moh.load_match(text)
    assert str(err.value) == "<root>: not readable JSON: a number with too many digits"


def test_a_seed_too_large_to_save_is_refused_in_files_and_in_python() -> None:
    data = {**saved(), "seed": 2**2000}
    with pytest.raises(FormatError) as err:
        moh.load_match(data)
    assert str(err.value) == "seed: a seed has at most 1024 bits (got <an integer of 603 digits>)"
    with pytest.raises(ArgumentError, match="at most 1024 bits"):
        moh.new_match(seed=2**1024)
    assert moh.new_match(seed=2**1024 - 1).seed == 2**1024 - 1


def test_non_utf8_bytes_are_a_format_error(tmp_path: Any) -> None:
    raw = json.dumps(saved()).encode().replace(b'"Shop 1"', b'"\xffhop 1"', 1)
    assert b"\xff" in raw
    with pytest.raises(FormatError, match=r"^<root>: not UTF-8 text \(byte 0xff at position"):
        moh.load_match(raw)
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    with pytest.raises(FormatError, match="not UTF-8 text"):
        read_saved_text(path)


def test_a_file_larger_than_the_limit_is_read_no_further(tmp_path: Any) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_SAVED_BYTES + 1))
    with pytest.raises(FormatError, match="larger than a saved file may be"):
        read_saved_text(path)
    with pytest.raises(FormatError, match="more than a saved file may hold"):
        load_json_object(" " * (MAX_SAVED_BYTES + 1))
    with pytest.raises(FormatError, match="larger than a saved file may be"):
        read_saved_text("/dev/zero")  # never ends: read only up to the limit


def test_wrong_kinds_of_text_are_argument_errors() -> None:
    for bad in (None, 5, 1.5, ["x"]):
        with pytest.raises(ArgumentTypeError, match="^text: expected JSON text"):
            moh.load_match(bad)  # type: ignore[arg-type]


# -- (7) loose headers --------------------------------------------------------------------
@pytest.mark.parametrize(("field", "value", "message"), [
    ("version", True, "version: unsupported version True (this boardlab reads the integer 1)"),
    ("version", 1.0, "version: unsupported version 1.0 (this boardlab reads the integer 1)"),
    ("version", "1", "version: unsupported version '1' (this boardlab reads the integer 1)"),
    ("format", ["boardlab.match"], "format: expected 'boardlab.match', got ['boardlab.match']"),
    ("game", {"x": 1}, "game: expected 'mall-of-horror', got {'x': 1}"),
])
def test_headers_must_be_exactly_right(field: str, value: Any, message: str) -> None:
    with pytest.raises(FormatError) as err:
        moh.load_match({**saved(), field: value})
    assert str(err.value) == message


def test_a_start_whose_setup_disagrees_with_the_setup_is_refused() -> None:
    six = json.loads(moh.save_position(moh.new_match(players=6, seed=1).state))["state"]
    with pytest.raises(FormatError) as err:
        moh.load_match({**saved(), "start": six})
    assert err.value.path == "start.setup"
    assert err.value.problem.startswith("the start state's setup is not the match's setup")
    four = moh.new_match(players=4, seed=1).state
    with pytest.raises(ArgumentError, match="^state: the start state's setup"):
        Match(moh.RULES, moh.new_match(players=6, seed=1).setup, state=four)


def test_unknown_fields_are_named_in_matches_and_positions() -> None:
    with pytest.raises(FormatError, match="^extra: unknown field"):
        moh.load_match({**saved(), "extra": 1})
    position = json.loads(moh.save_position(moh.new_match(players=4, seed=1).state))
    with pytest.raises(FormatError, match="^extra: unknown field"):
        moh.load_position({**position, "extra": 1})


# -- (8) messages show at most ~200 characters of a value ----------------------------------
def test_a_huge_field_gives_a_short_message() -> None:
    data = saved()
    i = next(i for i, c in enumerate(data["choices"]) if c["type"] == "Vote")
    data["choices"][i]["colour"] = "x" * 10_000_000
    with pytest.raises(FormatError) as err:
        moh.load_match(json.dumps(data))
    assert len(str(err.value)) < 1000
    data["choices"][i]["colour"] = ["y"] * 150_000
    with pytest.raises(FormatError) as err:
        moh.load_match(data)
    assert len(str(err.value)) < 1000 and err.value.path == f"choices[{i}].colour"
    # A million values are refused before any is looked at (MAX_SAVED_VALUES).
    data["choices"][i]["colour"] = ["y"] * 1_000_000
    for saved_form in (data, json.dumps(data)):
        with pytest.raises(FormatError) as err:
            moh.load_match(saved_form)
        assert err.value.path == "" and ": more values than a saved file may hold " \
            f"({MAX_SAVED_VALUES:,}; boardlab.core.serialize.MAX_SAVED_VALUES)" in str(err.value)


@given(st.one_of(st.text(max_size=5000), st.binary(max_size=5000),
                 st.lists(st.integers(), max_size=3000), st.integers(),
                 st.dictionaries(st.text(max_size=50), st.text(max_size=500), max_size=50)))
def test_show_value_is_short_whatever_the_value(value: Any) -> None:
    assert len(show_value(value)) <= SHOWN_CHARS


# -- (10) seeds of the wrong type ------------------------------------------------------------
@pytest.mark.parametrize("seed", ["abc", 1.5, True, [1], b"1"])
def test_wrong_type_seeds_are_refused_everywhere(seed: Any) -> None:
    for make in (lambda: moh.new_match(seed=seed), lambda: moh.play(seed=seed),
                 lambda: Match(TOY, ToySetup(), seed=seed)):
        with pytest.raises(ArgumentTypeError) as err:
            make()
        assert str(err.value).startswith(("seed: a seed is an integer or None (got ",
                                          "play seed: expected a whole number or None (got "))
        assert isinstance(err.value, TypeError) and isinstance(err.value, ValueError)


# -- rule ids --------------------------------------------------------------------------------
def test_an_unknown_rule_names_the_id_and_is_still_a_key_error() -> None:
    with pytest.raises(UnknownRule) as err:
        moh.rule("MoH-R99")
    assert isinstance(err.value, KeyError) and isinstance(err.value, BoardlabError)
    assert str(err.value).startswith("Mall of Horror has no rule 'MoH-R99'; did you mean MoH-R")
    # A rule id that is not a string is the wrong type (the error policy of every game).
    with pytest.raises(ArgumentTypeError, match=r"^rule_id: expected a string"):
        moh.rule([])  # type: ignore[arg-type]
    assert moh.BOOK.get("MoH-R99") is None and [] not in moh.BOOK


# -- random mutations, refused pushes ----------------------------------------------------------
# The property tests over mutated saved matches and positions and over refused pushes run
# for every registered game in tests/test_hostile_games.py (Mall of Horror included).


# -- wrong kinds of argument at the core's other entry points ---------------------------------
@pytest.mark.parametrize("bad", [None, True, 1.5, "x", [], {}, object()])
def test_wrong_kinds_of_rules_setup_state_and_indent_are_named(bad: Any) -> None:
    m = moh.new_match(players=4, seed=1)
    cases = [
        (lambda: Match(bad, m.setup), "rules: expected a game's Rules (it has no "),
        (lambda: Match(moh.RULES, bad), "setup: expected a Setup (got "),
        (lambda: Match.from_json(bad, m.to_json()), "rules: expected a game's Rules"),
        # mohguard's sound_state names where a Mall of Horror position comes from
        (lambda: moh.save_position(bad), "state: expected a moh.State (from moh.position"),
    ]
    if bad is not None:  # None is the default of these
        cases += [
            (lambda: Match(moh.RULES, m.setup, state=bad), "state: expected a State (got "),
            (lambda: m.to_json(indent=bad), "indent: an indent is a whole number or None"),
            (lambda: RandomAgent(bad), "seed: a seed is an integer or None"),
        ]
    for call, start in cases:
        with pytest.raises(ArgumentTypeError) as err:
            call()
        assert str(err.value).startswith(start), str(err.value)
    with pytest.raises(ArgumentError, match="^indent: an indent is from 0 to 16"):
        m.to_json(indent=10**9)


def test_play_out_names_a_bad_match_agents_or_limit() -> None:
    m = moh.new_match(players=4, seed=1)
    agents = {c: RandomAgent(1) for c in m.state.setup.colours}
    for call, start in [
        (lambda: play_out("m", agents), "match: expected a Match"),  # type: ignore[arg-type]
        (lambda: play_out(m, None), "agents: expected a mapping"),  # type: ignore[arg-type]
        (lambda: play_out(m, {**agents, "red": 5}), "agents['red']: an agent has a choose"),
        (lambda: play_out(m, agents, max_plies=1.5), "max_plies: expected a whole number"),
    ]:
        with pytest.raises(ArgumentTypeError) as err:
            call()
        assert str(err.value).startswith(start)
    assert m.ply == 0
    del agents["red"]
    with pytest.raises(ArgumentError, match="^agents: no agent for red, who is to move"):
        play_out(m, agents)
    assert m.to_move == "red"  # the match stops where the missing agent was needed


@pytest.mark.parametrize("outcomes", [[("a", 0.5), ("b", 0.5)], [("a", Fraction(1, 3))],
                                      "ab", [1, 2], [("a",)], None])
def test_bad_outcome_lists_are_named(outcomes: Any) -> None:
    with pytest.raises(ArgumentError, match=r"^outcomes: expected \(outcome, Fraction\) "):
        sample_outcome(outcomes, random.Random(1))
        chance_table(outcomes)
    with pytest.raises(ArgumentTypeError, match="^rng: expected a random.Random"):
        sample_outcome([("a", Fraction(1, 2)), ("b", Fraction(1, 2))], None)  # type: ignore
