"""A tiny game for testing boardlab.core without any real game.

Two players alternate: the mover flips a fair coin (chance), then chooses to add 1 or
2 to their total when the coin shows heads, or 1 or 3 on tails. The first to reach 5
wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from boardlab.core.engine import CHANCE
from boardlab.core.events import Event
from boardlab.core.records import equal_only_to_itself
from boardlab.core.rules import RuleBook, RuleRef

BOOK = RuleBook("Toy", [RuleRef("T-1", "Toy", "Turn", "Flip, then add."),
                        RuleRef("T-2", "Toy", "End", "Five wins.")])


@dataclass(frozen=True, slots=True)
class ToySetup:
    target: int = 5

    def __post_init__(self) -> None:  # checked like every game's setup (issue 26)
        from boardlab.core import validate

        validate.whole(self.target, "target", low=1, high=10**6, rule="T-2")


@dataclass(frozen=True, slots=True)
class Add:
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


@dataclass(frozen=True, slots=True)
class Coin:
    heads: bool


class ToyState(NamedTuple):
    setup: ToySetup
    totals: tuple[int, int]
    mover: int
    coin: bool | None


equal_only_to_itself(ToyState)  # as every game's state (docs/api.md)


class ToyRules:
    name = "toy"
    book = BOOK
    setup_type = ToySetup
    state_type = ToyState
    choice_types = (Add, Coin)

    def initial(self, setup: ToySetup) -> ToyState:
        return ToyState(setup, (0, 0), 0, None)

    def to_move(self, state: ToyState) -> str | None:
        if max(state.totals) >= state.setup.target:
            return None
        if state.coin is None:
            return CHANCE
        return ("a", "b")[state.mover]

    def legal(self, state: ToyState) -> tuple[Any, ...]:
        return (Add(1), Add(2)) if state.coin else (Add(1), Add(3))

    def outcomes(self, state: ToyState) -> tuple[tuple[Any, Fraction], ...]:
        return ((Coin(True), Fraction(1, 2)), (Coin(False), Fraction(1, 2)))

    def step(self, state: ToyState, choice: Any) -> tuple[ToyState, tuple[Event, ...]]:
        if isinstance(choice, Coin):
            return state._replace(coin=choice.heads), (
                Event("coin", "heads" if choice.heads else "tails", BOOK["T-1"]),)
        totals = list(state.totals)
        totals[state.mover] += choice.amount
        new = ToyState(state.setup, (totals[0], totals[1]), 1 - state.mover, None)
        return new, (Event("add", f"+{choice.amount}", BOOK["T-1"], ("a", "b")[state.mover]),)

    def decision_rule(self, state: ToyState) -> RuleRef:
        return BOOK["T-2"] if self.to_move(state) is None else BOOK["T-1"]

    def observe(self, state: ToyState, player: str) -> ToyState:
        return state

    def invariants(self, state: ToyState) -> list[str]:
        return [] if min(state.totals) >= 0 else ["negative total"]

    def scores(self, state: ToyState) -> dict[str, int]:
        return {"a": state.totals[0], "b": state.totals[1]}


RULES = ToyRules()
