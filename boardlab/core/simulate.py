"""Play matches to the end with agents; many matches on any executor.

>>> from boardlab.core.simulate import agent_table
>>> sorted(agent_table(("red", "blue"), None, seed=1))
['blue', 'red']
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping
from typing import Any

from boardlab.core.agents import Agent, RandomAgent
from boardlab.core.engine import Match
from boardlab.core.errors import ArgumentError, ArgumentTypeError, show_value

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
        raise ArgumentError("agents", sorted(map(str, agents)),
                            f"no agent for {', '.join(missing)}")
    return dict(agents)


class paused_gc:  # noqa: N801 - used like a function: ``with paused_gc(): ...``
    """Pause the cyclic garbage collector around play whose matches are dropped inside.

    A match allocates thousands of small tuples (states, events, records) that stay
    alive in its history and form no reference cycles; reference counting frees them
    when the match is dropped. Left on, the collector traverses them again and again as
    they pile up (and, promoted to the oldest generation, in every full collection of
    the whole process). Pause it around "play, summarise, drop" (as :func:`play_many`
    and the conformance check do); a match that outlives the pause is traversed at the
    collector's next run, as if it had never been paused. Nothing changes if the
    collector was already off.

    >>> import gc
    >>> with paused_gc():
    ...     gc.isenabled()
    False
    """

    def __enter__(self) -> None:
        self._enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self._enabled:
            gc.enable()


def play_out(match: Match[Any, Any], agents: Mapping[str, Agent], *,
             max_plies: int = 100_000) -> Match[Any, Any]:
    """Play ``match`` to its end: chance by the match's RNG, decisions by ``agents``.

    Agents only see ``rules.observe(state, player)``; an agent that declares
    ``uses_view = False`` (the random agent) is spared building a view it never reads.
    """
    if not isinstance(match, Match):
        raise ArgumentTypeError("match", match, "expected a Match")
    if not isinstance(agents, Mapping):
        raise ArgumentTypeError("agents", agents, "expected a mapping player -> agent")
    if isinstance(max_plies, bool) or not isinstance(max_plies, int):
        raise ArgumentTypeError("max_plies", max_plies, "expected a whole number")
    for player, agent in agents.items():
        if not callable(getattr(agent, "choose", None)):
            raise ArgumentTypeError(f"agents[{show_value(player)}]", agent,
                                    "an agent has a choose(view, legal) method")
    uses_view = {player: getattr(agent, "uses_view", True) for player, agent in agents.items()}
    # The collector is paused while the match grows (see paused_gc), and switched back on
    # with nothing allocated after it: a caller that drops the match frees it by
    # reference counting before the collector ever looks at it.
    enabled = gc.isenabled()
    gc.disable()
    try:
        ended = match._play(agents, uses_view, max_plies)
    except KeyError as err:  # a player to move with no agent (the match is at that ply)
        mover = match.to_move
        if err.args and err.args[0] == mover and mover not in agents:
            raise ArgumentError("agents", sorted(map(str, agents)),
                                f"no agent for {mover}, who is to move") from None
        raise
    finally:
        if enabled:
            gc.enable()
    if ended:
        return match
    raise RuntimeError(f"match did not end within {max_plies} plies")


def play_many(make_match: Callable[[int], Match[Any, Any]], seeds: range | list[int],
              agents: Callable[[Match[Any, Any], int], Mapping[str, Agent]],
              summarize: Callable[[Match[Any, Any]], Any], *, executor: Any = None) -> list[Any]:
    """Play one match per seed and return ``summarize(match)`` for each.

    ``executor`` is any ``concurrent.futures.Executor`` (processes here, a cluster's
    executor elsewhere); the callables must then be picklable.
    """
    if executor is None:
        return [_one(make_match, agents, summarize, s) for s in seeds]
    futures = [executor.submit(_one, make_match, agents, summarize, s) for s in seeds]
    return [f.result() for f in futures]


def _one(make_match: Callable[[int], Match[Any, Any]],
         agents: Callable[[Match[Any, Any], int], Mapping[str, Agent]],
         summarize: Callable[[Match[Any, Any]], Any], seed: int) -> Any:
    # The match is summarised and dropped inside the pause: its thousands of records are
    # freed by reference counting and never traversed by the collector.
    with paused_gc():
        match = make_match(seed)
        result = summarize(play_out(match, agents(match, seed)))
        del match
    return result
