"""Exact Mall of Horror odds, answered from the engine's own chance nodes.

Every function returns a ``sympy.Rational`` or a :class:`~boardlab.prob.dist.Dist`.
With ``explain=True`` it returns ``(answer, working)`` instead, where the working is a
:class:`~boardlab.prob.derivation.Derivation` (or, for answers per location, a dict of
them): the outcomes that count over all outcomes, the closed form where there is one,
and the rule facts used.

>>> from boardlab.mall_of_horror import odds
>>> odds.break_in(6, defence=5, zombies=2)
19/144
>>> odds.placement_offered(3)
11/36
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any

from boardlab.core.errors import ConfigError
from boardlab.mall_of_horror.choices import Vote
from boardlab.mall_of_horror.config import LOCATIONS, PARKING, SUPERMARKET, Config, Setup
from boardlab.mall_of_horror.rules import RULES, _Work, dice_outcomes
from boardlab.mall_of_horror.state import Pending, State

if TYPE_CHECKING:
    from sympy import Rational

    from boardlab.prob.derivation import Derivation
    from boardlab.prob.dist import Dist
    from boardlab.prob.markov import AbsorbingChain

FACES = 6


def _rational(p: Fraction) -> Rational:
    from sympy import Rational

    return Rational(p.numerator, p.denominator)


def _setup(players: int, config: Config | None) -> Setup:
    return Setup(players=players, config=config or Config())


def _check_location(location: int, setup: Setup) -> None:
    if location not in LOCATIONS:
        raise ConfigError(f"unknown location {location!r}: locations are 1–6 (MoH Box Contents)")
    if location in setup.closed:
        raise ConfigError(f"location {location} is closed with {setup.players} players "
                          "(MoH-R3): no zombie ever arrives there")


# -- arrivals -------------------------------------------------------------------------------
@cache
def _arrival_weights(setup: Setup) -> dict[tuple[int, ...], Fraction]:
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
    return weights


def arrivals(players: int = 4, *, config: Config | None = None) -> Dist:
    """The joint number of zombies the arrival dice bring to locations 1–6.

    Outcomes are 6-tuples of counts; with 3–4 players a die showing the closed
    location 2 is ignored (MoH-R3), so the counts can add up to less than 4.

    >>> d = arrivals(players=4)
    >>> d.P(lambda c: c[1] > 0)
    0
    >>> d.P(lambda c: sum(c) == 4)
    625/1296
    """
    from boardlab.prob.dist import Dist

    return Dist(_arrival_weights(_setup(players, config)))


@cache
def _arrivals_at_weights(location: int, setup: Setup) -> dict[int, Fraction]:
    """Zombies arriving at one open location: how many of the dice show its number.

    Each die is uniform over the six faces in the engine (its arrival node), whatever
    other locations are closed, so k of n dice show the location in C(n, k)·5^(n−k) of
    the 6^n ordered rolls; tests check this against the engine's own chance node.
    """
    n = setup.config.dice
    total = FACES**n
    return {k: Fraction(comb(n, k) * (FACES - 1) ** (n - k), total) for k in range(n + 1)}


@cache
def _at_least(location: int, setup: Setup) -> tuple[Fraction, ...]:
    """``table[k]`` = P(at least k zombies arrive at ``location``), k = 0 … dice + 1."""
    weights = _arrivals_at_weights(location, setup)
    dice = setup.config.dice
    table = []
    for k in range(dice + 2):
        table.append(sum((p for n, p in weights.items() if n >= k), Fraction(0)))
    return tuple(table)


def arrivals_at(location: int, players: int = 4, *, config: Config | None = None) -> Dist:
    """How many zombies the arrival dice bring to ``location`` (a binomial count).

    >>> arrivals_at(6).P(4)
    1/1296
    """
    from boardlab.prob.dist import Dist

    setup = _setup(players, config)
    _check_location(location, setup)
    return Dist(_arrivals_at_weights(location, setup))


# -- one location -----------------------------------------------------------------------------
def threshold(location: int, *, defence: int, hardware: int = 0,
              config: Config | None = None) -> int:
    """Zombies needed to break in (MoH-R5): defence + Hardware, at most 4 at the Supermarket.

    >>> threshold(6, defence=5), threshold(3, defence=3, hardware=1)
    (4, 4)
    """
    cfg = config or Config()
    if hardware and location == PARKING:
        raise ConfigError("Hardware cannot be played at the Parking Lot (MoH-R5, MoH-f-cards)")
    if defence < 0 or hardware < 0:
        raise ConfigError("defence and hardware cannot be negative")
    if location == PARKING:
        return 1  # MoH-R6: every zombie there eats; defence plays no part
    total = defence + hardware
    return min(total, cfg.supermarket_threshold) if location == SUPERMARKET else total


def break_in(location: int, *, defence: int, zombies: int = 0, hardware: int = 0,
             players: int = 4, config: Config | None = None,
             explain: bool = False) -> Any:
    """P(the zombies break into ``location`` after this round's dice), without extra zombies.

    ``defence`` counts characters (a Tough Guy twice, MoH-f-toughguy); ``zombies`` are
    already in front. At the Supermarket 4 zombies always suffice (MoH-f-supermarket);
    Hardware is not allowed at the Parking Lot, where any zombie means a meal (MoH-R6).

    >>> break_in(6, defence=2, zombies=0)
    19/144
    >>> break_in(1, defence=3, zombies=3)
    1
    """
    setup = _setup(players, config)
    _check_location(location, setup)
    if defence < 1:
        raise ConfigError("defence must be at least 1: with no one there, nothing breaks in "
                          "(MoH-f)")
    if zombies < 0:
        raise ConfigError("zombies cannot be negative")
    need = threshold(location, defence=defence, hardware=hardware, config=setup.config)
    k = max(0, need - zombies)
    table = _at_least(location, setup)
    p = table[k] if k < len(table) else Fraction(0)
    answer = _rational(p)
    if not explain:
        return answer
    return answer, _explain_break_in(location, setup, defence, zombies, hardware, need, k, p)


def _explain_break_in(location: int, setup: Setup, defence: int, zombies: int, hardware: int,
                      need: int, k: int, p: Fraction) -> Derivation:
    from sympy import Rational, symbols

    from boardlab.prob.derivation import Derivation
    from boardlab.prob.symbolic import at_least_k_of_n

    dice = setup.config.dice
    total = FACES**dice
    facts = [("location", f"{location} {setup.config.name(location)}"),
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
        closed = at_least_k_of_n(k_, n_, p_)
    steps = (f"Each die shows {location} with probability 1/6.",
             f"Break-in needs {need} zombies; {zombies} are there, so {k} must arrive.",
             f"P = {Rational(p.numerator, p.denominator)} = {p * total}/{total} of the "
             f"{total} ordered rolls.")
    return Derivation(question=f"P(zombies break into location {location} this round)",
                      answer=p, favourable=int(p * total), total=total,
                      closed_form=(closed.subs({k_: k, n_: dice, p_: Rational(1, 6)})
                                   if closed is not None else None),
                      facts=tuple(facts), steps=steps)


# -- a whole round -----------------------------------------------------------------------------
def _roll_state(position: State) -> State:
    """``position`` with the arrival roll as the pending chance node (moves done)."""
    if not isinstance(position, State):
        raise TypeError("expected a Mall of Horror State (see moh.position)")
    if position.phase in ("e", "f", "over", "setup"):
        raise ConfigError(f"round_odds needs a position before the arrival dice are placed "
                          f"(phases a–d), not phase {position.phase!r}")
    return position._replace(pending=Pending("arrival_roll"), roll=())


@cache
def _round_weights(position: State) -> dict[tuple[int, ...], Fraction]:
    """Distribution of the set of locations broken into, over the engine's own roll."""
    state = _roll_state(position)
    total = FACES**state.setup.config.dice
    counts: dict[tuple[int, ...], int] = {}  # ordered rolls per result: exact integers
    for outcome, p in RULES.outcomes(state):  # the engine's own chance node
        fallen = _Work(state).preview_round(outcome.faces)
        counts[fallen] = counts.get(fallen, 0) + p.numerator * (total // p.denominator)
    return {fallen: Fraction(n, total) for fallen, n in counts.items()}


def round_outcomes(position: State) -> Dist:
    """Distribution of the tuple of locations the zombies break into in phase f).

    The characters stay where they stand (moves done); the hidden arrival dice are
    enumerated through the engine's chance node, then the engine places them (closed
    and sealed locations ignored), seals empty locations (MoH-R12) and adds the extra
    zombies (MoH-R13) before checking every location, with no card played.
    """
    from boardlab.prob.dist import Dist

    return Dist(_round_weights(position))


def round_odds(position: State, *, explain: bool = False) -> Any:
    """P(each open location with characters is broken into this round), per location.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=4, characters={6: ["red pinup", "blue toughguy", "green gunman"],
    ...                                     4: ["yellow gunman"], 3: ["red gunman", "blue pinup"]},
    ...              zombies={6: 1, 3: 1}, phase="c")
    >>> round_odds(s)
    {3: 671/1296, 4: 671/1296, 6: 19/144}
    """
    weights = _round_weights(position)
    locations = [loc for loc in LOCATIONS
                 if loc not in position.setup.closed and loc not in position.sealed
                 and any(at == loc for _, _, at in position.chars)]
    probs = {loc: sum((p for fallen, p in weights.items() if loc in fallen), Fraction(0))
             for loc in locations}
    answer = {loc: _rational(p) for loc, p in probs.items()}
    if not explain:
        return answer
    return answer, {loc: _explain_round(position, loc, probs[loc]) for loc in locations}


def _explain_round(position: State, location: int, p: Fraction) -> Derivation:
    from boardlab.prob.derivation import Derivation

    w = _Work(position)
    dice = position.setup.config.dice
    total = FACES**dice
    extra = _Work(position)
    extra.add_extra_zombies()
    bonus = extra.zombies[location - 1] - position.zombies[location - 1]
    facts = [("characters", ", ".join(f"{c} {k}" for c, k in w.at(location))),
             ("zombies in front", str(position.zombies[location - 1])),
             ("extra zombies (MoH-R13)", str(bonus))]
    if location != PARKING:
        facts.append(("defence (MoH-R5)", str(w.defence(location))))
        facts.append(("zombies needed", str(w.threshold(location))))
    else:
        facts.append(("rule", "any zombie at the Parking Lot eats (MoH-R6)"))
    return Derivation(question=f"P(location {location} is broken into this round)",
                      answer=p, favourable=int(p * total), total=total, closed_form=None,
                      facts=tuple(facts),
                      steps=(f"All {total} ordered rolls of {dice} dice enumerated through "
                             "the engine's arrival node (126 distinct counts for 4 dice).",
                             "For each: dice placed, sealing, extra zombies, attack check."))


def live_odds(state: State) -> dict[int, Rational]:
    """The odds a board shows at any point of a match, per occupied open location.

    Phases a–d: :func:`round_odds` (the arrival dice still unknown; characters as they
    stand now). Phases e and f: the dice are on the table, so each answer is 0 or 1 —
    would the zombies there break in now, extra zombies included, before any card.
    Setup and the end: no odds (an empty dict).

    >>> from boardlab.mall_of_horror import play
    >>> live_odds(play(players=4, seed=1).state)
    {}
    """
    if state.phase in ("a", "b", "c", "d"):
        return round_odds(state)
    if state.phase not in ("e", "f"):
        return {}
    w = _Work(state)
    if state.phase == "e":
        w.add_extra_zombies()  # phase f will add them before any attack (MoH-f-extra)
    fallen = set(w.under_attack())
    return {loc: _rational(Fraction(int(loc in fallen)))
            for loc in LOCATIONS if w.is_open(loc) and w.count(loc)}


def any_break_in(position: State) -> Rational:
    """P(at least one location is broken into this round) — a joint question.

    Locations are not independent (the same four dice serve them all), so this is not
    one minus the product of the per-location complements.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=4, characters={6: ["red pinup", "blue toughguy", "green gunman"],
    ...                                     4: ["yellow gunman"], 3: ["red gunman", "blue pinup"]},
    ...              zombies={6: 1, 3: 1}, phase="c")
    >>> any_break_in(s)
    41/48
    """
    weights = _round_weights(position)
    return _rational(sum((p for fallen, p in weights.items() if fallen), Fraction(0)))


def expected_break_ins(position: State) -> Rational:
    """The expected number of locations broken into this round.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=4, characters={6: ["red pinup"], 4: ["blue pinup"]}, phase="c")
    >>> expected_break_ins(s)  # ties: no extra zombie; each falls to one die in 671/1296
    671/648
    """
    weights = _round_weights(position)
    return _rational(sum((len(fallen) * p for fallen, p in weights.items()), Fraction(0)))


# -- sealing ----------------------------------------------------------------------------------
def seal_chain(players: int = 4, *, config: Config | None = None) -> AbsorbingChain:
    """The absorbing chain of an empty open location gaining zombies until it is sealed.

    States are the zombies in front (0 … seal_at − 1) and ``"sealed"``. Each round one
    zombie arrives per die showing the location (MoH-c); an empty location draws no
    extra zombie (MoH-R13); at ``seal_at`` (8) it is sealed (MoH-e-seal).

    >>> chain = seal_chain()
    >>> chain.absorption_probabilities(0)
    {'sealed': Fraction(1, 1)}
    """
    from boardlab.prob.markov import AbsorbingChain

    setup = _setup(players, config)
    seal_at = setup.config.seal_at
    per_round = _arrivals_at_weights(1 if 1 not in setup.closed else 3, setup)

    def step(z: Hashable) -> dict[Hashable, Fraction]:
        out: dict[Hashable, Fraction] = {}
        for n, p in per_round.items():
            nxt: Hashable = "sealed" if z + n >= seal_at else z + n  # type: ignore[operator]
            out[nxt] = out.get(nxt, Fraction(0)) + p
        return out

    return AbsorbingChain.from_transition(list(range(seal_at)), step,
                                          lambda s: s == "sealed")


def expected_rounds_to_seal(zombies: int = 0, players: int = 4, *,
                            config: Config | None = None) -> Rational:
    """Expected rounds until an empty open location with ``zombies`` in front is sealed.

    >>> expected_rounds_to_seal(7)
    1296/671
    >>> float(expected_rounds_to_seal(0))  # a shade under the long-run 99/8
    12.37499997392801
    """
    chain = seal_chain(players, config=config)
    seal_at = (config or Config()).seal_at
    if not 0 <= zombies < seal_at:
        raise ConfigError(f"zombies must be between 0 and {seal_at - 1}: at {seal_at} an "
                          "empty location is sealed (MoH-e-seal)")
    return _rational(chain.expected_steps(zombies))


# -- setup and votes -----------------------------------------------------------------------
def placement_offered(location: int, players: int = 4) -> Rational:
    """P(``location`` shows on at least one of the two placement dice) (MoH-setup-characters).

    >>> placement_offered(6)
    11/36
    """
    setup = _setup(players, None)
    _check_location(location, setup)
    return _rational(sum((p for dice, p in dice_outcomes(2) if location in dice.faces),
                         Fraction(0)))


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
            raise ConfigError(f"unknown vote strategy {how!r}: 'uniform', 'protect' or a "
                              "function (voter, candidates) -> colour or {colour: p}")
        if isinstance(picked, str):
            return Vote(picked)
        if isinstance(picked, Mapping):
            return {Vote(c): Fraction(p) for c, p in picked.items()}
        share = Fraction(1, len(picked))
        return {Vote(c): share for c in picked}

    return policy


def vote(position: State, location: int, *, purpose: str = "sacrifice",
         threats: dict[str, int] | None = None,
         strategies: Mapping[str, VoteStrategy] | None = None) -> Dist:
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
    >>> vote(s, 6).P("red")
    1/2
    >>> s = position(players=4, characters={6: ["red pinup", "red gunman", "blue pinup",
    ...                                         "green pinup"], 4: ["yellow pinup"]}, phase="c")
    >>> protective = dict.fromkeys(("red", "blue", "green"), "protect")
    >>> vote(s, 6, strategies=protective).P("red")  # 3 votes (Gunman) outvote any pair
    0
    >>> vote(s, 6, strategies=protective).P("blue")
    1/2
    """
    from boardlab.prob.exact import enumerate_game

    if purpose not in ("truck", "chief", "sacrifice"):
        raise ConfigError("purpose is 'truck', 'chief' or 'sacrifice' (MoH Voting)")
    if location not in LOCATIONS:
        raise ConfigError(f"unknown location {location!r}")
    w = _Work(position)
    if not w.eligible(location):
        raise ConfigError(f"no one at location {location} can be voted for")
    for colour in threats or {}:
        if colour not in w.eligible(location):
            raise ConfigError(f"{colour} has no voting character at {location} (MoH-R7)")
    ordered = tuple(sorted((threats or {}).items()))
    w.phase = "f" if purpose == "sacrifice" else ("a" if purpose == "truck" else "b")
    candidates = w.eligible(location)
    if len(candidates) == 1:
        from boardlab.prob.dist import Dist

        return Dist({candidates[0]: 1})
    w.open_ballots(purpose, location, ordered)
    start = w.freeze()
    # A step may run on past this vote (into the next phase or location, which may hold
    # a vote of its own), so the result is the FIRST outcome event of the step.
    results = ("chosen", "chief", "searcher")

    def outcome(events: tuple[Any, ...]) -> Any:
        return next((e for e in events if e.kind in results or e.kind == "no_result"), None)

    def done(state: State, events: tuple[Any, ...]) -> bool:
        first = outcome(events)
        return first is not None and not (first.kind == "no_result"
                                          and state.pending.kind == "tiebreak")

    def chosen(state: State, events: tuple[Any, ...]) -> Hashable:
        first = outcome(events)
        return first.who if first is not None and first.kind in results else None

    return enumerate_game(RULES, start, stop=done, value=chosen,
                          policy=_strategy_policy(strategies or {}))
