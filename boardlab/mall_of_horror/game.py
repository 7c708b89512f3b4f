"""Mall of Horror in the game registry: what the CLI, the soak and the docs tests use.

    python -m boardlab play mall-of-horror --players 5 --seed 2 --agents heuristic
    python -m boardlab.soak --game mall-of-horror --players 3,4,5,6

>>> from boardlab.mall_of_horror.game import GAME
>>> GAME.name, [o.flag for o in GAME.options], list(GAME.agents)
('mall-of-horror', ['--players'], ['random', 'heuristic'])
>>> GAME.play(seed=1, players=4).scores()
{'yellow': 5, 'red': 0, 'blue': 5, 'green': 0}
"""

from __future__ import annotations

from typing import Any

from boardlab.core.agents import Agent
from boardlab.core.engine import Match
from boardlab.mall_of_horror.agents import HeuristicAgent
from boardlab.mall_of_horror.rules import PHASE_NAMES, RULES
from boardlab.mall_of_horror.snapshot import board_lines
from boardlab.mall_of_horror.state import State
from boardlab.mall_of_horror.winners import winners
from boardlab.narrate import Tiebreak, standings
from boardlab.registry import Game, Option, random_agent

__all__ = ["GAME", "MallOfHorror"]


def heuristic_agent(player: str, index: int, seed: int) -> Agent:
    """The heuristic player, seeded with the match seed (as ``moh.play`` examples do)."""
    return HeuristicAgent(seed=seed)


class MallOfHorror(Game):
    """Mall of Horror's registry entry: 3–6 players (MoH-R3); ties on cards in hand."""

    rules = RULES
    phase_titles = PHASE_NAMES
    options = (Option("players", int, 4, "number of players (default 4)",
                      soak=(3, 4, 5, 6)),)
    agents = {"random": random_agent, "heuristic": heuristic_agent}
    # A die on a closed (or sealed) location is ignored every round it shows it (MoH-R3,
    # MoH-R12): the command line says so once per location.
    narrate_once = frozenset({"die_ignored"})

    def players(self, match: Match) -> tuple[str, ...]:
        return match.state.setup.colours

    def parse_choice(self, text: str, state: Any) -> Any:
        """What a player says, as a legal choice (see :mod:`boardlab.mall_of_horror.parse`)."""
        from boardlab.mall_of_horror.parse import parse_choice

        return parse_choice(text, state)

    def board_lines(self, state: State) -> list[str]:
        """Zombies and characters per location, and which are closed or sealed."""
        return board_lines(state)

    def winners(self, match: Match) -> tuple[str, ...]:
        """Most points, then most cards in hand, else a shared win (MoH-end, MoH-R16)."""
        return winners(match.state)

    def result_lines(self, match: Match) -> list[str]:
        """Scores with each player's cards in hand, the tie-break of MoH-R16."""
        state = match.state
        hands = {c: len(h) for c, h in zip(state.setup.colours, state.hands, strict=True)}
        over = match.is_over
        return standings(match.scores(), self.winners(match) if over else (), over=over,
                         ply=match.ply, tiebreak=Tiebreak(hands, "card", " in hand"))

    def match_fields(self, match: Match) -> dict[str, int | float | str | bool | None]:
        """Rounds played, characters left alive and eaten, locations sealed (MoH-e-seal).

        >>> fields = GAME.match_fields(GAME.play(seed=1))
        >>> sorted(fields)
        ['eaten', 'rounds', 'sealed', 'survivors']
        """
        state = match.state
        return {"rounds": state.round, "survivors": len(state.chars),
                "eaten": len(state.eaten), "sealed": len(state.sealed)}


GAME = MallOfHorror()
