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

import random
from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from typing import Any

from boardlab.core.agents import Agent
from boardlab.core.conformance import EveryMatch
from boardlab.core.engine import Match
from boardlab.core.plan import Plan
from boardlab.gamekit.spec import GameSpec, Option, random_agent
from boardlab.mall_of_horror import facts
from boardlab.mall_of_horror.advice_parts import parts
from boardlab.mall_of_horror.advice_votes import leap
from boardlab.mall_of_horror.agents import HeuristicAgent
from boardlab.mall_of_horror.choices import (
    Choice,
    Destination,
    Dice,
    Draw,
    Move,
    Pass,
    Place,
    PlaceZombie,
    PlayCard,
    Sacrifice,
    TieBreak,
    TruckSplit,
    Vote,
)
from boardlab.mall_of_horror.config import CARDS, COLOURS, KINDS, POINTS, Config, Setup
from boardlab.mall_of_horror.invariants import sound_state
from boardlab.mall_of_horror.observe import View
from boardlab.mall_of_horror.rules import PHASE_NAMES, RULES
from boardlab.mall_of_horror.snapshot import board_lines
from boardlab.mall_of_horror.state import Pending, State
from boardlab.mall_of_horror.winners import winners
from boardlab.narrate import Tiebreak, standings

__all__ = ["GAME", "MallOfHorror", "illegal_candidates"]


def heuristic_agent(player: str, index: int, seed: int) -> Agent:
    """The heuristic player, seeded with the match seed (as ``moh.play`` examples do)."""
    return HeuristicAgent(seed=seed)


_DEFAULT = Config()


def illegal_candidates(state: State, rng: random.Random) -> Iterator[Any]:
    """A few random choices of every kind; the soak and the conformance check keep those
    that are not legal and expect them refused with the match unchanged."""
    colours = (*COLOURS, "purple")
    yield Vote(rng.choice(colours))
    yield Destination(rng.randint(0, 7))
    yield Move(rng.choice(KINDS), rng.randint(1, 6), rng.random() < 0.5)
    yield PlayCard(rng.choice(CARDS), rng.randint(1, 6), rng.choice((None, *KINDS)))
    yield Pass()
    yield Place(rng.choice(KINDS), rng.randint(1, 6))
    yield Sacrifice(rng.choice(KINDS))
    yield PlaceZombie(rng.randint(0, 7))
    yield TruckSplit(rng.choice(CARDS), rng.choice(CARDS), rng.choice(colours))
    yield Dice(tuple(sorted(rng.randint(1, 6) for _ in range(rng.choice((2, 4))))))
    yield Draw(rng.choice(CARDS))
    yield TieBreak(rng.choice(colours))


class MallOfHorror(GameSpec[State, Choice]):
    """Mall of Horror's registry entry: 3–6 players (MoH-R3); ties on cards in hand."""

    rules = RULES
    package = "boardlab.mall_of_horror"
    alias = "moh"
    config_type = Config
    seat_word = "colour"
    phase_titles = PHASE_NAMES
    options = (Option("players", int, 4, "number of players (default 4)",
                      soak=(3, 4, 5, 6)),)
    agents = {"random": random_agent, "heuristic": heuristic_agent}
    # tried in every soak match, not only the deep-checked ones (core.conformance)
    illegal = staticmethod(EveryMatch(illegal_candidates, every=64))
    # A die on a closed (or sealed) location is ignored every round it shows it (MoH-R3,
    # MoH-R12): the command line says so once per location.
    narrate_once = frozenset({"die_ignored"})

    def __init__(self) -> None:
        # The setups with the default configuration, made once: every match shares one
        # (frozen) object, so the rules' per-setup tables are found by identity.
        self._setups: dict[int, Setup] = {}

    def make_setup(self, players: int | None, config: Config | None, **keywords: Any) -> Setup:
        """A validated :class:`Setup` (3–6 players, MoH-R3); the default configuration's
        setups are shared."""
        players = 4 if players is None else players
        if config is None or config == _DEFAULT:
            setup = self._setups.get(players)
            if setup is None:
                setup = self._setups[players] = Setup(players=players, config=_DEFAULT)
            return setup
        return Setup(players=players, config=config)

    def seats(self, state: State) -> tuple[str, ...]:
        return state.setup.colours

    def check_state(self, value: Any, path: str = "state", *, sound: bool = True) -> State:
        """A sound position (every invariant of :mod:`.invariants`); ``sound=False``
        checks the field types only."""
        return sound_state(value, path, facts=sound, rules=self.rules)

    def scores_of(self, state: Any) -> dict[str, int]:
        """Points of the living characters per seat, of a position or a seat's view."""
        if not isinstance(state, (State, View)):
            self.check_state(state, sound=False)  # the front door's wording
        return facts.scores(state)

    def winners_of(self, state: Any) -> tuple[str, ...]:
        """Most points, then most cards in hand, else a shared win (MoH-end, MoH-R16)."""
        return winners(state)

    def parse_choice(self, text: str, state: Any) -> Any:
        """What a player says, as a legal choice (see :mod:`boardlab.mall_of_horror.parse`)."""
        from boardlab.mall_of_horror.parse import parse_choice

        return parse_choice(text, state)

    def advice_measures(self, state: State, seat: str, start: State
                        ) -> dict[str, Fraction | int]:
        """Points lost since ``start``, and whether each of the colour's characters
        alive at ``start`` still lives (its expected value: the chance it survives)."""
        alive = set()
        now = 0
        for c, k, _ in state.chars:  # a loop: this runs at every position valued
            if c == seat:
                alive.add(k)
                now += POINTS[k]
        kinds = _kinds(start.chars, seat)
        out: dict[str, Fraction | int] = {"points lost": kinds[0] - now}
        for k, name in kinds[1]:
            out[name] = int(k in alive)
        return out

    def advice_key(self, state: State) -> Any:
        """A vote's ballots matter only by their tally (MoH-R7), and the tally only by
        who can still lead it and by how much (:func:`_standing`): such ballots are one
        position for the advice. The destinations already moved to are left out
        (:func:`_without_spent_destinations`).

        >>> s = GAME.rules.initial(Setup(players=3))
        >>> p = Pending("ballot", order=("red", "blue", "green"), candidates=("red", "blue"),
        ...             weights=(("red", 1), ("blue", 1), ("green", 1)))
        >>> def cast(*ballots):
        ...     return s._replace(pending=p._replace(index=2, ballots=ballots))
        >>> one = cast(("red", "red"), ("blue", "blue"))
        >>> two = cast(("red", "blue"), ("blue", "red"))
        >>> GAME.advice_key(one) == GAME.advice_key(two)
        True
        """
        p = state.pending
        if state.destinations:
            state = _without_spent_destinations(state, p)
        if p.kind != "ballot" or not p.ballots:
            return state
        return _vote_context(state), len(p.ballots), _standing(_tally(p), _left(p))

    def advice_parts(self, state: State, seat: str, horizon: str
                     ) -> tuple[tuple[State, State], ...] | None:
        """In phase f), a vote's location apart from the attacks after it, and what is
        over left out (:mod:`boardlab.mall_of_horror.advice_parts`, MoH-f)."""
        return parts(state, seat, horizon)

    def advice_leap(self, state: State, seat: str) -> tuple[Plan, tuple[State, ...]] | None:
        """A vote's ballots from here on, counted by the tally they give, ``seat``'s own
        a decision (:mod:`boardlab.mall_of_horror.advice_votes`, MoH-R7, MoH-R8)."""
        return leap(state, seat)

    def advice_worlds(self, state: State, seat: str, *, limit: int, seed: int) -> Any:
        """The hands, secret destinations and ballots and an unseen roll, weighed by the
        game's chance from ``seat``'s view (:mod:`boardlab.mall_of_horror.unseen`)."""
        from boardlab.mall_of_horror.unseen import worlds

        return worlds(state, seat, limit=limit, seed=seed)

    def board_lines(self, state: State) -> list[str]:
        """Zombies and characters per location, and which are closed or sealed."""
        return board_lines(state)

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


