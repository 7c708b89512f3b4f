"""A tiny game for testing boardlab.core without any real game.

Two players alternate: the mover flips a fair coin (chance), then chooses to add 1 or
2 to their total when the coin shows heads, or 1 or 3 on tails. The first to reach 5
wins.

The toy is built by the recipe every game follows: pending kinds as named constants, a
declared :class:`~boardlab.core.procedure.Procedure` table from each kind to who moves,
what is offered and the step, and the rules' methods answered from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, NamedTuple

from boardlab.core.engine import CHANCE
from boardlab.core.events import Event
from boardlab.core.procedure import Node, Procedure
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


# -- the recipe every game follows (docs/engine-patterns.md, "One shape of rules") --------
class Kind:
    """What the toy can wait for: named constants, plain strings underneath."""

    FLIP: Final = "flip"    # chance: the coin
    ADD: Final = "add"      # the mover adds to their total
    OVER: Final = "over"    # someone reached the target


def pending(state: ToyState) -> tuple[str]:
    """The pending record (its kind first), here derived from the state."""
    if max(state.totals) >= state.setup.target:
        return (Kind.OVER,)
    return (Kind.FLIP,) if state.coin is None else (Kind.ADD,)


def mover(state: ToyState, p: tuple[str]) -> str:
    return ("a", "b")[state.mover]


def offer_flip(state: ToyState, p: tuple[str]) -> tuple[tuple[Any, Fraction], ...]:
    return ((Coin(True), Fraction(1, 2)), (Coin(False), Fraction(1, 2)))


def offer_add(state: ToyState, p: tuple[str]) -> tuple[Any, ...]:
    return (Add(1), Add(2)) if state.coin else (Add(1), Add(3))


def step_flip(state: ToyState, choice: Coin) -> tuple[ToyState, tuple[Event, ...]]:
    return state._replace(coin=choice.heads), (
        Event("coin", "heads" if choice.heads else "tails", BOOK["T-1"]),)


def step_add(state: ToyState, choice: Add) -> tuple[ToyState, tuple[Event, ...]]:
    totals = list(state.totals)
    totals[state.mover] += choice.amount
    new = ToyState(state.setup, (totals[0], totals[1]), 1 - state.mover, None)
    return new, (Event("add", f"+{choice.amount}", BOOK["T-1"], ("a", "b")[state.mover]),)


#: The declared table: every pending kind, who moves there, what is offered, the step.
PROCEDURE: Final = Procedure(
    "toy", BOOK, kinds=(Kind.FLIP, Kind.ADD, Kind.OVER), ends=(Kind.OVER,), end_rule="T-2",
    pending=pending, nodes={Kind.FLIP: Node(CHANCE, offer_flip, step_flip, "T-1"),
                            Kind.ADD: Node(mover, offer_add, step_add, "T-1")})


class ToyRules:
    name = "toy"
    book = BOOK
    setup_type = ToySetup
    state_type = ToyState
    choice_types = (Add, Coin)
    procedure = PROCEDURE

    def initial(self, setup: ToySetup) -> ToyState:
        return ToyState(setup, (0, 0), 0, None)

    def to_move(self, state: ToyState) -> str | None:
        return PROCEDURE.to_move(state)

    def legal(self, state: ToyState) -> tuple[Any, ...]:
        return PROCEDURE.legal(state)

    def outcomes(self, state: ToyState) -> tuple[tuple[Any, Fraction], ...]:
        return PROCEDURE.outcomes(state)

    def step(self, state: ToyState, choice: Any) -> tuple[ToyState, tuple[Event, ...]]:
        return PROCEDURE.step(state, choice)

    def decision_rule(self, state: ToyState) -> RuleRef:
        return PROCEDURE.decision_rule(state)

    def observe(self, state: ToyState, player: str) -> ToyState:
        return state

    def invariants(self, state: ToyState) -> list[str]:
        return [] if min(state.totals) >= 0 else ["negative total"]

    def scores(self, state: ToyState) -> dict[str, int]:
        return {"a": state.totals[0], "b": state.totals[1]}


RULES = ToyRules()
