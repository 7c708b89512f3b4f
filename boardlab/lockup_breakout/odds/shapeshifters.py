"""The Shapeshifter chain (A5.11: stand-in goon deck)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Literal, overload

from boardlab.core.errors import QuestionError
from boardlab.lockup_breakout.choices import Keep
from boardlab.lockup_breakout.odds.edge import (
    _MAX_NODES,
    STAND_IN,
    _explain,
    _policy,
    _position,
    _side,
)
from boardlab.lockup_breakout.odds.seekers import _settle
from boardlab.lockup_breakout.rules import RULES
from boardlab.lockup_breakout.state import CHANCE_KINDS, Frame, K, State
from boardlab.lockup_breakout.work import Work, tables
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist

__all__ = ["shapeshifter_chain"]


# -- the Shapeshifter chain (A5.11: stand-in goon deck) -----------------------------------------
def _avoid_shapeshifters(state: State, player: str, legal: Sequence[Any]) -> Any:
    """Keep the first goon that is not a Shapeshifter, in goon-list order, if any."""
    t = tables(state.config)
    keep = [c for c in legal if isinstance(c, Keep) and t.goons[c.goon].kind != "shapeshifter"]
    return min(keep, key=lambda c: t.goon_index[c.goon]) if keep else legal[0]


def _walk_chain(start: State, depth: int, who: str, policy: Callable[..., Any]
                ) -> dict[tuple[int, str], Fraction]:
    """Walk the chain through the engine's own nodes, counting its draws (a path
    property, so this walk keeps the count with each state)."""
    from boardlab.core.engine import CHANCE

    before = start.goons[start.side(who)]
    frontier: dict[tuple[State, int], Fraction] = {(start, 0): Fraction(1)}
    result: dict[tuple[int, str], Fraction] = {}
    nodes = 0
    while frontier:
        nxt: dict[tuple[State, int], Fraction] = {}
        for (st, n), p in frontier.items():
            if len(st.stack) < depth or st.is_over:
                gained = list(st.goons[st.side(who)])
                for g in before:
                    gained.remove(g)
                key = (n, gained[0] if gained else "")
                result[key] = result.get(key, Fraction(0)) + p
                continue
            mover = RULES.to_move(st)
            if mover is CHANCE:
                branches = RULES.outcomes(st)
            else:
                picked = policy(st, mover, RULES.legal(st))
                branches = tuple(picked.items()) if isinstance(picked, dict) \
                    else ((picked, Fraction(1)),)
            draws = n + (st.top.kind == K.SHAPE_DRAW)
            for choice, q in branches:
                nodes += 1
                if nodes > _MAX_NODES:
                    raise QuestionError("shapeshifter_chain: more than "
                                        f"{_MAX_NODES} states; ask about a smaller deck")
                child, _ = RULES.step(st, choice)
                nxt[(child, draws)] = nxt.get((child, draws), Fraction(0)) + p * q
        frontier = nxt
    return result


@overload
def shapeshifter_chain(position: State, side: str, *, policy: Any = ...,
                       explain: Literal[False] = ...) -> Dist[tuple[int, str]]: ...
@overload
def shapeshifter_chain(position: State, side: str, *, policy: Any = ...,
                       explain: Literal[True]) -> Derivation[Dist[tuple[int, str]]]: ...
def shapeshifter_chain(position: State, side: str, *, policy: Any = None,
                       explain: bool = False) -> Any:
    """The Shapeshifter chain ``side`` would start now: the joint distribution of its
    length (draws of three) and the goon it ends with (``""``: none left to draw).

    Only a draw of three Shapeshifters forces a repeat (LB-goon-shapeshifter, LB-R22);
    ``policy`` (``(state, player, legal) → choice``) picks the goon to keep, by default
    the first that is not a Shapeshifter; the guards keep the first in the goon list
    (LB-R24). The goon deck is stand-in data: with it (one Shapeshifter left after one is
    recruited) the chain never repeats.

    >>> from boardlab.lockup_breakout import position
    >>> d = shapeshifter_chain(position(players=2), "red")
    >>> d.map(lambda o: o[0]).P(1)      # two Shapeshifters in 20 cards: never three
    Fraction(1, 1)
    >>> d.map(lambda o: o[1]).P("Dwarf")  # 1 − C(17, 3)/C(20, 3): a Dwarf is drawn
    Fraction(23, 57)
    """
    state = _position(position, "shapeshifter_chain")
    who = _side(state, side, "shapeshifter_chain")
    chooser = _policy(policy, "shapeshifter_chain") or _avoid_shapeshifters
    explain = _explain(explain, "shapeshifter_chain")
    if state.top.kind in CHANCE_KINDS:
        raise QuestionError("shapeshifter_chain: ask at a decision, not while a chance node "
                            "waits (the chain starts when a Shapeshifter is recruited)")
    depth = len(state.stack)
    start, _ = _settle(Work(state._replace(stack=(*state.stack, Frame(K.SHAPE, who=who)))))
    answer = Dist(_walk_chain(start, depth + 1, who, chooser))
    if not explain:
        return answer
    goons = tables(state.config).goons
    deck = sum(state.goon_deck)
    shapes = sum(n for name, n in zip(tables(state.config).goon_names, state.goon_deck,
                                      strict=True) if goons[name].kind == "shapeshifter")
    from sympy import binomial

    return Derivation(f"Length and result of {who}'s Shapeshifter chain", answer,
                      facts=(("goon deck", f"{deck} cards, {shapes} Shapeshifter(s)"),
                             ("repeat", "only when all three drawn are Shapeshifters, or "
                                        "the keeper chooses one (LB-goon-shapeshifter)"),
                             ("goons", STAND_IN)),
                      steps=(f"P(three Shapeshifters in the first draw) = C({shapes}, 3)/"
                             f"C({deck}, 3) = {binomial(shapes, 3) / binomial(deck, 3)}.",
                             "The engine draws and discards; the walk follows every draw "
                             "with its exact probability until the chain ends."))
