"""Loot stacks (A5.3: stand-in pool)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, overload

from boardlab.core.errors import QuestionError, show_value
from boardlab.lockup_breakout.odds.edge import STAND_IN, _explain, _player, _position
from boardlab.lockup_breakout.rules import RULES
from boardlab.lockup_breakout.state import Frame, K, State
from boardlab.lockup_breakout.work import tables
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist

__all__ = ["loot_has", "loot_look"]


# -- loot stacks (A5.3: stand-in pool) ---------------------------------------------------------
def _stack_index(state: State, space: Any, function: str) -> int:
    spaces = tables(state.config).loot_spaces
    if not isinstance(space, str) or space not in spaces:
        raise QuestionError(f"{function}: {show_value(space)} is not a loot space; loot lies "
                            f"on {', '.join(spaces)} (LB-setup-loot)")
    return spaces.index(space)


def _as_seen(state: State, index: int, viewer: str | None) -> State:
    """``state`` with the stack as ``viewer`` knows it (unchanged for ``None``)."""
    known, unknown = state.stacks[index]
    seen = {i for i, side in state.looked if side == viewer}
    if viewer is not None and index not in seen and known:
        # Another player has looked: to this seat the stack is still a draw from every
        # token it has not seen (the untouched pool and stacks only others looked at).
        names = tables(state.config).loot_names
        counts = list(state.loot_pool)
        for i, (cards, _) in enumerate(state.stacks):
            if i not in seen:
                for name in cards:
                    counts[names.index(name)] += 1
        state = state._replace(loot_pool=tuple(counts), stacks=tuple(
            ((), len(cards) + n) if i == index else (cards, n)
            for i, (cards, n) in enumerate(state.stacks)))
    return state


@lru_cache(maxsize=256)
def _look(state: State, index: int, viewer: str | None) -> Dist[tuple[str, ...]]:
    state = _as_seen(state, index, viewer)
    known, unknown = state.stacks[index]
    if not unknown:
        return Dist({tuple(sorted(known)): 1})
    node = state._replace(stack=(*state.stack, Frame(K.LOOT_LOOK, loc=index)))
    return Dist({choice.cards: p for choice, p in RULES.outcomes(node)})


def _viewer(state: State, player: Any, function: str) -> str | None:
    return None if player is None else _player(state, player, function)


@overload
def loot_look(position: State, space: str, *, player: str | None = ...,
              explain: Literal[False] = ...) -> Dist[tuple[str, ...]]: ...
@overload
def loot_look(position: State, space: str, *, player: str | None = ...,
              explain: Literal[True]) -> Derivation[Dist[tuple[str, ...]]]: ...
def loot_look(position: State, space: str, *, player: str | None = None,
              explain: bool = False) -> Any:
    """The contents of the loot stack on catacomb ``space`` when it is first looked at:
    the engine's lazy draw from the tokens nobody has seen (a multivariate hypergeometric
    over the stand-in pool). A stack already looked at is known: one outcome — unless
    ``player`` is given and has not looked at it, when it is a draw from every token
    that seat has not seen (a seat's odds never use another's secret, LB-R37).

    >>> from boardlab.lockup_breakout import position
    >>> d = loot_look(position(players=2), "TOMB")
    >>> len(d), d.P(lambda c: c.count("Cache") == 2)
    (15, Fraction(1, 29))
    """
    state = _position(position, "loot_look")
    index = _stack_index(state, space, "loot_look")
    viewer = _viewer(state, player, "loot_look")
    explain = _explain(explain, "loot_look")
    answer = _look(state, index, viewer)
    if not explain:
        return answer
    state = _as_seen(state, index, viewer)
    unknown = state.stacks[index][1]
    pool = sum(state.loot_pool)
    return Derivation(f"Contents of the loot stack on {space}", answer,
                      facts=(("stack", f"{unknown} unseen token(s) (LB-setup-loot)"),
                             ("unseen pool", f"{pool} tokens: " + ", ".join(
                                 f"{n} {name}" for name, n in zip(
                                     tables(state.config).loot_names, state.loot_pool,
                                     strict=True) if n)),
                             ("loot tokens", STAND_IN)),
                      steps=("The stack is drawn the first time someone looks (lazy and "
                             "exchangeable: the same as a stack dealt at setup).",
                             f"Each multiset of {unknown} tokens has probability "
                             f"∏ C(n_i, k_i) / C({pool}, {unknown})."))


@overload
def loot_has(position: State, space: str, token: str, *, player: str | None = ...,
             explain: Literal[False] = ...) -> Fraction: ...
@overload
def loot_has(position: State, space: str, token: str, *, player: str | None = ...,
             explain: Literal[True]) -> Derivation[Fraction]: ...
def loot_has(position: State, space: str, token: str, *, player: str | None = None,
             explain: bool = False) -> Any:
    """P(the loot stack on ``space`` holds at least one ``token``) when first looked at
    (``player``: from that seat's knowledge, as :func:`loot_look`).

    >>> from boardlab.lockup_breakout import position
    >>> loot_has(position(players=2), "TOMB", "Passage")
    Fraction(53, 145)
    """
    state = _position(position, "loot_has")
    index = _stack_index(state, space, "loot_has")
    names = tables(state.config).loot_names
    if not isinstance(token, str) or token not in names:
        raise QuestionError(f"loot_has: unknown loot token {show_value(token)}; tokens are "
                            f"{', '.join(names)} (LB-R17)")
    viewer = _viewer(state, player, "loot_has")
    explain = _explain(explain, "loot_has")
    answer = _look(state, index, viewer).P(lambda cards: token in cards)
    if not explain:
        return answer
    from sympy import binomial

    state = _as_seen(state, index, viewer)
    unknown = state.stacks[index][1]
    pool, a = sum(state.loot_pool), state.loot_pool[names.index(token)]
    form = 1 - binomial(pool - a, unknown) / binomial(pool, unknown) if unknown else None
    return Derivation(f"P(the loot stack on {space} holds a {token})", answer,
                      closed_form=form,
                      facts=(("unseen pool", f"{pool} tokens, {a} of them {token}"),
                             ("stack", f"{unknown} unseen token(s)"), ("loot", STAND_IN)),
                      steps=(f"Complement: no {token} among {unknown} tokens drawn without "
                             f"replacement, C({pool - a}, {unknown}) / C({pool}, {unknown}).",))
