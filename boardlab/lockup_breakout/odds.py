"""Exact Lockup: Breakout odds, answered from the engine's own chance nodes.

Breakout has no dice: its chance is shuffled piles (the tunnel tiles, loot tokens, goon
and guard cards) and hidden information (face-down crew tokens). Every answer here is
exact — a :class:`fractions.Fraction` for a probability, an ``int`` for a count, a
:class:`~boardlab.prob.dist.Dist` for a distribution, a ``dict`` for an answer per
location or per space — and comes from the engine itself: the outcome tables of its
chance nodes (``RULES.outcomes``) and its own steps (``RULES.step``), never from a
parallel model of the rules. With ``explain=True`` every function returns a
:class:`~boardlab.prob.derivation.Derivation` whose ``.answer`` is that same value and
which shows the working (outcomes counted, a closed form where one teaches something,
the rule facts used).

Facts from the rule text: the tunnel sets per player count (LB-setup-tunnels), what a
seeker does (LB-tunnel-*), the Shapeshifter chain (LB-goon-shapeshifter, LB-R22), the
guards' tunnel rules in solitary (LB-solo-tunnel-*), how the legend deck turns
(LB-setup-legend, LB-patrol). **Stand-in** (invented, labelled in every derivation that
uses it): crew strengths, the loot pool, the goon deck, the guard cards, the legend
cards, the goals and the catacomb map (:mod:`.standin`, :mod:`.catacombs`).

Questions of the decks at setup (plan A5.4, 12, 13: :func:`legend_active`,
:func:`legend_comes_up`, :func:`fungoids_expected`, :func:`fungoid_offered`,
:func:`goal_public`) and of the solitary guard deck (A5.7, 8: :func:`guards_win_both`,
:func:`legend_guard_beats`) take a ``config`` (default: the stand-in data) rather than a
position: they are asked before the cards are dealt (the legend's guard card also
after the location cards, named in ``seen``).

>>> from boardlab.lockup_breakout import odds
>>> [odds.tunnel_layouts(n) for n in (2, 3, 4)]
[42, 105, 140]
>>> odds.tunnel_at(3)[5]
Fraction(3, 7)
>>> odds.tunnel_among([1, 2, 3], players=2)
Fraction(5, 7)
>>> odds.tunnel_layouts(4, explain=True).answer
140
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import islice, product
from math import comb, prod
from typing import Any, Literal, overload

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.core.events import Event, as_events
from boardlab.lockup_breakout.catacombs import ESCAPED, TOMB
from boardlab.lockup_breakout.choices import Decline, Keep, Pass, Stop
from boardlab.lockup_breakout.config import (
    BOARD_LOCATIONS,
    GOON_LOCATIONS,
    GUARDS,
    LEGEND,
    ROUNDS,
    TUNNEL_KINDS,
    TUNNEL_SETS,
    Config,
    Setup,
    default_config,
    escape_stars,
)
from boardlab.lockup_breakout.draws import arrangements
from boardlab.lockup_breakout.rules import RULES, run_auto, tunnel_outcomes
from boardlab.lockup_breakout.state import CHANCE_KINDS, Frame, K, State
from boardlab.lockup_breakout.work import Work, tables
from boardlab.prob.checks import flag, whole
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist
from boardlab.prob.exact import _branches as policy_branches
from boardlab.prob.limits import check_limit

__all__ = [
    "escape_score", "fungoid_offered", "fungoids_expected", "goal_public", "guards_first",
    "guards_win_both", "legend_active", "legend_comes_up", "legend_guard_beats",
    "legend_sources", "live_odds", "loot_has", "loot_look", "reachable", "seeker_contest",
    "shapeshifter_chain", "tunnel_among", "tunnel_at", "tunnel_layouts",
]

#: Said by every answer that depends on invented data (docs/lockup_breakout_standin.md).
STAND_IN = "stand-in data (invented: the core game is not in the rule text, LB-R1)"
_LOCATIONS = tuple(BOARD_LOCATIONS)
_MAX_NODES = 400_000


# -- the edge: every public function checks its arguments here before any work ----------
def _explain(explain: Any, function: str) -> bool:
    return flag(explain, "explain", function)


def _players(players: Any, function: str) -> int:
    n = whole(players, "players", function, low=None)
    if n not in TUNNEL_SETS:
        raise QuestionError(f"{function}: players must be 1 (solitary) to 5, not "
                            f"{show_value(n)} (LB-R5)")
    return n


def _position(position: Any, function: str) -> State:
    if not isinstance(position, State):
        raise ArgumentTypeError(f"{function}: position", position,
                                "must be a Lockup: Breakout State (see lb.position or a "
                                "match's .state)")
    if position.is_over:
        raise QuestionError(f"{function}: the match in this position is over (LB-end)")
    return position


def _location(location: Any, function: str) -> int:
    loc = whole(location, "location", function, low=None)
    if loc not in _LOCATIONS:
        raise QuestionError(f"{function}: unknown location {show_value(loc)}: locations are "
                            "1–7 (LB-R8)")
    return loc


def _locations(locations: Any, function: str) -> tuple[int, ...]:
    if isinstance(locations, (str, bytes)) or not isinstance(locations, Iterable):
        raise ArgumentTypeError(f"{function}: locations", locations,
                                "must be a list of locations 1–7")
    out = tuple(sorted({_location(x, function) for x in locations}))
    if not out:
        raise QuestionError(f"{function}: locations: give at least one location 1–7")
    return out


def _player(position: State, player: Any, function: str) -> str:
    colours = position.setup.colours
    if not isinstance(player, str) or player not in colours:
        raise QuestionError(f"{function}: unknown player {show_value(player)}; the players "
                            f"are {', '.join(colours)} (LB-R5)")
    return player


def _side(position: State, side: Any, function: str) -> str:
    sides = position.setup.sides
    if not isinstance(side, str) or side not in sides:
        raise QuestionError(f"{function}: unknown side {show_value(side)}; the sides are "
                            f"{', '.join(sides)}")
    return side


def _policy(policy: Any, function: str) -> Callable[..., Any] | None:
    if policy is not None and not callable(policy):
        raise ArgumentTypeError(f"{function}: policy", policy,
                                "must be a function (state, player, legal) → choice, or None")
    return policy


# -- tunnel layouts (question A5.1–2: facts of the text) -----------------------------------
@lru_cache(maxsize=len(TUNNEL_SETS))
def _layouts(players: int) -> tuple[tuple[str, ...], ...]:
    """The engine's tunnel node: one equally likely outcome per layout."""
    # The node names a blank tile "collapsed"; a state stores "" (as flow.apply_tunnels).
    return tuple(tuple("" if tile == TUNNEL_KINDS[0] else tile for tile in choice.layout)
                 for choice, _ in tunnel_outcomes(players))


def _tunnel_facts(players: int) -> list[tuple[str, str]]:
    blank, single, double = TUNNEL_SETS[players]
    return [("players", str(players)),
            ("tunnel tiles", f"{single} single, {double} double and {blank} blank on the 7 "
                             "locations (LB-setup-tunnels)")]


@overload
def tunnel_layouts(players: int = ..., *, explain: Literal[False] = ...) -> int: ...
@overload
def tunnel_layouts(players: int = ..., *, explain: Literal[True]) -> Derivation[int]: ...
def tunnel_layouts(players: int = 4, *, explain: bool = False) -> Any:
    """How many different tunnel layouts the setup deal can make (a multinomial count).

    >>> tunnel_layouts(2), tunnel_layouts(3), tunnel_layouts(4), tunnel_layouts(5)
    (42, 105, 140, 140)
    >>> print(tunnel_layouts(3, explain=True).closed_form)
    105
    """
    n = _players(players, "tunnel_layouts")
    explain = _explain(explain, "tunnel_layouts")
    answer = len(_layouts(n))
    if not explain:
        return answer
    from sympy import factorial

    blank, single, double = TUNNEL_SETS[n]
    form = factorial(7) / (factorial(blank) * factorial(single) * factorial(double))
    return Derivation(
        f"Different tunnel layouts with {n} player(s)", answer, kind="count",
        closed_form=form, facts=_tunnel_facts(n),
        steps=(f"7 tiles, of which {blank} blank, {single} single and {double} double, are "
               "laid one per location: the distinct orders of a multiset.",
               f"7!/({blank}!·{single}!·{double}!) = {answer}: the engine's tunnel node lists "
               "exactly these, each equally likely."))


_KINDS = ("any", "single", "double", "none")


def _kind(kind: Any, function: str) -> str:
    if not isinstance(kind, str) or kind not in _KINDS:
        raise QuestionError(f"{function}: kind must be one of {', '.join(_KINDS)}, not "
                            f"{show_value(kind)}")
    return kind


def _holds(tile: str, kind: str) -> bool:
    if kind == "any":
        return tile != ""
    if kind == "none":
        return tile == ""
    return tile == kind


