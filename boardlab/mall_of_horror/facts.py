"""The position queries as ``moh`` exports them: the same answers, arguments checked.

:mod:`boardlab.mall_of_horror.queries` is the one source of each fact; the rules call it
on every step with positions they made, so it trusts its arguments. A user of ``moh``
may pass anything: each function here checks the position (a ``moh.State`` of sound
shape, or a ``moh.View`` from :func:`~boardlab.mall_of_horror.observe.observe`), the
location (an integer 1–6, not a bool) and the colour (a seat of that position), refusing
with a boardlab error that names the argument, then asks the query.

>>> from boardlab.mall_of_horror.position import position
>>> s = position(characters={6: ["red toughguy", "blue pinup"]})
>>> defence(s, 6), scores(s)["red"]
(3, 5)
>>> defence(s, 7)
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentError: location: expected a location 1–6 (got 7)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.core.validate import name, whole
from boardlab.mall_of_horror import queries
from boardlab.mall_of_horror.config import LOCATIONS, Config
from boardlab.mall_of_horror.invariants import sound_state
from boardlab.mall_of_horror.observe import View
from boardlab.mall_of_horror.state import State

__all__ = ["break_in_threshold", "characters_at", "defence", "destination_options",
           "eligible_colours", "end_reason", "extra_zombies", "is_open", "location_label",
           "scores", "turn_order", "under_attack", "vote_weights"]


def _pos(pos: Any) -> State | View:
    """A View as observe() made it, or a State whose fields have the right shape."""
    if isinstance(pos, View):
        return pos
    if not isinstance(pos, State):
        raise ArgumentTypeError("pos", pos, "expected a moh.State or a moh.View")
    return sound_state(pos, "pos", facts=False)


def _location(location: Any) -> int:
    loc = whole(location, "location")
    if loc not in LOCATIONS:
        raise ArgumentError("location", location, "expected a location 1–6")
    return loc


def characters_at(pos: Any, location: Any) -> tuple[tuple[str, str], ...]:
    """:func:`boardlab.mall_of_horror.queries.characters_at`, arguments checked."""
    return queries.characters_at(_pos(pos), _location(location))


def is_open(pos: Any, location: Any) -> bool:
    """:func:`boardlab.mall_of_horror.queries.is_open`, arguments checked."""
    return queries.is_open(_pos(pos), _location(location))


def defence(pos: Any, location: Any) -> int:
    """:func:`boardlab.mall_of_horror.queries.defence`, arguments checked."""
    return queries.defence(_pos(pos), _location(location))


def break_in_threshold(pos: Any, location: Any, *, arriving: Any = 0) -> int:
    """:func:`boardlab.mall_of_horror.queries.break_in_threshold`, arguments checked
    (``arriving`` is a count, 0 or more)."""
    n = whole(arriving, "arriving")
    if n < 0:
        raise ArgumentError("arriving", arriving, "expected a count of 0 or more")
    return queries.break_in_threshold(_pos(pos), _location(location), arriving=n)


def turn_order(pos: Any) -> tuple[str, ...]:
    """:func:`boardlab.mall_of_horror.queries.turn_order`, argument checked."""
    return queries.turn_order(_pos(pos))


def eligible_colours(pos: Any, location: Any) -> tuple[str, ...]:
    """:func:`boardlab.mall_of_horror.queries.eligible_colours`, arguments checked."""
    return queries.eligible_colours(_pos(pos), _location(location))


def vote_weights(pos: Any, location: Any,
                 threats: Any = ()) -> tuple[tuple[str, int], ...]:
    """:func:`boardlab.mall_of_horror.queries.vote_weights`, arguments checked:
    ``threats`` are ``(colour, count)`` pairs, each colour one that may be chosen there
    (MoH-voting-threat), each count 0 or more."""
    checked = _pos(pos)
    loc = _location(location)
    if isinstance(threats, (str, bytes)) or not isinstance(threats, Iterable):
        raise ArgumentTypeError("threats", threats, "expected (colour, count) pairs")
    eligible = queries.eligible_colours(checked, loc)
    pairs = []
    for i, pair in enumerate(threats):
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise ArgumentTypeError(f"threats[{i}]", pair, "expected a (colour, count) pair")
        colour = name(pair[0], f"threats[{i}]", eligible, what="colour voting there",
                      rule="MoH-voting-threat")
        n = whole(pair[1], f"threats[{i}]")
        if n < 0:
            raise ArgumentError(f"threats[{i}]", pair, "expected a count of 0 or more")
        pairs.append((colour, n))
    return queries.vote_weights(checked, loc, pairs)


def destination_options(pos: Any, colour: Any) -> tuple[int, ...]:
    """:func:`boardlab.mall_of_horror.queries.destination_options`, arguments checked."""
    checked = _pos(pos)
    name(colour, "colour", checked.setup.colours, what="colour", rule="MoH-R3")
    return queries.destination_options(checked, colour)


def scores(pos: Any) -> dict[str, int]:
    """:func:`boardlab.mall_of_horror.queries.scores`, argument checked."""
    return queries.scores(_pos(pos))


def end_reason(pos: Any) -> str | None:
    """:func:`boardlab.mall_of_horror.queries.end_reason`, argument checked."""
    return queries.end_reason(_pos(pos))


def extra_zombies(pos: Any) -> dict[int, int]:
    """:func:`boardlab.mall_of_horror.queries.extra_zombies`, argument checked."""
    return queries.extra_zombies(_pos(pos))


def under_attack(pos: Any, *, with_extra_zombies: Any = False) -> tuple[int, ...]:
    """:func:`boardlab.mall_of_horror.queries.under_attack`, arguments checked."""
    if not isinstance(with_extra_zombies, bool):
        raise ArgumentTypeError("with_extra_zombies", with_extra_zombies, "expected a bool")
    return queries.under_attack(_pos(pos), with_extra_zombies=with_extra_zombies)


def location_label(config: Any, location: Any) -> str:
    """:func:`boardlab.mall_of_horror.queries.location_label`, arguments checked."""
    if not isinstance(config, Config):
        raise ArgumentTypeError("config", config, "expected a moh.Config")
    return queries.location_label(config, _location(location))
