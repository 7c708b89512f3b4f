"""A game's rules as one declared table: pending kinds, who moves, what is offered.

Every game of boardlab answers the engine's questions — who moves, what is offered,
what a choice does — from one :class:`Procedure`: a table from each *pending kind*
(what a state waits for: a ballot, a roll, a tile to place) to its :class:`Node`:

* ``mover``: :data:`~boardlab.core.chance.CHANCE`, or a function ``(state, pending)``
  naming the player (the player in turn, the chosen colour …);
* ``offer``: a function ``(state, pending)`` giving the legal choices or the chance
  outcomes, read from the state without copying it;
* ``step``: a function ``(state, choice)`` giving the next state and its events (as
  event rows, :data:`~boardlab.core.events.EventRow`: the public ``step`` makes them
  Events, bulk play when they are read);
* ``rule``: the id of the rule that governs the decision (cited when a choice is
  refused).

A pending kind with no node is an end of the match (``ends``). Inside a step, a game
dispatches again — on the type of a choice, on the purpose of a roll, on an automatic
step — through :class:`Dispatch` tables declared beside the nodes, never through
``isinstance`` chains, and registers every table in the one :class:`Procedure` its
rules object carries as ``procedure``, in the module that defines the rules (never by
filling another module's table as a side effect of an import).
:func:`procedure_problems` checks that a game's tables are complete: every pending kind
has a mover and a step, every declared key of a dispatch a handler, every rule id cited
is in the game's rule book. The conformance check (:mod:`boardlab.core.conformance`)
runs it for every game.

>>> from boardlab.core.chance import CHANCE
>>> from boardlab.core.rules import RuleBook, RuleRef
>>> book = RuleBook("Demo", [RuleRef("D-1", "Demo", "Turn", "Roll, then add."),
...                          RuleRef("D-2", "Demo", "End", "Ten wins.")])
>>> roll = Node(CHANCE, lambda state, p: (("six", 1),), lambda state, c: (state, ()), "D-1")
>>> table = Procedure("demo", book, kinds=("roll", "over"), nodes={"roll": roll},
...                   ends=("over",), end_rule="D-2", pending=lambda state: state)
>>> procedure_problems(table)
[]
>>> table.to_move(("roll",)), table.to_move(("over",))
(CHANCE, None)
>>> broken = Procedure("demo", book, kinds=("roll", "add", "over"), nodes={"roll": roll},
...                    ends=("over",), end_rule="D-2", pending=lambda state: state)
>>> procedure_problems(broken)
["pending kind 'add' has no node (no mover, no step)"]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, NamedTuple

from boardlab.core.chance import CHANCE
from boardlab.core.errors import IllegalAction
from boardlab.core.events import Event, as_events
from boardlab.core.rules import RuleBook, RuleRef

__all__ = ["Dispatch", "Node", "Procedure", "procedure_problems", "rules_procedure_problems"]

#: ``(state, pending) -> choices or outcomes`` and ``(state, choice) -> (state, rows)``.
Offer = Callable[[Any, Any], Any]
Step = Callable[[Any, Any], tuple[Any, tuple[Any, ...]]]


class Node(NamedTuple):
    """What one pending kind asks: who moves, what is offered, the step, the rule.

    A plain tuple, so a hot path unpacks it in one instruction
    (``mover, offer, step, rule = node``).
    """

    mover: Any
    offer: Offer
    step: Step
    rule: str


class Dispatch:
    """A declared dispatch table: every key of ``keys`` and the handler it runs.

    ``keys`` is what the game declares must be handled (its choice types, its roll
    purposes, its automatic steps); ``handlers`` maps each key to a function. A hot
    path reads ``handlers`` directly (a plain dict).

    >>> d = Dispatch("roll purpose", ("attack", "escape"), {"attack": print})
    >>> d.missing(), d.undeclared()
    (('escape',), ())
    """

    __slots__ = ("handlers", "keys", "name")

    def __init__(self, name: str, keys: Iterable[Hashable],
                 handlers: Mapping[Any, Callable[..., Any]]) -> None:
        self.name = name
        self.keys = tuple(keys)
        self.handlers = dict(handlers)

    def missing(self) -> tuple[Hashable, ...]:
        """Declared keys without a (callable) handler."""
        handlers = self.handlers
        return tuple(k for k in self.keys if not callable(handlers.get(k)))

    def undeclared(self) -> tuple[Hashable, ...]:
        """Handlers for keys nobody declared (a typo, or a kind that was removed)."""
        keys = set(self.keys)
        return tuple(k for k in self.handlers if k not in keys)

    def __repr__(self) -> str:
        return f"<Dispatch {self.name!r}: {len(self.keys)} keys>"


class Procedure:
    """One game's declared table of pending kinds (see the module docstring).

    ``book``: the game's rule book; ``kinds``: every pending kind the game can wait
    for (its named constants); ``nodes``: the :class:`Node` of each kind that is not
    an end; ``ends``: the kinds at which the match is over, whose decision rule is
    ``end_rule``; ``pending``: the function that finds a state's pending record (its
    kind is item 0); ``dispatch``: the game's other tables; ``rules``: further rule
    ids the game's ``decision_rule`` may cite (checked against the book too).

    The methods answer the engine's questions from the table; a game may answer them
    faster itself (an inlined ``node``), and the conformance check compares both.
    """

    __slots__ = ("book", "dispatch", "end_rule", "entries", "ends", "game", "kinds", "nodes",
                 "pending", "rules")

    def __init__(self, game: str, book: RuleBook, *, kinds: Iterable[str],
                 nodes: Mapping[str, Node], ends: Iterable[str], end_rule: str,
                 pending: Callable[[Any], Any], dispatch: Iterable[Dispatch] = (),
                 rules: Iterable[str] = ()) -> None:
        self.game = game
        self.book = book
        self.kinds = tuple(kinds)
        self.nodes = dict(nodes)
        #: The nodes as plain tuples, for a game's hot paths: CPython unpacks and indexes
        #: an exact tuple faster than a tuple subclass.
        self.entries: dict[str, tuple[Any, Offer, Step, str]] = {
            kind: tuple(node) for kind, node in self.nodes.items()}
        self.ends = frozenset(ends)
        self.end_rule = end_rule
        self.pending = pending
        self.dispatch = tuple(dispatch)
        self.rules = tuple(rules)

    def table(self, name: str) -> Dispatch:
        """The dispatch table called ``name``."""
        for d in self.dispatch:
            if d.name == name:
                return d
        raise KeyError(f"{self.game} declares no dispatch table {name!r}")

    # -- the engine's questions, from the table -----------------------------------------
    def to_move(self, state: Any) -> Any:
        p = self.pending(state)
        node = self.nodes.get(p[0])
        if node is None:
            return None
        mover = node[0]
        return mover if mover is CHANCE else mover(state, p)

    def legal(self, state: Any) -> tuple[Any, ...]:
        p = self.pending(state)
        node = self.nodes.get(p[0])
        if node is None or node[0] is CHANCE:
            return ()
        return tuple(node[1](state, p))

    def outcomes(self, state: Any) -> Any:
        p = self.pending(state)
        node = self.nodes.get(p[0])
        if node is None or node[0] is not CHANCE:
            return ()
        return node[1](state, p)

    def node(self, state: Any) -> tuple[Any, Any, Any]:
        """``(to_move, choices or outcomes, step)``: the engine's fast path."""
        p = self.pending(state)
        node = self.entries.get(p[0])
        if node is None:
            return None, (), None
        mover, offer, step, _ = node
        return (mover if mover is CHANCE else mover(state, p)), offer(state, p), step

    def step(self, state: Any, choice: Any) -> tuple[Any, tuple[Event, ...]]:
        """The kind's step, its event rows made Events; an end refuses every choice."""
        node = self.nodes.get(self.pending(state)[0])
        if node is None:
            raise IllegalAction("the match is over", rule=self.book[self.end_rule])
        after, rows = node[2](state, choice)
        return after, as_events(rows)

    def rule_id(self, state: Any) -> str:
        """The id of the rule governing the pending decision (the end's at the end)."""
        node = self.nodes.get(self.pending(state)[0])
        return self.end_rule if node is None else node[3]

    def decision_rule(self, state: Any) -> RuleRef:
        return self.book[self.rule_id(state)]

    def __repr__(self) -> str:
        return (f"<Procedure {self.game!r}: {len(self.nodes)} nodes, "
                f"{len(self.dispatch)} dispatch tables>")