@overload
def tunnel_at(players: int = ..., *, kind: str = ...,
              explain: Literal[False] = ...) -> dict[int, Fraction]: ...
@overload
def tunnel_at(players: int = ..., *, kind: str = ...,
              explain: Literal[True]) -> Derivation[dict[int, Fraction]]: ...
def tunnel_at(players: int = 4, *, kind: str = "any", explain: bool = False) -> Any:
    """P(location k holds a tunnel) for k = 1–7: ``kind`` ``"any"`` (default),
    ``"single"``, ``"double"`` or ``"none"``. Every location is alike (symmetry).

    >>> set(tunnel_at(2).values()), set(tunnel_at(4).values())
    ({Fraction(2, 7)}, {Fraction(4, 7)})
    >>> tunnel_at(3, kind="double")[1]
    Fraction(1, 7)
    """
    n = _players(players, "tunnel_at")
    kind = _kind(kind, "tunnel_at")
    explain = _explain(explain, "tunnel_at")
    answer = dict(_tunnel_table(n, kind))
    total = len(_layouts(n))
    if not explain:
        return answer
    what = {"any": "a tunnel", "single": "a single tunnel", "double": "the double tunnel",
            "none": "no tunnel"}[kind]
    parts = {loc: Derivation(f"P(location {loc} holds {what})", p, total=total,
                             facts=_tunnel_facts(n),
                             steps=(f"{p * total} of the {total} equally likely layouts put "
                                    f"{what} on location {loc}.",))
             for loc, p in answer.items()}
    blank, single, double = TUNNEL_SETS[n]
    count = {"any": single + double, "single": single, "double": double, "none": blank}[kind]
    return Derivation(f"P(each location holds {what}), {n} player(s)", answer, kind="table",
                      facts=_tunnel_facts(n), parts=parts,
                      steps=(f"Each location is equally likely to receive any of the 7 tiles, "
                             f"so it holds {what} with probability {count}/7.",))


@lru_cache(maxsize=len(TUNNEL_SETS) * len(_KINDS))
def _tunnel_table(players: int, kind: str) -> tuple[tuple[int, Fraction], ...]:
    """:func:`tunnel_at`'s answer for checked arguments, counted once on the layouts."""
    layouts = _layouts(players)
    total = len(layouts)
    return tuple((loc, Fraction(sum(_holds(lay[loc - 1], kind) for lay in layouts), total))
                 for loc in _LOCATIONS)


@lru_cache(maxsize=256)
def _tunnel_hits(players: int, locs: tuple[int, ...], every: bool) -> int:
    """How many of the engine's layouts put a tunnel on any (every) one of ``locs``."""
    test = all if every else any
    return sum(test(lay[loc - 1] != "" for loc in locs) for lay in _layouts(players))


@overload
def tunnel_among(locations: Iterable[int], players: int = ..., *, every: bool = ...,
                 explain: Literal[False] = ...) -> Fraction: ...
@overload
def tunnel_among(locations: Iterable[int], players: int = ..., *, every: bool = ...,
                 explain: Literal[True]) -> Derivation[Fraction]: ...
def tunnel_among(locations: Iterable[int], players: int = 4, *, every: bool = False,
                 explain: bool = False) -> Any:
    """P(at least one of ``locations`` holds a tunnel); with ``every=True``, P(all of them
    do). Tiles are dealt without replacement: a hypergeometric count, not a binomial.

    >>> tunnel_among([1, 2, 3], players=2), tunnel_among([1, 2], players=2, every=True)
    (Fraction(5, 7), Fraction(1, 21))
    >>> [tunnel_among([4, 6], players=n, every=True) for n in (3, 4)]
    [Fraction(1, 7), Fraction(2, 7)]
    """
    locs = _locations(locations, "tunnel_among")
    n = _players(players, "tunnel_among")
    every = flag(every, "every", "tunnel_among")
    explain = _explain(explain, "tunnel_among")
    total = len(_layouts(n))
    hits = _tunnel_hits(n, locs, every)
    answer = Fraction(hits, total)
    if not explain:
        return answer
    from sympy import binomial

    blank, single, double = TUNNEL_SETS[n]
    tunnels, k = single + double, len(locs)
    form = (binomial(tunnels, k) / binomial(7, k) if every
            else 1 - binomial(blank, k) / binomial(7, k))
    names = ", ".join(map(str, locs))
    how = "every one" if every else "at least one"
    steps = (f"The {k} location(s) receive {k} of the 7 tiles, drawn without replacement.",
             (f"All of them are tunnels in C({tunnels}, {k}) of the C(7, {k}) equally likely "
              "sets of tiles." if every else
              f"Complement: none is a tunnel in C({blank}, {k}) of the C(7, {k}) equally "
              "likely sets of tiles."),
             f"Counted on the engine's {total} layouts: {hits} of them.")
    return Derivation(f"P({how} of locations {names} holds a tunnel), {n} player(s)", answer,
                      favourable=hits, total=total, closed_form=form,
                      facts=_tunnel_facts(n), steps=steps)


# -- a seeker contest from one seat's knowledge (A5.5; solitary A5.6) -----------------------
def _hidden_worlds(state: State, viewer: str) -> list[tuple[State, Fraction]]:
    """Every assignment of the other players' face-down tokens consistent with what
    ``viewer`` sees (:func:`~boardlab.lockup_breakout.observe.observe`: where they lie,
    and each opponent's multiset), equally likely per opponent; their product over
    opponents."""
    slots: dict[str, list[tuple[int, int]]] = {}
    tokens: dict[str, list[str]] = {}
    for loc, entries in enumerate(state.crews):
        for i, (c, tok, fd) in enumerate(entries):
            if fd and c != viewer:
                slots.setdefault(c, []).append((loc, i))
                tokens.setdefault(c, []).append(tok)
    per_side = []
    for c, toks in tokens.items():
        kinds = sorted(set(toks))
        orders = arrangements(tuple(toks.count(k) for k in kinds))
        per_side.append([(c, tuple(kinds[i] for i in order)) for order in orders])
    worlds = []
    for combo in product(*per_side):
        crews = [list(entries) for entries in state.crews]
        for c, chosen in combo:
            for (loc, i), tok in zip(slots[c], chosen, strict=True):
                crews[loc][i] = (c, tok, True)
        p = Fraction(1, prod(len(options) for options in per_side)) if per_side \
            else Fraction(1)
        worlds.append((state._replace(crews=tuple(tuple(sorted(e)) for e in crews)), p))
    return worlds


def _quiet_policy(state: State, player: str, legal: Sequence[Any]) -> Any:
    """No tome, no reward, no step: nothing that changes who is strongest (the question is
    about the crews as they lie)."""
    for choice in legal:
        if isinstance(choice, (Pass, Decline, Stop)):
            return choice
    return legal[0]


def _settle(w: Work) -> tuple[State, tuple[Event, ...]]:
    run_auto(w)
    return w.freeze(), as_events(w.events)


_ADVANCE_RULES = ("LB-tunnel-seekers", "LB-solo-tunnel-guards", "LB-solo-tunnel-player")


def _advancers(events: Sequence[Event], loc: int) -> tuple[str, ...] | None:
    """Sides the tunnel at ``loc`` lets advance, if this step resolved it."""
    found = [e for e in events if e.kind == "tunnel"]
    if not found:
        return None
    return tuple(sorted({e.who for e in found
                         if e.who and e.rule.id in _ADVANCE_RULES
                         and e.summary.find("outmatches") < 0}))


@lru_cache(maxsize=256)
def _contest(state: State, location: int, viewer: str) -> Dist[tuple[str, ...]]:
    from boardlab.prob.exact import enumerate_game

    weights: dict[tuple[str, ...], Fraction] = {}
    for world, p in _hidden_worlds(state, viewer):
        # The location resolves now, through the engine's own stages (reveal, guard card,
        # comparison, rewards declined, tunnel); it stops when the tunnel has spoken.
        # A guard card already turned up here stays: the location is past its reveal
        # (stage 0, which would deal a card again), so it starts at the tome window.
        seen = bool(world.setup.solo and world.guard_cards[location])
        base = world._replace(phase="lightsout", rewarded=(), boosts=(),
                              stack=(*world.stack[:2],
                                     Frame(K.LOCATION, loc=location, stage=int(seen))))
        start, events = _settle(Work(base))
        depth = len(base.stack)

        def done(st: State, ev: tuple[Event, ...], depth: int = depth) -> bool:
            return _advancers(ev, location) is not None or len(st.stack) < depth \
                or st.is_over

        def value(st: State, ev: tuple[Event, ...]) -> tuple[str, ...]:
            return _advancers(ev, location) or ()

        if done(start, events):
            sub = Dist({value(start, events): 1})
        else:
            sub = enumerate_game(RULES, start, stop=done, value=value, policy=_quiet_policy,
                                 merge=True, max_nodes=_MAX_NODES)
        for outcome, q in sub.items():
            weights[outcome] = weights.get(outcome, Fraction(0)) + p * q
    return Dist(weights)


