"""Exact Mall of Horror odds, answered from the engine's own chance nodes.

Every answer is exact: a :class:`fractions.Fraction` for a probability or a mean, an
``int`` for a count (:func:`threshold`), a :class:`~boardlab.prob.dist.Dist` for a
distribution, a ``dict`` location → Fraction for an answer per location. With
``explain=True`` every function returns a :class:`~boardlab.prob.derivation.Derivation`
instead, whose ``.answer`` is that same value and which shows the working: the
outcomes that count over all outcomes, the closed form where there is one, the rule
facts used (one sub-derivation per location for answers per location).

Nothing here imports sympy unless a closed form is shown (``explain=True``), so the
board's odds panel (:func:`live_odds`, at every step) stays light. Cached work is
bounded (``lru_cache(maxsize=...)``) and read-only.

>>> from boardlab.mall_of_horror import odds
>>> print(odds.break_in(6, defence=5, zombies=2))
19/144
>>> odds.placement_offered(3)
Fraction(11, 36)
>>> odds.placement_offered(3, explain=True).total
36
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core import validate
from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.mall_of_horror.choices import Vote
from boardlab.mall_of_horror.config import (
    CARDS,
    LOCATIONS,
    PARKING,
    SUPERMARKET,
    Config,
    Setup,
)
from boardlab.mall_of_horror.queries import (
    break_in_threshold,
    characters_at,
    defence,
    eligible_colours,
    extra_zombies,
    is_open,
    location_label,
    under_attack,
)
from boardlab.mall_of_horror.rules import RULES, dice_outcomes, open_vote, preview_round
from boardlab.mall_of_horror.state import Pending, State
from boardlab.prob.checks import flag, whole
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist, show_prob, to_fraction
from boardlab.prob.limits import check_limit

if TYPE_CHECKING:
    from boardlab.prob.markov import AbsorbingChain

__all__ = [
    "any_break_in", "arrivals", "arrivals_at", "break_in", "expected_break_ins",
    "expected_rounds_to_seal", "live_odds", "placement_offered", "round_odds",
    "round_outcomes", "seal_chain", "threshold", "vote",
]

FACES = 6
_DEFAULT_CONFIG = Config()


# -- the edge: every public function checks its arguments here before any work ------------
# Bad questions raise QuestionError (a ConfigError, as before), wrong types
# ArgumentTypeError (a TypeError); a bad player count stays a ConfigError from Setup.
def _config(config: Any, function: str) -> Config:
    if config is None:
        return _DEFAULT_CONFIG
    if not isinstance(config, Config):
        raise ArgumentTypeError(f"{function}: config", config,
                                "must be a Mall of Horror Config (moh.Config(...)) or None")
    return config


def _explain(explain: Any, function: str) -> bool:
    return flag(explain, "explain", function)


def _position(position: Any, function: str, name: str = "position") -> State:
    if not isinstance(position, State):
        raise ArgumentTypeError(f"{function}: {name}", position,
                                "must be a Mall of Horror State (see moh.position or a "
                                "match's .state)")
    return position


def _location(location: Any, function: str) -> int:
    loc = whole(location, "location", function, low=None)
    if loc not in LOCATIONS:
        raise QuestionError(f"{function}: unknown location {show_value(loc)}: locations are "
                            "1–6 (MoH Box Contents)")
    return loc


@lru_cache(maxsize=1)
def _most_defence() -> int:
    """The largest defence any location can have: every character of the largest game
    there, a Tough Guy counting 2 (MoH-R5). Capacities are not used, so that a what-if
    with a made-up defence keeps its answer. Worked out once."""
    return max(n * sum(2 if k == "toughguy" else 1 for k in Setup(players=n).kinds)
               for n in range(3, 7))


def _cards(config: Config, card: str) -> int:
    """How many ``card`` cards the deck holds (MoH Box Contents)."""
    return _deck(config)[CARDS.index(card)]


def _seal_rule(config: Config, function: str) -> None:
    check_limit(function, "seal_at", config.seal_at)

# Cache sizes: a session asks about a handful of setups and dice counts, and the board
# about the positions of one match; a bounded cache keeps no more than this alive.
_SETUP_CACHE = 64
_POSITION_CACHE = 256


def _setup(players: int, config: Config | None, function: str = "odds") -> Setup:
    # The checked records of the usual questions are built once (Setup and Config are
    # frozen): a whole number of players, the default rules or a Config.
    if type(players) is int:
        if config is None:
            setup = _DEFAULT_SETUPS.get(players)
            if setup is not None:
                return setup
        elif type(config) is Config:
            return _setup_of(players, config)
    return Setup(players=players, config=_config(config, function))


@lru_cache(maxsize=_SETUP_CACHE)
def _setup_of(players: int, config: Config) -> Setup:
    return Setup(players=players, config=config)


@lru_cache(maxsize=_SETUP_CACHE)
def _deck(config: Config) -> tuple[int, ...]:
    return config.deck()


_DEFAULT_SETUPS = {n: Setup(players=n) for n in range(3, 7)}


def _check_location(location: int, setup: Setup, function: str = "odds") -> None:
    _location(location, function)
    if location in setup.closed:
        raise QuestionError(f"location {location} is closed with {setup.players} players "
                            "(MoH-R3): no zombie ever arrives there")


# -- arrivals -------------------------------------------------------------------------------
@lru_cache(maxsize=_SETUP_CACHE)
def _arrival_weights(setup: Setup) -> Mapping[tuple[int, ...], Fraction]:
    """Joint zombies per location from the engine's arrival roll (closed dice ignored)."""
    closed = setup.closed
    weights: dict[tuple[int, ...], Fraction] = {}
    for dice, p in dice_outcomes(setup.config.dice):
        counts = [0] * 6
        for face in dice.faces:
            if face not in closed:  # MoH-R3: a die showing the closed location is ignored
                counts[face - 1] += 1
        key = tuple(counts)
        weights[key] = weights.get(key, Fraction(0)) + p
    return MappingProxyType(weights)


