"""A seeker contest from one seat's knowledge (A5.5; solitary A5.6)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import prod
from typing import Any, Literal, overload

from boardlab.core.errors import QuestionError
from boardlab.core.events import Event, as_events
from boardlab.lockup_breakout.choices import Decline, Pass, Stop
from boardlab.lockup_breakout.draws import arrangements
from boardlab.lockup_breakout.odds.edge import (
    _MAX_NODES,
    STAND_IN,
    _explain,
    _location,
    _player,
    _position,
)
from boardlab.lockup_breakout.rules import RULES, run_auto
from boardlab.lockup_breakout.state import Frame, K, State
from boardlab.lockup_breakout.work import Work
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist

__all__ = ["seeker_contest"]


# -- a seeker contest from one seat's knowledge (A5.5; solitary A5.6) -----------------------
def _hidden_worlds(state: State, viewer: str) -> list[tuple[State, Fraction]]:
    """Every assignment of the other players' face-down tokens consistent with what
    ``viewer`` sees (:func:`~boardlab.lockup_breakout.observe.observe`: where they lie,
    and each opponent's multiset), equally likely per opponent; their product over
    opponents."""
    slots: dict[str, list[tuple[int, int]]] = {}
    tokens: dict[str, list[str]] = {}
    for loc, entries in enumerate(state.crews):
        for i, (c, tok, fd) in enumerate(entries):
            if fd and c != viewer:
                slots.setdefault(c, []).append((loc, i))
                tokens.setdefault(c, []).append(tok)
    per_side = []
    for c, toks in tokens.items():
        kinds = sorted(set(toks))
        orders = arrangements(tuple(toks.count(k) for k in kinds))
        per_side.append([(c, tuple(kinds[i] for i in order)) for order in orders])
    worlds = []
    for combo in product(*per_side):
        crews = [list(entries) for entries in state.crews]
        for c, chosen in combo:
            for (loc, i), tok in zip(slots[c], chosen, strict=True):
                crews[loc][i] = (c, tok, True)
        p = Fraction(1, prod(len(options) for options in per_side)) if per_side \
            else Fraction(1)
        worlds.append((state._replace(crews=tuple(tuple(sorted(e)) for e in crews)), p))
    return worlds


def _quiet_policy(state: State, player: str, legal: Sequence[Any]) -> Any:
    """No tome, no reward, no step: nothing that changes who is strongest (the question is
    about the crews as they lie)."""
    for choice in legal:
        if isinstance(choice, (Pass, Decline, Stop)):
            return choice
    return legal[0]


def _settle(w: Work) -> tuple[State, tuple[Event, ...]]:
    run_auto(w)
    return w.freeze(), as_events(w.events)


_ADVANCE_RULES = ("LB-tunnel-seekers", "LB-solo-tunnel-guards", "LB-solo-tunnel-player")


def _advancers(events: Sequence[Event], loc: int) -> tuple[str, ...] | None:
    """Sides the tunnel at ``loc`` lets advance, if this step resolved it."""
    found = [e for e in events if e.kind == "tunnel"]
    if not found:
        return None
    return tuple(sorted({e.who for e in found
                         if e.who and e.rule.id in _ADVANCE_RULES
                         and e.summary.find("outmatches") < 0}))


@lru_cache(maxsize=256)
def _contest(state: State, location: int, viewer: str) -> Dist[tuple[str, ...]]:
    from boardlab.prob.exact import enumerate_game

    weights: dict[tuple[str, ...], Fraction] = {}
    for world, p in _hidden_worlds(state, viewer):
        # The location resolves now, through the engine's own stages (reveal, guard card,
        # comparison, rewards declined, tunnel); it stops when the tunnel has spoken.
        # A guard card already turned up here stays: the location is past its reveal
        # (stage 0, which would deal a card again), so it starts at the tome window.
        seen = bool(world.setup.solo and world.guard_cards[location])
        base = world._replace(phase="lightsout", rewarded=(), boosts=(),
                              stack=(*world.stack[:2],
                                     Frame(K.LOCATION, loc=location, stage=int(seen))))
        start, events = _settle(Work(base))
        depth = len(base.stack)

        def done(st: State, ev: tuple[Event, ...], depth: int = depth) -> bool:
            return _advancers(ev, location) is not None or len(st.stack) < depth \
                or st.is_over

        def value(st: State, ev: tuple[Event, ...]) -> tuple[str, ...]:
            return _advancers(ev, location) or ()

        if done(start, events):
            sub = Dist({value(start, events): 1})
        else:
            sub = enumerate_game(RULES, start, stop=done, value=value, policy=_quiet_policy,
                                 merge=True, max_nodes=_MAX_NODES)
        for outcome, q in sub.items():
            weights[outcome] = weights.get(outcome, Fraction(0)) + p * q
    return Dist(weights)


@overload
def seeker_contest(position: State, location: int, player: str, *,
                   explain: Literal[False] = ...) -> Fraction: ...
@overload
def seeker_contest(position: State, location: int, player: str, *,
                   explain: Literal[True]) -> Derivation[Fraction]: ...
def seeker_contest(position: State, location: int, player: str, *,
                   explain: bool = False) -> Any:
    """P(``player`` may advance through the tunnel at ``location``) given everything
    ``player`` can see: the crews as they lie now, other players' face-down tokens spread
    uniformly over their face-down places (the multiset is public, LB-R37), and in
    solitary the unseen guard card (the engine's own node, LB-R23). Tomes are not played
    and no token is added: it is the contest as it stands (exact under that model).

    >>> from boardlab.lockup_breakout import position
    >>> s = position(players=3, tunnels={3: "double"}, crews={3: ["red seeker", "red 2",
    ...     "blue seeker", "blue 3*"], 5: ["blue 1*"]}, round=2)
    >>> seeker_contest(s, 3, "red")
    Fraction(1, 2)
    """
    state = _position(position, "seeker_contest")
    loc = _location(location, "seeker_contest")
    who = _player(state, player, "seeker_contest")
    explain = _explain(explain, "seeker_contest")
    if not state.tunnels:
        raise QuestionError("seeker_contest: the tunnels are not laid yet (LB-setup-tunnels)")
    if not state.tunnels[loc - 1]:
        raise QuestionError(f"seeker_contest: location {loc} has no tunnel in this position "
                            "(LB-tunnel-seekers)")
    dist = _contest(state, loc, who)
    answer = dist.P(lambda sides: who in sides)
    if not explain:
        return answer
    worlds = _hidden_worlds(state, who)
    facts = [("tunnel", f"{state.tunnels[loc - 1]} at location {loc}"),
             ("who advances", "the strongest crew with a seeker there; ties by seat order "
                              "(LB-tunnel-seekers, LB-R4)"),
             ("hidden", f"{len(worlds)} equally likely arrangements of face-down tokens "
                        "(LB-R37)"),
             ("crew strengths", STAND_IN)]
    if state.setup.solo:
        facts.append(("guard card", "one unseen card of the guard deck (LB-R23, LB-R25); "
                                    + STAND_IN))
    return Derivation(f"P({who} may advance through the tunnel at location {loc})", answer,
                      facts=facts,
                      steps=("Every arrangement of the other players' face-down tokens "
                             "consistent with what this seat sees is weighted equally.",
                             "For each, the engine resolves the location (rewards "
                             "declined, no tome) and its tunnel says who may advance.",
                             "Who advances: " + ", ".join(
                                 f"{'/'.join(s) or 'nobody'} {p}" for s, p in dist.items())))