@overload
def seeker_contest(position: State, location: int, player: str, *,
                   explain: Literal[False] = ...) -> Fraction: ...
@overload
def seeker_contest(position: State, location: int, player: str, *,
                   explain: Literal[True]) -> Derivation[Fraction]: ...
def seeker_contest(position: State, location: int, player: str, *,
                   explain: bool = False) -> Any:
    """P(``player`` may advance through the tunnel at ``location``) given everything
    ``player`` can see: the crews as they lie now, other players' face-down tokens spread
    uniformly over their face-down places (the multiset is public, LB-R37), and in
    solitary the unseen guard card (the engine's own node, LB-R23). Tomes are not played
    and no token is added: it is the contest as it stands (exact under that model).

    >>> from boardlab.lockup_breakout import position
    >>> s = position(players=3, tunnels={3: "double"}, crews={3: ["red seeker", "red 2",
    ...     "blue seeker", "blue 3*"], 5: ["blue 1*"]}, round=2)
    >>> seeker_contest(s, 3, "red")
    Fraction(1, 2)
    """
    state = _position(position, "seeker_contest")
    loc = _location(location, "seeker_contest")
    who = _player(state, player, "seeker_contest")
    explain = _explain(explain, "seeker_contest")
    if not state.tunnels:
        raise QuestionError("seeker_contest: the tunnels are not laid yet (LB-setup-tunnels)")
    if not state.tunnels[loc - 1]:
        raise QuestionError(f"seeker_contest: location {loc} has no tunnel in this position "
                            "(LB-tunnel-seekers)")
    dist = _contest(state, loc, who)
    answer = dist.P(lambda sides: who in sides)
    if not explain:
        return answer
    worlds = _hidden_worlds(state, who)
    facts = [("tunnel", f"{state.tunnels[loc - 1]} at location {loc}"),
             ("who advances", "the strongest crew with a seeker there; ties by seat order "
                              "(LB-tunnel-seekers, LB-R4)"),
             ("hidden", f"{len(worlds)} equally likely arrangements of face-down tokens "
                        "(LB-R37)"),
             ("crew strengths", STAND_IN)]
    if state.setup.solo:
        facts.append(("guard card", "one unseen card of the guard deck (LB-R23, LB-R25); "
                                    + STAND_IN))
    return Derivation(f"P({who} may advance through the tunnel at location {loc})", answer,
                      facts=facts,
                      steps=("Every arrangement of the other players' face-down tokens "
                             "consistent with what this seat sees is weighted equally.",
                             "For each, the engine resolves the location (rewards "
                             "declined, no tome) and its tunnel says who may advance.",
                             "Who advances: " + ", ".join(
                                 f"{'/'.join(s) or 'nobody'} {p}" for s, p in dist.items())))


# -- loot stacks (A5.3: stand-in pool) ---------------------------------------------------------
def _stack_index(state: State, space: Any, function: str) -> int:
    spaces = tables(state.config).loot_spaces
    if not isinstance(space, str) or space not in spaces:
        raise QuestionError(f"{function}: {show_value(space)} is not a loot space; loot lies "
                            f"on {', '.join(spaces)} (LB-setup-loot)")
    return spaces.index(space)


def _as_seen(state: State, index: int, viewer: str | None) -> State:
    """``state`` with the stack as ``viewer`` knows it (unchanged for ``None``)."""
    known, unknown = state.stacks[index]
    seen = {i for i, side in state.looked if side == viewer}
    if viewer is not None and index not in seen and known:
        # Another player has looked: to this seat the stack is still a draw from every
        # token it has not seen (the untouched pool and stacks only others looked at).
        names = tables(state.config).loot_names
        counts = list(state.loot_pool)
        for i, (cards, _) in enumerate(state.stacks):
            if i not in seen:
                for name in cards:
                    counts[names.index(name)] += 1
        state = state._replace(loot_pool=tuple(counts), stacks=tuple(
            ((), len(cards) + n) if i == index else (cards, n)
            for i, (cards, n) in enumerate(state.stacks)))
    return state


@lru_cache(maxsize=256)
def _look(state: State, index: int, viewer: str | None) -> Dist[tuple[str, ...]]:
    state = _as_seen(state, index, viewer)
    known, unknown = state.stacks[index]
    if not unknown:
        return Dist({tuple(sorted(known)): 1})
    node = state._replace(stack=(*state.stack, Frame(K.LOOT_LOOK, loc=index)))
    return Dist({choice.cards: p for choice, p in RULES.outcomes(node)})


def _viewer(state: State, player: Any, function: str) -> str | None:
    return None if player is None else _player(state, player, function)


@overload
def loot_look(position: State, space: str, *, player: str | None = ...,
              explain: Literal[False] = ...) -> Dist[tuple[str, ...]]: ...
@overload
def loot_look(position: State, space: str, *, player: str | None = ...,
              explain: Literal[True]) -> Derivation[Dist[tuple[str, ...]]]: ...
def loot_look(position: State, space: str, *, player: str | None = None,
              explain: bool = False) -> Any:
    """The contents of the loot stack on catacomb ``space`` when it is first looked at:
    the engine's lazy draw from the tokens nobody has seen (a multivariate hypergeometric
    over the stand-in pool). A stack already looked at is known: one outcome — unless
    ``player`` is given and has not looked at it, when it is a draw from every token
    that seat has not seen (a seat's odds never use another's secret, LB-R37).

    >>> from boardlab.lockup_breakout import position
    >>> d = loot_look(position(players=2), "TOMB")
    >>> len(d), d.P(lambda c: c.count("Cache") == 2)
    (15, Fraction(1, 29))
    """
    state = _position(position, "loot_look")
    index = _stack_index(state, space, "loot_look")
    viewer = _viewer(state, player, "loot_look")
    explain = _explain(explain, "loot_look")
    answer = _look(state, index, viewer)
    if not explain:
        return answer
    state = _as_seen(state, index, viewer)
    unknown = state.stacks[index][1]
    pool = sum(state.loot_pool)
    return Derivation(f"Contents of the loot stack on {space}", answer,
                      facts=(("stack", f"{unknown} unseen token(s) (LB-setup-loot)"),
                             ("unseen pool", f"{pool} tokens: " + ", ".join(
                                 f"{n} {name}" for name, n in zip(
                                     tables(state.config).loot_names, state.loot_pool,
                                     strict=True) if n)),
                             ("loot tokens", STAND_IN)),
                      steps=("The stack is drawn the first time someone looks (lazy and "
                             "exchangeable: the same as a stack dealt at setup).",
                             f"Each multiset of {unknown} tokens has probability "
                             f"∏ C(n_i, k_i) / C({pool}, {unknown})."))


@overload
def loot_has(position: State, space: str, token: str, *, player: str | None = ...,
             explain: Literal[False] = ...) -> Fraction: ...
@overload
def loot_has(position: State, space: str, token: str, *, player: str | None = ...,
             explain: Literal[True]) -> Derivation[Fraction]: ...
def loot_has(position: State, space: str, token: str, *, player: str | None = None,
             explain: bool = False) -> Any:
    """P(the loot stack on ``space`` holds at least one ``token``) when first looked at
    (``player``: from that seat's knowledge, as :func:`loot_look`).

    >>> from boardlab.lockup_breakout import position
    >>> loot_has(position(players=2), "TOMB", "Passage")
    Fraction(53, 145)
    """
    state = _position(position, "loot_has")
    index = _stack_index(state, space, "loot_has")
    names = tables(state.config).loot_names
    if not isinstance(token, str) or token not in names:
        raise QuestionError(f"loot_has: unknown loot token {show_value(token)}; tokens are "
                            f"{', '.join(names)} (LB-R17)")
    viewer = _viewer(state, player, "loot_has")
    explain = _explain(explain, "loot_has")
    answer = _look(state, index, viewer).P(lambda cards: token in cards)
    if not explain:
        return answer
    from sympy import binomial

    state = _as_seen(state, index, viewer)
    unknown = state.stacks[index][1]
    pool, a = sum(state.loot_pool), state.loot_pool[names.index(token)]
    form = 1 - binomial(pool - a, unknown) / binomial(pool, unknown) if unknown else None
    return Derivation(f"P(the loot stack on {space} holds a {token})", answer,
                      closed_form=form,
                      facts=(("unseen pool", f"{pool} tokens, {a} of them {token}"),
                             ("stack", f"{unknown} unseen token(s)"), ("loot", STAND_IN)),
                      steps=(f"Complement: no {token} among {unknown} tokens drawn without "
                             f"replacement, C({pool - a}, {unknown}) / C({pool}, {unknown}).",))


# -- the Shapeshifter chain (A5.11: stand-in goon deck) -----------------------------------------
def _avoid_shapeshifters(state: State, player: str, legal: Sequence[Any]) -> Any:
    """Keep the first goon that is not a Shapeshifter, in goon-list order, if any."""
    t = tables(state.config)
    keep = [c for c in legal if isinstance(c, Keep) and t.goons[c.goon].kind != "shapeshifter"]
    return min(keep, key=lambda c: t.goon_index[c.goon]) if keep else legal[0]