@lru_cache(maxsize=_SETUP_CACHE)
def _arrival_dist(setup: Setup) -> Dist[tuple[int, ...]]:
    # A Dist is immutable, so the one built here is handed out as it is.
    return Dist(_arrival_weights(setup))


@overload
def arrivals(players: int = ..., *, config: Config | None = ...,
             explain: Literal[False] = ...) -> Dist[tuple[int, ...]]: ...
@overload
def arrivals(players: int = ..., *, config: Config | None = ...,
             explain: Literal[True]) -> Derivation[Dist[tuple[int, ...]]]: ...
def arrivals(players: int = 4, *, config: Config | None = None,
             explain: bool = False) -> Any:
    """The joint number of zombies the arrival dice bring to locations 1–6.

    Outcomes are 6-tuples of counts; with 3–4 players a die showing the closed
    location 2 is ignored (MoH-R3), so the counts can add up to less than 4.

    >>> d = arrivals(players=4)
    >>> d.P(lambda c: c[1] > 0)
    Fraction(0, 1)
    >>> print(d.P(lambda c: sum(c) == 4))
    625/1296
    """
    setup = _setup(players, config, "arrivals")
    explain = _explain(explain, "arrivals")
    answer = _arrival_dist(setup)
    if not explain:
        return answer
    dice = setup.config.dice
    facts = [("arrival dice", f"{dice} (MoH-c)"), ("players", str(players))]
    if setup.closed:
        facts.append(("closed", f"{', '.join(map(str, setup.closed))}: a die showing it is "
                                "ignored (MoH-R3)"))
    return Derivation(
        f"Zombies the {dice} arrival dice bring to each location", answer,
        facts=facts,
        steps=(f"Each die shows each location 1–6 with probability 1/6, so all {FACES}^{dice}"
               f" = {FACES**dice} ordered rolls are equally likely.",
               "Counts per location (c1, …, c6) come up in n!/(c1!⋯c6!) of them "
               "(a multinomial coefficient).",
               "The engine's own arrival node lists them, collapsed to counts."))


@lru_cache(maxsize=_SETUP_CACHE)
def _count_weights(dice: int) -> Mapping[int, Fraction]:
    """How many of ``dice`` fair dice show one given face: a binomial count.

    Each die is uniform over the six faces in the engine (its arrival node), whatever
    locations are closed, so k of n dice show the location in C(n, k)·5^(n−k) of the
    6^n ordered rolls; tests check this against the engine's own chance node.
    """
    total = FACES**dice
    return MappingProxyType({k: Fraction(comb(dice, k) * (FACES - 1) ** (dice - k), total)
                             for k in range(dice + 1)})


