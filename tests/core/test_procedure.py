"""The declared procedure tables: the completeness check sees every missing entry, and
every game's table (and the toy's) is complete."""

from __future__ import annotations

from typing import Any

import pytest

from boardlab.core.chance import CHANCE
from boardlab.core.conformance import check_match, table_problems
from boardlab.core.errors import IllegalAction
from boardlab.core.procedure import (
    Dispatch,
    Node,
    Procedure,
    procedure_problems,
    rules_procedure_problems,
)
from boardlab.core.rules import RuleBook, RuleRef
from tests.core import toy

BOOK = RuleBook("Demo", [RuleRef("D-1", "Demo", "Turn", "Roll, then add."),
                         RuleRef("D-2", "Demo", "End", "Ten wins.")])


def _offer(state: Any, p: Any) -> Any:
    return ()


def _step(state: Any, choice: Any) -> Any:
    return state, ()


def _mover(state: Any, p: Any) -> str:
    return "a"


def _table(**changes: Any) -> Procedure:
    """A complete table with ``changes`` made to its arguments."""
    args: dict[str, Any] = {
        "kinds": ("roll", "add", "over"), "ends": ("over",), "end_rule": "D-2",
        "pending": lambda state: state,
        "nodes": {"roll": Node(CHANCE, _offer, _step, "D-1"),
                  "add": Node(_mover, _offer, _step, "D-1")},
        "dispatch": (Dispatch("choice type", (int, str), {int: _step, str: _step}),),
    }
    args.update(changes)
    return Procedure("demo", BOOK, **args)


def test_a_complete_table_has_no_problem() -> None:
    assert procedure_problems(_table()) == []


@pytest.mark.parametrize(("changes", "problem"), [
    ({"nodes": {"roll": Node(CHANCE, _offer, _step, "D-1")}},
     "pending kind 'add' has no node (no mover, no step)"),
    ({"nodes": {"roll": Node(CHANCE, _offer, _step, "D-1"),
                "add": Node(None, _offer, _step, "D-1")}},
     "pending kind 'add' has no mover"),
    ({"nodes": {"roll": Node(CHANCE, _offer, None, "D-1"),
                "add": Node(_mover, _offer, _step, "D-1")}},
     "pending kind 'roll' has no step"),
    ({"nodes": {"roll": Node(CHANCE, None, _step, "D-1"),
                "add": Node(_mover, _offer, _step, "D-1")}},
     "pending kind 'roll' offers nothing"),
    ({"nodes": {"roll": Node(CHANCE, _offer, _step, "D-1"),
                "add": Node(_mover, _offer, _step, "D-7")}},
     "rule 'D-7' is not in Demo's book"),
    ({"end_rule": "D-9"}, "rule 'D-9' is not in Demo's book"),
    ({"rules": ("D-1", "X-1")}, "rule 'X-1' is not in Demo's book"),
    ({"kinds": ("roll", "over")}, "node for undeclared pending kind 'add'"),
    ({"ends": (), "kinds": ("roll", "add")}, "no pending kind ends the match"),
    ({"ends": ("over", "done")}, "end 'done' is not a declared pending kind"),
    ({"ends": ("over", "add")}, "end 'add' has a node"),
    ({"dispatch": (Dispatch("choice type", (int, str, bytes), {int: _step, str: _step}),)},
     "choice type <class 'bytes'> has no handler"),
    ({"dispatch": (Dispatch("roll purpose", ("attack",), {"attack": _step, "atack": _step}),)},
     "roll purpose handler for undeclared 'atack'"),
    ({"dispatch": (Dispatch("task", ("end",), {"end": "not a function"}),)},
     "task 'end' has no handler"),
])
def test_a_missing_entry_is_named(changes: dict[str, Any], problem: str) -> None:
    assert procedure_problems(_table(**changes)) == [problem]


def test_the_table_answers_the_engine() -> None:
    table = _table()
    assert table.to_move(("roll",)) is CHANCE
    assert table.to_move(("add",)) == "a"
    assert table.to_move(("over",)) is None
    assert table.node(("over",)) == (None, (), None)
    assert table.rule_id(("add",)) == "D-1" and table.rule_id(("over",)) == "D-2"
    assert table.decision_rule(("over",)) is BOOK["D-2"]
    assert table.table("choice type").handlers[int] is _step
    with pytest.raises(KeyError, match="no dispatch table 'tasks'"):
        table.table("tasks")
    with pytest.raises(IllegalAction, match="the match is over") as err:
        table.step(("over",), 1)
    assert err.value.rule is BOOK["D-2"]


def test_conformance_refuses_a_game_without_a_complete_table() -> None:
    class NoTable(toy.ToyRules):
        procedure = None

    class Incomplete(toy.ToyRules):
        procedure = Procedure(
            "toy", toy.BOOK, kinds=(toy.Kind.FLIP, toy.Kind.ADD, toy.Kind.OVER),
            ends=(toy.Kind.OVER,), end_rule="T-2", pending=toy.pending,
            nodes={toy.Kind.FLIP: toy.PROCEDURE.nodes[toy.Kind.FLIP]})

    class OtherBook(toy.ToyRules):
        book = RuleBook("Toy", list(toy.BOOK))

    assert table_problems(NoTable()) == [
        "toy: the rules declare no procedure table (rules.procedure)"]
    assert rules_procedure_problems(OtherBook()) == [
        "the procedure table cites another rule book than the rules'"]
    report = check_match(Incomplete(), toy.ToySetup(), 0)
    assert report.violations[0] == "toy: pending kind 'add' has no node (no mover, no step)"
    assert check_match(toy.RULES, toy.ToySetup(), 0).ok


def test_every_game_declares_a_complete_table() -> None:
    from boardlab import registry

    names = registry.names()
    assert {"mall-of-horror", "lockup-breakout", "level7-lockdown"} <= set(names)
    for name in names:
        rules = registry.get(name).rules
        assert rules_procedure_problems(rules) == [], name
        assert rules.procedure.book is rules.book