def _walk_chain(start: State, depth: int, who: str, policy: Callable[..., Any]
                ) -> dict[tuple[int, str], Fraction]:
    """Walk the chain through the engine's own nodes, counting its draws (a path
    property, so this walk keeps the count with each state)."""
    from boardlab.core.engine import CHANCE

    before = start.goons[start.side(who)]
    frontier: dict[tuple[State, int], Fraction] = {(start, 0): Fraction(1)}
    result: dict[tuple[int, str], Fraction] = {}
    nodes = 0
    while frontier:
        nxt: dict[tuple[State, int], Fraction] = {}
        for (st, n), p in frontier.items():
            if len(st.stack) < depth or st.is_over:
                gained = list(st.goons[st.side(who)])
                for g in before:
                    gained.remove(g)
                key = (n, gained[0] if gained else "")
                result[key] = result.get(key, Fraction(0)) + p
                continue
            mover = RULES.to_move(st)
            if mover is CHANCE:
                branches = RULES.outcomes(st)
            else:
                # The policy's answer is checked as every walk checks it: a legal choice,
                # or legal choices with exact probabilities adding up to 1.
                try:
                    branches = tuple(policy_branches(RULES, st, mover, policy).items())
                except QuestionError as err:
                    raise QuestionError(f"shapeshifter_chain: {err}") from None
            draws = n + (st.top.kind == K.SHAPE_DRAW)
            for choice, q in branches:
                nodes += 1
                if nodes > _MAX_NODES:
                    raise QuestionError("shapeshifter_chain: more than "
                                        f"{_MAX_NODES} states; ask about a smaller deck")
                child, _ = RULES.step(st, choice)
                nxt[(child, draws)] = nxt.get((child, draws), Fraction(0)) + p * q
        frontier = nxt
    return result


@overload
def shapeshifter_chain(position: State, side: str, *, policy: Any = ...,
                       explain: Literal[False] = ...) -> Dist[tuple[int, str]]: ...
@overload
def shapeshifter_chain(position: State, side: str, *, policy: Any = ...,
                       explain: Literal[True]) -> Derivation[Dist[tuple[int, str]]]: ...
def shapeshifter_chain(position: State, side: str, *, policy: Any = None,
                       explain: bool = False) -> Any:
    """The Shapeshifter chain ``side`` would start now: the joint distribution of its
    length (draws of three) and the goon it ends with (``""``: none left to draw).

    Only a draw of three Shapeshifters forces a repeat (LB-goon-shapeshifter, LB-R22);
    ``policy`` (``(state, player, legal) → choice``) picks the goon to keep, by default
    the first that is not a Shapeshifter; the guards keep the first in the goon list
    (LB-R24). The goon deck is stand-in data: with it (one Shapeshifter left after one is
    recruited) the chain never repeats.

    >>> from boardlab.lockup_breakout import position
    >>> d = shapeshifter_chain(position(players=2), "red")
    >>> d.map(lambda o: o[0]).P(1)      # two Shapeshifters in 20 cards: never three
    Fraction(1, 1)
    >>> d.map(lambda o: o[1]).P("Dwarf")  # 1 − C(17, 3)/C(20, 3): a Dwarf is drawn
    Fraction(23, 57)
    """
    state = _position(position, "shapeshifter_chain")
    who = _side(state, side, "shapeshifter_chain")
    chooser = _policy(policy, "shapeshifter_chain") or _avoid_shapeshifters
    explain = _explain(explain, "shapeshifter_chain")
    if state.top.kind in CHANCE_KINDS:
        raise QuestionError("shapeshifter_chain: ask at a decision, not while a chance node "
                            "waits (the chain starts when a Shapeshifter is recruited)")
    depth = len(state.stack)
    start, _ = _settle(Work(state._replace(stack=(*state.stack, Frame(K.SHAPE, who=who)))))
    answer = Dist(_walk_chain(start, depth + 1, who, chooser))
    if not explain:
        return answer
    goons = tables(state.config).goons
    deck = sum(state.goon_deck)
    shapes = sum(n for name, n in zip(tables(state.config).goon_names, state.goon_deck,
                                      strict=True) if goons[name].kind == "shapeshifter")
    from sympy import binomial

    return Derivation(f"Length and result of {who}'s Shapeshifter chain", answer,
                      facts=(("goon deck", f"{deck} cards, {shapes} Shapeshifter(s)"),
                             ("repeat", "only when all three drawn are Shapeshifters, or "
                                        "the keeper chooses one (LB-goon-shapeshifter)"),
                             ("goons", STAND_IN)),
                      steps=(f"P(three Shapeshifters in the first draw) = C({shapes}, 3)/"
                             f"C({deck}, 3) = {binomial(shapes, 3) / binomial(deck, 3)}.",
                             "The engine draws and discards; the walk follows every draw "
                             "with its exact probability until the chain ends."))


# -- the catacombs as a graph (stand-in map) -----------------------------------------------------
@overload
def reachable(position: State, side: str, advances: int, *, affordable: bool = ...,
              explain: Literal[False] = ...) -> dict[str, dict[str, int]]: ...
@overload
def reachable(position: State, side: str, advances: int, *, affordable: bool = ...,
              explain: Literal[True]) -> Derivation[dict[str, dict[str, int]]]: ...
def reachable(position: State, side: str, advances: int, *, affordable: bool = False,
              explain: bool = False) -> Any:
    """Catacomb spaces ``side``'s lantern can reach in 1 to ``advances`` steps, each with
    the cheapest total cost of getting there (``{resource: amount}``, fewest resources in
    all). With ``affordable=True`` only routes ``side`` can pay now count. The map is the
    stand-in map unless the config gives another (LB-R2); networkx is imported here.

    >>> from boardlab.lockup_breakout import position
    >>> reachable(position(players=2), "red", 3)["Flooded Hall"]
    {'iron': 1}
    """
    state = _position(position, "reachable")
    who = _side(state, side, "reachable")
    k = whole(advances, "advances", "reachable", low=1, high=64)
    affordable = flag(affordable, "affordable", "reachable")
    explain = _explain(explain, "reachable")
    import networkx as nx

    graph = state.config.catacombs.to_networkx()
    here = state.lantern(who)
    have = dict(zip(state.config.resources, state.resources[state.side(who)], strict=True))
    best: dict[str, dict[str, int]] = {}
    for target in graph.nodes:
        if target == here:
            continue
        for route in nx.all_simple_paths(graph, here, target, cutoff=k):
            cost: dict[str, int] = {}
            for a, b in zip(route, route[1:], strict=False):
                for res, amount in graph.edges[a, b]["cost"].items():
                    cost[res] = cost.get(res, 0) + amount
            if affordable and any(have.get(r, 0) < n for r, n in cost.items()):
                continue
            old = best.get(target)
            if old is None or sum(cost.values()) < sum(old.values()):
                best[target] = dict(sorted(cost.items()))
    answer = dict(sorted(best.items()))
    if not explain:
        return answer
    return Derivation(f"Spaces {who} can reach from {here} in up to {k} step(s)", answer,
                      kind="table",
                      facts=(("map", "the catacomb map of the config (" + STAND_IN + ")"),
                             ("moves", "forward along arrows only, paying each path's cost "
                                       "(LB-advance-forward, LB-R2)"),
                             ("resources", ", ".join(f"{n} {r}" for r, n in have.items()))),
                      steps=("Every simple route of at most the given length is listed on "
                             "the map's directed graph (networkx.all_simple_paths).",
                             "A space's entry is the cheapest route's total cost."))


# -- solitary: the race to TOMB (A5.9 by enumeration) ------------------------------------------
def _race(st: State) -> str | None:
    ends = (TOMB, ESCAPED)
    player = st.setup.colours[0]
    guards = st.lantern(GUARDS) in ends
    mine = st.lantern(player) in ends
    if guards and mine:
        return "both"
    if guards:
        return "guards"
    if mine:
        return player
    return "neither" if st.is_over else None


@lru_cache(maxsize=64)
def _race_dist(state: State, policy: Callable[..., Any], max_nodes: int) -> Dist[str]:
    from boardlab.prob.exact import enumerate_game

    return enumerate_game(RULES, state, stop=lambda st, ev: _race(st) is not None,
                          value=lambda st, ev: _race(st) or "neither", policy=policy,
                          merge=True, max_nodes=max_nodes)


@overload
def guards_first(position: State, *, policy: Any = ..., max_nodes: int = ...,
                 explain: Literal[False] = ...) -> Fraction: ...
@overload
def guards_first(position: State, *, policy: Any = ..., max_nodes: int = ...,
                 explain: Literal[True]) -> Derivation[Fraction]: ...
