"""The toy game with one more agent kind, ``fragile``, for the stop-and-resume tests.

A fragile agent plays like the random one, except at the seed named by an environment
variable: there it kills its own process (``BOARDLAB_TEST_DIE_AT``, as a worker dying
mid-run) or raises KeyboardInterrupt (``BOARDLAB_TEST_INTERRUPT_AT``, as Ctrl-C). With
neither set it plays exactly like ``random``, so a resumed run can be compared with one
that was never stopped. Registered by the tests under the toy's own name ``toy``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from boardlab.core.agents import Agent, RandomAgent
from tests.core.toy_game import ToyGame, greedy, random_agent

DIE_AT = "BOARDLAB_TEST_DIE_AT"
INTERRUPT_AT = "BOARDLAB_TEST_INTERRUPT_AT"


class FragileAgent(RandomAgent):
    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed * 1000)
        self.match_seed = seed

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if os.environ.get(DIE_AT) == str(self.match_seed):
            os._exit(3)  # the worker process dies: its pool breaks
        if os.environ.get(INTERRUPT_AT) == str(self.match_seed):
            raise KeyboardInterrupt
        return super().choose(view, legal)


def fragile(player: str, index: int, seed: int) -> Agent:
    return FragileAgent(seed)


class FragileToy(ToyGame):
    agents = {"random": random_agent, "greedy": greedy, "fragile": fragile}

    def match_fields(self, match: Any) -> dict[str, int | float | str | bool | None]:
        """How far the loser got, and whether the winner overshot the target."""
        totals = match.state.totals
        return {"loser_total": min(totals), "overshot": max(totals) > match.setup.target,
                "note": "toy"}


GAME = FragileToy()
