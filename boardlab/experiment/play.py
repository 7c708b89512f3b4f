"""The work of one task: play a chunk of seeds of one variant and line-up, return rows.

This is what runs on a worker (a local process or a Dask worker). A task carries only
plain data — the game's :class:`~boardlab.registry.Registration`, the variant's options
and config overrides as JSON values, the agent kinds and a seed range — so it pickles
small and the worker imports the game itself. A match depends on nothing but its
setup, its agents' kinds and its seed, so a row is the same whichever worker plays it,
in whatever chunk.

>>> from boardlab import registry
>>> task = Task(registry.registration("mall-of-horror"), 0, 0, "default", "random",
...             {}, {}, "random", 1, 2)
>>> row = play_chunk(task)[0]
>>> match = registry.get("mall-of-horror").play(seed=1)
>>> row["seed"], row["scores"] == list(match.scores().values()), row["plies"] == match.ply
(1, True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from boardlab.core.engine import Match
from boardlab.core.simulate import play_out
from boardlab.registry import Game, Registration

__all__ = ["Task", "match_row", "play_chunk"]

#: Types a game's ``match_fields`` may return (they go to JSON as they are).
FIELD_TYPES = (int, float, str, bool, type(None))


class Task(NamedTuple):
    """Seeds ``first`` … ``stop - 1`` of one variant (index, name) and line-up."""

    game: Registration
    variant_index: int
    lineup_index: int
    variant: str
    lineup: str
    options: Mapping[str, Any]
    config: Mapping[str, Any]
    agents: str | tuple[str, ...]
    first: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.first


#: Setups already built in this process, by game and variant (JSON text of the overrides).
_SETUPS: dict[tuple[Registration, str], Any] = {}


def _setup(task: Task, game: Game) -> Any:
    from boardlab.experiment.spec import build_setup

    key = (task.game, json.dumps([task.options, task.config], sort_keys=True))
    setup = _SETUPS.get(key)
    if setup is None:
        setup = _SETUPS[key] = build_setup(game, task.options, task.config)
    return setup


class MatchError(RuntimeError):
    """A match that crashed: which variant, line-up and seed, and the error."""


def match_row(game: Game, match: Match, kinds: tuple[str, ...], variant: str,
              lineup: str) -> dict[str, Any]:
    """One results row of a finished match, as JSON values.

    ``players`` and ``agents`` are in seat order, ``scores`` too; ``fields`` are the
    game's own summary values (:meth:`~boardlab.registry.Game.match_fields`).
    """
    players = game.players(match)
    scores = match.scores()
    fields = game.match_fields(match)
    for key, value in fields.items():
        if not isinstance(key, str) or not isinstance(value, FIELD_TYPES):
            raise TypeError(f"{game.name}.match_fields: {key!r} must map a name to an int, "
                            f"float, str, bool or None, got {value!r}")
    return {"variant": variant, "lineup": lineup, "seed": match.seed, "players": list(players),
            "agents": list(kinds), "winners": list(game.winners(match)),
            "scores": [scores[p] for p in players], "plies": match.ply, "fields": fields}


def play_chunk(task: Task) -> list[dict[str, Any]]:
    """Play the task's seeds in order; one row per match (see :func:`match_row`).

    A crash becomes a :class:`MatchError` naming the variant, line-up and seed.
    """
    game = task.game.load()
    setup = _setup(task, game)
    rules = game.rules
    rows = []
    kinds: tuple[str, ...] | None = None
    for seed in range(task.first, task.stop):
        try:
            match = Match(rules, setup, seed=seed)
            players = game.players(match)
            if kinds is None:
                kinds = (task.agents,) * len(players) if isinstance(task.agents, str) \
                    else tuple(task.agents)
            agents = {p: game.agents[k](p, i, seed)
                      for i, (p, k) in enumerate(zip(players, kinds, strict=True))}
            play_out(match, agents)
            rows.append(match_row(game, match, kinds, task.variant, task.lineup))
        except Exception as err:
            raise MatchError(f"variant {task.variant!r}, line-up {task.lineup!r}, seed {seed}: "
                             f"{type(err).__name__}: {err}") from err
    return rows
