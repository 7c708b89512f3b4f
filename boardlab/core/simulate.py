"""Play matches to the end with agents; many matches on any executor.

>>> from boardlab.core.simulate import agent_table
>>> sorted(agent_table(("red", "blue"), None, seed=1))
['blue', 'red']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardlab.core.agents import Agent, RandomAgent
from boardlab.core.engine import CHANCE, Match

AgentTable = Mapping[str, Agent] | Callable[[str], Agent]


def agent_table(players: tuple[str, ...], agents: AgentTable | None,
                seed: int | None) -> dict[str, Agent]:
    """One agent per player: ``agents`` as given, or seeded random agents."""
    if agents is None:
        base = 0 if seed is None else seed
        return {p: RandomAgent(seed=base * 1000 + i) for i, p in enumerate(players)}
    if callable(agents) and not isinstance(agents, Mapping):
        return {p: agents(p) for p in players}
    missing = [p for p in players if p not in agents]
    if missing:
        raise ValueError(f"no agent for {', '.join(missing)}")
    return dict(agents)


def play_out(match: Match, agents: Mapping[str, Agent], *, max_plies: int = 100_000) -> Match:
    """Play ``match`` to its end: chance by the match's RNG, decisions by ``agents``.

    Agents only see ``rules.observe(state, player)``.
    """
    rules = match.rules
    for _ in range(max_plies):
        mover = match.to_move
        if mover is None:
            return match
        if mover == CHANCE:
            match.roll()
        else:
            agent = agents[mover]
            # An agent that declares it ignores its view (the random agent) is spared
            # building one; every other agent sees only the player's observation.
            view = rules.observe(match.state, mover) if getattr(agent, "uses_view", True) \
                else None
            match.push(agent.choose(view, match.legal()))
    raise RuntimeError(f"match did not end within {max_plies} plies")


def play_many(make_match: Callable[[int], Match], seeds: range | list[int],
              agents: Callable[[Match, int], Mapping[str, Agent]],
              summarize: Callable[[Match], Any], *, executor: Any = None) -> list[Any]:
    """Play one match per seed and return ``summarize(match)`` for each.

    ``executor`` is any ``concurrent.futures.Executor`` (processes here, a cluster's
    executor elsewhere); the callables must then be picklable.
    """
    if executor is None:
        return [_one(make_match, agents, summarize, s) for s in seeds]
    futures = [executor.submit(_one, make_match, agents, summarize, s) for s in seeds]
    return [f.result() for f in futures]


def _one(make_match: Callable[[int], Match], agents: Callable[[Match, int], Mapping[str, Agent]],
         summarize: Callable[[Match], Any], seed: int) -> Any:
    match = make_match(seed)
    return summarize(play_out(match, agents(match, seed)))
