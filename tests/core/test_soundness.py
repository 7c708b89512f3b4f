"""The start check of every door (boardlab.core.soundness, issue 26), on the toy game.

A start is refused when the game's invariants break, when the position has no legal
continuation (a decision with nothing to choose, a chance node with no outcome or whose
chances do not add up to 1), or when the rules fail on it or one ply later; every
failure of the rules is reported as what broke, never raised. The cross-game version,
at every door of every registered game, is in tests/test_hostile_games.py.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from boardlab.core.engine import CHANCE, Match, position_from_json, position_to_json
from boardlab.core.errors import ConfigError, FormatError, too_many_digits
from boardlab.core.soundness import MAX_STEPPED, _spread, check_start, start_problem
from boardlab.core.validate import whole
from tests.core.toy import RULES, Add, Coin, ToyRules, ToySetup, ToyState

START = ToyState(ToySetup(), (1, 2), 0, True)  # a decides: add 1 or 2


class Broken(ToyRules):
    """The toy's rules with one answer broken, as ``how`` says, at every position."""

    def __init__(self, how: str) -> None:
        self.how = how

    def to_move(self, state: ToyState) -> Any:
        if self.how == "mover is a number":
            return 7
        if self.how == "mover is not a player":
            return "purple"
        if self.how in ("no outcome", "chances 1/2 + 1/3", "chance of 0", "float chance",
                        "repeated outcome"):
            return CHANCE
        return super().to_move(state)

    def legal(self, state: ToyState) -> tuple[Any, ...]:
        if self.how == "no legal choice":
            return ()
        if self.how == "repeated choice":
            return (Add(1), Add(1))
        if self.how == "legal raises":
            raise KeyError("purple")
        return super().legal(state)

    def outcomes(self, state: ToyState) -> Any:
        pairs = {"no outcome": (), "chances 1/2 + 1/3": ((Coin(True), Fraction(1, 2)),
                                                          (Coin(False), Fraction(1, 3))),
                 "chance of 0": ((Coin(True), Fraction(1)), (Coin(False), Fraction(0))),
                 "float chance": ((Coin(True), 0.5), (Coin(False), 0.5)),
                 "repeated outcome": ((Coin(True), Fraction(1, 2)),
                                      (Coin(True), Fraction(1, 2)))}
        return pairs.get(self.how, super().outcomes(state))

    def step(self, state: ToyState, choice: Any) -> Any:
        if self.how == "step raises on add 2" and choice == Add(2):
            raise IndexError("tuple index out of range")
        if self.how == "stuck one ply later" and choice == Add(2):
            return state._replace(totals=(3, 2), mover=1, coin=True), ()
        return super().step(state, choice)

    def decision_rule(self, state: ToyState) -> Any:
        if self.how == "no rule to cite":
            raise AttributeError("no rule")
        return super().decision_rule(state)

    def invariants(self, state: ToyState) -> list[str]:
        if self.how == "invariants raise":
            raise IndexError("list index out of range")
        if self.how == "stuck one ply later" and state.totals == (3, 2):
            return []
        return super().invariants(state)

    def scores(self, state: ToyState) -> dict[str, int]:
        return super().scores(state)


CASES = {
    "no legal choice": "a is to decide but has no legal choice, so the match could not go on",
    "no outcome": "a chance event with no outcome, so the match could not go on",
    "chances 1/2 + 1/3": "the chances of a chance event add up to 5/6, not 1",
    "chance of 0": "the chance of Coin(heads=False) is Fraction(0, 1), not a probability "
                   "above 0",
    "float chance": "the chance of Coin(heads=True) is 0.5, not a probability above 0",
    "repeated outcome": "a chance event lists an outcome twice",
    "repeated choice": "a's legal choices repeat a choice",
    "mover is a number": "the player to move is 7, not a player",
    "mover is not a player": "the player to move, 'purple', is not one of the players (a, b)",
    "legal raises": "the rules cannot read it (KeyError: 'purple')",
    "no rule to cite": "the rules cannot read it (AttributeError: no rule)",
    "invariants raise": "the game cannot read it (IndexError: list index out of range)",
    "step raises on add 2": "the rules cannot play add 2 from it (IndexError: tuple index "
                            "out of range)",
}


