"""Lockup: Breakout in the game registry: what the CLI, the soak and the docs tests use.

    python -m boardlab play lockup-breakout --players 3 --seed 1
    python -m boardlab play lockup-breakout --players 1 --difficulty red --seed 3
    python -m boardlab.soak --game lockup-breakout --players 1,2,3,4,5

>>> from boardlab.lockup_breakout.game import GAME
>>> GAME.name, [o.flag for o in GAME.options], list(GAME.agents)
('lockup-breakout', ['--players', '--difficulty'], ['random', 'heuristic'])
>>> GAME.play(seed=1, players=1, difficulty="green").is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from boardlab.core import validate
from boardlab.core.agents import Agent
from boardlab.core.conformance import EveryMatch
from boardlab.core.engine import Match
from boardlab.gamekit.spec import GameSpec, Keyword, Option, random_agent
from boardlab.lockup_breakout.agents import HeuristicAgent
from boardlab.lockup_breakout.choices import (
    Assign,
    Craft,
    Declare,
    Decline,
    Draw,
    DrawMany,
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
    Tunnels,
)
from boardlab.lockup_breakout.config import Config, Setup, make_setup
from boardlab.lockup_breakout.rules import PHASE_NAMES, RULES
from boardlab.lockup_breakout.scoring import winners
from boardlab.lockup_breakout.snapshot import board_lines
from boardlab.lockup_breakout.state import State
from boardlab.narrate import standings

__all__ = ["GAME", "LockupBreakout", "illegal_candidates"]

DIFFICULTIES = ("green", "yellow", "red")


def heuristic_agent(player: str, index: int, seed: int) -> Agent:
    """The heuristic player, seeded with the match seed and its seat."""
    return HeuristicAgent(seed=seed * 1000 + index)


def illegal_candidates(state: State, rng: random.Random) -> Iterator[Any]:
    """A few random choices of every kind; the soak keeps those that are not legal."""
    cfg = state.setup.config
    tokens = (*cfg.token_labels, "5", "guards")
    spaces = (*(s.name for s in cfg.catacombs.spaces), "Nowhere")
    items = (*(i.name for i in cfg.items), "Crown")
    goons = (*(g.name for g in cfg.goons), "Troll")
    loot = (*(x.name for x in cfg.loot), "Gem")
    kinds = (*cfg.resources, "wood")
    yield Assign(rng.choice(tokens), rng.randint(0, 9), rng.random() < 0.5)
    yield PlayTome(rng.choice((*(t.name for t in cfg.tomes), "Tome of Ash")))
    yield Pass()
    yield Take()
    yield Decline()
    yield TakeResources(rng.choice(kinds))
    yield Craft(rng.choice(items), rng.random() < 0.5)
    yield TakeItem(rng.choice(items))
    yield Reserve(rng.choice(items))
    yield Step(rng.choice(spaces))
    yield Stop()
    yield TakeLoot(rng.choice(loot), rng.random() < 0.5, rng.choice(("", *kinds)))
    yield Keep(rng.choice(goons))
    yield Lose(rng.choice(kinds))
    yield GolemAs(rng.choice(("dwarf", "ratman", "imp")))
    yield Declare(rng.choice((*cfg.valuables, "pearl")))
    yield Draw(rng.choice((*goons, *loot)))
    yield DrawMany(tuple(sorted(rng.sample(items, 2))))
    yield Tunnels(tuple(rng.choice(("collapsed", "single", "double")) for _ in range(7)))


def _difficulty(value: Any, path: str) -> str | None:
    return None if value is None else validate.text(value, path)


class LockupBreakout(GameSpec[State, Any]):
    """Lockup: Breakout's registry entry: 2–5 players or solitary (``--players 1``)."""

    rules = RULES
    package = "boardlab.lockup_breakout"
    alias = "lb"
    config_type = Config
    seat_word = "colour"
    keywords = (Keyword("difficulty", None, "str | None", _difficulty,
                        "the solitary game's difficulty, a guard-card colour (green, "
                        "yellow, red; or easy, normal, hard), yellow by default (LB-solo-"
                        "setup)"),)
    phase_titles = PHASE_NAMES
    options = (
        Option("players", int, 4, "number of players, 1 for the solitary game (default 4)",
               soak=(1, 2, 3, 4, 5)),
        Option("difficulty", str, None, "solitary difficulty: the guard-card colour "
               "(green, yellow, red; default yellow; only with --players 1)",
               choices=DIFFICULTIES),
    )
    agents = {"random": random_agent, "heuristic": heuristic_agent}
    # tried in every soak match, not only the deep-checked ones (core.conformance)
    illegal = staticmethod(EveryMatch(illegal_candidates, every=128))
    score_unit = "star"

    def make_setup(self, players: int | None, config: Config | None,
                   **keywords: Any) -> Setup:
        return make_setup(4 if players is None else players,
                          difficulty=keywords.get("difficulty"), config=config)

    def seats(self, state: State) -> tuple[str, ...]:
        return state.setup.colours

    def winners_of(self, state: Any) -> tuple[str, ...]:
        """Most stars, ties shared (LB-R27); solitary: strictly more than the guards
        (LB-R26), else the guards win."""
        return winners(self.check_state(state, sound=False))

    def advice_measures(self, state: State, seat: str, start: State) -> dict[str, int]:
        """Stars gained since ``start`` and the lantern's progress: the depth (LB-R29)
        its side's lantern went down since ``start``."""
        from boardlab.lockup_breakout.catacombs import ENTRANCE
        from boardlab.lockup_breakout.work import tables

        t = tables(state.setup.config)
        i = state.setup.sides.index(seat)

        def depth(s: State) -> int:
            here = s.lanterns[i]
            return 0 if here == ENTRANCE else int(t.depth_of.get(here, 0))
        scores = self.rules.scores
        return {"stars gained": scores(state)[seat] - scores(start)[seat],
                "lantern progress": depth(state) - depth(start)}

    def advice_worlds(self, state: State, seat: str, *, limit: int, seed: int) -> Any:
        """The other sides' face-down tokens and tomes and the loot ``seat`` has not
        looked at, weighed by the game's chance from its view
        (:mod:`boardlab.lockup_breakout.unseen`)."""
        from boardlab.lockup_breakout.unseen import worlds

        return worlds(state, seat, limit=limit, seed=seed)

    def board_lines(self, state: State) -> list[str]:
        """Tunnels, legend, goons, display, and each side's lantern, stars and goods."""
        return board_lines(state)

    def title(self, match: Match) -> str:
        """The first line, saying that the core game's data are invented (LB-R1).

        >>> print(GAME.title(GAME.play(seed=1, players=2)))
        Lockup: Breakout on an invented stand-in core (LB-R1): 2 players (red, blue), seed 1
        """
        setup = match.state.setup
        who = (f"solitary, {setup.colours[0]} against the guards, difficulty "
               f"{setup.difficulty}" if setup.solo else
               f"{len(setup.colours)} players ({', '.join(setup.colours)})")
        return f"{self.book.name} on an invented stand-in core (LB-R1): {who}, seed {match.seed}"

    def result_lines(self, match: Match) -> list[str]:
        over = match.is_over
        scores = match.scores()
        if not match.state.setup.solo:
            return standings(scores, self.winners(match) if over else (), over=over,
                             ply=match.ply, unit="star")
        lines = standings(scores, (), over=False, ply=match.ply, unit="star")
        if over:
            lines[0] = "Final scores"
            player = match.state.setup.colours[0]
            if self.winners(match) == (player,):
                lines.append(f"Winner: {player}, with more stars than the guards")
            else:
                lines.append(f"The guards win: {player} needs strictly more stars (LB-R26)")
        return lines

    def soak_plan(self, values: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
        """Every player count; the difficulties only with the solitary game."""
        plan: list[dict[str, Any]] = []
        for players in values["players"]:
            if players == 1:
                diffs = [d for d in values["difficulty"] if d is not None] or list(DIFFICULTIES)
                plan.extend({"players": 1, "difficulty": d} for d in diffs)
            else:
                plan.append({"players": players, "difficulty": None})
        return plan


GAME = LockupBreakout()