@lru_cache(maxsize=_SETUP_CACHE)
def _count_dist(dice: int) -> Dist[int]:
    return Dist(_count_weights(dice))


@lru_cache(maxsize=_SETUP_CACHE)
def _at_least(dice: int) -> tuple[Fraction, ...]:
    """``table[k]`` = P(at least k of ``dice`` dice show one face), k = 0 … dice + 1."""
    weights = _count_weights(dice)
    return tuple(sum((p for n, p in weights.items() if n >= k), Fraction(0))
                 for k in range(dice + 2))


@overload
def arrivals_at(location: int, players: int = ..., *, config: Config | None = ...,
                explain: Literal[False] = ...) -> Dist[int]: ...
@overload
def arrivals_at(location: int, players: int = ..., *, config: Config | None = ...,
                explain: Literal[True]) -> Derivation[Dist[int]]: ...
def arrivals_at(location: int, players: int = 4, *, config: Config | None = None,
                explain: bool = False) -> Any:
    """How many zombies the arrival dice bring to ``location`` (a binomial count).

    >>> print(arrivals_at(6).P(4))
    1/1296
    """
    setup = _setup(players, config, "arrivals_at")
    _check_location(location, setup, "arrivals_at")
    explain = _explain(explain, "arrivals_at")
    dice = setup.config.dice
    answer = _count_dist(dice)
    if not explain:
        return answer
    from sympy import Rational, Symbol

    from boardlab.prob.symbolic import exactly_k_of_n

    return Derivation(
        f"Zombies the arrival dice bring to location {location_label(setup.config, location)}",
        answer,
        closed_form=exactly_k_of_n(Symbol("k"), dice, Rational(1, FACES)),
        facts=(("arrival dice", f"{dice} (MoH-c)"),
               ("one die", f"shows {location} with probability 1/6")),
        steps=(f"k of the {dice} dice show {location} in C({dice}, k)·5^({dice}−k) of the "
               f"{FACES**dice} ordered rolls: a binomial count.",))


def _check_one_location(function: str, config: Config, location: Any, defence: Any,
                        hardware: Any, least_defence: int = 0) -> None:
    """Location 1–6, a defence its characters can reach (MoH-R5), Hardware cards in hand."""
    _location(location, function)
    _check_defence(function, config, defence, hardware, least_defence)


def _check_defence(function: str, config: Config, defence: Any, hardware: Any,
                   least_defence: int) -> None:
    """A defence its characters can reach (MoH-R5), Hardware cards in hand."""
    most = _most_defence()
    defence = whole(defence, "defence", function, low=None)
    if not least_defence <= defence <= most:
        raise QuestionError(f"{function}: defence must be between {least_defence} and {most} "
                            f"(every character of a 6-player game, a Tough Guy counting 2: "
                            f"MoH-R5), not {show_value(defence)}")
    whole(hardware, "hardware (Hardware cards played)", function, low=0,
          high=_cards(config, "hardware"))


# -- one location -----------------------------------------------------------------------------
@overload
def threshold(location: int, *, defence: int, hardware: int = ...,
              config: Config | None = ..., explain: Literal[False] = ...) -> int: ...
@overload
def threshold(location: int, *, defence: int, hardware: int = ...,
              config: Config | None = ..., explain: Literal[True]) -> Derivation[int]: ...
def threshold(location: int, *, defence: int, hardware: int = 0,
              config: Config | None = None, explain: bool = False) -> Any:
    """Zombies needed to break in (MoH-R5): defence + Hardware, at most 4 at the Supermarket.

    A count, so an ``int``.

    >>> threshold(6, defence=5), threshold(3, defence=3, hardware=1)
    (4, 4)
    """
    cfg = _config(config, "threshold")
    _check_one_location("threshold", cfg, location, defence, hardware)
    explain = _explain(explain, "threshold")
    need, why = _threshold(location, defence, hardware, cfg)
    if not explain:
        return need
    return Derivation(f"Zombies needed to break into location {location}", need,
                      facts=(("defence", f"{defence} (characters, a Tough Guy counting 2)"),
                             ("Hardware", str(hardware)), ("threshold", why)))