@pytest.mark.parametrize("how", sorted(CASES))
def test_a_start_without_a_playable_continuation_is_refused(how: str) -> None:
    rules = Broken(how)
    assert start_problem(rules, START) == CASES[how]
    with pytest.raises(ConfigError) as err:
        check_start(rules, START, "start")
    assert str(err.value) == f"start: the position is not sound: {CASES[how]}"
    with pytest.raises(FormatError) as err:
        check_start(rules, START, "start", error=FormatError)
    assert err.value.path == "start" and err.value.problem == CASES[how]


def test_a_start_stuck_one_ply_later_is_refused_naming_the_choice() -> None:
    """The start offers a choice, but one of them (add 2) leads to a position where b is
    to decide and has nothing to choose: the start is refused too, naming the choice."""
    class StuckLater(Broken):
        def legal(self, state: ToyState) -> tuple[Any, ...]:
            return () if state.totals == (3, 2) else super().legal(state)

    problem = start_problem(StuckLater("stuck one ply later"), START)
    assert problem == ("after add 2, b is to decide but has no legal choice, so the match "
                       "could not go on")


def test_every_door_of_the_core_refuses_a_stuck_start() -> None:
    rules = Broken("no legal choice")
    with pytest.raises(ConfigError, match=r"^state: the position is not sound: a is to "):
        Match(rules, START.setup, state=START)
    text = position_to_json(RULES, START)
    with pytest.raises(FormatError) as err:
        position_from_json(rules, text)
    assert err.value.path == "state"
    saved = {**json.loads(Match(RULES, ToySetup(), seed=1).to_json()),
             "start": json.loads(text)["state"]}
    with pytest.raises(FormatError) as err:
        Match.from_json(rules, saved)
    assert str(err.value) == ("start: a is to decide but has no legal choice, so the match "
                              "could not go on")
    # The same position with the real rules is a sound start, at each door.
    assert Match(RULES, START.setup, state=START).state is START
    assert position_from_json(RULES, text) == START
    assert Match.from_json(RULES, saved).root == START


def test_the_end_is_a_sound_start_and_so_is_every_real_position() -> None:
    over = ToyState(ToySetup(), (5, 1), 1, None)
    assert RULES.to_move(over) is None and start_problem(RULES, over) is None
    m = Match(RULES, ToySetup(target=9), seed=3)
    while not m.is_over:
        assert start_problem(RULES, m.state) is None
        m.roll() if m.to_move is CHANCE else m.push(m.legal()[0])


def test_the_check_is_made_once_per_position_object() -> None:
    calls = []

    class Counting(ToyRules):
        def invariants(self, state: ToyState) -> list[str]:
            calls.append(state)
            return []

    rules, state = Counting(), ToyState(ToySetup(), (2, 2), 1, False)
    for _ in range(5):  # a what-if study starts many matches from one position
        Match(rules, state.setup, state=state)
    assert len([s for s in calls if s is state]) == 1


def test_at_most_max_stepped_choices_are_stepped_spread_over_the_list() -> None:
    options = tuple(range(1000))
    picked = _spread(options)
    assert len(picked) == MAX_STEPPED == 256
    assert picked[0] == 0 and picked[-1] == 999 and list(picked) == sorted(set(picked))
    assert _spread(options[:256]) == options[:256]


def test_integers_too_long_to_print_are_known_and_refused_by_whole() -> None:
    assert not too_many_digits(10**4299) and too_many_digits(10**4300)
    assert too_many_digits(-(10**4300)) and not too_many_digits(True)
    with pytest.raises(ValueError, match="^players: a whole number of at most 4,300 digits "
                                         r"\(got <an integer of about 5001 digits>\)$"):
        whole(10**5000, "players")
    with pytest.raises(ValueError, match=r"^players: 1 to 5 \(got <an integer of about"):
        whole(10**5000, "players", low=1, high=5)  # a bound says it in its own words