def guards_first(position: State, *, policy: Any = None, max_nodes: int = _MAX_NODES,
                 explain: bool = False) -> Any:
    """Solitary: P(the guards' lantern reaches an end (TOMB or ESCAPED) before the
    player's does), from ``position`` to the end of the match, the player choosing by
    ``policy`` (default: always the first legal choice) and the guard deck dealt by the
    engine's own chance nodes; a merged enumeration (equal states are walked once).

    Each guard card turned up is a chance node of its own, so the walk is exact but
    grows fast: ask late in a round (the example below), or raise ``max_nodes``.

    >>> from boardlab.lockup_breakout import CHANCE, new_match, position
    >>> s = position(players=1, difficulty="green", round=6, phase="lightsout",
    ...              tunnels={6: "double", 7: "single"}, crews={6: ["red seeker"],
    ...              7: ["red 2"]}, lanterns={"red": "Crossroads", "guards": "Chapel"})
    >>> m = new_match(start=s, seed=1)
    >>> while m.state.top.kind != "guard_card" or m.state.top.loc != 6:
    ...     _ = m.roll() if m.to_move is CHANCE else m.push(m.legal()[0])
    >>> sorted(c for c in m.state.guard_cards if c)   # five cards seen, nine unseen
    ['blue 1', 'blue 1', 'blue 2', 'blue 3 seeker', 'green 1']
    >>> guards_first(m.state)       # a seeker of strength 2 blocks red's lone seeker
    Fraction(2, 9)
    """
    state = _position(position, "guards_first")
    if not state.setup.solo:
        raise QuestionError("guards_first: a solitary question (the guards race only in "
                            "solitary play, LB-solo-setup); this position has "
                            f"{state.setup.players} players")
    chooser = _policy(policy, "guards_first")
    limit = whole(max_nodes, "max_nodes", "guards_first", low=1, high=50_000_000)
    explain = _explain(explain, "guards_first")
    from boardlab.prob.exact import first_choice_policy

    dist = _race_dist(state, chooser or first_choice_policy, limit)
    answer = dist.P("guards")
    if not explain:
        return answer
    return Derivation("P(the guards' lantern reaches an end before the player's)", answer,
                      facts=(("guard deck", f"{state.setup.difficulty} with the blue cards; "
                                            + STAND_IN),
                             ("guards advance", "one space when strongest at a tunnel "
                                                "(LB-solo-tunnel-guards)"),
                             ("player", "chooses by the given policy")),
                      steps=("Every guard card dealt and every choice of the policy is "
                             "followed through the engine until a lantern reaches an end "
                             "or the match ends.",
                             "Outcomes: " + ", ".join(f"{k} {p}" for k, p in dist.items())))


# -- rush or loot: the expected escape score (A5.10) -------------------------------------------
def _escape_round(side: str) -> Callable[[State, tuple[Event, ...]], int]:
    def value(st: State, ev: tuple[Event, ...]) -> int:
        return dict(st.escaped).get(side, 0)

    return value


@lru_cache(maxsize=64)
def _escape_dist(state: State, side: str, policy: Callable[..., Any],
                 max_nodes: int) -> Dist[int]:
    from boardlab.prob.exact import enumerate_game

    value = _escape_round(side)
    if value(state, ()):
        return Dist({value(state, ()): 1})
    return enumerate_game(RULES, state,
                          stop=lambda st, ev: bool(value(st, ev)) or st.is_over,
                          value=value, policy=policy, merge=True, max_nodes=max_nodes)


@overload
def escape_score(position: State, side: str, *, policy: Any = ..., max_nodes: int = ...,
                 explain: Literal[False] = ...) -> Fraction: ...
@overload
def escape_score(position: State, side: str, *, policy: Any = ..., max_nodes: int = ...,
                 explain: Literal[True]) -> Derivation[Fraction]: ...
def escape_score(position: State, side: str, *, policy: Any = None,
                 max_nodes: int = _MAX_NODES, explain: bool = False) -> Any:
    """Expected escape stars of ``side``: E[S] with S = ``escape_stars(R)`` (17 + 3 × (6 − R),
    LB-escape) if ``side``'s lantern reaches ESCAPED in round R, and S = 0 if it never does.

    The question, precisely: from ``position`` to the end of the match, every decision
    (of every seat) made by ``policy`` (``(state, player, legal) → choice`` or a mapping
    choice → probability; default: always the first legal choice), the chance being the
    engine's own nodes (loot stacks drawn, goons, guard cards in solitary) — R is the
    round of the escape, and E[S] = Σ_r P(R = r) · escape_stars(r). A side that has
    already escaped scores its recorded round's stars for sure. With ``explain=True``
    the steps list P(R = r) round by round, the "rush" half of the plan's "rush or loot"
    (compare with TOMB's 15 stars at the end). A merged enumeration like
    :func:`guards_first`: ask late in the game, or raise ``max_nodes``.

    Red, two spaces before Deep Gate in round 6 with a lone seeker at a double tunnel,
    steps onto Outflow (a loot space, stack of 2): a Passage token there (LB-R33) carries
    it on to ESCAPED. Keeping a Passage whenever one is offered, P(R = 6) =
    1 − C(24, 2)/C(30, 2) = 53/145, so E[S] = 17 × 53/145:

    >>> from boardlab.lockup_breakout import position
    >>> from boardlab.lockup_breakout.choices import TakeLoot
    >>> def passage_first(state, player, legal):
    ...     return next((c for c in legal if isinstance(c, TakeLoot)
    ...                  and c.token == "Passage" and not c.star), legal[0])
    >>> s = position(players=2, round=6, phase="lightsout", tunnels={6: "double"},
    ...              crews={6: ["red seeker"]}, lanterns={"red": "Sewer"})
    >>> escape_score(s, "red", policy=passage_first)
    Fraction(901, 145)
    >>> escape_score(position(players=2, round=5, lanterns={"red": "ESCAPED"},
    ...                       escaped={"red": 4}), "red")
    Fraction(23, 1)
    """
    state = _position(position, "escape_score")
    who = _side(state, side, "escape_score")
    chooser = _policy(policy, "escape_score")
    limit = whole(max_nodes, "max_nodes", "escape_score", low=1, high=50_000_000)
    explain = _explain(explain, "escape_score")
    from boardlab.prob.exact import first_choice_policy

    dist = _escape_dist(state, who, chooser or first_choice_policy, limit)
    answer = sum((p * (escape_stars(r) if r else 0) for r, p in dist.items()), Fraction(0))
    if not explain:
        return answer
    by_round = [f"round {r}: P(R = {r}) = {p} × {escape_stars(r)} stars"
                for r, p in sorted(dist.items()) if r]
    never = dist.P(0)
    facts = [("escape", "17 stars plus 3 per round still to play, scored at once "
                        "(LB-escape; LB-R34 for the guards)"),
             ("decisions", "every seat chooses by the given policy")]
    if state.setup.solo:
        facts.append(("guard deck", STAND_IN))
    facts.append(("map, loot and goons", STAND_IN))
    return Derivation(f"Expected escape stars of {who}", answer, kind="expectation",
                      facts=facts,
                      steps=("Every chance outcome and every choice of the policy is "
                             "followed through the engine until the lantern reaches "
                             "ESCAPED or the match ends (equal states merged).",
                             *by_round,
                             f"no escape: P = {never} × 0 stars",
                             f"E[stars] = sum of the rounds' terms = {answer}"))


# -- the decks at setup: legend cards, goals, Fungoids (A5.4, A5.12, A5.13) --------------------
_ALIASES = {"easy": "green", "normal": "yellow", "hard": "red"}


def _config(config: Any, function: str) -> Config:
    if config is None:
        return default_config()
    if not isinstance(config, Config):
        raise ArgumentTypeError(f"{function}: config", config,
                                "must be a Lockup: Breakout Config (or None for the stand-in "
                                "data)")
    return config


def _start(config: Config, difficulty: str = "") -> State:
    """The engine's initial state for ``config`` (solitary when a difficulty is given):
    its decks are the piles the chance nodes below draw from. Built once per config."""
    return _started(_key(config), difficulty)


@lru_cache(maxsize=32)
def _started(key: Config | None, difficulty: str) -> State:
    config = default_config() if key is None else key
    return RULES.initial(Setup(players=1 if difficulty else 2, difficulty=difficulty,
                               config=config))


def _at(state: State, frame: Frame, **changes: Any) -> State:
    """``state`` waiting at the chance node ``frame`` (with ``changes`` to its piles)."""
    return state._replace(stack=(*state.stack, frame), **changes)


