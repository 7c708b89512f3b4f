"""The catacombs as a graph (stand-in map), the solitary race to TOMB (A5.9) and rush or
loot: the expected escape score (A5.10), by enumeration."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, overload

from boardlab.core.errors import QuestionError
from boardlab.core.events import Event
from boardlab.lockup_breakout.catacombs import ESCAPED, TOMB
from boardlab.lockup_breakout.config import (
    GUARDS,
    escape_stars,
)
from boardlab.lockup_breakout.odds.edge import (
    _MAX_NODES,
    STAND_IN,
    _explain,
    _policy,
    _position,
    _side,
)
from boardlab.lockup_breakout.rules import RULES
from boardlab.lockup_breakout.state import State
from boardlab.prob.checks import flag, whole
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist

__all__ = ["escape_score", "guards_first", "reachable"]


# -- the catacombs as a graph (stand-in map) -----------------------------------------------------
@overload
def reachable(position: State, side: str, advances: int, *, affordable: bool = ...,
              explain: Literal[False] = ...) -> dict[str, dict[str, int]]: ...
@overload
def reachable(position: State, side: str, advances: int, *, affordable: bool = ...,
              explain: Literal[True]) -> Derivation[dict[str, dict[str, int]]]: ...
def reachable(position: State, side: str, advances: int, *, affordable: bool = False,
              explain: bool = False) -> Any:
    """Catacomb spaces ``side``'s lantern can reach in 1 to ``advances`` steps, each with
    the cheapest total cost of getting there (``{resource: amount}``, fewest resources in
    all). With ``affordable=True`` only routes ``side`` can pay now count. The map is the
    stand-in map unless the config gives another (LB-R2); networkx is imported here.

    >>> from boardlab.lockup_breakout import position
    >>> reachable(position(players=2), "red", 3)["Flooded Hall"]
    {'iron': 1}
    """
    state = _position(position, "reachable")
    who = _side(state, side, "reachable")
    k = whole(advances, "advances", "reachable", low=1, high=64)
    affordable = flag(affordable, "affordable", "reachable")
    explain = _explain(explain, "reachable")
    import networkx as nx

    graph = state.config.catacombs.to_networkx()
    here = state.lantern(who)
    have = dict(zip(state.config.resources, state.resources[state.side(who)], strict=True))
    best: dict[str, dict[str, int]] = {}
    for target in graph.nodes:
        if target == here:
            continue
        for route in nx.all_simple_paths(graph, here, target, cutoff=k):
            cost: dict[str, int] = {}
            for a, b in zip(route, route[1:], strict=False):
                for res, amount in graph.edges[a, b]["cost"].items():
                    cost[res] = cost.get(res, 0) + amount
            if affordable and any(have.get(r, 0) < n for r, n in cost.items()):
                continue
            old = best.get(target)
            if old is None or sum(cost.values()) < sum(old.values()):
                best[target] = dict(sorted(cost.items()))
    answer = dict(sorted(best.items()))
    if not explain:
        return answer
    return Derivation(f"Spaces {who} can reach from {here} in up to {k} step(s)", answer,
                      kind="table",
                      facts=(("map", "the catacomb map of the config (" + STAND_IN + ")"),
                             ("moves", "forward along arrows only, paying each path's cost "
                                       "(LB-advance-forward, LB-R2)"),
                             ("resources", ", ".join(f"{n} {r}" for r, n in have.items()))),
                      steps=("Every simple route of at most the given length is listed on "
                             "the map's directed graph (networkx.all_simple_paths).",
                             "A space's entry is the cheapest route's total cost."))


# -- solitary: the race to TOMB (A5.9 by enumeration) ------------------------------------------
def _race(st: State) -> str | None:
    ends = (TOMB, ESCAPED)
    player = st.setup.colours[0]
    guards = st.lantern(GUARDS) in ends
    mine = st.lantern(player) in ends
    if guards and mine:
        return "both"
    if guards:
        return "guards"
    if mine:
        return player
    return "neither" if st.is_over else None


@lru_cache(maxsize=64)
def _race_dist(state: State, policy: Callable[..., Any], max_nodes: int) -> Dist[str]:
    from boardlab.prob.exact import enumerate_game

    return enumerate_game(RULES, state, stop=lambda st, ev: _race(st) is not None,
                          value=lambda st, ev: _race(st) or "neither", policy=policy,
                          merge=True, max_nodes=max_nodes)


@overload
def guards_first(position: State, *, policy: Any = ..., max_nodes: int = ...,
                 explain: Literal[False] = ...) -> Fraction: ...
@overload
def guards_first(position: State, *, policy: Any = ..., max_nodes: int = ...,
                 explain: Literal[True]) -> Derivation[Fraction]: ...
def guards_first(position: State, *, policy: Any = None, max_nodes: int = _MAX_NODES,
                 explain: bool = False) -> Any:
    """Solitary: P(the guards' lantern reaches an end (TOMB or ESCAPED) before the
    player's does), from ``position`` to the end of the match, the player choosing by
    ``policy`` (default: always the first legal choice) and the guard deck dealt by the
    engine's own chance nodes; a merged enumeration (equal states are walked once).

    Each guard card turned up is a chance node of its own, so the walk is exact but
    grows fast: ask late in a round (the example below), or raise ``max_nodes``.

    >>> from boardlab.lockup_breakout import CHANCE, new_match, position
    >>> s = position(players=1, difficulty="green", round=6, phase="lightsout",
    ...              tunnels={6: "double", 7: "single"}, crews={6: ["red seeker"],
    ...              7: ["red 2"]}, lanterns={"red": "Crossroads", "guards": "Chapel"})
    >>> m = new_match(start=s, seed=1)
    >>> while m.state.top.kind != "guard_card" or m.state.top.loc != 6:
    ...     _ = m.roll() if m.to_move is CHANCE else m.push(m.legal()[0])
    >>> sorted(c for c in m.state.guard_cards if c)   # five cards seen, nine unseen
    ['blue 1', 'blue 1', 'blue 2', 'blue 3 seeker', 'green 1']
    >>> guards_first(m.state)       # a seeker of strength 2 blocks red's lone seeker
    Fraction(2, 9)
    """
    state = _position(position, "guards_first")
    if not state.setup.solo:
        raise QuestionError("guards_first: a solitary question (the guards race only in "
                            "solitary play, LB-solo-setup); this position has "
                            f"{state.setup.players} players")
    chooser = _policy(policy, "guards_first")
    limit = whole(max_nodes, "max_nodes", "guards_first", low=1, high=50_000_000)
    explain = _explain(explain, "guards_first")
    from boardlab.prob.exact import first_choice_policy

    dist = _race_dist(state, chooser or first_choice_policy, limit)
    answer = dist.P("guards")
    if not explain:
        return answer
    return Derivation("P(the guards' lantern reaches an end before the player's)", answer,
                      facts=(("guard deck", f"{state.setup.difficulty} with the blue cards; "
                                            + STAND_IN),
                             ("guards advance", "one space when strongest at a tunnel "
                                                "(LB-solo-tunnel-guards)"),
                             ("player", "chooses by the given policy")),
                      steps=("Every guard card dealt and every choice of the policy is "
                             "followed through the engine until a lantern reaches an end "
                             "or the match ends.",
                             "Outcomes: " + ", ".join(f"{k} {p}" for k, p in dist.items())))


# -- rush or loot: the expected escape score (A5.10) -------------------------------------------
def _escape_round(side: str) -> Callable[[State, tuple[Event, ...]], int]:
    def value(st: State, ev: tuple[Event, ...]) -> int:
        return dict(st.escaped).get(side, 0)

    return value


@lru_cache(maxsize=64)
def _escape_dist(state: State, side: str, policy: Callable[..., Any],
                 max_nodes: int) -> Dist[int]:
    from boardlab.prob.exact import enumerate_game

    value = _escape_round(side)
    if value(state, ()):
        return Dist({value(state, ()): 1})
    return enumerate_game(RULES, state,
                          stop=lambda st, ev: bool(value(st, ev)) or st.is_over,
                          value=value, policy=policy, merge=True, max_nodes=max_nodes)


@overload
def escape_score(position: State, side: str, *, policy: Any = ..., max_nodes: int = ...,
                 explain: Literal[False] = ...) -> Fraction: ...
@overload
def escape_score(position: State, side: str, *, policy: Any = ..., max_nodes: int = ...,
                 explain: Literal[True]) -> Derivation[Fraction]: ...
def escape_score(position: State, side: str, *, policy: Any = None,
                 max_nodes: int = _MAX_NODES, explain: bool = False) -> Any:
    """Expected escape stars of ``side``: E[S] with S = ``escape_stars(R)`` (17 + 3 × (6 − R),
    LB-escape) if ``side``'s lantern reaches ESCAPED in round R, and S = 0 if it never does.

    The question, precisely: from ``position`` to the end of the match, every decision
    (of every seat) made by ``policy`` (``(state, player, legal) → choice`` or a mapping
    choice → probability; default: always the first legal choice), the chance being the
    engine's own nodes (loot stacks drawn, goons, guard cards in solitary) — R is the
    round of the escape, and E[S] = Σ_r P(R = r) · escape_stars(r). A side that has
    already escaped scores its recorded round's stars for sure. With ``explain=True``
    the steps list P(R = r) round by round, the "rush" half of the plan's "rush or loot"
    (compare with TOMB's 15 stars at the end). A merged enumeration like
    :func:`guards_first`: ask late in the game, or raise ``max_nodes``.

    Red, two spaces before Deep Gate in round 6 with a lone seeker at a double tunnel,
    steps onto Outflow (a loot space, stack of 2): a Passage token there (LB-R33) carries
    it on to ESCAPED. Keeping a Passage whenever one is offered, P(R = 6) =
    1 − C(24, 2)/C(30, 2) = 53/145, so E[S] = 17 × 53/145:

    >>> from boardlab.lockup_breakout import position
    >>> from boardlab.lockup_breakout.choices import TakeLoot
    >>> def passage_first(state, player, legal):
    ...     return next((c for c in legal if isinstance(c, TakeLoot)
    ...                  and c.token == "Passage" and not c.star), legal[0])
    >>> s = position(players=2, round=6, phase="lightsout", tunnels={6: "double"},
    ...              crews={6: ["red seeker"]}, lanterns={"red": "Sewer"})
    >>> escape_score(s, "red", policy=passage_first)
    Fraction(901, 145)
    >>> escape_score(position(players=2, round=5, lanterns={"red": "ESCAPED"},
    ...                       escaped={"red": 4}), "red")
    Fraction(23, 1)
    """
    state = _position(position, "escape_score")
    who = _side(state, side, "escape_score")
    chooser = _policy(policy, "escape_score")
    limit = whole(max_nodes, "max_nodes", "escape_score", low=1, high=50_000_000)
    explain = _explain(explain, "escape_score")
    from boardlab.prob.exact import first_choice_policy

    dist = _escape_dist(state, who, chooser or first_choice_policy, limit)
    answer = sum((p * (escape_stars(r) if r else 0) for r, p in dist.items()), Fraction(0))
    if not explain:
        return answer
    by_round = [f"round {r}: P(R = {r}) = {p} × {escape_stars(r)} stars"
                for r, p in sorted(dist.items()) if r]
    never = dist.P(0)
    facts = [("escape", "17 stars plus 3 per round still to play, scored at once "
                        "(LB-escape; LB-R34 for the guards)"),
             ("decisions", "every seat chooses by the given policy")]
    if state.setup.solo:
        facts.append(("guard deck", STAND_IN))
    facts.append(("map, loot and goons", STAND_IN))
    return Derivation(f"Expected escape stars of {who}", answer, kind="expectation",
                      facts=facts,
                      steps=("Every chance outcome and every choice of the policy is "
                             "followed through the engine until the lantern reaches "
                             "ESCAPED or the match ends (equal states merged).",
                             *by_round,
                             f"no escape: P = {never} × 0 stars",
                             f"E[stars] = sum of the rounds' terms = {answer}"))
