"""Agents for Mall of Horror: the seeded random agent and a simple heuristic player.

Agents receive only a player's :class:`~boardlab.mall_of_horror.observe.View`.

>>> from boardlab.mall_of_horror import play, HeuristicAgent
>>> m = play(players=4, seed=5, agents=lambda colour: HeuristicAgent(seed=5))
>>> m.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from boardlab.core.agents import RandomAgent
from boardlab.core.errors import ArgumentTypeError
from boardlab.mall_of_horror.choices import (
    Destination,
    Move,
    Pass,
    Place,
    PlaceZombie,
    PlayCard,
    Sacrifice,
    TruckSplit,
    Vote,
)
from boardlab.mall_of_horror.config import PARKING, POINTS, SUPERMARKET
from boardlab.mall_of_horror.observe import View

__all__ = ["HeuristicAgent", "RandomAgent"]

# How much a kept card is worth to the heuristic player (higher is kept first).
CARD_VALUE = {"weapon2": 7, "hardware": 6, "hidden": 5, "weapon1": 4, "threat": 3,
              "sprint": 2, "camera": 1}


class HeuristicAgent:
    """A sensible, readable player.

    It sends characters where the zombies are least likely to break in (counting the
    dice it may have seen and the expected extra zombies), votes against the leading
    opponent, sacrifices its cheapest character, plays defensive cards when its own
    characters are threatened, and keeps the best truck card.
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentTypeError("seed", seed, "an agent's seed is a whole number or None")
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "HeuristicAgent()"

    def choose(self, view: View, legal: Sequence[Any]) -> Any:
        first = legal[0]
        if isinstance(first, Vote):
            return self._vote(view, legal)
        if isinstance(first, Destination):
            return min(legal, key=lambda d: (self._risk(view, d.location, arriving=1),
                                             self.rng.random()))
        if isinstance(first, Move):
            return self._move(view, legal)
        if isinstance(first, Sacrifice):
            return min(legal, key=lambda s: POINTS[s.kind])
        if isinstance(first, Place):
            return min(legal, key=lambda p: (-POINTS[p.kind],
                                             self._risk(view, p.location, arriving=1),
                                             self.rng.random()))
        if isinstance(first, TruckSplit):
            return self._split(view, legal)
        if isinstance(first, PlaceZombie):
            return max(legal, key=lambda z: (self._enemy_points(view, z.location),
                                             self.rng.random()))
        if isinstance(first, (PlayCard, Pass)):
            return self._card(view, legal)
        return legal[self.rng.randrange(len(legal))]

    # -- helpers ---------------------------------------------------------------------------
    def _scores(self, view: View) -> dict[str, int]:
        points = dict.fromkeys(view.setup.colours, 0)
        for c, k, _ in view.chars:
            points[c] += POINTS[k]
        return points

    def _defence(self, view: View, loc: int, arriving: int = 0) -> int:
        d = sum(2 if k == "toughguy" else 1 for _, k, at in view.chars if at == loc)
        d += arriving + view.hardware[loc - 1]
        if loc == SUPERMARKET:
            d = min(d, view.setup.config.supermarket_threshold)
        return d

    def _risk(self, view: View, loc: int, arriving: int = 0) -> float:
        """Expected zombies minus defence: lower is safer."""
        dice = view.setup.config.dice
        expected = (view.roll.count(loc) if view.roll is not None else dice / 6)
        zombies = view.zombies[loc - 1] + expected
        if loc == PARKING:
            return zombies * 3.0  # every zombie there eats
        return zombies - self._defence(view, loc, arriving)

    def _enemy_points(self, view: View, loc: int) -> int:
        return sum(POINTS[k] for c, k, at in view.chars if at == loc and c != view.player)

    def _vote(self, view: View, legal: Sequence[Vote]) -> Vote:
        others = [v for v in legal if v.colour != view.player]
        if not others:
            return legal[0]
        scores = self._scores(view)
        if view.purpose in ("truck", "chief"):
            mine = [v for v in legal if v.colour == view.player]
            if mine:
                return mine[0]
        return max(others, key=lambda v: (scores[v.colour], self.rng.random()))

    def _move(self, view: View, legal: Sequence[Move]) -> Move:
        def where(kind: str) -> int:
            return next(loc for c, k, loc in view.chars if c == view.player and k == kind)

        def value(m: Move) -> tuple[float, float]:
            gain = self._risk(view, where(m.kind)) - self._risk(view, m.to, arriving=1)
            cost = 1.0 if m.sprint else 0.0
            return (-(gain * POINTS[m.kind] / 7) + cost, self.rng.random())

        return min(legal, key=value)

    def _split(self, view: View, legal: Sequence[TruckSplit]) -> TruckSplit:
        scores = self._scores(view)

        def value(s: TruckSplit) -> tuple[int, int, float]:
            give = CARD_VALUE.get(s.give or "", 0)
            return (CARD_VALUE[s.keep], -give * 100 - scores.get(s.to or "", 0),
                    self.rng.random())

        return max(legal, key=value)

    def _card(self, view: View, legal: Sequence[Any]) -> Any:
        cards = [c for c in legal if isinstance(c, PlayCard)]
        passing = next((c for c in legal if isinstance(c, Pass)), legal[-1])
        if view.pending == "camera":
            return cards[0] if cards else passing
        loc = view.location
        mine = [k for c, k, at in view.chars if c == view.player and at == loc]
        if not mine:
            return passing
        if view.purpose in ("truck", "chief"):
            threat = [c for c in cards if c.card == "threat"]
            return threat[0] if threat else passing
        zombies = view.zombies[loc - 1]
        if loc != PARKING and zombies < self._defence(view, loc):
            return passing  # the door already holds
        if zombies == 0:
            return passing
        for wanted in ("weapon2", "weapon1", "hardware"):
            for c in cards:
                if c.card == wanted:
                    return c
        hide = [c for c in cards if c.card == "hidden" and c.character in ("pinup", "toughguy")]
        if hide:
            return max(hide, key=lambda c: POINTS[c.character or "girl"])
        threat = [c for c in cards if c.card == "threat"]
        return threat[0] if threat else passing
