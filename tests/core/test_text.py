"""Choices from text (issue 19, item 8): ``match.push("red votes blue")``,
``match.parse(text)``, ``moh.parse_choice(text, state)`` and a game without a hook.

Every legal choice's own ``str()`` must read back as that very choice in every position
a real match passes through; short forms name the choice a player means; text that
names no legal choice (or several) is a ChoiceTextError citing the rule of the decision
and listing the legal choices, and the match is unchanged.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardlab import mall_of_horror as moh
from boardlab.core import (
    CHANCE,
    ArgumentTypeError,
    ChoiceTextError,
    IllegalAction,
    Match,
)
from boardlab.core.text import choice_from_text, normalise
from tests.core.toy import RULES as TOY
from tests.core.toy import Add, Coin, ToySetup


def snapshot(m: Match[Any, Any]) -> tuple[Any, ...]:
    return (m.to_json(), m.ply, m.recorded_plies, m.state, m.rng.getstate(), m.events)


def first(match: Match[Any, Any], kind: type) -> Match[Any, Any]:
    """``match`` sought back to the first ply whose decision is a ``kind`` choice."""
    for i, record in enumerate(match.records):
        if isinstance(record.choice, kind):
            match.seek(i)
            return match
    raise AssertionError(f"no {kind.__name__} in this match")


@given(seed=st.integers(0, 10_000), stop=st.integers(0, 400))
def test_every_legal_choice_reads_back_from_its_own_text(seed: int, stop: int) -> None:
    m = moh.play(players=4, seed=seed)
    m.seek(min(stop, m.recorded_plies))
    if m.is_over:
        return
    legal = m.legal()
    if m.to_move is CHANCE and len(legal) > 40:
        legal = legal[:: len(legal) // 20]  # dice: a spread of the outcomes is enough
    before = snapshot(m)
    for choice in legal:
        text = str(choice)
        for said in (text, text.upper(), f"  {text.replace(' ', '   ')}. "):
            assert moh.parse_choice(said, m.state) is choice
            assert m.parse(said) is choice
    assert snapshot(m) == before  # reading text plays nothing


def test_a_player_says_it_their_way() -> None:
    m = first(moh.play(players=4, seed=3), moh.Vote)
    voter = m.to_move
    assert isinstance(voter, str)
    target = next(c for c in m.legal() if isinstance(c, moh.Vote))
    assert m.parse(f"{voter} votes {target.colour}") is target
    assert m.parse(f"{voter}: vote for {target.colour}") is target
    assert m.parse(f"vote {target.colour}") is target
    events = m.push(f"{voter} votes {target.colour}")
    assert m.choices[-1] is target and m.last_events == events


def test_text_of_the_wrong_player_is_refused_and_changes_nothing() -> None:
    m = first(moh.play(players=4, seed=3), moh.Vote)
    voter = m.to_move
    other = next(c for c in moh.COLOURS if c != voter)
    before = snapshot(m)
    with pytest.raises(ChoiceTextError) as err:
        m.push(f"{other} votes {voter}")
    assert f"it is {voter}'s decision, not {other}'s" in str(err.value)
    assert err.value.rule is not None and err.value.legal == m.legal()
    assert snapshot(m) == before


def test_text_naming_nothing_lists_the_legal_choices_and_cites_the_rule() -> None:
    m = first(moh.play(players=4, seed=3), moh.Vote)
    before = snapshot(m)
    with pytest.raises(ChoiceTextError) as err:
        m.push("launch the rocket")
    text = str(err.value)
    assert text.startswith(f"'launch the rocket' names no legal choice for {m.to_move} [")
    rule = moh.RULES.decision_rule(m.state)
    assert f"[{rule.cite()}]" in text
    assert "Legal here: " + ", ".join(str(c) for c in m.legal()[:3]) in text
    assert isinstance(err.value, IllegalAction)
    assert snapshot(m) == before


def test_huge_text_gives_a_short_refusal() -> None:
    m = moh.new_match(players=4, seed=1)
    while m.to_move is CHANCE:
        m.roll()
    before = snapshot(m)
    for text in ("pin-up " * 300_000, "red " + "x" * 1_000_000):
        with pytest.raises(ChoiceTextError) as err:
            m.push(text)
        assert len(str(err.value)) < 2000
    assert snapshot(m) == before


@pytest.mark.parametrize("bad", [None, 5, b"pass", ["pass"]])
def test_parse_wants_a_string(bad: Any) -> None:
    m = moh.new_match(players=4, seed=1)
    with pytest.raises(ArgumentTypeError, match="^text: a choice given as text is a string"):
        moh.parse_choice(bad, m.state)
    with pytest.raises(ArgumentTypeError, match="^text: "):
        m.parse(bad)


def test_a_game_without_a_hook_reads_each_choices_own_text() -> None:
    m = Match(TOY, ToySetup(), seed=1)
    m.roll()
    assert m.parse("ADD  1.") == Add(1) and m.parse("add 2") == Add(2)
    before = snapshot(m)
    with pytest.raises(ChoiceTextError) as err:
        m.push("add 99")
    assert str(err.value).startswith("'add 99' names no legal choice for ")
    assert err.value.legal == m.legal() and err.value.rule is not None
    assert snapshot(m) == before


def test_text_that_names_several_choices_says_so() -> None:
    class Twin:
        def __init__(self, n: int) -> None:
            self.n = n

        def __str__(self) -> str:
            return "twin"

    legal = [Twin(1), Twin(2), Add(3)]
    with pytest.raises(ChoiceTextError) as err:
        choice_from_text("Twin", legal)
    assert err.value.candidates == tuple(legal[:2])
    assert str(err.value).startswith("'Twin' names 2 legal")
    assert choice_from_text("add 3", legal) is legal[2]


def test_chance_outcomes_read_back_for_what_ifs() -> None:
    m = Match(TOY, ToySetup(), seed=1)
    assert m.to_move is CHANCE
    heads = next(o for o in m.legal() if isinstance(o, Coin))
    assert m.parse(str(heads)) is heads
    assert normalise("  Heads. ") == "heads"
