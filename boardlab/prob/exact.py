"""Exact enumeration over a game's own chance nodes.

Given a state, a policy for the decisions and a stopping condition, :func:`enumerate_game`
walks every chance outcome (and every branch of a mixed policy) with exact Fraction
weights, and returns the exact distribution of whatever ``value`` reads off the states
where it stops. Because it drives the game's own ``rules.step``, its answers cannot
disagree with the rules.

Two walks give the same answer:

* the *tree* walk (the default) follows every path separately, depth first;
* the *merged* walk (``merge=True``) goes level by level and keeps a frontier
  ``{state: probability}``, a transposition table: paths that reach the same state at
  the same depth are added up and the state is expanded once. Games whose chance
  and votes funnel into few states (a vote's many ballots, one result) are
  exponential as a tree and polynomial as this DAG.

Both are iterative (no recursion limit) and stop with an error after ``max_nodes``
steps. :class:`WalkStats` counts what a walk did, to compare the two.

>>> from boardlab.mall_of_horror import RULES, position
>>> s = position(players=4, characters={6: ["red pinup"], 4: ["blue pinup"]}, phase="c")
>>> d = enumerate_game(RULES, s, stop=lambda st, ev: st.pending.kind != "arrival_roll",
...                    value=lambda st, ev: st.roll.count(6))
>>> print(d.P(4))
1/1296
>>> stats = WalkStats()
>>> enumerate_game(RULES, s, stop=lambda st, ev: st.pending.kind != "arrival_roll",
...                value=lambda st, ev: st.roll.count(6), merge=True, stats=stats) == d
True
>>> stats.nodes, stats.leaves
(127, 126)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from boardlab.core.engine import CHANCE, Rules
from boardlab.core.errors import ArgumentTypeError, LimitError, QuestionError, show_value
from boardlab.core.events import Event
from boardlab.prob.checks import flag, whole
from boardlab.prob.dist import to_fraction

if TYPE_CHECKING:
    from boardlab.prob.dist import Dist

#: A policy maps (state, player, legal choices) to one choice, or to a mapping
#: choice → probability (a mixed strategy, e.g. "vote uniformly at random").
Policy = Callable[[Any, str, Sequence[Any]], Any]
Stop = Callable[[Any, tuple[Event, ...]], bool]
Value = Callable[[Any, tuple[Event, ...]], Hashable]


def uniform_policy(state: Any, player: str, legal: Sequence[Any]) -> dict[Any, Fraction]:
    """Every legal choice with the same probability."""
    p = Fraction(1, len(legal))
    return dict.fromkeys(legal, p)


def first_choice_policy(state: Any, player: str, legal: Sequence[Any]) -> Any:
    """Always the first legal choice (deterministic, for what-ifs)."""
    return legal[0]


@dataclass
class WalkStats:
    """What one enumeration did; pass ``stats=WalkStats()`` to have it filled in.

    ``nodes`` counts the states visited: the start and every state made by a step
    (one ``rules.step`` call each), the measure of work both walks share.
    ``expanded`` counts the states whose moves were followed, ``leaves`` the
    stopping states recorded, ``merged`` the states that joined one already in the
    frontier (always 0 for the tree walk), ``levels`` the depth reached.
    """

    nodes: int = 0
    expanded: int = 0
    leaves: int = 0
    merged: int = 0
    levels: int = 0


def enumerate_game(rules: Rules[Any, Any], state: Any, *, stop: Stop, value: Value,
                   policy: Policy = uniform_policy, max_nodes: int = 2_000_000,
                   merge: bool = False, stats: WalkStats | None = None) -> Dist[Any]:
    """The exact distribution (a :class:`~boardlab.prob.dist.Dist`) of ``value``.

    The walk starts at ``state`` and follows every chance outcome with its exact
    probability; at decisions ``policy`` gives one choice or a mixed strategy. A branch
    ends when ``stop(state, events)`` is true (``events`` are those of the step that led
    there) or the game ends; ``value(state, events)`` is then recorded.

    ``merge=True`` walks level by level and merges equal states (see the module
    docstring); the answer is the same, the work usually smaller. It needs hashable
    states, and ``policy`` must depend on the state alone (not on the path), as it
    does for a :data:`Policy`.
    """
    from boardlab.prob.dist import Dist

    return Dist(enumerate_weights(rules, state, stop=stop, value=value, policy=policy,
                                  max_nodes=max_nodes, merge=merge, stats=stats))


class NodeLimitError(LimitError, RuntimeError):
    """A walk past ``max_nodes`` states (also a ``RuntimeError``, as in boardlab 0.1).

    A walk cannot know its size before it is done, so this one limit is checked as it
    goes; the work done before it is refused is bounded by ``max_nodes`` steps.
    """


def _branches(rules: Rules[Any, Any], node: Any, mover: Any,
              policy: Policy) -> Mapping[Any, Fraction]:
    if mover is CHANCE:
        return dict(rules.outcomes(node))
    legal = rules.legal(node)
    picked = policy(node, mover, legal)
    if not isinstance(picked, Mapping):
        _legal_choice(picked, legal, mover)
        return {picked: Fraction(1)}
    # A mixed strategy: legal choices with exact probabilities that add up to 1.
    mixed: dict[Any, Fraction] = {}
    for choice, p in picked.items():
        _legal_choice(choice, legal, mover)
        q = to_fraction(p, what=f"policy: probability of {show_value(choice)}")
        if q < 0:
            raise QuestionError(f"policy: {show_value(choice)} has the negative probability "
                                f"{q}")
        if q:
            mixed[choice] = q
    total = sum(mixed.values(), Fraction(0))
    if total != 1:
        raise QuestionError(f"policy: the probabilities for {show_value(mover)} add up to "
                            f"{total}, not 1")
    return mixed


def _legal_choice(choice: Any, legal: Sequence[Any], mover: Any) -> None:
    try:
        ok = choice in legal
    except TypeError:
        ok = False
    if not ok:
        raise QuestionError(f"policy: {show_value(choice)} is not a legal choice for "
                            f"{show_value(mover)} here; legal: {show_value(list(legal))}")


def enumerate_weights(rules: Rules[Any, Any], state: Any, *, stop: Stop, value: Value,
                      policy: Policy = uniform_policy, max_nodes: int = 2_000_000,
                      merge: bool = False, stats: WalkStats | None = None
                      ) -> dict[Hashable, Fraction]:
    """Like :func:`enumerate_game`, as a plain ``{value: Fraction}`` mapping."""
    function = "enumerate_game"
    # A walk needs these four of the Rules protocol (a small model may have only them).
    missing = [m for m in ("to_move", "legal", "outcomes", "step")
               if not callable(getattr(rules, m, None))]
    if missing:
        raise ArgumentTypeError(f"{function}: rules", rules, "must be a game's rules (such as "
                                f"boardlab.mall_of_horror.RULES); it has no {missing[0]}()")
    state_type = getattr(rules, "state_type", None)
    if isinstance(state_type, type) and not isinstance(state, state_type):
        raise ArgumentTypeError(f"{function}: state", state,
                                f"must be a {state_type.__name__} of "
                                f"{getattr(rules, 'name', 'this game')}")
    for name, f in (("stop", stop), ("value", value), ("policy", policy)):
        if not callable(f):
            raise ArgumentTypeError(f"{function}: {name}", f, "must be a function")
    max_nodes = whole(max_nodes, "max_nodes (a whole number ≥ 1)", function, low=1)
    merge = flag(merge, "merge", function)
    if stats is not None and not isinstance(stats, WalkStats):
        raise ArgumentTypeError(f"{function}: stats", stats, "must be a WalkStats or None")
    walk = _merged_walk if merge else _tree_walk
    return walk(rules, state, stop, value, policy, max_nodes,
                stats if stats is not None else WalkStats())


def _too_many(max_nodes: int) -> NodeLimitError:
    return NodeLimitError(f"enumerate_game: more than {max_nodes} nodes: narrow the question "
                          "(stop sooner) or raise max_nodes", limit="max_nodes",
                          value=max_nodes + 1, allowed=max_nodes)


def _tree_walk(rules: Rules[Any, Any], state: Any, stop: Stop, value: Value, policy: Policy,
               max_nodes: int, stats: WalkStats) -> dict[Hashable, Fraction]:
    """Every path on its own, depth first, with an explicit stack."""
    result: dict[Hashable, Fraction] = {}
    stack: list[tuple[Any, tuple[Event, ...], Fraction, int]] = [(state, (), Fraction(1), 0)]
    stats.nodes += 1
    while stack:
        node, events, weight, depth = stack.pop()
        stats.levels = max(stats.levels, depth)
        mover = rules.to_move(node)
        if mover is None or stop(node, events):
            _record(result, value(node, events), weight)
            stats.leaves += 1
            continue
        stats.expanded += 1
        children = []
        for choice, p in _branches(rules, node, mover, policy).items():
            stats.nodes += 1
            if stats.nodes > max_nodes:
                raise _too_many(max_nodes)
            child, child_events = rules.step(node, choice)
            children.append((child, child_events, weight * p, depth + 1))
        stack.extend(reversed(children))  # first branch first, as a recursive walk would
    return result


def _merged_walk(rules: Rules[Any, Any], state: Any, stop: Stop, value: Value, policy: Policy,
                 max_nodes: int, stats: WalkStats) -> dict[Hashable, Fraction]:
    """Level by level over a ``{state: probability}`` frontier.

    ``stop`` and ``value`` read the events of the step that made a state, so they are
    applied to each child as it is made, before it joins the frontier; a state that
    goes on needs no events, so equal states can merge whatever led to them.
    """
    result: dict[Hashable, Fraction] = {}
    stats.nodes += 1
    frontier: dict[Any, Fraction] = {}

    def arrive(node: Any, events: tuple[Event, ...], weight: Fraction,
               into: dict[Any, Fraction]) -> None:
        if rules.to_move(node) is None or stop(node, events):
            _record(result, value(node, events), weight)
            stats.leaves += 1
        elif node in into:
            into[node] += weight
            stats.merged += 1
        else:
            into[node] = weight

    arrive(state, (), Fraction(1), frontier)
    while frontier:
        stats.levels += 1
        nxt: dict[Any, Fraction] = {}
        for node, weight in frontier.items():
            stats.expanded += 1
            for choice, p in _branches(rules, node, rules.to_move(node), policy).items():
                stats.nodes += 1
                if stats.nodes > max_nodes:
                    raise _too_many(max_nodes)
                child, child_events = rules.step(node, choice)
                arrive(child, child_events, weight * p, nxt)
        frontier = nxt
    return result


def _record(result: dict[Hashable, Fraction], key: Any, weight: Fraction) -> None:
    try:
        result[key] = result.get(key, Fraction(0)) + weight
    except TypeError:
        raise ArgumentTypeError("enumerate_game: value(state, events)", key,
                                "must return a hashable value (a number, a string, a tuple …)"
                                ) from None