def _lumped_walk(start: State, frame: Frame, field: str, hit: Callable[[str], bool],
                 draws: int) -> list[dict[int, Fraction]]:
    """Walk ``draws`` successive one-card chance nodes ``frame`` (the engine's
    ``RULES.outcomes``), drawing from the pile ``field`` of ``start``; after draw i,
    the distribution of the number of cards drawn so far for which ``hit(name)`` holds.

    States are lumped by that number: which card of each class left the pile does not
    change the chance of the next (the node's table is count/total per card), so one
    representative pile per number is exact.
    """
    names = {K.LEGEND_DRAW: tables(start.config).legend_names,
             K.GOON_DRAW: tables(start.config).goon_names}[frame.kind]
    frontier: dict[int, tuple[tuple[int, ...], Fraction]] = {0: (getattr(start, field),
                                                                  Fraction(1))}
    history = []
    for _ in range(draws):
        nxt: dict[int, tuple[tuple[int, ...], Fraction]] = {}
        for hits, (pile, p) in frontier.items():
            table = RULES.outcomes(_at(start, frame, **{field: pile}))
            p_hit = sum((q for choice, q in table if hit(choice.card)), Fraction(0))
            for is_hit, q in ((True, p_hit), (False, 1 - p_hit)):
                if not q:
                    continue
                i = next(i for i, name in enumerate(names) if pile[i] and hit(name) == is_hit)
                rest = (*pile[:i], pile[i] - 1, *pile[i + 1:])
                key = hits + is_hit
                old = nxt.get(key, (rest, Fraction(0)))
                nxt[key] = (old[0], old[1] + p * q)
        frontier = nxt
        history.append({k: p for k, (_, p) in frontier.items()})
    return history


def _legend_card(config: Config, card: Any, function: str) -> str:
    names = tables(config).legend_names
    if not isinstance(card, str) or card not in names:
        raise QuestionError(f"{function}: unknown legend card {show_value(card)}; the legend "
                            f"deck holds {', '.join(names)} (LB-R16)")
    return card


def legend_sources(cards: int) -> tuple[int, ...]:
    """Which turn-up of a shuffled legend deck of ``cards`` cards is active in rounds 1–6,
    as the engine plays it: the top card at setup (LB-setup-legend), then at each Patrol
    the active card goes under the deck and the next is turned up (LB-patrol; none after
    round 6, LB-R40). With fewer than six cards the deck goes round and the first cards
    come back in the same order.

    >>> legend_sources(8), legend_sources(4), legend_sources(1)
    ((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 1, 2), (1, 1, 1, 1, 1, 1))
    """
    n = whole(cards, "cards", "legend_sources", low=1, high=None)
    deck, under, active, out = n, [], 0, []
    for r in range(1, ROUNDS + 1):
        if r > 1:
            under.append(active)            # Patrol: the active card goes under the deck
        if deck:                            # flow.reveal_legend: a draw while cards remain
            active, deck = n - deck + 1, deck - 1
        else:                               # … else the card under the deck comes back
            active = under.pop(0)
        out.append(active)
    return tuple(out)


@lru_cache(maxsize=64)
def _legend_turn(config: Config, card: str) -> dict[int, Fraction]:
    """P(``card`` is the k-th legend card turned up), k = 1 … min(L, 6) (the rounds see
    no later turn-up), through the engine's legend node."""
    walk = _lumped_walk(_start(config), Frame(K.LEGEND_DRAW, src="LB-patrol"), "legend_deck",
                        lambda name: name == card, min(len(config.legends), ROUNDS))
    before = Fraction(0)
    out = {}
    for k, step in enumerate(walk, start=1):
        now = step.get(1, Fraction(0))
        out[k] = now - before
        before = now
    return out


def _legend_facts(config: Config) -> list[tuple[str, str]]:
    n = len(config.legends)
    return [("legend deck", f"{n} cards, shuffled; the top card is active in round 1 "
                            "(LB-setup-legend)"),
            ("Patrol", "the active card goes under the deck, the next is turned up "
                       "(LB-patrol); no Patrol after round 6 (LB-R40)"),
            ("legend cards", STAND_IN)]


@overload
def legend_active(card: str, round: int, *, config: Config | None = ...,
                  explain: Literal[False] = ...) -> Fraction: ...
@overload
def legend_active(card: str, round: int, *, config: Config | None = ...,
                  explain: Literal[True]) -> Derivation[Fraction]: ...
def legend_active(card: str, round: int, *, config: Config | None = None,  # noqa: A002
                  explain: bool = False) -> Any:
    """P(the legend card ``card`` is the active legend in round ``round``) (1–6), seen
    from the setup: 1/L for a deck of L cards, in every round.

    The engine turns up one card at setup and one at each Patrol (LB-setup-legend,
    LB-patrol); with L < 6 cards the deck goes round — the active card went under the
    deck, so round L + 1 brings back round 1's card (:func:`legend_sources`): still 1/L
    each round, but no longer a fresh chance. The legend cards are stand-in data.

    >>> legend_active("The Bone Choir", 3)          # eight stand-in cards
    Fraction(1, 8)
    """
    cfg = _config(config, "legend_active")
    name = _legend_card(cfg, card, "legend_active")
    r = whole(round, "round", "legend_active", low=1, high=ROUNDS)
    explain = _explain(explain, "legend_active")
    turn = legend_sources(len(cfg.legends))[r - 1]
    answer = _legend_turn(cfg, name)[turn]
    if not explain:
        return answer
    n = len(cfg.legends)
    how = (f"Round {r}'s card is turn-up {turn}" if turn == r else
           f"The deck of {n} has gone round: round {r}'s card is turn-up {turn} again "
           f"(round {turn}'s card)")
    return Derivation(f"P({name} is the active legend in round {r})", answer,
                      closed_form=answer, facts=_legend_facts(cfg),
                      steps=(how + ".",
                             f"Each turn-up is a draw from the cards not yet turned: "
                             f"P(turn-up {turn} is {name}) = Π(1 − 1/(L − i)) · 1/(L − "
                             f"{turn - 1}) = 1/{n}, walked through the engine's legend "
                             "node."))


@overload
def legend_comes_up(card: str, *, config: Config | None = ...,
                    explain: Literal[False] = ...) -> Fraction: ...
@overload
def legend_comes_up(card: str, *, config: Config | None = ...,
                    explain: Literal[True]) -> Derivation[Fraction]: ...
def legend_comes_up(card: str, *, config: Config | None = None,
                    explain: bool = False) -> Any:
    """P(the legend card ``card`` is active in at least one of the six rounds): 6/L for
    a deck of L ≥ 6 cards (the events "active in round r" are disjoint), 1 for L ≤ 6
    (the deck goes round, :func:`legend_sources`). Stand-in legend cards.

    >>> legend_comes_up("The Bone Choir")
    Fraction(3, 4)
    """
    cfg = _config(config, "legend_comes_up")
    name = _legend_card(cfg, card, "legend_comes_up")
    explain = _explain(explain, "legend_comes_up")
    turns = sorted(set(legend_sources(len(cfg.legends))))
    table = _legend_turn(cfg, name)
    answer = sum((table[k] for k in turns), Fraction(0))
    if not explain:
        return answer
    n = len(cfg.legends)
    return Derivation(f"P({name} is active in at least one of the {ROUNDS} rounds)", answer,
                      closed_form=answer, facts=_legend_facts(cfg),
                      steps=(f"The six rounds show turn-ups {', '.join(map(str, turns))} "
                             f"of the {n} cards (the deck goes round when L < 6).",
                             "A card is one turn-up at most, so these events are disjoint: "
                             f"{len(turns)} × 1/{n} = {answer}."))


def _goon_draws() -> int:
    """Goon cards turned up onto the goon spaces in a match: one per space at setup, one
    per Patrol (rounds 1–5; LB-R11, LB-patrol, LB-R40)."""
    return len(GOON_LOCATIONS) + ROUNDS - 1


def _is_fungoid(config: Config) -> Callable[[str], bool]:
    goons = tables(config).goons
    return lambda name: goons[name].kind == "fungoid"


@lru_cache(maxsize=16)
def _fungoid_walk(config: Config) -> list[dict[int, Fraction]]:
    return _lumped_walk(_start(config), Frame(K.GOON_DRAW, loc=GOON_LOCATIONS[0]),
                        "goon_deck", _is_fungoid(config), _goon_draws())


def _fungoid_question(config: Any, function: str) -> tuple[Config, int, int]:
    cfg = _config(config, function)
    deck = sum(g.count for g in cfg.goons)
    draws = _goon_draws()
    if deck < draws:
        raise QuestionError(f"{function}: the goon deck of this config has {deck} cards, "
                            f"fewer than the {draws} goons turned up in a match: it would "
                            "run out and take back its discards (LB-R42), which this "
                            "question does not follow")
    fungoids = sum(g.count for g in cfg.goons if g.kind == "fungoid")
    return cfg, deck, fungoids


def _fungoid_facts(deck: int, fungoids: int) -> list[tuple[str, str]]:
    return [("goon deck", f"{deck} cards, {fungoids} Fungoid(s) (LB-goon-fungoid)"),
            ("goons turned up", f"{len(GOON_LOCATIONS)} at setup, 1 at each Patrol of rounds "
                                f"1–{ROUNDS - 1}: {_goon_draws()} (LB-R11, LB-patrol, LB-R40)"),
            ("model", "no Shapeshifter chain draws from the deck (LB-goon-shapeshifter)"),
            ("goons", STAND_IN)]