def _threshold(location: int, defence: int, hardware: int, cfg: Config) -> tuple[int, str]:
    """The threshold of checked arguments, and why (the words of ``explain=True``)."""
    if hardware and location == PARKING:
        raise QuestionError("Hardware cannot be played at the Parking Lot (MoH-R5, "
                            "MoH-f-cards)")
    if location == PARKING:
        need = 1  # MoH-R6: every zombie there eats; defence plays no part
        why = "any zombie at the Parking Lot eats (MoH-R6)"
    elif location == SUPERMARKET:
        need = min(defence + hardware, cfg.supermarket_threshold)
        why = (f"min({defence} + {hardware}, {cfg.supermarket_threshold}) = {need}: "
               "the Supermarket falls to 4 zombies whatever its defence (MoH-f-supermarket)")
    else:
        need = defence + hardware
        why = f"defence {defence} + Hardware {hardware} = {need} (MoH-R5)"
    return need, why


@overload
def break_in(location: int, *, defence: int, zombies: int = ..., hardware: int = ...,
             players: int = ..., config: Config | None = ...,
             explain: Literal[False] = ...) -> Fraction: ...
@overload
def break_in(location: int, *, defence: int, zombies: int = ..., hardware: int = ...,
             players: int = ..., config: Config | None = ...,
             explain: Literal[True]) -> Derivation[Fraction]: ...
def break_in(location: int, *, defence: int, zombies: int = 0, hardware: int = 0,
             players: int = 4, config: Config | None = None,
             explain: bool = False) -> Any:
    """P(the zombies break into ``location`` after this round's dice), without extra zombies.

    ``defence`` counts characters (a Tough Guy twice, MoH-f-toughguy); ``zombies`` are
    already in front. At the Supermarket 4 zombies always suffice (MoH-f-supermarket);
    Hardware is not allowed at the Parking Lot, where any zombie means a meal (MoH-R6).

    >>> print(break_in(6, defence=2, zombies=0))
    19/144
    >>> break_in(1, defence=3, zombies=3)
    Fraction(1, 1)
    """
    setup = _setup(players, config, "break_in")
    _check_location(location, setup, "break_in")
    if type(defence) is int and defence < 1:
        raise QuestionError("defence must be at least 1: with no one there, nothing breaks in "
                            "(MoH-f)")
    # the location was checked just above: defence and Hardware are what is left
    _check_defence("break_in", setup.config, defence, hardware, 1)
    zombies = whole(zombies, "zombies (already in front)", "break_in")
    explain = _explain(explain, "break_in")
    need = _threshold(location, defence, hardware, setup.config)[0]
    k = max(0, need - zombies)
    table = _at_least(setup.config.dice)
    p = table[k] if k < len(table) else Fraction(0)
    if not explain:
        return p
    return _explain_break_in(location, setup, defence, zombies, hardware, need, k, p)


def _explain_break_in(location: int, setup: Setup, defence: int, zombies: int, hardware: int,
                      need: int, k: int, p: Fraction) -> Derivation[Fraction]:
    from sympy import Rational, symbols

    from boardlab.prob.symbolic import at_least_k_of_n

    dice = setup.config.dice
    total = FACES**dice
    facts = [("location", location_label(setup.config, location)),
             ("zombies already in front", str(zombies))]
    if location == PARKING:
        facts.append(("rule", "every zombie at the Parking Lot eats (MoH-R6)"))
    else:
        facts.append(("defence", f"{defence} (characters, a Tough Guy counting 2: MoH-R5)"))
        if hardware:
            facts.append(("Hardware", f"+{hardware} this round (MoH-f-cards)"))
        if location == SUPERMARKET:
            facts.append(("threshold", f"min({defence + hardware}, "
                                       f"{setup.config.supermarket_threshold}) = {need} "
                                       "(MoH-f-supermarket)"))
        else:
            facts.append(("threshold", f"{need} zombies break in (MoH-R5)"))
    facts.append(("arrivals needed", f"at least {k} of {dice} dice showing {location}"))
    n_, k_, p_ = symbols("n k p")
    closed = None
    if 0 < k <= dice:
        closed = at_least_k_of_n(k_, n_, p_).subs({k_: k, n_: dice, p_: Rational(1, 6)})
    steps = (f"Each die shows {location} with probability 1/6.",
             f"Break-in needs {need} zombies; {zombies} are there, so {k} must arrive.",
             f"P = {p} = {p * total}/{total} of the {total} ordered rolls.")
    return Derivation(f"P(zombies break into location {location} this round)", p,
                      favourable=int(p * total), total=total, closed_form=closed,
                      facts=facts, steps=steps)


