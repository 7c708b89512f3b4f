"""Bad input: illegal choices cite their rule and change nothing; bad positions are refused.
Also checks that every rule id of the rule book has a test named after it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.errors import ConfigError, IllegalAction


def _at_vote(**extra):
    return moh.position(characters={4: ["red pinup", "blue pinup"], 6: ["yellow pinup"],
                                    1: ["green pinup"]}, phase="a", **extra)


def _at_f(hands):
    return moh.position(characters={4: ["red pinup", "blue pinup"],
                                    6: ["yellow pinup", "green pinup"]},
                        zombies={4: 1}, hands=hands, phase="f")


def _second_tie():
    """Red and blue tie twice at Shop 3: chance picks one of them (MoH-R8)."""
    match = moh.new_match(start=moh.position(
        characters={3: ["red pinup", "blue pinup"], 6: ["yellow pinup", "green pinup"]},
        zombies={3: 2}, phase="f"))
    for vote in ("red", "blue", "red", "red", "blue", "blue"):
        match.push(moh.Vote(vote))
    assert match.state.pending.kind == "tiebreak"
    return match


def _after(state, *choices):
    match = moh.new_match(start=state)
    for choice in choices:
        match.push(choice)
    return match


#: An arrival roll on the closed location 2 (4 players): every die is ignored (MoH-R3),
#: so phase e) starts with no arrival at all (without a roll the dice would be drawn
#: before phase e, MoH-R20).
_NOWHERE = (2, 2, 2, 2)

CASES = {
    "vote for a colour not at the location": (
        lambda: moh.new_match(start=_at_vote()), moh.Vote("green"), "MoH-R7"),
    "pass instead of a ballot": (
        lambda: moh.new_match(start=_at_vote()), moh.Pass(), "MoH-R7"),
    "Weapon in a truck vote's Threat window": (
        lambda: moh.new_match(start=_at_vote(hands={"red": ["threat", "weapon1"]})),
        moh.PlayCard("weapon1", 4), "MoH-voting-threat"),
    "give a truck card to oneself": (
        lambda: _after(moh.position(characters={4: ["red pinup"], 6: ["yellow pinup"]},
                                    phase="a"),
                       moh.Draw("threat"), moh.Draw("sprint"), moh.Draw("camera")),
        moh.TruckSplit("threat", "sprint", "red"), "MoH-R9"),
    "draw a card the deck no longer holds": (
        lambda: moh.new_match(start=moh.position(
            characters={4: ["red pinup"], 6: ["yellow pinup"]},
            hands={"blue": ["hidden"] * 3}, phase="a")),
        moh.Draw("hidden"), "MoH-R9"),
    "destination where all one's characters stand": (
        lambda: moh.new_match(start=moh.position(
            characters={6: ["yellow pinup"], 3: ["red pinup"]}, phase="d")),
        moh.Destination(6), "MoH-R11"),
    "destination at the closed location": (
        lambda: moh.new_match(start=moh.position(
            characters={6: ["yellow pinup"], 3: ["red pinup"]}, phase="d")),
        moh.Destination(2), "MoH-R11"),
    "move a character already at its destination": (
        lambda: _after(moh.position(characters={3: ["yellow pinup", "red pinup"],
                                                6: ["yellow gunman"]}, phase="d",
                                    eliminated={"blue": 1, "green": 1}, roll=_NOWHERE),
                       moh.Destination(3), moh.Destination(6)),
        moh.Move("pinup", 3), "MoH-e"),
    "sprint without a Sprint card": (
        lambda: _after(moh.position(characters={6: ["yellow pinup"], 3: ["red pinup"]},
                                    phase="d", eliminated={"blue": 1, "green": 1},
                                    roll=_NOWHERE),
                       moh.Destination(3), moh.Destination(6)),
        moh.Move("pinup", 5, sprint=True), "MoH-e"),
    "Hardware at the Parking Lot": (
        lambda: moh.new_match(start=_at_f({"red": ["hardware", "weapon1"]})),
        moh.PlayCard("hardware", 4), "MoH-f-cards"),
    "hide another player's character": (
        lambda: moh.new_match(start=_at_f({"red": ["hidden"]})),
        moh.PlayCard("hidden", 4, "toughguy"), "MoH-f-cards"),
    "play a card one does not hold": (
        lambda: moh.new_match(start=_at_f({"red": ["hidden"]})),
        moh.PlayCard("weapon2", 4), "MoH-f-cards"),
    "Security Camera without holding one": (
        lambda: _after(moh.position(characters={6: ["yellow pinup"], 3: ["red pinup"]},
                                    hands={"red": ["camera"]}, phase="c"),
                       moh.Dice((1, 3, 4, 6))),
        moh.PlayCard("weapon1"), "MoH-c"),
    "arrival roll with the wrong number of dice": (
        lambda: moh.new_match(start=moh.position(
            characters={6: ["yellow pinup"], 3: ["red pinup"]}, phase="c")),
        moh.Dice((1, 3, 4)), "MoH-c"),
    "zombie drop at the closed location": (
        lambda: _after(moh.position(characters={6: ["yellow pinup"], 3: ["red pinup"]},
                                    round=2, phase="d"),
                       moh.Destination(3), moh.Destination(6)),
        moh.PlaceZombie(2), "MoH-R15"),
    "tie break for a colour that is not tied": (
        _second_tie, moh.TieBreak("yellow"), "MoH-R8"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_moh_illegal_choice_cites_its_rule_and_changes_nothing(case):
    build, choice, rule_id = CASES[case]
    match = build()
    state, ply = match.state, match.ply
    with pytest.raises(IllegalAction) as err:
        match.push(choice)
    assert isinstance(err.value, ValueError)
    assert err.value.rule.id == rule_id
    assert re.search(rf"\[{re.escape(rule_id)} ", str(err.value)), str(err.value)
    assert match.state is state and match.ply == ply
    assert choice not in match.legal()


def test_moh_illegal_choice_lists_legal_choices():
    match = moh.new_match(start=_at_vote())
    with pytest.raises(IllegalAction) as err:
        match.push(moh.Vote("green"))
    assert set(err.value.legal) == {moh.Vote("red"), moh.Vote("blue")}
    assert "Legal here: vote for red, vote for blue" in str(err.value)


def test_moh_roll_outside_a_chance_node_is_refused():
    match = moh.new_match(start=_at_vote())
    with pytest.raises(IllegalAction, match="MoH-R7"):
        match.roll()
    assert match.ply == 0


BAD_POSITIONS = {
    "over capacity": dict(characters={5: ["yellow pinup", "red pinup", "blue pinup",
                                          "green pinup"]}),
    "unknown colour": dict(characters={1: ["purple pinup"]}),
    "colour not in a 4-player game": dict(characters={1: ["brown pinup"]}),
    "a character in two places": dict(characters={1: ["red pinup"], 3: ["red pinup"]}),
    "closed location used": dict(characters={2: ["red pinup"]}),
    "sealed location used": dict(characters={3: ["red pinup"]}, sealed=(3,)),
    "zombies at the closed location": dict(characters={1: ["red pinup"]}, zombies={2: 1}),
    "Parking Lot sealed": dict(characters={1: ["red pinup"]}, sealed=(4,)),
    "unknown card": dict(characters={1: ["red pinup"]}, hands={"red": ["chainsaw"]}),
    "more cards of a kind than the box": dict(characters={1: ["red pinup"]},
                                              hands={"red": ["sprint"] * 4}),
    "unknown kind": dict(characters={1: ["red zombie"]}),
    "no Little Girl with 4 players": dict(characters={1: ["red girl"]}),
    "unknown phase": dict(characters={1: ["red pinup"]}, phase="e"),
    "eliminated but alive": dict(characters={1: ["red pinup"]}, eliminated={"red": 1}),
}


@pytest.mark.parametrize("case", sorted(BAD_POSITIONS))
def test_moh_position_refuses_bad_descriptions(case):
    with pytest.raises(ConfigError):
        moh.position(**BAD_POSITIONS[case])


def test_moh_position_errors_name_the_problem():
    with pytest.raises(ConfigError, match=r"location 5 holds 4 characters, over its "
                                          r"capacity 3"):
        moh.position(**BAD_POSITIONS["over capacity"])
    with pytest.raises(ConfigError, match="unknown colour 'purple'"):
        moh.position(**BAD_POSITIONS["unknown colour"])
    with pytest.raises(ConfigError, match="two places"):
        moh.position(**BAD_POSITIONS["a character in two places"])
    with pytest.raises(ConfigError, match="closed"):
        moh.position(**BAD_POSITIONS["closed location used"])


# -- Coverage of the rule book ----------------------------------------------------------------
def _test_names():
    names = set()
    for path in Path(__file__).parent.glob("test_moh_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def test_moh_rulebook_every_rule_id_has_a_test_named_after_it():
    names = _test_names()
    missing = []
    for ref in moh.BOOK:
        stem = "test_moh_" + ref.id.removeprefix("MoH-").replace("-", "_")
        if not any(n == stem or n.startswith(stem + "_") for n in names):
            missing.append(ref.id)
    assert missing == []