@overload
def fungoids_expected(*, config: Config | None = ...,
                      explain: Literal[False] = ...) -> Fraction: ...
@overload
def fungoids_expected(*, config: Config | None = ...,
                      explain: Literal[True]) -> Derivation[Fraction]: ...
def fungoids_expected(*, config: Config | None = None, explain: bool = False) -> Any:
    """The expected number of Fungoids offered on the goon spaces over the six rounds,
    seen from the setup: the engine turns up one goon per goon space at setup and one at
    each Patrol of rounds 1–5 (no Patrol after round 6, LB-R40), ten draws from the goon
    deck; a Fungoid is discarded at the next Patrol (LB-goon-fungoid), so each drawn is
    offered in one round only. (The plan sketches the Patrol refills alone; the engine's
    five setup draws are offered in round 1 and count too.)

    By linearity, E = Σ P(draw i is a Fungoid) = 10 · f/N — although the draws are not
    independent. Counts goons drawn onto the spaces with no Shapeshifter chain drawing
    from the deck meanwhile; a chain would leave this expectation unchanged (each card
    drawn is still a Fungoid with chance f/N while the deck lasts) but not
    :func:`fungoid_offered`. Stand-in goon deck (20 cards, 2 Fungoids):

    >>> fungoids_expected()
    Fraction(1, 1)
    """
    cfg, deck, fungoids = _fungoid_question(config, "fungoids_expected")
    explain = _explain(explain, "fungoids_expected")
    walk = _fungoid_walk(cfg)
    # P(draw i is a Fungoid) = E[hits after i] − E[hits after i − 1], draw by draw.
    means = [sum((k * p for k, p in step.items()), Fraction(0)) for step in walk]
    marginals = [b - a for a, b in zip([Fraction(0), *means], means, strict=False)]
    answer = sum(marginals, Fraction(0))
    if not explain:
        return answer
    from sympy import Rational

    return Derivation("Expected number of Fungoids offered over the six rounds", answer,
                      kind="expectation",
                      closed_form=_goon_draws() * Rational(fungoids, deck),
                      facts=_fungoid_facts(deck, fungoids),
                      steps=("Draw by draw, through the engine's goon node: P(a Fungoid) = "
                             + ", ".join(str(p) for p in marginals) + ".",
                             "Each draw is a Fungoid with the same chance f/N "
                             f"= {fungoids}/{deck} (exchangeability), though the draws are "
                             "dependent; linearity of expectation needs no independence: "
                             f"E = {_goon_draws()} × {fungoids}/{deck} = {answer}."))


@overload
def fungoid_offered(*, config: Config | None = ...,
                    explain: Literal[False] = ...) -> Fraction: ...
@overload
def fungoid_offered(*, config: Config | None = ...,
                    explain: Literal[True]) -> Derivation[Fraction]: ...
def fungoid_offered(*, config: Config | None = None, explain: bool = False) -> Any:
    """P(at least one Fungoid is offered on the goon spaces over the six rounds), the
    same ten draws as :func:`fungoids_expected`: the complement of "none among them",
    1 − C(N − f, 10)/C(N, 10). Stand-in goon deck:

    >>> fungoid_offered()               # 1 − C(18, 10)/C(20, 10)
    Fraction(29, 38)
    """
    cfg, deck, fungoids = _fungoid_question(config, "fungoid_offered")
    explain = _explain(explain, "fungoid_offered")
    none = _fungoid_walk(cfg)[-1].get(0, Fraction(0))
    answer = 1 - none
    if not explain:
        return answer
    from sympy import binomial

    k = _goon_draws()
    return Derivation("P(at least one Fungoid is offered over the six rounds)", answer,
                      closed_form=1 - binomial(deck - fungoids, k) / binomial(deck, k),
                      facts=_fungoid_facts(deck, fungoids),
                      steps=(f"Complement: none of the {k} goons turned up is a Fungoid, "
                             f"C({deck - fungoids}, {k}) / C({deck}, {k}) = {none} "
                             "(drawn without replacement, walked through the engine's "
                             "goon node).",
                             f"P(at least one) = 1 − {none} = {answer}."))


@overload
def goal_public(goal: str = ..., *, config: Config | None = ...,
                explain: Literal[False] = ...) -> Fraction: ...
@overload
def goal_public(goal: str = ..., *, config: Config | None = ...,
                explain: Literal[True]) -> Derivation[Fraction]: ...
def goal_public(goal: str = "Explorer", *, config: Config | None = None,
                explain: bool = False) -> Any:
    """P(the goal card ``goal`` is among the public goals drawn at setup): k/G for k
    goals drawn (two, LB-R14) from a deck of G (the engine's goal node). Stand-in goals:

    >>> goal_public()                  # 2 of the 5 stand-in goals
    Fraction(2, 5)
    """
    cfg = _config(config, "goal_public")
    names = tables(cfg).goal_names
    if not isinstance(goal, str) or goal not in names:
        raise QuestionError(f"goal_public: unknown goal {show_value(goal)}; the goal deck "
                            f"holds {', '.join(names)} (LB-R14)")
    explain = _explain(explain, "goal_public")
    deck, k = len(names), cfg.goals_drawn
    if k:
        check_limit("goal_public", "outcomes", comb(deck, k), "possible sets of goals")
        table = RULES.outcomes(_at(_start(cfg), Frame(K.GOALS_DRAW, n=k)))
        hits = [choice for choice, _ in table if goal in choice.cards]
        answer = sum((p for choice, p in table if goal in choice.cards), Fraction(0))
        total = len(table)
    else:                       # the engine pushes no goal node: no public goal
        hits, answer, total = [], Fraction(0), 1
    if not explain:
        return answer
    from sympy import Rational

    # Every set of k distinct goals is equally likely (one card of each), so the count is
    # over sets, not ordered draws: the derivation says so in its outcome space.
    counted: dict[str, Any] = dict(favourable=len(hits), total=total,
                                   space=f"sets of {k} goals") if k else {}
    return Derivation(f"P({goal} is among the {k} public goals)", answer,
                      closed_form=Rational(k, deck), **counted,
                      facts=(("goal deck", f"{deck} goal cards, {k} drawn at setup (LB-R14)"),
                             ("goals", STAND_IN)),
                      steps=(f"The engine's goal node lists the C({deck}, {k}) = {total} "
                             f"equally likely sets of {k} goals; {len(hits)} hold {goal}.",
                             f"C({deck - 1}, {k - 1}) / C({deck}, {k}) = {k}/{deck}: a "
                             "hypergeometric warm-up." if k else
                             "This config draws no public goal."))


# -- solitary: the guard deck (A5.7, A5.8) -----------------------------------------------------
def _difficulty(config: Config, difficulty: Any, function: str) -> str:
    colours = [lv.colour for lv in config.guard_levels]
    colour = _ALIASES.get(difficulty, difficulty) if isinstance(difficulty, str) else difficulty
    if not isinstance(colour, str) or colour not in colours:
        raise QuestionError(f"{function}: unknown difficulty {show_value(difficulty)}; one "
                            f"of {', '.join(colours)} (LB-solo-setup)")
    return colour


def _strength(value: Any, name: str, function: str) -> int:
    return whole(value, name, function, low=0, high=None)


def _guard_facts(config: Config, difficulty: str) -> list[tuple[str, str]]:
    return [("guard deck", f"8 blue and 6 {difficulty} cards, shuffled each Roll Call: one "
                           "face down on each of locations 1–7 and an eighth on the legend "
                           "card (LB-solo-setup, LB-solo-rollcall)"),
            ("guard cards", STAND_IN)]


def _guard_strengths(state: State) -> dict[str, int]:
    return {name: card.strength for name, card in tables(state.config).guard_cards.items()}


def _guards_take_tunnel(card: int, mine: int) -> bool:
    """The guards are strongest at a tunnel location and advance: a card of strength ≥ 1
    above the player's crew (LB-solo-tunnel-guards; a tie goes to the player, LB-R25)."""
    return card >= 1 and card > mine


@overload
def guards_win_both(strengths: Sequence[int], difficulty: str = ..., *,
                    config: Config | None = ..., explain: Literal[False] = ...) -> Fraction: ...
@overload
def guards_win_both(strengths: Sequence[int], difficulty: str = ..., *,
                    config: Config | None = ...,
                    explain: Literal[True]) -> Derivation[Fraction]: ...
