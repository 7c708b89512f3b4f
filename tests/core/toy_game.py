"""The toy game of ``tests/core/toy.py`` as a registry entry.

Registered by tests only (``registry.register("toy", "tests.core.toy", module=__name__)``):
it proves that ``boardlab play``, ``replay``, ``rules`` and the soak take a game that
``cli.py`` and ``soak.py`` have never heard of — with its own option (``--target``),
its own agent kind (``greedy``), its own score unit and illegal choices for the soak.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from boardlab.core import validate
from boardlab.core.agents import Agent
from boardlab.core.errors import ConfigError
from boardlab.gamekit import GameSpec, Keyword, Option, random_agent
from tests.core.toy import RULES, Add, ToySetup, ToyState


class GreedyAgent:
    """Always adds the most it may."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return max(legal, key=lambda c: c.amount)


def greedy(player: str, index: int, seed: int) -> Agent:
    return GreedyAgent()


def illegal(state: Any, rng: random.Random) -> Iterable[Any]:
    """Amounts the coin never offers (and 1 or 2 after tails, 3 after heads)."""
    return (Add(0), Add(rng.choice((1, 2, 3))), Add(4))


class ToyGame(GameSpec[ToyState, Any]):
    rules = RULES
    phase_titles = {"": "Turns"}
    options = (Option("target", int, 5, "total that wins (default 5)", soak=(3, 5),
                      metavar="N"),)
    agents = {"random": random_agent, "greedy": greedy}
    illegal = staticmethod(illegal)
    score_unit = "pip"
    # The front door (tests/toygame): the same recipe as every game of boardlab's own.
    package = "tests.toygame"
    alias = "toy"
    keywords = (Keyword("target", 5, "int", validate.whole, "the total that wins (T-2)"),)
    lazy = {"Board": "tests.widgets.toy_views:ToyBoard",
            "Explainer": "tests.widgets.toy_views:ToyExplainer",
            "explain_phase": "tests.toygame.explain:explain_phase",
            "odds": "tests.toygame.odds:",
            "win_odds": "boardlab.experiment.whatif:win_odds",
            "compare_win_odds": "boardlab.experiment.whatif:compare_win_odds",
            "advise": "boardlab.advice:advise"}

    def setup(self, *, target: int) -> ToySetup:
        return self.make_setup(None, None, target=target)

    def make_setup(self, players: int | None, config: Any, **keywords: Any) -> ToySetup:
        if players not in (None, 2):
            raise ConfigError(f"players: the toy has 2 players, got {players} (T-1)")
        target = keywords.get("target", 5)
        if target < 1:
            raise ConfigError(f"the toy's target must be at least 1, got {target} (T-2)")
        return ToySetup(target=target)

    def seats(self, state: ToyState) -> tuple[str, ...]:
        return ("a", "b")

    def advice_measures(self, state: ToyState, seat: str, start: ToyState) -> dict[str, int]:
        """The advice's measure (docs/adding-a-game.md): pips gained since ``start``, and
        whether the seat has reached the target (T-2)."""
        i = ("a", "b").index(seat)
        return {"gained": state.totals[i] - start.totals[i],
                "reached": int(state.totals[i] >= state.setup.target)}


GAME = ToyGame()
