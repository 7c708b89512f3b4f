"""Agents for Lockup: Breakout: the seeded random agent and a simple heuristic player.

Agents receive only a player's :class:`~boardlab.lockup_breakout.observe.View`.

>>> from boardlab.lockup_breakout import play, HeuristicAgent
>>> m = play(players=3, seed=5, agents=lambda colour: HeuristicAgent(seed=5))
>>> m.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from boardlab.core.agents import RandomAgent
from boardlab.lockup_breakout.catacombs import ESCAPED, TOMB
from boardlab.lockup_breakout.choices import (
    Assign,
    Craft,
    Declare,
    Decline,
    GolemAs,
    Keep,
    Lose,
    Pass,
    PlayTome,
    Reserve,
    Step,
    Stop,
    Take,
    TakeItem,
    TakeLoot,
    TakeResources,
)
from boardlab.lockup_breakout.config import SEEKER
from boardlab.lockup_breakout.observe import View
from boardlab.lockup_breakout.work import tables

__all__ = ["HeuristicAgent", "RandomAgent"]


class HeuristicAgent:
    """A sensible, readable player.

    Roll call: the seeker goes to a tunnel location (the double one first), strong
    tokens to locations with a goon or a craft, the rest spread out; one token per turn,
    face down only for the strongest. It takes every reward (resources of the kind its
    next catacomb path or the cheapest display item needs), crafts the item worth most,
    always improves, steps towards the deeper space it can pay for (it heads for ESCAPED
    early and for TOMB late), uses advance and resource loot and scores the rest as
    stars, plays a tome at a tunnel location where its seeker stands, keeps the goon of
    the type it has most of, loses its most plentiful resource, and declares Golems and
    wild valuables for the most stars.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "HeuristicAgent()"

    def choose(self, view: View, legal: Sequence[Any]) -> Any:
        first = legal[0]
        if isinstance(first, Assign):
            return self._assign(view, legal)
        if isinstance(first, (PlayTome, Pass)):
            return self._tome(view, legal)
        if isinstance(first, TakeResources):
            return TakeResources(self._wanted(view))
        if isinstance(first, Craft):
            cfg = view.setup.config
            stars = {i.name: i.stars for i in cfg.items}
            crafts = [c for c in legal if isinstance(c, Craft)]
            return max(crafts, key=lambda c: (stars[c.item], self.rng.random()))
        if isinstance(first, (Step, Stop)):
            return self._step(view, legal)
        if isinstance(first, TakeLoot):
            return self._loot(view, legal)
        if isinstance(first, Keep):
            return self._keep(view, legal)
        if isinstance(first, Lose):
            me = view.setup.sides.index(view.player)
            res = dict(zip(view.setup.config.resources, view.resources[me], strict=True))
            target = view.pending_who
            if target != view.player:      # choosing for the guards: their scarcest
                g = view.resources[-1]
                res = dict(zip(view.setup.config.resources, g, strict=True))
                return min(legal, key=lambda c: (-res[c.kind], self.rng.random()))
            return max(legal, key=lambda c: (res[c.kind], self.rng.random()))
        if isinstance(first, GolemAs):
            return self._golem(view, legal)
        if isinstance(first, Declare):
            return self._declare(view, legal)
        if isinstance(first, (Reserve, TakeItem)):
            return first
        takes = [c for c in legal if isinstance(c, Take)]
        if takes:
            return takes[0]
        return next((c for c in legal if not isinstance(c, Decline)), legal[0])

    # -- roll call ----------------------------------------------------------------------
    def _assign(self, view: View, legal: Sequence[Assign]) -> Assign:
        me = view.setup.sides.index(view.player)
        hand = view.hands[me]
        tunnels = [loc for loc in range(1, 8) if view.tunnels and view.tunnels[loc - 1]]
        doubles = [loc for loc in tunnels if view.tunnels[loc - 1] == "double"]
        lant = view.lanterns[me]
        if SEEKER in hand and lant not in (TOMB, ESCAPED) and tunnels:
            target = (doubles or tunnels)[0]
            return Assign(SEEKER, target, False)
        mine = {loc: 0 for loc in range(1, 8)}
        theirs = {loc: 0 for loc in range(1, 8)}
        t = tables(view.setup.config)
        for loc in range(1, 8):
            for c, tok, _ in view.crews[loc]:
                s = t.strength.get(tok, 2)
                if c == view.player:
                    mine[loc] += s
                else:
                    theirs[loc] += s
        tokens = [tok for tok in dict.fromkeys(hand) if tok != SEEKER] or list(hand)
        token = max(tokens, key=lambda tok: t.strength[tok])

        def value(loc: int) -> tuple[float, float]:
            v = 0.0
            if 2 <= loc <= 6 and view.goon_spaces[loc - 2]:
                v += 2
            if loc in (4, 7) and view.display:
                v += 2
            if loc == 6:
                v += 1.5
            if loc in tunnels and any(c == view.player and tok == SEEKER
                                      for c, tok, _ in view.crews[loc]):
                v += 3           # back up my seeker
            gap = theirs[loc] - mine[loc]
            v -= max(0, gap - t.strength[token]) * 0.5
            if mine[loc] > theirs[loc] + 2:
                v -= 2           # already winning there
            return v, self.rng.random()

        loc = max(range(1, 8), key=value)
        down = t.strength[token] >= 3 and Assign(token, loc, True) in legal
        return Assign(token, loc, bool(down))

    def _tome(self, view: View, legal: Sequence[Any]) -> Any:
        loc = view.pending_location
        plays = [c for c in legal if isinstance(c, PlayTome)]
        if not plays:
            return legal[-1]
        if loc == 0:
            return plays[0]
        seeker_here = any(c == view.player and tok == SEEKER for c, tok, _ in view.crews[loc])
        if seeker_here and view.tunnels and view.tunnels[loc - 1]:
            return plays[0]
        return next(c for c in legal if isinstance(c, Pass))

    # -- economy ------------------------------------------------------------------------
    def _wanted(self, view: View) -> str:
        cfg = view.setup.config
        me = view.setup.sides.index(view.player)
        have = dict(zip(cfg.resources, view.resources[me], strict=True))
        t = tables(cfg)
        for path in t.exits.get(view.lanterns[me], ()):
            for kind, n in path.cost:
                if have[kind] < n:
                    return kind
        need: dict[str, int] = {}
        for name in view.display:
            for kind, n in t.items[name].cost:
                need[kind] = need.get(kind, 0) + max(0, n - have[kind])
        if need and max(need.values()) > 0:
            return max(need, key=lambda k: (need[k], -have[k]))
        return min(cfg.resources, key=lambda k: (have[k], self.rng.random()))

    def _step(self, view: View, legal: Sequence[Any]) -> Any:
        steps = [c for c in legal if isinstance(c, Step)]
        if not steps:
            return legal[-1]
        t = tables(view.setup.config)
        rush = view.round <= 3
        goal = ESCAPED if rush else TOMB

        def value(s: Step) -> tuple[int, int, float]:
            return (int(s.to == goal), t.depth_of[s.to] * 2 + t.stars_of[s.to] // 5,
                    self.rng.random())

        return max(steps, key=value)

    def _loot(self, view: View, legal: Sequence[TakeLoot]) -> TakeLoot:
        t = tables(view.setup.config)
        wanted = self._wanted(view)

        def value(c: TakeLoot) -> tuple[int, float]:
            effect = t.loot[c.token].effect
            if c.star:
                return 1, self.rng.random()
            if effect == "advance":
                return 3, self.rng.random()
            if effect == "resources":
                return (2 if c.kind == wanted else 0), self.rng.random()
            return 0, self.rng.random()

        return max(legal, key=value)

    def _keep(self, view: View, legal: Sequence[Keep]) -> Keep:
        t = tables(view.setup.config)
        me = view.setup.sides.index(view.player)
        kinds = [t.goons[g].kind for g in view.goons[me]]

        def value(k: Keep) -> tuple[int, float]:
            kind = t.goons[k.goon].kind
            if kind == "shapeshifter":
                return 0, self.rng.random()
            return 1 + kinds.count(kind), self.rng.random()

        return max(legal, key=value)

    def _golem(self, view: View, legal: Sequence[GolemAs]) -> GolemAs:
        t = tables(view.setup.config)
        me = view.setup.sides.index(view.player)
        kinds = [t.goons[g].kind for g in view.goons[me]]
        return max(legal, key=lambda c: (kinds.count(c.kind), self.rng.random()))

    def _declare(self, view: View, legal: Sequence[Declare]) -> Declare:
        cfg = view.setup.config
        t = tables(cfg)
        me = view.setup.sides.index(view.player)
        have = {v: 0 for v in cfg.valuables}
        have[cfg.crew_board_valuable] += 1
        for name in view.items[me]:
            for v in t.items[name].valuables:
                have[v] += 1
        dryads = sum(1 for g in view.goons[me] if t.goons[g].kind == "dryad")

        def value(c: Declare) -> tuple[int, float]:
            after = dict(have)
            after[c.kind] += 1
            sets = min(after.values()) * cfg.set_stars
            return sets + (dryads if c.kind == "barrel" else 0), self.rng.random()

        return max(legal, key=value)
