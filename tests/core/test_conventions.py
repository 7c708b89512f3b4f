"""The names and sentinels decided once (issue 19, item 7; docs/api.md "Conventions").

Each decision holds, and each old spelling still works for this release with a
DeprecationWarning that names the new one.
"""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core import CHANCE, Chance, ConfigError, QuestionError, UnknownRule
from boardlab.core.serialize import encode
from boardlab.prob import Dist


def test_chance_is_an_enum_member_not_a_colour_name() -> None:
    assert type(CHANCE) is Chance and list(Chance) == [CHANCE]
    assert (str(CHANCE), repr(CHANCE), f"{CHANCE:>7}") == ("chance", "CHANCE", " chance")
    assert pickle.loads(pickle.dumps(CHANCE)) is CHANCE
    assert encode(CHANCE) == "chance"
    assert moh.new_match(players=4, seed=1).to_move is CHANCE
    assert CHANCE not in moh.COLOURS and "chance" not in moh.COLOURS
    with pytest.warns(DeprecationWarning, match="comparing boardlab's CHANCE with the "
                                                "string 'chance' is deprecated"):
        assert CHANCE == "chance"
    with pytest.warns(DeprecationWarning):
        assert not CHANCE != "chance"  # noqa: SIM202 - the deprecated spelling itself


def test_a_dist_reads_like_a_mapping() -> None:
    d = Dist({1: 1, 2: 3})
    assert 1 in d and (1, Fraction(1, 4)) not in d
    assert list(d.items()) == [(1, Fraction(1, 4)), (2, Fraction(3, 4))]
    assert d.outcomes == (1, 2)
    with pytest.warns(DeprecationWarning, match=r"iterating a Dist .* use d\.items\(\)"):
        assert list(d) == [(1, Fraction(1, 4)), (2, Fraction(3, 4))]  # pairs, this release


def test_an_unknown_rule_and_a_bad_question_have_their_own_errors() -> None:
    with pytest.raises(UnknownRule):
        moh.rule("MoH-nope")
    assert issubclass(UnknownRule, KeyError)
    assert issubclass(QuestionError, ConfigError)  # old `except ConfigError` still catches