@lru_cache(maxsize=256)
def _kinds(chars: tuple[tuple[str, str, int], ...], seat: str
           ) -> tuple[int, tuple[tuple[str, str], ...]]:
    """The points of ``seat``'s characters in ``chars`` (the advised position's), and
    each one's kind with the name of its measure."""
    mine = [k for c, k, _ in chars if c == seat]
    return sum(POINTS[k] for k in mine), tuple((k, f"{k} survives") for k in mine)


def _without_spent_destinations(state: State, p: Pending) -> State:
    """``state`` without the destinations no step reads again: a destination is read by
    its colour's move only (MoH-e; the moves go in the destinations' order, and phase
    f) reads none), so the boards that the same characters' places leave meet.

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={3: ["red pinup"], 5: ["blue pinup"]}, phase="e",
    ...              destinations={"red": 5, "blue": 3}, roll=(1, 1, 2, 2))
    >>> s.pending.kind, s.pending.index
    ('move', 0)
    >>> GAME.advice_key(s).destinations
    (('red', 5), ('blue', 3))
    >>> after = GAME.rules.step(s, GAME.rules.legal(s)[0])[0]  # red moved: its one is spent
    >>> GAME.advice_key(after).destinations
    (('blue', 3),)
    """
    if state.phase == "f":
        return state._replace(destinations=())
    if p.kind == "move" and p.index:
        return state._replace(destinations=state.destinations[p.index:])
    return state


def _vote_context(state: State) -> State:
    """``state`` without the ballots cast in the vote it waits for (nor whose turn it
    is): one for every ballot of one vote."""
    p = state.pending
    return state._replace(pending=p._replace(index=0, ballots=()))


def _left(p: Pending) -> int:
    """The votes still to be cast in the vote ``p``: its voters' after the one in turn."""
    weight = dict(p.weights)
    return sum(weight[v] for v in p.order[len(p.ballots):])


def _standing(counts: tuple[int, ...], left: int) -> tuple[int | None, ...]:
    """What of a partial tally decides who leads the final one, with ``left`` votes to
    come: a candidate more than ``left`` behind the front can no longer lead or tie
    (None), and the others count only by how far ahead of the last of them they are.

    >>> _standing((5, 1, 4), 2), _standing((5, 1, 4), 0)
    ((1, None, 0), (0, None, None))
    """
    front = max(counts)
    alive = [n for n in counts if n + left >= front]
    low = min(alive)
    return tuple(n - low if n + left >= front else None for n in counts)


def _tally(p: Pending) -> tuple[int, ...]:
    """The votes of each candidate (in ``p.candidates`` order) from the ballots so far."""
    weight = dict(p.weights)
    at = {c: i for i, c in enumerate(p.candidates)}
    counts = [0] * len(at)
    for voter, colour in p.ballots:
        counts[at[colour]] += weight[voter]
    return tuple(counts)


GAME = MallOfHorror()
