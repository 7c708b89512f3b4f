"""What-ifs in one call, for every game: who wins from here, and does a change matter?

:func:`win_odds` plays a position to the end many times, each match on its own seed,
and gives each seat's win rate as an exact fraction of the matches with a 95 % Wilson
interval. :func:`compare_win_odds` plays two positions on the *same* seeds (common random
numbers: the same seed drives the dice and the players in both) and gives, per seat,
the mean difference of wins with a paired 95 % interval. The statistics are
:mod:`boardlab.experiment.stats`, the same as for experiments. The game is the
position's own (:func:`boardlab.registry.game_of`), so every game has them as
``<game>.win_odds`` and ``<game>.compare_win_odds``: the same two functions.

>>> from boardlab import mall_of_horror as moh
>>> here = moh.position(players=3, characters={
...     6: ["red pinup", "blue toughguy", "yellow gunman"],
...     1: ["red toughguy", "yellow girl"], 3: ["blue pinup", "blue girl"],
...     5: ["yellow toughguy", "red gunman"]}, zombies={6: 2}, phase="c")
>>> odds = moh.win_odds(here, matches=200, seed=0)
>>> odds["blue"].wins, odds["blue"].rate
(73, Fraction(73, 200))
>>> print(odds)
Win odds from round 1, phase c: 200 matches (seeds 0–199), every seat plays 'random'
  colour  agent      wins   rate   95 % interval
  yellow  random       55  27.5%  21.8%–34.1%
  red     random       83  41.5%  34.9%–48.4%
  blue    random       73  36.5%  30.1%–43.4%
A shared win counts for each colour sharing it (11 matches ended in one).

What the numbers assume: the match goes on from exactly this position (no one knows
more than the position says), with the named agents; the rates are for those players,
not for perfect play.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from boardlab.core.agents import Agent
from boardlab.core.engine import Match
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.core.simulate import paused_gc, play_out
from boardlab.experiment.stats import paired_interval, wilson
from boardlab.registry import Game, game_of

__all__ = ["ColourDifference", "ColourOdds", "SeatDifference", "SeatOdds", "WinOdds",
           "WinOddsComparison", "compare_win_odds", "win_odds"]

State = Any  # a position of any registered game

#: The most matches one call plays (about 10 ms each with random players): a typo such as
#: ``matches=10**9`` is refused at once instead of running for weeks.
MAX_MATCHES = 100_000

AgentKinds = str | Mapping[str, str]


@dataclass(frozen=True)
class SeatOdds:
    """One seat's wins: ``wins`` of ``matches`` exactly (``rate``), 95 % Wilson ``low``–``high``.

    ``shared`` counts the wins shared with another seat (each sharer gets the win).
    ``colour`` is the seat too (the name Mall of Horror's seats have).
    """

    colour: str
    agent: str
    matches: int
    wins: int
    shared: int
    rate: Fraction
    low: float
    high: float

    @property
    def seat(self) -> str:
        return self.colour


@dataclass(frozen=True)
class SeatDifference:
    """One seat, ``other`` position minus ``baseline`` position, on the same seeds.

    ``mean`` is the exact mean of (win in other − win in baseline) per seed, that is
    ``other_rate − baseline_rate``; ``low``–``high`` its paired 95 % interval
    (:func:`boardlab.experiment.stats.paired_interval`). ``changed`` counts the seeds
    whose result (win or not) differs between the two positions.
    """

    colour: str
    matches: int
    baseline_rate: Fraction
    other_rate: Fraction
    mean: Fraction
    low: float
    high: float
    changed: int

    @property
    def clear(self) -> bool:
        """Whether the interval leaves out 0: the change of position makes a difference."""
        return self.low > 0 or self.high < 0

    @property
    def seat(self) -> str:
        return self.colour


#: The names these rows had when only Mall of Horror had what-ifs (its seats are colours).
ColourOdds = SeatOdds
ColourDifference = SeatDifference


@dataclass(frozen=True)
class WinOdds:
    """The answer of :func:`win_odds`: one :class:`SeatOdds` per seat, in seat order.

    ``odds["red"]`` is red's row; ``winners[i]`` are the winners of the match on seed
    ``seeds[i]``; ``mean_rounds`` is the exact mean of the round each match ended in.
    ``seat_word`` is what the game calls a seat ("colour").
    """

    position: State
    agents: tuple[str, ...]
    seeds: range
    colours: tuple[SeatOdds, ...]
    winners: tuple[tuple[str, ...], ...]
    mean_rounds: Fraction
    where: str = ""
    seat_word: str = "colour"

    def __getitem__(self, seat: str) -> SeatOdds:
        for row in self.colours:
            if row.colour == seat:
                return row
        names = ", ".join(r.colour for r in self.colours)
        raise ArgumentError(self.seat_word, seat,
                            f"not a {self.seat_word} of this position ({names})")

    @property
    def seats(self) -> tuple[SeatOdds, ...]:
        return self.colours

    def __iter__(self) -> Any:
        return iter(self.colours)

    @property
    def matches(self) -> int:
        return len(self.seeds)

    def _title(self) -> str:
        who = (f"every seat plays {self.agents[0]!r}" if len(set(self.agents)) == 1
               else "agents " + ", ".join(f"{r.colour} {r.agent!r}" for r in self.colours))
        return (f"Win odds from {self.where}: {self.matches} matches "
                f"({_seed_range(self.seeds)}), {who}")

    def _shared(self) -> int:
        return sum(1 for w in self.winners if len(w) > 1)

    def __str__(self) -> str:
        word = self.seat_word
        width = _width(word, [r.colour for r in self.colours])
        lines = [self._title(), f"  {word:<{width}} agent      wins   rate   95 % interval"]
        for r in self.colours:
            lines.append(f"  {r.colour:<{width}} {r.agent:<9} {r.wins:>5}  {_pct(r.rate):>5}  "
                         f"{_pct(r.low):>5}–{_pct(r.high)}")
        lines.append(f"A shared win counts for each {word} sharing it "
                     f"({self._shared()} matches ended in one).")
        return "\n".join(lines)

    def __repr__(self) -> str:
        rates = ", ".join(f"{r.colour} {r.wins}/{r.matches}" for r in self.colours)
        return f"<WinOdds {self.matches} matches: {rates}>"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{escape(r.colour)}</td><td>{escape(r.agent)}</td>"
            f"<td style='text-align:right'>{r.wins} of {r.matches}</td>"
            f"<td style='text-align:right'>{_pct(r.rate)}</td>"
            f"<td>{_pct(r.low)} – {_pct(r.high)}</td></tr>" for r in self.colours)
        return (f"<div class='bl-win-odds'><p>{escape(self._title())}</p><table>"
                f"<tr><th>{escape(self.seat_word)}</th><th>agent</th><th>wins</th>"
                f"<th>rate</th><th>95 % interval (Wilson)</th></tr>{rows}</table>"
                f"<p>A shared win counts for each {escape(self.seat_word)} sharing it "
                f"({self._shared()} "
                "matches ended in one). The rates are for these players from exactly this "
                "position, not for perfect play.</p></div>")


@dataclass(frozen=True)
class WinOddsComparison:
    """The answer of :func:`compare_win_odds`: both :class:`WinOdds` and the paired differences.

    ``comparison["red"]`` is red's :class:`SeatDifference` (other − baseline).
    """

    baseline: WinOdds
    other: WinOdds
    differences: tuple[SeatDifference, ...]

    def __getitem__(self, seat: str) -> SeatDifference:
        for row in self.differences:
            if row.colour == seat:
                return row
        names = ", ".join(r.colour for r in self.differences)
        word = self.baseline.seat_word
        raise ArgumentError(word, seat, f"not a {word} of these positions ({names})")

    def __iter__(self) -> Any:
        return iter(self.differences)

    def __str__(self) -> str:
        seeds = self.baseline.seeds
        word = self.baseline.seat_word
        width = _width(word, [d.colour for d in self.differences])
        lines = [f"Other position minus baseline, paired on the same {len(seeds)} seeds "
                 f"({_seed_range(seeds)})",
                 f"  {word:<{width}} baseline  other   difference  95 % interval    "
                 "seeds changed"]
        for d in self.differences:
            lines.append(f"  {d.colour:<{width}} {_pct(d.baseline_rate):>7}  "
                         f"{_pct(d.other_rate):>6}"
                         f"  {_signed_pct(d.mean):>10}  {_signed_pct(d.low):>6} to "
                         f"{_signed_pct(d.high):<7} {d.changed:>5}")
        clear = [d.colour for d in self.differences if d.clear]
        lines.append("The interval leaves out 0 for: " + ", ".join(clear) if clear else
                     "No interval leaves out 0: these matches cannot tell the positions apart.")
        return "\n".join(lines)

    def __repr__(self) -> str:
        means = ", ".join(f"{d.colour} {d.mean}" for d in self.differences)
        return f"<WinOddsComparison {len(self.baseline.seeds)} seed pairs: {means}>"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{escape(d.colour)}</td><td>{_pct(d.baseline_rate)}</td>"
            f"<td>{_pct(d.other_rate)}</td><td>{_signed_pct(d.mean)}</td>"
            f"<td>{_signed_pct(d.low)} to {_signed_pct(d.high)}</td><td>{d.changed}</td></tr>"
            for d in self.differences)
        return ("<div class='bl-win-odds'><p>Other position minus baseline, paired on the same "
                f"{len(self.baseline.seeds)} seeds ({_seed_range(self.baseline.seeds)})</p>"
                f"<table><tr><th>{escape(self.baseline.seat_word)}</th><th>baseline</th><th>other</th><th>difference</th>"
                f"<th>95 % interval (paired)</th><th>seeds changed</th></tr>{rows}</table></div>")


# -- the two questions --------------------------------------------------------------------------
def win_odds(position: State, matches: int = 1000, *, agents: AgentKinds = "random",
             seed: int = 0) -> WinOdds:
    """Each seat's chance to win from ``position``, estimated from ``matches`` matches.

    ``position`` is a position of any game (``match.state``, ``position(...)``). Match
    *i* plays on from it with seed ``seed + i``: the seed drives the dice and cards and
    seeds the agents, so the same call always gives the same answer. ``agents`` is an
    agent kind for every seat (``"random"`` or ``"heuristic"``) or a mapping of seats to
    kinds (unnamed seats play ``"random"``).

    >>> from boardlab import mall_of_horror as moh
    >>> start = moh.new_match(players=4, seed=1).state
    >>> odds = moh.win_odds(start, matches=20, agents={"red": "heuristic"}, seed=5)
    >>> [r.wins for r in odds], odds["red"].agent, odds.mean_rounds
    ([1, 11, 4, 4], 'heuristic', Fraction(93, 20))
    >>> moh.win_odds(start, matches=0)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentError: win_odds matches: at least 1 match, at most 100000 (got 0)
    """
    game, state, kinds, seeds = _check("win_odds", position, matches, agents, seed)
    return _estimate(game, state, kinds, seeds)


def compare_win_odds(baseline: State, other: State, matches: int = 1000, *,
                     agents: AgentKinds = "random", seed: int = 0) -> WinOddsComparison:
    """How much a change of position moves each seat's chance to win: ``other − baseline``.

    Both positions are played on the same seeds ``seed … seed + matches − 1`` (common
    random numbers), so much of the luck cancels: the paired interval of the difference
    is narrower than two separate :func:`win_odds` intervals would suggest. The two
    positions must have the same players.

    >>> from boardlab import mall_of_horror as moh
    >>> chars = {6: ["red pinup", "blue toughguy", "yellow gunman"],
    ...          1: ["red toughguy", "yellow girl"], 3: ["blue pinup", "blue girl"],
    ...          5: ["yellow toughguy", "red gunman"]}
    >>> before = moh.position(players=3, characters=chars, zombies={6: 2}, phase="c")
    >>> after = moh.position(players=3, characters=chars, zombies={6: 2}, phase="c",
    ...                      hands={"blue": ["hardware", "weapon2", "threat"]})
    >>> change = moh.compare_win_odds(before, after, matches=200, seed=0)
    >>> change["blue"].baseline_rate, change["blue"].other_rate, change["blue"].mean
    (Fraction(73, 200), Fraction(47, 100), Fraction(21, 200))
    >>> change["blue"].clear
    True
    """
    game, state, kinds, seeds = _check("compare_win_odds", baseline, matches, agents, seed,
                                       argument="baseline")
    other_game, other_state, _, _ = _check("compare_win_odds", other, matches, agents, seed,
                                           argument="other")
    if other_game is not game:
        raise ArgumentTypeError("compare_win_odds other", other, "expected a position of "
                                f"the baseline's game ({game.book.name})")
    if game.seats(other_state) != game.seats(state):
        raise ArgumentError("compare_win_odds other", game.seats(other_state),
                            f"the positions must have the same players; the baseline has "
                            f"{', '.join(game.seats(state))}")
    first = _estimate(game, state, kinds, seeds)
    second = _estimate(game, other_state, kinds, seeds)
    differences = []
    for a, b in zip(first.colours, second.colours, strict=True):
        per_seed = [int(a.colour in w2) - int(a.colour in w1)
                    for w1, w2 in zip(first.winners, second.winners, strict=True)]
        mean, low, high = paired_interval(per_seed)
        differences.append(SeatDifference(a.colour, len(per_seed), a.rate, b.rate, mean,
                                            low, high, sum(1 for d in per_seed if d)))
    return WinOddsComparison(first, second, tuple(differences))


# -- playing and counting -----------------------------------------------------------------------
def _estimate(game: Game, state: State, kinds: tuple[str, ...], seeds: range) -> WinOdds:
    colours = game.seats(state)
    makers = [game.agents[k] for k in kinds]
    results: list[tuple[str, ...]] = []
    rounds = 0
    with paused_gc():  # see paused_gc: each match is played, read and dropped
        for s in seeds:
            match = Match(game.rules, state.setup, seed=s, state=state)
            agents: dict[str, Agent] = {c: make(c, i, s)
                                        for i, (c, make) in enumerate(zip(colours, makers,
                                                                          strict=True))}
            end = play_out(match, agents).state
            results.append(game.winners_of(end))
            rounds += getattr(end, "round", 0)
            del match, end
    n = len(seeds)
    rows = []
    for colour, kind in zip(colours, kinds, strict=True):
        wins = sum(1 for w in results if colour in w)
        shared = sum(1 for w in results if colour in w and len(w) > 1)
        low, high = wilson(wins, n)
        rows.append(SeatOdds(colour, kind, n, wins, shared, Fraction(wins, n), low, high))
    return WinOdds(state, kinds, seeds, tuple(rows), tuple(results), Fraction(rounds, n),
                   game.position_words(state), game.seat_word)


# -- checking the arguments ---------------------------------------------------------------------
def _check(function: str, position: Any, matches: Any, agents: Any, seed: Any, *,
           argument: str = "position") -> tuple[Game, State, tuple[str, ...], range]:
    if isinstance(position, Match):
        raise ArgumentTypeError(f"{function} {argument}", position,
                                "expected a position (a State); for a match, pass match.state")
    try:
        game = game_of(position)
    except ArgumentTypeError:
        raise ArgumentTypeError(f"{function} {argument}", position,
                                "expected a position of a game (position(...), match.state "
                                "or load_position(...))") from None
    # An impossible position (a hand-edited State) is refused before any match is played.
    game.check_state(position, f"{function} {argument}")
    if isinstance(matches, bool) or not isinstance(matches, int):
        raise ArgumentTypeError(f"{function} matches", matches, "expected a whole number")
    if not 1 <= matches <= MAX_MATCHES:
        raise ArgumentError(f"{function} matches", matches,
                            f"at least 1 match, at most {MAX_MATCHES}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError(f"{function} seed", seed, "expected a whole number")
    colours = game.seats(position)
    word = game.seat_word
    known = tuple(game.agents)
    if isinstance(agents, str):
        table = dict.fromkeys(colours, agents)
        where = {c: "agents" for c in colours}
    elif isinstance(agents, Mapping):
        unknown = [c for c in agents if c not in colours]
        if unknown:
            raise ArgumentError(f"{function} agents", unknown[0],
                                f"not a {word} of this position ({', '.join(colours)})")
        table = {c: agents.get(c, "random") for c in colours}
        where = {c: f"agents[{c!r}]" for c in colours}
    else:
        raise ArgumentTypeError(f"{function} agents", agents,
                                f"expected an agent kind ({', '.join(known)}) or a mapping "
                                f"of {word}s to kinds")
    for colour, kind in table.items():
        if not isinstance(kind, str) or kind not in known:
            raise ArgumentError(f"{function} {where[colour]}", kind,
                                f"agent kinds are {', '.join(known)}")
    return game, position, tuple(table[c] for c in colours), range(seed, seed + matches)


def _width(word: str, seats: list[str]) -> int:
    """The seat column's width: 7 (Mall of Horror's "colour" and colours), wider for
    longer names."""
    return max(7, len(word) + 1, *map(len, seats))


def _seed_range(seeds: range) -> str:
    return f"seed {seeds.start}" if len(seeds) == 1 else f"seeds {seeds.start}–{seeds.stop - 1}"


def _pct(value: Fraction | float) -> str:
    if isinstance(value, float) and math.isnan(value):
        return "?"
    return f"{float(value):.1%}"


def _signed_pct(value: Fraction | float) -> str:
    if isinstance(value, float) and math.isnan(value):
        return "?"
    return f"{float(value):+.1%}"
