"""Setup and votes: where a placement is offered, how a vote goes."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.mall_of_horror.choices import Vote
from boardlab.mall_of_horror.config import (
    LOCATIONS,
)
from boardlab.mall_of_horror.queries import (
    eligible_colours,
)
from boardlab.mall_of_horror.rules import RULES, dice_outcomes, open_vote
from boardlab.mall_of_horror.state import State
from boardlab.prob.checks import whole
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist, to_fraction

if TYPE_CHECKING:
    from boardlab.prob.exact import WalkStats
from boardlab.mall_of_horror.odds.edge import (
    FACES,
    _cards,
    _check_location,
    _explain,
    _location,
    _position,
    _setup,
)

__all__ = ["placement_offered", "vote"]


# -- setup and votes -----------------------------------------------------------------------
@overload
def placement_offered(location: int, players: int = ..., *,
                      explain: Literal[False] = ...) -> Fraction: ...
@overload
def placement_offered(location: int, players: int = ..., *,
                      explain: Literal[True]) -> Derivation[Fraction]: ...
def placement_offered(location: int, players: int = 4, *, explain: bool = False) -> Any:
    """P(``location`` shows on at least one of the two placement dice) (MoH-setup-characters).

    >>> print(placement_offered(6))
    11/36
    """
    setup = _setup(players, None, "placement_offered")
    _check_location(location, setup, "placement_offered")
    explain = _explain(explain, "placement_offered")
    p = _placement(location)
    if not explain:
        return p
    from sympy import Integer, Rational, UnevaluatedExpr

    return Derivation(
        f"P(location {location} shows on one of the two placement dice)", p,
        total=FACES**2, closed_form=Integer(1) - UnevaluatedExpr(Rational(5, 6))**2,
        facts=(("placement dice", "2 (MoH-setup-characters)"),),
        steps=("Complement rule: neither die shows it in 5·5 = 25 of the 36 rolls.",))


@lru_cache(maxsize=len(LOCATIONS))
def _placement(location: int) -> Fraction:
    return sum((p for dice, p in dice_outcomes(2) if location in dice.faces), Fraction(0))


VoteStrategy = str | Callable[[str, tuple[str, ...]], Any]


def _strategy_policy(strategies: Mapping[str, VoteStrategy]) -> Callable[..., Any]:
    """A policy for :func:`~boardlab.prob.exact.enumerate_game` from per-voter strategies."""

    def policy(state: State, player: str, legal: Sequence[Any]) -> Any:
        colours = tuple(v.colour for v in legal)
        how = strategies.get(player, "uniform")
        if callable(how):
            picked = how(player, colours)
        elif how == "uniform":
            picked = colours
        elif how == "protect":  # never vote for yourself unless you are the only choice
            picked = tuple(c for c in colours if c != player) or colours
        else:
            raise QuestionError(f"unknown vote strategy {show_value(how)}: 'uniform', "
                                "'protect' or a function (voter, candidates) -> colour or "
                                "{colour: p}")
        return _ballot(player, picked, colours)

    return policy


def _ballot(voter: str, picked: Any, colours: tuple[str, ...]) -> Any:
    """What a strategy picked, checked: a legal colour, a non-empty collection of legal
    colours (one chosen uniformly), or {legal colour: exact probability} adding up to 1."""
    who = f"vote strategy for {voter}"

    def legal(c: Any) -> str:
        if not isinstance(c, str) or c not in colours:
            raise QuestionError(f"{who} picked {show_value(c)}, who cannot be voted for here; "
                                f"the candidates are {', '.join(colours)} (MoH-R7)")
        return c

    if isinstance(picked, str):
        return Vote(legal(picked))
    if isinstance(picked, Mapping):
        mixed: dict[Vote, Fraction] = {}
        for c, p in picked.items():
            q = to_fraction(p, what=f"{who}: probability of {show_value(c)}")
            if q < 0:
                raise QuestionError(f"{who} gives {show_value(c)} the negative probability {q}")
            if q:
                mixed[Vote(legal(c))] = q
        total = sum(mixed.values(), Fraction(0))
        if total != 1:
            raise QuestionError(f"{who}: the probabilities add up to {total}, not 1")
        return mixed
    if isinstance(picked, (tuple, list)) and picked:
        chosen = [legal(c) for c in picked]
        share = Fraction(1, len(chosen))
        out: dict[Vote, Fraction] = {}
        for c in chosen:
            out[Vote(c)] = out.get(Vote(c), Fraction(0)) + share
        return out
    raise QuestionError(f"{who} returned {show_value(picked)}: a strategy returns a colour, "
                        "a non-empty list of colours or {colour: probability}")


def _check_vote(position: Any, location: Any, purpose: Any, threats: Any,
                strategies: Any) -> None:
    _position(position, "vote")
    _location(location, "vote")
    if not isinstance(purpose, str) or purpose not in ("truck", "chief", "sacrifice"):
        raise QuestionError(f"vote: purpose is 'truck', 'chief' or 'sacrifice' (MoH Voting), "
                            f"not {show_value(purpose)}")
    in_play = position.setup.colours
    if threats is not None:
        if not isinstance(threats, Mapping):
            raise ArgumentTypeError("vote: threats", threats,
                                    "give a mapping {colour: Threat cards played}")
        for colour, n in threats.items():
            if not isinstance(colour, str) or colour not in in_play:
                raise QuestionError(f"vote: threats: {show_value(colour)} is not a colour in "
                                    f"this game ({', '.join(in_play)})")
            whole(n, f"threats[{colour!r}] (Threat cards played)", "vote")
        cards = _cards(position.setup.config, "threat")
        if sum(threats.values()) > cards:
            raise QuestionError(f"vote: {sum(threats.values())} Threat cards played, but the "
                                f"deck holds {cards} (MoH Box Contents)")
    if strategies is not None:
        if not isinstance(strategies, Mapping):
            raise ArgumentTypeError("vote: strategies", strategies,
                                    "give a mapping {colour: 'uniform', 'protect' or a "
                                    "function}")
        for colour, how in strategies.items():
            if not isinstance(colour, str) or colour not in in_play:
                raise QuestionError(f"vote: strategies: {show_value(colour)} is not a colour "
                                    f"in this game ({', '.join(in_play)})")
            if not callable(how) and (not isinstance(how, str)
                                      or how not in ("uniform", "protect")):
                raise QuestionError(f"unknown vote strategy {show_value(how)}: 'uniform', "
                                    "'protect' or a function (voter, candidates) -> colour or "
                                    "{colour: p}")


@overload
def vote(position: State, location: int, *, purpose: str = ...,
         threats: dict[str, int] | None = ...,
         strategies: Mapping[str, VoteStrategy] | None = ...,
         explain: Literal[False] = ...) -> Dist[str | None]: ...
@overload
def vote(position: State, location: int, *, purpose: str = ...,
         threats: dict[str, int] | None = ...,
         strategies: Mapping[str, VoteStrategy] | None = ...,
         explain: Literal[True]) -> Derivation[Dist[str | None]]: ...
def vote(position: State, location: int, *, purpose: str = "sacrifice",
         threats: dict[str, int] | None = None,
         strategies: Mapping[str, VoteStrategy] | None = None,
         explain: bool = False) -> Any:
    """Who is chosen when every voter votes uniformly at random among the legal colours.

    The engine's own vote runs: weights (characters, the Gunman's extra vote, Threat
    cards played: MoH-R7), the second vote with everyone (MoH-R8), and the phase's
    second-tie rule: ``None`` (no one) for ``purpose`` ``"truck"`` or ``"chief"``, a
    uniformly random tied colour for ``"sacrifice"``.

    With uniform voters every eligible colour is symmetric, so weight changes only how
    often *no one* is chosen. ``strategies`` gives voters a mind of their own, which is
    where voting power shows: ``"protect"`` (vote for anyone but yourself), or a
    function ``(voter, candidates) -> colour or {colour: probability}``.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=3, characters={6: ["red pinup", "blue pinup"]}, phase="c")
    >>> print(vote(s, 6).P("red"))
    1/2
    >>> s = position(players=4, characters={6: ["red pinup", "red gunman", "blue pinup",
    ...                                         "green pinup"], 4: ["yellow pinup"]}, phase="c")
    >>> protective = dict.fromkeys(("red", "blue", "green"), "protect")
    >>> print(vote(s, 6, strategies=protective).P("red"))  # 3 votes (Gunman) outvote any pair
    0
    >>> print(vote(s, 6, strategies=protective).P("blue"))
    1/2
    """
    from boardlab.prob.exact import WalkStats

    _check_vote(position, location, purpose, threats, strategies)
    explain = _explain(explain, "vote")
    candidates = eligible_colours(position, location)
    if not candidates:
        raise QuestionError(f"no one at location {location} can be voted for")
    for colour in threats or {}:
        if colour not in candidates:
            raise QuestionError(f"{colour} has no voting character at {location} (MoH-R7)")
    ordered = tuple(sorted((threats or {}).items()))
    stats = WalkStats()
    answer, weights = _walk_vote(position, location, purpose, ordered, strategies, stats)
    if not explain:
        return answer
    return _vote_derivation(position, location, purpose, answer, weights, ordered,
                            strategies, stats.nodes, stats.merged)


def _walk_vote(position: State, location: int, purpose: str,
               ordered: tuple[tuple[str, int], ...],
               strategies: Mapping[str, VoteStrategy] | None,
               stats: WalkStats) -> tuple[Dist[str | None], tuple[tuple[str, int], ...]]:
    """Who the engine's vote chooses, walked exactly, and the vote weights (MoH-R7)."""
    from boardlab.prob.exact import enumerate_game

    candidates = eligible_colours(position, location)
    if len(candidates) == 1:
        answer: Dist[str | None] = Dist({candidates[0]: 1})
        weights: tuple[tuple[str, int], ...] = ()
    else:
        start = open_vote(position, purpose, location, ordered)
        weights = start.pending.weights
        # A step may run on past this vote (into the next phase or location, which may
        # hold a vote of its own), so the result is the FIRST outcome event of the step.
        results = ("chosen", "chief", "searcher")

        def outcome(events: tuple[Any, ...]) -> Any:
            return next((e for e in events if e.kind in results or e.kind == "no_result"),
                        None)

        def done(state: State, events: tuple[Any, ...]) -> bool:
            first = outcome(events)
            return first is not None and not (first.kind == "no_result"
                                              and state.pending.kind == "tiebreak")

        def chosen(state: State, events: tuple[Any, ...]) -> Hashable:
            first = outcome(events)
            return first.who if first is not None and first.kind in results else None

        # Ballots that lead to the same tally merge (merge=True): same answer as the
        # tree of every ballot sequence, fewer states.
        answer = enumerate_game(RULES, start, stop=done, value=chosen,
                                policy=_strategy_policy(strategies or {}), merge=True,
                                stats=stats)
    return answer, weights


