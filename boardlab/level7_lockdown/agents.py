"""Agents for Level 7: the seeded random agent and a simple heuristic character.

Agents receive only a seat's :class:`~boardlab.level7_lockdown.observe.View`.

>>> from boardlab.level7_lockdown import play, HeuristicAgent
>>> m = play(players=2, seed=4, agents=lambda seat: HeuristicAgent(seed=4))
>>> m.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from boardlab.core.agents import RandomAgent
from boardlab.level7_lockdown.choices import (
    Access,
    Attack,
    EndStep,
    Explore,
    Extinguish,
    LowerTerror,
    Move,
    Peek,
    Place,
    PlaceCronos,
    Search,
    Smash,
    Special,
    StandUp,
    Vent,
)
from boardlab.level7_lockdown.geometry import Door, costs_from, layout
from boardlab.level7_lockdown.observe import View

__all__ = ["HeuristicAgent", "RandomAgent", "is_exit"]


class _Seen:
    """A view dressed as the rules' working copy, for the scenario's exit test."""

    def __init__(self, view: View) -> None:
        self.tiles, self.scn, self.cfg = view.tiles, view.scn, view.setup.cfg

    def has_feature(self, tile: int, feature: str) -> bool:
        p = self.tiles[tile]
        return not p.face_down and not p.removed and feature in self.cfg.tile(p.tile).features


def is_exit(view: View, tile: int) -> bool:
    """Is ``tile`` a way out now, as far as a seat can see (the scenario's hooks)?

    >>> from boardlab.level7_lockdown.api import new_match
    >>> from boardlab.level7_lockdown.observe import observe
    >>> is_exit(observe(new_match(2, scenario="9").state, "Leo"), 0)   # the lift
    True
    """
    from boardlab.level7_lockdown.scenarios import hooks_for

    p = view.tiles[tile]
    if p.face_down or p.removed:
        return False
    return bool(hooks_for(view.setup.scenario).is_exit(_Seen(view), tile))  # type: ignore[arg-type]


class HeuristicAgent:
    """A sensible, readable character.

    It gets up when down, peeks and heads for the exit once it is on the map, explores
    otherwise, slips away from enemies with its better stat, fights what it can beat,
    takes the scenario's own actions (restarting generators, accessing Central Command,
    breaking cabinets; the Auxiliary Station only with Dr. Cronos on the Tank Farm),
    searches caches, smashes barricades in its way, lowers terror when it can, and never
    falls down on purpose nor burns adrenaline except to get away.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "HeuristicAgent()"

    def choose(self, view: View, legal: Sequence[Any]) -> Any:
        if isinstance(legal[0], (Place, PlaceCronos)):
            return legal[0]
        if view.pending.kind == "move":
            return self._move(view, legal)
        return self._act(view, legal)

    # -- helpers ----------------------------------------------------------------------
    def _me(self, view: View) -> Any:
        return view.chars[view.active]

    def _exit_costs(self, view: View) -> tuple[int | None, ...] | None:
        cfg = view.setup.cfg
        exits = [i for i in range(len(view.tiles)) if is_exit(view, i)]
        if not exits:
            return None
        lay = layout(view.tiles, view.links, cfg)
        blocked = set(view.locked) | {d for d, _ in view.barricades}

        def cost(door: Door | None) -> int | None:
            return None if door in blocked else 1

        return costs_from(lay, exits[0], cost)

    def _escape(self, view: View, options: list[Any]) -> list[Any]:
        """Keep the better way away from enemies, with no adrenaline."""
        me = self._me(view)
        stats = view.setup.cfg.character(me.name)
        best = "bullrush" if stats.strength + (1 if me.terror else 0) >= \
            stats.intelligence - (1 if me.terror else 0) else "outwit"
        keep = [c for c in options if getattr(c, "escape", "") in ("", best)
                and getattr(c, "adrenaline", 0) == 0]
        return keep or options

    def _move(self, view: View, legal: Sequence[Any]) -> Any:
        me = self._me(view)
        options = list(legal)
        for c in options:
            if isinstance(c, StandUp):
                return c
        if me.terror >= 2:
            for c in options:
                if isinstance(c, LowerTerror):
                    return c
        peeks = [c for c in options if isinstance(c, Peek)]
        if peeks:
            return peeks[0]
        moving = self._escape(view, [c for c in options if isinstance(c, (Move, Vent))])
        costs = self._exit_costs(view)
        if costs is not None and costs[me.tile] is not None:
            closer = [c for c in moving if costs[c.to] is not None
                      and costs[c.to] < costs[me.tile]]
            if closer:
                return min(closer, key=lambda c: (costs[c.to], self.rng.random()))
        explores = self._escape(view, [c for c in options if isinstance(c, Explore)])
        if explores:
            return self.rng.choice(explores)
        calm = [c for c in moving if not any(e.tile == c.to for e in view.enemies)
                and c.to != view.cronos]
        if calm and self.rng.random() < 0.7:
            return self.rng.choice(calm)
        return next(c for c in options if isinstance(c, EndStep))

    def _act(self, view: View, legal: Sequence[Any]) -> Any:
        me = self._me(view)
        options = [c for c in legal if getattr(c, "adrenaline", 0) == 0]
        if me.terror >= 2 and any(isinstance(c, LowerTerror) for c in options):
            return next(c for c in options if isinstance(c, LowerTerror))
        cfg = view.setup.cfg
        attacks = [c for c in options if isinstance(c, Attack)]
        if attacks:
            def toughness(c: Attack) -> int:
                return cfg.profile(c.target.partition("#")[0]).toughness
            weakest = min(attacks, key=lambda c: (toughness(c), c.target))
            if toughness(weakest) <= 2:
                return weakest
        specials = [c for c in options if isinstance(c, Special)]
        for c in specials:
            # Scenario 13: blow up the Tank Farm only with Dr. Cronos on it (L7-R61).
            if c.action != "station" or (view.cronos >= 0
                                         and view.tiles[view.cronos].tile == "Tank Farm"):
                return c
        for kind in (Search, Smash):
            found = [c for c in options if isinstance(c, kind)]
            if found:
                return found[0]
        near = [e for e in view.enemies if e.tile == me.tile]
        if near:
            ext = [c for c in options if isinstance(c, Extinguish)]
            if ext:
                return ext[0]
        unlock = [c for c in options if isinstance(c, Access) and not c.lock]
        if unlock and self.rng.random() < 0.3:
            return unlock[0]
        return next(c for c in options if isinstance(c, EndStep))