# -- a whole round -----------------------------------------------------------------------------
def _roll_state(position: State) -> State:
    """``position`` with the arrival roll as the pending chance node (moves done)."""
    _position(position, "round_odds")
    if position.phase in ("e", "f", "over", "setup"):
        raise QuestionError(f"round_odds needs a position before the arrival dice are placed "
                            f"(phases a–d), not phase {show_value(position.phase)}")
    return position._replace(pending=Pending("arrival_roll"), roll=())


@lru_cache(maxsize=_POSITION_CACHE)
def _round_weights(position: State) -> Mapping[tuple[int, ...], Fraction]:
    """Distribution of the set of locations broken into, over the engine's own roll.

    Keyed by the position, so the cache is bounded: the board asks at every step.
    """
    state = _roll_state(position)
    total = FACES**state.setup.config.dice
    counts: dict[tuple[int, ...], int] = {}  # ordered rolls per result: exact integers
    for outcome, p in RULES.outcomes(state):  # the engine's own chance node
        fallen = preview_round(state, outcome.faces)
        counts[fallen] = counts.get(fallen, 0) + p.numerator * (total // p.denominator)
    return MappingProxyType({fallen: Fraction(n, total) for fallen, n in counts.items()})


def _round_steps(position: State) -> tuple[str, ...]:
    dice = position.setup.config.dice
    total = FACES**dice
    return (f"All {total} ordered rolls of {dice} dice enumerated through the engine's "
            f"arrival node ({len(dice_outcomes(dice))} distinct counts).",
            "For each: dice placed (closed and sealed locations ignored), sealing of empty "
            "locations (MoH-R12), extra zombies (MoH-R13), then the attack check (MoH-R5, "
            "MoH-R6); characters stay where they stand and no card is played.")


def _position_facts(position: State) -> list[tuple[str, str]]:
    facts = [("players", str(position.setup.players))]
    if position.setup.closed:
        facts.append(("closed (MoH-R3)", ", ".join(map(str, position.setup.closed))))
    if position.sealed:
        facts.append(("sealed (MoH-e-seal)", ", ".join(map(str, position.sealed))))
    return facts


@overload
def round_outcomes(position: State, *,
                   explain: Literal[False] = ...) -> Dist[tuple[int, ...]]: ...
@overload
def round_outcomes(position: State, *,
                   explain: Literal[True]) -> Derivation[Dist[tuple[int, ...]]]: ...
def round_outcomes(position: State, *, explain: bool = False) -> Any:
    """Distribution of the tuple of locations the zombies break into in phase f).

    The characters stay where they stand (moves done); the hidden arrival dice are
    enumerated through the engine's chance node, then the engine places them (closed
    and sealed locations ignored), seals empty locations (MoH-R12) and adds the extra
    zombies (MoH-R13) before checking every location, with no card played.
    """
    _position(position, "round_outcomes")
    explain = _explain(explain, "round_outcomes")
    answer = Dist(_round_weights(position))
    if not explain:
        return answer
    return Derivation("Which locations the zombies break into this round", answer,
                      facts=_position_facts(position), steps=_round_steps(position))


def _occupied_open(position: State) -> list[int]:
    return [loc for loc in LOCATIONS if is_open(position, loc) and characters_at(position, loc)]


@overload
def round_odds(position: State, *, explain: Literal[False] = ...) -> dict[int, Fraction]: ...
@overload
def round_odds(position: State, *,
               explain: Literal[True]) -> Derivation[dict[int, Fraction]]: ...
def round_odds(position: State, *, explain: bool = False) -> Any:
    """P(each open location with characters is broken into this round), per location.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=4, characters={6: ["red pinup", "blue toughguy", "green gunman"],
    ...                                     4: ["yellow gunman"], 3: ["red gunman", "blue pinup"]},
    ...              zombies={6: 1, 3: 1}, phase="c")
    >>> print(round_odds(s))
    {3: Fraction(671, 1296), 4: Fraction(671, 1296), 6: Fraction(19, 144)}
    >>> round_odds(s, explain=True)[6].favourable
    171
    """
    _position(position, "round_odds")
    explain = _explain(explain, "round_odds")
    weights = _round_weights(position)
    locations = _occupied_open(position)
    answer = {loc: sum((p for fallen, p in weights.items() if loc in fallen), Fraction(0))
              for loc in locations}
    if not explain:
        return answer
    return Derivation("P(each occupied location is broken into this round)", answer,
                      facts=_position_facts(position), steps=_round_steps(position),
                      parts={loc: _explain_round(position, loc, answer[loc])
                             for loc in locations})


def _explain_round(position: State, location: int, p: Fraction) -> Derivation[Fraction]:
    dice = position.setup.config.dice
    total = FACES**dice
    bonus = extra_zombies(position).get(location, 0)
    facts = [("characters", ", ".join(f"{c} {k}" for c, k in characters_at(position, location))),
             ("zombies in front", str(position.zombies[location - 1])),
             ("extra zombies (MoH-R13)", str(bonus))]
    if location != PARKING:
        facts.append(("defence (MoH-R5)", str(defence(position, location))))
        facts.append(("zombies needed", str(break_in_threshold(position, location))))
    else:
        facts.append(("rule", "any zombie at the Parking Lot eats (MoH-R6)"))
    return Derivation(f"P(location {location} is broken into this round)", p,
                      favourable=int(p * total), total=total, facts=facts,
                      steps=(f"Count the rolls of the {total} after which location "
                             f"{location} falls.",))


@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[False] = ...) -> dict[int, Fraction]: ...
@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[True]) -> Derivation[dict[int, Fraction]]: ...
def live_odds(state: State, *, viewer: str | None = None, explain: bool = False) -> Any:
    """The odds a board shows at any point of a match, per occupied open location.

    Phases a–d: :func:`round_odds` (the arrival dice still unknown; characters as they
    stand now). Phases e and f: the dice are on the table, so each answer is 0 or 1 —
    would the zombies there break in now, extra zombies included, before any card.
    Setup and the end: no odds (an empty dict). sympy is never imported here.
    ``viewer`` (a colour, ``"public"`` or ``None`` for a narrator) changes nothing: these
    odds read only what every player sees (where the characters stand, the zombies, and
    in phases e and f the dice on the table), never a hand, a vote or a destination.

    >>> from boardlab.mall_of_horror import play
    >>> live_odds(play(players=4, seed=1).state)
    {}
    """
    _position(state, "live_odds", "state")
    validate.viewer(viewer, "viewer", state.setup.colours)
    explain = _explain(explain, "live_odds")
    if state.phase in ("a", "b", "c", "d"):
        return round_odds(state, explain=True) if explain else round_odds(state)
    if state.phase not in ("e", "f"):
        answer: dict[int, Fraction] = {}
        if not explain:
            return answer
        return Derivation("P(each occupied location is broken into this round)", answer,
                          steps=(f"No odds in phase {state.phase!r}: no arrival roll "
                                 "is coming.",))
    # In phase e the extra zombies of phase f are still to come, before any attack.
    extra = extra_zombies(state) if state.phase == "e" else {}
    fallen = set(under_attack(state, with_extra_zombies=state.phase == "e"))
    answer = {loc: Fraction(int(loc in fallen)) for loc in _occupied_open(state)}
    if not explain:
        return answer
    parts = {}
    for loc, p in answer.items():
        need = ("any zombie (MoH-R6)" if loc == PARKING
                else f"{break_in_threshold(state, loc)} (MoH-R5)")
        parts[loc] = Derivation(f"Do the zombies break into location {loc} now?", p,
                                facts=(("zombies in front",
                                        str(state.zombies[loc - 1] + extra.get(loc, 0))),
                                       ("zombies needed", need)))
    step = ("The arrival dice are on the table, so each location either falls (1) or not "
            "(0) before any card is played")
    if state.phase == "e":
        step += "; phase f's extra zombies (MoH-R13) are already counted in"
    return Derivation("P(each occupied location is broken into this round)", answer,
                      facts=_position_facts(state), steps=(step + ".",), parts=parts)


