"""Level 7 [Escape]: Lockdown in the game registry: what the CLI, the soak and the docs
tests use.

    python -m boardlab play level7-lockdown --scenario sandbox --players 2 --seed 1
    python -m boardlab play level7-lockdown --scenario 12 --players 3 --mode hard --seed 1
    python -m boardlab rules level7-lockdown
    python -m boardlab.soak --game level7-lockdown --players 1,2,3,4
    python -m boardlab.soak --game level7-lockdown --scenario 9,10 --mode easy,hard

>>> from boardlab.level7_lockdown.game import GAME
>>> GAME.name, [o.flag for o in GAME.options], list(GAME.agents)
('level7-lockdown', ['--players', '--scenario', '--mode', '--turn-limit'], ['random', 'heuristic'])
>>> GAME.result_lines(GAME.play(seed=1, players=2))[:2]
['Final results', '  Leo: inside at the end (never got out)']
>>> len(GAME.soak_plan({"players": (1, 2, 3, 4), "scenario": ("sandbox", "9", "10", "11",
...                     "12", "13"), "mode": ("easy", "normal", "hard"),
...                     "turn_limit": (None,)}))      # the sandbox has one mode: 4 + 60
64
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from boardlab.core import validate
from boardlab.core.agents import Agent
from boardlab.core.conformance import EveryMatch
from boardlab.core.engine import Match
from boardlab.core.errors import ArgumentTypeError
from boardlab.gamekit.spec import GameSpec, Keyword, Option, random_agent
from boardlab.level7_lockdown.agents import HeuristicAgent
from boardlab.level7_lockdown.choices import (
    SPECIALS,
    Access,
    Attack,
    CardDraw,
    EndStep,
    Explore,
    Extinguish,
    FallDown,
    ItemDraw,
    LowerTerror,
    Move,
    Peek,
    Place,
    PlaceCronos,
    Roll,
    Search,
    Smash,
    Special,
    StandUp,
    TileDraw,
    Vent,
)
from boardlab.level7_lockdown.config import Config
from boardlab.level7_lockdown.geometry import Door
from boardlab.level7_lockdown.narration import PHASE_TITLES
from boardlab.level7_lockdown.rules import RULES
from boardlab.level7_lockdown.scenario import SCENARIOS
from boardlab.level7_lockdown.state import MODES, Setup, State
from boardlab.words import and_list

__all__ = ["GAME", "Level7Lockdown", "illegal_candidates"]

_NAMES = ("guard#1", "rogue#1", "warrior#2", "hunter#1", "blaster#1", "blaster#2",
          "cronos", "Leo")
_WORDS = {"escaped": "escaped", "heart attack": "lost to a heart attack",
          "dead": "dead", "inside": "inside at the end (never got out)",
          "infirmary": "in the Infirmary at the end (never got out)",
          "won": "won: Dr. Cronos is dead"}


def heuristic_agent(player: str, index: int, seed: int) -> Agent:
    """The heuristic character, seeded from the match seed and the seat."""
    return HeuristicAgent(seed=seed * 1000 + index)


def _door(rng: random.Random) -> Door:
    return Door(rng.randint(0, 1), rng.randint(-2, 2), rng.randint(-2, 2), rng.choice("NESW"))


def illegal_candidates(state: Any, rng: random.Random) -> Iterator[Any]:
    """A few random choices and outcomes of every kind, for the soak's deep checks (the
    check keeps those that are not legal and expects them refused)."""
    esc = rng.choice(("", "bullrush", "outwit"))
    yield Move(rng.randint(0, 9), esc, rng.randint(0, 5))
    yield Vent(rng.randint(0, 9))
    yield Explore(_door(rng), esc)
    yield Peek(_door(rng))
    yield Place(rng.randint(-2, 2), rng.randint(-2, 2), rng.randint(0, 4))
    yield rng.choice((StandUp(), FallDown(), LowerTerror(), EndStep(), Extinguish()))
    yield Attack(rng.choice(_NAMES), rng.randint(0, 9))
    yield Smash(_door(rng), rng.randint(0, 2))
    yield Search(rng.randint(0, 9))
    yield Access(_door(rng), rng.random() < 0.5)
    yield Explore(_door(rng), "", 0, rng.choice(("Leo", "Cody", "fifth", "A4", "nowhere")))
    yield Peek(_door(rng), rng.choice(("Leo", "Ava", "fifth")))
    yield Special(rng.choice(SPECIALS), rng.randint(0, 3))
    yield PlaceCronos(rng.randint(0, 12))
    yield TileDraw(rng.choice(("Hub", "Armory", "Exit Shaft", "Nowhere", "Tank Farm",
                               "Central Command", "Airlock", "Sector Generator 3")))
    yield CardDraw(rng.choice(("Quiet", "Hunger", "Nothing")))
    yield ItemDraw(rng.choice(("Pistol", "Laser")))
    yield Roll(rng.randint(0, 9), rng.randint(0, 9), rng.randint(0, 9))


def _characters(value: Any, path: str) -> tuple[str, ...]:
    """Character names as a tuple (a list is accepted; each name is a string)."""
    if isinstance(value, str) or not isinstance(value, (tuple, list)):
        raise ArgumentTypeError(path, value, "expected a tuple of character names")
    for i, name in enumerate(value):
        validate.text(name, f"{path}[{i}]")
    return tuple(value)


class Level7Lockdown(GameSpec[State, Any]):
    """Level 7's registry entry: 1–4 players (L7-R33), a scenario and its mode, the turn
    limit."""

    rules = RULES
    package = "boardlab.level7_lockdown"
    alias = "l7"
    config_type = Config
    keywords = (
        Keyword("scenario", "sandbox", "str", validate.text,
                "scenario 9–13 of the text, or ``sandbox`` (invented by boardlab, L7-R1)"),
        Keyword("mode", "normal", "str", validate.text,
                "the scenario's difficulty, easy, normal or hard (the sandbox has normal)"),
        Keyword("characters", (), "tuple[str, ...]", _characters,
                "the characters played (default: the configuration's first ones; one seat "
                "may play several, L7-R33)"),
        Keyword("turn_limit", 0, "int", validate.whole,
                "rounds before everyone still inside loses (0: the scenario's, L7-R23)"),
    )
    moved = {"explain_step": "explain_phase"}
    phase_titles = PHASE_TITLES
    options = (
        Option("players", int, 2, "number of players, 1–4 (default 2)", soak=(1, 2, 3, 4)),
        Option("scenario", str, "sandbox", "scenario 9–13 of the text, or sandbox (the "
               "default, invented by boardlab)", choices=SCENARIOS, soak=SCENARIOS),
        Option("mode", str, "normal", "difficulty of scenarios 9–13 (default normal)",
               choices=MODES, soak=MODES),
        Option("turn_limit", int, None, "rounds before everyone still inside loses "
               "(default: the scenario's, L7-R23)", metavar="ROUNDS"),
    )
    agents = {"random": random_agent, "heuristic": heuristic_agent}
    # tried in every soak match, not only the deep ones (the refusals are soaked too)
    illegal = staticmethod(EveryMatch(illegal_candidates, every=128))
    score_unit = "escaped character"

    def make_setup(self, players: int | None, config: Config | None,
                   **keywords: Any) -> Setup:
        return Setup(players=2 if players is None else players, config=config,
                     scenario=keywords.get("scenario", "sandbox"),
                     mode=keywords.get("mode", "normal"),
                     characters=tuple(keywords.get("characters", ())),
                     turn_limit=keywords.get("turn_limit") or 0)

    def seats(self, state: State) -> tuple[str, ...]:
        return state.setup.seats

    def advice_measures(self, state: State, seat: str, start: State) -> dict[str, int]:
        """Per character of the seat, whether it got away (escaped, or won with its
        scenario) and whether it was caught (dead, a heart attack, or in the Infirmary,
        L7-R22, L7-R23); and whether the team escaped (any character got away)."""
        from boardlab.level7_lockdown.state import (
            DEAD,
            ESCAPED,
            HEART_ATTACK,
            INFIRMARY,
            WON,
        )

        out: dict[str, int] = {}
        away = False
        for c in state.chars:
            gone = c.status in (ESCAPED, WON)
            away = away or gone
            if state.setup.seat_of(c.name) == seat:
                out[f"{c.name} gets away"] = int(gone)
                out[f"{c.name} is caught"] = int(c.status in (DEAD, HEART_ATTACK, INFIRMARY))
        out["team escapes"] = int(away)
        return out

    def advice_mark(self, state: State, horizon: str) -> Any:
        """A round (L7-R23), or a phase: one step (move, action, events, enemies) of
        the active character's turn."""
        if horizon == "round":
            return state.round
        return (state.round, state.active, state.step)

    def winners_of(self, state: Any) -> tuple[str, ...]:
        """Every seat with an escaped or winning character (the characters play
        together, L7-R23)."""
        return tuple(p for p, n in self.scores_of(state).items() if n)

    def title(self, match: Match) -> str:
        """The first line: scenario (its title and mode), players, seed, the scenario's
        advice if any (L7-S13-solo), and what is invented: the whole sandbox, and for
        scenarios 9–13 of the text the core they run on (L7-R1)."""
        from boardlab.level7_lockdown.scenarios import hooks_for

        setup = match.state.setup
        seats = setup.seats
        chars = f" playing {', '.join(setup.characters)}" if seats != setup.characters else ""
        if setup.scenario == "sandbox":
            which = "sandbox scenario"
        else:
            which = f"scenario {setup.scenario}, {setup.scen.title} ({setup.mode})"
        notes = "".join(f" — {n}" for n in hooks_for(setup.scenario).notes(setup))
        notes += (" — invented by boardlab, like the stand-in core (L7-R1)"
                  if setup.scenario == "sandbox" else
                  " — on boardlab's invented stand-in core: tiles, cards, dice and "
                  "profiles (L7-R1)")
        return (f"{self.book.name}: {which}, {len(seats)} "
                f"player{'s' if len(seats) != 1 else ''} ({', '.join(seats)}){chars}, "
                f"seed {match.seed}{notes}")

    def soak_plan(self, values: Any) -> list[dict[str, Any]]:
        """Scenario × mode × players (the sandbox has only the normal mode)."""
        plan = []
        for scenario in values["scenario"]:
            modes = ("normal",) if scenario == "sandbox" else values["mode"]
            for mode in modes:
                for players in values["players"]:
                    for limit in values["turn_limit"]:
                        plan.append({"players": players, "scenario": scenario,
                                     "mode": mode, "turn_limit": limit})
        return plan

    def board_lines(self, state: Any) -> list[str]:
        """The facility, the LOCKDOWN pool, the characters and the enemies by tile."""
        from boardlab.level7_lockdown.snapshot import board_lines

        return board_lines(state)

    def result_lines(self, match: Match) -> list[str]:
        """Each character's result (L7-R23), then who got out."""
        state = match.state
        over = match.is_over
        lines = ["Final results" if over else
                 f"Results so far (the match stops at ply {match.ply})"]
        for c in state.chars:
            lines.append(f"  {c.name}: {_WORDS.get(c.status, c.status)}")
        if over:
            out = [c.name for c in state.chars if c.status == "escaped"]
            won = [c.name for c in state.chars if c.status == "won"]
            if won:
                lines.append(f"Won: {and_list(won)}")
            elif state.scn.result == "defeat":
                lines.append("Defeat: Dr. Cronos lives")
            lines.append(f"Escaped: {and_list(out)}" if out else "No one escaped")
        return lines


GAME = Level7Lockdown()