def procedure_problems(procedure: Procedure) -> list[str]:
    """Everything missing from a game's tables, in words (empty when complete).

    Every declared pending kind is an end or has a node with a mover (CHANCE or a
    function), an offer and a step; no node is for an undeclared kind; every key of
    every dispatch table has a handler and every handler a declared key; every rule id
    (the nodes', the end's, the further ``rules``) is in the procedure's rule book.
    """
    book = procedure.book
    problems: list[str] = []
    kinds = set(procedure.kinds)
    for kind in procedure.kinds:
        if kind in procedure.ends:
            continue
        node = procedure.nodes.get(kind)
        if node is None:
            problems.append(f"pending kind {kind!r} has no node (no mover, no step)")
            continue
        if not (node.mover is CHANCE or callable(node.mover)):
            problems.append(f"pending kind {kind!r} has no mover")
        if not callable(node.offer):
            problems.append(f"pending kind {kind!r} offers nothing")
        if not callable(node.step):
            problems.append(f"pending kind {kind!r} has no step")
    for kind in procedure.nodes:
        if kind not in kinds:
            problems.append(f"node for undeclared pending kind {kind!r}")
    for kind in procedure.ends:
        if kind not in kinds:
            problems.append(f"end {kind!r} is not a declared pending kind")
        elif kind in procedure.nodes:
            problems.append(f"end {kind!r} has a node")
    if not procedure.ends:
        problems.append("no pending kind ends the match")
    for d in procedure.dispatch:
        problems.extend(f"{d.name} {key!r} has no handler" for key in d.missing())
        problems.extend(f"{d.name} handler for undeclared {key!r}" for key in d.undeclared())
    cited = [*(node.rule for node in procedure.nodes.values()), procedure.end_rule,
             *procedure.rules]
    problems.extend(f"rule {rule_id!r} is not in {book.name}'s book"
                    for rule_id in dict.fromkeys(cited) if rule_id not in book)
    return problems


def rules_procedure_problems(rules: Any) -> list[str]:
    """:func:`procedure_problems` of a rules object's ``procedure`` (every game declares
    one, over the rules' own ``book``)."""
    procedure = getattr(rules, "procedure", None)
    if not isinstance(procedure, Procedure):
        return ["the rules declare no procedure table (rules.procedure)"]
    problems = procedure_problems(procedure)
    if procedure.book is not rules.book:
        problems.append("the procedure table cites another rule book than the rules'")
    return problems