def _vote_derivation(position: State, location: int, purpose: str,
                     answer: Dist[str | None], weights: tuple[tuple[str, int], ...],
                     ordered: tuple[tuple[str, int], ...],
                     strategies: Mapping[str, VoteStrategy] | None, nodes: int,
                     merged: int) -> Derivation[Dist[str | None]]:
    """The derivation :func:`vote` answers with ``explain=True``."""
    candidates = eligible_colours(position, location)
    second = "no one is chosen" if purpose in ("truck", "chief") else \
        "chance picks one of the tied colours"
    facts = [("location", f"{location} {position.setup.config.name(location)}"),
             ("candidates", ", ".join(candidates)),
             ("votes (MoH-R7)", ", ".join(f"{c} {n}" for c, n in weights) or "—"),
             ("second tie (MoH-R8)", second)]
    if ordered:
        facts.append(("Threat cards", ", ".join(f"{c} {n}" for c, n in ordered)))
    if strategies:
        facts.append(("strategies", ", ".join(
            f"{c}: {s if isinstance(s, str) else getattr(s, '__name__', 'custom')}"
            for c, s in sorted(strategies.items()))))
    steps: tuple[str, ...] = (
        "Every voter picks among the legal colours (uniformly unless a strategy says "
        "otherwise); the engine tallies each ballot sequence, with the second vote of "
        "everyone on a tie.",)
    if nodes:
        steps += (f"The engine's vote was walked exactly: {nodes} states visited, "
                  f"{merged} merged where different ballots met the same tally.",)
    return Derivation(f"Who is chosen by the {purpose} vote at location {location}", answer,
                      facts=facts, steps=steps)