@overload
def any_break_in(position: State, *, explain: Literal[False] = ...) -> Fraction: ...
@overload
def any_break_in(position: State, *, explain: Literal[True]) -> Derivation[Fraction]: ...
def any_break_in(position: State, *, explain: bool = False) -> Any:
    """P(at least one location is broken into this round) — a joint question.

    Locations are not independent (the same four dice serve them all), so this is not
    one minus the product of the per-location complements.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=4, characters={6: ["red pinup", "blue toughguy", "green gunman"],
    ...                                     4: ["yellow gunman"], 3: ["red gunman", "blue pinup"]},
    ...              zombies={6: 1, 3: 1}, phase="c")
    >>> print(any_break_in(s))
    41/48
    """
    _position(position, "any_break_in")
    explain = _explain(explain, "any_break_in")
    weights = _round_weights(position)
    p = sum((p for fallen, p in weights.items() if fallen), Fraction(0))
    if not explain:
        return p
    total = FACES**position.setup.config.dice
    independent = Fraction(1)
    for q in round_odds(position).values():
        independent *= 1 - q
    return Derivation(
        "P(at least one location is broken into this round)", p,
        favourable=int(p * total), total=total, facts=_position_facts(position),
        steps=(*_round_steps(position),
               "Add up the rolls after which at least one location falls.",
               f"Treating the locations as independent would give 1 − Π(1 − p) = "
               f"{1 - independent} ≈ {show_prob(1 - independent, 'percent')}: wrong, "
               "because the same dice serve every location."))


