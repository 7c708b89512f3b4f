"""Exact enumeration over a game's own chance nodes.

Given a state, a policy for the decisions and a stopping condition, :func:`enumerate_game`
walks every chance outcome (and every branch of a mixed policy) with exact Fraction
weights, and returns the exact distribution of whatever ``value`` reads off the states
where it stops. Because it drives the game's own ``rules.step``, its answers cannot
disagree with the rules.

>>> from boardlab.mall_of_horror import RULES, position
>>> s = position(players=4, characters={6: ["red pinup"], 4: ["blue pinup"]}, phase="c")
>>> d = enumerate_game(RULES, s, stop=lambda st, ev: st.pending.kind != "arrival_roll",
...                    value=lambda st, ev: st.roll.count(6))
>>> d.p(4)
Fraction(1, 1296)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from boardlab.core.engine import CHANCE, Rules
from boardlab.core.events import Event

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


def enumerate_game(rules: Rules, state: Any, *, stop: Stop, value: Value,
                   policy: Policy = uniform_policy, max_nodes: int = 2_000_000) -> Any:
    """The exact distribution (a :class:`~boardlab.prob.dist.Dist`) of ``value``.

    The walk starts at ``state`` and follows every chance outcome with its exact
    probability; at decisions ``policy`` gives one choice or a mixed strategy. A branch
    ends when ``stop(state, events)`` is true (``events`` are those of the step that led
    there) or the game ends; ``value(state, events)`` is then recorded.
    """
    from boardlab.prob.dist import Dist

    return Dist(enumerate_weights(rules, state, stop=stop, value=value, policy=policy,
                                  max_nodes=max_nodes))


def enumerate_weights(rules: Rules, state: Any, *, stop: Stop, value: Value,
                      policy: Policy = uniform_policy,
                      max_nodes: int = 2_000_000) -> dict[Hashable, Fraction]:
    """Like :func:`enumerate_game`, as a plain ``{value: Fraction}`` mapping."""
    result: dict[Hashable, Fraction] = {}
    budget = [max_nodes]

    def walk(node: Any, events: tuple[Event, ...], weight: Fraction) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise RuntimeError(f"more than {max_nodes} nodes: narrow the question")
        mover = rules.to_move(node)
        if mover is None or stop(node, events):
            key = value(node, events)
            result[key] = result.get(key, Fraction(0)) + weight
            return
        if mover == CHANCE:
            branches: Mapping[Any, Fraction] = dict(rules.outcomes(node))
        else:
            legal = rules.legal(node)
            picked = policy(node, mover, legal)
            branches = picked if isinstance(picked, Mapping) else {picked: Fraction(1)}
        for choice, p in branches.items():
            child, child_events = rules.step(node, choice)
            walk(child, child_events, weight * p)

    walk(state, (), Fraction(1))
    return result
