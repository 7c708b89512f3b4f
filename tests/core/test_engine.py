"""boardlab.core.engine: Match history, legality, chance, files — on a toy game."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

from boardlab.core import CHANCE, FormatError, IllegalAction, Match, Rules, sample_outcome
from boardlab.core.conformance import check_game
from tests.core.toy import RULES, Add, Coin, ToySetup


def new() -> Match:
    return Match(RULES, ToySetup(), seed=4)


def test_toy_rules_satisfy_the_protocol() -> None:
    assert isinstance(RULES, Rules)


def test_push_checks_legality_and_refusal_changes_nothing() -> None:
    m = new()
    assert m.to_move == CHANCE
    m.push(Coin(True))
    assert m.legal() == (Add(1), Add(2))
    before, ply = m.state, m.ply
    with pytest.raises(IllegalAction) as err:
        m.push(Add(3))
    assert isinstance(err.value, ValueError)
    assert "T-1" in str(err.value) and "add 1, add 2" in str(err.value)
    assert m.state is before and m.ply == ply and len(m.events) == 1


def test_pop_seek_branch() -> None:
    m = new()
    for choice in (Coin(True), Add(2), Coin(False), Add(3)):
        m.push(choice)
    assert m.state.totals == (2, 3)
    assert m.pop() == Add(3)
    assert m.state.totals == (2, 0) and m.ply == 3
    m.push(Add(1))
    m.seek(1)
    assert m.state.totals == (0, 0) and m.state.coin is True
    assert m.recorded_plies == 4 and len(m.events) == 1
    b = m.branch(2)
    assert b.state.totals == (2, 0) and b.ply == 2
    b.push(Coin(True))
    assert m.recorded_plies == 4  # the branch has its own history
    m.seek(4)
    assert m.state.totals == (2, 1)
    with pytest.raises(IndexError):
        m.seek(5)
    m.push(Coin(False))  # pushing at the end of the history keeps going
    assert m.ply == 5


def test_push_after_seek_back_forgets_the_future() -> None:
    m = new()
    for choice in (Coin(True), Add(2), Coin(False)):
        m.push(choice)
    m.seek(1)
    m.push(Add(1))
    assert m.recorded_plies == 2 and m.state.totals == (1, 0)


def test_roll_is_seeded_and_reproducible() -> None:
    a, b = new(), new()
    assert [a.roll() for _ in range(1)] == [b.roll() for _ in range(1)]
    with pytest.raises(IllegalAction):
        a.roll()  # a decision is pending, not chance


def test_sample_outcome_is_exact_in_frequency() -> None:
    outs = [("rare", Fraction(1, 7)), ("common", Fraction(6, 7))]
    rng = random.Random(0)
    counts = Counter(sample_outcome(outs, rng) for _ in range(70_000))
    # Binomial(70000, 1/7): mean 10000, sd ~ 92.6; a 4-sigma band.
    assert abs(counts["rare"] - 10_000) < 4 * 93


def test_sample_outcome_rejects_probabilities_not_summing_to_one() -> None:
    with pytest.raises(ValueError, match="sum to 1"):
        sample_outcome([("a", Fraction(1, 3)), ("b", Fraction(1, 3))], random.Random(0))


def test_json_round_trip_and_errors_name_the_field() -> None:
    m = new()
    for choice in (Coin(True), Add(2), Coin(False), Add(3)):
        m.push(choice)
    text = m.to_json()
    back = Match.from_json(RULES, text)
    assert back.state == m.state and back.choices == m.choices and back.seed == 4
    data = json.loads(text)
    data["choices"][1]["amount"] = "two"
    with pytest.raises(FormatError) as err:
        Match.from_json(RULES, json.dumps(data))
    assert err.value.path == "choices[1].amount"
    data["choices"][1]["amount"] = 3  # well-formed but illegal after heads
    with pytest.raises(FormatError) as err:
        Match.from_json(RULES, json.dumps(data))
    assert err.value.path == "choices[1]" and "T-1" in str(err.value)
    for key, value, path in (("format", "x", "format"), ("version", 9, "version"),
                             ("game", "chess", "game"), ("seed", "s", "seed")):
        bad = json.loads(text)
        bad[key] = value
        with pytest.raises(FormatError) as err:
            Match.from_json(RULES, json.dumps(bad))
        assert err.value.path == path
    with pytest.raises(FormatError):
        Match.from_json(RULES, "{not json")


def test_conformance_passes_on_the_toy_game() -> None:
    report = check_game(RULES, [(ToySetup(), s) for s in range(30)], deep_every=3)
    assert report.ok, report.violations
    assert report.matches == 30 and report.deep_matches == 10