@overload
def expected_break_ins(position: State, *, explain: Literal[False] = ...) -> Fraction: ...
@overload
def expected_break_ins(position: State, *,
                       explain: Literal[True]) -> Derivation[Fraction]: ...
def expected_break_ins(position: State, *, explain: bool = False) -> Any:
    """The expected number of locations broken into this round.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=4, characters={6: ["red pinup"], 4: ["blue pinup"]}, phase="c")
    >>> print(expected_break_ins(s))  # ties: no extra zombie; each falls to one die in 671/1296
    671/648
    """
    _position(position, "expected_break_ins")
    explain = _explain(explain, "expected_break_ins")
    weights = _round_weights(position)
    e = sum((len(fallen) * p for fallen, p in weights.items()), Fraction(0))
    if not explain:
        return e
    from sympy import Add

    from boardlab.prob.dist import sympy_rational

    per = round_odds(position)
    closed = Add(*(sympy_rational(q) for q in per.values()), evaluate=False) if per else None
    return Derivation(
        "Expected number of locations broken into this round", e, kind="expectation",
        closed_form=closed, facts=_position_facts(position),
        steps=(*_round_steps(position),
               "Linearity of expectation: the count of fallen locations is a sum of one "
               "indicator per location, so its mean is the sum of their probabilities "
               "(no independence needed): "
               + " + ".join(str(q) for q in per.values()) + "."))


# -- sealing ----------------------------------------------------------------------------------
@lru_cache(maxsize=_SETUP_CACHE)
def _seal_chain(dice: int, seal_at: int) -> AbsorbingChain[Hashable]:
    from boardlab.prob.markov import AbsorbingChain

    per_round = _count_weights(dice)

    def step(z: Hashable) -> dict[Hashable, Fraction]:
        out: dict[Hashable, Fraction] = {}
        for n, p in per_round.items():
            nxt: Hashable = "sealed" if z + n >= seal_at else z + n  # type: ignore[operator]
            out[nxt] = out.get(nxt, Fraction(0)) + p
        return out

    return AbsorbingChain.from_transition(list(range(seal_at)), step,
                                          lambda s: s == "sealed")


@lru_cache(maxsize=_SETUP_CACHE)
def _seal_steps(dice: int, seal_at: int) -> tuple[Fraction, ...]:
    """Expected rounds to sealing from 0 … seal_at − 1 zombies: solved once per rule set."""
    chain = _seal_chain(dice, seal_at)
    return tuple(chain.expected_steps(z) for z in range(seal_at))


def seal_chain(players: int = 4, *, config: Config | None = None) -> AbsorbingChain[Hashable]:
    """The absorbing chain of an empty open location gaining zombies until it is sealed.

    States are the zombies in front (0 … seal_at − 1) and ``"sealed"``. Each round one
    zombie arrives per die showing the location (MoH-c); an empty location draws no
    extra zombie (MoH-R13); at ``seal_at`` (8) it is sealed (MoH-e-seal). A model, not
    an answer, so it takes no ``explain``; the chain is built once per rule set.

    >>> chain = seal_chain()
    >>> chain.absorption_probabilities(0)
    {'sealed': Fraction(1, 1)}
    """
    setup = _setup(players, config, "seal_chain")
    _seal_rule(setup.config, "seal_chain")
    return _seal_chain(setup.config.dice, setup.config.seal_at)