def guards_win_both(strengths: Sequence[int], difficulty: str = "yellow", *,
                    config: Config | None = None, explain: bool = False) -> Any:
    """Solitary: P(the guards win both of my two tunnel locations), my crew strengths
    there being ``strengths`` = (s₁, s₂): the guards win a tunnel location when its guard
    card is stronger (LB-solo-tunnel-guards; a tie is mine, LB-R25). The two cards come
    from one shuffled deck (the engine deals each location's card from the cards left),
    so the joint is not the product of the marginals; ``explain=True`` shows both. Any
    two locations give the same answer (exchangeability). Stand-in guard cards:

    >>> guards_win_both((2, 2), "green")      # 4/14 each, 4·3/(14·13) together
    Fraction(6, 91)
    >>> d = guards_win_both((2, 2), "green", explain=True)
    >>> d.answer, "against the product 4/49" in d.steps[-1]
    (Fraction(6, 91), True)
    """
    if isinstance(strengths, (str, bytes)) or not isinstance(strengths, Sequence) \
            or len(strengths) != 2:
        raise ArgumentTypeError("guards_win_both: strengths", strengths,
                                "must be two crew strengths (s1, s2), one per tunnel location")
    mine = tuple(_strength(s, "strengths", "guards_win_both") for s in strengths)
    cfg = _config(config, "guards_win_both")
    colour = _difficulty(cfg, difficulty, "guards_win_both")
    explain = _explain(explain, "guards_win_both")
    answer, marginals = _guards_both(_key(cfg), colour, mine)
    if not explain:
        return answer
    start = _start(cfg, colour)
    power = _guard_strengths(start)
    deck = sum(_guard_deck(start).values())
    a, b = (m * deck for m in marginals)
    both = sum(n for name, n in _guard_deck(start).items()
               if _guards_take_tunnel(power[name], max(mine)))
    from sympy import Rational

    product_ = marginals[0] * marginals[1]
    return Derivation(f"P(the guards win both tunnel locations, my crews {mine[0]} and "
                      f"{mine[1]})", answer,
                      closed_form=Rational(int(a) * int(b) - both, deck * (deck - 1)),
                      facts=[*_guard_facts(cfg, colour),
                             ("guards win", "a card stronger than my crew there "
                                            "(LB-solo-tunnel-guards, LB-R25)")],
                      steps=(f"Marginals: {a} of the {deck} cards beat {mine[0]}, {b} beat "
                             f"{mine[1]} ({marginals[0]} and {marginals[1]}); {both} beat "
                             "both.",
                             f"Joint, dealing without replacement: ({a}·{b} − {both}) / "
                             f"({deck}·{deck - 1}) = {answer}.",
                             f"Joint {answer} against the product {product_} of the "
                             f"marginals: the second card is dealt from the {deck - 1} "
                             "left, so knowing the first changes it."))


def _key(config: Config) -> Config | None:
    """``config`` as a cache key: ``None`` for the stand-in data, whose hash (every table,
    about 30 µs) would cost more than the question it looks up."""
    return None if config is default_config() else config


@lru_cache(maxsize=256)
def _guards_both(key: Config | None, colour: str, mine: tuple[int, ...]
                 ) -> tuple[Fraction, tuple[Fraction, ...]]:
    """:func:`guards_win_both` for checked arguments: the joint and the two marginals."""
    start = _start(default_config() if key is None else key, colour)
    power = _guard_strengths(start)
    # Locations 1 and 2: the engine deals location 1's card, then location 2's from the rest.
    first = RULES.outcomes(_at(start, Frame(K.GUARD_CARD, loc=1)))
    marginals = tuple(sum((p for c, p in first if _guards_take_tunnel(power[c.card], s)),
                          Fraction(0)) for s in mine)
    answer = Fraction(0)
    for c1, p1 in first:
        if not _guards_take_tunnel(power[c1.card], mine[0]):
            continue
        cards = ("", c1.card, *start.guard_cards[2:])
        second = RULES.outcomes(_at(start, Frame(K.GUARD_CARD, loc=2), guard_cards=cards))
        answer += p1 * sum((p for c, p in second
                            if _guards_take_tunnel(power[c.card], mine[1])), Fraction(0))
    return answer, marginals


def _guard_deck(state: State) -> dict[str, int]:
    """The solitary guard deck of ``state``'s difficulty: name → copies."""
    t = tables(state.config)
    return {name: n for name, n in zip(t.guard_names, t.guard_deck[state.setup.difficulty],
                                       strict=True) if n}


def _seen_cards(state: State, seen: Any, function: str) -> tuple[str, ...]:
    if isinstance(seen, (str, bytes)) or not isinstance(seen, Iterable):
        raise ArgumentTypeError(f"{function}: seen", seen,
                                "must be a list of guard card names already turned up")
    cards = tuple(islice(seen, 8))
    if len(cards) > 7:
        raise QuestionError(f"{function}: seen: at most the 7 location cards are turned up "
                            "before the legend card's (LB-solo-rollcall)")
    deck = _guard_deck(state)
    left = dict(deck)
    for card in cards:
        if not isinstance(card, str) or card not in deck:
            raise QuestionError(f"{function}: seen: {show_value(card)} is not a card of the "
                                f"{state.setup.difficulty} guard deck ({', '.join(deck)}; "
                                "LB-solo-setup)")
        if not left[card]:
            raise QuestionError(f"{function}: seen: {card} is listed more times than the "
                                f"deck holds it ({deck[card]})")
        left[card] -= 1
    return cards


def _legend_beats(state: State, seen: tuple[str, ...], mine: int) -> tuple[Fraction, int, int]:
    """P(the legend card's guard card is stronger than ``mine``) after ``seen``, from the
    engine's guard-card node at the legend; with the beating and unseen card counts."""
    cards = (*("",), *seen, *("",) * (7 - len(seen)))
    table = RULES.outcomes(_at(state, Frame(K.GUARD_CARD, loc=LEGEND), guard_cards=cards))
    power = _guard_strengths(state)
    p = sum((q for c, q in table if power[c.card] > mine), Fraction(0))
    left = sum(_guard_deck(state).values()) - len(seen)
    return p, int(p * left), left


@lru_cache(maxsize=256)
def _legend_beats_of(key: Config | None, colour: str, seen: tuple[str, ...],
                     mine: int) -> tuple[Fraction, int, int]:
    """:func:`_legend_beats` of checked arguments, once per question."""
    return _legend_beats(_start(default_config() if key is None else key, colour), seen, mine)


@overload
def legend_guard_beats(strength: int, difficulty: str = ..., *, seen: Iterable[str] = ...,
                       config: Config | None = ...,
                       explain: Literal[False] = ...) -> Fraction: ...
@overload
def legend_guard_beats(strength: int, difficulty: str = ..., *, seen: Iterable[str] = ...,
                       config: Config | None = ...,
                       explain: Literal[True]) -> Derivation[Fraction]: ...
def legend_guard_beats(strength: int, difficulty: str = "yellow", *,
                       seen: Iterable[str] = (), config: Config | None = None,
                       explain: bool = False) -> Any:
    """Solitary: P(the hidden eighth guard card, on the legend card, beats my legend token
    of ``strength``) — the guards are strongest there (they always take part at the
    legend, LB-R39; a tie ranks them last, LB-R4; a seeker counts 1 there, LB-R30).

    With ``seen`` empty it is the chance before Lights Out, (# cards > s)/14; ``seen``
    lists the location cards already turned up (up to seven: the engine deals the
    legend's card last, LB-solo-rollcall) and the answer is conditional on them,
    (# unseen cards > s)/(14 − k). ``explain=True`` shows both. Stand-in guard cards:

    >>> legend_guard_beats(2, "green")                 # 4 of the 14 cards beat a 2
    Fraction(2, 7)
    >>> legend_guard_beats(2, "green", seen=["blue 3", "blue 4", "blue 3 seeker",
    ...     "blue 1", "blue 1", "green 0", "green 0"])  # three of the four beaters seen
    Fraction(1, 7)
    """
    mine = _strength(strength, "strength", "legend_guard_beats")
    cfg = _config(config, "legend_guard_beats")
    colour = _difficulty(cfg, difficulty, "legend_guard_beats")
    state = _start(cfg, colour)
    cards = _seen_cards(state, seen, "legend_guard_beats")
    explain = _explain(explain, "legend_guard_beats")
    answer, beat, left = _legend_beats_of(_key(cfg), colour, cards, mine)
    if not explain:
        return answer
    before, beat0, deck = _legend_beats(state, (), mine)
    steps = [f"Before any card is seen: {beat0} of the {deck} cards are stronger than "
             f"{mine}, P = {before}."]
    if cards:
        steps += [f"Seen on the locations: {', '.join(cards)}.",
                  f"After them: {beat} of the {left} unseen cards are stronger, P = "
                  f"{answer} — the same card, updated on evidence."]
    return Derivation(f"P(the guard card on the legend beats my legend token of {mine})",
                      answer,
                      facts=[*_guard_facts(cfg, colour),
                             ("legend", "the guards always take part at the legend "
                                        "(LB-R39) and are strongest with a card stronger "
                                        "than my token: a tie ranks them last (LB-R4); "
                                        "their reward becomes stars (LB-solo-legend)")],
                      steps=steps)


# What a board's odds panel shows (its own module, read with the others as odds.live_odds).
from boardlab.lockup_breakout.live import live_odds  # noqa: E402
