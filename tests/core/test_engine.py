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
    assert m.to_move is CHANCE
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


def _rolls(m: Match, n: int) -> list[Coin]:
    """Roll ``n`` coins, always adding 1 between them."""
    out = []
    for _ in range(n):
        if m.to_move is None:
            break
        out.append(m.roll())
        if m.to_move is not None:
            m.push(Add(1))
    return out


def test_roll_depends_on_the_seed_and_only_on_it() -> None:
    # Ten coins per match (a target out of reach): 2**10 sequences, so two seeds agreeing
    # by accident is a 1-in-1024 event, and a seed that were ignored would make every
    # match below identical.
    setup = ToySetup(target=100)
    seqs = {s: _rolls(Match(RULES, setup, seed=s), 10) for s in range(8)}
    assert seqs[3] == _rolls(Match(RULES, setup, seed=3), 10)
    assert len({tuple(v) for v in seqs.values()}) >= 6
    # The stream is random.Random(seed) itself: the first coin is randrange(2) of it.
    for s, seq in seqs.items():
        assert seq[0] == Coin(random.Random(s).randrange(2) == 0)
    a = new()
    a.roll()
    with pytest.raises(IllegalAction):
        a.roll()  # a decision is pending, not chance


def test_roll_pop_roll_draws_the_same_outcome() -> None:
    m = Match(RULES, ToySetup(target=100), seed=11)
    seen = []
    for _ in range(30):
        first = m.roll()
        assert m.pop() == first
        assert m.roll() == first
        seen.append(first)
        m.push(Add(1))
    assert len(set(seen)) == 2  # both faces came up: the check above was not trivial


def test_pop_of_decisions_keeps_the_stream_and_seek_replays_it() -> None:
    straight = Match(RULES, ToySetup(target=100), seed=5)
    expected = _rolls(straight, 40)
    m = Match(RULES, ToySetup(target=100), seed=5)
    got = _rolls(m, 20)
    m.seek(10)          # back, then forward again
    m.seek(25)
    m.seek(16)          # then roll from a ply in the past: the future is forgotten
    assert m.to_move is CHANCE
    got = got[:8] + _rolls(m, 32)
    assert got == expected
    m.pop()             # a decision: nothing was drawn for it
    m.pop()             # a chance ply
    assert m.roll() == expected[-1]


def test_branch_keeps_the_dice_unless_given_another_seed() -> None:
    m = Match(RULES, ToySetup(target=1000), seed=21)
    _rolls(m, 5)
    same = m.branch()
    assert _rolls(same, 60) == _rolls(m.branch(), 60) == _rolls(m, 60)
    early = m.branch(4)  # from the past: the stream is rebuilt from the history
    replay = Match(RULES, ToySetup(target=1000), seed=21)
    _rolls(replay, 2)
    assert _rolls(early, 30) == _rolls(replay, 30)
    other = m.branch(10, seed=22)
    assert other.seed == 22 and other.choices == m.choices[:10]
    mine = m.branch(10)
    assert _rolls(other, 60) != _rolls(mine, 60)
    with pytest.raises(TypeError):
        m.branch(seed="22")  # type: ignore[arg-type]


def test_a_match_saved_mid_game_continues_with_the_same_dice() -> None:
    m = Match(RULES, ToySetup(target=1000), seed=8)
    _rolls(m, 7)
    m.roll()   # stop at a decision, mid-turn
    loaded = Match.from_json(RULES, m.to_json())
    assert loaded.choices == m.choices and loaded.ply == m.ply
    loaded.push(Add(1))
    m.push(Add(1))
    assert _rolls(loaded, 50) == _rolls(m, 50)


def test_an_unseeded_match_keeps_a_seed_and_reloads_with_its_dice() -> None:
    m = Match(RULES, ToySetup(target=1000))
    assert isinstance(m.seed, int)
    _rolls(m, 3)
    loaded = Match.from_json(RULES, m.to_json())
    assert loaded.seed == m.seed
    assert _rolls(loaded, 40) == _rolls(m, 40)
    with pytest.raises(TypeError):
        Match(RULES, ToySetup(), seed=True)


def test_a_pushed_outcome_advances_the_stream_as_a_roll_would() -> None:
    rolled = Match(RULES, ToySetup(target=100), seed=2)
    pushed = Match(RULES, ToySetup(target=100), seed=2)
    for _ in range(20):
        outcome = rolled.roll()
        pushed.push(Coin(not outcome.heads))   # the other face, by hand
        rolled.push(Add(1))
        pushed.push(Add(1))
    # Same number of chance plies: the streams stand at the same place.
    assert rolled.rng.getstate() == pushed.rng.getstate()
    assert _rolls(rolled, 20) == _rolls(pushed, 20)


def test_rng_is_a_copy_of_the_stream_at_the_cursor() -> None:
    m = Match(RULES, ToySetup(target=100), seed=3)
    at_start = m.rng.getstate()
    assert at_start == random.Random(3).getstate()
    m.rng.random()  # drawing from the copy changes nothing
    first = m.roll()
    assert m.rng.getstate() != at_start
    m.pop()
    assert m.rng.getstate() == at_start and m.roll() == first


def test_push_index_and_canonical_choices() -> None:
    m = new()
    m.push_index(1)                      # the second outcome: tails
    assert m.state.coin is False and m.choices == (Coin(False),)
    legal = m.legal()
    assert legal is m.legal()             # the same tuple until the position changes
    equal = Add(3)
    assert equal is not legal[1]
    m.push(equal)
    assert m.choices[-1] is legal[1]      # the legal object is recorded, not the copy
    with pytest.raises(IllegalAction, match="outside 0..1"):
        m.push_index(2)
    with pytest.raises(TypeError):
        m.push_index(True)  # type: ignore[arg-type]
    assert m.ply == 2


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


def test_outcome_tables_sample_exactly_as_their_probabilities_do() -> None:
    from itertools import product

    from boardlab.core.engine import OutcomeTable, chance_table

    for counts in product(range(0, 4), repeat=4):
        if not any(counts):
            continue
        pairs = [(i, n) for i, n in enumerate(counts) if n]
        table = OutcomeTable.from_counts(pairs)
        plain = tuple(table)
        assert chance_table(table) == chance_table(plain) == chance_table(OutcomeTable(plain))
        for seed in range(3):
            assert sample_outcome(table, random.Random(seed)) == \
                sample_outcome(plain, random.Random(seed))
    with pytest.raises(ValueError):
        OutcomeTable.from_counts([("a", 0)])
    with pytest.raises(ValueError, match="sum to 1"):
        OutcomeTable([("a", Fraction(1, 2))])
    with pytest.raises(AttributeError):
        table.denominator = 5  # type: ignore[misc]