@overload
def expected_rounds_to_seal(zombies: int = ..., players: int = ..., *,
                            config: Config | None = ...,
                            explain: Literal[False] = ...) -> Fraction: ...
@overload
def expected_rounds_to_seal(zombies: int = ..., players: int = ..., *,
                            config: Config | None = ...,
                            explain: Literal[True]) -> Derivation[Fraction]: ...
def expected_rounds_to_seal(zombies: int = 0, players: int = 4, *,
                            config: Config | None = None, explain: bool = False) -> Any:
    """Expected rounds until an empty open location with ``zombies`` in front is sealed.

    The chain is solved once per rule set (dice, seal_at) and kept, so a repeated
    question is a lookup.

    >>> print(expected_rounds_to_seal(7))
    1296/671
    >>> float(expected_rounds_to_seal(0))  # a shade under the long-run 99/8
    12.37499997392801
    """
    cfg = _config(config, "expected_rounds_to_seal")
    if type(players) is not int or players != 4:
        Setup(players=players, config=cfg)  # validates the player count (MoH-R3)
    explain = _explain(explain, "expected_rounds_to_seal")
    seal_at = cfg.seal_at
    if whole(zombies, "zombies", "expected_rounds_to_seal", low=None) not in range(seal_at):
        raise QuestionError(f"zombies must be between 0 and {seal_at - 1}: at {seal_at} an "
                            "empty location is sealed (MoH-e-seal)")
    _seal_rule(cfg, "expected_rounds_to_seal")
    steps = _seal_steps(cfg.dice, seal_at)
    e = steps[zombies]
    if not explain:
        return e
    per_round = _count_weights(cfg.dice)
    equations = []
    for z in range(seal_at - 1, zombies - 1, -1):
        terms = " + ".join(f"{per_round[k]}·E({z + k})" for k in per_round
                           if z + k < seal_at)
        equations.append(f"E({z}) = 1 + {terms} = {steps[z]}")
    return Derivation(
        f"Expected rounds until an empty location with {zombies} zombies is sealed", e,
        kind="expectation",
        facts=(("arrival dice", f"{cfg.dice}: k of them show the location with "
                                f"C({cfg.dice}, k)·5^({cfg.dice}−k)/6^{cfg.dice} (MoH-c)"),
               ("sealed at", f"{seal_at} zombies in front of an empty location "
                             "(MoH-e-seal)"),
               ("extra zombies", "none: an empty location draws none (MoH-R13)")),
        steps=("First-step analysis: one round passes, then the location has z + k "
               "zombies with the chance that k dice show it (E(z + k) = 0 once sealed).",
               *equations,
               "The same numbers come from the fundamental matrix N = (I − Q)⁻¹ of the "
               "absorbing chain (seal_chain): E = N·1."))


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
    from boardlab.prob.exact import WalkStats, enumerate_game

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
    if not explain:
        return answer
    second = "no one is chosen" if purpose in ("truck", "chief") else \
        "chance picks one of the tied colours"
    facts = [("location", f"{location} {position.setup.config.name(location)}"),
             ("candidates", ", ".join(candidates)),
             ("votes (MoH-R7)", ", ".join(f"{c} {n}" for c, n in weights) or "—"),
             ("second tie (MoH-R8)", second)]
    if threats:
        facts.append(("Threat cards", ", ".join(f"{c} {n}" for c, n in ordered)))
    if strategies:
        facts.append(("strategies", ", ".join(
            f"{c}: {s if isinstance(s, str) else getattr(s, '__name__', 'custom')}"
            for c, s in sorted(strategies.items()))))
    steps: tuple[str, ...] = (
        "Every voter picks among the legal colours (uniformly unless a strategy says "
        "otherwise); the engine tallies each ballot sequence, with the second vote of "
        "everyone on a tie.",)
    if stats.nodes:
        steps += (f"The engine's vote was walked exactly: {stats.nodes} states visited, "
                  f"{stats.merged} merged where different ballots met the same tally.",)
    return Derivation(f"Who is chosen by the {purpose} vote at location {location}", answer,
                      facts=facts, steps=steps)
