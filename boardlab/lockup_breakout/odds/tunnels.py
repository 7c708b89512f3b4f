"""Tunnel layouts (question A5.1–2: facts of the text)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, overload

from boardlab.core.errors import QuestionError, show_value
from boardlab.lockup_breakout.config import (
    TUNNEL_KINDS,
    TUNNEL_SETS,
)
from boardlab.lockup_breakout.odds.edge import _LOCATIONS, _explain, _locations, _players
from boardlab.lockup_breakout.rules import tunnel_outcomes
from boardlab.prob.checks import flag
from boardlab.prob.derivation import Derivation

__all__ = ["tunnel_among", "tunnel_at", "tunnel_layouts"]


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
